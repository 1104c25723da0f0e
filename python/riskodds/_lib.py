"""_lib.py -- libriskodds and GMP through ctypes: loading, C types, rationals.

Every structure below mirrors include/riskodds.h (or gmp.h) field by
field; enums are C ints.  tests/python.test compares their sizes and
offsets with the C compiler's, so a field added to the header without
its twin here fails make check instead of corrupting memory.
"""

import ctypes
import ctypes.util
import os
from fractions import Fraction

# ------------------------------------------------------------------ #
# Loading                                                            #
# ------------------------------------------------------------------ #


def _pkg_config_libdir():
    """The libdir of pkg-config's riskodds.pc, or None (no pkg-config,
    no riskodds.pc)."""
    import subprocess
    try:
        out = subprocess.run(["pkg-config", "--variable=libdir", "riskodds"],
                             stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    libdir = out.stdout.decode("utf-8", "replace").strip()
    return libdir if out.returncode == 0 and libdir else None


def _candidates():
    """Where the library may be, in the order tried: (path or None,
    what it is), a None path for a way that named no file."""
    env = os.environ.get("RISKODDS_LIBRARY")
    if env:
        # An explicit choice is the only one: falling back to another
        # library would hide a mistake in it.
        yield env, "RISKODDS_LIBRARY"
        return
    try:
        from . import _config          # written by make install
        yield (os.path.join(_config.LIBDIR, _config.DLNAME),
               "make install's _config.py")
    except ImportError:
        pass
    # An uninstalled build tree: python/riskodds beside
    # src/libriskodds/.libs.
    here = os.path.dirname(os.path.abspath(__file__))
    src = os.path.join(here, os.pardir, os.pardir, "src", "libriskodds")
    if os.path.isdir(src):
        yield (os.path.normpath(os.path.join(src, ".libs", "libriskodds.so")),
               "the build tree")
    yield (ctypes.util.find_library("riskodds"),
           "ctypes.util.find_library('riskodds')")
    libdir = _pkg_config_libdir()
    yield (os.path.join(libdir, "libriskodds.so") if libdir else None,
           "pkg-config riskodds's libdir")


# The file the library was loaded from (a path, or the bare soname
# find_library gave); python -m riskodds looks for the program beside it.
library_path = None


def _load():
    global library_path
    tried = []
    for where, what in _candidates():
        if where is None:
            tried.append("%s: not found" % what)
            continue
        # A bare soname from find_library has no directory: the dynamic
        # loader's search finds it.
        if os.sep in where and not os.path.exists(where):
            tried.append("%s: %s: no such file" % (what, where))
            continue
        try:
            loaded = ctypes.CDLL(where)
        except OSError as e:
            tried.append("%s: %s" % (what, e))
            continue
        library_path = where
        return loaded
    raise ImportError(
        "riskodds: libriskodds not found.  Install it (make install in"
        " riskodds's source tree) where the dynamic loader or pkg-config"
        " finds it, or set RISKODDS_LIBRARY to the path of"
        " libriskodds.so.  Tried: %s" % "; ".join(tried))


lib = _load()


def _gmp_function(name):
    """GMP's function NAME (its real symbol, __gmpq_init for mpq_init):
    from libriskodds's own dependencies first, so that the library and
    this module share one GMP."""
    try:
        return getattr(lib, name)
    except AttributeError:
        pass
    gmp = ctypes.CDLL(ctypes.util.find_library("gmp") or "libgmp.so.10")
    return getattr(gmp, name)


# ------------------------------------------------------------------ #
# GMP's types                                                        #
# ------------------------------------------------------------------ #


class mpz(ctypes.Structure):
    _fields_ = [("alloc", ctypes.c_int),
                ("size", ctypes.c_int),
                ("d", ctypes.c_void_p)]


class mpq(ctypes.Structure):
    _fields_ = [("num", mpz), ("den", mpz)]


mpz_p = ctypes.POINTER(mpz)
mpq_p = ctypes.POINTER(mpq)


def _fn(f, restype, *argtypes):
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


mpq_init = _fn(_gmp_function("__gmpq_init"), None, mpq_p)
mpq_clear = _fn(_gmp_function("__gmpq_clear"), None, mpq_p)
mpq_set_str = _fn(_gmp_function("__gmpq_set_str"), ctypes.c_int, mpq_p,
                  ctypes.c_char_p, ctypes.c_int)
mpq_canonicalize = _fn(_gmp_function("__gmpq_canonicalize"), None, mpq_p)
mpz_init = _fn(_gmp_function("__gmpz_init"), None, mpz_p)
mpz_clear = _fn(_gmp_function("__gmpz_clear"), None, mpz_p)
mpz_sizeinbase = _fn(_gmp_function("__gmpz_sizeinbase"), ctypes.c_size_t,
                     mpz_p, ctypes.c_int)
mpz_get_str = _fn(_gmp_function("__gmpz_get_str"), ctypes.c_char_p,
                  ctypes.c_char_p, ctypes.c_int, mpz_p)


def mpz_to_int(z):
    """The exact integer of mpz Z (a structure or a pointer to one).
    Through base 16, which Python reads in linear time and without the
    limit it puts on decimal strings (sys.set_int_max_str_digits): an
    exact P(win) easily has more than 4300 digits."""
    p = ctypes.byref(z) if isinstance(z, mpz) else z
    buf = ctypes.create_string_buffer(mpz_sizeinbase(p, 16) + 2)
    mpz_get_str(buf, 16, p)
    return int(buf.value, 16)


def mpq_to_fraction(q):
    """The exact Fraction of mpq Q (a structure or a pointer)."""
    s = q if isinstance(q, mpq) else q.contents
    num, den = mpz_to_int(s.num), mpz_to_int(s.den)
    # The library's rationals are canonical; Fraction need not reduce.
    return Fraction(num, den, _normalize=False) if _FAST else \
        Fraction(num, den)


try:
    Fraction(1, 2, _normalize=False)
    _FAST = True
except TypeError:                       # Python 3.12 dropped the flag
    _FAST = False


def mpq_set_fraction(q, x):
    """Set mpq Q (a structure) to the Fraction or int X, exactly."""
    x = Fraction(x)
    text = "%x/%x" % (x.numerator, x.denominator)
    if mpq_set_str(ctypes.byref(q), text.encode("ascii"), 16) != 0:
        raise ValueError("cannot convert %r to a GMP rational" % (x,))
    mpq_canonicalize(ctypes.byref(q))


class Mpq:
    """An initialised mpq_t for the span of a with block."""

    def __init__(self):
        self.q = mpq()

    def __enter__(self):
        mpq_init(ctypes.byref(self.q))
        return self.q

    def __exit__(self, *exc):
        mpq_clear(ctypes.byref(self.q))
        return False


# ------------------------------------------------------------------ #
# libriskodds's types (include/riskodds.h)                           #
# ------------------------------------------------------------------ #

RO_OK = 0
RO_EINVAL = -1
RO_ERANGE = -2
RO_ENOMEM = -3
RO_ERULES = -4
RO_DICE_MAX = 5
RO_BONUS_DICE_ALL = RO_DICE_MAX
RO_ARMIES_MAX = 100000000


class ro_rules_t(ctypes.Structure):
    _fields_ = [("attack_sides", ctypes.c_uint),
                ("defend_sides", ctypes.c_uint),
                ("attack_dice", ctypes.c_uint),
                ("defend_dice", ctypes.c_uint),
                ("attack_bonus", ctypes.c_int),
                ("defend_bonus", ctypes.c_int),
                ("attack_bonus_dice", ctypes.c_uint),
                ("defend_bonus_dice", ctypes.c_uint),
                ("clamp", ctypes.c_int),
                ("ties", ctypes.c_int),         # ro_ties_t
                ("count", ctypes.c_int),        # ro_count_t
                ("stop", ctypes.c_ulong),
                ("goal", ctypes.c_ulong),
                ("defender", ctypes.c_int),     # ro_defender_t
                ("attacker", ctypes.c_int),     # ro_attacker_t
                ("attack_commanders", ctypes.c_ulong),
                ("defend_commanders", ctypes.c_ulong),
                ("defend_station", ctypes.c_int)]


class ro_round_t(ctypes.Structure):
    _fields_ = [("attack_dice", ctypes.c_uint),
                ("defend_dice", ctypes.c_uint),
                ("comparisons", ctypes.c_uint),
                ("total", mpz),
                ("count", mpz * (RO_DICE_MAX + 1))]


class ro_outcome_t(ctypes.Structure):
    _fields_ = [("won", ctypes.c_int),
                ("unresolved", ctypes.c_int),
                ("attackers", ctypes.c_ulong),
                ("defenders", ctypes.c_ulong),
                ("p", mpq)]


class ro_dist_t(ctypes.Structure):
    _fields_ = [("n", ctypes.c_size_t),
                ("outcome", ctypes.POINTER(ro_outcome_t)),
                ("win", mpq),
                ("unresolved", mpq)]


class ro_stats_t(ctypes.Structure):
    _fields_ = [("has", ctypes.c_int * 3),
                ("attackers_left", mpq * 3),
                ("attackers_left_var", mpq * 3),
                ("defenders_left", mpq * 3),
                ("defenders_left_var", mpq * 3),
                ("attackers_lost", mpq * 3),
                ("defenders_lost", mpq * 3)]


class ro_number_t(ctypes.Structure):
    _fields_ = [("value", mpq), ("ulp", mpq)]


class ro_judgement_t(ctypes.Structure):
    _fields_ = [("agree", ctypes.c_int),
                ("error", mpq),
                ("ulps", mpq)]


class ro_chain_stop_t(ctypes.Structure):
    _fields_ = [("territory", ctypes.c_size_t),
                ("attackers", ctypes.c_ulong),
                ("defenders", ctypes.c_ulong),
                ("p", mpq),
                ("unresolved", ctypes.c_int)]


class ro_chain_t(ctypes.Structure):
    _fields_ = [("k", ctypes.c_size_t),
                ("taken", ctypes.POINTER(mpq)),
                ("n_armies", ctypes.c_size_t),
                ("armies", ctypes.POINTER(ctypes.c_ulong)),
                ("armies_p", ctypes.POINTER(mpq)),
                ("n_stops", ctypes.c_size_t),
                ("stop", ctypes.POINTER(ro_chain_stop_t)),
                ("unresolved", ctypes.POINTER(mpq))]


class ro_chain_stats_t(ctypes.Structure):
    _fields_ = [("taken", mpq), ("taken_var", mpq),
                ("attackers_lost", mpq), ("attackers_lost_var", mpq),
                ("defenders_lost", mpq), ("defenders_lost_var", mpq)]


class ro_split_t(ctypes.Structure):
    _fields_ = [("d", ctypes.POINTER(ctypes.c_ulong)),
                ("at_least", ctypes.POINTER(mpq))]


class ro_fortify_t(ctypes.Structure):
    _fields_ = [("k", ctypes.c_size_t),
                ("total", ctypes.c_ulong),
                ("n", ctypes.c_size_t),
                ("split", ctypes.POINTER(ro_split_t))]


class ro_edition_t(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p),
                ("title", ctypes.c_char_p),
                ("options", ctypes.c_char_p),
                ("source", ctypes.c_char_p)]


