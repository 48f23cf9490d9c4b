"""A language's audit words, as data: `tavla_docs/site/lexicons/<code>.yaml`, one file per language.

Every check that reads a page's words (rule sentences, roll kinds, play words, counts, subjects,
points) asks this module for its language's section, so a new language is a new file and no
Python changes. A file has these sections, each optional (a missing one: that check finds
nothing in the language):

- `text`: how the language's text is cut and compared: `lower` (letters to map before lower
  casing: Turkish `I: ı`), `letters` (letters to map after: Greek final `ς: σ`), `marks: strip`
  (accents do not count: `τάβλα` matches `ταβλα`), `sentence_end`, `part`, `clause`, `question`,
  `question_after` (regular expressions), `name_suffix` (what may follow a game's name: a case
  ending);
- `variants`, `contrast`, `statements`: the language's rule-sentence phrasings
  (`lexicon.py`; the facts are `site/statements.yaml`'s);
- `rolls`, `plays`, `counts`, `points`, `throws`, `roles`: the phrase tables of `rollkinds`,
  `playwords`, `reader.meaning_problems`, `pointfacts`, `dicenames` and `sideroles`.

>>> fold_text("Η ΤΆΠΑ δεν έχει μπάρα", "el"), fold_text("İKİ KAPI", "tr")
('η ταπα δεν εχει μπαρα', 'iki kapı')
>>> fold_pattern("πούλι(?:α|ού)", "el")
'πουλι(?:α|ου)'
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ...errors import TavlaError

LEXICONS_DIR = Path(__file__).parents[1] / "lexicons"
_SECTIONS = ("text", "variants", "contrast", "statements", "rolls", "plays", "counts", "points", "throws", "roles")
_TEXT_KEYS = ("lower", "letters", "marks", "sentence_end", "part", "clause", "question", "question_after",
              "name_suffix")
_HINT = "see the comments at the top of tavla_docs/site/audit/langlex.py for the sections of a language's file"


class LanguageWordsError(TavlaError):
    """A located mistake in a language's audit words: `path:line:col: error: message`, then a hint."""


@dataclass(frozen=True)
class TextRules:
    """How a language's text is folded and cut (the `text` section, with the defaults of
    English-like punctuation)."""

    lower: dict[str, str]
    letters: dict[str, str]
    strip_marks: bool
    sentence_end: str = r"[.!?]"
    part: str = r"[;:]"
    clause: str = r"[,;:()\[\]—–]"
    question: str = r"\?"
    question_after: str | None = None
    name_suffix: str | None = None


def path_of(lang: str) -> Path:
    return LEXICONS_DIR / f"{lang}.yaml"


def codes() -> tuple[str, ...]:
    """The languages that have a file, in name order."""
    return tuple(sorted(p.stem for p in LEXICONS_DIR.glob("*.yaml")))


@cache
def document(lang: str) -> Any:
    """The language's file as a marked YAML document (None when the language has no file)."""
    from ...formats.yamlmarks import YamlError, load_yaml

    path = path_of(lang)
    if not path.is_file():
        return None
    try:
        doc = load_yaml(path.read_text(encoding="utf-8"), "lexicon files")
    except YamlError as e:
        raise LanguageWordsError(f"{path}:{e.line}:{e.col}: error: {e.message}\n    hint: {_HINT}") from None
    if not isinstance(doc.value, dict):
        raise LanguageWordsError(f"{path}:1:1: error: a language's audit words are a mapping of sections\n"
                                 f"    hint: {_HINT}")
    for key in doc.value:
        if key not in _SECTIONS:
            line, col = doc.key_mark((key,))
            raise LanguageWordsError(f"{path}:{line}:{col}: error: unknown section {key!r}\n"
                                     f"    hint: the sections are {', '.join(_SECTIONS)}")
    return doc


