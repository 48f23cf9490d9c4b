"""Bear-off database: cold build, load from the cache file, O(1) lookups, against the engine.

Baseline, measured in the same run: the same DP driven by the general engine
(`legal_plays` on a full Position for every home and roll). Running it on all
54,264 homes would take minutes, so it is timed on a seeded random sample of
homes (all 21 rolls each) and extrapolated; the extrapolation counts only the
move generation, so it is a lower bound and the ratio is conservative.
"""
from __future__ import annotations

import random
import time

from tavla_docs.analysis import bearoff
from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import ALL_ROLLS
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.variants import TAVLA


def _best(fn, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main(quick: bool = False) -> None:
    repeats = 1 if quick else 3
    n_homes = bearoff.position_count()
    build = _best(lambda: bearoff.build_database(), repeats)
    db = bearoff.build_database()
    data = db.to_bytes()
    load = _best(lambda: bearoff.BearoffDB.from_bytes(data), repeats)
    print(f"cold build, {n_homes} homes (exact DP + rounding): {build:.2f} s (best of {repeats})")
    print(f"file: {len(data) / 1e6:.2f} MB; load from bytes (with sha256 check): {load * 1000:.0f} ms")

    rng = random.Random(6)
    probe = [bearoff.home_at(rng.randrange(1, n_homes)) for _ in range(20_000 if quick else 100_000)]

    def lookups() -> None:
        for h in probe:
            db.expected_rolls(h)
            db.off_within(h, 10)

    t = _best(lookups, repeats)
    print(f"lookups (expected_rolls + off_within, index from counts): {t / (2 * len(probe)) * 1e6:.2f} µs each")

    sample = [bearoff.home_at(rng.randrange(1, n_homes)) for _ in range(30 if quick else 120)]
    positions = [Position.from_board({p: n for p, n in enumerate(h, 1) if n}, {19: 15}) for h in sample]

    def engine() -> None:
        for pos in positions:
            for roll in ALL_ROLLS:
                legal_plays(pos, Side.WHITE, roll, TAVLA)

    def fast() -> None:
        for h in sample:
            for roll in ALL_ROLLS:
                bearoff.home_plays(h, roll)

    te = _best(engine, repeats)
    tf = _best(fast, repeats)
    per_case = te / (len(sample) * len(ALL_ROLLS))
    extrapolated = per_case * n_homes * len(ALL_ROLLS)
    print(f"baseline: engine legal_plays on {len(sample)} random homes x 21 rolls: {per_case * 1e6:.0f} µs a case; "
          f"x {n_homes * 21} cases = {extrapolated:.0f} s for the move generation alone")
    print(f"fast home_plays (whole rolls, same sample): {tf / (len(sample) * 21) * 1e6:.0f} µs a case "
          f"({te / tf:.0f}x the engine)")
    print(f"ratio: engine-driven DP (extrapolated) / cold build = {extrapolated / build:.0f}x")