RO_SCOPE_BATTLE = 0
RO_SCOPE_CHAIN = 1
RO_FORTIFY_MAX = 100000

# The structures tests/python.test compares with the compiler's layout.
STRUCTS = {"ro_rules_t": ro_rules_t, "ro_round_t": ro_round_t,
           "ro_outcome_t": ro_outcome_t, "ro_dist_t": ro_dist_t,
           "ro_stats_t": ro_stats_t, "ro_number_t": ro_number_t,
           "ro_judgement_t": ro_judgement_t,
           "ro_chain_stop_t": ro_chain_stop_t, "ro_chain_t": ro_chain_t,
           "ro_chain_stats_t": ro_chain_stats_t, "ro_split_t": ro_split_t,
           "ro_fortify_t": ro_fortify_t, "ro_edition_t": ro_edition_t}

rules_p = ctypes.POINTER(ro_rules_t)
c_ulong = ctypes.c_ulong
c_ulong_p = ctypes.POINTER(ctypes.c_ulong)

# int fn (void *data, unsigned long a, unsigned long d, const mpq_t win)
ro_battle_fn = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, c_ulong,
                                c_ulong, mpq_p)

ro_strerror = _fn(lib.ro_strerror, ctypes.c_char_p, ctypes.c_int)
ro_get_version = _fn(lib.ro_get_version, ctypes.c_char_p)
ro_rules_init = _fn(lib.ro_rules_init, None, rules_p)
ro_rules_check = _fn(lib.ro_rules_check, ctypes.c_int, rules_p)
edition_p = ctypes.POINTER(ro_edition_t)
ro_edition_count = _fn(lib.ro_edition_count, ctypes.c_size_t)
ro_edition_at = _fn(lib.ro_edition_at, edition_p, ctypes.c_size_t)
ro_edition_find = _fn(lib.ro_edition_find, edition_p, ctypes.c_char_p)
ro_edition_rules = _fn(lib.ro_edition_rules, ctypes.c_int, rules_p,
                       edition_p)
