"""riskodds -- exact odds of Risk dice battles, from Python.

A thin layer over libriskodds (the C library of the riskodds program)
through ctypes; no dependency beyond the standard library.  Every
probability is a fractions.Fraction, exact: nothing goes through a float.

    >>> import riskodds
    >>> riskodds.battle(3, 2)
    Fraction(235, 648)

The rules are keyword arguments with the names of the program's options
(underscores for hyphens): sides, attack_sides, defend_sides,
attack_dice, defend_dice, attack_bonus, defend_bonus, attack_bonus_dice
and defend_bonus_dice (a count of dice or 'all'), clamp (a bool), ties ('defender'
or 'attacker'), count ('territory' or 'attackers'), stop, goal, defender
('max', 'wieringa', 'wieringa-rolled' or 'optimal') and attacker ('max'
or 'optimal'); Risk 2210 A.D.'s attack_commanders and defend_commanders
(how many of a side's armies roll a d8 in place of a d6, lost last) and
defend_station (a bool: every defence die a d8).  Without them, the standard game: six-sided dice, up to 3
attack and 2 defence dice, ties to the defender, A counting every army
in the attacking territory (one stays behind).  See riskodds(1).
edition="NAME" sets an edition's or house rule's rules (the program's
--edition; editions() lists them: risiko, legacy-bunker, 2210-station
...), the other keywords over them: battle(5, 3, edition="risiko",
defend_dice=2) is the standard game's battle.

The library is found through the environment variable RISKODDS_LIBRARY
(a path, the only choice when set), else where make install put it,
else in an uninstalled build tree next to this package, else by
ctypes.util.find_library, else in the libdir of pkg-config's
riskodds.pc; when none loads, the ImportError names what was tried.
Install with pip (python -m pip install --no-build-isolation --no-index
./python from the source tree); python -m riskodds ARGS runs the
riskodds program with ARGS.
"""

import ctypes
import difflib
from collections import namedtuple
from fractions import Fraction

from . import _lib
from ._lib import Mpq, mpq_to_fraction, mpz_to_int, mpq_set_fraction

__all__ = ["battle", "dist", "stats", "table", "Table", "Cell", "round",
           "round_counts",
           "verify", "needed", "chain", "chain_stats", "fortify", "rules",
           "editions", "Edition",
           "default_max_memory", "RiskoddsError", "RulesError",
           "NoMemoryError", "Outcome", "Round", "Verdict",
           "Chain", "Stop", "__version__"]

__version__ = _lib.ro_get_version().decode("ascii")

# ------------------------------------------------------------------ #
# Errors                                                             #
# ------------------------------------------------------------------ #


class RiskoddsError(Exception):
    """An error the library reported: CODE is its RO_E... code (a
    negative int), MESSAGE its ro_strerror text; str() adds what the
    call was."""

    def __init__(self, code, detail=None):
        self.code = code
        self.message = _lib.ro_strerror(code).decode("utf-8")
        self.detail = detail
        text = self.message + (": " + detail if detail else "")
        super().__init__(text)


class RulesError(RiskoddsError, ValueError):
    """The rule set is outside the library's limits (RO_ERULES)."""


class ArgumentError(RiskoddsError, ValueError):
    """An argument is outside its domain (RO_EINVAL)."""


class RangeError(RiskoddsError, OverflowError):
    """A number is too large for the library (RO_ERANGE)."""


class NoMemoryError(RiskoddsError, MemoryError):
    """The computation would not fit in memory (RO_ENOMEM)."""


_ERRORS = {_lib.RO_ERULES: RulesError, _lib.RO_EINVAL: ArgumentError,
           _lib.RO_ERANGE: RangeError, _lib.RO_ENOMEM: NoMemoryError}


def _check(rc, detail=None):
    if rc < 0:
        raise _ERRORS.get(rc, RiskoddsError)(rc, detail)
    return rc


# ------------------------------------------------------------------ #
# Rules                                                              #
# ------------------------------------------------------------------ #

_TIES = {"defender": 0, "attacker": 1}
_COUNT = {"territory": 0, "attackers": 1}
_DEFENDER = {"max": 0, "wieringa": 1, "optimal": 2, "wieringa-rolled": 3}
_ATTACKER = {"max": 0, "optimal": 1}
_CHOICES = {"ties": _TIES, "count": _COUNT, "defender": _DEFENDER,
            "attacker": _ATTACKER}
_NUMBERS = ("attack_sides", "defend_sides", "attack_dice", "defend_dice",
            "attack_bonus", "defend_bonus", "stop", "goal",
            "attack_commanders", "defend_commanders")
# The bonus's dice: a count or "all"; clamp and defend_station: bools.
_SWITCHES = ("attack_bonus_dice", "defend_bonus_dice", "clamp",
             "defend_station")
RULE_NAMES = ("sides",) + _NUMBERS + _SWITCHES + tuple(_CHOICES)


def _integer(name, value, lo, hi):
    # bool is an int, but sides=True is a mistake, not 1.
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("%s must be an int, not %s"
                        % (name, type(value).__name__))
    if not lo <= value <= hi:
        # Outside the C field: say the library's own limits where it has
        # them (sides=-1: from 2 to 100, not the field's 0 to 2^32 - 1).
        lo, hi = _library_range(name, lo, hi)
        raise RulesError(_lib.RO_ERULES, "%s = %d (from %d to %d)"
                         % (name, value, lo, hi))
    return value


def _library_range(name, lo, hi):
    """The range _LIMITS gives NAME (sides: attack_sides's), else LO, HI."""
    for limit, llo, lhi in _LIMITS:
        if limit == name or (name == "sides" and limit == "attack_sides"):
            return llo, lhi
    return lo, hi


def rules(**kw):
    """The ro_rules_t of the keyword arguments (see the module's help),
    checked by ro_rules_check.  EDITION="NAME" (see editions()) sets
    that edition's rules first, the other keywords over them: the
    explicit keywords win, as the program's options win over its
    --edition.  Unknown names raise TypeError, unknown choices and
    editions ValueError, values outside the library's limits
    RulesError."""
    r = _lib.ro_rules_t()
    _lib.ro_rules_init(ctypes.byref(r))
    return _set_rules(r, kw)


