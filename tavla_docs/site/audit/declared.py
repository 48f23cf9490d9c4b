"""Declared rule sentences: a paragraph marked `{{ states("fact") }}` must state that fact.

The rule-sentence check (`statements`) judges the rule sentences whose wording it knows, and a
false one is an error. A sentence edited into words it does not know is silent: "a hit checker
goes to the bar" turned into "a hit checker leaves the game" states no known fact, so nothing
is judged. A page that declares what its paragraph states closes that gap: the paragraph must
still state the declared fact, in words the check reads (and a false value of it is the rule
check's error). So a changed rule sentence fails the build, located at its paragraph, whether the
new words are a known wrong rule or unknown ones.

The paragraph is the one the mark stands in (a paragraph, list item or table cell, as the rule
check cuts the text); its game is found as the rule check finds it.

>>> from tavla_docs.site.provenance import recording, mark
>>> from tavla_docs.site.declare import states
>>> with recording():
...     ok = "A hit checker goes to the bar. " + mark(1, states("bar"), False, 0)
...     bad = "A hit checker leaves the game. " + mark(1, states("bar"), False, 0)
>>> declared_problems(ok, "en", "x.md", "x {{ states('bar') }}", 1, None)
[]
>>> from tavla_docs.variants import ruleset
>>> [p.format()[:79] for p in declared_problems(bad, "en", "x.md", "x {{ states('bar') }}", 1, ruleset("tavla"))]
["x.md:1:3: error: `states('bar')` says this paragraph states that there is a bar"]
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..declare import fact_name
from ..provenance import declarations, spans
from .lexicon import lexicon
from .problems import Problem
from .scan import TAG
from .statements import _BREAK, _games_of, _pieces, truth, visible

if TYPE_CHECKING:
    from ...engine.rules import Ruleset

HINT = ("put the rule back as the paragraph stated it. If the new words are right and still refused, the "
        "rule-sentence check does not know them: add them to the fact's statements (site/statements.yaml, or a "
        "file of site/statements.d/); `tavla-docs facts` lists the facts. docs/authoring.md, \"Declared rule "
        "sentences\"")


def declared_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                      page: Ruleset | None) -> list[Problem]:
    """Each `states(…)` mark whose paragraph does not state its fact, located at the mark's tag."""
    marks = declarations(marked)
    if not marks:
        return []
    text = visible("".join(p.text for p in spans(marked)))
    lex = lexicon()
    said = _games_of(text, lang, lex)
    paras = _pieces(text, _BREAK, 0, len(text)) or [(0, len(text))]
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    out = []
    for at, number, line, index in marks:
        name = fact_name(number)
        if name is None:
            continue
        a, b = next(((a, b) for a, b in paras if a <= at < b), paras[-1])
        if any(s.statement.fact == name and a <= s.start < b for s, _ in said):
            continue
        fact = lex.facts[name]
        known, value = truth(fact, page, lex)
        what = f"that {fact.says[value]}" if known and value in fact.says else \
            "the rule '" + name + "' (" + " | ".join(fact.says.values()) + ")"
        excerpt = " ".join(text[a:b].split())
        excerpt = excerpt if len(excerpt) <= 90 else excerpt[:87] + "…"
        if 0 <= index < len(tags):
            m = tags[index]
            row, col = source.count("\n", 0, m.start()) + 1, m.start() - (source.rfind("\n", 0, m.start()) + 1) + 1
        else:
            row, col = line or 1, 1
        out.append(Problem(path, row + first_line - 1, col, "error", "rule",
                           f"`states({name!r})` says this paragraph states {what}, but none of its sentences "
                           f"says so now: \"{excerpt}\"", HINT))
    return out
