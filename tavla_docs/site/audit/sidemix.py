"""One sentence that names no side speaks of one side: it must not print both sides' facts.

"You have {{ l.left.white.words }} checkers left, on points {{ l.occupied.black }}" names no side
(its subject is "you", the player on roll), so the reader takes every count and point in it as one
side's. Each fact that knows its side (`Num.side`, `FactList.side`) is held against the first one
the sentence printed; a sentence that names a side (typed or printed, in the page's language) is
left to the checks that read which side each clause names (`reader.subject_problems`).

>>> from tavla_docs.site.provenance import recording, mark
>>> from tavla_docs.site.facts.numerals import Num
>>> src = "You have {{ a }} checkers left and {{ b }} home."
>>> with recording():
...     text = ("You have " + mark(1, Num(2, "en").of_side("white"), False, 0) + " checkers left and "
...             + mark(1, Num(3, "en").of_side("black"), False, 1) + " home.")
>>> for p in side_mix_problems(text, "en", "x.md", src, 1, {"white": "White", "black": "Black"}): print(p.message)
`{{ b }}` prints Black's 3 in a sentence that names no side and has printed White's 2: it speaks of one side
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..provenance import Span, spans
from . import langlex
from .problems import Problem
from .reader import _printed_at
from .scan import TAG

# a sentence ends at . ! ? ; or a line break; a decimal point ("4.41") ends nothing
_END = re.compile(r"[!?;\n|]|\.(?!\d)")
HINT = ("print the same side's facts throughout (….white or ….black), or name each side where its facts "
        "are printed (docs/authoring.md, \"What the build checks in the text a reader reads\")")


@dataclass(frozen=True)
class SideText:
    """A rendered text read for sides: its printed spans, its plain text, that text folded, and the
    words of the language that name a side (folded word → side, and a pattern of them)."""

    parts: list[Span]
    text: str
    folded: str
    words: dict[str, str]
    names: re.Pattern[str]


def side_text(marked: str, lang: str, sides: dict[str, str]) -> SideText | None:
    """`marked` read for sides; None when the language's lexicon has no `roles` section, so a
    sentence naming a side cannot be told from one that does not."""
    found = _side_names(lang, tuple(sorted(sides.items())))
    if found is None:
        return None
    parts = spans(marked)
    text = "".join(p.text for p in parts)
    return SideText(parts, text, langlex.fold_text(text, lang), *found)


@lru_cache(maxsize=16)
def _side_names(lang: str, sides: tuple[tuple[str, str], ...]) -> tuple[dict[str, str], re.Pattern[str]] | None:
    """Every word that names a side, as a whole word (a suffix after it is allowed: "Siyah'ın"): the
    catalog's names and the `roles: sides` words `sideroles` reads and checks ("λευκών")."""
    from .sideroles import role_words

    words = role_words(lang)
    if words is None:
        return None
    found = {langlex.fold_text(n, lang): s for s, n in sides} | words.sides
    return found, re.compile(r"(?<!\w)(" + "|".join(re.escape(w) for w in sorted(found, key=len, reverse=True)) + ")")


def side_mix_problems(marked: str, lang: str, path: str, source: str, first_line: int, sides: dict[str, str],
                      severity: str = "error") -> list[Problem]:
    """Each fact of one side printed after a fact of the other in a sentence that names no side."""
    if not any(c in marked for c in ("\U000f0001", "\U000f0002")):
        return []
    read = side_text(marked, lang, sides)
    if read is None:
        return []
    parts, text, folded, names = read.parts, read.text, read.folded, read.names
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    out = []
    first: dict[int, tuple[str, str]] = {}  # sentence start → (side, text) of its first fact with a side
    for p in parts:
        if not (p.computed and p.side):
            continue
        start = max((m.end() for m in _END.finditer(text, 0, p.start)), default=0)
        end = next((m.start() for m in _END.finditer(text, p.start + len(p.text))), len(text))
        if names.search(folded, start, end):
            continue
        seen = first.setdefault(start, (p.side, p.text))
        if seen[0] == p.side:
            continue
        line, col, tag = _printed_at(tags, source, p)
        out.append(Problem(path, line + first_line - 1, col, severity, "side-mix",
                           f"`{tag}` prints {p.side.capitalize()}'s {p.text} in a sentence that names no side and has "
                           f"printed {seen[0].capitalize()}'s {seen[1]}: it speaks of one side", HINT))
    return out