def _set_rules(r, kw):
    """R (an ro_rules_t) with the rules KW set over its own, checked."""
    # The edition first, so that every keyword given beside it wins
    # (the program applies --edition before its other options); then
    # sides, so that attack_sides and defend_sides refine it in any
    # order of the keywords (as the program's --sides then
    # --attack-sides would).
    if "edition" in kw:
        _check(_lib.ro_edition_rules(ctypes.byref(r),
                                     _edition(kw["edition"])),
               "edition %r" % kw["edition"])
    if "sides" in kw:
        n = _integer("sides", kw["sides"], 0, 2 ** 32 - 1)
        r.attack_sides = r.defend_sides = n
    for name, value in kw.items():
        if name in ("sides", "edition"):
            continue
        if name in _CHOICES:
            table = _CHOICES[name]
            if value not in table:
                raise ValueError("invalid %s %r (expected %s)"
                                 % (name, value,
                                    " or ".join(repr(k) for k in table)))
            setattr(r, name, table[value])
        elif name in ("clamp", "defend_station"):
            if not isinstance(value, bool):
                raise TypeError("%s must be a bool, not %s"
                                % (name, type(value).__name__))
            setattr(r, name, int(value))
        elif name in ("attack_bonus_dice", "defend_bonus_dice"):
            if value == "all":
                value = _lib.RO_BONUS_DICE_ALL
            setattr(r, name, _integer(name, value, 0, 2 ** 32 - 1))
        elif name in _NUMBERS:
            # The C fields' own ranges; the library's limits are checked
            # by ro_rules_check below.
            if name.endswith("bonus"):
                lo, hi = -2 ** 31, 2 ** 31 - 1
            elif name in ("stop", "goal", "attack_commanders",
                          "defend_commanders"):
                lo, hi = 0, 2 ** (8 * ctypes.sizeof(ctypes.c_ulong)) - 1
            else:
                lo, hi = 0, 2 ** 32 - 1
            setattr(r, name, _integer(name, value, lo, hi))
        else:
            raise TypeError("unknown rule %r (the rules are %s, and "
                            "edition)" % (name, ", ".join(RULE_NAMES)))
    _check(_lib.ro_rules_check(ctypes.byref(r)), _describe(r))
    return r


def _edition_names():
    return [_lib.ro_edition_at(i).contents.name.decode("utf-8")
            for i in range(_lib.ro_edition_count())]


def _edition(name):
    """The library's edition NAME (a pointer to its ro_edition_t); an
    unknown name raises ValueError, suggesting the nearest."""
    if not isinstance(name, str):
        raise TypeError("edition must be a str, not %s"
                        % type(name).__name__)
    e = _lib.ro_edition_find(name.encode("utf-8"))
    if e:
        return e
    names = _edition_names()
    near = difflib.get_close_matches(name, names, n=1)
    if near:
        raise ValueError("unknown edition %r; did you mean %r? "
                         "(riskodds.editions() lists them)"
                         % (name, near[0]))
    raise ValueError("unknown edition %r (expected one of: %s)"
                     % (name, ", ".join(names)))


Edition = namedtuple("Edition", "name title rules options source")
Edition.__doc__ = """An edition or house rule that edition=NAME names:
NAME, a short TITLE, the RULES it sets as a dict of the keyword arguments
(edition="zombies" is ties="attacker": {'ties': 'attacker'}), the same
as the program's rule OPTIONS ('--ties attacker'), and the SOURCE of
the rules (the rulebook, or where the house rule comes from)."""


def _rules_keywords(r, base):
    """The rules of R that differ from BASE, as keyword arguments."""
    kw = {}
    for name in ("attack_sides", "defend_sides") + _NUMBERS[2:] + _SWITCHES \
            + tuple(_CHOICES):
        v = getattr(r, name)
        if v == getattr(base, name):
            continue
        if name in _CHOICES:
            v = {n: k for k, n in _CHOICES[name].items()}[v]
        elif name in ("clamp", "defend_station"):
            v = bool(v)
        elif name.endswith("bonus_dice") and v == _lib.RO_BONUS_DICE_ALL:
            v = "all"
        kw[name] = v
    return kw


def editions():
    """The editions and house rules edition=NAME names, as Edition
    tuples in the order of 'riskodds editions' (the library's table,
    the program's too).

    >>> import riskodds
    >>> len(riskodds.editions())
    14
    >>> riskodds.editions()[3].name, riskodds.editions()[3].rules
    ('legacy-bunker', {'defend_bonus': 1, 'clamp': True})
    >>> riskodds.battle(3, 2, edition="risiko") == riskodds.battle(
    ...     3, 2, defend_dice=3)
    True
    """
    base = _lib.ro_rules_t()
    _lib.ro_rules_init(ctypes.byref(base))
    out = []
    for i in range(_lib.ro_edition_count()):
        e = _lib.ro_edition_at(i)
        r = _lib.ro_rules_t()
        _lib.ro_rules_init(ctypes.byref(r))
        _check(_lib.ro_edition_rules(ctypes.byref(r), e))
        c = e.contents
        out.append(Edition(c.name.decode("utf-8"), c.title.decode("utf-8"),
                           _rules_keywords(r, base),
                           c.options.decode("utf-8"),
                           c.source.decode("utf-8")))
    return out


# The header's limits (RO_SIDES_MIN ...), only to say which field
# ro_rules_check refused: the library alone decides.
_LIMITS = (("attack_sides", 2, 100), ("defend_sides", 2, 100),
           ("attack_dice", 1, 5), ("defend_dice", 1, 5),
           ("attack_bonus", -100, 100), ("defend_bonus", -100, 100),
           ("stop", 0, _lib.RO_ARMIES_MAX), ("goal", 0, _lib.RO_ARMIES_MAX),
           ("attack_commanders", 0, _lib.RO_ARMIES_MAX),
           ("defend_commanders", 0, _lib.RO_ARMIES_MAX))


def _describe(r):
    for name, lo, hi in _LIMITS:
        v = getattr(r, name)
        if not lo <= v <= hi:
            return "%s = %d (from %d to %d)" % (name, v, lo, hi)
    return ("sides %d/%d, dice %d/%d, bonus %+d/%+d, stop %d, goal %d"
            % (r.attack_sides, r.defend_sides, r.attack_dice,
               r.defend_dice, r.attack_bonus, r.defend_bonus, r.stop,
               r.goal))


def _armies(name, value):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("%s must be an int, not %s"
                        % (name, type(value).__name__))
    if value < 0:
        raise ArgumentError(_lib.RO_EINVAL, "%s = %d is negative"
                            % (name, value))
    if value > _lib.RO_ARMIES_MAX:
        raise RangeError(_lib.RO_ERANGE, "%s = %d (at most %d)"
                         % (name, value, _lib.RO_ARMIES_MAX))
    return value


