"""A glossary meaning's own explanation in brackets names the same thing as the words it explains.

"head (start point, Uzun tavla)" explains *head* by *start point*: both name the head. Written as
"head (home board, Uzun tavla)", the brackets say the head is the home board, which the Turkish
term beside it cannot check (it names the head too). Words and brackets are each read for the
concepts of `glossaryterms` (rules.md §6); when both name some and share none, the meaning
contradicts itself: an error at the English side. A bracket that is a clause ("where hit checkers
enter", "when …") describes, not renames, and is not read.

>>> [m for _, m in misglossed({"tr": "baş (hane)", "en": "head (home board, Uzun tavla)"})]
["this entry explains 'head' (the head, a side's starting point) as 'home board, Uzun tavla' (the home board)"]
>>> misglossed({"tr": "baş (hane)", "en": "head (start point, Uzun tavla)"})
[]
"""
from __future__ import annotations

import re
from typing import Any

from .glossaryterms import _WORDS, _named
from .problems import Problem

HINT = "a word in brackets restates the term it follows: give the same thing in both, as rules.md §6 defines it"
_BRACKET = re.compile(r"\(([^()]*)\)")
_CLAUSE = re.compile(r"^\s*(?:where|when|which|that|who|if|not|in|as|from|for|e\.g\.|i\.e\.)\b", re.IGNORECASE)


def misglossed(entry: dict[str, Any]) -> list[tuple[str, str]]:
    """(field, message) for each bracket of the English meaning that renames its words."""
    en = entry.get("en")
    if not isinstance(en, str):
        return []
    out = []
    for part in en.split(";"):
        outside = _BRACKET.sub(" ", part)
        named = _named(outside, "en")
        for m in _BRACKET.finditer(part):
            inner = m.group(1)
            glossed = _named(inner, "en")
            if not named or not glossed or _CLAUSE.match(inner) or set(named) & set(glossed):
                continue
            out.append(("en", f"this entry explains {' '.join(outside.split())!r} "
                              f"({' / '.join(_WORDS[c] for c in named)}) as {inner!r} "
                              f"({' / '.join(_WORDS[c] for c in glossed)})"))
    return out


def gloss_problems(entry: dict[str, Any], key: tuple[Any, ...], doc: Any, shown: str, level: str) -> list[Problem]:
    """The entry's self-contradicting brackets, located at its English side; and brackets or notes that
    say another thing than another language's (`glossreasons`), at their field."""
    from .glossreasons import reason_problems

    out = reason_problems(entry, key, doc, shown, level)
    for field, message in misglossed(entry):
        line, col = doc.char_mark((*key, field), 0)
        out.append(Problem(shown, line, col, level, "glossary", message, HINT))
    return out
