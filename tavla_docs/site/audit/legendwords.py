"""A legend's example play held against the words that explain it, read by the notation's own rules.

The notation legend types its examples (`<code>6/2(2)</code>`) and explains each with a catalog
message (`{{ _("moves two checkers") }}`). The notation says what the example does: `(3)` moves
three checkers, `*` lands on a lone opposing checker, which is a hit in a game that hits and a pin
in one that pins (rules.md 6.5). So the message's words must agree: a count word ("two") must be
the `(n)`, and "pins" needs a game that pins. A legend rendered for no game (`notation_legend()`)
reads the notation as tavla and backgammon do, where `*` marks a hit.

The explanation is read from its msgid (the catalog's English source, the same in every language:
a translation is the catalog audit's business), or, where the partial types its words, from them.

>>> src = '<code>6/2(3)</code> {{ _("moves two checkers") }}; <code>8/5*</code> {{ _("pins the blot on 5") }}.'
>>> from tavla_docs.site.provenance import recording, mark
>>> with recording():
...     html = ("<code>6/2(3)</code> " + mark(1, "moves two checkers", False, 0) + "; <code>8/5*</code> "
...             + mark(1, "pins the blot on 5", False, 1) + ".")
>>> [p.message for p in legend_word_problems(html, src, "legend.html", None)]  # doctest: +NORMALIZE_WHITESPACE
['the example 6/2(3) moves 3 checkers, but its explanation says "moves two checkers"', \
'the example 8/5* is explained as a pin ("pins the blot on 5"), but a legend for no game reads the notation as \
tavla and backgammon do, where * marks a hit']
"""
from __future__ import annotations

import html
import re
from typing import Any

from ..provenance import spans
from .problems import Problem
from .scan import TAG

_CODE = re.compile(r"<code>([^<]*)</code>")
_PLAY = re.compile(r"(?:bar|\d{1,2})(?:/(?:\d{1,2}|off)\*?)+(?:\((\d)\))?")
_MSGID = re.compile(r"""\b(?:_|gettext|pgettext)\(\s*(?:(["'])(?:(?!\1).)*\1\s*,\s*)?(["'])((?:(?!\2).)*)\2""")
_COUNT = {"a": 1, "one": 1, "single": 1, "two": 2, "both": 2, "three": 3, "four": 4}
_COUNT_WORD = re.compile(r"\b(" + "|".join(sorted(_COUNT, key=len, reverse=True)) + r")\b(?:\s+\w+)?\s+checkers?\b",
                         re.I)
_PIN = re.compile(r"\bpin(?:s|ned|ning)?\b", re.I)
HINT = "make the example and its explanation say the same thing, as the notation reads it (rules.md 6.5)"


def legend_word_problems(marked: str, source: str, shown: str, rules: Any) -> list[Problem]:
    """Each typed example whose explanation says another count of checkers, or a pin where the
    game (or, with none given, tavla and backgammon) hits."""
    parts = spans(marked)
    text = "".join(p.text for p in parts)
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    codes = list(_CODE.finditer(text))
    out: list[Problem] = []
    for k, m in enumerate(codes):
        play = html.unescape(m.group(1))
        parsed = _PLAY.fullmatch(play)
        if parsed is None:
            continue
        end = codes[k + 1].start() if k + 1 < len(codes) else len(text)
        words = _explanation(parts, tags, m.end(), end, text)
        if not words:
            continue
        at = source.find(f"<code>{m.group(1)}</code>")
        line = source.count("\n", 0, at) + 1 if at >= 0 else 1
        col = at - (source.rfind("\n", 0, at) + 1) + 1 if at >= 0 else 1
        n = int(parsed.group(1) or 1)
        said = _COUNT_WORD.search(words)
        if said and _COUNT[said.group(1).lower()] != n:
            out.append(Problem(shown, line, col, "error", "legend",
                               f"the example {play} moves {n} checker{'s' if n > 1 else ''}, but its explanation "
                               f"says \"{words}\"", HINT))
        if "*" in play and _PIN.search(words) and getattr(rules, "blot", None) != "pin":
            where = (f"in {rules.variant} * marks a hit" if rules is not None and getattr(rules, "blot", "") == "hit"
                     else f"in {rules.variant} nothing is pinned" if rules is not None
                     else "a legend for no game reads the notation as tavla and backgammon do, where * marks a hit")
            out.append(Problem(shown, line, col, "error", "legend",
                               f"the example {play} is explained as a pin (\"{words}\"), but {where}", HINT))
    return out


def _explanation(parts: list[Any], tags: list[re.Match[str]], start: int, end: int, text: str) -> str:
    """The words after a typed example: the msgid of the catalog call that printed them, else as typed."""
    for p in parts:
        if p.start >= end:
            break
        if p.start < start or not p.line:
            continue
        if 0 <= p.index < len(tags):
            msgid = _MSGID.search(tags[p.index].group())
            if msgid:
                return " ".join(msgid.group(3).split())
        break
    typed = re.split(r"[;.<]", text[start:end], maxsplit=1)[0]
    return " ".join(html.unescape(typed).split())
