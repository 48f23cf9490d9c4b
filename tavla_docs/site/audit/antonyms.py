"""Opposite words across languages: "closed board" is not "open board", "serbest kalır" is not "tapalı kalır".

A translation (a catalog's msgstr beside its msgid, a glossary entry's English or Greek beside its
Turkish) that keeps every word but one can still say the opposite, by the one word that has an
opposite: open for closed, pinned for free, loses for wins, outside for inside, lower for higher.
The pairs and each language's words are data (`antonyms.yaml`). A text that names only one side of
a pair, beside a source that names only the other, is an error at the text. A text that denies
where its source affirms (`catalogpolarity`: "not closed" is "açık") may say the same thing with the
opposite word, and is not judged; nor is a side of a pair a language has no words for.

>>> opposed("closed board; to close one's board", "tr", "kapalı ev; evini kapatmak", "en")
>>> opposed("kapalı ev; evini kapatmak", "tr", "open board; to leave one's board open", "en")
('open_closed', 'closed', 'open')
>>> opposed("The point is closed", "en", "Hane kapalı değil, açık", "tr") is None
True
"""
from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import yaml

from .catalogpolarity import _denies
from .langlex import fold_pattern
from .lexicon import fold
from .problems import Problem

HINT = "a translation says the side of a pair of opposites its source says (closed is 'kapalı', free is 'serbest')"
_PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%[sdif]|\{\w*\}")


@cache
def pairs() -> dict[str, Any]:
    """{pair: {"says": {side: word}, lang: {side: [pattern]}}} from `antonyms.yaml`."""
    loaded = yaml.safe_load(Path(__file__).with_name("antonyms.yaml").read_text(encoding="utf-8"))
    return loaded if isinstance(loaded, dict) else {}


@cache
def _patterns(pair: str, lang: str) -> dict[str, tuple[re.Pattern[str], ...]]:
    base = lang.split("_")[0]
    words = pairs()[pair].get(lang) or pairs()[pair].get(base) or {}
    return {side: tuple(re.compile(fold_pattern(p, base)) for p in pats) for side, pats in words.items()}


@lru_cache(maxsize=4096)
def sides(text: str, lang: str) -> dict[str, frozenset[str]]:
    """{pair: the sides `text` names} for every pair whose words it uses."""
    folded = fold(_PLACEHOLDER.sub(" ", text), lang)
    out = {}
    for pair in pairs():
        named = frozenset(s for s, pats in _patterns(pair, lang).items() if any(p.search(folded) for p in pats))
        if named:
            out[pair] = named
    return out


def opposed(source: str, source_lang: str, text: str, lang: str) -> tuple[str, str, str] | None:
    """(pair, the side the source names, the side `text` names) when `text` names only the other side
    of a pair its source names one side of; None otherwise."""
    if not source or not text:
        return None
    theirs, ours = sides(source, source_lang), sides(text, lang)
    if not theirs.keys() & ours.keys():
        return None
    a, b = _denies((source,), source_lang), _denies((text,), lang)
    if a is not None and b is not None and a != b:
        return None  # one side denies: "not closed" may be "açık"
    for pair in sorted(theirs.keys() & ours.keys()):
        if len(theirs[pair]) == 1 and len(ours[pair]) == 1 and theirs[pair] != ours[pair]:
            return pair, next(iter(theirs[pair])), next(iter(ours[pair]))
    return None


def _word(pair: str, side: str) -> str:
    return str((pairs()[pair].get("says") or {}).get(side, side))


def message(pair: str, theirs: str, ours: str, text: str, source: str, what: str) -> str:
    """The located message: which side each says."""
    return (f"{text!r} says {_word(pair, ours)} where its {what} {source!r} says {_word(pair, theirs)}: "
            f"it states the opposite")


def antonym_problems(ids: tuple[str, ...], strings: tuple[str, ...], lang: str, source_lang: str, first: int,
                     shown: str, level: str) -> list[Problem]:
    """A catalog translation that says the opposite of its msgid (`opposed`), at its msgstr line."""
    source = " ".join(i for i in ids if i)
    for k, text in enumerate(strings):
        found = opposed(source, source_lang, text or "", lang)
        if found is not None:
            return [Problem(shown, first + k, 1, level, "rule", message(*found, text, ids[0], "msgid"), HINT)]
    return []


_FIELDS = ("tr", "en", "el")


def glossary_antonym_problems(entry: dict[str, Any], key: tuple[Any, ...], doc: Any, shown: str,
                              level: str) -> list[Problem]:
    """A glossary entry's language that says the opposite of its Turkish term (of its English one when
    the Turkish names neither side), at that language's field."""
    texts = {f: entry[f] for f in _FIELDS if isinstance(entry.get(f), str)}
    out = []
    for field, text in texts.items():
        ref = next((r for r in _FIELDS if r != field and r in texts and sides(texts[r], r)), None)
        if ref is None or _FIELDS.index(ref) > _FIELDS.index(field):
            continue  # the first language that names a side is the source, never judged against a later one
        found = opposed(texts[ref], ref, text, field)
        if found is not None:
            line, col = doc.char_mark((*key, field), 0)
            out.append(Problem(shown, line, col, level, "glossary",
                               message(*found, text, texts[ref], "Turkish term" if ref == "tr" else "English meaning"),
                               HINT))
    return out
