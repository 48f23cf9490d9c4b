"""What a diagram shows, as one immutable value: `Diagram`, everything already worked out.

A `Diagram` is finished before anything is drawn: the play's single-die steps, whether
their order matters and a double's progression plan are computed when it is built
(`tavla_docs.scenario.draw`, with the engine), so the renderer (`render.svg.render_svg`)
and the `<desc>` text (`describe`) only read it, like `chess.svg` reads a board.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.variants import TAVLA
>>> from tavla_docs.diagram.options import DiagramOptions
>>> d = Diagram(Position.from_board({6: 2}, {19: 1}, checkers=15), Side.WHITE, TAVLA, None, None, DiagramOptions(),
...             "Two on the six", None, "td-doc", order_matters=False, doubles=None)
>>> d.play is None and d.doubles is None  # a position alone: nothing to resolve
True
>>> diagram_id("Bear off / 4-2")[:16], len(diagram_id("Bear off / 4-2"))  # slug + 6 hex digits
('td-bear-off-4-2-', 22)
>>> diagram_id("a rather long scenario name")[:17]  # short: the id is repeated in every href
'td-a-rather-long-'
>>> diagram_id("a/b") != diagram_id("a-b")  # same slug, different ids
True
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from ..engine.board import Position, Side
from ..engine.dice import Roll
from ..engine.play import Play
from ..engine.rules import Ruleset
from .options import DiagramOptions


@dataclass(frozen=True)
class Doubles:
    """A double in a game that plays doubles as a progression (Gülbara): its numbers in order,
    and whether this turn plays it as four ordinary moves instead (the first turns)."""

    plan: tuple[int, ...]
    normal: bool


# Why the side on turn plays nothing (`Notice.kind`): the engine's no-play codes
# (`engine.explain.NO_PLAY`, `CANNOT_ENTER`) and Tavla's closed board, where it does not roll at all.
NO_ROLL, CANNOT_ENTER, NO_PLAY = "no_roll", "cannot_enter", "no_play"


@dataclass(frozen=True)
class Notice:
    """The frame's side on turn plays nothing, and why, as the engine found it (`scenario.draw`):
    the figure says so on the board and in its `<desc>`, as the facts line under it does.

    `entry` (for `cannot_enter`) holds each distinct die's entry point, closed, in the
    mover's numbering: one point for a double, two otherwise.
    """

    kind: str  # NO_ROLL, CANNOT_ENTER or NO_PLAY
    side: Side
    roll: Roll | None
    entry: tuple[int, ...] = ()


@dataclass(frozen=True)
class Score:
    """A match score to draw ('3–1 / 7'): each side's points and the match length (> 0)."""

    white: int
    black: int
    length: int


@dataclass(frozen=True)
class Diagram:
    """Everything one board picture shows. `id` prefixes every SVG id (unique per page).

    `play.moves` are single-die steps in the order they are played (arrows chain and are
    numbered from them); `order_matters` and `doubles` are facts the builder computed, so
    they are keyword-only and have no default: a Diagram cannot be made without them.
    """

    position: Position
    turn: Side
    rules: Ruleset
    roll: Roll | None
    play: Play | None
    options: DiagramOptions
    title: str
    desc: str | None
    id: str
    lang: str = "en"  # language of generated text (the pip line, the default desc)
    turn_number: int | None = None  # game turn (scenario `turn_number:`): first-turn rules, Gülbara doubles
    order_matters: bool = field(kw_only=True)  # only one order of the dice plays `play` (arrows get numbers)
    doubles: Doubles | None = field(kw_only=True)  # the roll's progression, in a game that has one
    notice: Notice | None = field(default=None, kw_only=True)  # nothing can be played this frame, and why
    score: Score | None = field(default=None, kw_only=True)  # a match's score (an XGID's or a Match ID's)
    notation: str | None = field(default=None, kw_only=True)  # the play as its author wrote it (`show:`)
    # Figures as rules texts draw them (`scenario.figure_fields`): more plays of the roll drawn beside
    # `play` (play A) with marks of their own, each as single-die steps with the author's notation;
    # `play` drawn as the first moves of a longer play (`partial_rest` whole plays start so); a side
    # left out (not drawn, not counted as borne off); the figure's label in the source text.
    alternatives: tuple[tuple[Play, str], ...] = field(default=(), kw_only=True)
    partial: bool = field(default=False, kw_only=True)
    partial_rest: int = field(default=0, kw_only=True)
    omit: Side | None = field(default=None, kw_only=True)
    source_figure: str | None = field(default=None, kw_only=True)


def diagram_id(scenario_id: str) -> str:
    """A valid, readable XML id from a scenario id, with a short hash so slugs never collide."""
    slug = re.sub(r"[^a-z0-9]+", "-", str(scenario_id).lower()).strip("-")[:14].strip("-")
    digest = hashlib.sha1(str(scenario_id).encode("utf-8")).hexdigest()[:6]
    return f"td-{slug}-{digest}" if slug else f"td-{digest}"


def frame_id(scenario_id: str, step: int = 0) -> str:
    """The SVG id of one frame: the scenario's own id for frame 0, `-s<k>` after it for step k.

    The suffix cannot end a `diagram_id` (those end in six hex digits), so frames of one
    scenario never collide with each other or with another scenario's diagrams.

    >>> frame_id("bear-off/hit-story") == diagram_id("bear-off/hit-story")
    True
    >>> frame_id("bear-off/hit-story", 2) == diagram_id("bear-off/hit-story") + "-s2"
    True
    """
    base = diagram_id(scenario_id)
    return base if step == 0 else f"{base}-s{step}"
