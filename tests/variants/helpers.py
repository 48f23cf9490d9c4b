"""Small helpers for the worked examples."""
from __future__ import annotations

from tavla_docs.engine.board import Geometry, Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.engine.play import TurnContext


def turn(n: int | None) -> TurnContext:
    """Game turn n (the starter plays the odd turns)."""
    return TurnContext() if n is None else TurnContext(game_turn=n, player_turn=(n + 1) // 2)


def plays(pos: Position, roll: str, rules, *, side: Side = Side.WHITE, game_turn: int | None = None) -> set[str]:
    return {str(p) for p in legal_plays(pos, side, Roll.parse(roll), rules, turn(game_turn))}


def same(white: dict, black: dict, **kw) -> Position:
    return Position.from_board(white, black, geometry=Geometry.SAME, **{"checkers": 15, **kw})
