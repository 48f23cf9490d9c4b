"""What a game's end scores: the board's result times the cube, with the Jacoby rule.

`results.game_result` reads the board (single, gammon, backgammon, a variant's own
ends); this adds what the cube says about it (rules.md §3.2): the points are the
result's value times the cube, and in money play under the Jacoby rule a gammon or
backgammon counts single while the cube is still centred (nobody has doubled).

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.variants import ruleset
>>> end = Position.from_board({}, {13: 5, 19: 10}, checkers=15)  # White is off; Black has borne off nothing
>>> money = ruleset("backgammon", match_length=None, jacoby=True)
>>> scored(end, money).points, scored(end, money, Cube(2, Side.BLACK)).points
(1, 4)
"""
from __future__ import annotations

from dataclasses import replace

from .board import Position
from .results import Cube, Result, game_result
from .rules import Ruleset


def jacoby_single(rules: Ruleset, cube: Cube) -> bool:
    """Whether the Jacoby rule makes a gammon or backgammon count single now (money play, the
    rule on, the cube centred: a double that was taken leaves it with an owner)."""
    return rules.jacoby and rules.match_length is None and cube.owner is None


def scored(position: Position, rules: Ruleset, cube: Cube | None = None) -> Result | None:
    """The game's result with the points it scores, or None while the game goes on."""
    cube = cube or Cube()
    r = game_result(position, rules, cube=cube.value)
    if r is not None and r.winner is not None and r.points > cube.value and jacoby_single(rules, cube):
        return replace(r, points=cube.value)
    return r
