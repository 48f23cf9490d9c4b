"""Uzun tavla (Long Nardy, Narde, Şeş-Beş): rules.md §3.3 as a ruleset and two hooks.

Both sides move counter-clockwise from their head (own 24: White B24, Black B12);
one opposing checker closes a point; no hitting and no bar. Hooks: the head rule
(one checker off the head per turn; first-turn 6-6, 4-4, 3-3 let two leave) and
the six-block rule. Bear-off overshoot can be switched off (exact bear-off only).

>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.engine.play import TurnContext
>>> from tavla_docs.engine.movegen import legal_plays
>>> from tavla_docs.engine.board import Side
>>> start = UZUN.starting_position()
>>> [str(p) for p in legal_plays(start, Side.WHITE, Roll(6, 6), UZUN, TurnContext(game_turn=1))]
['24/18(2)']
>>> [str(p) for p in legal_plays(start, Side.WHITE, Roll(6, 5), UZUN, TurnContext(game_turn=1))]
['24/13']
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from .. import N_
from ..engine.board import OFF, Geometry
from ..engine.play import Move, TurnContext
from ..engine.reasons import EXACT_BEAR_OFF
from ..engine.rules import Abilities, Facts, Ruleset, RulesetError
from ..engine.state import State
from .common import HeadRule, six_block_hook
from .options import abilities

HEAD_START: Mapping[int, int] = MappingProxyType({24: 15})


@dataclass(frozen=True)
class ExactBearOff:
    """Option bear_off_overshoot = false (rules.md D7): a die bears off only from its own point."""

    refusal: ClassVar[str] = EXACT_BEAR_OFF  # the reason `engine.explain` gives for a step this refuses

    def immobile(self, state: State, point: int) -> int:
        return 0

    def allow(self, ctx: TurnContext, before: State, move: Move, after: State) -> State | None:
        if move.dst == OFF and move.src != move.die:
            return None
        return after


def same_direction_hooks(options: Mapping[str, Any], *, head: bool, six_block: bool) -> tuple[Any, ...]:
    """The hooks a same-direction game's options ask for (shared with Gülbara)."""
    hooks: list[Any] = []
    if head:
        doubles = options.get("head_exception_doubles", (6, 4, 3))
        if not isinstance(doubles, tuple) or not all(isinstance(d, int) and 1 <= d <= 6 for d in doubles):
            raise RulesetError(f"head_exception_doubles is a tuple of dice like (6, 4, 3), not {doubles!r}")
        hooks.append(HeadRule(doubles))
    if six_block:
        check = options.get("six_block_check", "per_move")
        try:
            hooks.append(six_block_hook(check))
        except ValueError as e:
            raise RulesetError(str(e)) from None
    if not options.get("bear_off_overshoot", True):
        hooks.append(ExactBearOff())
    return tuple(hooks)


def _hooks(options: Mapping[str, Any]) -> tuple[Any, ...]:
    for name in ("koks", "last_roll_tie"):
        if options.get(name):
            raise RulesetError(f"uzun option {name!r} is listed in rules.md §4 (D4) but not modelled: "
                               "the sources give no exact definition")
    return same_direction_hooks(options, head=True, six_block=bool(options.get("six_block_rule", True)))


_OPTIONS: Mapping[str, Any] = MappingProxyType({
    "head_exception_doubles": (6, 4, 3),  # D5: ludii Şeş-Beş has (6, 4)
    "six_block_rule": True,
    "six_block_check": "per_move",  # D6: or "end_of_turn"
    "bear_off_overshoot": True,  # D7: False = exact numbers only
    "koks": False,  # D4, not modelled
    "last_roll_tie": False,  # D4, not modelled
    "opening_mode": "reroll_both",
    "next_game_starter": "previous_winner",
    "match_length": 5,
})

_FACTS = Facts(family="no_hitting", other_names=("Long Nardy", "Narde", "Şeş-Beş"),
               special_rules=("head_rule", "six_block_rule"), doubles="four_moves",
               next_game_starter="previous_winner",
               display_name=N_("Uzun tavla"))


def configure(options: Mapping[str, Any]) -> tuple[tuple[Any, ...], Abilities]:
    """Uzun tavla's hooks and abilities for these option values (`Ruleset.configure`)."""
    return _hooks(options), abilities(options, _FACTS)


UZUN = Ruleset(
    variant="uzun", geometry=Geometry.SAME, start=HEAD_START, blot="blocked", block_at=1,
    has_bar=False, has_cube=False, opening="reroll_both", gammon_name="mars", backgammon_name=None,
    options=_OPTIONS, step_hooks=_hooks(_OPTIONS), configure=configure,
    abilities=configure(_OPTIONS)[1],
    facts=_FACTS,
)

ALIASES = ("uzun tavla", "uzun_tavla", "long nardy", "nardy", "narde", "nard", "şeş-beş", "shesh-besh")
