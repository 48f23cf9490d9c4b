"""The value types of a turn: `Move` (one checker, one die), `Play` (the moves of a turn and
the position they reach) and `TurnContext` (turn numbers some variants need).

>>> str(Move(24, 18, 6)), str(Move(25, 22, 3, hit=True)), str(Move(3, 0, 4))
('24/18', 'bar/22*', '3/off')
>>> from tavla_docs.engine.board import Position
>>> p = Position.from_board({6: 1}, {19: 15})
>>> build_play(Side.WHITE, (), p, 0) == Play(Side.WHITE, (), p, 0)  # plays compare by result
True
>>> vars(build_play(Side.WHITE, (), p, 0)) == vars(Play(Side.WHITE, (), p, 0))
True
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

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


@dataclass(frozen=True, eq=False)
class Play:
    """The moves of one turn and the position they reach.

    Plays compare by side and resulting position: every spelling of a play is
    the same play (rules.md §1.3).
    """

    side: Side
    moves: tuple[Move, ...]
    position: Position
    dice_used: int

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and self.side is other.side and self.position.key() == other.position.key()

    def __hash__(self) -> int:
        return hash((self.side, self.position.key()))

    def __str__(self) -> str:
        return format_moves(self.moves)

    def __repr__(self) -> str:
        return f"<Play {self.side.value} {self}>"

    @property
    def hits(self) -> bool:
        return any(m.hit for m in self.moves)


def build_play(side: Side, moves: tuple[Move, ...], position: Position, dice_used: int) -> Play:
    """`Play(side, moves, position, dice_used)` at about a third of the cost, for the generator,
    which makes thousands a second: a frozen dataclass's `__init__` sets every field through
    `object.__setattr__`, this fills the instance's fields directly (the same object results)."""
    play = object.__new__(Play)
    fields = play.__dict__
    fields["side"] = side
    fields["moves"] = moves
    fields["position"] = position
    fields["dice_used"] = dice_used
    return play


@dataclass(frozen=True)
class TurnContext:
    """What a few variants need beyond the position: the game's turn number (1-based)
    and the mover's own turn number (Uzun tavla's first-turn head exception, Gülbara)."""

    game_turn: int | None = None
    player_turn: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
