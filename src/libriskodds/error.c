/* error.c -- messages for the library's status codes, and its version */

#include <config.h>

#include "riskodds.h"

const char *
ro_strerror (int code)
{
  switch (code)
    {
    case RO_OK:
      return "success";
    case RO_EINVAL:
      return "argument out of range";
    case RO_ERANGE:
      return "number too large";
    case RO_ENOMEM:
      return "not enough memory for this computation";
    case RO_ERULES:
      return "invalid or unsupported rule set";
    default:
      return "unknown error";
    }
}

const char *
ro_get_version (void)
{
  return PACKAGE_VERSION;
}
