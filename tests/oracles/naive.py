"""A deliberately naive legal-play generator: the benchmark's baseline and the tests' oracle.

It shares no code with `tavla_docs.engine.movegen`. It only knows the hitting,
opposite-direction games (Tavla and Backgammon, rules.md §1.3–1.4, §3.1–3.2):
it lists *every* sequence of single-die moves for both die orders (doubles: four
of a kind), with no memo and no pruning, then applies the maximum rule, the
larger-die rule and de-duplication by final position, in that order.

>>> from tavla_docs.engine.board import Position, Side
>>> sorted(str(p.white_board()) for _, p in naive_plays(Position.from_board({5: 1, 3: 1}, {19: 15}, checkers=15), Side.WHITE,
...                                    4, 2))
['{1: 2}', '{3: 1}']
"""
from __future__ import annotations

from tavla_docs.engine.board import Position, Side

# A naive move: (source, destination, die, hit); 25 = bar, 0 = off, mover's numbering.
NaiveMove = tuple[int, int, int, bool]


def _steps(mine: list[int], theirs: list[int], die: int) -> list[tuple[NaiveMove, list[int], list[int]]]:
    """Every single-die move for the mover, each with fresh copies of both arrays."""
    out = []
    if mine[25] > 0:
        sources = [25]
    else:
        sources = [p for p in range(1, 25) if mine[p] > 0]
    for src in sources:
        dst = src - die
        if dst >= 1:
            opp = theirs[25 - dst]  # the opponent's own number of my point dst
            if opp >= 2:
                continue
            m, t = mine[:], theirs[:]
            m[src] -= 1
            m[dst] += 1
            hit = opp == 1
            if hit:
                t[25 - dst] -= 1
                t[25] += 1
            out.append(((src, dst, die, hit), m, t))
        else:
            all_home = mine[25] == 0 and all(mine[p] == 0 for p in range(7, 25))
            if not all_home:
                continue
            if dst < 0 and any(mine[p] > 0 for p in range(src + 1, 7)):
                continue  # overshoot only from the highest occupied point
            m = mine[:]
            m[src] -= 1
            m[0] += 1
            out.append(((src, 0, die, False), m, theirs[:]))
    return out


def _sequences(mine: list[int], theirs: list[int], dice: list[int], done: list[NaiveMove],
               out: list[tuple[list[NaiveMove], list[int], list[int], bool]]) -> None:
    """Depth-first over every sequence; a sequence ends when dice run out, nothing moves, or the game ends."""
    if not dice or mine[0] == 15:
        out.append((done, mine, theirs, mine[0] == 15))
        return
    steps = _steps(mine, theirs, dice[0])
    if not steps:
        out.append((done, mine, theirs, False))
        return
    for move, m, t in steps:
        _sequences(m, t, dice[1:], done + [move], out)


def naive_sequences(position: Position, side: Side, a: int, b: int) -> list[tuple[list[NaiveMove], tuple, tuple, int]]:
    """Every sequence as (moves, mover's final array, opponent's final array, dice counted), duplicates kept."""
    mine = list(position.own(side))
    theirs = list(position.own(side.opponent))
    orders = [[a] * 4] if a == b else [[a, b], [b, a]]
    raw: list[tuple[list[NaiveMove], list[int], list[int], bool]] = []
    for dice in orders:
        _sequences(mine, theirs, dice, [], raw)
    # A game-ending sequence counts as complete for the maximum rule.
    return [(moves, tuple(m), tuple(t), len(orders[0]) if over else len(moves)) for moves, m, t, over in raw]


def naive_plays(position: Position, side: Side, a: int, b: int) -> list[tuple[list[NaiveMove], Position]]:
    """The legal plays: maximum dice, then the larger die, then one play per final position."""
    seqs = naive_sequences(position, side, a, b)
    best = max(used for *_, used in seqs)
    kept = [s for s in seqs if s[3] == best]
    if best == 1 and a != b:
        high = max(a, b)
        larger = [s for s in kept if s[0] and s[0][0][2] == high]
        if larger:
            kept = larger
    unique: dict[tuple, tuple[list[NaiveMove], Position]] = {}
    for moves, m, t, _ in kept:
        if (m, t) not in unique:
            unique[(m, t)] = (moves, Position.from_own(side, m, t))
    return list(unique.values())


def naive_play_keys(position: Position, side: Side, a: int, b: int) -> set[tuple]:
    """The set of resulting positions, as (white, black) own-numbering tuples."""
    return {(p.white, p.black) for _, p in naive_plays(position, side, a, b)}
