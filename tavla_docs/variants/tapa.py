"""Tapa (Plakoto, Mahbusa, Hapis): rules.md §3.4 as a ruleset, one hook and a result rule.

Opposite directions, all 15 checkers start on own 24 (the opponent's 1-point).
Landing on a lone free opposing checker pins it (`blot="pin"`; the generator in
`moves` handles pins, release, "a pinner cannot be pinned" and "a point where
my checker is pinned is closed to me"); no bar. By default a side with a pinned
checker may not bear off (option pinned_blocks_bear_off) and the mother checker
rule ends the game (option mother_rule). In notation `*` marks a pin.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.engine.movegen import legal_plays
>>> pos = Position.from_board({24: 14, 8: 1}, {1: 14, 5: 1}, checkers=15)  # Black's lone checker on B5
>>> [str(p) for p in legal_plays(pos, Side.WHITE, Roll(3, 1), TAPA)]
['24/23 24/21', '24/20', '24/21 8/7', '24/23 8/5*', '8/4']
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .. import N_
from ..engine.board import Geometry, Position, Side
from ..engine.play import Move, TurnContext
from ..engine.results import Result
from ..engine.rules import Abilities, Facts, Ruleset
from ..engine.state import State
from .options import abilities

START = 24
MOTHER_PIN = "mother_pin"
DRAW = "draw"


def mother_pinned(position: Position, side: Side) -> bool:
    """`side`'s mother (its last checker on own 24) is pinned."""
    return position.own(side)[START] == 1 and (side, START) in position.pinned


@dataclass(frozen=True)
class MotherRule:
    """Ends the game at a decisive mother pin (rules.md §3.4): the pinner has left its own
    start point, or both mothers are pinned (a draw). Seen from the mover after each step."""

    def immobile(self, state: State, point: int) -> int:
        return 0

    def allow(self, ctx: TurnContext, before: State, move: Move, after: State) -> State | None:
        return after

    def ends_game(self, state: State) -> bool:
        mine, theirs, mypins, theirpins, _ = state
        if theirs[START] == 1 and START in theirpins:
            return mine[START] == 0 or (mine[START] == 1 and START in mypins)
        return False


def tapa_result(position: Position, rules: Ruleset, cube: int = 1) -> Result | None:
    """The mother-pin end of a Tapa game, else None (then the ordinary bear-off result applies).

    Both mothers pinned: a draw, `Result(None, "draw", 0)`. One mother pinned while the
    pinner has no checker left on its own 24: the pinner wins 2 ("mother_pin").
    """
    if not rules.options.get("mother_rule", True):
        return None
    w, b = mother_pinned(position, Side.WHITE), mother_pinned(position, Side.BLACK)
    if w and b:
        return Result(None, DRAW, 0)
    for pinned_side, pinned in ((Side.WHITE, w), (Side.BLACK, b)):
        pinner = pinned_side.opponent
        if pinned and position.own(pinner)[START] == 0:
            return Result(pinner, MOTHER_PIN, 2 * cube)
    return None


def _hooks(options: Mapping[str, Any]) -> tuple[Any, ...]:
    return (MotherRule(),) if options.get("mother_rule", True) else ()


_OPTIONS: Mapping[str, Any] = MappingProxyType({
    "mother_rule": True,  # D3
    "pinned_blocks_bear_off": True,  # fibs, Ludii; read by moves.legal_steps
    "opening_mode": "reroll_both",
    "next_game_starter": "previous_winner",
    "match_length": 5,
})

_FACTS = Facts(family="pinning", other_names=("Plakoto", "Mahbusa", "Hapis"),
               special_rules=("mother_rule", "pinned_blocks_bear_off"), doubles="four_moves",
               extra_results=((MOTHER_PIN, 2, "mother_rule"), (DRAW, 0, "mother_rule")), next_game_starter="previous_winner",
               display_name=N_("Tapa"))


def configure(options: Mapping[str, Any]) -> tuple[tuple[Any, ...], Abilities]:
    """Tapa's hooks and abilities for these option values (`Ruleset.configure`)."""
    return _hooks(options), abilities(options, _FACTS)


TAPA = Ruleset(
    variant="tapa", geometry=Geometry.OPPOSITE, start=MappingProxyType({START: 15}), blot="pin", block_at=2,
    has_bar=False, has_cube=False, opening="reroll_both", gammon_name="mars", backgammon_name=None,
    options=_OPTIONS, step_hooks=_hooks(_OPTIONS), configure=configure,
    abilities=configure(_OPTIONS)[1], special_result=tapa_result,
    facts=_FACTS,
)

ALIASES = ("plakoto", "mahbusa", "hapis", "tapa tavla")
