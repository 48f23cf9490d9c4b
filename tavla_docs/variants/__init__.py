"""The games of the box: each is a `Ruleset` value plus a few small rule hooks.

Tavla and Backgammon are plain data; Uzun tavla, Tapa and Gülbara add `StepHook`s, a
`dice_plan` (Gülbara) and a `special_result` (Tapa). The move generator in
`tavla_docs.engine` stays variant-free; `registry` finds a game by any of its names.

>>> from tavla_docs.variants import ruleset
>>> [ruleset(n).variant for n in ("narde", "plakoto", "gul bara")]
['uzun', 'tapa', 'gulbara']
"""
from __future__ import annotations

from .backgammon import BACKGAMMON
from .gulbara import GULBARA
from .registry import ALIASES, VARIANTS, canonical_name, find, ruleset, variants
from .tapa import TAPA
from .tavla import STANDARD_START, TAVLA
from .uzun import UZUN

__all__ = ["ALIASES", "BACKGAMMON", "GULBARA", "STANDARD_START", "TAPA", "TAVLA", "UZUN", "VARIANTS",
           "canonical_name", "find", "ruleset", "variants"]
