"""Hypergammon: backgammon with three checkers a side, on the 24-, 23- and 22-points, with the
doubling cube and the Crawford rule. The count of checkers is the start's (`Ruleset.checkers`);
everything else is Backgammon's rules, so the generator's plain kernel plays it.

>>> HYPERGAMMON.checkers, HYPERGAMMON.summary()["starting_pips"]
(3, 69)
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from .. import N_
from ..engine.rules import Abilities, Facts, Ruleset
from .backgammon import BACKGAMMON
from .options import abilities

_FACTS: Facts = replace(BACKGAMMON.facts, other_names=(), display_name=N_("Hypergammon"))
START: Mapping[int, int] = MappingProxyType({24: 1, 23: 1, 22: 1})


def configure(options: Mapping[str, Any]) -> tuple[tuple[Any, ...], Abilities]:
    """Hypergammon's abilities for these option values (it has no hooks)."""
    return (), abilities(options, _FACTS)


HYPERGAMMON: Ruleset = replace(BACKGAMMON, variant="hypergammon", start=START, facts=_FACTS, configure=configure,
                               abilities=configure(BACKGAMMON.options)[1])

ALIASES = ("hyper", "hyper-backgammon")
