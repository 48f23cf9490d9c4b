"""The games of the box: each is a `Ruleset` value plus a few small rule hooks.

Tavla and Backgammon are plain data, and so are Hypergammon and Nackgammon (Backgammon from
another start: the number of checkers is the start's); Uzun tavla, Tapa and Gülbara add `StepHook`s, a
`dice_plan` (Gülbara) and a `special_result` (Tapa). The move generator in
`tavla_docs.engine` stays variant-free; `registry` finds a game by any of its names.

A game's module is imported when one of its names is first read here (`TAVLA`, `TAPA`, …,
PEP 562), as the registry imports it when the game is first asked for: `tavla-docs plays`
on a Tavla position loads Tavla's rules only (start-up; tests/cli/test_startup.py).

>>> from tavla_docs.variants import ruleset
>>> [ruleset(n).variant for n in ("narde", "plakoto", "gul bara")]
['uzun', 'tapa', 'gulbara']
>>> import tavla_docs.variants as v
>>> v.TAPA.variant, v.STANDARD_START is v.tavla.STANDARD_START
('tapa', True)
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from .registry import GAMES, canonical_name, find, ruleset, variants

if TYPE_CHECKING:
    from .backgammon import BACKGAMMON
    from .gulbara import GULBARA
    from .hypergammon import HYPERGAMMON
    from .nackgammon import NACKGAMMON
    from .registry import ALIASES, VARIANTS
    from .tapa import TAPA
    from .tavla import STANDARD_START, TAVLA
    from .uzun import UZUN

__all__ = ["ALIASES", "BACKGAMMON", "GULBARA", "HYPERGAMMON", "NACKGAMMON", "STANDARD_START", "TAPA", "TAVLA", "UZUN", "VARIANTS",
           "canonical_name", "find", "ruleset", "variants"]

# each lazily read name -> the module of this package that defines it (the games: the registry's table)
_HOME = {attribute: module for module, attribute in GAMES.values()} | {
    "STANDARD_START": "tavla", "ALIASES": "registry", "VARIANTS": "registry"}


def __getattr__(name: str) -> object:
    """A game's ruleset (or the registry's `VARIANTS`/`ALIASES`), its module imported on first use."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    if module != "registry":  # the registry builds VARIANTS and ALIASES afresh; a game's value is fixed
        globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
