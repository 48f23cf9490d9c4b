"""Languages as data: the registry (`registry`) and the grammar hooks its entries name (`grammars`).

This layer imports nothing above `formats.yamlmarks`: the diagram, scenario and site layers ask it."""
from __future__ import annotations

from .registry import Language, LanguageError, codes, get, lookup, names, use_project

__all__ = ["Language", "LanguageError", "codes", "get", "lookup", "names", "use_project"]
