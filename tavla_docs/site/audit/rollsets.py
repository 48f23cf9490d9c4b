"""A set of rolls named in words, against the odds the same sentence prints.

"A last checker on the 1-, 2- or 3-point comes off with every roll but doubles: {{ s1.odds.bears_off }},
…" names a set of rolls whose size is known (every roll: 36 of 36; every roll but doubles: 30; only
doubles: 6), while the engine's odds printed beside it (`….odds.X`, "36/36") say how many rolls
it really is. A sentence whose printed odds of what succeeds all differ from the size its words
name is false. A clause that denies ("not every roll", "her atışla toplanmaz") names no set, and a
sentence that prints no odds is not judged.

>>> [n for n, _ in _SETS["en"]]
[30, 6, 36]
"""
from __future__ import annotations

import re

from ..provenance import spans
from . import langlex
from .problems import Problem
from .scan import TAG

# (rolls of 36 in the set, the words naming it): the longer names first ("every roll but doubles" before
# "every roll"). A set is read only as the rolls something is done with ("with every roll", "her atışla",
# "every roll bears it off"), not as rolls spoken of ("every roll is counted once")
_EN_DO = r"(?:bears?|takes?|brings?|wins?|finishes|ends?|clears?|removes?) "
_SETS: dict[str, tuple[tuple[int, str], ...]] = {
    "en": ((30, rf"\b(?:with|on|by|in) (?:every|any|each|all) (?:rolls?|throws?) (?:but|except(?: for)?|other than|apart from) "
                rf"(?:the )?doubles\b|\b(?:every|any|each|all) (?:rolls?|throws?) (?:but|except(?: for)?|other than) "
                rf"(?:the )?doubles,? {_EN_DO}|\b(?:with|on|by) (?:every|any|each|all) (?:non-?doubles?|mixed rolls?)\b"),
           (6, r"\b(?:only|just) (?:with|on|by) (?:a )?doubles?\b|\bwith (?:only|just) (?:a )?doubles?\b"),
           (36, rf"\b(?:with|on|by|in) (?:every|any|each) (?:roll|throw)\b(?! (?:but|except|other than|apart from))"
                rf"|\b(?:every|any|each) (?:roll|throw) {_EN_DO}|\b(?:with|in|on) all (?:36|thirty-six) rolls\b")),
    "tr": ((30, r"\bçift (?:zar|atış)\w* (?:dışındaki|hariç|haricindeki) (?:her|bütün|tüm) atış(?:la|ta|ında)\b"
                r"|\b(?:her|bütün|tüm) (?:çift olmayan|karışık) atış(?:la|ta|ında)\b"
                r"|\bçift olmayan (?:her|bütün|tüm) atış(?:la|ta)\b"),
           (6, r"\b(?:yalnızca|sadece|yalnız|ancak) çift (?:zar|atış)(?:la|larla|ta|larda)\b"),
           (36, r"(?<!dışındaki )(?<!hariç )(?<!haricindeki )\b(?:her|bütün|tüm) atış(?:la|ta|ında|larla|larda)\b"
                r"|\bhangi zar gelirse gelsin\b")),
    "el": ((30, r"\bμε κάθε ζαριά εκτός (?:από )?(?:τις )?διπλές\b"),
           (6, r"\bμόνο με (?:τις )?διπλές\b"),
           (36, r"\bμε (?:κάθε|οποιαδήποτε) ζαριά\b(?! εκτός)")),
}
# A clause that denies what the set does: "not every roll", "her atışla toplanmaz"
_DENIED = {"en": r"\bnot\b|n't\b|\bnever\b", "tr": r"\w(?:maz|mez|mıyor|miyor|madı|medi)\b|\bdeğil", "el": r"\bδεν\b"}
_SENTENCE = re.compile(r"[.!?\n](?=\s|$)")
_CLAUSE = re.compile(r"[.;:!?,()\n]")
_ODDS = re.compile(r"(\d+)/36")
_NAMES = {30: "every roll but the doubles (30 of 36)", 6: "only the doubles (6 of 36)", 36: "every roll (36 of 36)"}
HINT = ("name the rolls the printed odds count (print `….odds.X.rolls` for the list, `.count` for how many), "
        "or print the odds of the rolls the sentence names")


def roll_set_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                      severity: str = "error") -> list[Problem]:
    """Each sentence naming a set of rolls whose printed odds of success all count another number of rolls."""
    sets = _SETS.get(lang)
    if not sets or "\ue000" not in marked:
        return []
    from .reader import _printed_at

    parts = spans(marked)
    text = "".join(p.text for p in parts)
    folded = langlex.fold_text(text, lang)
    denied = re.compile(langlex.fold_pattern(_DENIED[lang], lang))
    compiled = [(n, re.compile(langlex.fold_pattern(p, lang))) for n, p in sets]
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    odds = [(p, int(m.group(1))) for p in parts if p.computed and p.about is not None
            and p.about.outcome != "fail" and (m := _ODDS.fullmatch(p.text.strip()))]
    out = []
    done: list[tuple[int, int]] = []
    for n, pattern in compiled:
        for m in pattern.finditer(folded):
            if any(s < m.end() and m.start() < e for s, e in done):
                continue
            done.append((m.start(), m.end()))
            start = max((c.end() for c in _SENTENCE.finditer(folded, 0, m.start())), default=0)
            end = next((c.start() for c in _SENTENCE.finditer(folded, m.end())), len(folded))
            c_start = max((c.end() for c in _CLAUSE.finditer(folded, 0, m.start())), default=0)
            c_end = next((c.start() for c in _CLAUSE.finditer(folded, m.end())), len(folded))
            if denied.search(folded, c_start, c_end):
                continue
            near = [(p, k) for p, k in odds if start <= p.start < end]
            if not near or any(k == n for _, k in near):
                continue
            p, k = near[0]
            line, col, tag = _printed_at(tags, source, p)
            out.append(Problem(path, line + first_line - 1, col, severity, "roll-set",
                               f"the sentence says {text[m.start():m.end()]!r}, {_NAMES[n]}, but `{tag}` prints "
                               f"{k}/36: the rolls it counts are not that set", HINT))
    return out
