"""Legal-play throughput: (position, roll) cases per second, engine vs the naive generator.

The corpus (benchmarks/corpus.py) is seeded: random-game positions plus closed
boards, primes, bear-offs and races, each with all 21 rolls. Both generators
run on the same cases in the same process; each figure is the best of a few
repeats, so a busy neighbour on the machine shows as noise, not as a trend.
"""
from __future__ import annotations

import time

from tavla_docs.engine.dice import ALL_ROLLS
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.variants import TAVLA
from tests.oracles.naive import naive_plays

from .corpus import corpus


def _time(fn, cases, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        for pos, side, roll in cases:
            fn(pos, side, roll)
        best = min(best, time.perf_counter() - t)
    return best


def main(quick: bool = False) -> None:
    positions = corpus(sample=80 if quick else 300, constructed=20 if quick else 60)
    cases = [(pos, side, roll) for pos, side in positions for roll in ALL_ROLLS]
    repeats = 1 if quick else 3
    # Same answers first: a fast wrong engine is not a result.
    for pos, side, roll in cases[:: 7]:
        a = {(p.position.white, p.position.black) for p in legal_plays(pos, side, roll, TAVLA)}
        b = {(p.white, p.black) for _, p in naive_plays(pos, side, roll.high, roll.low)}
        if a != b:
            raise SystemExit(f"engine and naive disagree on {pos.white}/{pos.black} {roll}")
    engine = _time(lambda p, s, r: legal_plays(p, s, r, TAVLA), cases, repeats)
    naive = _time(lambda p, s, r: naive_plays(p, s, r.high, r.low), cases, repeats)
    n = len(cases)
    print(f"corpus: {len(positions)} positions x {len(ALL_ROLLS)} rolls = {n} cases"
          f" ({sum(1 for p, s in positions if p.bar(s))} with the mover on the bar,"
          f" {sum(1 for p, s in positions if p.off(s))} bearing off); best of {repeats}")
    print(f"engine (tavla_docs.engine.movegen.legal_plays): {n / engine:10,.0f} cases/s  ({engine:.2f} s)")
    print(f"naive  (tests/oracles/naive.py):      {n / naive:10,.0f} cases/s  ({naive:.2f} s)")
    print(f"ratio engine/naive: {naive / engine:.2f}x")
