"""Words that need a value in one role, against the role its expression names.

A value printed after "at least" must be a least (`….first` of the rolls, `r.fewest_…`), not the
last of a list, nor the count of the rolls that fail; "bears off past the {{ … }}-point" needs the
route's end (`home.first`), not the home's last point; "in the first {{ … }} turns" a count, not
the position of the turn that follows them (`first_progression_turn`); "{{ … }} in the figure" the
figure's play (`show`), not another legal one. A `{% set %}` alias stands for the expression it is
bound to, and an alias whose name says a role (`least`, `last`) must be bound to a value of that
role. The roles of names and each language's words are data (`rolewords.yaml`).

>>> from tavla_docs.site.provenance import mark, recording
>>> from tavla_docs.site.facts.numerals import Num
>>> src = "{% set least = r.rolls_that_cannot_bear_off %}They need at least {{ least.words }} rolls."
>>> with recording():
...     text = "They need at least " + mark(1, Num(3, "en"), False, 0) + " rolls."
>>> [p.message.split(": ")[-1] for p in role_word_problems(text, "en", "x.md", src, 1)]
['it is a count of what fails']
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from ..provenance import Span
from .problems import Problem
from .subjects import _BLANK, _Text

_PARAGRAPH = re.compile(r"\n")
_SET = re.compile(r"\{%-?\s*set\s+(\w+)\s*=\s*(.+?)\s*-?%\}", re.DOTALL)
_STRING = re.compile(r"\"[^\"]*\"|'[^']*'")
_NAME = re.compile(r"[A-Za-z_]\w*")
_SAYS = {"min": "a least", "max": "a most", "first": "the first of its list", "last": "the last of its list",
         "fail": "a count of what fails", "position": "a position in a sequence, not a count",
         "legal": "one of the legal plays, not the one the figure shows"}


@dataclass(frozen=True)
class _Rule:
    says: str
    banned: frozenset[str]
    words: tuple[str, ...]  # patterns with `{v}`


@cache
def _data() -> dict[str, object]:
    loaded = yaml.safe_load(Path(__file__).with_name("rolewords.yaml").read_text(encoding="utf-8"))
    return loaded if isinstance(loaded, dict) else {}


@cache
def _names() -> dict[str, re.Pattern[str]]:
    """Each role's names, as one pattern a whole name must match."""
    roles = _data().get("names") or {}
    assert isinstance(roles, dict)
    return {role: re.compile("|".join(f"(?:{w})" for w in words), re.IGNORECASE) for role, words in roles.items()}


def _lang(lang: str) -> dict[str, object]:
    entry = _data().get(lang)
    return entry if isinstance(entry, dict) else {}


@cache
def joiner(lang: str) -> re.Pattern[str] | None:
    """What joins two items of a list, between two printed values (", ", " and the ")."""
    pattern = _lang(lang).get("and")
    return re.compile(str(pattern), re.IGNORECASE) if pattern else None


@cache
def contrast(lang: str) -> re.Pattern[str] | None:
    """Words that set two things against each other in one sentence ("one … the other")."""
    words = _lang(lang).get("contrast")
    return re.compile("|".join(f"(?:{w})" for w in words), re.IGNORECASE) if isinstance(words, list) else None


@cache
def copula(lang: str) -> re.Pattern[str] | None:
    """The words that end a subject and give what it is ("… are", "…:"), at the end of a text."""
    pattern = _lang(lang).get("is")
    return re.compile(rf"(?:{pattern})\s*$", re.IGNORECASE) if pattern else None


@cache
def _rules(lang: str) -> tuple[_Rule, ...]:
    rules = _lang(lang).get("rules")
    if not isinstance(rules, list):
        return ()
    return tuple(_Rule(r["says"], frozenset(r["not"]), tuple(r["words"])) for r in rules)


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern.replace("{v}", f"(?P<v>{_BLANK}+)"), re.IGNORECASE)


