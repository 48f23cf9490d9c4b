"""The value types of a turn: `Move` (one checker, one die), `Play` (the moves of a turn and
the position they reach) and `TurnContext` (turn numbers some variants need).

>>> str(Move(24, 18, 6)), str(Move(25, 22, 3, hit=True)), str(Move(3, 0, 4))
('24/18', 'bar/22*', '3/off')
>>> from tavla_docs.engine.board import Position
>>> p = Position.from_board({3: 1}, {19: 15}, checkers=15)  # White's checker went 8/3 with a 3-2
>>> Play(Side.WHITE, (Move(8, 5, 3), Move(5, 3, 2)), p, 2) == Play(Side.WHITE, (Move(8, 6, 2), Move(6, 3, 3)), p, 2)
True
>>> lazy = Play(Side.WHITE, (), None, 0, build=lambda final: p, final=None)
>>> lazy.position is p and lazy == Play(Side.WHITE, (), p, 0)
True
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from .board import BAR, OFF, Position, Side
from .notation import format_moves


@dataclass(frozen=True, slots=True)
class Move:
    """One checker moved by one die, in the mover's numbering (25 = bar, 0 = off)."""

    src: int
    dst: int
    die: int
    hit: bool = False  # hit a blot (Tapa: pinned it)

    def __str__(self) -> str:
        a = "bar" if self.src == BAR else str(self.src)
        b = "off" if self.dst == OFF else str(self.dst)
        return f"{a}/{b}{'*' if self.hit else ''}"


class Play:
    """The moves of one turn and the position they reach.

    Plays compare by side and resulting position: every spelling of a play is
    the same play (rules.md §1.3). A value: its fields are never assigned after
    construction (`Final`, so mypy holds callers to it). The generator makes
    hundreds of thousands a second and most are never looked at, so a generated
    play may carry its position as a recipe (`build(final)`, shared by the plays of
    one roll) and make the `Position` when it is first asked for.
    """

    __slots__ = ("side", "moves", "dice_used", "_position", "_build", "_final")

    def __init__(self, side: Side, moves: tuple[Move, ...], position: Position | None, dice_used: int,
                 build: Callable[[Any], Position] | None = None, final: Any = None) -> None:
        self.side: Final = side
        self.moves: Final = moves
        self.dice_used: Final = dice_used
        self._position = position
        self._build = build
        self._final = final

    @property
    def position(self) -> Position:
        position = self._position
        if position is None:
            assert self._build is not None, "a play has a position or a recipe for it"
            position = self._position = self._build(self._final)
            self._build = self._final = None
        return position

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and self.side is other.side and self.position.key() == other.position.key()

    def __hash__(self) -> int:
        return hash((self.side, self.position.key()))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Play, (self.side, self.moves, self.position, self.dice_used))

    def __str__(self) -> str:
        return format_moves(self.moves)

    def __repr__(self) -> str:
        return f"<Play {self.side.value} {self}>"

    @property
    def hits(self) -> bool:
        return any(m.hit for m in self.moves)


@dataclass(frozen=True)
class TurnContext:
    """What a few variants need beyond the position: the game's turn number (1-based)
    and the mover's own turn number (Uzun tavla's first-turn head exception, Gülbara)."""

    game_turn: int | None = None
    player_turn: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
