"""Plays as people write them: their resulting position, the legal play they name,
and whether they can be played in the written order.

Authors write `9/off` where the engine finds `9/3 3/off`; both are one play
because plays compare by resulting position (rules.md §1.3). This module turns
written text into that position by plain arithmetic, so a claim can name a play
in any spelling. All notation is in the mover's own numbering.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.variants import TAVLA
>>> p = Position.from_board({9: 1, 6: 4, 5: 4, 4: 3, 3: 2, 2: 1}, {19: 5, 20: 5, 21: 5})
>>> str(match_play(p, Side.WHITE, Roll(6, 3), TAVLA, "9/3 3/off"))
'9/off'
>>> legal_in_order(p, Side.WHITE, Roll(6, 3), TAVLA, "6/off 9/6")
(False, '6/off: bearing off is not allowed while a checker stands on 9')
"""
from __future__ import annotations

from collections.abc import Sequence

from .board import BAR, OFF, Position, PositionError, Side
from .dice import Roll
from .state import OPPOSING, State, initial_state, to_position, apply_step
from .play import Play, TurnContext
from .movegen import dice_orders, legal_plays, legal_steps
from .notation import NotationError, Segment, parse_play
from .rules import Ruleset

__all__ = ["ClosedPointError", "NotationError", "legal_in_order", "match_play", "resulting_position",
           "segment_columns"]


class ClosedPointError(NotationError):
    """The written play lands on a point the opponent holds (or moves a pinned checker):
    it is illegal in every order."""


def segment_columns(text: str) -> tuple[int, ...]:
    """The column (0-based, in `text` as written) where each written segment starts.

    `parse_play` reports columns in whitespace-normalised text; this maps them back.

    >>> segment_columns("  9/3   3/off")
    (2, 8)
    """
    cols: list[int] = []
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        cols.append(i)
        while i < n and not text[i].isspace():
            i += 1
    return tuple(cols)


def original_column(text: str, normalised_col: int) -> int:
    """Map a column of `" ".join(text.split())` back to `text` (for NotationError.column)."""
    norm = " ".join(str(text).split())
    starts = segment_columns(str(text))
    tok, start = 0, 0
    for k, tok_text in enumerate(norm.split(" ")):
        if start <= normalised_col <= start + len(tok_text):
            tok = k
            break
        start += len(tok_text) + 1
    else:
        return len(str(text))
    if tok >= len(starts):
        return normalised_col
    return starts[tok] + (normalised_col - start)


def _name(p: int) -> str:
    return "bar" if p == BAR else "off" if p == OFF else str(p)


def _side_of(state: State) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return state[0], state[1]


def _walk(state: State, segments: Sequence[Segment], rules: Ruleset, text_cols: Sequence[int] | None) -> State:
    for k, seg in enumerate(segments):
        col = text_cols[k] if text_cols and k < len(text_cols) else 0
        if seg.src == BAR and not rules.has_bar:
            raise NotationError(f"{seg}: {rules.variant} has no bar", col)
        for _ in range(seg.count):
            cur = seg.src
            for dst, _hit in seg.stops:
                mine, theirs = _side_of(state)
                if mine[cur] <= 0:
                    where = "on the bar" if cur == BAR else f"on {cur}"
                    raise NotationError(f"{seg}: there is no checker {where} to move", col)
                if cur in state[2] and mine[cur] == 1:  # Tapa: the mover's own pinned checker
                    raise ClosedPointError(f"{seg}: the checker on {cur} is pinned and cannot move", col)
                if 1 <= dst <= 24:
                    if dst in state[2]:  # Tapa: a point where the mover's own checker lies pinned
                        raise ClosedPointError(f"{seg}: point {dst} is closed (your checker there is pinned)", col)
                    q = OPPOSING[rules.geometry][dst]
                    if theirs[q] >= rules.block_at and q not in state[3]:
                        raise ClosedPointError(f"{seg}: point {dst} is closed ({theirs[q]} opposing "
                                               f"checker{'s' if theirs[q] != 1 else ''})", col)
                state, hit = apply_step(state, cur, dst, rules)
                if _hit and not hit:
                    raise NotationError(f"{seg}: there is no lone opposing checker on {dst} to "
                                        f"{'pin' if rules.blot == 'pin' else 'hit'} (remove the *)", col)
                cur = dst
    return state


