"""Claims about what a figure states beyond the plays: where checkers are, the cube, and the
moves it crosses out.

`home:`, `off:`, `bar:`, `on_board:` and `point:` count checkers in the frame's position
(or, under `after:`, once the shown play is made); `cube:` reads the frame's own
`diagram: {cube: …}`; each `diagram: {forbidden: […]}` entry is a claim that the rules
refuse that move. Points are White's (shared) numbering; a home board is a side's own
points 1–6, whatever the geometry.

>>> from tavla_docs.engine.board import Position
>>> p = Position.from_board({6: 2, 20: 1}, {19: 14}, white_bar=1, black_off=1, checkers=15)
>>> [checkers(p, Side.WHITE, k) for k in ("home", "off", "bar", "on_board")]
[2, 11, 1, 3]
>>> point_text(0, 0), point_text(2, 0), point_text(1, 1)
('empty', '2 white', '1 white and 1 black')
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..engine.board import OFF, Position, Side
from ..engine.movegen import dice_orders, legal_steps
from ..engine.play import Play, TurnContext
from ..engine.state import State, initial_state, to_position
from .claims import Claim, Engine, Problem, Subject, at, when

__all__ = ["CheckerClaim", "CubeClaim", "ForbiddenClaim", "HOME", "PLACES", "PointClaim", "checkers", "cube_text",
           "finish", "first_moves", "point_text"]

HOME = range(1, 7)  # a side's home board: its own points 1–6 in every geometry (the generator bears off from there)
PLACES = {"home": "in its home board", "off": "borne off", "bar": "on the bar", "on_board": "on the points"}


def checkers(pos: Position, side: Side, place: str) -> int:
    """How many of `side`'s checkers are in `place` (a key of PLACES)."""
    own = pos.own(side)
    if place == "home":
        return sum(own[p] for p in HOME)
    if place == "off":
        return pos.off(side)
    if place == "bar":
        return pos.bar(side)
    return sum(own[1:25])


def _n(n: int) -> str:
    return f"{n} checker{'s' if n != 1 else ''}"


@dataclass(frozen=True)
class CheckerClaim(Claim):
    """`home:`, `off:`, `bar:`, `on_board:` `{white: N, black: N}` — where a side's checkers are."""

    place: str = "home"
    side: Side = Side.WHITE
    value: int = 0
    after: bool = False

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        got = checkers(at(s, self.after), self.side, self.place)
        if got != self.value:
            return self.fail(f"{self.key}: {self.side.value} has {_n(got)} {PLACES[self.place]}{when(self.after)}, "
                             f"not {self.value}")
        return []


def point_text(white: int, black: int) -> str:
    """`empty`, `2 white`, `1 white and 1 black` (a Tapa pin)."""
    parts = [f"{n} {side}" for side, n in (("white", white), ("black", black)) if n]
    return " and ".join(parts) or "empty"


@dataclass(frozen=True)
class PointClaim(Claim):
    """`point: {5: {white: 2}}` — everything on a board point (White's numbering): the colours
    not named have no checker there."""

    point: int = 1
    white: int = 0
    black: int = 0
    after: bool = False

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        pos = at(s, self.after)
        got = (pos.board_counts(Side.WHITE).get(self.point, 0), pos.board_counts(Side.BLACK).get(self.point, 0))
        if got != (self.white, self.black):
            holds = "is empty" if got == (0, 0) else f"holds {point_text(*got)}"
            board = "after the shown play" if self.after else f"{s.turn.value} to play"
            return self.fail(f"{self.key} {self.point}: the point {holds}{when(self.after)}, "
                             f"not {point_text(self.white, self.black)}", f"{board}:\n{pos}")
        return []


def cube_text(value: int | None, owner: str | None) -> str:
    """`at 2 owned by black`, `at 1 in the centre`, or the part a claim names."""
    where = None if owner is None else "in the centre" if owner == "centre" else f"owned by {owner}"
    return " ".join(t for t in (f"at {value}" if value is not None else None, where) if t)


@dataclass(frozen=True)
class CubeClaim(Claim):
    """`cube: {value: 2, owner: black}` — the cube the figure shows (a fresh cube: 1, centred).
    `shown` is the frame's `diagram: {cube: …}`, read when the scenario loads."""

    value: int | None = None
    owner: str | None = None
    shown: tuple[int, str] = (1, "centre")

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        value, owner = self.shown
        if (self.value is not None and self.value != value) or (self.owner is not None and self.owner != owner):
            return self.fail(f"cube: the figure shows the cube {cube_text(value, owner)}, "
                             f"not {cube_text(self.value, self.owner)}")
        return []


def first_moves(s: Subject, legs: Sequence[tuple[int, int]]) -> Iterator[tuple[State, tuple[int, ...], int]]:
    """Each way to play the hops `legs` (from, to) first, in the written order, from the frame's
    position: (the state after them, the dice order, how many of its dice they took). A hop
    may take several dice, as in `in_order`; each die's step must be one the rules allow."""
    assert s.roll is not None
    ctx = s.ctx or TurnContext()
    for dice in dice_orders(s.roll, s.rules, ctx):
        state, leg, here, i = initial_state(s.position, s.turn), 0, legs[0][0], 0
        while leg < len(legs) and i < len(dice):
            dst = legs[leg][1]
            to = here - dice[i]
            to = OFF if to <= 0 and dst == OFF else to
            step = next((after for move, after in legal_steps(state, dice[i], s.rules, ctx)
                         if (move.src, move.dst) == (here, to)), None) if to >= dst else None
            if step is None:
                break
            state, i = step, i + 1
            if to == dst:
                leg += 1
                here = legs[leg][0] if leg < len(legs) else OFF
            else:
                here = to
        if leg == len(legs):
            yield state, dice, i


def finish(s: Subject, state: State, dice: tuple[int, ...], i: int, targets: dict[tuple, Play],
           seen: set[tuple]) -> Play | None:
    """A legal play reached from `state` by any moves with the dice from `i` on (or none)."""
    found = targets.get(to_position(state, s.turn, s.rules.geometry).key())
    if found is None and i < len(dice) and (state, i) not in seen:
        seen.add((state, i))
        for _, after in legal_steps(state, dice[i], s.rules, s.ctx or TurnContext()):
            found = found or finish(s, after, dice, i + 1, targets, seen)
    return found


@dataclass(frozen=True)
class ForbiddenClaim(Claim):
    """`diagram: {forbidden: [3/off]}` — the crossed-out move is not allowed: no legal play
    starts with it. Played first from the position drawn, in the written order, it cannot be
    followed by moves (or none) that make one of the roll's legal plays (docs/authoring.md)."""

    text: str = ""
    legs: tuple[tuple[int, int], ...] = ()  # the written hops (from, to), mover's numbering

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        assert s.roll is not None
        plays = engine.plays(s.position, s.turn, s.roll, s.rules, s.ctx)
        targets = {p.position.key(): p for p in plays if p.moves}
        for state, dice, i in first_moves(s, self.legs):
            found = finish(s, state, dice, i, targets, set())
            if found is not None:
                return self.fail(f"forbidden: {self.text} is allowed with {s.roll}: the legal play {found} "
                                 "can start with it",
                                 "a crossed-out move must be one the rules refuse here; remove it from `forbidden`")
        return []
