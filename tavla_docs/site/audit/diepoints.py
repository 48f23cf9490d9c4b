"""A caption's "the die's point (and every higher point) is empty" against its figure's position.

`emptypoints` reads points a caption names by number. A caption that explains a bear-off by the
rule's own words names them by the die: "The die's point and every higher point are empty: the die
bears off the farthest checker"; "O hane de daha gerideki haneler de boş". The die is the one that
bears a checker off in the shown play, and its point is the point of its number in the mover's
numbering. When the scenario's roll changes (6-1 to 3-1), the shown play's die may stand on a point
that holds the mover's checkers: the caption then says an occupied point is empty. A clause that is
hypothetical ("if the die's point is empty") is not read (`emptypoints`' words).

>>> from types import SimpleNamespace
>>> from tavla_docs.engine.board import OFF, Position, Side
>>> pos = Position.from_board({3: 2, 2: 1}, {19: 5}, checkers=15)
>>> move = SimpleNamespace(src=3, dst=OFF, die=3)
>>> frame = SimpleNamespace(position=pos, turn=Side.WHITE, show=SimpleNamespace(moves=(move,)))
>>> print(die_point_faults("The die's point and every higher point are empty: the die bears off the farthest "
...                        "checker.", "en", frame)[0][0])
the caption says "The die's point and every higher point are empty", but in the shown play 3/off is played with a \
three, and White has checkers on the 3-point before the play
>>> move.die = 6
>>> die_point_faults("The die's point and every higher point are empty.", "en", frame)
[]
"""
from __future__ import annotations

import re
from typing import Any

from ...engine.board import BAR, OFF
from .emptypoints import hypothetical

HINT = ("say which points are empty in the position the figure draws, or show a roll whose die's point is empty "
        "(`roll:`, `show:`)")
_NAMES = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
# (the words that call the die's point empty, whether they call every higher point empty too)
_SAID = {
    "en": re.compile(r"\b(?:(?:the\s+)?(?:die'?s|dice'?s|its)\s+(?:own\s+)?|that\s+|this\s+)point"
                     r"(?P<higher>\s+and\s+(?:every|all|each|any)\s+"
                     r"higher\s+points?|\s+and\s+(?:all\s+)?(?:the\s+)?points?\s+above\s+it)?\s+(?:is|are)\s+"
                     r"(?:still\s+|both\s+|all\s+)?empty\b|\bno\s+checkers?\s+(?:stands?|is|are|sits?)\s+on\s+"
                     r"the\s+die'?s\s+point(?P<higher2>\s+or\s+(?:any|a)\s+higher\s+(?:one|point))?", re.IGNORECASE),
    "tr": re.compile(r"(?:zarın\s+(?:kendi\s+)?hanesi|o\s+hane)(?:\s+de)?(?P<higher>(?:\s+(?:ve|ile))?\s+(?:ondan\s+)?"
                     r"(?:daha\s+)?(?:gerideki|yüksek|büyük|yukarıdaki)\s+haneler(?:\s+de)?)?\s+(?:hiç\s+)?"
                     r"(?:boş(?:tur|tır)?|pulsuz)(?![\wçğıöşü])(?!\s+(?:kal|bırak))", re.IGNORECASE),
}


def _said(text: str, lang: str) -> list[tuple[str, bool]]:
    """(the words, whether they call every higher point empty too) for each such statement of `text`."""
    pattern = _SAID.get(lang)
    if pattern is None:
        return []
    out = []
    for m in pattern.finditer(text):
        if hypothetical(text, m, lang):
            continue
        higher = bool(m.groupdict().get("higher") or m.groupdict().get("higher2"))
        out.append((m.group().strip(), higher))
    return out


def die_point_faults(text: str, lang: str, frame: Any) -> list[tuple[str, str]]:
    """(message, hint) for each "the die's point is empty" that every bearing-off die of the shown
    play contradicts: its point (or, as said, a higher one) holds the mover's checkers."""
    said = _said(text, lang)
    show = getattr(frame, "show", None)
    off = [m for m in (show.moves if show is not None else ()) if m.dst == OFF and m.src != BAR]
    if not said or not off:
        return []
    own = frame.position.own(frame.turn)
    out = []
    for words, higher in said:
        held = []
        for m in off:
            points = range(m.die, BAR) if higher else range(m.die, m.die + 1)
            taken = [p for p in points if 0 < p < BAR and own[p]]
            if not taken:
                break  # this die's point is empty, as the words say
            held.append((m, taken))
        else:
            m, taken = held[0]
            where = " and ".join(f"{p}-point" for p in taken[:3])
            out.append((f"the caption says {words!r}, but in the shown play {m.src}/off is played with a "
                        f"{_NAMES.get(m.die, m.die)}, and {frame.turn.value.capitalize()} has checkers on the {where} "
                        "before the play", HINT))
    return out
