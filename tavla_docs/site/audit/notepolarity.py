"""A glossary entry's notes say the same thing in every language: none denies what another affirms.

"teslim olmak" with `note_en: "not the same as dropping a double"` and `note_tr: "katlamayı
reddetmekle aynı şeydir"` tells the Turkish reader the opposite of the English one. Each note's
polarity is read from its language's words of negation (English "not", "no", "never", "-n't";
Turkish "değil", "yok", "-maz/-mez", "-mıyor"; Greek "δεν", "μην", "όχι", "χωρίς"); a note whose
polarity differs from the English note's is an error at that note. A note in a language without
such words here is not judged.

>>> [m for _, m in contradictions({"note_en": "not the same as dropping a double", "note_tr": "reddetmekle aynı şeydir"})]
["the tr note affirms what the en note denies ('not the same as dropping a double'): one of them says the opposite of the other"]
>>> contradictions({"note_en": "not the same as dropping a double", "note_tr": "reddetmekle aynı şey değildir"})
[]
"""
from __future__ import annotations

import re
from typing import Any

from .lexicon import fold

_NEGATION = {
    "en": re.compile(r"\b(?:not|no|never|cannot|nor|without|none)\b|n't\b"),
    "tr": re.compile(r"\bdeğil\w*|\byok\w*|\bhiç\b|\w+m[ae]z\b|\w+m[ıiuü]yor\w*"),
    "el": re.compile(r"(?<!\w)(?:δεν|μην|οχι|ουτε|χωρισ|καμια|κανενα)(?!\w)"),
}
HINT = "make the notes say the same thing in every language (rules.md §6 says which is right)"


def _negated(text: str, lang: str) -> bool | None:
    pattern = _NEGATION.get(lang)
    return None if pattern is None else bool(pattern.search(fold(text, lang)))


def contradictions(entry: dict[str, Any], reference: str = "en") -> list[tuple[str, str]]:
    """(field, message) for each note whose negation differs from the `reference` language's note."""
    base = entry.get(f"note_{reference}")
    if not isinstance(base, str) or (denies := _negated(base, reference)) is None:
        return []
    out = []
    for field, value in entry.items():
        lang = field.removeprefix("note_")
        if not field.startswith("note_") or lang == reference or not isinstance(value, str):
            continue
        negated = _negated(value, lang)
        if negated is None or negated == denies:
            continue
        verb, other = ("affirms", "denies") if denies else ("denies", "affirms")
        out.append((field, f"the {lang} note {verb} what the {reference} note {other} ({base!r}): one of them "
                           f"says the opposite of the other"))
    return out
