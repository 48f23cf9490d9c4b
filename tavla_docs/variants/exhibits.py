"""Whether a figure's shown play exhibits a rule its caption states, as the games' own rules decide.

A caption that states a rule ("only one checker may leave the head", "a higher die bears off the
farthest checker", "the freed checker may move at once") says its figure shows that rule at work.
When the scenario's `roll:`, `show:` or `turn_number:` changes, the rule may still be true while the
figure no longer shows it: 18/13 16/13 under the head rule moves no checker off the head. Each
entry of `EXHIBITS` is a rule fact (as the rule-sentence lexicon names it) and the value the caption
states, with a test over the frame; the test returns what the figure shows instead (None: it
exhibits the rule). The tests read the games' own hooks and data (the head, the six-block, the dice
plan), so they live here, beside the variants.

>>> from tavla_docs.engine.board import Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.engine.play import TurnContext
>>> from tavla_docs.engine.written import match_play
>>> from tavla_docs.variants import ruleset
>>> from types import SimpleNamespace
>>> uzun = ruleset("uzun")
>>> pos = uzun.starting_position()
>>> frame = SimpleNamespace(position=pos, turn=Side.WHITE, roll=Roll(6, 5), ctx=TurnContext(),
...                         show=match_play(pos, Side.WHITE, Roll(6, 5), uzun, "24/13"))
>>> exhibit_fault("head_rule", True, frame, uzun) is None
True
>>> frame.show = match_play(pos, Side.WHITE, Roll(6, 5), uzun, "24/18 18/13")
>>> exhibit_fault("head_leaver_moves", True, frame, uzun) is None
True
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.board import BAR, OFF, Side
from ..engine.play import TurnContext
from ..engine.rules import Ruleset
from ..engine.walk import dice_orders
from .common import illegal_blocks

Test = Callable[[Any, Ruleset, Any], "str | None"]


def _moves(frame: Any) -> tuple[Any, ...]:
    show = getattr(frame, "show", None)
    return tuple(show.moves) if show is not None else ()


def _play(frame: Any) -> str:
    moves = _moves(frame)
    return f"the shown play {frame.show}" if moves else "the figure, which shows no play,"


def _head(rules: Ruleset) -> int:
    """The point every checker starts from, in the mover's numbering (0 when they start spread)."""
    return int(next(iter(rules.start))) if len(rules.start) == 1 else 0


def _head_rule(frame: Any, rules: Ruleset, before: Any) -> str | None:
    head = _head(rules)
    if not head or any(m.src == head for m in _moves(frame)):
        return None
    return f"{_play(frame)} moves no checker off the head (the {head}-point)"


def _head_leaver(frame: Any, rules: Ruleset, before: Any) -> str | None:
    head = _head(rules)
    moves = _moves(frame)
    left = [m for m in moves if m.src == head]
    if not head or any(m.src == lm.dst for lm in left for m in moves):
        return None
    if not left:
        return f"{_play(frame)} moves no checker off the head (the {head}-point)"
    return f"in {_play(frame)} no checker that leaves the head (the {head}-point) moves on"


def _overshoot(frame: Any, rules: Ruleset, before: Any) -> str | None:
    off = [m for m in _moves(frame) if m.dst == OFF and m.src != BAR]
    if any(m.die > m.src for m in off):
        return None
    if not off:
        return f"{_play(frame)} bears no checker off"
    return f"{_play(frame)} bears each checker off with its own point's number, none with a higher die"


def _six_block(frame: Any, rules: Ruleset, before: Any) -> str | None:
    show = getattr(frame, "show", None)
    if show is None:
        return f"{_play(frame)} holds no block"
    after = show.position
    mine, theirs = after.own(frame.turn), after.own(frame.turn.opponent)
    if illegal_blocks((bytes(mine), bytes(len(theirs)), frozenset(), frozenset(), ())):
        return None
    return f"after {_play(frame)}, {frame.turn.value.capitalize()} holds no six points in a row"


def _dice_plan(frame: Any, rules: Ruleset) -> tuple[int, ...]:
    roll = getattr(frame, "roll", None)
    if roll is None:
        return ()
    ctx = getattr(frame, "ctx", None) or TurnContext()
    return dice_orders(roll, rules, ctx)[0]


def _progression(frame: Any, rules: Ruleset, before: Any) -> str | None:
    roll = getattr(frame, "roll", None)
    plan = _dice_plan(frame, rules)
    if roll is not None and roll.is_double and len(plan) > 4:
        return None
    if roll is None or not roll.is_double:
        return f"the figure's roll {roll} is not a double" if roll is not None else "the figure has no roll"
    turn = getattr(frame, "turn_number", None)
    when = f"on turn {turn} of the game" if turn is not None else "on the figure's turn (no `turn_number:`: a later one)"
    return f"{when} {roll} is played as {len(plan)} ordinary moves, not as a progression"


def _stops(frame: Any, rules: Ruleset, before: Any) -> str | None:
    wrong = _progression(frame, rules, before)
    if wrong is not None:
        return wrong
    show = getattr(frame, "show", None)
    used = show.dice_used if show is not None else 0
    plan = _dice_plan(frame, rules)
    if used < len(plan):
        return None
    return f"{_play(frame)} plays every number of the progression ({used})"


def _double(frame: Any, rules: Ruleset, before: Any) -> str | None:
    roll = getattr(frame, "roll", None)
    if roll is None or roll.is_double:
        return None
    return f"the figure's roll {roll} is not a double"


def _freed(frame: Any, rules: Ruleset, before: Any) -> str | None:
    if before is None or getattr(before, "position", None) is None:
        return None
    side = frame.turn
    geometry = frame.position.geometry
    was = {geometry.to_board(s, p) for s, p in before.position.pinned if s is side}
    now = {geometry.to_board(s, p) for s, p in frame.position.pinned if s is side}
    freed = {geometry.from_board(side, b) for b in was - now}
    if not freed or any(m.src in freed for m in _moves(frame)):
        return None
    points = " and ".join(f"{p}-point" for p in sorted(freed))
    return f"{_play(frame)} does not move the checker freed on its {points}"


def _enters(frame: Any, rules: Ruleset, before: Any) -> str | None:
    if frame.position.bar(frame.turn):
        return None
    return f"{frame.turn.value.capitalize()} has no checker on the bar in the figure"


def _passes(frame: Any, rules: Ruleset, before: Any) -> str | None:
    if not _moves(frame):
        return None
    return f"{_play(frame)} moves"


EXHIBITS: dict[tuple[str, Any], Test] = {
    ("head_rule", True): _head_rule,
    ("head_leaver_moves", True): _head_leaver,
    ("bear_off_overshoot", True): _overshoot,
    ("six_block_ahead", "allowed"): _six_block,
    ("doubles_progression", True): _progression,
    ("progression_stop", "stops"): _stops,
    ("progression_order", "ascending"): _progression,
    ("double_count", "four"): _double,
    ("freed_moves", "at_once"): _freed,
    ("enter_first", True): _enters,
    ("no_move", "passes"): _passes,
}


def exhibit_fault(fact: str, value: Any, frame: Any, rules: Ruleset, before: Any = None) -> str | None:
    """What the frame shows instead of `fact` = `value` at work (None: it shows it, or the fact
    has no test). `before`: the story's previous frame, for a rule about what changed."""
    test = EXHIBITS.get((fact, value))
    return None if test is None else test(frame, rules, before)


__all__ = ["EXHIBITS", "Side", "exhibit_fault"]
