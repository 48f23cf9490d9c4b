"""A verdict beside a checked play that contradicts the check: "{{ play("24/19 24/21", at=…,
legal=False) }} is allowed on this turn" / "… bu sırada oynanabilir" (the engine refuses that
play, and the build has checked that it does), or "{{ play("24/18", at=…) }} is not allowed"
(a play the build has checked legal).

`play(…, at=…)` is checked in its scenario's frame, so whether the play is legal is a fact the
tool computes; the words after it in its clause that say whether it may be played (the verdicts
of `playverdicts.yaml`, per language) must agree with it. The first verdict after the play, up to
the clause's end, counts; a clause that makes it hypothetical or about another rule ("would be
legal without the head rule", "olsaydı", "θα") is not read. Read from the page's source, so it
costs one scan of the text.

>>> src = '{{ play("24/19 24/21", at="uzun/head-rule", legal=False) }} is allowed on this turn.'
>>> [p.message[:48] for p in play_verdict_problems(src, "x.md", 1, "en")]
['this sentence says `24/19 24/21` may be played, ']
>>> play_verdict_problems(src.replace("is allowed", "is not allowed"), "x.md", 1, "en")
[]
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from . import langlex
from .problems import Problem

WORDS = Path(__file__).with_name("playverdicts.yaml")
_PLAY = re.compile(r"\{\{-?\s*play\(\s*(?P<q>[\"'])(?P<text>[^\"']*)(?P=q)(?P<args>[^{}]*?)\)\s*-?\}\}")
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
_CLAUSE_END = re.compile(r"[.;:,!?()|·\n]")
_AT = re.compile(r"\bat\s*=")
_REFUSED = re.compile(r"\blegal\s*=\s*False\b")
_SCENARIO = re.compile(r"\bat\s*=\s*[\"']([^\"']*)[\"']")
HINT = ("the build checks the play in its scenario (`legal=False`: that the engine refuses it): say what the "
        "check says, or print the play the sentence means (docs/authoring.md, \"Facts in prose\")")


@cache
def _words(lang: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]] | None:
    """The language's allowed, forbidden, guard and before patterns, each one alternation; None: not read."""
    data: dict[str, Any] = yaml.safe_load(WORDS.read_text(encoding="utf-8")) or {}
    spec = data.get(lang)
    if not spec:
        return None
    return tuple(re.compile("|".join(f"(?:{langlex.fold_pattern(p, lang)})" for p in spec[k]))  # type: ignore[return-value]
                 for k in ("allowed", "forbidden", "guard", "before"))


def _blank(text: str) -> str:
    """Jinja output replaced by a neutral word (offsets kept), so a printed roll is one word."""
    return _JINJA.sub(lambda m: "x" + " " * (len(m.group(0)) - 1), text)


def _next_play(after: str) -> str:
    """`after` up to the next printed play: a verdict beyond it is that play's."""
    nxt = _PLAY.search(after)
    return after[:nxt.start()] if nxt else after


def _denied(before: str, lang: str) -> bool:
    """Whether the clause before the play makes its verdict a denial of both or another play's."""
    words = _words(lang)
    start = max((m.end() for m in _CLAUSE_END.finditer(_blank(before))), default=0)
    return words is not None and bool(words[3].search(langlex.fold_text(_blank(before)[start:], lang)))


def _verdict(after: str, lang: str) -> tuple[bool, int] | None:
    """(allowed, offset) of the first verdict in `after` (the clause after a play), or None when
    there is none or the clause makes it hypothetical."""
    words = _words(lang)
    if words is None:
        return None
    allowed, forbidden, guard, _ = words
    after = _blank(_next_play(after))
    end = _CLAUSE_END.search(after)
    clause = langlex.fold_text(after[:end.start() if end else len(after)], lang)
    found = [(m.start(), m.end(), ok) for ok, p in ((False, forbidden), (True, allowed)) if (m := p.search(clause))]
    if not found:
        return None
    start, stop, ok = min(found, key=lambda f: (f[0], -f[1]))
    if guard.search(clause[:stop]):
        return None
    return ok, start


def play_verdict_problems(body: str, shown: str, first: int, lang: str, level: str = "error") -> list[Problem]:
    """One problem per checked play whose verdict words say the opposite of its check."""
    if "play(" not in body or _words(lang) is None:
        return []
    out: list[Problem] = []
    for m in _PLAY.finditer(body):
        args = m.group("args")
        if not _AT.search(args):
            continue  # notation only: nothing was checked
        verdict = _verdict(body[m.end():m.end() + 300], lang)
        if verdict is None or _denied(body[max(0, m.start() - 120):m.start()], lang):
            continue
        ok, at = verdict
        refused = bool(_REFUSED.search(args))
        if ok != refused:
            continue
        where = m.end() + at
        line = first + body.count("\n", 0, where)
        col = where - (body.rfind("\n", 0, where) + 1) + 1
        scenario = (s.group(1) if (s := _SCENARIO.search(args)) else "its scenario")
        play = m.group("text")
        if refused:
            message = (f"this sentence says `{play}` may be played, but the page prints it with `legal=False` and the "
                       f"build has checked that the engine refuses it in `{scenario}`: it is not a legal play there")
        else:
            message = (f"this sentence says `{play}` may not be played, but the build has checked that it is a legal "
                       f"play in `{scenario}` (print it with `legal=False` only if the engine refuses it)")
        out.append(Problem(shown, line, col, level, "play", message, HINT))
    return out
