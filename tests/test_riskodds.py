"""test_riskodds.py -- the Python module against the program and brute force.

Run by tests/python.test with RISKODDS (the program), RISKODDS_LIBRARY
(the library just built) and PYTHONPATH (the source tree's python/) set.
Expected values come from the program's own output, parsed from its CSV
(another path through the library: option parsing, the CLI's engine
choice, fractions printed as text), and from a brute-force count of every
roll with a plain Fraction recursion written here, which shares nothing
with the library.
"""

import csv
import doctest
import io
import itertools
import json
import os
import subprocess
import sys
import unittest
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from functools import lru_cache

import riskodds

RISKODDS = os.environ.get("RISKODDS", "src/riskodds/riskodds")

# Rule sets as keyword arguments, each with battles (A, D) to compare:
# the optimal policies are slow in the program's brute checks, so theirs
# are small.
GRID = [(a, d) for a in (1, 2, 3, 5, 8) for d in (1, 2, 4, 7)]
SMALL = [(a, d) for a in (1, 2, 3, 5) for d in (1, 2, 4)]
RULE_SETS = [
    ({}, GRID),
    ({"sides": 10}, GRID),
    ({"attack_dice": 3, "defend_dice": 3}, GRID),
    ({"ties": "attacker"}, GRID),
    ({"count": "attackers"}, [(a - 1, d) for a, d in GRID]),
    ({"attack_bonus": 1}, GRID),
    ({"attack_bonus": 1, "defend_bonus": 2}, GRID),
    ({"attack_sides": 8, "defend_sides": 6, "attack_dice": 2}, GRID),
    ({"stop": 2, "goal": 1}, GRID),
    ({"defender": "wieringa"}, GRID),
    ({"defend_bonus": -1, "clamp": True}, GRID),
    ({"defend_bonus": 1, "defend_bonus_dice": "all", "clamp": True}, GRID),
    ({"attack_bonus": 2, "attack_bonus_dice": 2}, GRID),
    ({"defender": "wieringa-rolled"}, SMALL),
    ({"defender": "optimal"}, SMALL),
    ({"attacker": "optimal", "defender": "optimal", "count": "attackers"},
     SMALL),
    ({"attack_commanders": 1, "defend_commanders": 1}, GRID),
    ({"attack_commanders": 2, "defend_station": True}, GRID),
]


def options(rules):
    """The program's options for RULES."""
    return ["--%s" % k.replace("_", "-") if v is True
            else "--%s=%s" % (k.replace("_", "-"), v)
            for k, v in rules.items()]


