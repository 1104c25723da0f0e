% usage: octave grid.m  (run from the directory holding probWin.m/masterWin.m)
fprintf('%% a d pWinA sArmyA sArmyD   (masterWin(a,d), %%.17g)\n');
for pr = [3 2; 2 1; 2 2; 3 3; 4 2]'
  [p, s, q] = masterWin(pr(1), pr(2));
  fprintf('check %d %d %.17g %.17g %.17g\n', pr(1), pr(2), p, s, q);
end
for a = 1:20
  for d = 1:20
    [p, s, q] = masterWin(a, d);
    fprintf('%d %d %.17g %.17g %.17g\n', a, d, p, s, q);
  end
end
