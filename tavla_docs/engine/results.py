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
    """The doubling cube: value and owner (None = centred); `offered_by` while a double (or a
    beaver, `beaver=True`) waits for its answer."""

    value: int = 1
    owner: Side | None = None
    offered_by: Side | None = None
    beaver: bool = False  # the offer is a beaver: a take leaves the cube with the beaverer

    def refusal(self, side: Side, rules: Ruleset, *, crawford_game: bool = False,
                match_length: int | None = None) -> str | None:
        """Why `side` may not double now (rules.md §3.2), or None when it may."""
        limit = rules.cube_max
        if not rules.has_cube:
            return "this variant has no cube"
        if self.offered_by is not None:
            return "a double is already waiting for its answer"
        if crawford_game:
            return "no doubling in the Crawford game"
        if match_length == 1:
            return "a 1-point match is played without the cube"
        if limit is not None and self.value * 2 > limit:
            return f"the cube is at its highest face, {limit}"
        if self.owner is not None and self.owner is not side:
            return f"{self.owner.value} owns the cube"
        return None

    def can_double(self, side: Side, rules: Ruleset, *, crawford_game: bool = False,
                   match_length: int | None = None) -> bool:
        """Whether `side` may double now (rules.md 3.2; a 1-point match has no cube)."""
        return self.refusal(side, rules, crawford_game=crawford_game, match_length=match_length) is None

    def offer(self, side: Side, rules: Ruleset, *, crawford_game: bool = False,
              match_length: int | None = None) -> Cube:
        why = self.refusal(side, rules, crawford_game=crawford_game, match_length=match_length)
        if why is not None:
            raise CubeError(f"{side.value} may not double: {why}")
        return replace(self, offered_by=side)

    def take(self) -> Cube:
        """The answer is a take: the cube doubles and goes to the taker (after a beaver, it
        stays with the beaverer, who offered it)."""
        if self.offered_by is None:
            raise CubeError("no double has been offered")
        return Cube(self.value * 2, self.offered_by if self.beaver else self.offered_by.opponent)

    def drop(self) -> Result:
        """The taker passes: the doubler wins the game at the value before the double."""
        if self.offered_by is None:
            raise CubeError("no double has been offered")
        return Result(self.offered_by, "single", self.value)

    def beaver_refusal(self, rules: Ruleset) -> str | None:
        """Why the doubled side may not beaver now, or None when it may."""
        if self.offered_by is None or self.beaver:
            return "no double is waiting for its answer" if self.offered_by is None else "a beaver is not beavered"
        if not rules.beavers:
            return "beavers are off (rules: {beavers: true, match_length: null})"
        if rules.cube_max is not None and self.value * 4 > rules.cube_max:
            return f"the cube's highest face is {rules.cube_max}"
        return None

    def beaver_offer(self, rules: Ruleset) -> Cube:
        """The doubled side takes and at once redoubles, keeping the cube (a beaver, money play
        only): the doubler now takes (4 × the value before the double) or drops (pays 2 ×)."""
        why = self.beaver_refusal(rules)
        if why is not None:
            raise CubeError(f"no beaver: {why}")
        assert self.offered_by is not None
        return Cube(self.value * 2, None, self.offered_by.opponent, beaver=True)


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

    @property
    def post_crawford(self) -> bool:
        """A game after the Crawford game: a side is one point away and doubling is allowed again."""
        return self.crawford_done and not self.crawford_game and self.winner is None

    def after(self, result: Result, rules: Ruleset) -> Match:
        """The match after a game with this result."""
        if self.winner is not None:
            raise CubeError(f"the match is over: {self.winner.value} has {self.score(self.winner)} of {self.length}")
        w = self.white + (result.points if result.winner is Side.WHITE else 0)
        b = self.black + (result.points if result.winner is Side.BLACK else 0)
        done = self.crawford_done or self.crawford_game
        crawford = (rules.crawford and not done
                    and max(w, b) == self.length - 1 and max(self.white, self.black) < self.length - 1
                    and max(w, b) < self.length)
        return Match(self.length, w, b, crawford, done or crawford)
