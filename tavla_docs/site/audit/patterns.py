"""What counts as a fact in text: numbers, rolls, plays and number words, per language.

The audit finds these in the text an author typed (prose, headings, table
cells, captions) and in literal values a page prints; a fact found there is
*literal*, one printed by a helper *computed*, one given to a checking helper
*checked*.

Number words are the cardinals and ordinals from two up (plus die names in the
plural): "bir"/"one"/"first" are left out, because in both languages they are
as often an article or "the first player" as a count. Turkish words are matched
with their case and possessive endings (`dördüncü`, `ikisi`, `beşe`), except
`on` (ten), which is matched alone: `onun` is "his".

>>> [(f.kind, f.text) for f in find_facts("Altı 9/3 oynanır, 15 pulun 2-1 ile 27/36 ve %75.", "tr")]
[('word', 'Altı'), ('play', '9/3'), ('number', '15'), ('roll', '2-1'), ('number', '27/36'), ('number', '%75')]
>>> [(f.kind, f.text) for f in find_facts("the 6-point, four moves; one checker; dördüncü", "en")]
[('number', '6'), ('word', 'four')]
>>> [f.text for f in find_facts("ikisi de, dördüncü beşe, onun, on pul, altında", "tr")]
['ikisi', 'dördüncü', 'beşe', 'on']
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_PLAY = r"(?:bar|\d{1,2})(?:/(?:\d{1,2}|off)\*?)+(?:\(\d\))?"
_FRACTION = r"\d+/(?:36|1[.,]?296)"
_ROLL = r"[1-6]-[1-6]"
_NUMBER = r"%\d+(?:[.,]\d+)*|\d+(?:[.,]\d+)*%?"

_TR_WORDS = ("iki", "üç", "dört", "dörd", "beş", "altı", "yedi", "sekiz", "dokuz", "yirmi", "otuz")
_TR_ORDINAL = ("ikinci", "üçüncü", "dördüncü", "beşinci", "altıncı", "yedinci", "sekizinci", "dokuzuncu",
               "onuncu", "yirminci")
_TR_SUFFIX = ("", "si", "sı", "sü", "su", "i", "ı", "ü", "u", "ni", "nı", "nü", "nu", "yi", "yı", "ye", "ya", "e", "a",
              "de", "da", "te", "ta", "den", "dan", "ten", "tan", "nin", "nın", "nün", "nun", "er", "ar", "şer",
              "ler", "lar", "lik", "lık", "lük", "luk", "li", "lı", "lü", "lu", "sini", "sını", "sine", "sına",
              "sinde", "sında", "nci", "ncı", "ncü", "ncu")
_EN_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
             "fourteen", "fifteen", "sixteen", "twenty", "thirty", "second", "third", "fourth", "fifth", "sixth",
             "seventh", "eighth", "ninth", "tenth", "twelfth", "fifteenth", "twos", "threes", "fours", "fives",
             "sixes", "twice")

_TR_WORD = re.compile(r"(?<![\w])(?:on|(?:" + "|".join(sorted(_TR_ORDINAL + _TR_WORDS, key=len, reverse=True))
                      + r")(?:" + "|".join(sorted((s for s in _TR_SUFFIX if s), key=len, reverse=True))
                      + r")?)(?![\w])", re.IGNORECASE)
_EN_WORD = re.compile(r"(?<![\w-])(?:" + "|".join(sorted(_EN_WORDS, key=len, reverse=True)) + r")(?![\w-])",
                      re.IGNORECASE)
_TOKENS = re.compile(rf"(?P<play>(?<![\w/.,]){_PLAY}(?![\w/]))|(?P<fraction>(?<![\w/]){_FRACTION}(?![\w/]))"
                     rf"|(?P<roll>(?<![\w\-–]){_ROLL}(?![\w\-]))|(?P<number>(?<![\w]){_NUMBER})")


@dataclass(frozen=True)
class Fact:
    """A fact found in text: its kind, the text and where it starts (offset in the text given)."""

    kind: str  # "number" | "roll" | "play" | "word"
    text: str
    start: int


def find_facts(text: str, lang: str) -> list[Fact]:
    """Every number, roll, play and number word in `text`, in order."""
    found: list[Fact] = []
    for m in _TOKENS.finditer(text):
        kind = m.lastgroup or "number"
        if kind == "fraction":
            kind = "number"
        elif kind == "play" and _is_fraction(m.group()):
            kind = "number"
        found.append(Fact(kind, m.group(), m.start()))
    words = _TR_WORD if lang == "tr" else _EN_WORD if lang == "en" else None
    if words is not None:
        found += [Fact("word", m.group(), m.start()) for m in words.finditer(text)]
    return sorted(found, key=lambda f: f.start)


def _is_fraction(text: str) -> bool:
    """`3/4` written as a fraction rather than a move (the second number beyond the board)."""
    a, _, b = text.partition("/")
    return a.isdigit() and b.isdigit() and int(b) > 25
