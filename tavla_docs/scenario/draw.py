"""Scenario → `Diagram`: each frame of a scenario as the finished value the renderer draws.

The engine's work for a figure is done here, once: the shown play is resolved into
single-die steps together with whether the order of the dice matters
(`engine.written.resolve_play`), a double's progression plan is read from the rules,
and the `<desc>` text is written. `tavla_docs.render` then only draws the value.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.variants import TAVLA
>>> p = Position.from_board({5: 1, 3: 1}, {19: 15}, checkers=15)
>>> d = diagram_from_position(p, Side.WHITE, TAVLA, Roll(4, 2), "5/off", DiagramOptions(), "Order", None, "td-o")
>>> [str(m) for m in d.play.moves], d.order_matters  # the 2 must go first: arrows get numbers
(['5/3', '3/off'], True)
>>> d.desc.split(". ")[:2]
['Tavla', 'White to play, roll 4-2']
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..diagram.describe import describe
from ..diagram.options import DiagramOptions
from ..diagram.spec import NO_ROLL, Diagram, Doubles, Notice, Score, frame_id
from ..engine import explain
from ..engine.board import BAR, Position, Side
from ..engine.dice import Roll
from ..engine.movegen import dice_orders, legal_plays, legal_steps, skips_roll
from ..engine.play import Play, TurnContext
from ..engine.rules import Ruleset
from ..engine.state import initial_state
from ..engine.written import resolve_play
from ..errors import TavlaError
from ..languages import registry
from .steps import turn_context

__all__ = ["FigureParts", "StepError", "check_step", "diagram_from_position", "diagram_from_scenario", "doubles",
           "frame_count_text", "no_play_notice", "pick_text", "scenario_frames"]


def doubles(rules: Ruleset, roll: Roll | None, ctx: TurnContext) -> Doubles | None:
    """The roll's progression plan, in a game that plays doubles as one (Gülbara), else None."""
    if roll is None or not roll.is_double or rules.dice_plan is None:
        return None
    if not str(rules.facts.doubles).startswith("progression"):
        return None
    plan = tuple(dice_orders(roll, rules, ctx)[0])
    normal = rules.abilities.normal_doubles is not None and rules.abilities.normal_doubles(ctx)
    return Doubles(plan, normal)


# The refusals that mean an entry point is closed (`explain.why_step` of a step from the bar).
_CLOSED = (explain.CLOSED, explain.CLOSED_ONE, explain.CLOSED_PINNED)


def no_play_notice(position: Position, turn: Side, rules: Ruleset, roll: Roll | None,
                   ctx: TurnContext) -> Notice | None:
    """Why `turn` plays nothing in this frame, from the engine; None when it has a move to make.

    Tavla's closed board (the side does not roll, `skips_roll`) needs no roll; otherwise the
    engine's plays decide (one empty play: nothing to play), `explain.no_play_reason` says
    whether the bar is what stops it, and `explain.why_step` confirms each die's entry point
    is closed (any other refusal from the bar: plainly "cannot play").

    >>> from tavla_docs.variants import BACKGAMMON
    >>> p = BACKGAMMON.position({6: 5, 5: 5, 4: 4}, {19: 2, 20: 2, 1: 11}, white_bar=1)
    >>> no_play_notice(p, Side.WHITE, BACKGAMMON, Roll(6, 5), TurnContext())
    Notice(kind='cannot_enter', side=<Side.WHITE: 'white'>, roll=Roll(6, 5), entry=(19, 20))
    >>> no_play_notice(p, Side.WHITE, BACKGAMMON, Roll(4, 3), TurnContext()) is None
    True
    """
    if position.checkers in (position.off(Side.WHITE), position.off(Side.BLACK)):
        return None  # the game is over: nobody is on turn
    if skips_roll(position, turn, rules):
        return Notice(NO_ROLL, turn, roll)
    if roll is None:
        return None
    if _can_move(position, turn, rules, roll, ctx):
        return None
    why = explain.no_play_reason(explain.play_tree(position, turn, roll, rules, ctx))
    code = why.code if why is not None else explain.NO_PLAY
    if code == explain.CANNOT_ENTER and position.own(turn)[BAR]:
        state = initial_state(position, turn)
        refusals = [explain.why_step(state, BAR, d, rules, ctx) for d in sorted(set(roll.dice), reverse=True)]
        points = tuple(r.point for r in refusals if r is not None and r.code in _CLOSED and r.point is not None)
        if len(points) == len(refusals):
            return Notice(explain.CANNOT_ENTER, turn, roll, points)
    return Notice(explain.NO_PLAY, turn, roll)


