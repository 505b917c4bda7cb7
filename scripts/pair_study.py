#!/usr/bin/env python3
"""Judges one pairing of agents X and Y from two `carroccio sim --csv` files played on the same
seeds: A.csv with X as the first side (e.g. imperial) and B.csv with X as the second.

    scripts/pair_study.py A.csv B.csv [--control C.csv]

Per game it reads a *margin* for the first side on a scale of -1 to +1: +1 or -1 for a win by
the rules, else the difference of the shares lost (the enemy's score over its break level minus
the side's own), with the break levels given by --levels (default 52,58: Legnano's rout levels,
imperial then lombard; the score columns hold each side's VP lost). It prints:
  - games X led on points against games Y led, per side and both together, with the share X led
    (95% Wilson interval) and a two-sided sign test;
  - the mean margin of X on each side (95% interval), and the paired difference over the seeds
    (game i of A against game i of B: X's first-side margin minus Y's), with a normal-theory
    p-value: the seat cancels out of that difference;
  - with --control (Y against Y on the same seeds), X's margin on each side against the control's
    in that seat (Welch's test), so a seat that leads most games whoever plays it is no bar.
--levels none uses only wins and the points standing (+1 ahead, -1 behind, 0 level).
"""
import argparse, csv, math, sys


def wilson(k, n):
    if n == 0:
        return (0.0, 0.0, 0.0)
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (p, max(0.0, c - h), min(1.0, c + h))


def sign_p(a, b):
    n = a + b
    if n == 0:
        return 1.0
    k = min(a, b)
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n)


def norm_p(z):
    return math.erfc(abs(z) / math.sqrt(2))


def mean_ci(xs):
    n = len(xs)
    m = sum(xs) / n
    v = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(v / n)
    return m, se, m - 1.96 * se, m + 1.96 * se


def read(path, levels):
    rows = list(csv.DictReader(open(path)))
    if not rows:
        sys.exit(f"pair_study: {path} has no games.")
    sides = [k[len("score_"):] for k in rows[0] if k.startswith("score_")]
    out = []
    for r in rows:
        first, second = sides
        w = r["winner"]
        if w == first:
            m = 1.0
        elif w == second:
            m = -1.0
        elif levels:
            lost = [float(r["score_" + s] or 0) / lvl for s, lvl in zip(sides, levels)]
            m = lost[1] - lost[0]
        else:
            a = r.get("ahead_on_points", "")
            m = 1.0 if a == first else -1.0 if a == second else 0.0
        led = 1 if w == first or (w == "draw" and r.get("ahead_on_points") == first) else \
            -1 if w == second or (w == "draw" and r.get("ahead_on_points") == second) else 0
        out.append((int(r["game"]), m, led, w))
    out.sort()
    return sides, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--control")
    ap.add_argument("--levels", default="52,58")
    o = ap.parse_args()
    levels = None if o.levels == "none" else [float(x) for x in o.levels.split(",")]
    sides, a = read(o.a, levels)
    _, b = read(o.b, levels)
    first, second = sides
    n = min(len(a), len(b))
    a, b = a[:n], b[:n]
    xa = sum(g[2] == 1 for g in a); ya = sum(g[2] == -1 for g in a)
    xb = sum(g[2] == -1 for g in b); yb = sum(g[2] == 1 for g in b)
    wa = sum(g[3] == first for g in a), sum(g[3] == second for g in a)
    wb = sum(g[3] == second for g in b), sum(g[3] == first for g in b)
    print(f"games per side assignment: {n}")
    for label, x, y, w in ((f"X as {first}", xa, ya, wa), (f"X as {second}", xb, yb, wb),
                           ("both", xa + xb, ya + yb, (wa[0] + wb[0], wa[1] + wb[1]))):
        games = n if label != "both" else 2 * n
        p, lo, hi = wilson(x, games)
        print(f"  {label}: led X:Y {x}:{y} (wins {w[0]}:{w[1]}), X led {100*p:.0f}% "
              f"({100*lo:.0f}-{100*hi:.0f}), sign test p = {sign_p(x, y):.3g}")
    ma = [g[1] for g in a]
    mb = [-g[1] for g in b]
    for label, xs in ((f"X as {first}", ma), (f"X as {second}", mb)):
        m, se, lo, hi = mean_ci(xs)
        print(f"  margin of X {label}: {m:+.4f} ({lo:+.4f} to {hi:+.4f})")
    d = [ga[1] - gb[1] for ga, gb in zip(a, b)]
    m, se, lo, hi = mean_ci(d)
    print(f"  paired: X's {first} margin minus Y's, per seed: {m:+.4f} ({lo:+.4f} to {hi:+.4f}), "
          f"p = {norm_p(m / se) if se > 0 else 1.0:.3g}")
    if o.control:
        _, c = read(o.control, levels)
        c = c[:n]
        mc = [g[1] for g in c]
        for label, xs, cs in ((first, ma, mc), (second, mb, [-x for x in mc])):
            m1, s1, _, _ = mean_ci(xs)
            m0, s0, _, _ = mean_ci(cs)
            se = math.sqrt(s1 ** 2 + s0 ** 2)
            diff = m1 - m0
            ledc = sum(g[2] == (1 if label == first else -1) for g in c)
            print(f"  X as {label} against the control in that seat: margin {m1:+.4f} vs {m0:+.4f}, "
                  f"difference {diff:+.4f} ({diff - 1.96*se:+.4f} to {diff + 1.96*se:+.4f}), "
                  f"p = {norm_p(diff / se) if se > 0 else 1.0:.3g}; control led {ledc} of {len(c)} in that seat")


if __name__ == "__main__":
    main()
