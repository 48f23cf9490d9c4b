"""What the names of throws mean: `düşeş` is 6-6, `şeşbeş` 6-5, `boxcars` 6-6, `ace-deuce` 2-1.

`patterns` finds these names as facts; this module says which roll each one is, so a text that
pairs a name with a roll ("şeşbeş = 6-4", "düşeş, dübeş: double 5s, 6s") can be checked.
The Persian-Turkish faces are yek 1, dü 2, se 3, cihar 4, penç (beş) 5, şeş 6; a double is
named with `dü` before the face (düse, dübeş, düşeş), except hep yek, dubara and dört cihar.

>>> [roll_of(n) for n in ("düşeş", "Şeşbeş", "hepyek", "dubara", "dü se", "dört cihar", "yek-dü", "boxcars")]
[(6, 6), (6, 5), (1, 1), (2, 2), (3, 3), (4, 4), (2, 1), (6, 6)]
>>> roll_of("şeş"), roll_of("mars")
(None, None)
>>> stated_rolls("double 1s, 2s, 3s"), stated_rolls("6-5"), stated_rolls("double sixes")
([(1, 1), (2, 2), (3, 3)], [(6, 5)], [(6, 6)])
"""
from __future__ import annotations

import re
import unicodedata
from functools import cache

Roll = tuple[int, int]

_TR_FACES = {"yek": 1, "dü": 2, "du": 2, "se": 3, "cihar": 4, "çihar": 4, "penç": 5, "pencü": 5, "penci": 5, "pençi": 5,
             "beş": 5, "şeş": 6}
_EN_FACES = {"ace": 1, "deuce": 2, "trey": 3, "cater": 4, "cinque": 5, "six": 6}
_DOUBLES = {"hepyek": 1, "dubara": 2, "dörtcihar": 4, "dörtçihar": 4, "ciharcihar": 4, "boxcars": 6, "snakeeyes": 1}
_FACE = re.compile("|".join(sorted({**_TR_FACES, **_EN_FACES}, key=len, reverse=True)))
_SEPARATORS = re.compile(r"[\s\-–]+")
_EN_NUMBERS = {"ones": 1, "aces": 1, "twos": 2, "deuces": 2, "threes": 3, "treys": 3, "fours": 4, "fives": 5,
               "sixes": 6}


def _lower(text: str) -> str:
    return text.replace("İ", "i").replace("I", "ı").lower()


@cache
def _named() -> dict[str, Roll]:
    """Every language's names of throws (its file's `throws:` section, `langlex`), folded as `roll_of` reads."""
    from . import langlex

    out: dict[str, Roll] = {}
    for lang in langlex.codes():
        for name, (a, b) in (langlex.section(lang, "throws") or {}).items():
            out[_SEPARATORS.sub("", langlex.strip(_lower(str(name)), lang))] = (max(a, b), min(a, b))
    return out


def roll_of(name: str) -> Roll | None:
    """The roll a throw's name means, or None when `name` is no throw's name.

    >>> roll_of("ντόρτια"), roll_of("Ασσόδυο")
    ((4, 4), (2, 1))
    """
    word = _SEPARATORS.sub("", _lower(name.strip()))
    if word in _DOUBLES:
        return (_DOUBLES[word],) * 2
    named = _named().get("".join(c for c in unicodedata.normalize("NFD", word)
                                 if not unicodedata.combining(c)).replace("ς", "σ"))
    if named is not None:
        return named
    faces: list[int] = []
    at = 0
    while at < len(word):
        m = _FACE.match(word, at)
        if m is None:
            return None
        faces.append({**_TR_FACES, **_EN_FACES}[m.group()])
        at = m.end()
    if len(faces) != 2:
        return None
    if faces[0] == 2 and word.startswith(("dü", "du")) and faces[1] in (3, 5, 6):
        return (faces[1], faces[1])  # düse, dübeş, düşeş: two threes, fives, sixes
    return (max(faces), min(faces))


_ROLL = re.compile(r"(?<![\w/])([1-6])-([1-6])(?![\w-])")
_DOUBLE_LIST = re.compile(r"\bdoubles?\s+((?:[1-6]s|ones|aces|twos|deuces|threes|treys|fours|fives|sixes)"
                          r"(?:\s*(?:,|and|or|,\s*and)\s*(?:[1-6]s|ones|aces|twos|deuces|threes|treys|fours|fives|"
                          r"sixes))*)", re.IGNORECASE)


def stated_rolls(text: str) -> list[Roll]:
    """The rolls a text states, in order: `6-5`, `double 6s`, `double 1s, 2s, … 6s`, `double sixes`."""
    return [r for _, _, r in stated_roll_spans(text)]


def stated_roll_spans(text: str) -> list[tuple[int, int, Roll]]:
    """(start, end, roll) of each roll `stated_rolls` reads, in order."""
    found: list[tuple[int, int, Roll]] = []
    for m in _ROLL.finditer(text):
        a, b = int(m.group(1)), int(m.group(2))
        found.append((m.start(), m.end(), (max(a, b), min(a, b))))
    for m in _DOUBLE_LIST.finditer(text):
        for part in re.finditer(r"[1-6]s|[a-z]+", m.group(1), re.IGNORECASE):
            w = part.group().lower()
            face = int(w[0]) if w[0].isdigit() else _EN_NUMBERS.get(w)
            if face is not None:
                start = m.start(1) + part.start()
                found.append((start, start + len(w), (face, face)))
    return sorted(found)
