"""A declared rule sentence that lists a rule option's values: the values it prints are the option's.

"When a player's first roll is 6-6, 4-4 or 3-3, two checkers may leave the head" declares
`states("head_exception")`; its doubles are the game's `head_exception_doubles`. A page that
prints them from another list (`{% for d in r.die_faces %}`) or a loop it cut states a variant's
rule (every double an exception) as the game's, in words the rule check reads as true. The facts
bound to an option, and how its values print, are data (`optvalues.yaml`).

>>> from tavla_docs.site.provenance import recording, mark
>>> from tavla_docs.site.declare import states
>>> from tavla_docs.variants import ruleset
>>> with recording():
...     bad = "On a first roll of 1-1, 2-2 or 6-6 two checkers may leave the head. " + mark(1, states("head_exception"), False, 0)
>>> for p in option_value_problems(bad, "x.md", "x {{ states('head_exception') }}", 1, ruleset("uzun")):
...     print(p.message)  # doctest: +NORMALIZE_WHITESPACE
this paragraph lists 1-1, 2-2 and 6-6 for `states('head_exception')`,
but in uzun the rule's head_exception_doubles is 6-6, 4-4 and 3-3
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from ..declare import fact_name
from ..provenance import declarations, spans
from .problems import Problem
from .scan import TAG
from .statements import _BREAK, _pieces, visible

if TYPE_CHECKING:
    from ...engine.rules import Ruleset

_DOUBLE = re.compile(r"(?<![\d/-])([1-6])-\1(?![\d/-])")
HINT = "print the option's own values (`r.option(\"…\")`), or say the paragraph is about a variant"


@cache
def _bound() -> dict[str, dict[str, Any]]:
    return dict(yaml.safe_load(Path(__file__).with_name("optvalues.yaml").read_text(encoding="utf-8")) or {})


def _printed(text: str, shape: str) -> list[int]:
    return [int(m.group(1)) for m in _DOUBLE.finditer(text)] if shape == "doubles" else []


def _rolls(dice: list[int]) -> str:
    shown = [f"{d}-{d}" for d in dice]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def option_value_problems(marked: str, path: str, source: str, first_line: int,
                          page: Ruleset | None) -> list[Problem]:
    """Each `states(fact)` paragraph of an option-bound fact that prints other values than the
    page's game has for the option, located at the mark's tag."""
    if page is None:
        return []
    marks = [m for m in declarations(marked) if fact_name(m[1]) in _bound()]
    if not marks:
        return []
    text = visible("".join(p.text for p in spans(marked)))
    paras = _pieces(text, _BREAK, 0, len(text)) or [(0, len(text))]
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    out = []
    for at, number, line, index in marks:
        name = fact_name(number) or ""
        bound = _bound()[name]
        if bound["option"] not in page.options:
            continue
        a, b = next(((a, b) for a, b in paras if a <= at < b), paras[-1])
        printed = _printed(text[a:b], bound["shape"])
        own = sorted({int(v) for v in page.option(bound["option"])}, reverse=True)
        if not printed or sorted(set(printed), reverse=True) == own:
            continue
        if 0 <= index < len(tags):
            m = tags[index]
            row, col = source.count("\n", 0, m.start()) + 1, m.start() - (source.rfind("\n", 0, m.start()) + 1) + 1
        else:
            row, col = line or 1, 1
        out.append(Problem(path, row + first_line - 1, col, "error", "option-values",
                           f"this paragraph lists {_rolls(sorted(set(printed)))} for `states({name!r})`, but in "
                           f"{page.variant} the rule's {bound['option']} is {_rolls(own)}", HINT))
    return out
