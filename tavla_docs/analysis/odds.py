"""What each of the 36 rolls achieves, as exact fractions N/36, and the seed's last-checker tables.

>>> from tavla_docs.engine.board import Side
>>> from tavla_docs.variants import TAVLA
>>> roll_odds(TAVLA.position({6: 1}, {19: 15}), Side.WHITE, TAVLA).bears_off
Fraction(3, 4)
>>> [(row.label(), row.count) for row in last_checkers_table([{6: 2}, {6: 1, 5: 1}])]
[('6 (both)', 4), ('6 and 5', 6)]
>>> check_in_progress(TAVLA.position({}, {19: 15}))
Traceback (most recent call last):
...
tavla_docs.analysis.odds.GameOver: the game is over: white has borne off all 15 checkers
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..engine.board import Position, Side
from ..engine.budget import PlayBudget
from ..engine.dice import ALL_ROLLS, Roll
from ..engine.movegen import legal_plays, skips_roll
from ..engine.rules import Ruleset
from ..errors import TavlaError
from ..variants import TAVLA

OUTCOMES = ("bears_off", "hits", "enters", "no_play")


@dataclass(frozen=True)
class RollOutcome:
    """One of the 21 distinct rolls, its weight in 36, and what its legal plays can achieve."""

    roll: Roll
    plays: int
    bears_off: bool  # some legal play bears off every remaining checker
    hits: bool  # some legal play hits (Tapa: pins)
    enters: bool  # some legal play enters a checker from the bar
    no_play: bool  # nothing can be played
    most_off: int = 0  # the most checkers one legal play bears off

    @property
    def weight(self) -> int:
        return self.roll.weight

    def achieves(self) -> tuple[str, ...]:
        """The OUTCOMES names that are true for this roll, in OUTCOMES order."""
        return tuple(name for name in OUTCOMES if getattr(self, name))


@dataclass(frozen=True)
class RollOdds:
    outcomes: tuple[RollOutcome, ...]

    def count(self, what: str) -> int:
        """How many of the 36 rolls achieve `what` (one of OUTCOMES)."""
        if what not in OUTCOMES:
            raise ValueError(f"unknown outcome {what!r}; known: {', '.join(OUTCOMES)}")
        return sum(o.weight for o in self.outcomes if getattr(o, what))

    def fraction(self, what: str) -> Fraction:
        """`count(what)` / 36, exact."""
        return Fraction(self.count(what), 36)

    def rolls(self, what: str) -> tuple[Roll, ...]:
        """The distinct rolls that achieve `what`, in ALL_ROLLS order (6-6 first)."""
        self.count(what)  # validates the name
        return tuple(o.roll for o in self.outcomes if getattr(o, what))

    @property
    def bears_off(self) -> Fraction:
        return self.fraction("bears_off")


class GameOver(TavlaError):
    """A position with nothing left to roll for: a side has borne off all 15 checkers (or, impossibly, both).

    `side` is the side that has finished (None when both have); `hint` says what to give instead.
    """

    def __init__(self, message: str, hint: str, side: Side | None) -> None:
        super().__init__(message)
        self.hint, self.side = hint, side


def check_in_progress(position: Position) -> None:
    """GameOver unless both sides still have checkers to bear off: the odds of a roll after the
    last checker is off mean nothing (the game ended with it), and both sides off cannot happen."""
    n = position.checkers
    done = [s for s in (Side.WHITE, Side.BLACK) if position.off(s) == n]
    if len(done) == 2:
        raise GameOver(f"impossible board: both sides have borne off all {n} checkers",
                       "a game ends when the first side bears off its last checker, so at most one side "
                       f"can have all {n} off; put the other side's checkers back on the board", None)
    if done:
        raise GameOver(f"the game is over: {done[0].value} has borne off all {n} checkers",
                       f"{done[0].value} has won; odds are for a game in progress, so leave at least one "
                       f"{done[0].value} checker on the board", done[0])


def roll_outcome(position: Position, side: Side, roll: Roll, rules: Ruleset,
                 budget: PlayBudget | None = None) -> RollOutcome:
    """What the legal plays of one roll can achieve (Tavla's closed board: no roll, so no play).
    `budget` bounds the generation (default: the current one); past it, `PlayBudgetExceeded`."""
    if skips_roll(position, side, rules):
        return RollOutcome(roll, 0, False, False, False, True)
    plays = [p for p in legal_plays(position, side, roll, rules, budget=budget) if p.moves]
    before = position.off(side)
    return RollOutcome(
        roll, len(plays),
        bears_off=any(p.position.off(side) == position.checkers for p in plays),
        hits=any(p.hits for p in plays),
        enters=any(m.src == 25 for p in plays for m in p.moves),
        no_play=not plays,
        most_off=max((p.position.off(side) - before for p in plays), default=0),
    )


def roll_odds(position: Position, side: Side, rules: Ruleset, budget: PlayBudget | None = None) -> RollOdds:
    """Enumerate the 21 distinct rolls (36 with weights) for `side` to play; each roll's
    generation has the whole `budget` (default: the current one)."""
    return RollOdds(tuple(roll_outcome(position, side, r, rules, budget) for r in ALL_ROLLS))


# ---- the seed's "last checkers" tables ------------------------------------------

#: Seed 1's one-checker table, one row per point (the seed prints points 1–3 as one row).
SEED_ONE_CHECKER: tuple[Mapping[int, int], ...] = ({1: 1}, {2: 1}, {3: 1}, {4: 1}, {5: 1}, {6: 1})
#: Seed 1's two-checker table, in the seed's order.
SEED_TWO_CHECKERS: tuple[Mapping[int, int], ...] = (
    {2: 1, 1: 1}, {3: 1, 1: 1}, {2: 2}, {4: 1, 1: 1}, {3: 1, 2: 1}, {3: 2},
    {5: 1, 1: 1}, {6: 1, 1: 1}, {4: 2}, {6: 1, 5: 1}, {6: 2},
)


@dataclass(frozen=True)
class TableRow:
    """One row of a last-checkers table: where the checkers stand and how many rolls take them all off.

    `points` lists each checker's point, highest first: `(6, 6)` is two on the
    6-point. `expected_rolls` is the exact mean number of rolls to finish under
    best play (see `tavla_docs.analysis.bearoff`).
    """

    points: tuple[int, ...]
    count: int
    expected_rolls: Fraction

    @property
    def fraction(self) -> Fraction:
        """count / 36, exact (not reduced for display: show `count`/36 on pages)."""
        return Fraction(self.count, 36)

    @property
    def checkers(self) -> dict[int, int]:
        """{point: checkers}, highest point first."""
        out: dict[int, int] = {}
        for p in self.points:
            out[p] = out.get(p, 0) + 1
        return out

    def label(self) -> str:
        """A plain English description (the site localises from `points`)."""
        if len(self.points) == 1:
            return str(self.points[0])
        if len(set(self.points)) == 1:
            return f"{self.points[0]} ({'both' if len(self.points) == 2 else 'all'})"
        return ", ".join(map(str, self.points[:-1])) + f" and {self.points[-1]}"


def _bear_off_position(checkers: Mapping[int, int], side: Side, rules: Ruleset) -> Position:
    """`side`'s checkers on its own home points; all the opponent's on its own 6-point, out of the way."""
    mine = [0] * 26
    for p, n in checkers.items():
        if not isinstance(p, int) or not 1 <= p <= 6:
            raise ValueError(f"point {p!r} is not in the home board (1–6)")
        mine[p] += n
    on = sum(mine)
    if not 1 <= on <= rules.checkers:
        raise ValueError(f"a last-checkers row needs 1–{rules.checkers} checkers, not {on}")
    mine[0] = rules.checkers - on
    theirs = [0] * 26
    theirs[6] = rules.checkers
    return Position.from_own(side, tuple(mine), tuple(theirs), rules.geometry)


def last_checkers_table(rows: Sequence[Mapping[int, int]], rules: Ruleset = TAVLA,
                        side: Side = Side.WHITE) -> list[TableRow]:
    """For each row ({own point: checkers}) the rolls of 36 that bear every checker off.

    Counted by the engine's legal plays (`roll_odds(...).count("bears_off")`),
    so the numbers follow the rules of `rules`, not a formula.
    """
    from .bearoff import exact_expected_rolls, home_from_points

    out = []
    for checkers in rows:
        pos = _bear_off_position(checkers, side, rules)
        count = roll_odds(pos, side, rules).count("bears_off")
        points = tuple(sorted((p for p, n in checkers.items() for _ in range(n)), reverse=True))
        out.append(TableRow(points, count, exact_expected_rolls(home_from_points(checkers))))
    return out


def merge_equal_rows(rows: Sequence[TableRow]) -> list[tuple[tuple[TableRow, ...], int]]:
    """Neighbouring rows with the same count as one group, as seed 1 prints "1., 2. or 3. point: 36/36"."""
    groups: list[tuple[tuple[TableRow, ...], int]] = []
    for row in rows:
        if groups and groups[-1][1] == row.count:
            groups[-1] = (groups[-1][0] + (row,), row.count)
        else:
            groups.append(((row,), row.count))
    return groups