def _battle_detail(r, a, d):
    if r.count == _COUNT["territory"] and a == 0:
        return ("A = 0 with count 'territory' (a territory holds at least "
                "1 army)")
    return "A = %d, D = %d" % (a, d)


# ------------------------------------------------------------------ #
# Memory                                                             #
# ------------------------------------------------------------------ #

# GMP aborts the process when an allocation fails, so a computation too
# large for memory must be refused before it starts, from the library's
# upper estimate of its bytes (as the program's --max-memory).


def _bytes_text(n):
    """N bytes as the program prints them: 1.5 GiB (1610612736 bytes),
    or 512 bytes below a KiB."""
    if n < 1024:
        return "%.0f byte%s" % (n, "" if n == 1 else "s")
    v = n
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"):
        if v < 1024 or unit == "EiB":
            break
        v /= 1024.0
    if n < 1e18:
        import math
        return "%.1f %s (%d bytes)" % (v, unit, math.ceil(n))
    return "%.1f %s (%.3g bytes)" % (v, unit, n)


def _vm_pages():
    """(address space, data) of this process in bytes, from
    /proc/self/statm; (0, 0) where it cannot be read."""
    try:
        import os
        with open("/proc/self/statm") as f:
            fields = f.read().split()
        page = os.sysconf("SC_PAGE_SIZE")
        return int(fields[0]) * page, int(fields[5]) * page
    except (OSError, ValueError, IndexError, AttributeError):
        return 0, 0


def default_max_memory():
    """The bytes a computation may take when max_memory is None: three
    quarters of the physical memory (4 GiB when it cannot be told), as
    the program's --max-memory, and at most what the process's soft
    limits RLIMIT_AS and RLIMIT_DATA leave beyond what it already
    uses."""
    import os
    try:
        phys = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError):
        phys = 0
    limit = 0.75 * phys if phys > 0 else 4.0 * 1024 ** 3
    try:
        import resource
    except ImportError:                 # not on every platform
        return limit
    used = _vm_pages()
    for i, name in enumerate(("RLIMIT_AS", "RLIMIT_DATA")):
        which = getattr(resource, name, None)
        if which is None:
            continue
        soft = resource.getrlimit(which)[0]
        if soft != resource.RLIM_INFINITY:
            limit = min(limit, max(soft - used[i], 0))
    return limit


def _max_memory(value):
    """The limit in bytes: VALUE (a positive number) or the default."""
    if value is None:
        return default_max_memory()
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise TypeError("max_memory must be a number of bytes or None, not "
                        "%s" % type(value).__name__)
    if not value > 0:
        raise ValueError("max_memory must be positive, not %r" % (value,))
    return value


def _estimate(fn, *args):
    """The library's estimate FN (*ARGS) in bytes, or 0 when it refuses
    the arguments: the computation itself then says why, in its own
    words."""
    need = ctypes.c_double(0)
    if fn(ctypes.byref(need), *args) < 0:
        return 0
    return need.value


def _optimizing(r):
    return r.defender == _DEFENDER["optimal"] or \
        r.attacker == _ATTACKER["optimal"]


def _fit(need, estimate, what, max_memory, rules):
    """Raise NoMemoryError (a MemoryError) when NEED bytes, the library's
    ESTIMATE (its function's name) for WHAT, exceed MAX_MEMORY (None: the
    default).  The counting of the rounds of RULES (a pointer to them),
    which every model does first, is added (ro_dice_memory), as the
    program adds it."""
    need += _estimate(_lib.ro_dice_memory, rules)
    limit = _max_memory(max_memory)
    if need > limit:
        raise NoMemoryError(_lib.RO_ENOMEM, "%s would need up to %s (%s), "
                            "more than the limit of %s (see max_memory)"
                            % (what, _bytes_text(need), estimate,
                               _bytes_text(limit)))


def _battle_memory(r, a, d, rounds, ends, max_memory):
    """Refuse the battle A against D (its ends when ENDS; stopped after
    ROUNDS rounds when not None) if it would not fit."""
    what = "%d against %d" % (a, d)
    args = (ctypes.byref(r), a, d)
    if rounds is not None:
        need = _estimate(_lib.ro_battle_rounds_memory, *args, rounds)
        name = "ro_battle_rounds_memory"
    elif ends and _optimizing(r):
        # The plan of every state, then a forward pass over them to the
        # ends, all alive at once: the plan's estimate and the ends'
        # (the distribution's less the battle's).  The program checks
        # the plan's alone, which the ends exceed (bench/memory.sh).
        need = _estimate(_lib.ro_plan_memory, *args) \
            + _estimate(_lib.ro_battle_dist_memory, *args,
                        _lib.RO_METHOD_AUTO) \
            - _estimate(_lib.ro_battle_memory, *args)
        name = "ro_plan_memory with the ends of ro_battle_dist_memory"
    elif ends:
        need = _estimate(_lib.ro_battle_dist_memory, *args,
                         _lib.RO_METHOD_AUTO)
        name = "ro_battle_dist_memory"
    else:
        need = _estimate(_lib.ro_battle_memory, *args)
        name = "ro_battle_memory"
    _fit(need, name, what, max_memory, ctypes.byref(r))


# ------------------------------------------------------------------ #
# Battles                                                            #
# ------------------------------------------------------------------ #