def run(args):
    p = subprocess.run([RISKODDS] + args, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    if p.returncode != 0:
        raise AssertionError("riskodds %s: exit %d: %s"
                             % (" ".join(args), p.returncode, p.stderr))
    return list(csv.DictReader(io.StringIO(p.stdout)))


def cli_battle(rules, a, d):
    rows = run(options(rules) + ["--format", "csv", str(a), str(d)])
    assert len(rows) == 1, rows
    assert (int(rows[0]["attackers"]), int(rows[0]["defenders"])) == (a, d)
    return Fraction(rows[0]["win_exact"])


# ------------------------------------------------------------------ #
# Brute force: every roll counted, a plain recursion over Fractions   #
# ------------------------------------------------------------------ #

STANDARD = dict(attack_sides=6, defend_sides=6, attack_dice=3,
                defend_dice=2, attack_bonus=0, defend_bonus=0,
                ties="defender", count="territory", stop=0, goal=0)


def brute_rules(kw):
    r = dict(STANDARD)
    if "sides" in kw:
        r["attack_sides"] = r["defend_sides"] = kw["sides"]
    r.update((k, v) for k, v in kw.items() if k != "sides")
    return r


@lru_cache(maxsize=None)
def brute_round(na, nd, sa, sd, ba, bd, ties):
    """{attacker losses: probability} of NA dice of SA sides against ND
    of SD, over every ordered roll."""
    losses = {}
    for att in itertools.product(range(1, sa + 1), repeat=na):
        hi_a = sorted(att, reverse=True)
        for dfn in itertools.product(range(1, sd + 1), repeat=nd):
            hi_d = sorted(dfn, reverse=True)
            lost = 0
            for i in range(min(na, nd)):
                x = hi_a[i] + (ba if i == 0 else 0)
                y = hi_d[i] + (bd if i == 0 else 0)
                if not (x > y or (x == y and ties == "attacker")):
                    lost += 1
            losses[lost] = losses.get(lost, 0) + 1
    total = sa ** na * sd ** nd
    return {k: Fraction(n, total) for k, n in losses.items()}


def brute_battle(kw, a, d):
    r = brute_rules(kw)
    behind = 1 if r["count"] == "territory" else 0

    @lru_cache(maxsize=None)
    def p(a, d):
        if d <= r["goal"]:
            return Fraction(1)
        fighting = a - behind
        if a <= r["stop"] or fighting <= 0:
            return Fraction(0)
        na, nd = min(r["attack_dice"], fighting), min(r["defend_dice"], d)
        rd = brute_round(na, nd, r["attack_sides"], r["defend_sides"],
                         r["attack_bonus"], r["defend_bonus"], r["ties"])
        c = min(na, nd)
        return sum(q * p(a - k, d - (c - k)) for k, q in rd.items())
    return p(a, d)


# ------------------------------------------------------------------ #
# The tests                                                          #
# ------------------------------------------------------------------ #


class AgainstProgram(unittest.TestCase):
    """(a) battle() is the program's exact fraction, and table() is the
    program's table, for every rule set."""

    def test_battle_equals_cli(self):
        jobs = [(rules, a, d) for rules, battles in RULE_SETS
                for a, d in battles]
        with ThreadPoolExecutor(max_workers=2) as pool:
            expected = list(pool.map(lambda j: cli_battle(*j), jobs))
        for (rules, a, d), want in zip(jobs, expected):
            with self.subTest(rules=rules, a=a, d=d):
                got = riskodds.battle(a, d, **rules)
                self.assertIsInstance(got, Fraction)
                self.assertEqual(got, want)
        print("\n  %d battles under %d rule sets equal the program's"
              % (len(jobs), len(RULE_SETS)), file=sys.stderr)

    def test_table_equals_cli_table(self):
        for rules, battles in RULE_SETS:
            lo = 0 if rules.get("count") == "attackers" else 1
            hi = 6 if battles is SMALL else 12
            with self.subTest(rules=rules):
                rows = run(options(rules) + [
                    "table", "--format", "csv", "--attackers",
                    "%d..%d" % (lo, hi), "--defenders", "1..%d" % hi])
                want = {(int(r["attackers"]), int(r["defenders"])):
                        Fraction(r["win_exact"]) for r in rows}
                got = riskodds.table(range(lo, hi + 1), (1, hi), **rules)
                self.assertEqual(len(want), (hi - lo + 1) * hi)
                self.assertEqual(got.as_dict(), want)
                # The rows in the program's order, row by row.
                self.assertEqual([tuple(c) for c in got],
                                 [(int(r["attackers"]), int(r["defenders"]),
                                   Fraction(r["win_exact"])) for r in rows])

    def test_rounds_equals_cli(self):
        # battle(rounds=N) and dist(rounds=N) are the program's --rounds
        # N, end by end (its --dist rows: winner 'none' still going on).
        for rules in ({}, {"count": "attackers", "stop": 2},
                      {"defend_bonus": 1, "defend_bonus_dice": "all",
                       "clamp": True}, {"defender": "wieringa"}):
            for a, d, n in ((5, 3, 1), (5, 3, 2), (10, 5, 3), (18, 6, 40)):
                with self.subTest(rules=rules, a=a, d=d, n=n):
                    args = options(rules) + ["--rounds", str(n),
                                             "--format", "csv"]
                    row = run(args + [str(a), str(d)])[0]
                    got = riskodds.battle(a, d, rounds=n, **rules)
                    self.assertEqual(got, Fraction(row["win_exact"]))
                    ends = riskodds.dist(a, d, rounds=n, **rules)
                    self.assertEqual(
                        sum(o.p for o in ends if o.unresolved),
                        Fraction(row["unresolved_exact"]))
                    rows = run(args + ["--dist", str(a), str(d)])
                    want = [(r["winner"] == "attacker",
                             int(r["attackers_left"]),
                             int(r["defenders_left"]),
                             Fraction(r["exact"]), r["winner"] == "none")
                            for r in rows]
                    self.assertEqual(ends, want)
        with self.assertRaises(riskodds.ArgumentError):
            riskodds.battle(3, 2, rounds=0)
        with self.assertRaises(TypeError):
            riskodds.dist(3, 2, rounds=1.5)
        with self.assertRaises(riskodds.RiskoddsError):
            riskodds.battle(3, 2, rounds=2, defender="optimal")

    def test_needed_equals_cli(self):
        rows = run(["needed", "--format", "csv", "--target", "0.9",
                    "1..6"])
        want = {int(r["defenders"]): int(r["attackers"]) for r in rows}
        self.assertEqual(riskodds.needed(range(1, 7), "0.9"), want)
        self.assertEqual(riskodds.needed(6, Fraction(9, 10)), want[6])

    def test_round_equals_cli(self):
        for rules in ({}, {"sides": 8, "defend_dice": 3}):
            rows = run(["round", "--format", "csv"] + options(rules))
            for r in rows:
                na, nd = int(r["attack_dice"]), int(r["defend_dice"])
                got = riskodds.round(na, nd, **rules)
                self.assertEqual(got.counts[int(r["attacker_losses"])],
                                 int(r["count"]))
                self.assertEqual(got.total, int(r["total"]))


class BruteForce(unittest.TestCase):
    """(b) values counted here, roll by roll."""

    def test_rounds_brute_force(self):
        # Every path of at most N rounds, its rounds counted roll by
        # roll: one round is the round's outcomes, and N = A + D the
        # whole battle.
        def paths(f, d, n, p, out):
            if d == 0 or f == 0:
                out[(d == 0, f, d, False)] += p
                return
            if n == 0:
                out[(False, f, d, True)] += p
                return
            na, nd = min(f, 3), min(d, 2)
            for k, q in brute_round(na, nd, 6, 6, 0, 0,
                                    "defender").items():
                paths(f - k, d - (min(na, nd) - k), n - 1, p * q, out)

        for a, d in ((2, 1), (4, 2), (6, 3), (5, 5)):
            for n in (1, 2, 3, a + d):
                out = Counter()
                paths(a - 1, d, n, Fraction(1), out)
                want = sorted((w, f + 1, dd, p, u)
                              for (w, f, dd, u), p in out.items() if p)
                got = sorted(riskodds.dist(a, d, rounds=n))
                self.assertEqual(got, want)
                self.assertEqual(riskodds.battle(a, d, rounds=n),
                                 sum(p for (w, _, _, _), p in out.items()
                                     if w))
            self.assertEqual(riskodds.battle(a, d, rounds=a + d),
                             riskodds.battle(a, d))

    def test_one_against_one(self):
        # 1 v 1 on d6 (two armies in the territory): the attacker wins
        # the pairs (x, y) with x > y: 15 of 36.
        pairs = sum(1 for x in range(1, 7) for y in range(1, 7) if x > y)
        self.assertEqual(pairs, 15)
        self.assertEqual(riskodds.battle(2, 1), Fraction(15, 36))
        self.assertEqual(riskodds.battle(1, 1, count="attackers"),
                         Fraction(15, 36))
        self.assertEqual(riskodds.round(1, 1).counts, (15, 21))

    def test_commander_against_one(self):
        # A commander's d8 against a d6: the pairs (x, y), x of 8 and y
        # of 6, with x > y: 27 of 48; against a station's d8, 28 of 64.
        pairs = sum(1 for x in range(1, 9) for y in range(1, 7) if x > y)
        self.assertEqual(pairs, 27)
        self.assertEqual(riskodds.battle(2, 1, attack_commanders=1),
                         Fraction(27, 48))
        self.assertEqual(riskodds.battle(2, 1, attack_commanders=1,
                                         defend_station=True),
                         Fraction(28, 64))

    def test_rounds(self):
        for na, nd in ((3, 2), (2, 2), (1, 2), (3, 1)):
            got = riskodds.round(na, nd)
            want = brute_round(na, nd, 6, 6, 0, 0, "defender")
            self.assertEqual(got.total, 6 ** (na + nd))
            self.assertEqual({k: Fraction(n, got.total)
                              for k, n in enumerate(got.counts) if n},
                             want)

    def test_legacy_counts(self):
        # Published and hand counts (issue 18): the bunker's 3 v 2, and
        # the ammo shortage's 1 v 1 with the defender's 1 kept a 1 (the
        # attacker wins 20 of 36 rolls; 21 when -1 makes it a 0).
        self.assertEqual(riskodds.round(3, 2, defend_bonus=1).counts,
                         (1860, 3176, 2740))
        self.assertEqual(
            riskodds.round(1, 1, defend_bonus=-1, clamp=True).counts,
            (20, 16))
        self.assertEqual(riskodds.round(1, 1, defend_bonus=-1).counts,
                         (21, 15))

    def test_battles(self):
        cases = [{}, {"ties": "attacker"}, {"count": "attackers"},
                 {"attack_bonus": 1}, {"defend_bonus": -1},
                 {"attack_dice": 2, "defend_dice": 3},
                 {"sides": 8}, {"stop": 2, "goal": 1}]
        for kw in cases:
            for a in range(1, 7):
                for d in range(1, 6):
                    with self.subTest(rules=kw, a=a, d=d):
                        self.assertEqual(riskodds.battle(a, d, **kw),
                                         brute_battle(kw, a, d))
        self.assertEqual(brute_battle({}, 3, 2), Fraction(235, 648))


class Consistency(unittest.TestCase):
    """(c) table() cell by cell is battle(); (d) dist() and stats()."""

    def test_table_is_battle(self):
        for rules in ({}, {"defender": "wieringa"}, {"count": "attackers"}):
            lo = 0 if rules.get("count") == "attackers" else 1
            t = riskodds.table((lo, 7), range(1, 6), **rules)
            self.assertEqual([(c.attackers, c.defenders) for c in t],
                             [(a, d) for a in range(lo, 8)
                              for d in range(1, 6)])
            for a, d, p in t:
                self.assertEqual(p, riskodds.battle(a, d, **rules))
                self.assertEqual(t[a, d], p)

    def test_dist(self):
        for rules in ({}, {"goal": 2}, {"defender": "optimal"}):
            for a, d in ((3, 2), (7, 5), (10, 10)):
                ends = riskodds.dist(a, d, **rules)
                self.assertEqual(sum(o.p for o in ends), 1)
                self.assertEqual(sum(o.p for o in ends if o.won),
                                 riskodds.battle(a, d, **rules))
                self.assertTrue(all(o.p > 0 for o in ends))
        # 3 v 2: the attacker rolls 2 dice (one army stays behind) and
        # keeps his 3 only by winning both comparisons of the first
        # round: the 2 v 2 rolls counted by brute force.
        ends = riskodds.dist(3, 2)
        self.assertEqual(ends[0], (True, 3, 0,
                                   brute_round(2, 2, 6, 6, 0, 0,
                                               "defender")[0], False))

    def test_stats(self):
        s = riskodds.stats(3, 2)
        ends = riskodds.dist(3, 2)
        mean = sum(o.p * o.attackers for o in ends)
        var = sum(o.p * (o.attackers - mean) ** 2 for o in ends)
        self.assertEqual(s["all"]["attackers_left"], mean)
        self.assertEqual(s["all"]["attackers_left_var"], var)
        self.assertEqual(s["all"]["attackers_lost"], 3 - mean)
        self.assertEqual(s["p_win"], Fraction(235, 648))
        self.assertEqual(s["win"]["defenders_left"], 0)
        # Against no defender the attacker never loses.
        self.assertIsNone(riskodds.stats(3, 0)["loss"])


class Errors(unittest.TestCase):
    """(e) the library's refusals, as exceptions with its message."""

    def assertRefused(self, exc, message, fn, *args, **kw):
        with self.assertRaises(exc) as cm:
            fn(*args, **kw)
        self.assertIsInstance(cm.exception, riskodds.RiskoddsError)
        self.assertTrue(str(cm.exception).startswith(message),
                        str(cm.exception))
        return cm.exception

    def test_rules(self):
        rules = "invalid or unsupported rule set"
        e = self.assertRefused(riskodds.RulesError, rules, riskodds.battle,
                               3, 2, sides=1)
        self.assertEqual(e.code, -4)
        self.assertEqual(e.message, rules)
        self.assertIsInstance(e, ValueError)
        self.assertRefused(riskodds.RulesError, rules, riskodds.battle,
                           3, 2, attack_dice=0)
        self.assertRefused(riskodds.RulesError, rules, riskodds.table,
                           defend_bonus=101)
        self.assertRefused(riskodds.RulesError, rules, riskodds.battle,
                           3, 2, sides=101)
        # Below the C field too, the library's limits (issue 29: sides=-1
        # said "from 0 to 4294967295").
        e = self.assertRefused(riskodds.RulesError, rules, riskodds.battle,
                               3, 2, sides=-1)
        self.assertIn("sides = -1 (from 2 to 100)", str(e))
        e = self.assertRefused(riskodds.RulesError, rules, riskodds.battle,
                               3, 2, attack_dice=-1)
        self.assertIn("attack_dice = -1 (from 1 to 5)", str(e))

    def test_arguments(self):
        e = self.assertRefused(riskodds.ArgumentError,
                               "argument out of range", riskodds.battle,
                               0, 2)
        self.assertEqual(e.code, -1)
        self.assertIn("territory", str(e))
        self.assertRefused(riskodds.RiskoddsError, "argument out of range",
                           riskodds.dist, 0, 2)
        self.assertRefused(riskodds.RiskoddsError, "argument out of range",
                           riskodds.round, 4, 1)
        self.assertRefused(riskodds.RiskoddsError, "argument out of range",
                           riskodds.verify, [(2, 1, "0.4x")])
        self.assertRefused(riskodds.RangeError, "number too large",
                           riskodds.needed, 50, a_max=10)
        self.assertRefused(riskodds.RiskoddsError, "argument out of range",
                           riskodds.battle, -1, 2)
        # Counting the fighting armies, A = 0 is a lost battle.
        self.assertEqual(riskodds.battle(0, 2, count="attackers"), 0)

    def test_python_mistakes(self):
        with self.assertRaises(TypeError):
            riskodds.battle(3, 2, frmat="csv")
        with self.assertRaises(TypeError):
            riskodds.battle(3, 2, attack_dice="3")
        with self.assertRaises(ValueError):
            riskodds.battle(3, 2, ties="nobody")
        with self.assertRaises(TypeError):
            riskodds.verify([(2, 1, 0.4167)])    # a float has no digits

    def test_callback_exception(self):
        # An exception in the grid's callback stops the pass and comes
        # back as itself, not through C.
        def boom(_):
            raise KeyError("boom")
        real = riskodds.mpq_to_fraction
        riskodds.mpq_to_fraction = boom
        try:
            with self.assertRaises(KeyError):
                riskodds.table((1, 5), (1, 5))
        finally:
            riskodds.mpq_to_fraction = real
        self.assertEqual(riskodds.table(3, 2),
                         (riskodds.Cell(3, 2, Fraction(235, 648)),))

    def test_table_rows(self):
        # Rows csv.writer writes as they are, read back exactly: the
        # header is Table.columns, a Fraction is written as 5/12.
        t = riskodds.table((2, 4), (1, 3), defend_dice=3)
        out = io.StringIO()
        w = csv.writer(out)
        w.writerow(t.columns)
        w.writerows(t)
        back = list(csv.reader(io.StringIO(out.getvalue())))
        self.assertEqual(back[0], ["attackers", "defenders", "win"])
        self.assertEqual([(int(a), int(d), Fraction(p))
                          for a, d, p in back[1:]],
                         [(a, d, riskodds.battle(a, d, defend_dice=3))
                          for a in range(2, 5) for d in range(1, 4)])
        # Every row a tuple of two ints and a Fraction (what
        # pandas.DataFrame and numpy.array(dtype=object) take); an
        # immutable tuple whose pairs look battles up.
        for row in t:
            self.assertIsInstance(row, tuple)
            self.assertEqual([type(v) for v in row], [int, int, Fraction])
        self.assertIsInstance(t, tuple)
        self.assertEqual(t[4, 3], t[-1].win)
        self.assertEqual(t[0], riskodds.Cell(2, 1, t[2, 1]))
        self.assertIn((3, 2), t)
        self.assertNotIn((5, 2), t)
        self.assertIn(t[1], t)
        self.assertIsNone(t.get((5, 2)))
        self.assertEqual(len(t[1:4]), 3)
        with self.assertRaises(KeyError):
            t[5, 2]

    def test_fortify_best(self):
        # best=N: the full ranking's N first, split by split and value by
        # value, for every question; beyond the enumeration's 100000
        # splits too (the program's search), where the full ranking
        # cannot be asked.
        for a, d, k, kw in ((10, 8, 3, {}), (9, 9, 4, {"defend_dice": 3}),
                            (12, 7, 3, {"defender": "optimal"}),
                            (6, 9, 3, {"count": "attackers", "stop": 2})):
            each = riskodds.fortify(a, d, k, at_least="each", **kw)
            for n in (1, 4, 100):
                got = riskodds.fortify(a, d, k, at_least="each", best=n,
                                       **kw)
                self.assertEqual(got, {j: r[:n] for j, r in each.items()})
        self.assertEqual(riskodds.fortify(100, 60, 5, best=1),
                         riskodds.fortify(100, 60, 5, at_least=5, best=1))
        with self.assertRaises(riskodds.RangeError):
            riskodds.fortify(100, 60, 5)
        for bad in (0, -1, 1.5, True):
            with self.assertRaises(ValueError):
                riskodds.fortify(10, 6, 2, best=bad)
        with self.assertRaises(ValueError):
            riskodds.fortify(10, 6, 2, best=1, defender="optimal",
                             policy_scope="chain")

    def test_docstrings(self):
        # The examples of the docstrings (help(riskodds.battle) shows
        # them) are real runs.
        failed, attempted = doctest.testmod(riskodds)
        self.assertEqual(failed, 0)
        self.assertGreaterEqual(attempted, 20)
        for f in (riskodds.battle, riskodds.dist, riskodds.table,
                  riskodds.needed, riskodds.chain, riskodds.fortify):
            self.assertIn(">>> ", f.__doc__, f.__name__)
            self.assertIn("riskodds.%s(" % f.__name__, f.__doc__)


class Memory(unittest.TestCase):
    """(e') computations too large for memory refused up front, as the
    program refuses them (--max-memory), with a MemoryError instead of
    GMP's abort of the whole interpreter."""

    def program_estimate(self, *args):
        """The bytes the program says ARGS would need, as it prints them
        in its refusal under --max-memory 1, its decimals apart (Python
        makes none)."""
        p = subprocess.run([RISKODDS, "--max-memory", "1", "--values",
                            "exact"] + list(args),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
        self.assertEqual(p.returncode, 2, p.stderr)
        return p.stderr.split("would need up to ")[1].split(" of memory")[0]

    def assertNoMemory(self, fn, *args, **kw):
        with self.assertRaises(MemoryError) as cm:
            fn(*args, **kw)
        e = cm.exception
        self.assertIsInstance(e, riskodds.NoMemoryError)
        self.assertIsInstance(e, riskodds.RiskoddsError)
        self.assertEqual(e.code, -3)
        return str(e)

    def test_round_many_sides(self):
        # 40-sided, 5 against 5, a bonus on 3 of the attacker's dice
        # (issue 29): 1.4 GB measured; the program's figure.
        kw = dict(sides=40, attack_dice=5, defend_dice=5, attack_bonus=3,
                  attack_bonus_dice=3)
        text = self.assertNoMemory(riskodds.round, 5, 5,
                                   max_memory=2 ** 30, **kw)
        self.assertIn("(ro_dice_memory)", text)
        self.assertIn("would need up to 1.", text)
        # The standard round is a few KiB.
        self.assertEqual(riskodds.round(3, 2, max_memory=2 ** 20).total,
                         7776)

    def test_huge_fortify(self):
        # 10^8 territories of 1 (issue 29): refused at once, before
        # anything of 10^8 entries is made (it climbed to 8 GiB first).
        text = self.assertNoMemory(riskodds.fortify, 10, 10 ** 8, 10 ** 8,
                                   max_memory=2 ** 30)
        self.assertIn("(ro_fortify_memory)", text)
        self.assertIn("more than the limit of 1.0 GiB (1073741824 bytes)", text)

    def test_huge_dist(self):
        # 100000 v 100000: the program's own figure, and the limit.
        text = self.assertNoMemory(riskodds.dist, 100000, 100000,
                                   max_memory=2 ** 30)
        need = self.program_estimate("--dist", "100000", "100000")
        self.assertIn("would need up to %s (ro_battle_dist_memory)" % need,
                      text)
        self.assertIn("more than the limit of 1.0 GiB (1073741824 bytes)", text)
        self.assertIn("100000 against 100000", text)

    def test_chain_fortify_program_figure(self):
        # The hostile user's chain and fortify (issue 24), refused with the
        # program's own figures (ro_chain_memory, ro_fortify_memory).
        text = self.assertNoMemory(riskodds.chain, 20000, 100, 100,
                                   max_memory=64 * 2 ** 20)
        self.assertIn("up to %s (ro_chain_memory)" % self.program_estimate(
            "chain", "20000", "100", "100"), text)
        text = self.assertNoMemory(riskodds.fortify, 100, 20, 10,
                                   max_memory=16 * 2 ** 20)
        self.assertIn("up to %s (ro_fortify_memory)" % self.program_estimate(
            "fortify", "--attackers", "100", "20", "10"), text)

    def test_every_function(self):
        # A limit of one byte refuses every computation; without one the
        # same small ones run.
        calls = [(riskodds.battle, (3, 2), {}),
                 (riskodds.battle, (3, 2), {"rounds": 2}),
                 (riskodds.dist, (3, 2), {}),
                 (riskodds.dist, (3, 2), {"defender": "optimal"}),
                 (riskodds.stats, (3, 2), {}),
                 (riskodds.table, ((1, 3), (1, 3)), {}),
                 (riskodds.verify, ([(3, 2, "0.36")],), {}),
                 (riskodds.needed, (5,), {}),
                 (riskodds.chain, (10, 3, 3), {}),
                 (riskodds.chain, (10, 3, 3), {"rounds": 4}),
                 (riskodds.chain_stats, (10, 3, 3), {}),
                 (riskodds.fortify, (10, 6, 2), {})]
        for fn, args, kw in calls:
            with self.subTest(fn=fn.__name__, args=args, kw=kw):
                text = self.assertNoMemory(fn, *args, max_memory=1, **kw)
                self.assertIn("more than the limit of 1 byte", text)
                fn(*args, **kw)
                fn(*args, max_memory=2 ** 30, **kw)
        # The estimate named is the program's, where it prints one.
        text = self.assertNoMemory(riskodds.battle, 2000, 2000, max_memory=1)
        self.assertIn("up to %s (ro_battle_memory)"
                      % self.program_estimate("2000", "2000"), text)
        text = self.assertNoMemory(riskodds.table, (1, 300), (1, 300),
                                   max_memory=1)
        # One thread's grid is the recursion's battle (riskodds.h).
        self.assertIn("up to %s (ro_battle_grid_memory)"
                      % self.program_estimate("--method", "recursion",
                                              "300", "300"), text)

    def test_bad_limits(self):
        with self.assertRaises(TypeError):
            riskodds.battle(3, 2, max_memory="1G")
        with self.assertRaises(ValueError):
            riskodds.battle(3, 2, max_memory=0)
        self.assertGreater(riskodds.default_max_memory(), 0)

    def test_address_space_limit(self):
        # Under RLIMIT_AS of 2 GiB the default limit follows it: the
        # interpreter lives on with a MemoryError, where GMP's failed
        # allocation would abort it.
        code = """if True:
            import resource
            resource.setrlimit(resource.RLIMIT_AS, (2 ** 31, 2 ** 31))
            import riskodds
            assert riskodds.default_max_memory() < 2 ** 31
            try:
                riskodds.dist(100000, 100000)
            except MemoryError as e:
                print("MemoryError:", e)
            print("alive")
            """
        p = subprocess.run([sys.executable, "-c", code],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("MemoryError: not enough memory", p.stdout)
        self.assertIn("(see max_memory)", p.stdout)
        self.assertTrue(p.stdout.endswith("alive\n"), p.stdout)


class Verify(unittest.TestCase):
    """(f) published values judged as riskodds verify judges them."""

    def test_two_against_one(self):
        v = riskodds.verify([(2, 1, "0.4167"), (2, 1, "0.42"),
                             (2, 1, "0.41"), (2, 1, "41.67%"),
                             (2, 1, Fraction(5, 12)), (2, 1, "5/12"),
                             (2, 1, Fraction(4167, 10000))])
        self.assertEqual([x.agree for x in v],
                         [True, True, False, True, True, True, False])
        self.assertEqual(v[0].exact, Fraction(5, 12))
        self.assertEqual(v[0].value, Fraction(4167, 10000))
        self.assertEqual(v[0].error, Fraction(4167, 10000) - Fraction(5, 12))
        self.assertEqual(v[2].error, Fraction(-1, 150))

    def test_options(self):
        v = riskodds.verify([(1, 1, "41.67")], percent=True,
                            count="attackers")
        self.assertTrue(v[0].agree)
        v = riskodds.verify([(2, 1, "0.41")], tolerance="0.01")
        self.assertTrue(v[0].agree)

    def test_against_cli(self):
        # The program's verify on the same values (a long table).
        values = [(3, 2, "0.3627"), (3, 2, "0.3626"), (5, 5, "0.3"),
                  (5, 5, "0.36"), (10, 4, "0.9")]
        path = os.path.join(os.environ.get("TMPDIR", "/tmp"),
                            "riskodds-py-%d.csv" % os.getpid())
        with open(path, "w") as f:
            f.write("attackers,defenders,win\n")
            f.writelines("%d,%d,%s\n" % v for v in values)
        try:
            p = subprocess.run([RISKODDS, "verify", "--format", "json", path],
                               stdout=subprocess.PIPE,
                               universal_newlines=True)
        finally:
            os.remove(path)
        wrong = [(e["attackers"], e["defenders"], e["published"])
                 for e in json.loads(p.stdout)["files"][0]["disagreements"]]
        got = riskodds.verify(values)
        self.assertEqual([v for v, x in zip(values, got) if not x.agree],
                         wrong)
        # 0.3626 is not 0.36265... rounded, nor 0.3 0.3586... (0.4).
        self.assertEqual(len(wrong), 2)
        self.assertEqual(p.returncode, 1)


# ------------------------------------------------------------------ #
# Chains and fortify                                                 #
# ------------------------------------------------------------------ #


def run_json(args):
    p = subprocess.run([RISKODDS] + args, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    if p.returncode != 0:
        raise AssertionError("riskodds %s: exit %d: %s"
                             % (" ".join(args), p.returncode, p.stderr))
    return json.loads(p.stdout)


def territory_operand(d, own):
    """The program's operand for a territory of D armies with the rules
    OWN (a dict or None): D or D:RULE=VALUE,..."""
    if not own:
        return str(d)
    return "%d:%s" % (d, ",".join(
        "%s=%s" % (k.replace("_", "-"), v)
        for k, v in own.items()))


def brute_chain_all(kw, a, ds, own=None):
    """P(taking every territory of DS), A attacking under KW with each
    territory's rules OWN[i] over it: the territories' battles counted
    roll by roll, one army left in each territory taken."""
    own = own or [None] * len(ds)
    rs = [brute_rules(dict(kw, **(o or {}))) for o in own]
    behind = 1 if rs[0]["count"] == "territory" else 0

    @lru_cache(maxsize=None)
    def p(i, f, d):
        if d == 0:
            return Fraction(1) if i == len(ds) - 1 else p(i + 1, f - 1,
                                                          ds[i + 1])
        if f <= 0:
            return Fraction(0)
        r = rs[i]
        na, nd = min(r["attack_dice"], f), min(r["defend_dice"], d)
        rd = brute_round(na, nd, r["attack_sides"], r["defend_sides"],
                         r["attack_bonus"], r["defend_bonus"], r["ties"])
        c = min(na, nd)
        return sum(q * p(i, f - k, d - (c - k)) for k, q in rd.items())
    return p(0, a - behind, ds[0])


# (rules, A, defenders, chain() keywords): the program's options follow
# from them.
CHAINS = [
    ({}, 10, (3, 3), {}),
    ({}, 12, (4, 1, 2), {}),
    ({"sides": 8}, 9, (2, 3, 1),
     {"territory_rules": [None, {"defend_dice": 3}, {"defend_bonus": 1}]}),
    ({"count": "attackers"}, 7, (2, 2),
     {"territory_rules": [{"attack_sides": 10}, None]}),
    ({"stop": 2}, 11, (3, 2), {}),
    ({}, 6, (2, 2), {"rounds": 4}),
    ({"count": "attackers"}, 8, (3, 1, 2), {"rounds": 5}),
    ({}, 9, (2, 3), {"rounds": 3,
                     "territory_rules": [None, {"defend_dice": 3}]}),
    ({"defender": "optimal"}, 7, (2, 2), {"policy_scope": "chain"}),
    ({"defender": "optimal", "attacker": "optimal"}, 8, (2, 1, 2),
     {"policy_scope": "chain", "target": 2}),
]


def chain_args(rules, a, ds, kw):
    args = options(rules) + ["chain", "--format", "json"]
    if kw.get("rounds"):
        args += ["--rounds", str(kw["rounds"])]
    if kw.get("policy_scope") == "chain":
        args += ["--policy-scope", "chain" if "target" not in kw
                 else "chain:%d" % kw["target"]]
    own = kw.get("territory_rules") or [None] * len(ds)
    return args + [str(a)] + [territory_operand(d, o)
                              for d, o in zip(ds, own)]


class Chains(unittest.TestCase):
    """chain(), chain_stats() and fortify() are the program's, and
    chain().all a count roll by roll."""

    def test_chain_equals_cli(self):
        for rules, a, ds, kw in CHAINS:
            with self.subTest(rules=rules, a=a, ds=ds, kw=kw):
                j = run_json(chain_args(rules, a, ds, kw))
                got = riskodds.chain(a, *ds, **kw, **rules)
                self.assertEqual(got.all, Fraction(j["all"]["exact"]))
                k = len(ds)
                self.assertEqual(len(got.taken), k + 1)
                for t in j["taken"]:
                    n = t["territories"]
                    self.assertEqual(got.taken[n], Fraction(t["exact"]))
                    self.assertEqual(got.at_least[n],
                                     Fraction(t["at_least"]["exact"]))
                self.assertEqual(sum(got.taken), 1)
                self.assertEqual(got.at_least[k], got.all)
                self.assertEqual(list(got.armies.items()),
                                 [(r["armies"], Fraction(r["exact"]))
                                  for r in j["armies"]])
                self.assertEqual(got.stops, [
                    (s["territory"], s["defenders"], s["attackers"],
                     Fraction(s["exact"]), s.get("unresolved", False))
                    for s in j["stops"]])
                if "rounds" in kw:
                    self.assertEqual(got.unresolved,
                                     Fraction(j["unresolved"]["exact"]))
                    self.assertEqual(got.unresolved,
                                     sum(s.p for s in got.stops
                                         if s.unresolved))
                else:
                    self.assertIsNone(got.unresolved)
                    self.assertNotIn("unresolved", j)

    def test_chain_stats_equals_cli(self):
        for rules, a, ds, kw in (CHAINS[0], CHAINS[2], CHAINS[5]):
            with self.subTest(rules=rules, a=a, ds=ds, kw=kw):
                j = run_json(chain_args(rules, a, ds, kw) + ["--stats"])
                got = riskodds.chain_stats(a, *ds, **kw, **rules)
                for key, name in (("taken", "territories_taken"),
                                  ("attackers_lost", "attackers_lost"),
                                  ("defenders_lost", "defenders_lost")):
                    st = j["stats"][name]
                    self.assertEqual(got[key],
                                     Fraction(st["mean"]["exact"]))
                    self.assertEqual(got[key + "_var"],
                                     Fraction(st["variance"]["exact"]))
                c = riskodds.chain(a, *ds, **kw, **rules)
                self.assertEqual(got["taken"],
                                 sum(n * p for n, p in enumerate(c.taken)))

    def test_chain_brute_force(self):
        cases = [({}, 5, (1,), None), ({}, 6, (2, 1), None),
                 ({}, 7, (2, 2), None),
                 ({"count": "attackers"}, 5, (2, 1), None),
                 ({"ties": "attacker"}, 6, (1, 3), None),
                 ({}, 6, (2, 2), [None, {"defend_dice": 3}]),
                 ({}, 7, (1, 2), [{"sides": 8}, {"defend_bonus": 1}])]
        for kw, a, ds, own in cases:
            with self.subTest(rules=kw, a=a, ds=ds, own=own):
                got = riskodds.chain(a, *ds, territory_rules=own, **kw)
                self.assertEqual(got.all, brute_chain_all(kw, a, ds, own))
        # One territory: the chain is the battle.
        self.assertEqual(riskodds.chain(5, 3).all, riskodds.battle(5, 3))

    def test_chain_errors(self):
        with self.assertRaises(TypeError):
            riskodds.chain(5)
        with self.assertRaises(riskodds.ArgumentError):
            riskodds.chain(5, 2, 0)
        with self.assertRaises(ValueError):
            riskodds.chain(5, 2, 2, territory_rules=[None])
        with self.assertRaises(riskodds.ArgumentError):
            riskodds.chain(5, 2, 2, target=3)
        with self.assertRaises(ValueError):
            riskodds.chain(5, 2, policy_scope="war")
        with self.assertRaises(riskodds.ArgumentError):
            riskodds.chain(5, 2, 2, goal=1)
        with self.assertRaises(riskodds.ArgumentError):
            riskodds.chain(5, 2, 2, rounds=3, defender="optimal")
        with self.assertRaises(riskodds.ArgumentError):
            riskodds.chain(5, 2, 2, territory_rules=[None, {"stop": 1}])
        with self.assertRaises(TypeError):
            riskodds.chain(5, 2, territory_rules=[{"dice": 3}])

    def test_fortify_equals_cli(self):
        for rules, a, d, k, kw in (
                ({}, 10, 6, 2, {}),
                ({"sides": 8, "count": "attackers"}, 9, 6, 3, {}),
                ({"defender": "optimal"}, 8, 5, 3,
                 {"policy_scope": "chain", "target": 2})):
            with self.subTest(rules=rules, a=a, d=d, k=k, kw=kw):
                args = options(rules) + ["fortify", "--format", "csv",
                                         "--attackers", str(a)]
                if kw:
                    args += ["--policy-scope", "chain:%d" % kw["target"]]
                rows = run(args + [str(d), str(k)])
                each = riskodds.fortify(a, d, k, at_least="each", **kw,
                                        **rules)
                for j in range(1, k + 1):
                    want = [(tuple(int(x) for x in r["split"].split()),
                             Fraction(r["exact"]))
                            for r in rows if int(r["at_least"]) == j]
                    self.assertEqual(int(rows[0]["rank"]), 1)
                    self.assertEqual(each[j], want)
                    self.assertEqual(riskodds.fortify(a, d, k, at_least=j,
                                                      **kw, **rules), want)
                self.assertEqual(riskodds.fortify(a, d, k, **kw, **rules),
                                 each[k])
        # Each split's P(all) is its chain's.
        for split, p in riskodds.fortify(10, 6, 2):
            self.assertEqual(p, riskodds.chain(10, *split).all)
        with self.assertRaises(riskodds.ArgumentError):
            riskodds.fortify(10, 2, 3)
        with self.assertRaises(ValueError):
            riskodds.fortify(10, 6, 2, at_least=3)


class Editions(unittest.TestCase):
    """edition=NAME: the rules of the README's table "Editions and house
    rules", spelled out here, and what the program's --edition gives."""

    # name: its rules as keywords, from the README's table (the
    # rulebooks), not from the library's.
    README = {
        "standard": {},
        "risiko": {"defend_dice": 3},
        "capital": {"defend_dice": 3},
        "legacy-bunker": {"defend_bonus": 1, "clamp": True},
        "legacy-fortification": {"defend_bonus": 1,
                                 "defend_bonus_dice": "all",
                                 "clamp": True},
        "legacy-ammo-shortage": {"defend_bonus": -1, "clamp": True},
        "lotr-leader": {"attack_bonus": 1},
        "lotr-leader-defending": {"defend_bonus": 1},
        "lotr-stronghold": {"defend_bonus": 1},
        "lotr-leader-stronghold": {"defend_bonus": 2},
        "zombies": {"ties": "attacker"},
        "2210-station": {"defend_station": True},
        "2210-commander": {"attack_commanders": 1},
        "2210-defending-commander": {"defend_commanders": 1},
    }

    def test_station_spelled_out(self):
        # 10 v 10 at a space station is 10 v 10 with defend_station.
        self.assertEqual(riskodds.battle(10, 10, edition="2210-station"),
                         riskodds.battle(10, 10, defend_station=True))
        self.assertNotEqual(riskodds.battle(10, 10, edition="2210-station"),
                            riskodds.battle(10, 10))
        # Counted by hand: one d6 against a station's d8, the pairs
        # (x, y) with x > y: 15 of 48; a commander's d8 against a d6:
        # 27 of 48.
        self.assertEqual(sum(1 for x in range(1, 7) for y in range(1, 9)
                             if x > y), 15)
        self.assertEqual(riskodds.battle(2, 1, edition="2210-station"),
                         Fraction(15, 48))
        self.assertEqual(riskodds.battle(2, 1, edition="2210-commander"),
                         Fraction(27, 48))
        # Brute force over every roll: the zombies win ties.
        for a, d in ((2, 1), (3, 2), (5, 4)):
            self.assertEqual(riskodds.battle(a, d, edition="zombies"),
                             brute_battle({"ties": "attacker"}, a, d))

    def test_every_edition(self):
        self.assertEqual([e.name for e in riskodds.editions()],
                         list(self.README))
        for name, kw in self.README.items():
            with self.subTest(edition=name):
                for a, d in ((3, 2), (6, 4)):
                    got = riskodds.battle(a, d, edition=name)
                    self.assertEqual(got, riskodds.battle(a, d, **kw))
                    self.assertEqual(got, cli_battle({"edition": name},
                                                     a, d))

    def test_listing(self):
        # editions() as the README's table and as the program lists
        # them (riskodds editions --format json).
        out = subprocess.run([RISKODDS, "editions", "--format", "json"],
                             stdout=subprocess.PIPE, check=True,
                             universal_newlines=True).stdout
        listed = json.loads(out)
        got = riskodds.editions()
        self.assertEqual(len(got), 14)
        for e, p in zip(got, listed):
            self.assertIsInstance(e, riskodds.Edition)
            self.assertEqual((e.name, e.title, e.options, e.source),
                             (p["name"], p["title"], p["options"],
                              p["source"]))
            self.assertEqual(e.rules, self.README[e.name])

    def test_explicit_keywords_win(self):
        # In either order of the keywords, as the program's options win
        # before and after --edition.
        for kw in ({"edition": "risiko", "defend_dice": 2},
                   {"defend_dice": 2, "edition": "risiko"}):
            self.assertEqual(riskodds.battle(5, 3, **kw),
                             riskodds.battle(5, 3))
        # A switch turned off: the bunker's +1 left unclamped.
        self.assertEqual(riskodds.battle(4, 3, edition="legacy-bunker",
                                         clamp=False),
                         riskodds.battle(4, 3, defend_bonus=1))
        # Keywords the edition does not set come on top of it.
        self.assertEqual(riskodds.battle(4, 3, edition="risiko", sides=8),
                         riskodds.battle(4, 3, defend_dice=3, sides=8))
        self.assertEqual(cli_battle({"edition": "risiko",
                                     "defend_dice": 2}, 5, 3),
                         riskodds.battle(5, 3, edition="risiko",
                                         defend_dice=2))

    def test_unknown(self):
        with self.assertRaisesRegex(ValueError,
                                    "unknown edition 'risko'; did you mean "
                                    "'risiko'"):
            riskodds.battle(3, 2, edition="risko")
        with self.assertRaisesRegex(ValueError,
                                    "unknown edition 'xyzzy' \\(expected one "
                                    "of: standard, risiko, .*, "
                                    "2210-defending-commander\\)"):
            riskodds.table((1, 2), (1, 2), edition="xyzzy")
        with self.assertRaises(TypeError):
            riskodds.battle(3, 2, edition=3)
        with self.assertRaisesRegex(ValueError, "unknown edition"):
            riskodds.chain(10, 3, 3, territory_rules=[None,
                                                      {"edition": "nope"}])

    def test_every_function(self):
        # Every function that takes rules takes edition=, as the rules
        # spelled out.
        kw, ed = {"defend_dice": 3}, {"edition": "risiko"}
        calls = [
            lambda r: riskodds.dist(5, 3, **r),
            lambda r: riskodds.stats(5, 3, **r),
            lambda r: riskodds.table((1, 4), (1, 4), **r).as_dict(),
            lambda r: riskodds.round_counts(3, 3, **r),
            lambda r: [v.agree for v in riskodds.verify(
                [(5, 3, "0.4374"), (5, 3, "0.5")], **r)],
            lambda r: riskodds.needed(5, **r),
            lambda r: riskodds.chain(10, 3, 2, **r),
            lambda r: riskodds.chain_stats(10, 3, 2, **r),
            lambda r: riskodds.fortify(10, 6, 2, **r),
            lambda r: riskodds.rules(**r).defend_dice,
        ]
        for i, call in enumerate(calls):
            with self.subTest(call=i):
                self.assertEqual(call(ed), call(kw))
        # A territory's edition, the program's D:edition=capital.
        self.assertEqual(
            riskodds.chain(10, 3, 4, territory_rules=[None,
                                                      {"edition":
                                                       "capital"}]),
            riskodds.chain(10, 3, 4, territory_rules=[None,
                                                      {"defend_dice": 3}]))


class Misc(unittest.TestCase):
    def test_version(self):
        out = subprocess.run([RISKODDS, "--version"], stdout=subprocess.PIPE,
                             universal_newlines=True).stdout
        self.assertEqual(out.split("\n")[0].split()[-1], riskodds.__version__)

    def test_large_values(self):
        # A denominator of more than 4300 decimal digits, the most
        # Python's int() reads from decimal (sys.set_int_max_str_digits):
        # the module reads GMP's integers in base 16.
        p = riskodds.battle(1000, 1000)
        self.assertGreater(p.denominator.bit_length(), 4300 * 3.33)
        self.assertTrue(0 < p < 1)
        self.assertEqual(p, riskodds.table(1000, 1000)[(1000, 1000)])

if __name__ == "__main__":
    unittest.main()
