"""A game compared with another whose rule differs: "The dice work as in Gülbara" on Tapa's page,
"Zarlar Gülbara'daki gibi oynanır", "a pinning game like Tapa" said of Gülbara.

A comparison ("as in <game>", "like <game>", "<game>'daki gibi", "όπως στο <game>") gives the topic
it is said of (the nearest topic word in its sentence part: the dice, bearing off, hitting or
pinning, the bar, …; `likegames.yaml` and the features of `features.yaml`) the named game's rule.
The topic's lexicon facts are read in both games' rulesets (`statements.truth`): where one differs,
the comparison is false, and the message says what each game does. A comparison bound to a
situation by its clause or the sentence before it ("on turn 3 of the game a double is played as in
tavla", "oyunun üçüncü sırasında", "bearing off starts once all are home; the dice work as in tavla")
is not judged: a game's rule may depend on it. The sentence's game is the game
it names other than in the comparison, else the page's. A part that takes the comparison back
("unlike", "not as in", "farklı") is not read. Called by `statements.judge`, so pages, captions,
headings, front matter and the glossary are all read.

>>> from tavla_docs.variants import ruleset
>>> from tavla_docs.site.audit.statements import judge
>>> [m[:63] for _s, m, _h in judge("The dice work as in Gülbara.", "en", ruleset("tapa"))]
["'dice work as in Gülbara' gives Tapa's dice the rule of Gülbara"]
>>> judge("The dice work as in tavla.", "en", ruleset("tapa"))
[]
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from .langlex import fold_pattern
from .lexicon import fold, lexicon

if TYPE_CHECKING:
    from ...engine.rules import Ruleset

HINT = ("compare only where the two games' rules agree (their rulesets), or say how they differ "
        "(\"unlike Gülbara, …\"); `rules_summary` prints the differences")
_PART = re.compile(r"[^.!?;:\n]+")
_CLAUSE = re.compile(r"[,;:()\[\]—–]| - ")


@dataclass(frozen=True)
class _Topic:
    name: str
    facts: tuple[str, ...]
    words: re.Pattern[str]


@dataclass(frozen=True)
class _Lang:
    before: re.Pattern[str]
    after: re.Pattern[str]
    negation: re.Pattern[str]
    scoped: re.Pattern[str]
    topics: tuple[_Topic, ...]
    cue: re.Pattern[str]


@cache
def _lang(lang: str) -> _Lang | None:
    base = lang.split("_")[0]
    data = yaml.safe_load(Path(__file__).with_name("likegames.yaml").read_text(encoding="utf-8"))
    like = data["like"].get(base)
    if like is None:
        return None
    topics = [_Topic(t["name"], tuple(t["facts"]), re.compile("|".join(f"(?:{p})" for p in t[base]), re.IGNORECASE))
              for t in data["topics"].values() if t.get(base)]
    features = yaml.safe_load(Path(__file__).with_name("features.yaml").read_text(encoding="utf-8"))["features"]
    topics += [_Topic(f["name"], (f["fact"],), re.compile("|".join(f"(?:{p})" for p in f[base]), re.IGNORECASE))
               for f in features.values() if f.get(base)]  # the topic nouns features.py reads, from its data
    cue = {"en": r"\b(?:as|like)\b", "tr": r"\bgibi|\baynı", "el": r"όπως"}.get(base, r"(?!)")
    before, after, negation, scoped = (re.compile(fold_pattern(p, base)) for p in
                                       (like["before"], like["after"], data["negation"][base], data["scoped"][base]))
    return _Lang(before, after, negation, scoped, tuple(topics), re.compile(fold_pattern(cue, base)))


def like_faults(text: str, lang: str, page: Ruleset | None, mentions: list[Any],
                truth: Callable[..., tuple[bool, Any]]) -> list[tuple[int, int, str, str, str]]:
    """(start, end, words, message, hint) of each comparison in `text` whose topic's rule differs
    between the sentence's game (else `page`'s) and the game it names. `mentions` (where games are
    named, `statements._mentions`) and `truth` (`statements.truth`) come from the rule check, which
    calls this one."""
    table = _lang(lang)
    if table is None:
        return []
    folded = fold(text, lang)
    if not table.cue.search(folded):
        return []  # most text compares nothing: stay cheap
    out = []
    for part in _PART.finditer(folded):
        inside = [x for x in mentions if part.start() <= x.start < part.end()]
        for x in inside:
            before = table.before.search(folded[part.start():x.start])
            after = table.after.match(folded, x.end)
            if before is None and after is None:
                continue
            span = (part.start() + before.start() if before else x.start, after.end() if after else x.end)
            fault = _judge(text, folded, part, x, span, inside, table, page, truth)
            if fault is not None:
                out.append(fault)
    return out


def _judge(text: str, folded: str, part: re.Match[str], x: Any, span: tuple[int, int], inside: list[Any],
           table: _Lang, page: Ruleset | None, truth: Callable[..., tuple[bool, Any]]) -> tuple[int, int, str, str, str] | None:
    from ...variants import ruleset

    if table.negation.search(part.group()):  # "unlike Tapa", "Tapa'dakinden farklı"
        return None
    near = None
    for t in table.topics:
        for m in t.words.finditer(text, part.start(), part.end()):  # topic words match with their accents
            if any(y.start <= m.start() < y.end for y in inside):
                continue  # a game's name ("Tapa") is no topic word ("tapa")
            gap = x.start - m.end() if m.end() <= x.start else m.start() - x.end
            if gap >= 0 and (near is None or gap < near[0]):
                near = (gap, m, t)
    if near is None:
        return None
    _, m, topic = near
    a, b = min(m.start(), span[0]), max(m.end(), span[1])
    cuts = [c.start() for c in _CLAUSE.finditer(folded, part.start(), part.end())]
    lo = max(folded.rfind(c, 0, a) for c in ".!?\n") + 1  # the sentence so far, and the comparison's clause
    hi = min((c for c in cuts if c >= b), default=part.end())
    if table.scoped.search(folded, lo, hi):
        return None  # "on turn 3 a double is played as in tavla": a rule of a situation
    own = next((y.game for y in inside if y.subject and y.game != x.game), None)
    mine = page if own is None or (page is not None and page.variant == own) else ruleset(own)
    if mine is None or mine.variant == x.game:
        return None
    theirs = ruleset(x.game)
    lex = lexicon()
    for name in topic.facts:
        fact = lex.facts[name]
        k1, v1 = truth(fact, mine, lex)
        k2, v2 = truth(fact, theirs, lex)
        if k1 and k2 and v1 != v2:
            words = text[a:b]
            return (a, b, words, f"{words.strip()!r} gives {mine.display_name}'s {topic.name} the rule of "
                    f"{theirs.display_name}, but they differ: in {mine.display_name}, {fact.says.get(v1, v1)}; "
                    f"in {theirs.display_name}, {fact.says.get(v2, v2)}", HINT)
    return None