def _rounds(value):
    """A limit of rounds: None (no limit) or an int >= 1."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("rounds must be an int, not %s"
                        % type(value).__name__)
    if value < 1:
        raise ArgumentError(_lib.RO_EINVAL, "rounds = %d (at least 1)"
                            % value)
    return min(value, 2 ** (8 * ctypes.sizeof(ctypes.c_ulong)) - 1)


def battle(a, d, rounds=None, max_memory=None, **kw):
    """P(the attacker conquers), A attacking D, as an exact Fraction;
    with ROUNDS, P(he conquers within ROUNDS rounds), the battle
    stopped after them (ro_battle_dist_rounds; see dist() for what is
    still going on).  A battle whose memory estimate (ro_battle_memory)
    exceeds MAX_MEMORY bytes (None: default_max_memory()) raises
    NoMemoryError, a MemoryError, before it starts; so do the other
    functions that compute, each with its own estimate.  The rules are
    keyword arguments named as the program's options (see rules()),
    edition="NAME" an edition's (see editions()), the keywords beside
    it winning.

    >>> import riskodds
    >>> riskodds.battle(3, 2)
    Fraction(235, 648)
    >>> float(riskodds.battle(3, 2))
    0.3626543209876543
    >>> riskodds.battle(5, 3, defend_dice=3)
    Fraction(317362715, 725594112)
    >>> riskodds.battle(4, 2, rounds=1)
    Fraction(1445, 3888)
    >>> riskodds.battle(2, 1, edition="2210-station")
    Fraction(5, 16)
    """
    r = rules(**kw)
    a, d = _armies("A", a), _armies("D", d)
    rounds = _rounds(rounds)
    _battle_memory(r, a, d, rounds, False, max_memory)
    if rounds is not None:
        return _with_dist(r, a, d, lambda dd: mpq_to_fraction(dd.win),
                          rounds)
    with Mpq() as q:
        _check(_lib.ro_battle_win(ctypes.byref(q), ctypes.byref(r), a, d),
               _battle_detail(r, a, d))
        return mpq_to_fraction(q)


Outcome = namedtuple("Outcome", "won attackers defenders p unresolved",
                     defaults=(False,))
Outcome.__doc__ = """One way a battle ends: WON (True when the attacker
conquered or reached the goal), the ATTACKERS left (counted as the rules'
count says: with 'territory', the army that stayed behind included), the
DEFENDERS left, and its probability P (a Fraction); UNRESOLVED is True
for a battle limited to a number of rounds still going on after them
(WON is then False), else False."""


def _with_dist(r, a, d, fn, rounds=None):
    """FN (ro_dist_t) for the battle A against D under R, stopped after
    ROUNDS rounds when not None."""
    dd = _lib.ro_dist_t()
    _lib.ro_dist_init(ctypes.byref(dd))
    try:
        if rounds is None:
            rc = _lib.ro_battle_dist(ctypes.byref(dd), ctypes.byref(r), a, d)
        else:
            rc = _lib.ro_battle_dist_rounds(ctypes.byref(dd),
                                            ctypes.byref(r), a, d, rounds)
        _check(rc, _battle_detail(r, a, d))
        return fn(dd)
    finally:
        _lib.ro_dist_clear(ctypes.byref(dd))


def dist(a, d, rounds=None, max_memory=None, **kw):
    """Every end of the battle A against D of positive probability, as a
    list of Outcome, the attacker's best first (see ro_battle_dist); the
    probabilities sum to 1 and the wins' to battle(A, D).  With ROUNDS,
    the battle stopped after ROUNDS rounds (ro_battle_dist_rounds): the
    states still going on come between the wins and the holds, with
    UNRESOLVED True.  MAX_MEMORY as battle()'s (ro_battle_dist_memory,
    ro_battle_rounds_memory).

    >>> import riskodds
    >>> for o in riskodds.dist(2, 1):
    ...     print(o)
    Outcome(won=True, attackers=2, defenders=0, p=Fraction(5, 12), unresolved=False)
    Outcome(won=False, attackers=1, defenders=1, p=Fraction(7, 12), unresolved=False)
    """
    r = rules(**kw)
    a, d = _armies("A", a), _armies("D", d)
    rounds = _rounds(rounds)
    _battle_memory(r, a, d, rounds, True, max_memory)

    def ends(dd):
        return [Outcome(bool(o.won), o.attackers, o.defenders,
                        mpq_to_fraction(o.p), bool(o.unresolved))
                for o in (dd.outcome[i] for i in range(dd.n))]
    return _with_dist(r, a, d, ends, rounds)


_GIVEN = ("all", "win", "loss")
_STATS = ("attackers_left", "attackers_left_var", "defenders_left",
          "defenders_left_var", "attackers_lost", "defenders_lost")


def stats(a, d, max_memory=None, **kw):
    """Expectations of the battle A against D (ro_dist_stats), as
    {'all': ..., 'win': ..., 'loss': ...}: each a dict of Fractions with
    the keys attackers_left, attackers_left_var, defenders_left,
    defenders_left_var, attackers_lost and defenders_lost (the armies
    left, their variances and the armies lost), or None when the
    condition has probability 0; and 'p_win': P(win).  MAX_MEMORY as
    dist()'s."""
    r = rules(**kw)
    a, d = _armies("A", a), _armies("D", d)
    _battle_memory(r, a, d, None, True, max_memory)

    def expectations(dd):
        s = _lib.ro_stats_t()
        _lib.ro_stats_init(ctypes.byref(s))
        try:
            _check(_lib.ro_dist_stats(ctypes.byref(s), ctypes.byref(dd),
                                      a, d))
            out = {}
            for c, given in enumerate(_GIVEN):
                out[given] = None if not s.has[c] else {
                    k: mpq_to_fraction(getattr(s, k)[c]) for k in _STATS}
            out["p_win"] = mpq_to_fraction(dd.win)
            return out
        finally:
            _lib.ro_stats_clear(ctypes.byref(s))
    return _with_dist(r, a, d, expectations)


def _span(name, value):
    """(LO, HI) of a range with step 1, a (LO, HI) pair or an int."""
    if isinstance(value, range):
        if value.step != 1 or len(value) == 0:
            raise ValueError("%s: a range of step 1, not empty" % name)
        lo, hi = value.start, value.stop - 1
    elif isinstance(value, int):
        lo = hi = value
    else:
        lo, hi = value
    _armies(name, lo)
    _armies(name, hi)
    if lo > hi:
        raise ValueError("%s: %d > %d" % (name, lo, hi))
    return lo, hi


Cell = namedtuple("Cell", "attackers defenders win")
Cell.__doc__ = """One battle of a table: ATTACKERS (counted as the
rules' count says) against DEFENDERS, and WIN, the attacker's exact
P(win) (a Fraction)."""