def roles(expression: str) -> set[str]:
    """The roles the names of an expression say (`rolewords.yaml`'s `names`; `[0]` first, `[-1]` last)."""
    bare = _STRING.sub("", expression)
    out = {role for name in _NAME.findall(bare) for role, p in _names().items()
           if any(p.fullmatch(part) for part in (name, *name.split("_")))}
    if re.search(r"\[\s*0\s*\]", bare):
        out.add("first")
    if re.search(r"\[\s*-\s*1\s*\]", bare):
        out.add("last")
    if re.search(r"\blegal\s*\[", bare):
        out.add("legal")
    return out


def aliases(source: str) -> list[tuple[int, str, str]]:
    """Each `{% set name = expression %}` of a source: (where it ends, name, expression)."""
    return [(m.end(), m.group(1), m.group(2)) for m in _SET.finditer(source)]


def resolve(expression: str, sets: list[tuple[int, str, str]], at: int, depth: int = 5) -> tuple[str, str]:
    """The expression with its alias replaced by what it was bound to before `at`, alias by alias
    (`depth` of them), and the first alias."""
    alias = ""
    for _ in range(depth):
        root = _NAME.match(expression.strip())
        if root is None:
            break
        bound = [e for end, n, e in sets if n == root.group() and end <= at]
        if not bound:
            break
        alias = alias or root.group()
        expression = bound[-1] + expression.strip()[root.end():]
    return expression.strip(), alias


def role_word_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                       severity: str = "error") -> list[Problem]:
    """Each computed value printed where the words need a role its expression does not have."""
    if "\ue000" not in marked:
        return []
    rules = _rules(lang)
    sets = aliases(source)
    t = _Text(marked, source, path, first_line, severity)
    for p in (p for p in t.facts if p.computed):
        line, col, tag = t.at(p)
        if not tag.startswith("{{"):
            continue
        offset = _offset(source, line, col)
        expression, alias = resolve(tag[2:-2], sets, offset)
        said = roles(expression)
        shown = resolve(tag[2:-2], sets, offset, 1)[0]  # an alias's own expression, as the author wrote it,
        if re.match(r"\w+\s*\(", shown):  # but not a `scenario(…)` or `rules(…)` a page names its figure by
            shown = " ".join(tag[2:-2].split())
        if _words(t, p, rules, said, shown) or not alias:
            continue
        _alias(t, p, alias, said, shown)
    return t.out


def _plain(text: str) -> str:
    """A printed value as the reader reads it (a play's code element without its markup)."""
    return " ".join(re.sub(r"<[^>]*>", "", text).split())


def _offset(source: str, line: int, col: int) -> int:
    lines = source.split("\n")
    return sum(len(x) + 1 for x in lines[:max(0, line - 1)]) + col - 1


def _words(t: _Text, p: Span, rules: tuple[_Rule, ...], said: set[str], expression: str) -> bool:
    """A rule whose words stand around `p` and rule out one of its roles: reported."""
    start, stop = t.bounds(p, _PARAGRAPH)  # not a sentence: an ordinal's period ("24. haneden") ends none
    for rule in rules:
        banned = rule.banned & said
        if not banned:
            continue
        for pattern in rule.words:
            for m in _compiled(pattern).finditer(t.plain, start, stop):
                if m.start("v") == p.start and m.end("v") == p.start + len(p.text):
                    role = sorted(banned)[0]
                    t.report(p, "role", f"`{{tag}}` prints `{expression}` ({_plain(p.text)}) where the words say "
                             f"{rule.says}: it is {_SAYS.get(role, role)}",
                             "print the value the words describe (the first or least for \"at least\", "
                             "`show` for the figure's play), or change the words")
                    return True
    return False


def _alias(t: _Text, p: Span, alias: str, said: set[str], expression: str) -> None:
    """An alias whose name says a role (`least`, `last`) bound to a value without it."""
    named = roles(alias) & {"min", "max", "first", "last"}
    if not named or named & said or expression.rstrip().endswith(")"):
        return
    role = sorted(named)[0]
    t.report(p, "role", f"`{{tag}}` prints `{expression}` ({_plain(p.text)}) through `{alias}`, a name that says "
             f"{_SAYS[role]}, but the value it is bound to is not one",
             f"bind `{alias}` to the value its name says, or rename it")