def _can_move(position: Position, turn: Side, rules: Ruleset, roll: Roll, ctx: TurnContext) -> bool:
    """Whether the roll has a legal move. Without an end-of-turn judge, a first single-die step
    decides it (a play then uses at least one die), a few microseconds where the whole list of
    plays takes milliseconds; a judge (the six-block rule) can refuse every play, so it asks for them."""
    if any(hasattr(h, "accept_end") for h in rules.step_hooks):
        return any(p.moves for p in legal_plays(position, turn, roll, rules, ctx))
    start = initial_state(position, turn)
    firsts = sorted({order[0] for order in dice_orders(roll, rules, ctx) if order})
    return any(next(iter(legal_steps(start, die, rules, ctx)), None) is not None for die in firsts)


def diagram_from_position(position: Position, turn: Side, rules: Ruleset, roll: Roll | None, play: Any,
                          options: DiagramOptions, title: str, desc: str | None, id: str, lang: str = "en",
                          turn_number: int | None = None, *, written: str | None = None,
                          score: Score | None = None, figure: FigureParts | None = None) -> Diagram:
    """The diagram of `position` with `play` (notation, Segments, an engine `Play` or None) resolved
    once for `roll`; `written` is the author's spelling of a `Play`; `score` a match's score to
    draw; `figure` the parts a rules text's figure adds (alternatives, a partial play, a side left
    out, the source's label). A frame where nothing can be played carries its `Notice`. `desc`
    None: the diagram is described in `lang`. Raises `engine.written.PlayError` when the play is not legal."""
    ctx = turn_context(turn_number)
    options = options.in_language(lang)  # a label written per language: this figure's text
    fig = figure or FigureParts()
    if fig.partial is not None:  # the first moves, already single-die steps of the play tree: drawn as they are
        play, written = fig.partial, fig.partial_text
    shown = resolve_play(position, turn, roll, rules, play, ctx, written=written)
    alts = tuple((resolved.play, text) for alt, text in fig.alternatives
                 if (resolved := resolve_play(position, turn, roll, rules, alt, ctx, written=text)) is not None)
    d = Diagram(position, turn, rules, roll, shown.play if shown is not None else None, options, title, desc, id,
                lang, turn_number, order_matters=shown is not None and shown.order_matters and fig.partial is None,
                doubles=doubles(rules, roll, ctx), notice=no_play_notice(position, turn, rules, roll, ctx), score=score,
                notation=written if shown is not None else None, alternatives=alts,
                partial=fig.partial is not None, partial_rest=fig.partial_rest, omit=fig.omit,
                source_figure=fig.source_figure)
    return d if desc is not None else replace(d, desc=describe(d, lang))


@dataclass(frozen=True)
class FigureParts:
    """What a frame's figure keys add to its diagram (`scenario.figure_fields`), as the loader found them."""

    alternatives: tuple[tuple[Play, str], ...] = ()
    partial: Play | None = None
    partial_text: str | None = None
    partial_rest: int = 0
    omit: Side | None = None
    source_figure: str | None = None

    @classmethod
    def of(cls, frame: Any) -> FigureParts:
        """The parts of a loaded frame (a `Step`); none for any other object."""
        texts = getattr(frame, "alternatives_text", ()) or ()
        return cls(tuple(zip(getattr(frame, "alternatives", ()) or (), texts, strict=True)),
                   getattr(frame, "partial", None), getattr(frame, "partial_text", None),
                   getattr(frame, "partial_rest", 0) or 0, getattr(frame, "omit", None),
                   getattr(frame, "source_figure", None))


# --- frames of a scenario ----------------------------------------------------------