class Table(tuple):
    """The rows of table(): a tuple of Cell (attackers, defenders, win),
    attackers ascending, then defenders, as the program's CSV.  Rows are
    what csv.writer, pandas.DataFrame and numpy.array(..., dtype=object)
    take as they are: Table.columns (Cell's fields) is the header, and a
    Fraction is written by csv as 5/12.  Indexed by an int or a slice,
    it is a tuple; by a pair, t[A, D], it is that battle's P(win) (and
    t.get((A, D)), (A, D) in t, t.as_dict() look it up likewise).

    >>> import csv, io, riskodds
    >>> t = riskodds.table((2, 3), (1, 2))
    >>> t[0]
    Cell(attackers=2, defenders=1, win=Fraction(5, 12))
    >>> t[3, 2]
    Fraction(235, 648)
    >>> out = io.StringIO()
    >>> w = csv.writer(out, lineterminator="\\n")
    >>> w.writerows([t.columns, *t])
    >>> print(out.getvalue(), end="")
    attackers,defenders,win
    2,1,5/12
    2,2,275/2592
    3,1,1955/2592
    3,2,235/648
    """

    columns = Cell._fields

    def __new__(cls, cells):
        t = super().__new__(cls, (Cell(a, d, p)
                                  for (a, d), p in sorted(cells.items())))
        t._index = dict(cells)
        return t

    def __getitem__(self, key):
        if isinstance(key, tuple):
            return self._index[key]
        return tuple.__getitem__(self, key)

    def __contains__(self, key):
        if isinstance(key, tuple) and not isinstance(key, Cell):
            return key in self._index
        return tuple.__contains__(self, key)

    def get(self, key, default=None):
        """P(win) of battle KEY = (A, D), DEFAULT when not in the table."""
        return self._index.get(key, default)

    def as_dict(self):
        """{(A, D): P(win)}, a new dict."""
        return dict(self._index)


def table(attackers=(1, 10), defenders=(1, 10), max_memory=None, **kw):
    """P(win) of every battle of a grid, from one pass of the recursion
    (ro_battle_grid), as a Table: rows Cell(attackers, defenders, win),
    attackers ascending then defenders, each win an exact Fraction; rows
    that csv.writer, pandas.DataFrame(...) and numpy.array(...,
    dtype=object) take directly (see Table), and t[A, D] looks one up.
    ATTACKERS and DEFENDERS are ranges (range(1, 31)), (LO, HI) pairs,
    both ends included, or ints; by default 1 to 10 as the program's
    table.  MAX_MEMORY as battle()'s (ro_battle_grid_memory).

    >>> import riskodds
    >>> for row in riskodds.table(3, (1, 2)):
    ...     print(row)
    Cell(attackers=3, defenders=1, win=Fraction(1955, 2592))
    Cell(attackers=3, defenders=2, win=Fraction(235, 648))
    """
    r = rules(**kw)
    a_lo, a_hi = _span("attackers", attackers)
    d_lo, d_hi = _span("defenders", defenders)
    if r.count == _COUNT["territory"] and a_lo == 0:
        raise ArgumentError(_lib.RO_EINVAL, _battle_detail(r, 0, d_lo))
    _fit(_estimate(_lib.ro_battle_grid_memory, ctypes.byref(r), a_hi, d_hi,
                   1), "ro_battle_grid_memory",
         "the grid up to %d against %d" % (a_hi, d_hi), max_memory,
         ctypes.byref(r))
    cells = {}
    failure = []

    # An exception must not unwind through C: keep it, stop the pass
    # with a non-zero return, raise it once the library has returned.
    def cell(data, a, d, win):
        try:
            cells[(a, d)] = mpq_to_fraction(win)
            return 0
        except BaseException as e:          # KeyboardInterrupt too
            failure.append(e)
            return 1
    callback = _lib.ro_battle_fn(cell)      # alive until the call returns
    rc = _lib.ro_battle_grid(ctypes.byref(r), a_lo, a_hi, d_lo, d_hi,
                             callback, None)
    if failure:
        raise failure[0]
    _check(rc, "attackers %d..%d, defenders %d..%d"
           % (a_lo, a_hi, d_lo, d_hi))
    return Table(cells)


# ------------------------------------------------------------------ #
# One round                                                          #
# ------------------------------------------------------------------ #

Round = namedtuple("Round", "attack_dice defend_dice comparisons counts total")
Round.__doc__ = """The outcomes of one round: COUNTS[k] of the TOTAL
equally likely ordered rolls cost the attacker k armies and the defender
COMPARISONS - k (k = 0 .. COMPARISONS); all ints."""


def round_counts(na=None, nd=None, max_memory=None, **kw):
    """The exact outcome counts of one round of NA attack dice against ND
    defence dice (ro_round_count), as a Round.  Without NA and ND, every
    pair the rules allow: {(na, nd): Round}.  Many-sided dice with a bonus
    on some of the dice but not all take memory as the faces to the power
    of those dice: refused with NoMemoryError above MAX_MEMORY
    (ro_dice_memory), as the program refuses them."""
    r = rules(**kw)
    _fit(0, "ro_dice_memory", "the counts of one round", max_memory,
         ctypes.byref(r))
    if na is None and nd is None:
        return {(i, j): round_counts(i, j, max_memory, **kw)
                for i in range(1, r.attack_dice + 1)
                for j in range(1, r.defend_dice + 1)}
    for name, n, most in (("na", na, r.attack_dice),
                          ("nd", nd, r.defend_dice)):
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError("%s must be an int" % name)
        if not 1 <= n <= most:
            raise ArgumentError(_lib.RO_EINVAL, "%s = %d (from 1 to %d)"
                                % (name, n, most))
    rd = _lib.ro_round_t()
    _lib.ro_round_init(ctypes.byref(rd))
    try:
        _check(_lib.ro_round_count(ctypes.byref(rd), ctypes.byref(r), na,
                                   nd))
        counts = tuple(mpz_to_int(rd.count[k])
                       for k in range(rd.comparisons + 1))
        return Round(rd.attack_dice, rd.defend_dice, rd.comparisons, counts,
                     mpz_to_int(rd.total))
    finally:
        _lib.ro_round_clear(ctypes.byref(rd))


round = round_counts                    # riskodds.round, as the subcommand

# ------------------------------------------------------------------ #
# Published numbers                                                  #
# ------------------------------------------------------------------ #

Verdict = namedtuple("Verdict",
                     "attackers defenders value agree exact error")
Verdict.__doc__ = """How one published VALUE (a Fraction: the exact value
of its text) compares with the EXACT P(win) of ATTACKERS against
DEFENDERS: AGREE, and ERROR = VALUE - EXACT."""


class _Number:
    """An ro_number_t for a with block."""

    def __init__(self):
        self.n = _lib.ro_number_t()

    def __enter__(self):
        _lib.ro_number_init(ctypes.byref(self.n))
        return self.n

    def __exit__(self, *exc):
        _lib.ro_number_clear(ctypes.byref(self.n))
        return False


