"""Claims about the doubling cube's actions (rules.md §3.2): who may double, and what a double
leaves once it is taken, dropped or beavered.

The side on turn doubles, before it rolls: a frame with `roll:` has rolled. The cube is the one
the figure shows (`diagram: {cube: …}`), the match score the scenario's `match:`.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.board import Side
from ..engine.results import Cube, CubeError, Result
from .claims import Claim, Engine, Problem, Subject, plural

ACTIONS = ("take", "drop", "beaver", "beaver_drop")  # the answers a `double:` claim may describe
CUBE_ANSWERS = ("take", "beaver")  # answers that leave a cube ({value, owner}); the others pay ({winner, points})


def refusal(s: Subject) -> str | None:
    """Why the side on turn may not double in this frame, or None when it may."""
    if s.roll is not None:
        return f"{s.turn.value} has rolled {s.roll}: a double comes at the start of the turn, before the roll"
    match = s.match
    return s.cube.refusal(s.turn, s.rules, crawford_game=match is not None and match.crawford_game,
                          match_length=s.rules.match_length)


def _cube_text(c: Cube) -> str:
    return f"the cube at {c.value} owned by {c.owner.value}" if c.owner else f"the cube at {c.value} in the centre"


@dataclass(frozen=True)
class MayDoubleClaim(Claim):
    """`may_double: true` — the side on turn may double now (false: it may not)."""

    value: bool = True

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        why = refusal(s)
        if (why is None) != self.value:
            return self.fail(f"may_double: {s.turn.value} may double now ({_cube_text(s.cube)})" if why is None
                             else f"may_double: {s.turn.value} may not double: {why}")
        return []


@dataclass(frozen=True)
class DoubleClaim(Claim):
    """`double: {take: …, drop: …, beaver: …, beaver_drop: …}` — one answer to the double of the
    side on turn and what it leaves: a cube (`value`, `owner`) or a game paid (`winner`, `points`)."""

    action: str = "take"
    value: int | None = None
    owner: str | None = None  # "white" | "black"
    winner: Side | None = None
    points: int | None = None

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        why = refusal(s)
        if why is not None:
            return self.fail(f"{self.key}: {s.turn.value} may not double: {why}")
        offered = s.cube.offer(s.turn, s.rules, match_length=s.rules.match_length)
        try:
            if self.action.startswith("beaver"):
                offered = offered.beaver_offer(s.rules)
            left: Cube | Result = offered.take() if self.action in CUBE_ANSWERS else offered.drop()
        except CubeError as e:
            return self.fail(f"{self.key}: {e}")
        if isinstance(left, Cube):
            if (self.value is not None and left.value != self.value) or (
                    self.owner is not None and (left.owner is None or left.owner.value != self.owner)):
                want = ", ".join(p for p in (f"at {self.value}" if self.value is not None else "",
                                             f"owned by {self.owner}" if self.owner else "") if p)
                return self.fail(f"{self.key}: it leaves {_cube_text(left)}, not {want}",
                                 "a take doubles the cube and gives it to the taker"
                                 + ("; a beaver doubles it again and the beaverer keeps it"
                                    if self.action == "beaver" else ""))
            return []
        if (self.winner is not None and left.winner is not self.winner) or (
                self.points is not None and left.points != self.points):
            assert left.winner is not None
            return self.fail(f"{self.key}: {left.winner.value} wins {plural(left.points, 'point')}, not "
                             + ", ".join(p for p in (self.winner.value if self.winner else "",
                                                     plural(self.points, "point") if self.points is not None else "")
                                         if p),
                             "a drop pays the cube's value before the double")
        return []
