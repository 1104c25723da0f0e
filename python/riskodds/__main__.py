"""python3 -m riskodds ARGS: the riskodds program's command line, run by
the program itself (this module execs it), so that a Python user has
the command line with the package.

The program is, in this order: $RISKODDS when set (the only choice
then); the one beside the library the package loaded (LIBDIR/../bin,
as make install puts them, or src/riskodds in a build tree); the first
riskodds on PATH.  Without one: a message naming what was tried, and
exit status 127.
"""

import os
import shutil
import subprocess
import sys

from . import _lib


def _beside_library():
    """The programs that go with the library the package loaded."""
    where = _lib.library_path
    if where and os.sep not in where:
        # A bare soname (find_library): the loaded file is in the
        # process's map.
        where = _mapped(where)
    if not where:
        return []
    libdir = os.path.dirname(os.path.realpath(where))
    return [os.path.join(libdir, os.pardir, "bin", "riskodds"),
            # the build tree: src/libriskodds/.libs beside src/riskodds
            os.path.join(libdir, os.pardir, os.pardir, "riskodds",
                         "riskodds")]


def _mapped(soname):
    try:
        with open("/proc/self/maps") as maps:
            for line in maps:
                f = line.split(None, 5)
                if len(f) == 6 and os.path.basename(f[5].strip()) == soname:
                    return f[5].strip()
    except OSError:
        pass
    return None


def find_program():
    """(path of the riskodds program or None, what was tried)."""
    env = os.environ.get("RISKODDS")
    if env:
        ok = os.path.isfile(env) and os.access(env, os.X_OK)
        return (env if ok else None), ["RISKODDS=" + env]
    tried = []
    for p in _beside_library():
        p = os.path.normpath(p)
        if os.path.isfile(p) and os.access(p, os.X_OK):
            return p, tried
        tried.append(p)
    p = shutil.which("riskodds")
    if p:
        return p, tried
    tried.append("riskodds on PATH")
    return None, tried


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    prog, tried = find_program()
    if prog is None:
        sys.stderr.write(
            "python -m riskodds: no riskodds program found (tried: %s);"
            " install riskodds (make install) or set RISKODDS to the"
            " program's path\n" % ", ".join(tried))
        return 127
    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "posix":
        os.execv(prog, [prog] + list(argv))
    return subprocess.call([prog] + list(argv))


if __name__ == "__main__":
    sys.exit(main())
