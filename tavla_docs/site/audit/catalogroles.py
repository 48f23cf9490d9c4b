"""A translation gives its words the roles its msgid gives them: "from %(src)s to %(dst)s" is not
"%(dst)s. haneden %(src)s. haneye", and "Side on roll wins" is not "Rakip kazanır".

A catalog string states who or what does what through role words: where a move starts and ends
("from X", "to X"; "X. haneden", "X. haneye"; "από X", "στη X"), which side it speaks of ("on roll",
"opponent"; "zar atacak taraf", "rakip"). A translation that keeps every placeholder and number
but binds one to another role (the start point as the end) or speaks of the other side states
another thing. Each family of roles and each language's words are data (`catalogroles.yaml`);
a role bound to a token (`{p}`: a placeholder or a number) is compared token by token, a role of
the whole string's string by string. A token or string the translation gives a role and the msgid
another, and never the msgid's, is an error at the `msgstr` line. A language without words for a
family, or a token one side gives no role, is not judged. The `bound` family is
`catalogbounds`'s (the bound of a number, whole string).

>>> swapped(("from %(src)s to %(dst)s",), ("%(dst)s. haneden %(src)s. haneye",), "tr")[0][1:]
('%(dst)s', 'the point the move starts from', 'the point the move ends on')
>>> swapped(("from %(src)s to %(dst)s",), ("%(src)s. haneden %(dst)s. haneye",), "tr")
[]
>>> swapped(("Side on roll wins",), ("Rakip kazanır",), "tr")[0][1:]
('', 'the opponent', 'the side on roll')
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

_TOKEN = r"(?<![\w%])(%\(\w+\)[sd]|\d+)(?!\d)"
_SKIP = frozenset({"says", "bound"})  # `bound` is read whole-string by `catalogbounds`, with its own message
HINT = ("a translation gives each placeholder, number and side the role its msgid gives it "
        "(the point moved from stays 'haneden', the side on roll stays 'zar atacak taraf')")


@cache
def data() -> dict[str, Any]:
    """The families of `catalogroles.yaml`: {family: {"says": {role: words}, lang: {role: [pattern]}}}."""
    loaded = yaml.safe_load(Path(__file__).with_name("catalogroles.yaml").read_text(encoding="utf-8"))
    return loaded if isinstance(loaded, dict) else {}


@cache
def patterns(family: str, lang: str) -> dict[str, tuple[re.Pattern[str], ...]]:
    """Each role's compiled patterns in `lang` (its base language's when it has none); {} when neither."""
    table = data().get(family) or {}
    words = table.get(lang) or table.get(lang.split("_")[0]) or {}
    return {role: tuple(re.compile(fold_pattern(p, lang.split("_")[0]).replace("{p}", _TOKEN)) for p in pats)
            for role, pats in words.items() if role not in _SKIP}


def roles(text: str, family: str, lang: str) -> dict[str, set[str]]:
    """{token: roles} for a token-bound family ("" for the whole string's roles otherwise)."""
    folded = fold(text, lang)
    out: dict[str, set[str]] = {}
    for role, pats in patterns(family, lang).items():
        for p in pats:
            for m in p.finditer(folded):
                token = text[m.start(1):m.end(1)] if p.groups else ""
                out.setdefault(token, set()).add(role)
    return out


def swapped(ids: tuple[str, ...], strings: tuple[str, ...], lang: str,
            source_lang: str = "en") -> list[tuple[int, str, str, str]]:
    """(index of the msgstr, token ("" for the whole string), the role the translation gives it,
    the role its msgid gives it) for each token whose roles differ, one per family and msgstr."""
    out = []
    for family, table in data().items():
        if family in _SKIP or not isinstance(table, dict):
            continue
        says = table.get("says") or {}
        source: dict[str, set[str]] = {}
        for text in ids:
            for token, rs in roles(text, family, source_lang).items():
                source.setdefault(token, set()).update(rs)
        if not source or not patterns(family, lang):
            continue
        for k, text in enumerate(strings):
            for token, rs in roles(text or "", family, lang).items():
                theirs = source.get(token)
                if theirs and not rs & theirs:
                    out.append((k, token, says.get(min(rs), min(rs)), says.get(min(theirs), min(theirs))))
                    break
    return out


def role_problems(ids: tuple[str, ...], strings: tuple[str, ...], lang: str, source_lang: str, first: int,
                  shown: str, level: str) -> list[Problem]:
    """Each swapped role (`swapped`), at its msgstr line (`first` is the first msgstr's)."""
    out = []
    for k, token, ours, theirs in swapped(ids, strings, lang, source_lang):
        what = f"makes {token} {ours}" if token else f"speaks of {ours}"
        where = f"makes it {theirs}" if token else f"speaks of {theirs}"
        out.append(Problem(shown, first + k, 1, level, "rule",
                           f"the translation {what}, where its msgid {where}: {strings[k]!r} states another "
                           f"thing than {ids[0]!r}", HINT))
    return out
