"""The validated scenario: frozen values the checker, renderer and site code share.

A scenario is one *frame* (position, side to play, roll, shown play, caption,
diagram options, claims) followed by optional `steps` (the `then:` list), each
a frame that starts from the previous frame's resulting position.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from ..diagram.options import DiagramOptions
from ..engine.board import Position, Side
from ..engine.dice import Roll
from ..engine.goals import Goal
from ..engine.play import Play, TurnContext
from ..engine.results import Cube, Match
from ..engine.rules import Ruleset
from .claims import Claim, Subject

# The figure keys a `Scenario` hands its first frame (`Scenario.first`).
FIGURE_FIELDS = ("alternatives", "alternatives_text", "partial", "partial_text", "partial_rest", "omit",
                 "source_figure")


@dataclass(frozen=True)
class Step:
    """One frame of a scenario: the position before `show` is played by `turn` with `roll`."""

    position: Position
    turn: Side
    roll: Roll | None
    show: Play | None
    caption: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    diagram: DiagramOptions = field(default_factory=DiagramOptions)
    expect: tuple[Claim, ...] = ()
    show_text: str | None = None  # the play as the author wrote it
    line: int = 1  # where the frame starts in the file
    rules: Ruleset | None = None
    turn_number: int | None = None  # game turn (1 = opening turn); None = a later turn
    cube: Cube = field(default_factory=Cube)  # the cube the figure shows (a step keeps the scenario's)
    match: Match | None = None  # the match score before this game; None in money play
    # Figures as rules texts draw them (`scenario.figure_fields`): more plays of the roll beside
    # `show:`, the first move(s) of a play alone, a side left out, the figure's label in the source.
    alternatives: tuple[Play, ...] = ()
    alternatives_text: tuple[str, ...] = ()  # as the author wrote them
    partial: Play | None = None  # the drawn first moves and the position they reach (not a whole play)
    partial_text: str | None = None
    partial_rest: int = 0  # how many whole legal plays start with the partial moves
    omit: Side | None = None
    source_figure: str | None = None

    @property
    def ctx(self) -> TurnContext:
        """The engine's turn context for this frame (`turn_number:` in the file)."""
        if self.turn_number is None:
            return TurnContext()
        return TurnContext(game_turn=self.turn_number, player_turn=(self.turn_number + 1) // 2)

    @property
    def after(self) -> Position:
        """The position once the frame's play is made (unchanged without a shown play)."""
        return self.show.position if self.show is not None else self.position

    def subject(self, rules: Ruleset) -> Subject:
        return Subject(self.position, self.turn, self.roll, self.rules or rules, self.show, self.ctx, self.cube,
                       self.match)


@dataclass(frozen=True)
class Scenario:
    """One scenario file, validated. `steps` are the `then:` frames (the first frame is the
    scenario itself; `frames` gives all of them in order)."""

    id: str  # posix path relative to the scenarios root, without extension
    path: Path
    variant: str
    rules: Ruleset
    position: Position
    turn: Side
    roll: Roll | None
    show: Play | None
    caption: Mapping[str, str]
    diagram: DiagramOptions
    expect: tuple[Claim, ...]
    steps: tuple[Step, ...] = ()
    show_text: str | None = None
    notes: str | None = None
    source: str = ""  # the path as shown in diagnostics
    turn_number: int | None = None  # the first frame's game turn (`turn_number:`)
    test_only: str | None = None  # `test_only:`: why no page draws this scenario (None: a page should)
    cube: Cube = field(default_factory=Cube)  # the first frame's cube (`diagram: {cube: …}`)
    match: Match | None = None  # `match:` (0–0 in match play when not written); None in money play
    # Figures as rules texts draw them (`scenario.figure_fields`): more plays of the roll beside
    # `show:`, the first move(s) of a play alone, a side left out, the figure's label in the source.
    alternatives: tuple[Play, ...] = ()
    alternatives_text: tuple[str, ...] = ()  # as the author wrote them
    partial: Play | None = None  # the drawn first moves and the position they reach (not a whole play)
    partial_text: str | None = None
    partial_rest: int = 0  # how many whole legal plays start with the partial moves
    omit: Side | None = None
    source_figure: str | None = None
    exercise: Goal | None = None  # `exercise:`: the goal a reader reaches with the first frame's roll

    @property
    def ctx(self) -> TurnContext:
        return self.first.ctx

    @property
    def first(self) -> Step:
        return Step(self.position, self.turn, self.roll, self.show, self.caption, self.diagram, self.expect,
                    self.show_text, 1, self.rules, self.turn_number, self.cube, self.match,
                    **{k: getattr(self, k) for k in FIGURE_FIELDS})

    @property
    def frames(self) -> tuple[Step, ...]:
        """The scenario's own frame followed by every `then:` step."""
        return (self.first, *self.steps)

    @property
    def claim_count(self) -> int:
        return sum(len(f.expect) for f in self.frames)
