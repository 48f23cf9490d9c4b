"""What a frame shows against the situation words of `situations`: the position and the engine's
legal plays decide. Each test returns what the frame shows instead (None: the words hold).

>>> from types import SimpleNamespace
>>> from tavla_docs.engine.board import Position, Side
>>> frame = SimpleNamespace(position=Position.from_board({6: 2, 5: 13}, {19: 15}, checkers=15), turn=Side.WHITE, roll=None)
>>> bar_fault(frame, Side.WHITE, True)
'White has no checker on the bar there'
>>> bar_fault(frame, Side.WHITE, False) is None
True
"""
from __future__ import annotations

import re
from typing import Any

from ...engine.board import BAR, OFF, Side
from ...scenario.claims import DEFAULT_ENGINE


def _name(side: Side) -> str:
    return side.value.capitalize()


def bar_fault(frame: Any, side: Side, asserted: bool) -> str | None:
    """"On the bar": `side` has a checker on the bar in the frame's position (before its play)."""
    n = frame.position.bar(side)
    if asserted and not n:
        return f"{_name(side)} has no checker on the bar there"
    if not asserted and n:
        return f"{_name(side)} has {n} checker{'s' if n > 1 else ''} on the bar there"
    return None


def _legal(frame: Any, rules: Any) -> tuple[Any, ...]:
    """The legal plays of the frame's roll (the claims' memoised engine: the scenario's check
    already asked for them)."""
    return DEFAULT_ENGINE.plays(frame.position, frame.turn, frame.roll, rules, frame.ctx)


def bear_fault(frame: Any, rules: Any, asserted: bool) -> str | None:
    """"A checker can be borne off" (or cannot) with the frame's roll: some legal play bears one off."""
    if getattr(frame, "roll", None) is None:
        return None
    try:
        plays = _legal(frame, rules)
    except Exception:  # noqa: BLE001 - a roll past the engine's budget is not judged
        return None
    off = [p for p in plays if any(m.dst == OFF for m in p.moves)]
    if asserted and not off:
        return f"no legal play of {_name(frame.turn)}'s {frame.roll} there bears a checker off ({_list(plays)})"
    if not asserted and off:
        return f"{off[0]} is a legal play of {_name(frame.turn)}'s {frame.roll} there and bears a checker off"
    return None


def _list(plays: tuple[Any, ...]) -> str:
    shown = [str(p) for p in plays if p.moves][:4]
    if not shown:
        return "no checker can move"
    more = len([p for p in plays if p.moves]) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def refused_fault(frame: Any, point: int, refused: list[str]) -> str | None:
    """"Cannot bear off from the P-point": the side on roll has checkers there (before its play, or
    brought there by a move of it), and the refused play the sentence gives bears off from P."""
    if not 1 <= point < BAR:
        return None
    side = frame.turn
    show = getattr(frame, "show", None)
    landed = {m.dst for m in show.moves} if show is not None else set()  # a checker the turn brings there
    if not frame.position.own(side)[point] and point not in landed:
        return f"{_name(side)} has no checker on the {point}-point there"
    for play in refused:
        sources = [int(s) for s in re.findall(r"(\d{1,2})/off", play)]
        if sources and point not in sources:
            froms = " and ".join(f"the {s}-point" for s in sorted(set(sources), reverse=True))
            return f"the refused play it gives, {play}, bears off from {froms}, not from the {point}-point"
    return None


def longest_row(position: Any, side: Side, block_at: int) -> tuple[int, int]:
    """(length, lowest point) of `side`'s longest run of points it holds (own numbering)."""
    own = position.own(side)
    best = (0, 0)
    run = 0
    for p in range(1, BAR):
        run = run + 1 if own[p] >= block_at else 0
        if run > best[0]:
            best = (run, p - run + 1)
    return best


def block_fault(frame: Any, rules: Any, owner: Side, asserted: bool) -> str | None:
    """"All of `owner`'s checkers are behind the wall" (or one is past it): the other side's longest
    row of held points (three or more) in the frame's position, before its play."""
    position = frame.position
    holder = owner.opponent
    length, low = longest_row(position, holder, max(1, int(getattr(rules, "block_at", 2) or 2)))
    if length < 3:
        return None
    g = position.geometry
    ends = sorted(g.from_board(owner, g.to_board(holder, p)) for p in (low, low + length - 1))
    own = position.own(owner)
    past = [p for p in range(1, ends[0]) if own[p]]
    row = f"{_name(holder)}'s row of {length} points ({low}–{low + length - 1} in {_name(holder)}'s numbering)"
    if asserted and past:
        at = g.to_board(owner, past[-1])
        return f"{_name(owner)} has a checker past {row}, on the {at}-point (White's numbering)"
    if not asserted and not past:
        return f"every checker of {_name(owner)} is behind {row}"
    return None
