"""Nackgammon (Nack Ballard's variant): backgammon from another start, two back checkers more
(2 on the 24-point, 2 on the 23-point, 4 on the 13, 3 on the 8 and 4 on the 6). Its rules are
Backgammon's, cube and all; only `start` differs, and with it nothing else to configure.

>>> NACKGAMMON.checkers, NACKGAMMON.summary()["starting_pips"]
(15, 194)
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

_FACTS: Facts = replace(BACKGAMMON.facts, other_names=(), display_name=N_("Nackgammon"))
START: Mapping[int, int] = MappingProxyType({24: 2, 23: 2, 13: 4, 8: 3, 6: 4})


def configure(options: Mapping[str, Any]) -> tuple[tuple[Any, ...], Abilities]:
    """Nackgammon's abilities for these option values (it has no hooks)."""
    return (), abilities(options, _FACTS)


NACKGAMMON: Ruleset = replace(BACKGAMMON, variant="nackgammon", start=START, facts=_FACTS, configure=configure,
                              abilities=configure(BACKGAMMON.options)[1])

ALIASES = ("nack", "nack-gammon")
