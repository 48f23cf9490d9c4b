"""The other games of the box: Uzun tavla, Tapa and Gülbara as rulesets plus small hooks.

Importing this package registers the three rulesets with `tavla_docs.rules`
(`rules.ruleset()` imports it lazily, so `ruleset("uzun")` always works). The
move generator stays variant-free: each game is data (`Ruleset` fields and
options) plus a few `StepHook`s, a `dice_plan` (Gülbara) and a
`special_result` (Tapa).

>>> from tavla_docs.rules import ruleset
>>> [ruleset(n).variant for n in ("narde", "plakoto", "gul bara")]
['uzun', 'tapa', 'gulbara']
"""
from __future__ import annotations

# Registration order is the order `rules.variants()` lists them in.
from . import uzun  # isort: skip
from . import tapa  # isort: skip
from . import gulbara  # isort: skip
from .gulbara import GULBARA
from .tapa import TAPA
from .uzun import UZUN

__all__ = ["GULBARA", "TAPA", "UZUN", "gulbara", "tapa", "uzun"]