ro_battle_win = _fn(lib.ro_battle_win, ctypes.c_int, mpq_p, rules_p,
                    c_ulong, c_ulong)
ro_battle_grid = _fn(lib.ro_battle_grid, ctypes.c_int, rules_p, c_ulong,
                     c_ulong, c_ulong, c_ulong, ro_battle_fn,
                     ctypes.c_void_p)
ro_round_init = _fn(lib.ro_round_init, None, ctypes.POINTER(ro_round_t))
ro_round_clear = _fn(lib.ro_round_clear, None, ctypes.POINTER(ro_round_t))
ro_round_count = _fn(lib.ro_round_count, ctypes.c_int,
                     ctypes.POINTER(ro_round_t), rules_p, ctypes.c_uint,
                     ctypes.c_uint)
ro_dist_init = _fn(lib.ro_dist_init, None, ctypes.POINTER(ro_dist_t))
ro_dist_clear = _fn(lib.ro_dist_clear, None, ctypes.POINTER(ro_dist_t))
ro_battle_dist = _fn(lib.ro_battle_dist, ctypes.c_int,
                     ctypes.POINTER(ro_dist_t), rules_p, c_ulong, c_ulong)
ro_battle_dist_rounds = _fn(lib.ro_battle_dist_rounds, ctypes.c_int,
                            ctypes.POINTER(ro_dist_t), rules_p, c_ulong,
                            c_ulong, c_ulong)