def pick_text(texts: Mapping[str, str] | str | None, lang: str) -> str:
    """The text in `lang`, else in its registry entry's fallback languages (English, then Turkish,
    by default), else the first one.

    >>> pick_text({"tr": "Sıra", "en": "Order"}, "de"), pick_text({"tr": "Sıra"}, "en")
    ('Order', 'Sıra')
    """
    if texts is None:
        return ""
    if isinstance(texts, str):
        return texts
    for key in registry.texts_order(lang):
        if texts.get(key):
            return str(texts[key])
    return str(next(iter(texts.values()), ""))


class StepError(TavlaError):
    """A frame number the scenario does not have (`step=` on a page, `render --step`)."""


def scenario_frames(scenario: Any) -> tuple[Any, ...]:
    """Frame 0 (the scenario itself) followed by its `then:` steps; a plain object is one frame."""
    steps = tuple(getattr(scenario, "steps", ()) or ())
    return (scenario, *steps)


def frame_count_text(n: int) -> str:
    """How a scenario's frames are numbered, for error hints.

    >>> frame_count_text(3)
    'it has 3 frames: step=0 is its own position, step=1 to step=2 are its `then:` steps'
    >>> frame_count_text(1)
    'it has 1 frame: step=0 only (no `then:` steps)'
    """
    if n == 1:
        return "it has 1 frame: step=0 only (no `then:` steps)"
    later = "step=1 is its `then:` step" if n == 2 else f"step=1 to step={n - 1} are its `then:` steps"
    return f"it has {n} frames: step=0 is its own position, {later}"


def check_step(scenario: Any, step: Any) -> int:
    """`step` as a frame index of `scenario`; StepError (message, then an indented hint) otherwise;
    callers put the scenario's name in front."""
    n = len(scenario_frames(scenario))
    if isinstance(step, bool) or not isinstance(step, int):
        raise StepError(f"step={step!r} is not a frame number\n    {frame_count_text(n)}")
    if not 0 <= step < n:
        raise StepError(f"step={step} is out of range\n    {frame_count_text(n)}")
    return step


# View options a `then:` step takes from the scenario when its own `diagram:` block leaves them
# at the default: a story keeps its orientation, numbering and colours from frame to frame.
_VIEW = ("flip", "numbers", "theme")


def _frame_options(scenario: Any, frame: Any) -> DiagramOptions:
    base = getattr(scenario, "diagram", None) or DiagramOptions()
    own = getattr(frame, "diagram", None) or DiagramOptions()
    default = DiagramOptions()
    kept = {k: getattr(base, k) for k in _VIEW if getattr(own, k) == getattr(default, k)}
    return DiagramOptions(**{**own.__dict__, **kept}) if kept else own


def diagram_from_scenario(scenario: Any, lang: str = "en", step: int = 0, title: str | None = None) -> Diagram:
    """The diagram of one frame of a loaded scenario: `step=0` is the scenario itself (attributes:
    id, position, turn, rules, roll, show, caption, diagram), `step=k` its k-th `then:` step,
    drawn from the position the engine reached after frame k-1's play. Each frame has its own
    id (`frame_id`), so a whole story fits on one page. Raises PlayError when `show` is not a
    legal play, StepError when there is no such frame."""
    check_step(scenario, step)
    frame = scenario_frames(scenario)[step]
    options = _frame_options(scenario, frame) if step else getattr(scenario, "diagram", None) or DiagramOptions()
    rules = getattr(frame, "rules", None) or scenario.rules
    # The loader's Play is the engine's spelling; the author's own path (`show_text`) is drawn
    # when it is the same play (e.g. 24/18/15 rather than the engine's 24/21/15).
    show = getattr(frame, "show", None) if options.show_play else None
    if title is None:  # the site passes the caption it rendered (captions print computed facts)
        title = pick_text(getattr(frame, "caption", None), lang)
    if not title:
        title = str(scenario.id) if step == 0 else f"{scenario.id} ({step + 1}/{len(scenario_frames(scenario))})"
    parts = FigureParts.of(frame)
    if not options.show_play:
        parts = replace(parts, alternatives=(), partial=None, partial_text=None)
    return diagram_from_position(frame.position, frame.turn, rules, frame.roll, show, options, title, None,
                                 frame_id(scenario.id, step), lang, getattr(frame, "turn_number", None),
                                 written=getattr(frame, "show_text", None), figure=parts)
