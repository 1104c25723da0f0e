#!/usr/bin/env python3
"""bench/peers/peer_fractions.py -- a peer for bench/bench.sh: the chance
that the attacker conquers, computed as a Python user would, with
fractions.Fraction and the plain recursion over (attackers, defenders).

Usage: peer_fractions.py A D

A counts every army in the attacking territory (one stays behind, so the
attacker rolls min(3, A-1) dice), D the defenders (min(2, D) dice);
standard rules: six-sided dice, ties to the defender.  Prints the
reduced fraction on one line (an integer when it is 0 or 1).
"""

import sys
from fractions import Fraction
from itertools import product


def round_odds(na, nd):
    """[(k, p)]: the defender loses k armies (and the attacker
    min(na, nd) - k) with probability p, by counting every roll."""
    counts = {}
    for roll in product(range(1, 7), repeat=na + nd):
        att = sorted(roll[:na], reverse=True)
        dfn = sorted(roll[na:], reverse=True)
        k = sum(1 for a, d in zip(att, dfn) if a > d)
        counts[k] = counts.get(k, 0) + 1
    total = 6 ** (na + nd)
    return [(k, Fraction(c, total)) for k, c in sorted(counts.items())]


def p_win(big_a, big_d):
    """P(win) for A and D: win[a][d] for every smaller battle first."""
    rounds = {(na, nd): round_odds(na, nd)
              for na in (1, 2, 3) for nd in (1, 2)}
    win = [[Fraction(0)] * (big_d + 1) for _ in range(big_a + 1)]
    for a in range(1, big_a + 1):
        win[a][0] = Fraction(1)          # nobody left to beat
        if a == 1:
            continue                     # the last army may not attack
        for d in range(1, big_d + 1):
            na, nd = min(3, a - 1), min(2, d)
            m = min(na, nd)
            win[a][d] = sum(p * win[a - (m - k)][d - k]
                            for k, p in rounds[na, nd])
    return win[big_a][big_d]


def main(argv):
    if len(argv) != 3 or not argv[1].isdigit() or not argv[2].isdigit() \
       or int(argv[1]) < 1:
        sys.exit("usage: peer_fractions.py A D  (A >= 1, D >= 0)")
    print(p_win(int(argv[1]), int(argv[2])))


if __name__ == "__main__":
    main(sys.argv)
