"""Backgammon (modern tavla): the standard game with the doubling cube and the Crawford rule
(rules.md §3.2). No hooks: the generator's plain kernel plays it."""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .. import N_
from ..engine.board import Geometry
from ..engine.rules import Abilities, Facts, Ruleset
from .options import abilities
from .tavla import STANDARD_START

_FACTS = Facts(family="hitting", other_names=("Modern tavla",), special_rules=("doubling_cube", "crawford"),
               display_name=N_("Backgammon"))
_OPTIONS: Mapping[str, Any] = MappingProxyType({
    "cube_max": 64,  # D12: seeds and the physical cube; None = unlimited
    "crawford": True,
    "jacoby": False,
    "beavers": False,
    "match_length": 5,
})


def configure(options: Mapping[str, Any]) -> tuple[tuple[Any, ...], Abilities]:
    """Backgammon's abilities for these option values (it has no hooks)."""
    return (), abilities(options, _FACTS)


BACKGAMMON = Ruleset(
    variant="backgammon", geometry=Geometry.OPPOSITE, start=STANDARD_START, blot="hit", block_at=2,
    has_bar=True, has_cube=True, opening="play_opening_dice", gammon_name="gammon",
    backgammon_name="backgammon", facts=_FACTS, options=_OPTIONS,
    abilities=configure(_OPTIONS)[1], configure=configure,
)

ALIASES = ("bg", "modern")