ro_stats_init = _fn(lib.ro_stats_init, None, ctypes.POINTER(ro_stats_t))
ro_stats_clear = _fn(lib.ro_stats_clear, None, ctypes.POINTER(ro_stats_t))
ro_dist_stats = _fn(lib.ro_dist_stats, ctypes.c_int,
                    ctypes.POINTER(ro_stats_t), ctypes.POINTER(ro_dist_t),
                    c_ulong, c_ulong)
ro_number_init = _fn(lib.ro_number_init, None, ctypes.POINTER(ro_number_t))
ro_number_clear = _fn(lib.ro_number_clear, None,
                      ctypes.POINTER(ro_number_t))
ro_number_parse = _fn(lib.ro_number_parse, ctypes.c_int,
                      ctypes.POINTER(ro_number_t), ctypes.c_char_p,
                      ctypes.c_size_t, ctypes.c_int,
                      ctypes.POINTER(ctypes.c_size_t))
ro_judgement_init = _fn(lib.ro_judgement_init, None,
                        ctypes.POINTER(ro_judgement_t))
ro_judgement_clear = _fn(lib.ro_judgement_clear, None,
                         ctypes.POINTER(ro_judgement_t))
ro_judge = _fn(lib.ro_judge, None, ctypes.POINTER(ro_judgement_t),
               ctypes.POINTER(ro_number_t), mpq_p, mpq_p)
ro_needed = _fn(lib.ro_needed, ctypes.c_int, c_ulong_p, rules_p, c_ulong,
                c_ulong, mpq_p, c_ulong)

chain_p = ctypes.POINTER(ro_chain_t)
fortify_p = ctypes.POINTER(ro_fortify_t)
c_size_t = ctypes.c_size_t
ro_chain_init = _fn(lib.ro_chain_init, None, chain_p)
ro_chain_clear = _fn(lib.ro_chain_clear, None, chain_p)
# RULES is an array of K rule sets (one per territory).
ro_chain_scope_target = _fn(lib.ro_chain_scope_target, ctypes.c_int,
                            chain_p, rules_p, c_ulong, c_ulong_p, c_size_t,
                            ctypes.c_int, c_size_t)
