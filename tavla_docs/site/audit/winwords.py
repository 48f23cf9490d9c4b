"""A plain win's words beside another result's score: "Pullarını ilk toplayan kazanır: {{ r.points.mars }} puan".

"The first player to bear off every checker wins" names a single game: nothing in it makes the win
worth more. A score printed in that sentence is a single game's; one of another result
(`provenance.MEANINGS`: mars / gammon, katmerli mars / backgammon, mother pin, draw) states that a
plain win scores what only that result scores. A sentence that names a result (the `counts:` words
`reader` reads), says the win is worth more ("double", "iki katı"), or states a condition or a
manner or a reason ("if the loser has borne off nothing", "kaybeden hiç pul toplamadıysa", "by
pinning the mother", "pulu kalmadığı için") may describe another result without naming it, and is not judged; `resultwords` and
`reader.meaning_problems` read the sentences that name one. The words of a plain win, of more, and
of a condition are each language's, here.

>>> from tavla_docs.site.provenance import recording, mark
>>> from tavla_docs.site.facts.numerals import Num
>>> src = "- Pullarını ilk toplayan kazanır: {{ r.points.mars }} puan."
>>> with recording():
...     text = "- Pullarını ilk toplayan kazanır: " + mark(1, Num(2, "tr").of_side(None, "mars"), False, 0) + " puan."
>>> [p.message for p in plain_win_problems(text, "tr", "x.md", src, 1)]
['`{{ r.points.mars }}` prints the points of a mars (2) in a sentence that names a plain win (a single game)']
"""
from __future__ import annotations

import re
from functools import cache

from .langlex import fold_pattern
from .lexicon import fold
from .problems import Problem
from .reader import _name_re
from .subjects import _Text

_NAMES = {"mars": "a mars", "gammon": "a gammon", "katmerli_mars": "a katmerli mars", "backgammon": "a backgammon",
          "mother_pin": "a mother pin", "draw": "a draw"}
_RESULTS = ("single", *_NAMES)
_SENTENCE = re.compile(r"[.!?;\n]")
# (a plain win, more than a plain win, a condition or manner), per language, on the folded text
_WORDS: dict[str, tuple[str, str, str]] = {
    "en": (r"\bwins?\b|\bwon\b|\bwinners?\b",
           r"\b(?:double|doubled|twice|triple|tripled|three times|extra|more)\b",
           r"\b(?:if|when|whenever|unless|while|should|once|after|before|provided|by|with|whose|because|since|as|so|thus|therefore)\b"),
    "tr": (r"\bkazan(?:ır|an|dı|acak|ılır)\w*|\bgalip\b",
           r"\b(?:iki|üç) kat\w*|\bçift\w*|\bfazla\w*|\bdaha\b",
           r"\b(?:eğer|ise|iken|için|çünkü|yüzden|dolayı|nedeniyle|zaman)\b|\w+(?:y?s[ae]|ken|[ıiuü]nc[ae]|[dt][ıiuü]ğ[ıiuü]nd[ae]|[ae]r[ae]k|m[ae]d[ıi]kç[ae])\b"),
    "el": (r"κερδίζ\w*|(?<!\w)νικητ\w*|(?<!\w)κερδ\w*",
           r"διπλάσι\w*|τριπλάσι\w*|(?<!\w)περισσότερ\w*",
           r"(?<!\w)(?:αν|εάν|όταν|ενώ|μόλις|αφού|με|όσο|επειδή|γιατί|άρα|οπότε|καθώς)(?!\w)"),
}
HINT = ("beside words of a plain win print a single game's points (`r.points.single`), or name the result whose "
        "points these are ('a mars: …', 'kaybeden hiç pul toplamadıysa mars: …')")


@cache
def _patterns(lang: str) -> tuple[re.Pattern[str], ...] | None:
    base = lang.split("_")[0]
    words = _WORDS.get(base)
    return None if words is None else tuple(re.compile(fold_pattern(w, base)) for w in words)


def plain_win_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                       severity: str = "error") -> list[Problem]:
    """Each score of a result other than a single game printed in a sentence that names only a plain win."""
    pats = _patterns(lang)
    if pats is None or "\ue000" not in marked:
        return []
    win, more, condition = pats
    names = [p for k, p in _name_re(lang).items() if k in _RESULTS]
    if not names:
        return []
    t = _Text(marked, source, path, first_line, severity)
    for p in t.facts:
        if not (p.computed and p.meaning in _NAMES):
            continue
        start, end = t.bounds(p, _SENTENCE)
        plain = t.plain[start:end]
        folded = fold(plain, lang)
        if not win.search(folded) or more.search(folded) or condition.search(folded) \
                or any(n.search(plain) for n in names):
            continue
        t.report(p, "meaning", f"`{{tag}}` prints the points of {_NAMES[p.meaning]} ({p.text}) in a sentence that "
                 f"names a plain win (a single game)", HINT)
    return t.out
