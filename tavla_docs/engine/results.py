"""End of game, points, the doubling cube and the Crawford game.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.variants import TAVLA, BACKGAMMON
>>> end = Position.from_board({}, {3: 1, 19: 14}, checkers=15)  # White is off; Black has a checker in White's home
>>> game_result(end, TAVLA)
Result(winner=<Side.WHITE: 'white'>, kind='mars', points=2)
>>> game_result(end, TAVLA.with_options(katmerli_mars=True)).points
3
>>> game_result(end, BACKGAMMON, cube=4)
Result(winner=<Side.WHITE: 'white'>, kind='backgammon', points=12)
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import TavlaError
from .board import BAR, OFF, Position, Side
from .rules import Ruleset

KIND_ALIASES = {"gammon": "mars", "mars": "mars", "backgammon": "katmerli_mars", "katmerli_mars": "katmerli_mars",
                "single": "single", "tek": "single"}


@dataclass(frozen=True)
class Result:
    winner: Side | None  # None: a draw (Tapa's double mother pin)
    kind: str  # "single", the variant's gammon name, its backgammon name, or a variant's own (ruleset.facts)
    points: int

    def same_kind(self, kind: str) -> bool:
        """Compare kinds across the two vocabularies (gammon = mars, backgammon = katmerli mars)."""
        return KIND_ALIASES.get(kind, kind) == KIND_ALIASES.get(self.kind, self.kind)


def game_result(position: Position, rules: Ruleset, *, cube: int = 1) -> Result | None:
    """The result if one side has borne off all its checkers, else None (rules.md §1.5, 3.1, 3.2).

    A variant's own ends of game (Tapa's mother pin) come from `rules.special_result`.
    """
    if rules.special_result is not None:
        special = rules.special_result(position, rules, cube)
        if special is not None:
            return special
    for winner in (Side.WHITE, Side.BLACK):
        if position.off(winner) == position.checkers:
            loser = position.own(winner.opponent)
            if loser[OFF] > 0:
                return Result(winner, "single", cube)
            # Loser's own 19–24 is the winner's home board (opposite-direction variants).
            back = loser[BAR] > 0 or (rules.geometry.value == "opposite" and any(loser[19:25]))
            if back and rules.backgammon_enabled and rules.backgammon_name:
                return Result(winner, rules.backgammon_name, 3 * cube)
            return Result(winner, rules.gammon_name, 2 * cube)
    return None


class CubeError(TavlaError):
    """A cube action the rules do not allow now."""


@dataclass(frozen=True)
class Cube:
    """The doubling cube: value and owner (None = centred)."""

    value: int = 1
    owner: Side | None = None
    offered_by: Side | None = None

    def can_double(self, side: Side, rules: Ruleset, *, crawford_game: bool = False,
                   match_length: int | None = None) -> bool:
        """Whether `side` may double now (rules.md 3.2; a 1-point match has no cube)."""
        if not rules.has_cube or crawford_game or match_length == 1 or self.offered_by is not None:
            return False
        limit = rules.cube_max
        if limit is not None and self.value * 2 > limit:
            return False
        return self.owner is None or self.owner is side

    def offer(self, side: Side, rules: Ruleset, *, crawford_game: bool = False,
              match_length: int | None = None) -> Cube:
        if not self.can_double(side, rules, crawford_game=crawford_game, match_length=match_length):
            why = ("this variant has no cube" if not rules.has_cube
                   else "no doubling in the Crawford game" if crawford_game
                   else "a 1-point match is played without the cube" if match_length == 1
                   else f"the cube is at its maximum {rules.cube_max}" if rules.cube_max and self.value * 2 > rules.cube_max
                   else "the opponent owns the cube")
            raise CubeError(f"{side.value} may not double: {why}")
        return replace(self, offered_by=side)

    def take(self) -> Cube:
        if self.offered_by is None:
            raise CubeError("no double has been offered")
        return Cube(self.value * 2, self.offered_by.opponent, None)

    def drop(self) -> Result:
        """The taker passes: the doubler wins the game at the value before the double."""
        if self.offered_by is None:
            raise CubeError("no double has been offered")
        return Result(self.offered_by, "single", self.value)


@dataclass(frozen=True)
class Match:
    """Match score with the Crawford rule (rules.md §3.2): once per match, the game after
    a side first reaches length − 1 is played without the cube."""

    length: int
    white: int = 0
    black: int = 0
    crawford_game: bool = False
    crawford_done: bool = False

    def score(self, side: Side) -> int:
        return self.white if side is Side.WHITE else self.black

    @property
    def winner(self) -> Side | None:
        for s in (Side.WHITE, Side.BLACK):
            if self.score(s) >= self.length:
                return s
        return None

    def after(self, result: Result, rules: Ruleset) -> Match:
        """The match after a game with this result."""
        w = self.white + (result.points if result.winner is Side.WHITE else 0)
        b = self.black + (result.points if result.winner is Side.BLACK else 0)
        done = self.crawford_done or self.crawford_game
        crawford = (rules.crawford and not done
                    and max(w, b) == self.length - 1 and max(self.white, self.black) < self.length - 1
                    and max(w, b) < self.length)
        return Match(self.length, w, b, crawford, done or crawford)
