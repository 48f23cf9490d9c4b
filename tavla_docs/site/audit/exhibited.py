"""A caption's rule against its figure: the rule a caption states must be at work in the shown play.

The rule-sentence check (`statements`) judges whether a rule a caption states is true of the game.
A caption says more: that its figure shows the rule. "The head rule: only one checker may leave
the head per turn, but that checker may play the whole roll" stays true of Uzun tavla when the
scenario's `show:` becomes 18/13 16/13, but the figure no longer shows it. So each rule fact a
caption states (in words the lexicon reads, or declared with `{{ states("…") }}`) that has a test
in `variants.exhibits` is held against the frame: its position, roll, shown play and turn number,
and the story's previous frame. A fact stated of another game than the scenario's, or denied, is
not judged.
"""
from __future__ import annotations

from typing import Any

from ...variants.exhibits import exhibit_fault
from ..declare import fact_name
from ..provenance import declarations, spans
from .lexicon import lexicon
from .statements import _games_of, truth, visible

HINT = ("show a play that puts the rule to work (`show:`, `roll:`, `turn_number:`), or let the caption say what "
        "the figure shows (docs/authoring.md, \"A figure's words bound to its play and options\")")


def exhibit_faults(marked: str, lang: str, scenario: Any, index: int) -> list[tuple[str, str]]:
    """(message, hint) for each rule the caption of frame `index` states that its figure does not show."""
    frame = scenario.frames[index]
    rules = getattr(frame, "rules", None) or scenario.rules
    before = scenario.frames[index - 1] if index > 0 else None
    text = visible("".join(p.text for p in spans(marked)))
    lex = lexicon()
    stated: dict[tuple[str, Any], str] = {}
    for s, games in _games_of(text, lang, lex):
        if s.statement.negated or (games and rules.variant not in games):
            continue
        stated.setdefault((s.statement.fact, s.statement.value), repr(s.text.strip()))
    for _, number, _, _ in declarations(marked):
        name = fact_name(number)
        if name is None or any(f == name for f, _ in stated):
            continue
        known, value = truth(lex.facts[name], rules, lex)
        if known:
            stated[(name, value)] = f"`states({name!r})`"
    out = []
    for (name, value), words in stated.items():
        fault = exhibit_fault(name, value, frame, rules, before)
        if fault is None:
            continue
        says = lex.facts[name].says.get(value, f"{name} is {value}")
        out.append((f"the caption states that {says} ({words}), but {fault}", HINT))
    return out
