"""Frames: the top level of a scenario and each `then:` step (turn, roll, shown play, claims).

A story's steps start where the previous shown play ends, with the other side
to move and the next game turn, so a step is only checked when the frame before
it is sound.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.board import Position, Side
from ..engine.budget import PlayBudgetExceeded
from ..engine.dice import Roll
from ..engine.play import Play, TurnContext
from ..engine.results import Match, game_result
from ..engine.rules import Ruleset
from .claims import ShowClaim, plays_text
from .expect import Frame, backwards, expect, forbidden
from .fields import Collector, P, caption, diagram, diagram_for_game, kind, roll, turn
from .figure_fields import alternatives, completion_count, partial, rest, source_figure
from .game import cube_of
from .model import Step
from .plays import play_text, written

STEP_KEYS = ("turn", "roll", "show", "alternatives", "partial", "source_figure", "expect", "caption", "diagram",
             "notes")


def turn_context(turn_number: int | None) -> TurnContext:
    """Game turn N as the engine's context; the mover's own turn is ceil(N / 2) (the starter
    plays the odd turns), as `tavla-docs plays --turn-number` does."""
    if turn_number is None:
        return TurnContext()
    return TurnContext(game_turn=turn_number, player_turn=(turn_number + 1) // 2)


def _turn_note(ctx: TurnContext | None) -> str:
    return f" on turn {ctx.game_turn}" if ctx is not None and ctx.game_turn is not None else ""


def show(c: Collector, raw: Any, path: P, pos: Position, side: Side, roll: Roll | None, rules: Ruleset,
         ctx: TurnContext | None = None) -> tuple[Play | None, str | None, bool]:
    """`show: 9/3 3/off` → (the legal play it names, the text as written, ok).
    The diagram draws the engine's play, so a written play must be one of them."""
    if raw is None:
        return None, None, True
    text = play_text(c, raw, path, "show")
    if text is None:
        return None, None, False
    if roll is None:
        c.err(path, "`show` needs a roll: add `roll:`", key=True)
        return None, None, False
    if backwards(c, text, path, Frame(pos, side, roll, rules, None), "show"):
        return None, None, False
    target = written(c, text, path, pos, side, rules, "show")
    if target is None:
        return None, None, False
    try:
        plays = c.engine.plays(pos, side, roll, rules, ctx)
    except PlayBudgetExceeded as e:  # at the frame's roll: that is what has too many plays
        c.err(path[:-1] + ("roll",), str(e), e.hint)
        return None, None, False
    found = next((p for p in plays if p.position.key() == target), None)
    if found is None:
        c.err(path, f"show: {text} is not a legal play with {roll}{_turn_note(ctx)}", plays_text(plays), offset=0)
        return None, None, False
    return found, text, True


