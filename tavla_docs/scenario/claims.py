"""Claims: each `expect:` entry as an object that checks itself against the engine.

Engine results shared by several claims (the legal plays of a position and
roll, the 36-roll odds) come from one `Engine` cache, so a scenario with ten
claims about the same roll generates its plays once.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from ..analysis.odds import RollOdds, roll_odds
from ..engine.board import Position, Side
from ..engine.budget import PlayBudget, PlayBudgetExceeded, current_budget
from ..engine.dice import Roll
from ..engine.movegen import PlayCount, counts_apart, legal_plays, max_dice, skips_roll
from ..engine.movegen import count_plays as engine_count
from ..engine.play import Play, TurnContext
from ..engine.results import KIND_ALIASES, Cube, Match, Result
from ..engine.rules import Ruleset
from ..engine.scoring import jacoby_single, scored
from ..engine.written import legal_in_order


def rules_key(rules: Ruleset) -> tuple:
    """A hashable identity for a ruleset (Ruleset holds a mapping proxy, so it is unhashable)."""
    return (rules.variant, tuple(sorted((k, repr(v)) for k, v in rules.options.items())))


class Engine:
    """Memoised engine calls; `enabled=False` recomputes every time (the benchmark's baseline).

    `budget` bounds each roll's generation (None: the current one, `engine.budget.current_budget()`);
    it is part of the cache key, and a roll that passed it is remembered as such, so ten claims
    about one heavy roll stop at the limit once, not ten times.
    """

    def __init__(self, enabled: bool = True, limit: int = 200_000, budget: PlayBudget | None = None) -> None:
        self.enabled = enabled
        self.limit = limit
        self.budget = budget
        self._plays: dict[tuple, tuple[Play, ...] | PlayBudgetExceeded] = {}
        self._odds: dict[tuple, RollOdds | PlayBudgetExceeded] = {}
        self._counts: dict[tuple, PlayCount | PlayBudgetExceeded] = {}
        self.calls = 0  # engine computations actually run

    def _key(self, position: Position, side: Side, rules: Ruleset, roll: Roll | None = None) -> tuple:
        return (position.key(), position.geometry, side, roll, rules_key(rules))

    def plays(self, position: Position, side: Side, roll: Roll, rules: Ruleset,
              ctx: TurnContext | None = None) -> tuple[Play, ...]:
        """Legal plays, with Tavla's closed-board rule (no roll at all) as the one empty play.
        `ctx` carries the game turn (`turn_number:`) for the rules that depend on it.
        Raises `PlayBudgetExceeded` past the budget."""
        budget = self.budget or current_budget()
        turn = (ctx.game_turn, ctx.player_turn) if ctx is not None else (None, None)
        key = self._key(position, side, rules, roll) + (turn, budget)
        if self.enabled and key in self._plays:
            return _answer(self._plays[key])
        self.calls += 1
        result: tuple[Play, ...] | PlayBudgetExceeded
        if skips_roll(position, side, rules):
            result = (Play(side, (), position, 0),)
        else:
            try:
                result = legal_plays(position, side, roll, rules, ctx, budget=budget)
            except PlayBudgetExceeded as e:
                result = e.with_traceback(None)  # the walk's frames (and its memo) are not kept
        self._remember(self._plays, key, result)
        return _answer(result)

    def count(self, position: Position, side: Side, roll: Roll, rules: Ruleset,
              ctx: TurnContext | None = None) -> PlayCount:
        """`len(plays(…))` and their most dice used, without building the plays where the engine
        can (`movegen.count_plays`: millions of Gülbara plays); remembered like `plays`."""
        budget = self.budget or current_budget()
        turn = (ctx.game_turn, ctx.player_turn) if ctx is not None else (None, None)
        key = self._key(position, side, rules, roll) + (turn, budget)
        if not counts_apart(position, side, rules) or (self.enabled and key in self._plays):
            listed = self.plays(position, side, roll, rules, ctx)  # built anyway (or already): count the list
            return PlayCount(len(listed), max_dice(listed))
        if self.enabled and key in self._counts:
            return _answer(self._counts[key])
        self.calls += 1
        result: PlayCount | PlayBudgetExceeded = PlayCount(1, 0)  # Tavla's closed board: the one empty play
        if not skips_roll(position, side, rules):
            try:
                result = engine_count(position, side, roll, rules, ctx, budget=budget)
            except PlayBudgetExceeded as e:
                result = e.with_traceback(None)
        self._remember(self._counts, key, result)
        return _answer(result)

    def odds(self, position: Position, side: Side, rules: Ruleset) -> RollOdds:
        """The 36-roll odds; every roll's generation counts against the budget."""
        budget = self.budget or current_budget()
        key = self._key(position, side, rules) + (budget,)
        if self.enabled and key in self._odds:
            return _answer(self._odds[key])
        self.calls += 1
        result: RollOdds | PlayBudgetExceeded
        try:
            result = roll_odds(position, side, rules, budget=budget)
        except PlayBudgetExceeded as e:
            result = e.with_traceback(None)
        self._remember(self._odds, key, result)
        return _answer(result)

    def _remember(self, cache: dict[tuple, Any], key: tuple, result: object) -> None:
        if self.enabled:
            if len(cache) >= self.limit:
                cache.clear()
            cache[key] = result


T = TypeVar("T")


def _answer(result: T | PlayBudgetExceeded) -> T:
    """A remembered result, or the budget error it was (raised afresh, same message)."""
    if isinstance(result, PlayBudgetExceeded):
        raise PlayBudgetExceeded(result.what, limit=result.limit, count=result.count, seconds=result.seconds,
                                 by_time=result.by_time)
    return result


DEFAULT_ENGINE = Engine()


@dataclass(frozen=True)
class Subject:
    """What the claims of one frame talk about: position, side to play, roll, rules, shown play."""

    position: Position
    turn: Side
    roll: Roll | None
    rules: Ruleset
    show: Play | None = None
    ctx: TurnContext | None = None  # the game turn, when the scenario gives `turn_number:`
    cube: Cube = field(default_factory=Cube)  # the cube the figure shows (scores results, answers doubles)
    match: Match | None = None  # the match score before this game; None in money play


@dataclass(frozen=True)
class Problem:
    """A failed claim, before it gets a file path: where, what, and a hint."""

    line: int
    col: int
    message: str
    hint: str | None = None


def and_more(total: int, shown: int) -> str:
    """What a cut list adds at its end, so the reader knows it is cut and by how much.

    >>> and_more(45, 40), and_more(3, 40)
    ('… and 5 more', '')
    """
    return f"… and {total - shown} more" if total > shown else ""


def plays_text(plays: Sequence[Play], limit: int = 40) -> str:
    """The legal plays for a hint, at most `limit` of them, saying how many more there are.

    >>> from tavla_docs.engine.board import Side
    >>> from tavla_docs.engine.dice import Roll
    >>> from tavla_docs.engine.movegen import legal_plays
    >>> from tavla_docs.variants import TAVLA
    >>> plays = legal_plays(TAVLA.starting_position(), Side.WHITE, Roll(2, 1), TAVLA)
    >>> plays_text(plays, limit=2)
    'the 15 legal plays: 24/23 24/22, 24/21, … and 13 more'
    """
    moving = [p for p in plays if p.moves]
    if not moving:
        return "no legal play: nothing can be played with this roll"
    shown = ", ".join(str(p) for p in moving[:limit])  # format only what is shown: some rolls have 10^5 plays
    more = and_more(len(moving), limit)
    return f"the {len(moving)} legal play{'s' if len(moving) != 1 else ''}: {shown}{', ' + more if more else ''}"


def _results_text(outcomes: Sequence[tuple[Play, Any]], limit: int = 10) -> str:
    """One line per play and how the game ends after it, cut at `limit` lines."""
    lines = [f"{p}: {_describe(r)}" for p, r in outcomes[:limit]]
    more = and_more(len(outcomes), limit)
    return "\n".join(lines + ([more] if more else []))


def count_plays(plays: Sequence[Play]) -> int:
    return sum(1 for p in plays if p.moves)


@dataclass(frozen=True)
class Claim:
    """Base: `key` is the expect: key, (line, col) where the claim is written."""

    key: str
    line: int
    col: int

    def check(self, s: Subject, engine: Engine) -> list[Problem]:  # pragma: no cover - abstract
        raise NotImplementedError

    def fail(self, message: str, hint: str | None = None) -> list[Problem]:
        return [Problem(self.line, self.col, message, hint)]


@dataclass(frozen=True)
class PlayClaim(Claim):
    """`legal:` / `illegal:` / `forced:` — one written play, compared by resulting position."""

    text: str = ""
    target: tuple = ()  # Position.key() of the written play's result

    def _match(self, plays: Sequence[Play]) -> Play | None:
        return next((p for p in plays if p.position.key() == self.target), None)

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        assert s.roll is not None
        plays = engine.plays(s.position, s.turn, s.roll, s.rules, s.ctx)
        found = self._match(plays)
        if self.key == "legal" and found is None:
            return self.fail(f"{self.text} is not a legal play with {s.roll}", plays_text(plays))
        if self.key == "illegal" and found is not None:
            same = f" (it is the legal play {found})" if str(found) != self.text else ""
            return self.fail(f"{self.text} is a legal play with {s.roll}{same}; did you mean `legal`?")
        if self.key == "forced":
            moving = [p for p in plays if p.moves]
            if found is None or len(moving) != 1:
                what = "not a legal play" if found is None else f"not the only legal play ({len(moving)} plays)"
                return self.fail(f"forced: {self.text} is {what} with {s.roll}", plays_text(plays))
        return []


@dataclass(frozen=True)
class InOrderClaim(Claim):
    """`in_order: {legal: […], illegal: […]}` — the written order of single-die moves matters."""

    text: str = ""
    legal: bool = True

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        assert s.roll is not None
        plays = engine.plays(s.position, s.turn, s.roll, s.rules, s.ctx)
        ok, why = legal_in_order(s.position, s.turn, s.roll, s.rules, self.text, plays=plays, ctx=s.ctx)
        if self.legal and not ok:
            return self.fail(f"{self.text} cannot be played in this order with {s.roll}", why)
        if not self.legal and ok:
            return self.fail(f"{self.text} can be played in this order with {s.roll}; did you mean in_order `legal`?")
        return []


@dataclass(frozen=True)
class CountClaim(Claim):
    """`plays: N` (distinct legal plays) and `dice_used: N` (the most dice any play uses)."""

    value: int = 0

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        assert s.roll is not None
        counted = engine.count(s.position, s.turn, s.roll, s.rules, s.ctx)  # a claim that holds builds no plays
        if (counted.plays if counted.dice_used else 0, counted.dice_used)[self.key != "plays"] == self.value:
            return []
        plays = engine.plays(s.position, s.turn, s.roll, s.rules, s.ctx)
        if self.key == "plays":
            n = count_plays(plays)
            if n != self.value:
                return self.fail(f"plays: {s.roll} has {n} distinct legal play{'s' if n != 1 else ''}, not {self.value}",
                                 plays_text(plays))
        else:
            n = max_dice(plays)
            if n != self.value:
                return self.fail(f"dice_used: the legal plays use {n} {'die' if n == 1 else 'dice'}, not {self.value}",
                                 plays_text(plays))
        return []


@dataclass(frozen=True)
class NoPlayClaim(Claim):
    """`no_play: true` — nothing can be played (false: something can)."""

    value: bool = True

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        assert s.roll is not None
        plays = engine.plays(s.position, s.turn, s.roll, s.rules, s.ctx)
        none = count_plays(plays) == 0
        if none != self.value:
            msg = f"no_play: {s.roll} can be played" if not none else f"no_play: nothing can be played with {s.roll}"
            return self.fail(msg, plays_text(plays))
        return []


@dataclass(frozen=True)
class OddsClaim(Claim):
    """`odds: {bears_off: 27/36}` — how many of the 36 rolls achieve an outcome."""

    outcome: str = "bears_off"
    value: Fraction = Fraction(0)
    text: str = ""

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        odds = engine.odds(s.position, s.turn, s.rules)
        got = odds.fraction(self.outcome)
        if got != self.value:
            rolls = [str(o.roll) for o in odds.outcomes if getattr(o, self.outcome)]
            hint = f"rolls that {self.outcome.replace('_', ' ')}: " + (", ".join(rolls) if rolls else "none")
            hint = hint.replace("rolls that no play", "rolls with no play")
            return self.fail(f"odds {self.outcome}: {odds.count(self.outcome)}/36 of the rolls, not {self.text}", hint)
        return []


def plural(n: int, word: str) -> str:
    """`1 point`, `2 points`: a count and its noun, for messages.

    >>> plural(1, "point"), plural(0, "point"), plural(3, "point")
    ('1 point', '0 points', '3 points')
    """
    return f"{n} {word}{'' if n == 1 else 's'}"


def _describe(r: Result | None) -> str:
    if r is None:
        return "the game goes on"
    if r.winner is None:  # Tapa: both mothers pinned
        return f"the game ends in a {r.kind.replace('_', ' ')} ({plural(r.points, 'point')})"
    return f"{r.winner.value} wins a {r.kind.replace('_', ' ')} ({plural(r.points, 'point')})"


def _scoring_note(s: Subject, r: Result | None) -> str | None:
    """The hint under a wrong result: what scored it (the cube, the Jacoby rule), when that matters."""
    if r is None or r.winner is None or not s.rules.has_cube:
        return None
    if jacoby_single(s.rules, s.cube) and r.kind not in ("single",):
        return (f"the Jacoby rule: in money play a {r.kind.replace('_', ' ')} counts single while the cube is "
                f"centred (the figure's cube is at {s.cube.value}, nobody has doubled)")
    if s.cube.value > 1:
        return f"the points are the result's value times the cube, which the figure shows at {s.cube.value}"
    return "the points are the result's value times the cube; the figure shows none (a fresh cube, 1)"


def _score_text(m: Match) -> str:
    return f"white {m.white}, black {m.black} of {m.length}"


@dataclass(frozen=True)
class ResultClaim(Claim):
    """`result:` — how the game ends after the shown play, every/some legal play, or a named play.

    `of` is "show", "position", "every", "some" or "play"; with "play", `target` is the
    written play's resulting position. `ends=False` claims the game goes on.
    """

    of: str = "show"
    winner: Side | None = None
    kind: str | None = None
    points: int | None = None
    ends: bool = True
    text: str = ""
    target: tuple = ()
    score: tuple[int | None, int | None] | None = None  # the match score the result leaves (white, black)
    crawford: bool | None = None  # whether the next game is the Crawford game

    def holds(self, r: Result | None) -> bool:
        if not self.ends:
            return r is None
        if r is None:
            return False
        if self.winner is not None and r.winner is not self.winner:
            return False
        if self.kind is not None and not r.same_kind(self.kind):
            return False
        return self.points is None or r.points == self.points

    def want(self) -> str:
        if not self.ends:
            return "the game goes on"
        parts = [f"winner {self.winner.value}" if self.winner else "", f"kind {self.kind}" if self.kind else "",
                 plural(self.points, "point") if self.points is not None else ""]
        return "the game ends" + (" with " + ", ".join(p for p in parts if p) if any(parts) else "")

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        if self.of in ("show", "position"):
            pos = s.show.position if (self.of == "show" and s.show is not None) else s.position
            r = scored(pos, s.rules, s.cube)
            if not self.holds(r):
                return self.fail(f"result: {_describe(r)}, but the claim is: {self.want()}", _scoring_note(s, r))
            return self.check_match(s, r)
        assert s.roll is not None
        plays = engine.plays(s.position, s.turn, s.roll, s.rules, s.ctx)
        if self.of == "play":
            play = next((p for p in plays if p.position.key() == self.target), None)
            if play is None:
                return self.fail(f"result: {self.text} is not a legal play with {s.roll}", plays_text(plays))
            r = scored(play.position, s.rules, s.cube)
            if not self.holds(r):
                return self.fail(f"result of {play}: {_describe(r)}, but the claim is: {self.want()}",
                                 _scoring_note(s, r))
            return self.check_match(s, r)
        outcomes = [(p, scored(p.position, s.rules, s.cube)) for p in plays]
        good = [p for p, r in outcomes if self.holds(r)]
        if self.of == "every" and len(good) != len(outcomes):
            bad = [(p, r) for p, r in outcomes if not self.holds(r)]
            hint = _results_text(bad)
            return self.fail(f"result: {len(bad)} of {len(outcomes)} legal plays do not match: {self.want()}", hint)
        if self.of == "some" and not good:
            hint = _results_text(outcomes)
            return self.fail(f"result: no legal play matches: {self.want()}", hint)
        return []

    def check_match(self, s: Subject, r: Result | None) -> list[Problem]:
        """`score:` and `crawford:`: the match the result leaves (the loader makes sure there is one)."""
        if (self.score is None and self.crawford is None) or s.match is None or r is None:
            return []
        after = s.match.after(r, s.rules)
        w, b = self.score or (None, None)
        if (w is not None and w != after.white) or (b is not None and b != after.black):
            return self.fail(f"result: the match score after it is {_score_text(after)}, not "
                             f"white {w if w is not None else after.white}, black {b if b is not None else after.black}",
                             f"before this game: {_score_text(s.match)}; {_describe(r)}")
        if self.crawford is not None and after.crawford_game != self.crawford:
            why = ("the match is over" if after.winner is not None
                   else "the Crawford game has been played" if s.match.crawford_done or s.match.crawford_game
                   else f"a side first reaches {after.length - 1} points of {after.length}" if after.crawford_game
                   else f"no side is at {after.length - 1} points of {after.length}" if s.rules.crawford
                   else "this ruleset plays without the Crawford rule")
            return self.fail(f"result: the next game {'is' if after.crawford_game else 'is not'} the Crawford "
                             f"game ({why})")
        return []


def at(s: Subject, after: bool) -> Position:
    """The frame's position before its play, or (`after`) once the shown play is made."""
    return s.show.position if after and s.show is not None else s.position


def when(after: bool) -> str:
    return " after the shown play" if after else ""


@dataclass(frozen=True)
class PipsClaim(Claim):
    """`pips: {white: 90, black: 270}` — pip counts of the frame's position (before the play;
    `after:` once the shown play is made)."""

    side: Side = Side.WHITE
    value: int = 0
    after: bool = False

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        got = at(s, self.after).pips(self.side)
        if got != self.value:
            return self.fail(f"{self.key}: {self.side.value} has {got} pips{when(self.after)}, not {self.value}")
        return []


@dataclass(frozen=True)
class ShowClaim(Claim):
    """The `show:` play must be legal (checked at load; counted as a claim)."""

    text: str = ""

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        return []


KINDS: tuple[str, ...] = tuple(sorted(KIND_ALIASES))

__all__ = [
    "Claim", "CountClaim", "DEFAULT_ENGINE", "Engine", "InOrderClaim", "KINDS", "NoPlayClaim", "OddsClaim",
    "PipsClaim", "PlayClaim", "Problem", "ResultClaim", "ShowClaim", "Subject", "at", "plays_text", "rules_key",
    "when",
]
