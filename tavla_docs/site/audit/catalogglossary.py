"""A translation names the thing its msgid names, by the glossary's own pairs of terms.

The glossary (`glossary.yaml`) pairs each Turkish term with its English one: `bar` with "bar",
`ev; iç bölge` with "home board", `pip sayımı` with "pip count", `pul` with "checker". A catalog
string whose msgid names one entry's English term, and whose translation names none of that
entry's Turkish terms but names another entry's term that the msgid does not name, translates the
thing as something else of the same section of the glossary ("… outside your home board" as
"Barda pulunuz varken …"): an error at the `msgstr` line. A term that is a word of another
entry's ("pul" of "açık pul") is too common to name one thing and is not taken for a rival. Terms are matched by their
stems (Turkish suffixes, English plurals and verb forms); a message whose translation keeps the
msgid's terms, or names no other entry's, is not judged.

>>> entries = [(("bar",), ("bar",), ("bar",), "board"), (("home board",), ("ev", "iç bölge"), ("ev",), "board")]
>>> renamed(("… outside your home board",), ("Barda pul varken",), "tr", entries)
(0, 'home board', 'barda', 'bar')
>>> renamed(("… outside your home board",), ("Evin dışında pul varken",), "tr", entries) is None
True
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from .lexicon import fold
from .problems import Problem

# (English terms, Turkish terms, the Turkish terms that name it alone, section), folded
Entry = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], str]
_BRACKET = re.compile(r"\([^()]*\)")
_PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%[sdif]|\{\w*\}")
_EN_LEAD = re.compile(r"^(?:to|the|a|an)\s+")
# Turkish case and possessive endings a short term (ev, bar, el) may take; a longer one takes any suffix.
_TR_SHORT = r"(?:[ıiuü]?n?(?:[ıiuü]z)?(?:[dt][ae]n?|[ye]?[ae]|[ıiuü]n?|l[ae]r\w*)?(?:ki)?)"
_EN_FORMS = {"bear": "(?:bear|bears|bearing|bore|borne)"}
HINT = "translate the msgid's term with its Turkish term in the glossary (site/glossary.yaml), not another thing's"


def _terms(text: str, lang: str) -> tuple[str, ...]:
    out = []
    for part in re.split(r"[;,/·]", _BRACKET.sub(" ", text)):
        term = " ".join(fold(part, lang).split())
        if lang == "en":
            term = _EN_LEAD.sub("", term)
        if len(term) >= 2 and not re.search(r"\d", term):
            out.append(term)
    return tuple(dict.fromkeys(out))


def entries_of(sections: Sequence[Any]) -> list[Entry]:
    """Each glossary entry's English and Turkish terms (brackets and digits left out), with its
    section; a Turkish term that is a word of another entry's term ("pul" of "açık pul", "ev" of
    "kapalı ev") is too common to name one thing, and is left out."""
    out = []
    for n, section in enumerate(sections):
        terms = section.get("terms") if isinstance(section, dict) else None
        for entry in terms if isinstance(terms, list) else []:
            if isinstance(entry, dict) and isinstance(entry.get("en"), str) and isinstance(entry.get("tr"), str):
                en, tr = _terms(entry["en"], "en"), _terms(entry["tr"], "tr")
                if en and tr:
                    out.append((en, tr, str(section.get("id", n))))
    words = {w: k for k, e in enumerate(out) for t in e[1] if " " in t for w in t.split()}
    return [(en, tr, tuple(t for t in tr if words.get(t, k) == k), sec) for k, (en, tr, sec) in enumerate(out)]


@lru_cache(maxsize=256)
def _pattern(term: str, lang: str) -> re.Pattern[str]:
    words = term.split()
    if lang == "en":
        stems = [re.sub(r"(?:ing|ed|es|s)$", "", w) if len(w) > 4 else w for w in words]
        body = r"\s+".join(_EN_FORMS.get(w, re.escape(w) + r"\w{0,4}") for w in stems)
        return re.compile(rf"(?<!\w){body}(?!\w)")
    last = words[-1]
    verb = re.search(r"m[ae]k$", last) is not None and len(last) > 5
    if verb:
        last = last[:-3]  # a verb: its stem takes every ending (toplamak: toplanamaz, toplayan)
    stem = re.escape(last) + (r"\w*" if verb or len(last) >= 4 else _TR_SHORT + r"(?!\w)")
    body = r"\s+".join([*(re.escape(w) + r"\w*" for w in words[:-1]), stem])
    return re.compile(rf"(?<!\w){body}")


def _match(text: str, terms: tuple[str, ...], lang: str) -> re.Match[str] | None:
    for term in terms:
        m = _pattern(term, lang).search(text)
        if m is not None:
            return m
    return None


def _find(text: str, terms: tuple[str, ...], lang: str) -> str | None:
    m = _match(text, terms, lang)
    return None if m is None else m.group()


def renamed(ids: tuple[str, ...], strings: tuple[str, ...], lang: str,
            entries: list[Entry]) -> tuple[int, str, str, str] | None:
    """(index of the msgstr, the msgid's term, the translation's word, that word's English term)
    for the first translation that drops an entry the msgid names for another it does not."""
    if lang.split("_")[0] != "tr":
        return None  # the glossary pairs Turkish and English only
    source = fold(" ".join(_PLACEHOLDER.sub(" ", t) for t in ids), "en")
    named = [e for e in entries if _find(source, e[0], "en")]
    if not named:
        return None
    for k, text in enumerate(strings):
        said = fold(_PLACEHOLDER.sub(" ", text or ""), "tr")
        kept = [_match(source, e[0], "en") for e in named if _find(said, e[1], "tr")]
        spans = [range(m.start(), m.end()) for m in kept if m is not None]
        dropped = [e for e in named if not _find(said, e[1], "tr")
                   and not any((m := _match(source, e[0], "en")) and m.start() in r for r in spans)]
        if not dropped:
            continue
        for entry in entries:
            en, _, alone, section = entry
            if entry in named or section not in {e[3] for e in dropped}:
                continue
            word = _find(said, alone, "tr")
            if word is not None and not _find(source, en, "en"):
                dropped_term = _find(source, dropped[0][0], "en") or dropped[0][0][0]
                return k, dropped_term, word, en[0]
    return None


def renamed_problems(ids: tuple[str, ...], strings: tuple[str, ...], lang: str, first: int, shown: str,
                     level: str) -> list[Problem]:
    """The renamed translation (`renamed`, by the build's glossary), at its msgstr line."""
    from ..glossary import GlossaryError, glossary_data

    try:
        entries = entries_of(glossary_data().sections)
    except (GlossaryError, OSError):
        return []  # reported where the glossary is read
    found = renamed(ids, strings, lang, entries)
    if found is None:
        return []
    k, theirs, word, meaning = found
    return [Problem(shown, first + k, 1, level, "glossary",
                    f"the translation says {word!r} ({meaning}) where its msgid says {theirs!r}: "
                    f"it names another thing than its msgid", HINT)]
