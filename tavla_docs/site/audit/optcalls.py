"""The `rules("game", option=…)` and `ruleset("game", option=…)` calls of a page whose options
differ from the game's own rules (the variant's defaults in `tavla_docs/variants`).

Such a call makes the page speak of a variant: every value printed from it, every `{% if %}`
text it switches and every table column built from it states the variant's rule, not the game's
(`audit.optvariants` finds what changes). This module only reads the calls and their options.

>>> found = variant_calls('{% set r = rules("uzun", bear_off_overshoot=False) %}')
>>> [(c.game, c.option, c.value, c.default, c.line) for c in found]
[('uzun', 'bear_off_overshoot', False, True, 1)]
>>> variant_calls('{% set r = rules("uzun", bear_off_overshoot=True) %}{{ rules("tavla").checkers }}')
[]
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import jinja2
from jinja2 import nodes

_ENV = jinja2.Environment(extensions=["jinja2.ext.i18n", "jinja2.ext.loopcontrols"])
_HELPERS = {"rules": "tavla", "ruleset": None}  # the helper and the game it takes without a name
_UNKNOWN = object()  # an option's value the page computes: not a literal


@dataclass(frozen=True)
class VariantOption:
    """One option of a `rules()` call that is not the game's own value."""

    helper: str
    game: str
    option: str
    value: Any
    default: Any
    line: int  # in the source the calls were read from (1-based)
    col: int

    @property
    def call(self) -> str:
        """The call as an author reads it: `rules("gulbara", head_rule=True)`."""
        return f'{self.helper}("{self.game}", {self.option}={_shown(self.value)})'

    @property
    def own(self) -> str:
        """The game's own value, as the option would be written: `head_rule=False`."""
        return f"{self.option}={_shown(self.default)}"


def _shown(value: Any) -> str:
    if value is _UNKNOWN:
        return "…"
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    return repr(value) if isinstance(value, str) else str(value)


def _literal(node: nodes.Expr) -> Any:
    try:
        value = node.as_const()
    except nodes.Impossible:
        return _UNKNOWN
    return tuple(value) if isinstance(value, list) else value


def _at(lines: list[str], line: int, option: str) -> int:
    """The column of `option=` on the call's line (1 when it is written on another line)."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    m = re.search(rf"\b{re.escape(option)}\s*=", text)
    return m.start() + 1 if m else 1


def variant_calls(source: str) -> list[VariantOption]:
    """Every option of a page's `rules()` / `ruleset()` calls that differs from the game's own value
    (a value the page computes counts as differing: it may)."""
    if "=" not in source or not any(f"{h}(" in source for h in _HELPERS):
        return []
    try:
        tree = _ENV.parse(source)
    except jinja2.TemplateSyntaxError:
        return []  # the build reports the syntax error itself
    from ...engine.rules import RulesetError
    from ...variants import ruleset

    lines = source.splitlines()
    out = []
    for call in tree.find_all(nodes.Call):
        if not isinstance(call.node, nodes.Name) or call.node.name not in _HELPERS or not call.kwargs:
            continue
        game = _literal(call.args[0]) if call.args else _HELPERS[call.node.name]
        if not isinstance(game, str):
            continue
        try:
            own = ruleset(game)
        except (RulesetError, KeyError, ValueError):
            continue  # the render reports an unknown game
        for kw in call.kwargs:
            value = _literal(kw.value)
            try:
                default = own.option(kw.key)
            except RulesetError:
                continue
            default = tuple(default) if isinstance(default, list) else default
            if value is _UNKNOWN or value != default or type(value) is not type(default):
                out.append(VariantOption(call.node.name, game, kw.key, value, default, kw.lineno,
                                         _at(lines, kw.lineno, kw.key)))
    return out
