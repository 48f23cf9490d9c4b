"""A computed roll printed beside a word for a kind of roll must be of that kind.

"a mixed roll such as {{ m }}" where `m` is 6-6, "çift zar, örneğin {{ d }}" where `d` is 6-5:
the roll is the engine's, the word next to it is typed, and the sentence is false. The word
nearest the roll in its clause decides: a double (`a double`, `doubles`, `çift zar`, `çift`)
or a roll that is not one (`mixed roll`, `non-double`, `karışık`, `çift olmayan`).

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

from ..provenance import spans
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
    for p in parts:
        m = _ROLL.fullmatch(p.text.strip())
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
