"""A caption's "the 6- and 5-points are empty" against its figure's position.

A caption that explains its play by the points that stand empty ("The 6- and 5-points are empty,
so the six takes the checker on the 3-point"; "6. ve 5. hanelerde pul yok") describes the position
the figure draws, before the play. When the scenario's roll changes, the printed points change
with it and may name a point a checker stands on. So each point such a sentence calls empty must
hold no checker of either side before the shown play, read in the mover's numbering, White's or the
figure's (as the other statements about a figure are). A clause that is hypothetical or speaks of
after the play ("if the 6-point is empty", "leaves the 6-point empty", "boşsa", "boş kalır") is
not read.

>>> from types import SimpleNamespace
>>> from tavla_docs.engine.board import Position, Side
>>> pos = Position.from_board({3: 1, 2: 1}, {19: 5}, checkers=15)
>>> frame = SimpleNamespace(position=pos, turn=Side.WHITE)
>>> empty_faults("The 4- and 3-points are empty, so the three takes it.", "en", frame, "white")
[("the caption says 'The 4- and 3-points are empty', but White has a checker on the 3-point before the play", \
'say which points are empty in the position the figure draws, or show the position the words describe')]
>>> empty_faults("6. ve 5. hanelerde pul yok: altı 3. hanedeki pulu alır.", "tr", frame, "white")
[]
"""
from __future__ import annotations

import re
from typing import Any

from ...engine.board import Side

HINT = "say which points are empty in the position the figure draws, or show the position the words describe"
_NUM = r"\d{1,2}"
# (language, the sentence part that calls points empty, the points' list inside it)
_EN = re.compile(rf"\b(?:the\s+)?(?:(?:{_NUM}-?(?:\s*(?:,|and|or)\s*)?)+-?\s*points?|points?\s+(?:{_NUM}"
                 rf"(?:\s*(?:,|and|or)\s*)?)+)\s+(?:is|are)\s+(?:still\s+|both\s+|all\s+)?empty\b", re.IGNORECASE)
_TR = re.compile(rf"(?:{_NUM}\.(?:\s*(?:,|ve|veya)\s*)?)+\s*hane(?:ler)?(?:de|lerde)?\s+(?:hiç\s+)?"
                 rf"(?:pul\s+yok(?:tur)?|boş(?:tur|tır)?)(?![\wçğıöşü])(?!\s+(?:kal|bırak))", re.IGNORECASE)
_OFF = {"en": re.compile(r"\b(?:if|when|while|unless|once|after|would|could|leav\w*|left|become\w*|then)\b",
                         re.IGNORECASE),
        "tr": re.compile(r"(?:eğer|sonra|ince\b|ınca\b|ünce\b|unca\b|bırak)", re.IGNORECASE)}
_CLAUSE = re.compile(r"[.;:!?](?:\s|$)")


def _said(text: str, lang: str) -> list[tuple[str, list[int]]]:
    """(the words, the points they call empty) for each such statement of `text`."""
    pattern = {"en": _EN, "tr": _TR}.get(lang)
    if pattern is None:
        return []
    out = []
    for m in pattern.finditer(text):
        if hypothetical(text, m, lang):
            continue
        out.append((m.group().strip(), [int(n) for n in re.findall(_NUM, m.group())]))
    return out


def _occupant(position: Any, b: int) -> Side | None:
    """The side with a checker on board point `b` (White's numbering), or None."""
    for side in (Side.WHITE, Side.BLACK):
        if position.own(side)[position.geometry.from_board(side, b)]:
            return side
    return None


def empty_faults(text: str, lang: str, frame: Any, numbers: str | None) -> list[tuple[str, str]]:
    """(message, hint) for each point `text` calls empty that holds a checker in the figure
    (`numbers`: the side the figure numbers its points from)."""
    position, turn = frame.position, frame.turn
    readings = {turn, Side.WHITE} | ({Side.parse(numbers)} if numbers else set())
    out = []
    for words, points in _said(text, lang):
        for n in points:
            if not 1 <= n <= 24:
                continue
            held = [_occupant(position, position.geometry.to_board(s, n)) for s in readings]
            if all(h is not None for h in held):
                side = _occupant(position, position.geometry.to_board(turn, n))  # the mover's reading
                who = side.value.capitalize() if side else "a side"
                out.append((f"the caption says {words!r}, but {who} has a checker on the {n}-point before the play",
                            HINT))
                break
    return out


def hypothetical(text: str, m: re.Match[str], lang: str) -> bool:
    """Whether the clause around the statement `m` speaks of another time or a condition ("if",
    "leaves … empty"): such a statement says nothing about the drawn position."""
    start = max((c.end() for c in _CLAUSE.finditer(text, 0, m.start())), default=0)
    end = next((c.start() for c in _CLAUSE.finditer(text, m.end())), len(text))
    return bool(_OFF[lang].search(text[start:end]))