def resulting_position(position: Position, side: Side, segments: Sequence[Segment] | str, rules: Ruleset,
                       *, columns: Sequence[int] | None = None) -> Position:
    """The position after `side` plays the written `segments`, by arithmetic only.

    Each segment moves one checker (× its count) through its written stops; a stop
    on a lone opposing checker hits it (pins it in a "pin" variant). No legality
    is checked beyond "there is a checker to move" and "the point is not closed".

    >>> from tavla_docs.variants import TAVLA
    >>> p = Position.from_board({6: 1, 5: 1}, {19: 15})
    >>> resulting_position(p, Side.WHITE, "6/off 5/1", TAVLA).white_board()
    {1: 1}
    >>> resulting_position(p, Side.WHITE, "4/1", TAVLA)
    Traceback (most recent call last):
    ...
    tavla_docs.engine.notation.NotationError: 4/1: there is no checker on 4 to move
    """
    if isinstance(segments, str):
        columns = segment_columns(segments)
        segments = parse_play(segments)
    state = _walk(initial_state(position, side), segments, rules, columns)
    try:
        return to_position(state, side, rules.geometry)
    except PositionError as e:  # e.g. landing beside a pinned checker in an odd variant
        raise NotationError(f"the written play leads to an impossible position: {e}") from None


def match_play(position: Position, side: Side, roll: Roll, rules: Ruleset, text: str | Sequence[Segment],
               *, plays: Sequence[Play] | None = None) -> Play | None:
    """The legal play whose resulting position equals the written play's, or None.

    Raises NotationError when the text does not parse or cannot be played even
    by arithmetic. `plays` lets a caller pass cached `legal_plays` results.
    """
    target = resulting_position(position, side, text, rules).key()
    for play in plays if plays is not None else legal_plays(position, side, roll, rules):
        if play.position.key() == target:
            return play
    return None


# --- in written order -------------------------------------------------------

def _why_not(state: State, src: int, dst: int, die: int, rules: Ruleset) -> str:
    """Why the single-die move src → dst is not among legal_steps now."""
    mine, theirs, mypins, theirpins, _ = state
    move = f"{_name(src)}/{_name(dst)}"
    if mine[src] <= 0:
        return f"{move}: there is no checker {'on the bar' if src == BAR else f'on {src}'} to move"
    if rules.has_bar and mine[BAR] and src != BAR:
        return f"{move}: a checker on the bar must enter first"
    if dst == OFF:
        outside = [p for p in range(24, 6, -1) if mine[p]]
        if outside:
            return f"{move}: bearing off is not allowed while a checker stands on {outside[0]}"
        if mine[BAR]:
            return f"{move}: bearing off is not allowed while a checker is on the bar"
        if mypins:
            return f"{move}: bearing off is not allowed while a checker is pinned"
        if src < die:
            higher = [p for p in range(6, src, -1) if mine[p]]
            if higher:
                return f"{move}: a {die} bears off from {src} only when no checker stands higher, but one stands on {higher[0]}"
    elif 1 <= dst <= 24:
        if dst in mypins:
            return f"{move}: point {dst} is closed by a pinning checker"
        q = OPPOSING[rules.geometry][dst]
        if theirs[q] >= rules.block_at and q not in theirpins:
            return f"{move}: point {dst} is closed ({theirs[q]} opposing checkers)"
    if src in mypins and mine[src] <= 1:
        return f"{move}: the checker on {src} is pinned"
    return f"{move} with a {die} is not allowed here by the {rules.variant} rules"


def _legs(segments: Sequence[Segment]) -> list[tuple[int, int, str, bool]]:
    out = []
    for seg in segments:
        for _ in range(seg.count):
            cur = seg.src
            for dst, hit in seg.stops:
                out.append((cur, dst, str(seg), hit))
                cur = dst
    return out


