"""A computed roll printed beside a word for a kind of roll must be of that kind.

"a mixed roll such as {{ m }}" where `m` is 6-6, "çift zar, örneğin {{ d }}" where `d` is 6-5:
the roll is the engine's, the word next to it is typed, and the sentence is false. The word
nearest the roll in its clause decides: a double (`a double`, `doubles`, `çift zar`, `çift`)
or a roll that is not one (`mixed roll`, `non-double`, `karışık`, `çift olmayan`).

A roll's own count (`….ways`: the ways it comes up) knows its roll (`Subject.group`, shared with the
roll): printed where the words name the other kind, or in a clause that prints another roll and
not its own ("{{ d }} gibi bir çift zar yalnızca {{ m.ways.words }} şekilde"), it is the count of
another roll.

>>> from tavla_docs.site.provenance import recording, mark
>>> class R(str): tavla_fact = True
>>> with recording():
...     text = "A double such as " + mark(1, R("6-5"), False) + " counts once."
>>> for p in roll_kind_problems(text, "en", "x.md", "A double such as {{ m }} counts once.", 1): print(p.message)
`{{ m }}` prints 6-5, a mixed roll, where the words around it speak of a double
"""
from __future__ import annotations

import re
from functools import cache

from ..provenance import Span, spans
from . import langlex
from .problems import Problem
from .scan import TAG


@cache
def _kind_re(lang: str) -> re.Pattern[str] | None:
    """The language's words for the two kinds of roll (its file's `rolls:` section, `langlex`): the
    first that matches nearest a roll decides."""
    kinds = langlex.section(lang, "rolls")
    if not kinds:
        return None
    return re.compile("|".join(f"(?P<{k}>(?<!\\w)(?:{p}))" for k, p in kinds.items()), re.IGNORECASE)


_ROLL = re.compile(r"([1-6])-([1-6])")
_CLAUSE = re.compile(r"[.;:!?()\n]")  # not the comma: "çift zar, örneğin 6-6"; the nearest word decides
_NAMES = {"double": "a double", "mixed": "a mixed roll"}
_PART = re.compile(r"[.,;:!?()\n]")  # the clause of a roll's count: "a double … in one way, a mixed roll … in two"


def roll_kind_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                       severity: str = "error") -> list[Problem]:
    """Each computed roll whose nearest kind word, in its clause, names the other kind."""
    kinds = _kind_re(lang)
    if kinds is None or "\ue000" not in marked:
        return []
    from .reader import _printed_at

    parts = spans(marked)
    text = "".join(p.text for p in parts)
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    out = []
    rolls = [p for p in parts if p.computed and p.about and p.about.group and _ROLL.fullmatch(p.text.strip())]
    for p in parts:
        m = _ROLL.fullmatch(p.text.strip())
        if p.computed and not m and p.about and p.about.group and p.about.outcome in _NAMES:
            out += _count_of_another(p, rolls, text, kinds, tags, source, path, first_line, severity)
            continue
        if not (p.computed and m):
            continue
        kind = "double" if m.group(1) == m.group(2) else "mixed"
        start = max((c.end() for c in _CLAUSE.finditer(text, 0, p.start)), default=0)
        after = p.start + len(p.text)
        end = next((c.start() for c in _CLAUSE.finditer(text, after)), len(text))
        words = [(p.start - w.end(), w.lastgroup) for w in kinds.finditer(text, start, p.start)]
        words += [(w.start() - after, w.lastgroup) for w in kinds.finditer(text, after, end)]
        if not words:
            continue
        said = min(words)[1]
        if said == kind or said is None:
            continue
        line, col, tag = _printed_at(tags, source, p)
        out.append(Problem(path, line + first_line - 1, col, severity, "roll-kind",
                           f"`{tag}` prints {p.text.strip()}, {_NAMES[kind]}, where the words around it speak of "
                           f"{_NAMES[said]}",
                           f"print a roll of the kind the sentence names (two equal dice for a double), or name "
                           f"its kind: {p.text.strip()} is {_NAMES[kind]}"))
    return out


def _count_of_another(p: Span, rolls: list[Span], text: str, kinds: re.Pattern[str], tags: list[re.Match[str]],
                      source: str, path: str, first_line: int, severity: str) -> list[Problem]:
    """A roll's count (its ways) in a clause about another roll, or beside the other kind's word."""
    from .reader import _printed_at

    assert p.about is not None
    kind = p.about.outcome
    start = max((c.end() for c in _PART.finditer(text, 0, p.start)), default=0)
    after = p.start + len(p.text)
    end = next((c.start() for c in _PART.finditer(text, after)), len(text))
    near = [r for r in rolls if start <= r.start < end]
    other = [r for r in near if r.about and r.about.group != p.about.group]
    line, col, tag = _printed_at(tags, source, p)
    if other and not any(r.about and r.about.group == p.about.group for r in near):
        roll = min(other, key=lambda r: abs(r.start - p.start))
        what = "a count of another roll" if p.meaning == "ways" else "what another roll plays"
        return [Problem(path, line + first_line - 1, col, severity, "roll-kind",
                        f"`{tag}` prints {what}, {_NAMES[kind]} ({p.text.strip()}), in a clause "
                        f"about {roll.text.strip()}",
                        f"print the fact of the roll the clause names (from the roll printed as "
                        f"`{_printed_at(tags, source, roll)[2]}`: its `.ways`, its own die as a helper's argument)")]
    words = [(p.start - w.end(), w.lastgroup) for w in kinds.finditer(text, start, p.start)]
    words += [(w.start() - after, w.lastgroup) for w in kinds.finditer(text, after, end)]
    said = min(words)[1] if words else None
    if said is None or said == kind:
        return []
    return [Problem(path, line + first_line - 1, col, severity, "roll-kind",
                    f"`{tag}` prints a count of {_NAMES[kind]} ({p.text.strip()}) where the words around it speak "
                    f"of {_NAMES[said]}", "print the count of a roll of the kind the sentence names")]
