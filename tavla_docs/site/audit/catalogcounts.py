"""A translation counts what its msgid counts: "Starting pip count" is not "Başlangıçta pul sayısı".

A label that names a count ("pip count", "number of checkers", "how many rolls"; Turkish "pip
sayısı", "pul sayısı", "kaç atış") tells the reader what its number measures. Each side's counted
noun is read by the measure nouns of `units.yaml` (pips and points, checkers, moves, rolls, dice,
ways); a translation that counts another measure than its msgid, and not the msgid's, puts a true
number under the wrong name: an error at the `msgstr` line. A string that counts nothing, or a
noun no measure knows, is not judged.

>>> recounted(("Starting pip count",), ("Başlangıçta pul sayısı",), "tr")
(0, 'pip', 'distance', 'pul', 'checkers')
>>> recounted(("Starting pip count",), ("Başlangıçta pip sayısı",), "tr") is None
True
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import yaml

from .lexicon import fold
from .problems import Problem

# Where the counted noun stands, per language: the first group that names a measure is the noun
# ("number of checkers", "number of opposing checkers").
_COUNTED = {
    "en": re.compile(r"(?<!\w)(\w+)\s+counts?\b|\b(?:number\s+of|how\s+many)\s+(\w+)(?:\s+(\w+))?"),
    "tr": re.compile(r"(?<!\w)(\w+)\s+say(?:ı|ım)\w*|\bkaç\s+(\w+)"),
}
_MEASURES = {"distance": "a distance in pips or points", "checkers": "checkers", "moves": "moves", "rolls": "rolls",
             "dice": "dice", "ways": "ways a roll comes up"}
HINT = "a translation counts the thing its msgid counts (pips: 'pip sayısı'; checkers: 'pul sayısı')"


@cache
def _nouns(lang: str) -> dict[str, tuple[str, ...]]:
    """The measure nouns of `units.yaml` (the reader audit's), per language."""
    data = yaml.safe_load(Path(__file__).with_name("units.yaml").read_text(encoding="utf-8"))
    table = data.get(lang) or {}
    return {k: tuple(table[k]) for k in _MEASURES if table.get(k)}


def _measure(noun: str, lang: str) -> str | None:
    for kind, patterns in _nouns(lang).items():
        if any(re.fullmatch(p, noun, re.IGNORECASE) for p in patterns):
            return kind
    return None


def _counted(text: str, lang: str) -> list[tuple[str, str]]:
    pattern = _COUNTED.get(lang.split("_")[0])
    if pattern is None:
        return []
    out = []
    for m in pattern.finditer(fold(text, lang)):
        for noun in (g for g in m.groups() if g):
            kind = _measure(noun, lang.split("_")[0])
            if kind is not None:
                out.append((noun, kind))
                break
    return out


def recounted(ids: tuple[str, ...], strings: tuple[str, ...], lang: str,
              source_lang: str = "en") -> tuple[int, str, str, str, str] | None:
    """(index of the msgstr, msgid's noun, its measure, the translation's noun, its measure) for the
    first translation that counts only other measures than its msgid; None when none does."""
    source = [c for t in ids for c in _counted(t, source_lang)]
    if not source:
        return None
    for k, text in enumerate(strings):
        said = _counted(text or "", lang)
        if said and not {kind for _, kind in said} & {kind for _, kind in source}:
            return k, source[0][0], source[0][1], said[0][0], said[0][1]
    return None


def count_problems(ids: tuple[str, ...], strings: tuple[str, ...], lang: str, source_lang: str, first: int,
                   shown: str, level: str) -> list[Problem]:
    """The recounted translation (`recounted`), at its msgstr line."""
    found = recounted(ids, strings, lang, source_lang)
    if found is None:
        return []
    k, noun, kind, word, said = found
    return [Problem(shown, first + k, 1, level, "units",
                    f"the translation counts {word!r} ({_MEASURES[said]}) where its msgid counts {noun!r} "
                    f"({_MEASURES[kind]})", HINT)]
