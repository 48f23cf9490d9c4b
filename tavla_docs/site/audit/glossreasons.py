"""A glossary entry's brackets and notes say the same thing in every language.

"the turn passes (no legal move)" beside Greek "ο γύρος περνά (καμία νόμιμη κίνηση)" explains *when*
the turn passes; written "the turn passes (after a double)", the English explains another thing
than the Greek beside it, and the term no longer means the Turkish "sıra geçer". Each language's
brackets (in its `tr`/`en`/`el` field) and each language's note (`note_tr`, …) are read for
concepts (those of `glossaryterms`, with the words of `glossreasons.yaml`) and for the games they
name (the catalogs' names of the engine's variants, as `gamefacts` reads them). Two languages
whose brackets, or whose notes, name concepts (or games) and share none contradict each other:
an error at the one the rest disagrees with (the odd one of three; of two, the one the entry's
other fields do not name; else at both, each naming the other). A language that names nothing
there is not judged. An English bracket that states a condition ("no legal move", "after a
double") is also read against the catalog's sentences that use the term ("No legal move: the turn
passes" beside "sıra geçer"): one that names only things none of them names is an error.

>>> [f for f, _ in mismatched({"tr": "sıra geçer", "en": "the turn passes (after a double)",
...                            "el": "ο γύρος περνά (καμία νόμιμη κίνηση)"})]
['en', 'el']
>>> mismatched({"tr": "sıra geçer", "en": "the turn passes (no legal move)", "el": "ο γύρος περνά (καμία νόμιμη κίνηση)"})
[]
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from .langlex import fold_pattern
from .lexicon import fold
from .problems import Problem

HINT = "a term's brackets and notes say the same in every language: correct the one that no longer explains the term"
HINT_USAGE = "a bracket says when the term applies as the catalog's sentences that use it do: correct the bracket"
_BRACKET = re.compile(r"\(([^()]*)\)")
_LANGS = ("en", "tr", "el")
_NAMES = {"en": "English", "tr": "Turkish", "el": "Greek"}


@cache
def _concepts() -> tuple[dict[str, dict[str, tuple[re.Pattern[str], ...]]], dict[str, str]]:
    """({lang: {concept: patterns}}, {concept: what it is}) from `glossreasons.yaml`."""
    loaded = yaml.safe_load(Path(__file__).with_name("glossreasons.yaml").read_text(encoding="utf-8")) or {}
    table: dict[str, dict[str, tuple[re.Pattern[str], ...]]] = {}
    says: dict[str, str] = {}
    for name, entry in (loaded.get("concepts") or {}).items():
        if "says" in entry:
            says[name] = entry["says"]
        for lang in _LANGS:
            table.setdefault(lang, {})[name] = tuple(re.compile(fold_pattern(p, lang)) for p in entry.get(lang, ()))
    return table, says


def _says(concept: str) -> str:
    from .glossaryterms import _WORDS

    return _concepts()[1].get(concept) or _WORDS.get(concept, concept)


def concepts(text: str, lang: str) -> set[str]:
    """The concepts `text` names: `glossaryterms`' (Turkish and English) and this module's words."""
    from .glossaryterms import _named

    out = set(_named(text, lang)) if lang in ("tr", "en") else set()
    folded = fold(text, lang)
    out |= {name for name, pats in _concepts()[0].get(lang, {}).items() if any(p.search(folded) for p in pats)}
    return out


def games(text: str, lang: str) -> set[str]:
    """The games `text` names by the catalog's names (`gamefacts`)."""
    from .gamefacts import _named

    return set(_named(text, lang))


def _game_names(names: set[str]) -> str:
    from ...variants import ruleset

    return ", ".join(sorted(ruleset(v).display_name for v in names))


def _readings(entry: dict[str, Any], note: bool) -> dict[str, str]:
    """{lang: the text read}: each language's brackets, or each language's note."""
    out = {}
    for lang in _LANGS:
        value = entry.get(f"note_{lang}" if note else lang)
        if not isinstance(value, str):
            continue
        text = value if note else "; ".join(m.group(1) for m in _BRACKET.finditer(value))
        if text.strip():
            out[lang] = text
    return out


def _culprit(entry: dict[str, Any], sets: dict[str, set[str]], a: str, b: str, kind: Any, note: bool) -> str | None:
    """Which of `a`, `b` the entry disagrees with: the odd one of three, else the one its other fields
    do not name; None when nothing tells."""
    for lang in (a, b):
        rest = [s for x, s in sets.items() if x != lang]
        if len(rest) >= 2 and all(sets[lang].isdisjoint(r) for r in rest):
            return lang
    fields = {f"note_{x}" if note else x for x in (a, b)}
    context: set[str] = set()
    for field, value in entry.items():
        if isinstance(value, str) and field not in fields:
            lang = field.rpartition("_")[2]
            context |= kind(_BRACKET.sub(" ", value) if field in _LANGS and not note else value, lang)
    named = [x for x in (a, b) if not sets[x].isdisjoint(context)]
    if len(named) == 1:
        return b if named[0] == a else a
    return None


