"""A page that gives its game another game's setup: "Gülbara: the Tapa setup".

A page may describe its game's starting position by naming a game that starts the same way ("the
Uzun tavla setup", "Uzun tavla dizilişi", "set up like Uzun tavla"). The engine knows every game's
starting position (`Ruleset.starting_position()`), so the name is checked: a game named as the
setup of a page whose games (each `rules("…")` it calls) all start otherwise is an error at the
name, with the first board point where the two setups differ. Read in the front matter and the
page's text (Jinja blanked).

>>> from tavla_docs.variants import ruleset
>>> [m.partition(": ")[2] for _, m in wrong_setups("the Tapa setup and doubles", "en", [ruleset("gulbara")])]
["board point 1 holds 15 black checkers in Tapa's setup and none in Gülbara's"]
>>> wrong_setups("the Uzun tavla setup and doubles", "en", [ruleset("gulbara")])
[]
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from .problems import Problem

HINT = "name a game that starts as this page's game does, or describe the setup the page's `rules(\"…\")` prints"
# Each form's `{g}` is a game's names (the lexicon's `variants`); matched case-insensitively.
_FORMS: dict[str, tuple[str, ...]] = {
    "en": (r"\b(?:the )?(?:{g})(?:['’]s)? (?:setup|set-up|starting position|starting layout|initial position)\b",
           r"\b(?:setup|starting position) of (?:the )?(?:{g})",
           r"\bset up (?:and played )?(?:just |exactly )?(?:like|as in|as for) (?:{g})",
           r"\bsame (?:setup|starting position) as (?:in )?(?:{g})"),
    "tr": (r"(?:{g})\w*['’]?\w* (?:dizilişi\w*|başlangıç (?:dizilişi|durumu)\w*)",
           r"(?:{g})\w*['’]?\w* gibi dizil\w*",
           r"(?:{g})\w*['’]?\w* ile aynı (?:şekilde )?dizil\w*"),
    "el": (r"(?:αρχική )?διάταξη (?:της |του )(?:{g})",
           r"στήνεται (?:όπως|σαν) (?:και )?(?:η |το |την |στην |στο )?(?:{g})"),
}


@cache
def _patterns(lang: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    from .lexicon import lexicon

    out = []
    for game, by_lang in lexicon().variants.items():
        names = by_lang.get(lang)
        if names is None:
            continue
        for form in _FORMS.get(lang, ()):
            out.append((game, re.compile(form.replace("{g}", names.pattern), re.IGNORECASE)))
    return tuple(out)


def _board(rules: Any) -> dict[int, tuple[int, int]]:
    """Board point -> (white checkers, black checkers) at the start, in White's numbering."""
    from ...engine.board import Side

    p = rules.starting_position()
    g = p.geometry
    return {b: (p.white[g.from_board(Side.WHITE, b)], p.black[g.from_board(Side.BLACK, b)]) for b in range(1, 25)}


def _difference(named: Any, own: Any) -> str:
    a, b = _board(named), _board(own)
    for point in range(1, 25):
        if a[point] != b[point]:
            for side, k in (("white", 0), ("black", 1)):
                if a[point][k] != b[point][k]:
                    theirs = a[point][k] or "none"
                    ours = b[point][k] or "none"
                    noun = "checker" if a[point][k] == 1 else "checkers"
                    return (f"board point {point} holds {theirs} {side} {noun} in {named.display_name}'s setup "
                            f"and {ours} in {own.display_name}'s")
    return ""


def wrong_setups(text: str, lang: str, games: list[Any]) -> list[tuple[int, str]]:
    """(offset, message) of each game `text` names as the setup where none of `games` starts as it does."""
    from ...variants import ruleset

    out = []
    seen: set[int] = set()
    for game, pattern in _patterns(lang):
        for m in pattern.finditer(text):
            if m.start() in seen:
                continue
            named = ruleset(game)
            if any(str(named.starting_position()) == str(g.starting_position()) for g in games):
                continue
            seen.add(m.start())
            who = " and ".join(g.display_name for g in games)
            out.append((m.start(), f"{m.group()!r} gives {who} the setup of {named.display_name}, but they start "
                                   f"differently: {_difference(named, games[0])}"))
    return sorted(out)


def setup_problems(path: str, values: Iterable[tuple[int, int, str, str]], body: str, lang: str, level: str,
                   first: int) -> list[Problem]:
    """`wrong_setups` in the front matter's values (`pageparts.front_values`) and the page's text, located."""
    from .features import page_games
    from .statements import visible

    games = page_games(body)
    if not games:
        return []
    out = [Problem(path, line, col + at, level, "rule", message, HINT)
           for line, col, _key, value in values for at, message in wrong_setups(value, lang, games)]
    text = visible(body)
    for at, message in wrong_setups(text, lang, games):
        line = first + text.count("\n", 0, at)
        out.append(Problem(path, line, at - (text.rfind("\n", 0, at) + 1) + 1, level, "rule", message, HINT))
    return out
