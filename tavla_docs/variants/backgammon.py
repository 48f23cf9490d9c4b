"""Backgammon (modern tavla): the standard game with the doubling cube and the Crawford rule
(rules.md §3.2). No hooks: the generator's plain kernel plays it."""
from __future__ import annotations

from types import MappingProxyType

from ..engine.board import Geometry
from ..engine.rules import Facts, Ruleset
from .tavla import STANDARD_START

BACKGAMMON = Ruleset(
    variant="backgammon", geometry=Geometry.OPPOSITE, start=STANDARD_START, blot="hit", block_at=2,
    has_bar=True, has_cube=True, opening="play_opening_dice", gammon_name="gammon",
    backgammon_name="backgammon",
    facts=Facts(family="hitting", other_names=("Modern tavla",), special_rules=("doubling_cube", "crawford")),
    options=MappingProxyType({
        "cube_max": 64,  # D12: seeds and the physical cube; None = unlimited
        "crawford": True,
        "jacoby": False,
        "beavers": False,
        "match_length": 5,
    }),
)

ALIASES = ("bg", "modern")