def frame(c: Collector, data: Mapping, path: P, pos: Position, side: Side | None, rules: Ruleset,
          turn_required: bool, turn_number: int | None = None, inherited_cube: tuple[int, str] | None = None,
          match: Match | None = None, omit: Side | None = None) -> Step | None:
    """One frame at `path` (`()` for the top level) from `pos`; None if it cannot be drawn.
    Its cube is its own `diagram: {cube: …}`, else `inherited_cube` (the scenario's); `omit`
    the side the figure leaves out (`omit:`, top level only)."""
    mover = turn(c, data.get("turn"), path + ("turn",), side, turn_required)
    dice, roll_ok = roll(c, data.get("roll"), path + ("roll",))
    text_caption = caption(c, data.get("caption"), path + ("caption",))
    options = diagram(c, data.get("diagram"), path + ("diagram",))
    if "notes" in data and not isinstance(data["notes"], str):
        c.err(path + ("notes",), f"notes take text, not {kind(data['notes'])}")
    if mover is None or not roll_ok:
        return None
    if dice is not None and data.get("show") is None and "show" in data:
        c.err(path + ("show",), "show takes a play in notation like 9/3 3/off, not nothing")
    ctx = turn_context(turn_number)
    diagram_for_game(c, options, data.get("diagram"), path + ("diagram",), rules, text_caption)
    if options.playable and dice is None:
        c.err(path + ("diagram", "try"), "a board to play on needs a roll: add `roll:`, or remove `try`", key=True)
    shown, show_text, show_ok = show(c, data.get("show"), path + ("show",), pos, mover, dice, rules, ctx)
    shown_cube = options.cube if options.cube is not None else inherited_cube
    facts = Frame(pos, mover, dice, rules, shown, shown_cube, match, omit)
    label = source_figure(c, data, path)
    alts, alt_texts, alt_claims = alternatives(c, data.get("alternatives"), path + ("alternatives",), facts, ctx) \
        if show_ok else ((), (), [])
    part, part_text, hops, part_claims = partial(c, data.get("partial"), path + ("partial",), facts, ctx,
                                                 "show" in data)
    claims = expect(c, data.get("expect"), path + ("expect",), facts)
    raw_expect = data.get("expect")
    if isinstance(raw_expect, Mapping) and "rest" in raw_expect and dice is not None:
        claims += rest(c, raw_expect["rest"], path + ("expect", "rest"), facts, part, hops)
    claims = part_claims + alt_claims + claims
    if show_ok:  # a crossed-out move is judged beside the shown play
        claims += forbidden(c, options.forbidden, data.get("diagram"), path + ("diagram",), facts)
    if shown is not None:
        line, col = c.doc.char_mark(path + ("show",), 0)
        claims.insert(0, ShowClaim("show", line, col, text=show_text or ""))
    if not show_ok:
        return None
    line = c.doc.mark(path)[0] if path else 1
    return Step(pos, mover, dice, shown, text_caption, options, tuple(claims), show_text, line, rules, turn_number,
                cube_of(shown_cube), match, alternatives=alts, alternatives_text=alt_texts,
                partial=part.play() if part is not None else None, partial_text=part_text,
                partial_rest=completion_count(part) if part is not None else 0, omit=omit, source_figure=label)


def steps(c: Collector, raw: Any, first: Step | None, rules: Ruleset) -> tuple[Step, ...]:
    """`then: [{roll: …, show: …}, …]`: each step plays on from the one before, other side to move."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        c.err(("then",), f"then takes a list of steps, like [{{roll: 4-2, show: 6/2 2/off}}], not {kind(raw)}")
        return ()
    out: list[Step] = []
    prev = first
    base_cube, base_match = (first.diagram.cube, first.match) if first is not None else (None, None)
    for i, item in enumerate(raw):
        path: P = ("then", i)
        if not c.mapping(item, path, f"step {i + 1}", "{roll: 4-2, show: 6/2 2/off}"):
            prev = None
            continue
        c.keys(item, path, STEP_KEYS, f"step {i + 1}")
        if prev is None:
            continue  # the previous frame is broken: its end position is unknown
        if prev.show is None and prev.roll is not None:
            try:  # only whether anything moves: counted, not listed (`count_plays`)
                moved = c.engine.count(prev.position, prev.turn, prev.roll, rules, prev.ctx).dice_used
            except PlayBudgetExceeded as e:
                c.err((("then", i - 1) if i else ()) + ("roll",), str(e), e.hint)
                prev = None
                continue
            if moved:
                c.err(path, f"step {i + 1} starts after the previous play, but the frame before it has no `show:`")
                prev = None
                continue
        if game_result(prev.after, rules) is not None:
            c.err(path, f"step {i + 1}: the game is already over after the previous play")
            prev = None
            continue
        nxt = prev.turn_number + 1 if prev.turn_number is not None else None
        step = frame(c, item, path, prev.after, prev.turn.opponent, rules, False, nxt, base_cube, base_match)
        if step is not None:
            out.append(step)
        prev = step
    return tuple(out)
