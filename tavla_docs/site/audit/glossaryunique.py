"""A glossary term names one thing: no two entries give the same term in one language.

The glossary pairs terms one to one: `hane; nokta` is "point", `kadran` is "quadrant", `ev` is
"home board", `dış saha` is "outer board". An entry whose term in some language is a term another
entry already gives ("kadran" as "point", "ev" as "outer board (outfield)") tells the reader two
different things have one name, and one of the two is wrong: an error at the later entry's term,
naming the other. Terms are compared whole, brackets and a leading "to"/"the" left out, so
"made point" and "point", "bear off" and "bearing off" are different terms.

>>> sections = [{"terms": [{"tr": "hane; nokta", "en": "point"}, {"tr": "kadran", "en": "point"}]}]
>>> [(k, f, m) for k, f, _, m in clashes(sections)]
[(('sections', 0, 'terms', 1), 'en', "'point' is already the glossary's en term for 'hane; nokta'")]
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .lexicon import fold
from .problems import Problem

_FIELDS = ("en", "tr", "el")
_BRACKET = re.compile(r"\([^()]*\)")
_SPLIT = re.compile(r"[;,/·]")
_LEAD = re.compile(r"^(?:to|the|a|an)\s+")
HINT = "give each thing its own term, as the rules define it; a synonym goes in the same entry, after a ';'"


def _terms(text: str, lang: str) -> Iterator[tuple[str, int]]:
    """Each term of a field with its offset: brackets and digits out, a leading article or "to" off."""
    stripped = _BRACKET.sub(lambda m: " " * len(m.group()), text)
    at = 0
    for part in _SPLIT.split(stripped):
        start = at + len(part) - len(part.lstrip())
        at += len(part) + 1
        term = " ".join(fold(part, lang).split())
        term = _LEAD.sub("", term) if lang == "en" else term
        if len(term) >= 2 and not re.search(r"\d", term):
            yield term, start


def clashes(sections: list[Any]) -> list[tuple[tuple[Any, ...], str, int, str]]:
    """(entry's key, field, offset, message) for each term that an earlier entry already gives."""
    seen: dict[tuple[str, str], tuple[int, str]] = {}
    out = []
    for i, section in enumerate(sections):
        terms = section.get("terms") if isinstance(section, dict) else None
        for j, entry in enumerate(terms if isinstance(terms, list) else []):
            if not isinstance(entry, dict):
                continue
            for field in _FIELDS:
                value = entry.get(field)
                if not isinstance(value, str):
                    continue
                for term, offset in _terms(value, field):
                    first = seen.setdefault((field, term), (id(entry), str(entry.get("tr", ""))))
                    if first[0] != id(entry):
                        out.append((("sections", i, "terms", j), field, offset,
                                    f"{term!r} is already the glossary's {field} term for {first[1]!r}"))
    return out


def unique_problems(sections: list[Any], doc: Any, shown: str, level: str) -> list[Problem]:
    """Every clash (`clashes`), located at the later entry's term."""
    out = []
    for key, field, offset, message in clashes(sections):
        line, col = doc.char_mark((*key, field), offset)
        out.append(Problem(shown, line, col, level, "glossary", message + ": two things cannot share one name", HINT))
    return out
