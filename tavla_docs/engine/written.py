"""Plays as people write them: their resulting position, the legal play they name,
whether they can be played in the written order, and (for drawing) the single-die
steps they are played in.

Authors write `9/off` where the engine finds `9/3 3/off`; both are one play
because plays compare by resulting position (rules.md §1.3). This module turns
written text into that position by plain arithmetic, so a claim can name a play
in any spelling. All notation is in the mover's own numbering.

A diagram needs more than the position: arrows are chained and numbered, so
`resolve_play` walks the written paths one die at a time, once, and returns a
`WrittenPlay` (the steps in an order that can be played, and whether that is the
only order); the renderer only reads it.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.variants import TAVLA
>>> p = Position.from_board({9: 1, 6: 4, 5: 4, 4: 3, 3: 2, 2: 1}, {19: 5, 20: 5, 21: 5}, checkers=15)
>>> str(match_play(p, Side.WHITE, Roll(6, 3), TAVLA, "9/3 3/off"))
'9/off'
>>> legal_in_order(p, Side.WHITE, Roll(6, 3), TAVLA, "6/off 9/6")
(False, '6/off: bearing off is not allowed while a checker stands on 9')
>>> q = Position.from_board({5: 1, 3: 1}, {19: 15}, checkers=15)
>>> w = resolve_play(q, Side.WHITE, Roll(4, 2), TAVLA, "5/off")
>>> [str(m) for m in w.play.moves]  # the 4 cannot go first: the 2 moves 5/3, then 3/off
['5/3', '3/off']
>>> w.order_matters
True
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import TavlaError
from .board import BAR, OFF, Position, PositionError, Side
from .dice import Roll
from .movegen import legal_plays
from .notation import NotationError, Segment, parse_play
from .play import Move, Play, TurnContext
from .rules import Ruleset
from .state import OPPOSING, State, apply_step, initial_state, to_position
from .walk import dice_orders, legal_steps

__all__ = ["ClosedPointError", "NotationError", "PlayError", "WrittenPlay", "checker_paths", "legal_in_order",
           "match_play", "resolve_play", "resulting_position", "segment_columns"]


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


def _side_of(state: State) -> tuple[bytes, bytes]:
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
    >>> p = Position.from_board({6: 1, 5: 1}, {19: 15}, checkers=15)
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
    >>> p = Position.from_board({5: 1, 3: 1}, {19: 15}, checkers=15)
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
    step, sep, reason = why.partition(": ")
    if not sep:  # a variant rule's refusal ("24/18 with a 6 is not allowed here by the uzun rules")
        return f"{seg_text}: {why}"
    if step == seg_text:
        return why
    if to == OFF and ("bearing off" in reason):
        return f"{seg_text}: {reason}"
    return f"{seg_text}: {step} ({die}) — {reason}"


# --- for drawing: the single-die steps of a written play, resolved once -------

class PlayError(TavlaError):
    """A play that cannot be drawn: not legal for the roll, or unreadable."""


@dataclass(frozen=True)
class WrittenPlay:
    """A play resolved for drawing: `play.moves` are its single-die steps in an order that can
    be played (larger die first when both orders can), and `order_matters` says whether only one
    order of the dice walks the checkers' paths (a diagram then numbers its arrows)."""

    play: Play
    order_matters: bool


CheckerPath = tuple[int, tuple[int, ...]]  # a checker's start and the points it stops on


def _paths(segments: tuple[Segment, ...]) -> list[CheckerPath]:
    out: list[CheckerPath] = []
    for s in segments:
        out += [(s.src, tuple(p for p, _ in s.stops))] * s.count
    return out


def _realize(position: Position, side: Side, rules: Ruleset, dice: tuple[int, ...], paths: list[CheckerPath],
             exact: bool, ctx: TurnContext) -> tuple[Move, ...] | None:
    """Single-die moves that walk every path using the dice in this order, or None.

    A path `13/5` may take several dice (passing through intermediate points) unless
    `exact`, where each path is one die (the moves of an engine `Play`).
    """
    def walk(state: State, i: int, where: tuple[CheckerPath, ...], done: tuple[Move, ...]) -> tuple[Move, ...] | None:
        if not where:
            return done
        if i == len(dice):
            return None
        tried = set()
        for k, (cur, stops) in enumerate(where):
            if (cur, stops) in tried:
                continue
            tried.add((cur, stops))
            target = stops[0]
            for move, after in legal_steps(state, dice[i], rules, ctx):
                if move.src != cur:
                    continue
                if move.dst == target:
                    rest = stops[1:]
                elif not exact and move.dst != OFF and target < move.dst < cur:
                    rest = stops
                else:
                    continue
                nxt = where[:k] + (((move.dst, rest),) if rest else ()) + where[k + 1:]
                found = walk(after, i + 1, nxt, done + (move,))
                if found is not None:
                    return found
        return None

    return walk(initial_state(position, side), 0, tuple(paths), ())


def _literal(position: Position, side: Side, rules: Ruleset, paths: list[CheckerPath]) -> tuple[Move, ...]:
    """Moves exactly as written (no roll to check against); dice are the distances."""
    state = initial_state(position, side)
    moves = []
    for src, stops in paths:
        cur = src
        for dst in stops:
            mine = state[0]
            if mine[cur] <= 0:
                raise PlayError(f"no {side.value} checker on {'the bar' if cur == BAR else cur} to move")
            state, hit = apply_step(state, cur, dst, rules)
            moves.append(Move(cur, dst, cur - dst if dst != OFF else cur, hit))
            cur = dst
    return tuple(moves)


