"""The games of the box, by name: an explicit tuple of rulesets and their other names.

>>> [rs.variant for rs in VARIANTS]
['tavla', 'backgammon', 'uzun', 'tapa', 'gulbara']
>>> ruleset("narde").variant, canonical_name(" Plakoto "), find("chess")
('uzun', 'tapa', None)
>>> ruleset("tavla", katmerli_mars=True).option("katmerli_mars")
True
"""
from __future__ import annotations

from typing import Any

from ..engine.rules import Ruleset, RulesetError
from . import backgammon, gulbara, tapa, tavla, uzun

# The order is the order every list of games (and every "known: …" hint) shows.
VARIANTS: tuple[Ruleset, ...] = (tavla.TAVLA, backgammon.BACKGAMMON, uzun.UZUN, tapa.TAPA, gulbara.GULBARA)

_BY_NAME: dict[str, Ruleset] = {rs.variant: rs for rs in VARIANTS}
ALIASES: dict[str, str] = {alias.lower(): rs.variant for rs, aliases in (
    (tavla.TAVLA, tavla.ALIASES), (backgammon.BACKGAMMON, backgammon.ALIASES), (uzun.UZUN, uzun.ALIASES),
    (tapa.TAPA, tapa.ALIASES), (gulbara.GULBARA, gulbara.ALIASES)) for alias in aliases}


def canonical_name(name: str) -> str:
    """The variant name that `name` (any spelling or other name) stands for, lower-cased."""
    key = name.strip().lower()
    return ALIASES.get(key, key)


def variants() -> tuple[str, ...]:
    """The names of the known games, in their fixed order."""
    return tuple(_BY_NAME)


def find(name: str) -> Ruleset | None:
    """The ruleset of a variant by any of its names, or None."""
    return _BY_NAME.get(canonical_name(name))


def ruleset(name: str, **options: Any) -> Ruleset:
    """The ruleset of a variant by name, with optional option overrides."""
    rs = find(name)
    if rs is None:
        raise RulesetError(f"unknown variant {name!r}; known: {', '.join(_BY_NAME)}")
    return rs.with_options(**options) if options else rs
