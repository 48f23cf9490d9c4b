"""What a diagram shows beyond the checkers, read from the finished `Diagram`.

Heads, Tapa pins, the Gülbara doubles progression, whether the arrows are numbered
and the hops of the crossed-out moves are facts of the game, not of drawing or of
wording: the picture (`render.annotations`) and the `<desc>` text (`describe`) both read
them from here, so the two can never disagree. What needs the engine (whether the dice
order matters, the doubles plan) was computed when the `Diagram` was built.

>>> p = Progression(plan=(3, 3, 3, 3, 4, 4, 4, 4), normal=False, used=5, ended=False, stop=5)
>>> p.groups
[(3, 0), (4, 4)]
>>> progression_parts(p)
[(3, 4, 'played'), (4, 1, 'played'), (4, 3, 'stopped')]
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.board import Geometry, Position, Side
from ..engine.notation import parse_play
from .spec import CANNOT_ENTER, NO_ROLL, Diagram, Notice, Score

HEAD = 24  # own point of the head in the same-direction games


def head_points(d: Diagram) -> tuple[int, int] | None:
    """Board points of White's and Black's heads (own 24) in the same-direction games (B24, B12)."""
    g = d.position.geometry
    if g is not Geometry.SAME:
        return None
    return g.to_board(Side.WHITE, HEAD), g.to_board(Side.BLACK, HEAD)


def pinned_checkers(pos: Position) -> list[tuple[Side, int, int]]:
    """(pinned side, its own point, board point) for every Tapa pin, White first, by board point."""
    return sorted(((s, p, pos.geometry.to_board(s, p)) for s, p in pos.pinned),
                  key=lambda t: (t[0] is Side.BLACK, t[2]))


def shown_notation(play: Any, written: str | None) -> str:
    """The shown play as every text about a figure names it: the author's notation when there is
    one (`show: 9/3 3/off`, which the engine would write `9/off`), else the engine's; "" for a
    play without moves. The `<desc>` and the caption's facts line both print this, so the
    screen reader and the sighted reader are told the same play.

    >>> from tavla_docs.engine.board import Position, Side
    >>> from tavla_docs.engine.dice import Roll
    >>> from tavla_docs.engine.movegen import legal_plays
    >>> from tavla_docs.variants import TAVLA
    >>> pos = Position.from_board({9: 1, 6: 14}, {19: 15}, checkers=15)
    >>> play = next(p for p in legal_plays(pos, Side.WHITE, Roll(6, 3), TAVLA) if str(p) == "9/off")
    >>> shown_notation(play, "9/3 3/off"), shown_notation(play, None)
    ('9/3 3/off', '9/off')
    """
    if play is None or not getattr(play, "moves", ()):
        return ""
    return written.strip() if written and written.strip() else str(play)


def alternative_plays(d: Diagram) -> list[tuple[str, Any, str | None]]:
    """(letter, play, the author's notation) of every play an alternatives figure draws: `show:` is
    A, its alternatives B, C, D in the order written; empty for a figure of one play. The marks
    drawn on the board and the `<desc>` both take their letters from here."""
    if d.play is None or not d.alternatives:
        return []
    return [("A", d.play, d.notation)] + [(chr(ord("B") + i), p, text) for i, (p, text) in enumerate(d.alternatives)]


def numbered(d: Diagram) -> bool:
    """Whether the play's arrows carry step numbers: as the author says, else when the order matters."""
    if d.play is None or not d.play.moves:
        return False
    if d.options.order is not None:
        return d.options.order
    return d.order_matters


def forbidden_moves(d: Diagram) -> list[tuple[str, list[tuple[int, int]]]]:
    """Each forbidden notation with its hops (src, dst) in the mover's numbering."""
    out = []
    for text in d.options.forbidden:
        hops = []
        for seg in parse_play(text):
            cur = seg.src
            for p, _ in seg.stops:
                hops.append((cur, p))
                cur = p
        out.append((text, hops))
    return out


@dataclass(frozen=True)
class Progression:
    """A double in a game with a doubles plan (Gülbara): the numbers in order and how far the
    shown play got. `normal` = played as four ordinary moves (the first turns)."""

    plan: tuple[int, ...]
    normal: bool
    used: int | None  # moves of the plan the shown play makes (None: no play shown)
    ended: bool  # the shown play bears off the last checker mid-plan
    stop: int | None  # index in `plan` of the first number that cannot be played

    @property
    def groups(self) -> list[tuple[int, int]]:
        """(number, index of its first move) per group of four."""
        out: list[tuple[int, int]] = []
        for i, v in enumerate(self.plan):
            if not out or out[-1][0] != v:
                out.append((v, i))
        return out


def progression(d: Diagram) -> Progression | None:
    """How far the shown play gets through the roll's doubles plan, when the game has one (Gülbara)."""
    if d.doubles is None:
        return None
    plan, normal = d.doubles.plan, d.doubles.normal
    used = d.play.dice_used if d.play is not None else None
    ended = d.play is not None and d.play.position.off(d.turn) == d.play.position.checkers
    stop = used if used is not None and used < len(plan) and not ended and not normal else None
    return Progression(plan, normal, used, ended, stop)


def progression_parts(prog: Progression) -> list[tuple[int, int, str]]:
    """(number, how many, state) runs of the plan: played, stopped (the first unplayable number and
    the rest of its four), unplayed (later numbers), void (after the last checker went off), planned."""
    out: list[tuple[int, int, str]] = []
    for v, first in prog.groups:
        n = prog.plan.count(v)
        if prog.used is None:
            out.append((v, n, "planned"))
            continue
        k = max(0, min(n, prog.used - first))
        if k:
            out.append((v, k, "played"))
        if k < n:
            if prog.ended:
                rest = "void"
            elif prog.stop is not None and first + k == prog.stop:
                rest = "stopped"
            else:
                rest = "unplayed"
            out.append((v, n - k, rest))
    return out


def notice_lines(n: Notice, w: dict[str, str]) -> tuple[str, ...]:
    """The no-play notice as the board draws it: who plays nothing, then why (when there is a
    reason to give); joined with ': ' they are the sentence of the `<desc>` and the facts line.

    >>> from tavla_docs.engine.dice import Roll
    >>> from .words import words
    >>> notice_lines(Notice(CANNOT_ENTER, Side.WHITE, Roll(6, 5), (19, 20)), words("tr"))
    ('Beyaz giremez', '6-5 ile girebileceği iki hane de kapalı')
    >>> notice_lines(Notice("no_play", Side.BLACK, Roll(6, 6)), words("en"))
    ('Black cannot play 6-6',)
    """
    side = w[n.side.value]
    if n.kind == NO_ROLL:
        return w["no_roll"].format(side=side), w["no_roll_why"]
    if n.kind == CANNOT_ENTER:
        why = "entry_closed_one" if len(n.entry) == 1 else "entry_closed_two"
        return w["cannot_enter"].format(side=side), w[why].format(roll=n.roll)
    return (w["cannot_play"].format(side=side, roll=n.roll),)


def score_lines(s: Score) -> tuple[str, str]:
    """A match score as drawn beside the board: White's points–Black's, then the match length.

    >>> score_lines(Score(3, 1, 7))
    ('3–1', '/ 7')
    """
    return f"{s.white}–{s.black}", f"/ {s.length}"