def mismatched(entry: dict[str, Any]) -> list[tuple[str, str]]:
    """(field, message) for each language whose brackets or note name other things than another's."""
    out: list[tuple[str, str]] = []
    for note in (False, True):
        readings = _readings(entry, note)
        for kind in (concepts, games):
            sets = {lang: kind(text, lang) for lang, text in readings.items()}
            sets = {lang: s for lang, s in sets.items() if s}
            langs = sorted(sets, key=_LANGS.index)
            pair = next(((a, b) for i, a in enumerate(langs) for b in langs[i + 1:] if sets[a].isdisjoint(sets[b])),
                        None)
            if pair is None:
                continue
            bad = _culprit(entry, sets, *pair, kind, note)
            what = (lambda s: _game_names(s)) if kind is games else (lambda s: " / ".join(sorted(map(_says, s))))
            part, verb = ("note", "says") if note else ("brackets", "say")
            for x in (bad,) if bad else pair:  # nothing tells which is wrong: both, each naming the other
                y = pair[1] if x == pair[0] else pair[0]
                out.append((f"note_{x}" if note else x,
                            f"this entry's {_NAMES[x]} {part} {readings[x]!r} ({what(sets[x])}) {verb} another thing "
                            f"than its {_NAMES[y]} {readings[y]!r} ({what(sets[y])})"))
    return out


def reason_problems(entry: dict[str, Any], key: tuple[Any, ...], doc: Any, shown: str, level: str) -> list[Problem]:
    """The entry's mismatched brackets and notes, each located at its field."""
    out = []
    for field, message in mismatched(entry):
        line, col = doc.char_mark((*key, field), 0)
        out.append(Problem(shown, line, col, level, "glossary", message, HINT))
    used = usage_mismatch(entry) if not out else None
    if used is not None:
        line, col = doc.char_mark((*key, "en"), 0)
        out.append(Problem(shown, line, col, level, "glossary", used, HINT_USAGE))
    return out


def _alternatives(text: str) -> list[str]:
    """A side's names, brackets dropped ("to enter (from the bar)" → ["enter"])."""
    out = []
    for part in re.split(r"[;,]", _BRACKET.sub(" ", text)):
        words = re.sub(r"^\s*(?:to|the|a|an)\s+", "", " ".join(part.split()))
        if len(words) >= 3:
            out.append(words)
    return out


@cache
def _pairs(path: str, stamp: int) -> tuple[tuple[str, str], ...]:
    """(msgid, msgstr) of every translated message of the Turkish catalog at `path`."""
    from ..i18n import read_catalog

    try:
        cat = read_catalog("tr", Path(path).parent.parent.parent)
    except Exception:  # noqa: BLE001 - the catalog's own check reports a broken catalog, located
        return ()
    out = []
    for m in cat:
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        if m.id and any(strings):
            out.append((" ".join(map(str, ids)), " ".join(str(s) for s in strings if s)))
    return tuple(out)


def usages(entry: dict[str, Any], part: int | None = None) -> list[tuple[str, str]]:
    """The catalog's messages whose English names the entry's English (its `part`-th name, split at
    ";", when given) and whose Turkish names its Turkish (the same part when both have as many)."""
    from ..i18n import po_path

    tr, en = entry.get("tr"), entry.get("en")
    if not isinstance(tr, str) or not isinstance(en, str):
        return []
    path = po_path("tr")
    pairs = _pairs(str(path), path.stat().st_mtime_ns if path.exists() else 0)
    en_parts, tr_parts = en.split(";"), tr.split(";")
    if part is not None:
        en_parts, tr_parts = [en_parts[part]], [tr_parts[part]] if len(tr_parts) == len(en.split(";")) else tr_parts
    names_en = [re.compile(rf"(?<!\w){re.escape(fold(w, 'en'))}(?!\w)") for x in en_parts for w in _alternatives(x)]
    names_tr = [re.compile(rf"(?<!\w){re.escape(fold(w, 'tr'))}(?!\w)") for x in tr_parts for w in _alternatives(x)]
    return [(i, s) for i, s in pairs
            if any(p.search(fold(i, "en")) for p in names_en) and any(p.search(fold(s, "tr")) for p in names_tr)]


@cache
def _condition() -> re.Pattern[str]:
    loaded = yaml.safe_load(Path(__file__).with_name("glossreasons.yaml").read_text(encoding="utf-8")) or {}
    return re.compile(loaded["conditions"]["en"])


def usage_mismatch(entry: dict[str, Any]) -> str | None:
    """The message when an English bracket that states a condition ("no legal move") names only things
    the catalog's uses of the term never name."""
    en = entry.get("en")
    if not isinstance(en, str):
        return None
    for k, part in enumerate(en.split(";")):
        for m in _BRACKET.finditer(part):
            said = concepts(m.group(1), "en")
            if not said or not _condition().search(fold(m.group(1), "en")):
                continue
            used = usages(entry, k)
            named = set().union(*[concepts(i, "en") | concepts(s, "tr") for i, s in used]) if used else set()
            if not named or not named.isdisjoint(said):
                continue
            return (f"this entry explains {' '.join(_BRACKET.sub(' ', part).split())!r} by {m.group(1)!r} "
                    f"({' / '.join(sorted(map(_says, said)))}), but where the catalog writes {entry['tr']!r} "
                    f"for it, it speaks of {' / '.join(sorted(map(_says, named)))}: {used[0][0]!r}")
    return None