def _read_number(n, value, percent=False):
    """Set the ro_number_t N to VALUE: a Fraction or int (exact: ulp 0),
    or a string as a table prints it ('0.4167', '41.67%', '5/12'), read
    by ro_number_parse: its value and the unit in its last place."""
    if isinstance(value, str):
        raw = value.encode("utf-8")
        pos = ctypes.c_size_t(0)
        rc = _lib.ro_number_parse(ctypes.byref(n), raw, len(raw),
                                  1 if percent else 0, ctypes.byref(pos))
        _check(rc, "%r is not a number (at byte %d)" % (value, pos.value))
    elif isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        mpq_set_fraction(n.value, value)
        mpq_set_fraction(n.ulp, 0)
    else:
        # A float is not the number its digits show (0.1 is not 1/10):
        # the rule "right when correctly rounded to the digits shown"
        # needs the digits.
        raise TypeError("a value must be a str, int or Fraction, not %s "
                        "(write a float as a string)" % type(value).__name__)


def verify(entries, percent=False, tolerance=None, max_memory=None,
           **kw):
    """Judge published values: ENTRIES are (A, D, VALUE) with VALUE a
    Fraction, an int, or a string as printed ('0.4167', '41.67%', '5/12';
    PERCENT reads every string as a percentage).  A string is right when
    it is the exact P(win) correctly rounded to the digits it shows
    (ro_judge, as riskodds verify), a Fraction when it is equal; with a
    TOLERANCE (a Fraction, int or string), also when |value - exact| <=
    TOLERANCE.  A list of Verdict, in the order of ENTRIES.  MAX_MEMORY
    as battle()'s, for each battle."""
    r = rules(**kw)
    entries = list(entries)
    for entry in entries:
        _battle_memory(r, _armies("A", entry[0]), _armies("D", entry[1]),
                       None, False, max_memory)
    out = []
    with Mpq() as tol, Mpq() as x, _Number() as n:
        if tolerance is not None:
            if isinstance(tolerance, str):
                with _Number() as t:
                    _read_number(t, tolerance)
                    tolerance = mpq_to_fraction(t.value)
            if not isinstance(tolerance, (int, Fraction)):
                raise TypeError("tolerance must be a str, int or Fraction")
            mpq_set_fraction(tol, tolerance)
        tol_p = ctypes.byref(tol) if tolerance is not None else None
        exact = {}
        for entry in entries:
            a, d, value = entry
            a, d = _armies("A", a), _armies("D", d)
            if (a, d) not in exact:
                _check(_lib.ro_battle_win(ctypes.byref(x), ctypes.byref(r),
                                          a, d), _battle_detail(r, a, d))
                exact[(a, d)] = mpq_to_fraction(x)
            mpq_set_fraction(x, exact[(a, d)])
            _read_number(n, value, percent)
            j = _lib.ro_judgement_t()
            _lib.ro_judgement_init(ctypes.byref(j))
            try:
                _lib.ro_judge(ctypes.byref(j), ctypes.byref(n),
                              ctypes.byref(x), tol_p)
                out.append(Verdict(a, d, mpq_to_fraction(n.value),
                                   bool(j.agree), exact[(a, d)],
                                   mpq_to_fraction(j.error)))
            finally:
                _lib.ro_judgement_clear(ctypes.byref(j))
    return out


# ------------------------------------------------------------------ #
# Armies needed                                                      #
# ------------------------------------------------------------------ #

NEEDED_MAX = 10000                      # as riskodds needed


def needed(d, target=Fraction(1, 2), a_max=NEEDED_MAX, max_memory=None,
           **kw):
    """The smallest attack A (counted as the rules' count says) with
    P(win) >= TARGET against D (ro_needed); TARGET a Fraction, an int or
    a string ('0.9', '90%', '9/10').  D may be a range or a (LO, HI)
    pair: then {D: A}.  RangeError when some D needs more than A_MAX.
    MAX_MEMORY as battle()'s (ro_needed_memory).

    >>> import riskodds
    >>> riskodds.needed(5, target="90%")
    11
    >>> riskodds.needed((1, 3), target="9/10")
    {1: 4, 2: 7, 3: 8}
    """
    r = rules(**kw)
    d_lo, d_hi = _span("D", d)
    if isinstance(target, str):
        with _Number() as t:
            _read_number(t, target)
            target = mpq_to_fraction(t.value)
    if not isinstance(target, (int, Fraction)) or isinstance(target, bool):
        raise TypeError("target must be a str, int or Fraction, not %s"
                        % type(target).__name__)
    if not 0 <= target <= 1:
        raise ArgumentError(_lib.RO_EINVAL, "target %s is not a probability"
                            % target)
    a_max = _armies("a_max", a_max)
    _fit(_estimate(_lib.ro_needed_memory, ctypes.byref(r), d_lo, d_hi, a_max,
                   _lib.RO_METHOD_AUTO), "ro_needed_memory",
         "the search up to %d against %s" % (
             a_max, d_lo if d_lo == d_hi else "%d..%d" % (d_lo, d_hi)),
         max_memory, ctypes.byref(r))
    out = (ctypes.c_ulong * (d_hi - d_lo + 1))()
    with Mpq() as q:
        mpq_set_fraction(q, target)
        _check(_lib.ro_needed(out, ctypes.byref(r), d_lo, d_hi,
                              ctypes.byref(q), a_max),
               "D = %s, target %s, a_max %d"
               % (d_lo if d_lo == d_hi else "%d..%d" % (d_lo, d_hi), target,
                  a_max))
    if isinstance(d, int):
        return out[0]
    return {d_lo + i: out[i] for i in range(d_hi - d_lo + 1)}


# ------------------------------------------------------------------ #
# Chains                                                             #
# ------------------------------------------------------------------ #

Stop = namedtuple("Stop", "territory defenders attackers p unresolved")
Stop.__doc__ = """Where a chain stops: TERRITORY (1 .. K, as the program
numbers them: TERRITORY - 1 were taken) held with DEFENDERS of its armies
left, the attacker having ATTACKERS left (counted as the rules' count
says), with probability P; UNRESOLVED is True when the rounds of a chain
limited to a number of rounds ran out with both still fighting."""

Chain = namedtuple("Chain", "all taken at_least armies stops unresolved")
Chain.__doc__ = """A chain's odds, every one a Fraction: ALL = P(taking
every territory); TAKEN[j] = P(exactly j taken) and AT_LEAST[j] = P(at
least j taken) (j = 0 .. K); ARMIES = {armies left in the last territory:
P} when all are taken (most first); STOPS, a list of Stop (by territory,
then defenders left, fewest first, then attackers left, most first);
UNRESOLVED = P(still fighting when the rounds run out) for a chain with
rounds, else None."""

