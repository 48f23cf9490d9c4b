"""A seeded corpus of positions for the legal-play benchmark (and reusable by tests).

Positions come from random games (each side plays a uniformly random legal
play, taken from the naive generator so the corpus does not change when the
engine is optimised) plus constructed ones: closed boards with checkers on the
bar, primes, bear-offs and races.
"""
from __future__ import annotations

import random

from tavla_docs.engine.board import Position, Side
from tavla_docs.variants import TAVLA
from tests.oracles.naive import naive_plays


def random_game_positions(rng: random.Random, games: int, max_turns: int = 120) -> list[tuple[Position, Side]]:
    """Every position (with the side to move) met in `games` random games."""
    out: list[tuple[Position, Side]] = []
    for _ in range(games):
        pos, side = TAVLA.starting_position(), Side.WHITE
        for _ in range(max_turns):
            out.append((pos, side))
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            plays = naive_plays(pos, side, a, b)
            _, pos = rng.choice(plays)
            if pos.off(side) == 15:
                break
            side = side.opponent
    return out


def _spread(rng: random.Random, n: int, points: list[int]) -> dict[int, int]:
    d: dict[int, int] = {}
    for _ in range(n):
        p = rng.choice(points)
        d[p] = d.get(p, 0) + 1
    return d


def constructed_positions(rng: random.Random, n: int) -> list[tuple[Position, Side]]:
    """Closed boards with bar checkers, primes, bear-offs and races (White to move)."""
    out: list[tuple[Position, Side]] = []
    kinds = ("closed", "prime", "bearoff", "race", "bearoff_contact")
    while len(out) < n:
        kind = kinds[len(out) % len(kinds)]
        if kind == "closed":  # Black holds its home board (White's 19-24); White on the bar
            black = {b: 2 for b in range(19, 25)}
            extra = rng.randint(7, 12)
            black[extra] = 3
            white_bar = rng.randint(1, 3)
            white = _spread(rng, 15 - white_bar - rng.randint(0, 4), [b for b in range(1, 13) if b != extra])
            pos = Position.from_board(white, black, white_bar=white_bar, checkers=15)
        elif kind == "prime":  # a six-point prime in front of White's back checkers
            lo = rng.randint(13, 18)
            black = {b: 2 for b in range(lo, lo + 6)}
            spare = rng.randint(1, 6)  # Black's last three checkers, in its home (B1-B6)
            black[spare] = 3
            white = {24: 2}
            white.update(_spread(rng, 13, [b for b in range(1, lo) if b != spare]))
            pos = Position.from_board(white, black, white_bar=0, checkers=15)
        elif kind == "bearoff":
            white = _spread(rng, rng.randint(1, 15), list(range(1, 7)))
            black = _spread(rng, rng.randint(1, 15), list(range(19, 25)))
            pos = Position.from_board(white, black, checkers=15)
        elif kind == "race":
            white = _spread(rng, 15, list(range(1, 13)))
            black = _spread(rng, 15, list(range(13, 25)))
            pos = Position.from_board(white, black, checkers=15)
        else:  # bear-off against a Black anchor / blots in White's home
            anchor = rng.randint(1, 6)
            white = _spread(rng, rng.randint(3, 15), [p for p in range(1, 7) if p != anchor])
            black = {anchor: rng.choice([1, 2]), 19: 5, 20: 4}
            pos = Position.from_board(white, black, checkers=15)
        out.append((pos, Side.WHITE))
    return out


def corpus(seed: int = 2024, games: int = 12, constructed: int = 60, sample: int = 300) -> list[tuple[Position, Side]]:
    """`sample` distinct positions: random-game positions plus `constructed` built ones, fixed by `seed`."""
    rng = random.Random(seed)
    seen: set = set()
    played = []
    for pos, side in random_game_positions(rng, games):
        k = (pos.white, pos.black, side)
        if k not in seen:
            seen.add(k)
            played.append((pos, side))
    rng.shuffle(played)
    return played[: max(0, sample - constructed)] + constructed_positions(rng, constructed)
