"""A game's number printed in a sentence about another game, where that game's number differs.

A page about one game often compares it with another ("Backgammon has the same starting position,
and so the same count: {{ bg.starting_pips }}"). Every number a ruleset states knows its game and
rule (`Subject.game`, set by `facts.rules.RuleFacts`); a sentence that names games (their display
names in the page's language, capitalised as the catalog writes them) and not the game of the
number it prints is read as stating the named game's number. When each named game's own value of
that rule differs from the one printed, the sentence gives one game's number as another's.
"""
from __future__ import annotations

import re
from functools import cache

from ..provenance import game_fact_of, spans
from .problems import Problem
from .reader import _printed_at
from .scan import TAG

_TAG = re.compile(r"<[^>]*>")  # markup a helper prints (`class="tavla-play"`) names no game
_END = re.compile(r"[!?;\n|]|\.(?!\d)")  # a sentence's end; a decimal point ends nothing
HINT = ("print the number of the game the sentence names (`rules(\"<that game>\")`), or name the game the "
        "number belongs to (docs/authoring.md, \"What the build checks in the text a reader reads\")")


@cache
def _names(lang: str) -> tuple[tuple[str, str], ...]:
    """(variant, its display name in `lang`), longest name first: "Uzun tavla" before "Tavla"."""
    from ...variants import ruleset, variants
    from ..i18n import catalog
    t = catalog(lang)
    pairs = [(v, t.gettext(ruleset(v).display_name)) for v in variants()]
    return tuple(sorted(pairs, key=lambda p: -len(p[1])))


@cache
def _value(variant: str, rule: str) -> int | None:
    """The number `rules(variant).<rule>` states (None: the game has no such number)."""
    from ...variants import ruleset
    from ..facts.rules import RuleFacts
    try:
        value = getattr(RuleFacts(ruleset(variant), "en"), rule)
    except (AttributeError, ValueError, KeyError, TypeError):
        return None
    return int(value) if isinstance(value, int) else None


def _named(text: str, lang: str) -> dict[str, str]:
    """The games a sentence names (variant → the name as written), a longer name hiding the shorter
    one inside it ("Uzun tavla" is not also "Tavla"). A name counts as the catalog capitalises it:
    "a backgammon" and "backgammons" are a result, not the game."""
    taken: list[tuple[int, int]] = []
    out: dict[str, str] = {}
    for variant, name in _names(lang):
        for m in re.finditer(rf"(?<!\w){re.escape(name)}", text):
            if any(a <= m.start() < b for a, b in taken):
                continue
            taken.append((m.start(), m.end()))
            out.setdefault(variant, m.group())
    return out


def game_fact_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                       severity: str = "error") -> list[Problem]:
    """Each ruleset's number printed in a sentence that names other games only, whose value differs."""
    if not any(c in marked for c in ("\U000f0001", "\U000f0002")):
        return []
    parts = spans(marked)
    text = _TAG.sub(lambda m: " " * len(m.group()), "".join(p.text for p in parts))
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    out = []
    for p in parts:
        if not (p.computed and p.about is not None and p.about.game):
            continue
        fact = game_fact_of(p.about.game)
        if fact is None:
            continue
        variant, rule = fact
        start = max((m.end() for m in _END.finditer(text, 0, p.start)), default=0)
        end = next((m.start() for m in _END.finditer(text, p.start + len(p.text))), len(text))
        named = _named(text[start:end], lang)
        if not named or variant in named:
            continue
        other = {v: _value(v, rule) for v in named}
        if any(value is None or value == _value(variant, rule) for value in other.values()):
            continue  # a named game has no such number, or the same one
        game = dict(_names(lang))[variant]
        first = next(iter(named))
        line, col, tag = _printed_at(tags, source, p)
        out.append(Problem(path, line + first_line - 1, col, severity, "game-fact",
                           f"`{tag}` prints {game}'s {rule.replace('_', ' ')} ({p.text}) in a sentence about "
                           f"{named[first]}, whose {rule.replace('_', ' ')} is {other[first]}", HINT))
    return out
