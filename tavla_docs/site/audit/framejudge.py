"""What one frame shows against the claim families of `framewords`: the position, the shown play
and the engine's legal plays decide. Each test returns what the frame shows instead (None: the
words hold, or the frame cannot decide).

>>> from types import SimpleNamespace
>>> from tavla_docs.engine.board import Side
>>> turn_fault(SimpleNamespace(turn=Side.WHITE), Side.BLACK, True)
'White is on roll there, not Black'
>>> home_fault(23, Side.WHITE, True)
"the 23-point is outside White's home board (its 1- to 6-points)"
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ...engine.board import BAR, OFF, Side
from ...scenario.claims import DEFAULT_ENGINE
from .homewords import HOME  # every variant's home board, in the mover's own numbering

_ROLL = re.compile(r"(?<![\d/])([1-6])-([1-6])(?![\d/])")


def _name(side: Side) -> str:
    return side.value.capitalize()


def turn_fault(frame: Any, side: Side | None, asserted: bool) -> str | None:
    """"`side` is on roll" (or is not): the frame's `turn`."""
    if side is None:
        return None
    if asserted and side != frame.turn:
        return f"{_name(frame.turn)} is on roll there, not {_name(side)}"
    if not asserted and side == frame.turn:
        return f"{_name(side)} is the side on roll there"
    return None


def home_fault(point: int, side: Side, asserted: bool) -> str | None:
    """"The P-point is inside (outside) the home board", P in `side`'s numbering."""
    if not 1 <= point < BAR or (point in HOME) == asserted:
        return None
    where = "inside" if point in HOME else "outside"
    return f"the {point}-point is {where} {_name(side)}'s home board (its 1- to 6-points)"


def _legal(frame: Any, rules: Any) -> tuple[Any, ...]:
    return DEFAULT_ENGINE.plays(frame.position, frame.turn, frame.roll, rules, frame.ctx)


def bears_fault(frame: Any, rules: Any) -> str | None:
    """"… and bears off": the shown play bears a checker off (without one, some legal play does)."""
    show = getattr(frame, "show", None)
    if show is not None:
        if any(m.dst == OFF for m in show.moves):
            return None
        return f"the play shown there, {show}, bears no checker off"
    if getattr(frame, "roll", None) is None:
        return None
    plays = _legal(frame, rules)
    if any(m.dst == OFF for p in plays for m in p.moves):
        return None
    return f"no legal play of {_name(frame.turn)}'s {frame.roll} there bears a checker off"


def extreme_fault(frame: Any, moves: Sequence[Any], farthest: bool) -> str | None:
    """"Bears off the farthest (lowest) checker": each move of the play that bears off takes the
    highest (lowest) checker the side has at that moment."""
    own = list(frame.position.own(frame.turn))
    for m in moves:
        if m.dst == OFF and 1 <= m.src < BAR:
            held = [p for p in range(1, BAR) if own[p]]
            if held:
                want = max(held) if farthest else min(held)
                if m.src != want:
                    word = "farthest" if farthest else "lowest"
                    return (f"{m} bears off from the {m.src}-point while the {word} checker is on the {want}-point")
        if 1 <= m.src <= BAR:
            own[m.src] -= 1
        if 1 <= m.dst < BAR:
            own[m.dst] += 1
    return None


def compare_fault(first: tuple[str, Any], second: tuple[str, Any], side: Side, same: bool | None,
                  fewer: bool) -> str | None:
    """Two plays (text, resulting position) said to end in the same position (`same`), in
    different ones, or one to bear off a checker fewer or more (`fewer`)."""
    (a, pa), (b, pb) = first, second
    off_a, off_b = pa.off(side), pb.off(side)
    if fewer:
        if abs(off_a - off_b) == 1:
            return None
        return f"{a} and {b} both bear off {off_a} checker{'s' if off_a != 1 else ''}" if off_a == off_b else \
            f"{a} bears off {off_a} and {b} {off_b}"
    equal = pa.key() == pb.key()
    if same and not equal:
        return f"{a} and {b} end in different positions"
    if same is False and equal:
        return f"{a} and {b} end in the same position"
    return None


def order_fault(frame: Any, rules: Any, matters: bool) -> str | None:
    """"The order of the dice matters" (or not): some legal play of the roll can be played in only
    one order of its dice (the engine's `_order_matters`, per play)."""
    roll = getattr(frame, "roll", None)
    if roll is None or roll.is_double:
        return None
    one = _one_order(frame, rules)
    if matters and one is None:
        return f"every legal play of {roll} there can be played with the dice in either order"
    if not matters and one is not None:
        return f"{one} can be played only with one die first, so the order of {roll} matters there"
    return None


_ONE_ORDER: dict[tuple[Any, ...], Any] = {}  # by input, like the engine's own memo: once per frame


def _one_order(frame: Any, rules: Any) -> Any:
    """The first legal play that only one order of the dice plays (None: none)."""
    from ...engine.written import _order_matters
    from ...scenario.claims import rules_key

    ctx = frame.ctx
    key = (frame.position.key(), frame.position.geometry, frame.turn, frame.roll, rules_key(rules),
           (ctx.game_turn, ctx.player_turn) if ctx is not None else None)
    if key not in _ONE_ORDER:
        found = None
        for play in _legal(frame, rules):
            if _order_matters(frame.position, frame.turn, frame.roll, rules, play, ctx):
                found = play
                break
        _ONE_ORDER[key] = found
    return _ONE_ORDER[key]


def count_fault(frame: Any, side: Side, point: int, count: int) -> str | None:
    """"N checkers on the P-point": `side` has at least N there before the frame's play or after
    its shown play (a sentence may speak of either)."""
    if not 1 <= point < BAR:
        return None
    before = frame.position.own(side)[point]
    show = getattr(frame, "show", None)
    after = show.position.own(side)[point] if show is not None else before
    if max(before, after) >= count:
        return None
    has = f"{before} checker{'s' if before != 1 else ''}" if before else "no checker"
    return f"{_name(side)} has {has} on the {point}-point there"


def dice_fault(printed: str, both: bool, number: int) -> str | None:
    """A printed list of rolls said to be the rolls where both dice (or only one) show `number`."""
    rolls = [(int(a), int(b)) for a, b in _ROLL.findall(printed)]
    if len(rolls) < 1:
        return None
    for a, b in rolls:
        hits = (a == number) + (b == number)
        if both and hits != 2:
            return f"{a}-{b}, one of the rolls it gives, is not a roll where both dice show {number}"
        if not both and hits != 1:
            return f"{a}-{b}, one of the rolls it gives, does not have exactly one die showing {number}"
    return None
