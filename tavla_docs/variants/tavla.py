"""Tavla (Turkish backgammon): rules.md §3.1 as a ruleset, plus the hook of its one optional
step rule.

`NoHitAndRunInHome` is rules.md §3.1's optional "no hit-and-run in the home board": a
checker that hits a blot on the mover's own points 1–6 stays there for the rest of the
turn. The hook records the points of such hitters in the generation state's `extra`
(a sorted tuple of (key, value) pairs shared with other hooks) and reports them as
immobile; another checker of the same colour landing there later may still move on.

>>> from tavla_docs import Position, Roll, Side, legal_plays
>>> from tavla_docs.variants import ruleset
>>> pos = Position.from_board({8: 1, 13: 2}, {4: 1, 19: 14}, checkers=15)  # Black blot on White's 4-point
>>> rules = ruleset("tavla", no_hit_and_run_in_home=True)
>>> "8/4*/3" in {str(p) for p in legal_plays(pos, Side.WHITE, Roll(4, 1), ruleset("tavla"))}
True
>>> "8/4*/3" in {str(p) for p in legal_plays(pos, Side.WHITE, Roll(4, 1), rules)}
False
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .. import N_
from ..engine.board import Geometry
from ..engine.play import Move, TurnContext
from ..engine.rules import Abilities, Facts, Ruleset
from ..engine.state import State, extra_get, extra_put
from .options import abilities

# The standard starting position of Tavla and Backgammon, in the mover's numbering.
STANDARD_START: Mapping[int, int] = MappingProxyType({24: 2, 13: 5, 8: 3, 6: 5})

_KEY = "home_hitters"


_get, _put = extra_get, extra_put


@dataclass(frozen=True)
class NoHitAndRunInHome:
    """A checker that hits on own points 1–6 may not move again this turn (Tavla option)."""

    def immobile(self, state: State, point: int) -> int:
        return 1 if point in _get(state[4], _KEY, ()) else 0

    def allow(self, ctx: TurnContext, before: State, move: Move, after: State) -> State | None:
        if not (move.hit and 1 <= move.dst <= 6):
            return after
        mine, theirs, mypins, theirpins, extra = after
        points = tuple(sorted(_get(extra, _KEY, ()) + (move.dst,)))
        return (mine, theirs, mypins, theirpins, _put(extra, _KEY, points))


def tavla_hooks(options: Mapping[str, Any]) -> tuple[Any, ...]:
    """Tavla's step hooks for these option values."""
    return (NoHitAndRunInHome(),) if options.get("no_hit_and_run_in_home") else ()


_FACTS = Facts(family="hitting", other_names=("Türk", "Turkish backgammon"),
               special_rules=("closed_board_skips_roll", "no_hit_and_run_in_home"),
               display_name=N_("Tavla"), table_name=N_("Tavla (Turkish rules)"))
_OPTIONS: Mapping[str, Any] = MappingProxyType({
    "katmerli_mars": False,  # rules.md D1: seed 1 alone gives 3 points
    "closed_board_skips_roll": True,  # seed 2
    "no_hit_and_run_in_home": False,  # D11: not in the seeds
    "match_length": 5,
})


def configure(options: Mapping[str, Any]) -> tuple[tuple[Any, ...], Abilities]:
    """Tavla's hooks and abilities for these option values (`Ruleset.configure`)."""
    return tavla_hooks(options), abilities(options, _FACTS)


_HOOKS, _ABILITIES = configure(_OPTIONS)


TAVLA = Ruleset(
    variant="tavla", geometry=Geometry.OPPOSITE, start=STANDARD_START, blot="hit", block_at=2,
    has_bar=True, has_cube=False, opening="reroll_both", gammon_name="mars",
    backgammon_name="katmerli_mars", facts=_FACTS, options=_OPTIONS,
    step_hooks=_HOOKS, abilities=_ABILITIES, configure=configure,
)

ALIASES = ("turk", "türk")