def legal_in_order(position: Position, side: Side, roll: Roll, rules: Ruleset, text: str | Sequence[Segment],
                   *, plays: Sequence[Play] | None = None, ctx: TurnContext | None = None) -> tuple[bool, str]:
    """Whether the written moves can be played one die at a time in the written order.

    Each written leg (`9/off`) is split into single dice in every possible way
    (`9/3` with the six then `3/off` with the three, or the other way round);
    each die's move must be one of `moves.legal_steps` at that moment, and the
    final position must be that of a legal play. The message says why not.

    >>> from tavla_docs.variants import TAVLA
    >>> p = Position.from_board({5: 1, 3: 1}, {19: 15})
    >>> legal_in_order(p, Side.WHITE, Roll(4, 2), TAVLA, "5/3 3/off")
    (True, 'playable in this order')
    >>> legal_in_order(p, Side.WHITE, Roll(4, 2), TAVLA, "3/off 5/3")[1]
    '3/off: a 4 bears off from 3 only when no checker stands higher, but one stands on 5'
    """
    segments = parse_play(text) if isinstance(text, str) else tuple(text)
    ctx = ctx or TurnContext()
    legs = _legs(segments)
    for seg in segments:
        if seg.src == BAR and not rules.has_bar:
            return False, f"{seg}: {rules.variant} has no bar"
    targets = {p.position.key() for p in (plays if plays is not None else legal_plays(position, side, roll, rules))}
    start = initial_state(position, side)
    best: list = [(-1, 0), "the written moves do not fit the dice"]  # ((legs done, -inner steps), reason)

    def fail(depth: tuple[int, int], reason: str) -> None:
        if depth > best[0]:
            best[0], best[1] = depth, reason

    def go(state: State, leg: int, cur: int, dice: tuple[int, ...], inner: int) -> bool:
        if leg == len(legs):
            if to_position(state, side, rules.geometry).key() in targets:
                return True
            left = f" ({len(dice)} {'die' if len(dice) == 1 else 'dice'} left unused)" if dice else ""
            fail((leg, 0), "these moves can be played in this order but they are not a whole legal play" + left)
            return False
        src, dst, seg_text, marked = legs[leg]
        here = src if cur < 0 else cur
        if not dice:
            fail((leg, -inner), f"{seg_text}: no dice left for this move")
            return False
        die = dice[0]
        to = here - die
        if to <= 0:
            if dst != OFF:
                fail((leg, -inner), f"{seg_text}: {_name(here)}/{_name(dst)} does not fit the dice left")
                return False
            to = OFF
        elif to < dst:
            fail((leg, -inner), f"{seg_text}: {_name(here)}/{_name(dst)} does not fit the dice left")
            return False
        for move, after in legal_steps(state, die, rules, ctx):
            if move.src == here and move.dst == to:
                if to == dst:
                    if marked and not move.hit:  # the written `*` says a hit that does not happen
                        fail((leg, -inner), f"{seg_text}: there is no lone opposing checker on {dst} to "
                                            f"{'pin' if rules.blot == 'pin' else 'hit'} (remove the *)")
                        return False
                    return go(after, leg + 1, -1, dice[1:], 0)
                return go(after, leg, to, dice[1:], inner + 1)
        fail((leg, -inner), _seg_reason(seg_text, state, here, to, die, rules))
        return False

    for dice in dice_orders(roll, rules, ctx):
        if go(start, 0, -1, tuple(dice), 0):
            return True, "playable in this order"
    return False, best[1]


def _seg_reason(seg_text: str, state: State, here: int, to: int, die: int, rules: Ruleset) -> str:
    """Explain a failed single-die step inside a written segment, naming the segment."""
    why = _why_not(state, here, to, die, rules)
    step, reason = why.split(": ", 1)
    if step == seg_text:
        return why
    if to == OFF and ("bearing off" in reason):
        return f"{seg_text}: {reason}"
    return f"{seg_text}: {step} ({die}) — {reason}"
