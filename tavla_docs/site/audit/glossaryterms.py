"""A glossary entry's two sides name the same thing: the Turkish term and its English meaning.

Each *concept* below (take a double, pass a double, hit, pin, bear off, …) has the words that name
it in each language (rules.md §6). An entry whose Turkish side names some concepts and whose
English side names others, none shared, translates a term as something else ("pes etmek; pas
geçmek" given as "to take (accept) a double"): an error at the English side. An entry whose
sides name no concept, or share one, is not judged; notes are not read.

>>> [m for _, m in swapped({"tr": "pes etmek; pas geçmek", "en": "to take (accept) a double"})]
["this entry gives 'pes etmek; pas geçmek' (to pass a double) as 'to take (accept) a double' (to take a double)"]
>>> swapped({"tr": "pes etmek; pas geçmek", "en": "to pass (drop) a double"})
[]
"""
from __future__ import annotations

import re
from typing import Any

from .lexicon import fold
from .problems import Problem

# concept: (what it is, in words), its Turkish words, its English words (matched on lower-cased text).
_CONCEPTS: tuple[tuple[str, str, str, str], ...] = (
    ("take", "to take a double", r"\bkabul et", r"\b(?:take|takes|taking|accept|accepts|accepting)\b"),
    ("pass", "to pass a double", r"\b(?:pes et|pas geç|katlamayı reddet)",
     r"\b(?:pass|passes|drop|drops|dropping|decline|declines|refuse|refuses)\b(?:\s*\([^)]*\))?\s+(?:a|the)\s+double"
     r"|\bdrop(?:s|ping)?\b"),
    ("double", "to double", r"\bkatla(?:mak|ma teklif)", r"\bto double\b|\boffer(?:s|ing)? a double\b"),
    ("resign", "to resign", r"\bteslim ol", r"\bresign"),
    ("hit", "to hit", r"\b(?:kırmak|kırılmak|kırık|vurmak)\b", r"\bhit\b"),
    ("pin", "to pin", r"\b(?:tapa|hapset)", r"\b(?:pin|pins|pinned|trap)\b"),
    ("bear_off", "to bear off", r"\b(?:pul toplamak|toplama|taş çıkarmak|toplanmış pul|toplanan pul)\b",
     r"\b(?:bear|bears|bearing|bore|borne)[ -]off\b"),
    ("enter", "to enter", r"\b(?:girmek|sokmak)\b", r"\benter"),
    ("gammon", "a gammon", r"(?<!katmerli )\bmars\b", r"(?<!back)\bgammon"),
    ("backgammon", "a backgammon", r"\bkatmerli mars\b", r"\bbackgammon\b"),
    ("win", "to win", r"\bkazanmak\b", r"\bwin\b"),
    ("draw", "a draw", r"\bberaberlik\b", r"\bdraw\b"),
    ("cube", "the doubling cube", r"\b(?:katlama zarı|katlama küpü|küp)\b", r"\bcube\b"),
    ("head", "the head, a side's starting point", r"\bbaş\b", r"\bhead\b|\bstart(?:ing)? point\b"),
    ("home", "the home board", r"\bev(?:i)?\b|\biç (?:bölge|saha)", r"\bhome board\b|\binner board\b"),
    ("back", "the back checkers, farthest from home", r"\bgerideki pul", r"\bback checkers?\b"),
    ("blot", "a blot, a lone checker", r"\b(?:açık|tek) pul", r"\bblots?\b"),
    ("anchor", "an anchor, a point made in the opponent's home board", r"\bçapa\b", r"\banchors?\b"),
    ("quadrant", "a quadrant, six points", r"\bkadran", r"\bquadrants?\b"),
    ("outer", "the outer board", r"\bdış (?:saha|bölge)", r"\bouter board\b|\boutfield\b"),
    ("prime", "a prime, consecutive made points", r"\b(?:blok|duvar)\b", r"\b(?:six-)?primes?\b"),
)
_TR = {name: re.compile(tr) for name, _, tr, _ in _CONCEPTS}
_EN = {name: re.compile(en) for name, _, _, en in _CONCEPTS}
_WORDS = {name: words for name, words, _, _ in _CONCEPTS}
_RULE_FIELDS = ("tr", "en", "el", "note_tr", "note_en", "note_el")
HINT = "give the English term for what the Turkish term means (rules.md §6), or correct the Turkish term"


def _named(text: str, lang: str) -> list[str]:
    folded = fold(text, lang)
    table = _TR if lang == "tr" else _EN
    return [name for name, p in table.items() if p.search(folded)]


def swapped(entry: dict[str, Any]) -> list[tuple[str, str]]:
    """(field, message) when the entry's English names only other concepts than its Turkish."""
    tr, en = entry.get("tr"), entry.get("en")
    if not isinstance(tr, str) or not isinstance(en, str):
        return []
    said_tr, said_en = _named(tr, "tr"), _named(en, "en")
    if not said_tr or not said_en or set(said_tr) & set(said_en):
        return []
    return [("en", f"this entry gives {tr!r} ({' / '.join(_WORDS[c] for c in said_tr)}) as {en!r} "
                   f"({' / '.join(_WORDS[c] for c in said_en)})")]


def rule_problems(entry: dict[str, Any], key: tuple[Any, ...], doc: Any, shown: str, level: str) -> list[Problem]:
    """Rule sentences in an entry's meanings and notes ("opponent's home board (where your checkers are
    borne off)", "every source gives Turkish tavla a 3-point result") judged as a page's are
    (`statements.judge`, no page game: a rule of every game, or of the game the text names),
    each located at the words that state it."""
    from .statements import judge, visible

    out = []
    for field, value in entry.items():
        lang = field.rpartition("_")[2] if field.startswith("note_") else field
        if not isinstance(value, str) or field not in _RULE_FIELDS:
            continue
        for said, message, hint in judge(visible(value), lang, None):
            line, col = doc.char_mark((*key, field), said.start)
            out.append(Problem(shown, line, col, level, "rule", message, hint))
    return out


def term_meaning_problems(entry: dict[str, Any], key: tuple[Any, ...], doc: Any, shown: str,
                          level: str) -> list[Problem]:
    """The entry's swapped meaning, located at its English side."""
    from . import notepolarity

    out = []
    for field, message in swapped(entry):
        line, col = doc.char_mark((*key, field), 0)
        out.append(Problem(shown, line, col, level, "glossary", message, HINT))
    for field, message in notepolarity.contradictions(entry):
        line, col = doc.char_mark((*key, field), 0)
        out.append(Problem(shown, line, col, level, "glossary", message, notepolarity.HINT))
    return out + rule_problems(entry, key, doc, shown, level)
