"""The engine alone on positions from random games: (position, roll) cases per second of CPU.

Tavla (the plain kernel, so the plain walk of engine/fast/plainwalk.py) on the distinct positions of
seeded random games (benchmarks/corpus.py), each with all 21 rolls, one position's rolls in a
row (the per-position setup is kept between them, not between repeats); the baseline is the
naive generator (tests/oracles/naive.py) on the same cases in the same run. Figures are CPU
seconds (`time.process_time`), best of a few repeats, because the machine is shared:
wall-clock time measures the neighbours too. The load average is printed beside them. The goal (issue 16) is 30,000 cases/s.

"listed" calls `legal_plays` and keeps its plays; "used" also reads every play's position
and notation, what a caller of the engine does next, so a cost the engine only moves
elsewhere shows there (a play makes its `Position` when it is first read). "old walk" is
the depth-first walk over the plain kernel (`depth_first_plays` with `step_kernel`), the engine before the
plain walk, on the same cases.
"""
from __future__ import annotations

import os
import random
import time
from collections.abc import Callable

from tavla_docs.engine.dice import ALL_ROLLS
from tavla_docs.engine.fast.plainwalk import clear_cache
from tavla_docs.engine.movegen import depth_first_plays, legal_plays, step_kernel
from tavla_docs.variants import TAVLA
from tests.oracles.naive import naive_plays

from .corpus import random_game_positions

GOAL = 30_000


def _cpu(fn: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        clear_cache()  # each repeat starts cold: a position's setup is kept for its next rolls only
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best


def main(quick: bool = False) -> None:
    seen: set = set()
    positions = []
    for pos, side in random_game_positions(random.Random(2024), 2 if quick else 6):
        if (pos.white, pos.black, side) not in seen:
            seen.add((pos.white, pos.black, side))
            positions.append((pos, side))
    cases = [(pos, side, roll) for pos, side in positions for roll in ALL_ROLLS]
    repeats = 1 if quick else 2  # the baselines (slow); the engine itself: best of more, it is quick
    fast = 5 if quick else 15  # on a shared machine a few repeats may all be slowed by the neighbours
    for pos, side, roll in cases[::5]:  # same answers first: a fast wrong engine is not a result
        a = {p.position.key()[:2] for p in legal_plays(pos, side, roll, TAVLA)}
        b = {(p.white, p.black) for _, p in naive_plays(pos, side, roll.high, roll.low)}
        if a != b:
            raise SystemExit(f"engine and naive disagree on {pos.white}/{pos.black} {roll}")

    def listed() -> None:
        for pos, side, roll in cases:
            legal_plays(pos, side, roll, TAVLA)

    def used() -> None:
        for pos, side, roll in cases:
            for p in legal_plays(pos, side, roll, TAVLA):
                p.position.key()
                str(p)

    def old() -> None:
        for pos, side, roll in cases:
            depth_first_plays(pos, side, roll, TAVLA, kernel=step_kernel(pos, TAVLA))

    def naive() -> None:
        for pos, side, roll in cases:
            naive_plays(pos, side, roll.high, roll.low)

    engine, touched, walk, baseline = _cpu(listed, fast), _cpu(used, fast), _cpu(old, repeats), _cpu(naive, repeats)
    n = len(cases)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    print(f"corpus: {len(positions)} random-game positions x {len(ALL_ROLLS)} rolls = {n} cases; "
          f"CPU seconds, best of {fast} (engine) and {repeats} (old walk, naive)")
    print(f"engine, listed:            {n / engine:9,.0f} cases/s  ({engine:.2f} s)")
    print(f"engine, positions used:    {n / touched:9,.0f} cases/s  ({touched:.2f} s)")
    print(f"old walk (depth first):    {n / walk:9,.0f} cases/s  ({walk:.2f} s)")
    print(f"naive (tests/oracles):     {n / baseline:9,.0f} cases/s  ({baseline:.2f} s)")
    print(f"ratio engine/old walk: {walk / engine:.2f}x listed")
    print(f"ratio engine/naive: {baseline / engine:.2f}x listed, {baseline / touched:.2f}x used; "
          f"against the goal of {GOAL:,}/s: {n / engine / GOAL:.2f} listed, {n / touched / GOAL:.2f} used")
