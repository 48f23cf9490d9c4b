"""`tavla-docs check` throughput: 500 generated scenarios, with and without the engine cache.

The scenarios are written to a temporary directory the way authors write them:
positions met in seeded random games (each written with two different rolls, as
pages show one position with several rolls), a shown play, claims about it, and
one in ten a bear-off odds claim over the 36 rolls. The baseline is the same
check in the same run with the engine-result cache disabled, so every claim
recomputes its legal plays. Target: 500 scenarios in under 2 s.
"""
from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from tavla_docs.analysis.odds import roll_odds
from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.scenario import Engine, check_paths
from tavla_docs.variants import TAVLA


def _mapping(pos: Position) -> str:
    def side(s: Side) -> str:
        items = [f"{b}: {n}" for b, n in sorted(pos.board_counts(s).items())]
        if pos.bar(s):
            items.append(f"bar: {pos.bar(s)}")
        return "{" + ", ".join(items) + "}"
    return f"  white: {side(Side.WHITE)}\n  black: {side(Side.BLACK)}\n"


def game_positions(rng: random.Random, n: int) -> list[tuple[Position, Side]]:
    out: list[tuple[Position, Side]] = []
    while len(out) < n:
        pos, side = TAVLA.starting_position(), Side.WHITE
        for _ in range(200):
            out.append((pos, side))
            play = rng.choice(legal_plays(pos, side, Roll(rng.randint(1, 6), rng.randint(1, 6)), TAVLA))
            pos = play.position
            if pos.off(side) == 15:
                break
            side = side.opponent
    rng.shuffle(out)
    return out[:n]


def generate(directory: Path, count: int = 500, seed: int = 7) -> int:
    """Write `count` valid scenarios; returns how many claims they make."""
    rng = random.Random(seed)
    claims = 0
    positions = game_positions(rng, count)
    i = 0
    while i < count:
        if i % 10 == 9:  # a bear-off odds scenario
            home = {p: rng.randint(1, 2) for p in rng.sample(range(1, 7), rng.randint(1, 3))}
            pos = Position.from_board(home, {19: 5, 20: 5, 21: 5}, checkers=15)
            n = roll_odds(pos, Side.WHITE, TAVLA).count("bears_off")
            text = (f"variant: tavla\nposition:\n{_mapping(pos)}turn: white\n"
                    f"expect:\n  odds: {{bears_off: {n}/36}}\ncaption: {{en: \"odds {i}\"}}\n")
            (directory / f"s{i:04d}.yaml").write_text(text)
            claims += 1
            i += 1
            continue
        pos, side = positions[i]
        for _ in range(2):  # the same position with two rolls
            if i >= count or i % 10 == 9:
                break
            roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(pos, side, roll, TAVLA)
            show = rng.choice(plays)
            moving = [p for p in plays if p.moves]
            legal = sorted({str(show), str(rng.choice(plays))})
            text = (f"variant: tavla\nposition:\n{_mapping(pos)}turn: {side.value}\nroll: {roll}\n"
                    + (f"show: {show}\n" if show.moves else "")
                    + f"expect:\n  plays: {len(moving)}\n  dice_used: {max(p.dice_used for p in plays)}\n"
                    + (f"  legal: [{', '.join(legal)}]\n" if moving else "  no_play: true\n")
                    + f"caption: {{en: \"scenario {i}\"}}\n")
            (directory / f"s{i:04d}.yaml").write_text(text)
            claims += (1 if show.moves else 0) + 2 + (len(legal) if moving else 1)
            i += 1
    return claims


def _timed(directory: Path, engine: Engine, repeats: int) -> tuple[float, object]:
    best, report = float("inf"), None
    for _ in range(repeats):
        fresh = Engine(enabled=engine.enabled)  # a cold cache each time: what one `check` run sees
        t = time.perf_counter()
        report = check_paths([directory], fresh)
        best = min(best, time.perf_counter() - t)
    return best, report


def main(quick: bool = False) -> None:
    count = 100 if quick else 500
    repeats = 1 if quick else 3
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        generate(d, count)
        cached, report = _timed(d, Engine(), repeats)
        if not report.ok:  # a fast wrong checker is not a result
            raise SystemExit("generated scenarios failed:\n" + "\n".join(x.format() for x in report.diagnostics[:5]))
        baseline, _ = _timed(d, Engine(enabled=False), repeats)
    print(f"scenarios: {report.scenarios}, claims: {report.claims}")
    print(f"check with engine cache:    {cached:.3f} s  {report.scenarios / cached:,.0f} scenarios/s")
    print(f"check without engine cache: {baseline:.3f} s  {report.scenarios / baseline:,.0f} scenarios/s")
    print(f"ratio (cached vs uncached): {baseline / cached:.2f}x faster")
    print(f"target 500 scenarios < 2 s: {'met' if cached * 500 / report.scenarios < 2 else 'NOT met'}")


if __name__ == "__main__":
    main()
