"""A caption that calls its roll the opening one, bound to the scenario's `turn_number:`.

"An opening 4-4 is four ordinary moves" is true only of the game's first turn: some rules hang on
it (the head rule's exceptions, a first turn's doubles), and the scenario says which turn its figure
is (`turn_number:`, 1 = the opening turn; none = a later turn, `scenario.model`). A caption's words
for the game's first roll need turn 1; words for a player's first roll need turn 1 or 2. A scenario
that gives no turn but stands at the game's starting position is not judged: "the opening 6-2" drawn
from the start is true to a reader, and where a game's first turn has rules of its own the engine
already judges the shown play by the turn the file gives. The words are data (`openings.yaml`), per
language; a language without an entry has nothing judged.

>>> opening_fault("An opening 4-4 is four ordinary moves.", "en", 3)
"it calls the roll the game's opening one ('opening 4-4'), but the scenario is turn 3 (`turn_number: 3`)"
>>> opening_fault("An opening 4-4 is four ordinary moves.", "en", 1) is None
True
>>> opening_fault("An opening 4-4 is four ordinary moves.", "en", None, at_start=True) is None
True
>>> opening_fault("An opening 4-4 is four ordinary moves.", "en", None).split("but ")[1]
'the scenario is a later turn (it gives no `turn_number:`, and the position is not the starting one)'
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import yaml

from . import langlex

HINT = ("set the scenario's `turn_number:` to the turn its figure is (1: the opening turn), or drop the words "
        "that call the roll the first one (docs/authoring.md, \"What the build checks in the text a reader reads\")")


@cache
def _words(lang: str) -> dict[str, tuple[re.Pattern[str], ...]]:
    data = yaml.safe_load(Path(__file__).with_name("openings.yaml").read_text(encoding="utf-8"))
    entry = data.get(lang) or {}
    return {kind: tuple(re.compile(langlex.fold_pattern(p, lang), re.IGNORECASE) for p in entry.get(kind) or ())
            for kind in ("game", "player")}


def opening_fault(read: str, lang: str, turn_number: int | None, at_start: bool = False) -> str | None:
    """Why the caption's words for a first roll do not fit the scenario's turn (None when they do);
    `at_start`: the frame's position is the game's starting one."""
    if turn_number == 1 or (turn_number is None and at_start):
        return None
    words = _words(lang)
    folded = langlex.fold_text(read, lang)
    turn = f"turn {turn_number} (`turn_number: {turn_number}`)" if turn_number else \
        "a later turn (it gives no `turn_number:`, and the position is not the starting one)"
    for kind, allowed in (("game", {1}), ("player", {1, 2})):
        if turn_number in allowed:
            continue
        for pattern in words.get(kind, ()):
            m = pattern.search(folded)
            if m is not None:
                whose = "the game's opening one" if kind == "game" else "a player's first one"
                return f"it calls the roll {whose} ({read[m.start():m.end()]!r}), but the scenario is {turn}"
    return None
