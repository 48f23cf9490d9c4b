"""A rule line labelled with a game whose rule it is not: "**Closed board (backgammon):** … its owner
does not roll until one of them opens" (a Turkish rule), "## Bearing off (Tapa)".

A label names the game its rule belongs to: a bracket holding only a game's name, closing the bold
or plain term that starts a paragraph or list item before a colon ("**Closed board (Turkish):**"),
or ending a heading (its whole section). The rule sentences under the label are judged again in the
label's game (`statements.judge` with that ruleset); a sentence true of the page's game and false of
the label's is an error naming the label. A bracket the rule check already reads as the sentence's game
("(Tapa)") is left to it. A term that names a result ("Katmerli mars (backgammon):",
the result's other name) is no label. Called by `statements.judge`.

>>> from tavla_docs.variants import ruleset
>>> from tavla_docs.site.audit.statements import judge
>>> text = "**Closed board (backgammon):** its owner does not roll until one of them opens."
>>> [m[:62] for *_, m, _h in label_faults(text, "en", ruleset("tavla"), [], judge)]
["the label '(backgammon)' gives this rule to Backgammon, but 'd"]
"""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from .lexicon import fold, lexicon

if TYPE_CHECKING:
    from ...engine.rules import Ruleset

HINT = "label the rule with the game that plays it (its ruleset), or state the rule as the labelled game plays it"
_LINE_LABEL = re.compile(r"^[ \t]*(?:[-*+][ \t]+|\d+[.)][ \t]+)?(?:\*\*|__)?(?P<term>[^\n():*_]{1,60}?)[ \t]*"
                         r"\((?P<game>[^()\n]{2,40})\)[ \t]*(?:\*\*|__)?[ \t]*:", re.MULTILINE)
_HEADING = re.compile(r"^#{1,6}[ \t]+(?P<term>[^\n]*?)\((?P<game>[^()\n]{2,40})\)[ \t]*#*[ \t]*$", re.MULTILINE)
_NEXT_HEADING = re.compile(r"^#{1,6}[ \t]", re.MULTILINE)
_BREAK = re.compile(r"\n[ \t]*\n|\n(?=[ \t]*(?:[-*+] |\d+[.)] |#))")


@cache
def _names(lang: str) -> dict[str, str]:
    """Each game's names a label may hold, folded: its display and other names, and the lexicon's."""
    from ...variants import ruleset, variants

    out: dict[str, str] = {}
    for game in variants():
        rules = ruleset(game)
        for name in (rules.display_name, *rules.summary().get("other_names", ())):
            out[fold(str(name), lang)] = game
    return out


def _game(words: str, lang: str) -> str | None:
    folded = fold(words.strip(), lang)
    if folded in _names(lang):
        return _names(lang)[folded]
    for game, by_lang in lexicon().variants.items():
        p = by_lang.get(lang)
        if p is not None and p.fullmatch(words.strip()):
            return game
    return None


def _result_term(term: str, lang: str) -> bool:
    from .reader import _name_re

    return any(p.search(term) for p in _name_re(lang).values())


def label_faults(text: str, lang: str, page: Ruleset | None, mentions: list[Any],
                 judge: Callable[..., list[Any]]) -> list[tuple[int, int, str, str, str]]:
    """(start, end, words, message, hint) of each rule sentence under a game label that is false in
    the labelled game and not in the page's. `mentions` (`statements._mentions`) and `judge`
    (`statements.judge`) come from the rule check, which calls this one."""
    if "(" not in text or page is None:
        return []
    from ...variants import ruleset
    labels = _labels(text)
    if not labels:
        return []
    read = [x.start for x in mentions if x.subject]
    out = []
    for label, scope in labels:
        game = _game(label.group("game"), lang)
        if game is None or game == page.variant or _result_term(label.group("term"), lang) \
                or any(label.start("game") <= at < label.end("game") for at in read):
            continue  # no game's label, or one the rule check already reads as the sentence's game
        a, b = scope
        blank = lambda s: re.sub(r"[^\n]", " ", s)  # noqa: E731 - keeps every offset
        inner = blank(text[:a]) + text[a:label.start("game") - 1] + blank(text[label.start("game") - 1:label.end("game") + 1]) \
            + text[label.end("game") + 1:b] + blank(text[b:])
        theirs = ruleset(game)
        ours = {(s.start, s.end) for s, _m, _h in judge(inner, lang, page)}
        for s, message, _hint in judge(inner, lang, theirs):
            if getattr(s, "statement", None) is not None and (s.start, s.end) not in ours:  # a rule sentence
                out.append((s.start, s.end, s.text, f"the label '({label.group('game').strip()})' gives this rule to "
                            f"{theirs.display_name}, but {message}", HINT))
    return out


def _labels(text: str) -> list[tuple[re.Match[str], tuple[int, int]]]:
    """Each label with the text it heads: a line label its paragraph, a heading its section."""
    out = []
    for m in _LINE_LABEL.finditer(text):
        nxt = _BREAK.search(text, m.end())
        out.append((m, (m.start(), nxt.start() if nxt else len(text))))
    for m in _HEADING.finditer(text):
        nxt = _NEXT_HEADING.search(text, m.end())
        out.append((m, (m.start(), nxt.start() if nxt else len(text))))
    return out