def _position_after(position: Position, side: Side, rules: Ruleset, moves: tuple[Move, ...]) -> Position:
    state = initial_state(position, side)
    for m in moves:
        state, _ = apply_step(state, m.src, m.dst, rules)
    return to_position(state, side, rules.geometry)


def _segments_of(show: Any) -> tuple[Segment, ...]:
    if isinstance(show, str):
        return parse_play(show)
    if isinstance(show, tuple | list) and all(isinstance(s, Segment) for s in show):
        return tuple(show)
    raise PlayError(f"cannot draw {show!r} as a play; write it like 24/18 13/10*")


def _steps(position: Position, side: Side, roll: Roll | None, rules: Ruleset, show: Any,
           ctx: TurnContext, known: Play | None = None) -> Play | None:
    """The written play (notation or Segments) as single-die steps; PlayError when it is not legal.

    `known` is a play already known to be legal (the engine's own): reaching its position
    needs no `legal_plays` to prove it."""
    if show is None or (isinstance(show, str) and not show.strip()):
        return None
    paths = _paths(_segments_of(show))
    if not paths:
        return None
    if roll is None:
        moves = _literal(position, side, rules, paths)
        return Play(side, moves, _position_after(position, side, rules, moves), len(moves))
    legal: tuple[Play, ...] | None = None
    for dice in dice_orders(roll, rules, ctx):
        realized = _realize(position, side, rules, dice, paths, exact=False, ctx=ctx)
        if realized is not None:
            after = _position_after(position, side, rules, realized)
            if known is not None and known.position.key() == after.key():
                return Play(side, realized, after, len(realized))
            legal = legal if legal is not None else legal_plays(position, side, roll, rules, ctx)
            if any(p.position.key() == after.key() for p in legal):
                return Play(side, realized, after, len(realized))
    written = show if isinstance(show, str) else " ".join(str(s) for s in show)
    legal = legal if legal is not None else legal_plays(position, side, roll, rules, ctx)
    options = ", ".join(str(p) for p in legal[:8]) + (f", … and {len(legal) - 8} more" if len(legal) > 8 else "")
    raise PlayError(f"{written!r} is not a legal play of {roll} for {side.value} here; legal: {options}")


def checker_paths(moves: tuple[Move, ...]) -> list[CheckerPath]:
    """Each checker's whole path: consecutive steps of one checker joined; hit points kept.

    >>> checker_paths((Move(24, 18, 6), Move(18, 15, 3), Move(13, 10, 3)))  # 24/15 13/10
    [(24, (15,)), (13, (10,))]
    >>> checker_paths((Move(24, 18, 6, hit=True), Move(18, 15, 3)))  # 24/18*/15: the hit stays a stop
    [(24, (18, 15))]
    """
    chains: list[list[Any]] = []
    for m in moves:
        for c in chains:
            if c[1][-1][0] == m.src and m.src not in (OFF, BAR):
                c[1].append((m.dst, m.hit))
                break
        else:
            chains.append([m.src, [(m.dst, m.hit)]])
    return [(src, tuple(p for i, (p, h) in enumerate(stops) if h or i == len(stops) - 1)) for src, stops in chains]


def _order_matters(position: Position, side: Side, roll: Roll | None, rules: Ruleset, play: Play,
                   ctx: TurnContext) -> bool:
    """Whether the play's checker paths work with only one order of the dice. `24/15` with 6-3
    goes via 18 or 21: order free; `5/off` with 4-2 needs the 2 first."""
    if roll is None or roll.is_double or len(play.moves) < 2 or len({m.die for m in play.moves}) < 2:
        return False
    paths = checker_paths(play.moves)
    ok = [_realize(position, side, rules, d, paths, exact=False, ctx=ctx) is not None
          for d in dice_orders(roll, rules, ctx)]
    return ok.count(True) == 1


def resolve_play(position: Position, side: Side, roll: Roll | None, rules: Ruleset, show: Any,
                 ctx: TurnContext | None = None, *, written: str | None = None) -> WrittenPlay | None:
    """The play to draw, resolved once: `show` as notation, Segments or a `Play`.

    With a roll, written notation must be one of the legal plays; its moves come out as
    single-die steps in an order that is legal (larger die first when both are). A `Play`
    (a legal one: the engine's spelling) is drawn as it is, or along `written`, the author's
    text for it, when that is the same play (24/18/15 rather than the engine's 24/21/15).
    None when there is nothing to draw; PlayError when the notation is not a legal play.
    """
    ctx = ctx or TurnContext()
    if isinstance(show, Play):
        play = show
        if written:
            try:
                own = _steps(position, side, roll, rules, written, ctx, known=show)
            except ValueError:
                own = None
            if own is not None and own.position.key() == show.position.key():
                play = own
    else:
        found = _steps(position, side, roll, rules, show, ctx)
        if found is None:
            return None
        play = found
    return WrittenPlay(play, _order_matters(position, side, roll, rules, play, ctx))