_SCOPES = {"battle": _lib.RO_SCOPE_BATTLE, "chain": _lib.RO_SCOPE_CHAIN}


def _scope(policy_scope, target, k):
    """The library's scope and target (1 .. K; K when None)."""
    if policy_scope not in _SCOPES:
        raise ValueError("invalid policy_scope %r (expected 'battle' or "
                         "'chain')" % (policy_scope,))
    if target is None:
        return _SCOPES[policy_scope], k
    if not isinstance(target, int) or isinstance(target, bool):
        raise TypeError("target must be an int, not %s"
                        % type(target).__name__)
    if not 1 <= target <= k:
        raise ArgumentError(_lib.RO_EINVAL, "target = %d (from 1 to %d, the "
                            "territories)" % (target, k))
    return _SCOPES[policy_scope], target


def _territories(defenders, territory_rules, kw):
    """(D, RULES): the C arrays of the defenders and of each territory's
    rule set, the keyword rules KW with the territory's own set over
    them (as the program's D:RULE=VALUE over its options)."""
    k = len(defenders)
    if k == 0:
        raise TypeError("a chain needs at least one territory")
    base = rules(**kw)
    d = (_lib.c_ulong * k)()
    for i, x in enumerate(defenders):
        d[i] = _armies("D%d" % (i + 1), x)
        if x == 0:
            raise ArgumentError(_lib.RO_EINVAL, "D%d = 0 (a territory in a "
                                "chain holds at least 1 army)" % (i + 1))
    if territory_rules is None:
        territory_rules = [None] * k
    territory_rules = list(territory_rules)
    if len(territory_rules) != k:
        raise ValueError("territory_rules has %d entries for %d territories"
                         % (len(territory_rules), k))
    rs = (_lib.ro_rules_t * k)()
    for i, own in enumerate(territory_rules):
        rs[i] = base                    # a copy
        if own:
            # rs[i] shares the array's memory: set in place.
            _set_rules(rs[i], dict(own))
    return d, rs


def _chain_memory(rs, a, d, rounds, scope, target, max_memory):
    """Refuse the chain of A against D (RS its rules) if it would not
    fit, by the program's estimates: the forward pass of ROUNDS, else
    the whole chain's (ro_chain_memory: two battles' seeds, an engine
    and its plans, the final fractions), and under POLICY_SCOPE 'chain'
    with an optimal policy the battles' own chain run after it for the
    comparison (1.5 times its estimate, as the program counts it)."""
    k = len(d)
    what = "the chain of %d against %s" % (a, " ".join(str(x) for x in d))
    if rounds is not None:
        _fit(_estimate(_lib.ro_chain_rounds_memory, rs, a, d, k, rounds),
             "ro_chain_rounds_memory", what, max_memory, rs)
        return
    need = _estimate(_lib.ro_chain_memory, rs, a, d, k, scope)
    if scope == _lib.RO_SCOPE_CHAIN and any(_optimizing(rs[i])
                                            for i in range(target)):
        need = max(need, 1.5 * _estimate(_lib.ro_chain_memory, rs, a, d, k,
                                         _lib.RO_SCOPE_BATTLE))
    _fit(need, "ro_chain_memory", what, max_memory, rs)


def _with_chain(a, defenders, rounds, policy_scope, target,
                territory_rules, kw, fn, max_memory=None):
    """FN (ro_chain_t, rules array, D) for the chain of A against
    DEFENDERS, computed as the program's chain does."""
    a = _armies("A", a)
    d, rs = _territories(defenders, territory_rules, kw)
    k = len(d)
    scope, target = _scope(policy_scope, target, k)
    rounds = _rounds(rounds)
    if rs[0].count == _COUNT["territory"] and a == 0:
        raise ArgumentError(_lib.RO_EINVAL, _battle_detail(rs[0], 0, d[0]))
    _chain_memory(rs, a, d, rounds, scope, target, max_memory)
    c = _lib.ro_chain_t()
    _lib.ro_chain_init(ctypes.byref(c))
    try:
        if rounds is None:
            rc = _lib.ro_chain_scope_target(ctypes.byref(c), rs, a, d, k,
                                            scope, target)
        else:
            rc = _lib.ro_chain_rounds(ctypes.byref(c), rs, a, d, k, rounds)
        _check(rc, "A = %d against %s%s" % (
            a, " ".join(str(x) for x in d),
            " (a goal, an optimal policy with rounds, or territories with "
            "different count, stop or, for policy_scope 'chain', sides?)"
            if rc == _lib.RO_EINVAL else ""))
        return fn(c, rs, d)
    finally:
        _lib.ro_chain_clear(ctypes.byref(c))


def chain(a, *defenders, rounds=None, policy_scope="battle", target=None,
          territory_rules=None, max_memory=None, **kw):
    """The chain attack of A armies through territories of DEFENDERS
    armies, taken in order (one army stays in each territory taken, the
    others move on), as a Chain.  ROUNDS stops the attack after that many
    rounds in all (ro_chain_rounds).  POLICY_SCOPE 'chain' makes an
    optimal policy weigh P(taking every territory still to fight) rather
    than the battle's own P(win), and TARGET (1 .. K) P(taking at least
    TARGET) (ro_chain_scope_target; the program's --policy-scope
    chain:TARGET).  TERRITORY_RULES, one dict or None per territory:
    that territory's rules over the keyword rules (the program's
    D:RULE=VALUE; count and stop must stay the same).  MAX_MEMORY as
    battle()'s, by the program's estimates for chain.

    >>> import riskodds
    >>> c = riskodds.chain(3, 1, 1)
    >>> c.all
    Fraction(625, 2592)
    >>> c.at_least
    [Fraction(1, 1), Fraction(1955, 2592), Fraction(625, 2592)]
    """
    def result(c, rs, d):
        taken = [mpq_to_fraction(c.taken[j]) for j in range(c.k + 1)]
        at_least = [sum(taken[j:], Fraction(0)) for j in range(c.k + 1)]
        armies = {c.armies[i]: mpq_to_fraction(c.armies_p[i])
                  for i in range(c.n_armies)}
        stops = [Stop(e.territory + 1, e.defenders, e.attackers,
                      mpq_to_fraction(e.p), bool(e.unresolved))
                 for e in (c.stop[i] for i in range(c.n_stops))]
        unresolved = None
        if c.unresolved:
            unresolved = sum((mpq_to_fraction(c.unresolved[j])
                              for j in range(c.k + 1)), Fraction(0))
        return Chain(taken[c.k], taken, at_least, armies, stops, unresolved)
    return _with_chain(a, defenders, rounds, policy_scope, target,
                       territory_rules, kw, result, max_memory)