ro_chain_rounds = _fn(lib.ro_chain_rounds, ctypes.c_int, chain_p, rules_p,
                      c_ulong, c_ulong_p, c_size_t, c_ulong)
ro_chain_stats_init = _fn(lib.ro_chain_stats_init, None,
                          ctypes.POINTER(ro_chain_stats_t))
ro_chain_stats_clear = _fn(lib.ro_chain_stats_clear, None,
                           ctypes.POINTER(ro_chain_stats_t))
ro_chain_stats = _fn(lib.ro_chain_stats, ctypes.c_int,
                     ctypes.POINTER(ro_chain_stats_t), chain_p, rules_p,
                     c_ulong, c_ulong_p)
ro_fortify_init = _fn(lib.ro_fortify_init, None, fortify_p)
ro_fortify_clear = _fn(lib.ro_fortify_clear, None, fortify_p)
ro_fortify_count = _fn(lib.ro_fortify_count, ctypes.c_int,
                       ctypes.POINTER(ctypes.c_double), c_ulong, c_size_t)
ro_fortify_target = _fn(lib.ro_fortify_target, ctypes.c_int, fortify_p,
                        rules_p, c_ulong, c_ulong, c_size_t, ctypes.c_int,
                        c_size_t)
ro_fortify_rank = _fn(lib.ro_fortify_rank, ctypes.c_int,
                      ctypes.POINTER(c_size_t), fortify_p, c_size_t)
ro_fortify_best = _fn(lib.ro_fortify_best, ctypes.c_int, fortify_p,
                      rules_p, c_size_t, c_ulong, c_ulong, c_size_t,
                      c_size_t, c_size_t)

# The memory estimates (upper bounds, in bytes) the program checks
# against --max-memory before it computes.
double_p = ctypes.POINTER(ctypes.c_double)
ro_battle_memory = _fn(lib.ro_battle_memory, ctypes.c_int, double_p,
                       rules_p, c_ulong, c_ulong)
ro_battle_memory_method = _fn(lib.ro_battle_memory_method, ctypes.c_int,
                              double_p, rules_p, c_ulong, c_ulong,
                              ctypes.c_int)
ro_battle_dist_memory = _fn(lib.ro_battle_dist_memory, ctypes.c_int,
                            double_p, rules_p, c_ulong, c_ulong,
                            ctypes.c_int)
ro_battle_rounds_memory = _fn(lib.ro_battle_rounds_memory, ctypes.c_int,
                              double_p, rules_p, c_ulong, c_ulong, c_ulong)
ro_battle_grid_memory = _fn(lib.ro_battle_grid_memory, ctypes.c_int,
                            double_p, rules_p, c_ulong, c_ulong,
                            ctypes.c_uint)
ro_plan_memory = _fn(lib.ro_plan_memory, ctypes.c_int, double_p, rules_p,
                     c_ulong, c_ulong)
ro_needed_memory = _fn(lib.ro_needed_memory, ctypes.c_int, double_p,
                       rules_p, c_ulong, c_ulong, c_ulong, ctypes.c_int)
ro_chain_rounds_memory = _fn(lib.ro_chain_rounds_memory, ctypes.c_int,
                             double_p, rules_p, c_ulong, c_ulong_p,
                             c_size_t, c_ulong)
ro_chain_memory = _fn(lib.ro_chain_memory, ctypes.c_int, double_p, rules_p,
                      c_ulong, c_ulong_p, c_size_t, ctypes.c_int)
ro_fortify_memory = _fn(lib.ro_fortify_memory, ctypes.c_int, double_p,
                        rules_p, c_ulong, c_ulong, c_size_t, ctypes.c_int)
ro_fortify_best_memory = _fn(lib.ro_fortify_best_memory, ctypes.c_int,
                             double_p, rules_p, c_size_t, c_ulong, c_ulong,
                             c_size_t, c_size_t)
ro_dice_memory = _fn(lib.ro_dice_memory, ctypes.c_int, double_p, rules_p)
RO_METHOD_AUTO = 0
RO_METHOD_RECURSION = 1