def fail(lang: str, key: tuple[Any, ...], message: str, hint: str = _HINT) -> LanguageWordsError:
    """A located error at `key` of the language's file."""
    doc = document(lang)
    line, col = doc.mark(key) if doc is not None else (1, 1)
    return LanguageWordsError(f"{path_of(lang)}:{line}:{col}: error: {message}\n    hint: {hint}")


def section(lang: str, name: str) -> Any:
    """The language's section `name` (None when the language or the section is missing)."""
    doc = document(lang)
    return None if doc is None else doc.value.get(name)


def compiled(lang: str, key: tuple[Any, ...], pattern: Any, flags: int = 0) -> re.Pattern[str]:
    """`pattern` of the language's file compiled (folded: `fold_pattern`), or a located error."""
    if not isinstance(pattern, str) or not pattern:
        raise fail(lang, key, "a pattern is a non-empty string")
    try:
        return re.compile(fold_pattern(pattern, lang), flags)
    except re.error as e:
        raise fail(lang, key, f"this pattern is not a regular expression: {e}",
                   "write the pattern in single quotes; a literal '(' or '.' is written '\\(' or '\\.'") from None


@cache
def text_rules(lang: str) -> TextRules:
    raw = section(lang, "text") or {}
    if not isinstance(raw, dict):
        raise fail(lang, ("text",), "text must be a mapping")
    for key in raw:
        if key not in _TEXT_KEYS:
            raise fail(lang, ("text", key), f"unknown key {key!r} in text", f"the keys are {', '.join(_TEXT_KEYS)}")
    maps = []
    for name in ("lower", "letters"):
        value = raw.get(name) or {}
        if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) and len(k) == len(v) == 1
                                                  for k, v in value.items()):
            raise fail(lang, ("text", name), f"{name} maps single letters to single letters", "e.g. `{ς: σ}`")
        maps.append(dict(value))
    found = {k: raw[k] for k in ("sentence_end", "part", "clause", "question", "question_after", "name_suffix")
             if k in raw}
    for k, v in found.items():
        try:
            re.compile(v) if isinstance(v, str) and v else None
        except re.error as e:
            raise fail(lang, ("text", k), f"this pattern is not a regular expression: {e}") from None
        if not isinstance(v, str) or not v:
            raise fail(lang, ("text", k), "a pattern is a non-empty string")
    return TextRules(maps[0], maps[1], raw.get("marks") == "strip", **found)


@cache
def _table(lang: str) -> dict[int, str]:
    """The letters of `lang` without their marks, and its `letters` map: one letter for one."""
    rules = text_rules(lang)
    table: dict[int, str] = {ord(k): v for k, v in rules.letters.items()}
    if rules.strip_marks:
        for code in (*range(0xC0, 0x250), *range(0x370, 0x400), *range(0x1F00, 0x2000)):
            base = unicodedata.normalize("NFD", chr(code))
            if len(base) > 1 and all(unicodedata.combining(c) for c in base[1:]):
                table.setdefault(code, table.get(ord(base[0]), base[0]))
        table.update({ord(k): v for k, v in rules.letters.items()})
        table[0x387] = "\u00b7"  # ANO TELEIA is the middle dot
        table[0x37E] = ";"  # GREEK QUESTION MARK is the semicolon
    return table


def strip(text: str, lang: str) -> str:
    """`text` with its marks taken off where the language says they do not count (case kept,
    every character in its place)."""
    return text.translate(_table(lang)) if _table(lang) else text


def fold_text(text: str, lang: str) -> str:
    """Lower case that keeps every character's place, with the language's letter maps and marks."""
    rules = text_rules(lang)
    text = text.replace("İ", "i")
    for k, v in rules.lower.items():
        text = text.replace(k, v)
    out = text.lower()
    if len(out) != len(text):
        out = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    return strip(out, lang)


def fold_pattern(pattern: str, lang: str) -> str:
    """A pattern written in the language's own spelling, folded as its text is (marks off)."""
    return strip(pattern, lang)
