"""Bear-off database: cold build, load from the cache file, O(1) lookups, against the engine;
and an odds check of 50 positions as whole `tavla-docs odds` processes, cold against warm.

Database baseline, measured in the same run: the same DP driven by the general engine
(`legal_plays` on a full Position for every home and roll). Running it on all
54,264 homes would take minutes, so it is timed on a seeded random sample of
homes (all 21 rolls each) and extrapolated; the extrapolation counts only the
move generation, so it is a lower bound and the ratio is conservative.

Odds check (issue 16): seeded random race positions, both homes of 1–6 checkers (so
every call prints exact fractions, bear-off and race), one `tavla-docs odds XGID`
process each. Three passes, each with the bear-off database file already in its cache
folder: *uncached*, every call in a cache folder of its own (each call recomputes its
exact fractions, as before they were kept on disk: the baseline); *cold*, one empty
shared folder (later calls reuse what earlier ones stored); *warm*, the same folder again.
Wall time and the children's CPU time; the machine is shared, so see `uptime` beside it.
The children write and use byte code (in a temporary PYTHONPYCACHEPREFIX, even where
PYTHONDONTWRITEBYTECODE is set), as an installed tavla-docs does: compiling every module
in every call would add about 0.3 s a call to every pass alike.
"""
from __future__ import annotations

import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tavla_docs.analysis import bearoff
from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import ALL_ROLLS
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.formats.xgid import format_xgid
from tavla_docs.variants import TAVLA


def _best(fn, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def race_positions(n: int, seed: int = 16) -> list[str]:
    """`n` distinct XGIDs, White to roll, both sides bearing off with 1–6 checkers each."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < n:
        homes = []
        for _ in range(2):
            k = rng.randint(1, 6)
            home = [0] * 6
            for _ in range(k):
                home[rng.randrange(6)] += 1
            homes.append(home)
        white = {p + 1: c for p, c in enumerate(homes[0]) if c}
        black = {25 - (p + 1): c for p, c in enumerate(homes[1]) if c}  # Black's own point q is White's 25 - q
        xgid = format_xgid(Position.from_board(white, black, checkers=15), Side.WHITE)
        if xgid not in out:
            out.append(xgid)
    return out


def _command() -> list[str]:
    script = Path(sys.executable).with_name("tavla-docs")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tavla_docs"]


def _timed(fn: Callable[[], None]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child processes) of `fn()`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    fn()
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def odds_check(quick: bool = False) -> None:
    """The 50-position odds check, whole process: uncached (the baseline), cold and warm."""
    positions = race_positions(10 if quick else 50)
    cmd = _command()
    db_file = bearoff.cache_path()
    bearoff.database()  # make sure the database file exists to copy
    root = Path(tempfile.mkdtemp(prefix="bench-odds-"))

    def folder(name: str) -> Path:
        d = root / name
        d.mkdir()
        shutil.copy(db_file, d / db_file.name)
        return d

    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    base["PYTHONPYCACHEPREFIX"] = str(root / "pycache")

    def run_all(folders: Callable[[int], Path]) -> Callable[[], None]:
        def go() -> None:
            for i, xgid in enumerate(positions):
                env = {**base, "TAVLA_DOCS_CACHE": str(folders(i))}
                subprocess.run([*cmd, "odds", xgid], env=env, check=True, stdout=subprocess.DEVNULL)
        return go

    try:
        warm_up = {**base, "TAVLA_DOCS_CACHE": str(folder("warm-up"))}  # byte code for the modules a call imports
        subprocess.run([*cmd, "odds", positions[0]], env=warm_up, check=True, stdout=subprocess.DEVNULL)
        shared = folder("shared")
        uncached = _timed(run_all(lambda i: folder(f"own-{i}")))
        cold = _timed(run_all(lambda i: shared))
        warm = _timed(run_all(lambda i: shared))
        start = _timed(lambda: [subprocess.run([*cmd, "--version"], env=base, check=True,
                                               stdout=subprocess.DEVNULL) for _ in positions])
        entries = sum(1 for _ in shared.glob("exact-*/home-*"))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    n = len(positions)
    print(f"odds check, {n} race positions (homes of 1-6 checkers), one `tavla-docs odds` process each:")
    for name, (wall, cpu) in (("uncached (baseline)", uncached), ("cold", cold), ("warm", warm),
                              ("start-up alone (--version)", start)):
        print(f"  {name:27} {wall:7.2f} s wall  {cpu:7.2f} s CPU  ({wall / n * 1000:6.0f} ms a call)")
    print(f"  exact entries stored by the cold pass: {entries}")
    print(f"ratio: uncached / warm = {uncached[0] / warm[0]:.1f}x wall, {uncached[1] / warm[1]:.1f}x CPU; "
          f"cold / warm = {cold[0] / warm[0]:.1f}x wall, {cold[1] / warm[1]:.1f}x CPU")
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} (1, 5, 15 min)")


def main(quick: bool = False) -> None:
    odds_check(quick)
    database(quick)


def database(quick: bool = False) -> None:
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
    positions = [Position.from_board({p: n for p, n in enumerate(h, 1) if n}, {19: 15}, checkers=15) for h in sample]

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
