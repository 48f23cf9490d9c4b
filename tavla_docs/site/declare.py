"""`{{ states("fact") }}`: a paragraph says which rule it states, and the build holds it to that.

A rule sentence with no number in it ("a hit checker goes to the bar") is judged only where the
rule-sentence check knows its wording (`site/statements.yaml`). An edit that turns it into words
the check does not know ("a hit checker leaves the game") would pass. So a page marks the
paragraph: `{{ states("bar") }}` anywhere in it prints nothing, and the audit
(`audit.declared`) requires a sentence of that paragraph to state the fact, in words the check
reads; a false one is already an error. A changed sentence that no longer says its rule is then
an error at the paragraph, whatever the new words are.

>>> str(states("bar")), fact_name(fact_number("bar"))
('', 'bar')
"""
from __future__ import annotations

import difflib

from .audit.lexicon import lexicon
from .errors import HelperError
from .provenance import Word, declaration


def _names() -> list[str]:
    return sorted(lexicon().facts)


def fact_number(name: str) -> int:
    """The fact's number in the marks (1, 2, …: its place among the lexicon's facts by name)."""
    return _names().index(name) + 1


def fact_name(number: int) -> str | None:
    names = _names()
    return names[number - 1] if 0 < number <= len(names) else None


def states(fact: str) -> Word:
    """The invisible mark that says its paragraph states `fact` (a fact of the lexicon)."""
    names = _names()
    if not isinstance(fact, str) or fact not in names:
        near = difflib.get_close_matches(str(fact), names, n=3)
        raise HelperError(f"states({fact!r}): no rule fact has that name"
                          + (f"; did you mean {', '.join(map(repr, near))}?" if near else "")
                          + " (`tavla-docs facts` lists them)")
    return Word(declaration(fact_number(fact)))
