\\ bench/peers/peer.gp -- a peer for bench/bench.sh: the chance that the
\\ attacker conquers, in PARI/GP's exact rationals, by the plain recursion
\\ over (attackers, defenders).
\\
\\ Usage: echo 'print(pbattle(18,6))' | gp -q -s 1000000000 peer.gp
\\
\\ pbattle(A, D): A counts every army in the attacking territory (one
\\ stays behind, so the attacker rolls min(3, A-1) dice), D the defenders
\\ (min(2, D) dice); standard rules: six-sided dice, ties to the defender.

\\ roundodds(na, nd): v[k+1] = P(the defender loses k armies in a round
\\ of na attack dice against nd), by counting every roll.
roundodds(na, nd) =
{
  my(m = min(na, nd), v = vector(m + 1), a, d, k);
  forvec(r = vector(na + nd, i, [1, 6]),
    a = vecsort(vector(na, i, r[i]), , 4);
    d = vecsort(vector(nd, i, r[na + i]), , 4);
    k = 0;
    for (i = 1, m, if (a[i] > d[i], k++));
    v[k + 1]++);
  v / 6^(na + nd);
}

\\ W[a, d+1] = P(win) with a armies against d, every smaller battle first.
pbattle(A, D) =
{
  my(R = vector(3, na, vector(2, nd, roundodds(na, nd))),
     W = matrix(A, D + 1), na, nd, m, v, s);
  for (a = 1, A,
    W[a, 1] = 1;
    if (a > 1,
      for (d = 1, D,
        na = min(3, a - 1); nd = min(2, d); m = min(na, nd);
        v = R[na][nd];
        s = 0;
        for (k = 0, m, s += v[k + 1] * W[a - (m - k), d - k + 1]);
        W[a, d + 1] = s)));
  W[A, D + 1];
}