_CHAIN_STATS = ("taken", "taken_var", "attackers_lost",
                "attackers_lost_var", "defenders_lost", "defenders_lost_var")


def chain_stats(a, *defenders, rounds=None, policy_scope="battle",
                target=None, territory_rules=None, max_memory=None, **kw):
    """Expectations over the chain of chain() (ro_chain_stats), a dict
    of Fractions: taken, attackers_lost (killed by the dice; the armies
    left in the territories taken are not lost) and defenders_lost, each
    with its variance (taken_var ...); unconditional.  MAX_MEMORY as
    chain()'s."""
    def expectations(c, rs, d):
        s = _lib.ro_chain_stats_t()
        _lib.ro_chain_stats_init(ctypes.byref(s))
        try:
            # The count (the same in every territory) from the first.
            _check(_lib.ro_chain_stats(ctypes.byref(s), ctypes.byref(c),
                                       rs, a, d))
            return {k: mpq_to_fraction(getattr(s, k)) for k in _CHAIN_STATS}
        finally:
            _lib.ro_chain_stats_clear(ctypes.byref(s))
    return _with_chain(a, defenders, rounds, policy_scope, target,
                       territory_rules, kw, expectations, max_memory)


# ------------------------------------------------------------------ #
# Fortify                                                            #
# ------------------------------------------------------------------ #


def fortify(a, d, k, policy_scope="battle", target=None, at_least=None,
            best=None, max_memory=None, **kw):
    """The defender's splits of D armies over K territories (at least 1
    each, first to last attacked) against the chain attack of A armies,
    every one computed exactly (ro_fortify_target; at most
    RO_FORTIFY_MAX splits), ranked from the best for the defender: a
    list of (split, P) with split a tuple of K ints.  P is P(taking all
    K); with AT_LEAST = j (1 .. K), P(taking at least j); with AT_LEAST
    = 'each', {j: that ranking} for every j.  POLICY_SCOPE and TARGET as
    chain()'s; MAX_MEMORY as battle()'s, by the program's estimate
    (ro_fortify_memory: every split's fractions and the largest chain).
    With BEST = N, only the N first of each ranking, found without
    computing every split (ro_fortify_best, the program's search beyond
    100000 splits; policy_scope 'battle' only): the same splits and
    values as the full ranking's N first, at any size.

    >>> import riskodds
    >>> split, p = riskodds.fortify(10, 6, 2)[0]
    >>> print(split, "%.4f" % p)
    (2, 4) 0.7504
    >>> [s for s, p in riskodds.fortify(100, 60, 5, best=3)]
    [(2, 2, 2, 2, 52), (2, 2, 2, 4, 50), (2, 2, 4, 2, 50)]
    """
    r = rules(**kw)
    a, d = _armies("A", a), _armies("D", d)
    if not isinstance(k, int) or isinstance(k, bool):
        raise TypeError("k must be an int, not %s" % type(k).__name__)
    if k < 1 or d < k:
        raise ArgumentError(_lib.RO_EINVAL, "%d armies cannot hold %d "
                            "territories with at least 1 army each" % (d, k))
    if r.count == _COUNT["territory"] and a == 0:
        raise ArgumentError(_lib.RO_EINVAL, _battle_detail(r, 0, d))
    scope, target = _scope(policy_scope, target, k)
    what = "the splits of %d over %d against %d" % (d, k, a)
    if best is not None:
        if not isinstance(best, int) or isinstance(best, bool) or best < 1:
            raise ValueError("best must be an int of at least 1, not %r"
                             % (best,))
        if scope != _lib.RO_SCOPE_BATTLE:
            raise ValueError("best applies with policy_scope 'battle' only")
        _fit(_estimate(_lib.ro_fortify_best_memory, ctypes.byref(r), 1, a,
                       d, k, best * k),
             "ro_fortify_best_memory", what, max_memory, ctypes.byref(r))
    else:
        _fit(_estimate(_lib.ro_fortify_memory, ctypes.byref(r), a, d, k,
                       scope),
             "ro_fortify_memory", what, max_memory, ctypes.byref(r))
    if at_least is None:
        wanted = [k]
    elif at_least == "each":
        wanted = list(range(1, k + 1))
    elif isinstance(at_least, int) and not isinstance(at_least, bool) \
            and 1 <= at_least <= k:
        wanted = [at_least]
    else:
        raise ValueError("at_least must be None, 'each' or an int from 1 "
                         "to %d, not %r" % (k, at_least))
    if best is not None:
        return _fortify_best(r, a, d, k, wanted, best, at_least == "each")
    f = _lib.ro_fortify_t()
    _lib.ro_fortify_init(ctypes.byref(f))
    try:
        _check(_lib.ro_fortify_target(ctypes.byref(f), ctypes.byref(r), a, d,
                                      k, scope, target),
               "A = %d, D = %d over K = %d" % (a, d, k))
        order = (ctypes.c_size_t * max(f.n, 1))()
        out = {}
        for j in wanted:
            _check(_lib.ro_fortify_rank(order, ctypes.byref(f), j))
            out[j] = [(tuple(f.split[i].d[t] for t in range(k)),
                       mpq_to_fraction(f.split[i].at_least[j - 1]))
                      for i in order[:f.n]]
        return out if at_least == "each" else out[wanted[0]]
    finally:
        _lib.ro_fortify_clear(ctypes.byref(f))


def _fortify_best(r, a, d, k, wanted, n, each):
    """fortify(best=N): for each J of WANTED the N best by
    ro_fortify_best; {J: ranking} when EACH."""
    out = {}
    for j in wanted:
        f = _lib.ro_fortify_t()
        _lib.ro_fortify_init(ctypes.byref(f))
        try:
            _check(_lib.ro_fortify_best(ctypes.byref(f), ctypes.byref(r), 1,
                                        a, d, k, j, n),
                   "A = %d, D = %d over K = %d" % (a, d, k))
            out[j] = [(tuple(f.split[i].d[t] for t in range(k)),
                       mpq_to_fraction(f.split[i].at_least[j - 1]))
                      for i in range(f.n)]
        finally:
            _lib.ro_fortify_clear(ctypes.byref(f))
    return out if each else out[wanted[0]]
