"""What a figure shows, as the play statements of its words need it: one frame's position
before and after the shown play, its moves, the side on roll and the diagram's options.

`PlayView.judge(kind, …)` answers whether a statement of the lexicon (`playwords`) holds, and
when it does not, says what the figure shows instead, in words an author reads ("13/9 leaves
one checker there"). It only reads the engine's results (the frame's `Play`, its positions)
and the ruleset's data (geometry, what closes a point); it never changes them, and it knows
no variant by name.

>>> from tavla_docs.variants import ruleset
>>> from tavla_docs.engine.board import Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.engine.movegen import legal_plays
>>> rules = ruleset("backgammon")
>>> pos = rules.starting_position()
>>> play = next(p for p in legal_plays(pos, Side.WHITE, Roll(3, 1), rules) if str(p) == "13/9")
>>> v = PlayView(pos, Side.WHITE, play, rules)
>>> v.judge("make", points=(9,))
'13/9 leaves 1 checker on the 9-point'
>>> v.judge("on_roll", side=Side.WHITE) is None
True
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from ...diagram.options import DiagramOptions
from ...engine.board import BAR, OFF, Geometry, Position, Side
from ...engine.dice import ALL_ROLLS
from ...engine.play import Play
from ...engine.rules import Ruleset

HOME = range(1, 7)  # a side's home board: its own points 1–6


@dataclass(frozen=True)
class PlayView:
    """One frame as its words speak of it (`options` None: page prose, no figure to speak of)."""

    position: Position
    turn: Side
    show: Play | None
    rules: Ruleset
    options: DiagramOptions | None = None
    written: str | None = None  # the play as the author wrote it (`show:`), named in messages

    @property
    def after(self) -> Position:
        return self.show.position if self.show is not None else self.position

    @cached_property
    def made_at(self) -> int:
        """Checkers that make a point: two, or more where the game needs more to close one."""
        return max(2, self.rules.block_at)

    def own_points(self, n: int) -> set[int]:
        """The mover's own points a printed number `n` can name: in its own numbering, the shared
        (White's) numbering, or the numbering the diagram shows."""
        g: Geometry = self.rules.geometry
        found = {n, g.from_board(self.turn, n)}
        if self.options is not None and self.options.numbers == "black":
            found.add(g.from_board(self.turn, g.to_board(Side.BLACK, n)))
        return {p for p in found if 1 <= p <= 24}

    def marked(self) -> tuple[int, ...]:
        """The highlighted points (shared numbering)."""
        return self.options.highlight if self.options is not None else ()

    def judge(self, kind: str, points: Iterable[int] = (), side: Side | None = None, sense: str = "",
              mark: bool = False) -> str | None:
        """None when the statement holds, else what the figure shows instead.

        `points`: the mover's own points the statement may name (any one of them may hold it);
        `mark`: the statement names the marked point (its points are the highlighted ones)."""
        pts = set(points)
        if kind in ("numbers", "sense", "ahead", "cube_centre", "cube_owner") or mark:
            if self.options is None:
                return None  # page prose: no figure to speak of
        if kind in ("cube_centre", "cube_owner"):
            return self._cube(side)
        if kind == "on_roll":
            return None if side is self.turn else f"the figure has {_side(self.turn)} on roll (turn: {self.turn.value})"
        if kind == "numbers":
            assert self.options is not None and side is not None
            if self.options.numbers == side.value:
                return None
            return f"the diagram numbers the points from {self.options.numbers.capitalize()}'s side " \
                   f"(diagram: {{numbers: {self.options.numbers}}})"
        if kind == "sense":
            return self._sense(side, sense)
        if kind == "ahead":
            assert side is not None
            return self._ahead(side)
        play = self.show
        if play is None:
            return None  # nothing is shown: the words speak of something else
        moves = play.moves
        shown = self.written or str(play)
        if kind == "hits":
            if side is not self.turn:
                return f"the figure has {_side(self.turn)} on roll (turn: {self.turn.value})"
            return None if play.hits else f"{shown} hits no checker"
        if kind == "hit_any":
            return None if play.hits else f"{shown} hits no checker"
        if kind == "enters":
            return None if any(m.src == BAR for m in moves) else f"{shown} enters no checker from the bar"
        if kind == "off":
            return None if any(m.dst == OFF for m in moves) else f"{shown} bears off no checker"
        if kind == "none_off":
            n = sum(1 for m in moves if m.dst == OFF)
            return None if n == 0 else f"{shown} bears off {n} checker{'s' if n != 1 else ''}"
        if not pts:
            return None
        if kind == "make":
            return self._make(pts, shown)
        if kind == "blot":
            return self._blot(pts, shown)
        if kind == "enter":
            entered = [m.dst for m in moves if m.src == BAR]
            if any(d in pts for d in entered):
                return None
            return f"{shown} enters on the {_names(entered)}" if entered else f"{shown} enters no checker from the bar"
        if kind == "hit":
            hits = [m.dst for m in moves if m.hit]
            if any(d in pts for d in hits):
                return None
            return f"{shown} hits on the {_names(hits)}" if hits else f"{shown} hits no checker"
        if kind == "reach":
            net = {p: sum(m.dst == p for m in moves) - sum(m.src == p for m in moves) for p in pts}
            if any(n > 0 for n in net.values()):
                return None
            ends = sorted({m.dst for m in moves if m.dst != OFF and sum(k.dst == m.dst for k in moves)
                           > sum(k.src == m.dst for k in moves)})
            passed = sorted(p for p in pts if any(m.dst == p for m in moves))
            if passed:
                return f"{shown} moves on from the {_names(passed)}" + (f": it ends on the {_names(ends)}" if ends else "")
        if kind in ("land", "reach"):
            if any(m.dst in pts for m in moves):
                return None
            return f"no move of {shown} ends on the {_names(pts)}"
        if kind == "leave":
            if any(m.src in pts for m in moves):
                return None
            return f"no move of {shown} starts from the {_names(pts)}"
        if kind == "off_from":
            offs = [m.src for m in moves if m.dst == OFF]
            if any(s in pts for s in offs):
                return None
            return f"{shown} bears off from the {_names(offs)}" if offs else f"{shown} bears off no checker"
        return None

    def _make(self, pts: set[int], shown: str) -> str | None:
        before, after = self.position.own(self.turn), self.after.own(self.turn)
        if any(after[p] >= self.made_at > before[p] for p in pts):
            return None
        p = min(pts)
        if after[p] < self.made_at:
            return f"{shown} leaves {_count(after[p])} on the {p}-point"
        return f"the {p}-point was made before {shown} ({before[p]} checkers)"

    def _blot(self, pts: set[int], shown: str) -> str | None:
        before, after = self.position.own(self.turn), self.after.own(self.turn)
        if any(after[p] == 1 and before[p] != 1 for p in pts):
            return None
        p = min(pts)
        if after[p] == 1:
            return f"the blot on the {p}-point was there before {shown}"
        left = [q for q in range(1, 25) if after[q] == 1 and before[q] != 1]
        also = f" (it leaves one on the {_names(left)})" if left else ""
        return f"after {shown} the {p}-point holds {_count(after[p])}{also}"

    def _sense(self, side: Side | None, sense: str) -> str | None:
        """Whether the diagram draws `side` (None: both sides) moving in `sense` ("cw", "ccw")."""
        assert self.options is not None
        for s in ((side,) if side is not None else (Side.WHITE, Side.BLACK)):
            drawn = drawn_sense(self.rules.geometry, s, self.options.flip)
            if drawn != sense:
                word = {"cw": "clockwise", "ccw": "counter-clockwise"}[drawn]
                flip = "flip: true" if self.options.flip else "flip: false"
                return f"the diagram ({flip}) draws {_side(s)} moving {word}"
        return None

    def _cube(self, side: Side | None) -> str | None:
        """Whether the figure's cube is where the words put it: in the middle (`side` None) or `side`'s."""
        assert self.options is not None
        if self.options.cube is None:
            return None  # no cube drawn: the words speak of the rule, not of this figure
        value, owner = self.options.cube
        if owner == (side.value if side is not None else "centre"):
            return None
        where = "is in the middle" if owner == "centre" else f"belongs to {owner.capitalize()}"
        return f"the figure's cube {where} (diagram: cube: {{value: {value}, owner: {owner}}})"

    def _ahead(self, side: Side) -> str | None:
        """Whether each marked point holds a checker of `side` past the other side's longest row."""
        marked = self.marked()
        if not marked:
            return "the figure marks no point (diagram: highlight)"
        g = self.rules.geometry
        row = longest_row(self.after, side.opponent, self.rules)
        mine = self.position.own(side)
        for b in marked:
            p = g.from_board(side, b)
            if mine[p] == 0:
                return f"the marked {b}-point holds no {_side(side)} checker"
            if row and p >= min(g.from_board(side, g.to_board(side.opponent, q)) for q in row):
                return f"the {_side(side)} checker on the marked {b}-point has not passed " \
                       f"{_side(side.opponent)}'s row"
        return None


def drawn_sense(geometry: Geometry, side: Side, flip: bool) -> str:
    """The sense ("cw" or "ccw") in which the diagram draws `side`'s checkers moving, from the
    drawn place of each of its points along its path (the renderer's layout, y downwards)."""
    from ...render.layout import Layout

    lay = Layout(geometry, flip=flip, has_cube=False)
    path = [lay.slot(geometry.to_board(side, p), 0) for p in range(24, 0, -1)]
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(path, path[1:] + path[:1], strict=True))
    return "cw" if area > 0 else "ccw"  # y grows downwards: a positive area turns clockwise on the page


def longest_row(position: Position, side: Side, rules: Ruleset) -> tuple[int, ...]:
    """`side`'s longest run of neighbouring points it closes to the opponent (its own numbers)."""
    own = position.own(side)
    best: tuple[int, ...] = ()
    run: list[int] = []
    for p in range(1, 25):
        if own[p] >= rules.block_at:
            run.append(p)
            if len(run) > len(best):
                best = tuple(run)
        else:
            run = []
    return best


def label_fault(kind: str, view: PlayView, b: int) -> str | None:
    """For a label of `kind` (`playwords.LABELS`) on board point `b`: None when it holds of the
    frame's position before or after the shown play, else why not (of the position before)."""
    faults = [_label_fault(kind, view, position, b) for position in (view.position, view.after)]
    return None if any(f is None for f in faults) else faults[0]


def _label_fault(kind: str, view: PlayView, position: Position, b: int) -> str | None:
    g = view.rules.geometry
    here = [(s, g.from_board(s, b), position.own(s)[g.from_board(s, b)]) for s in (Side.WHITE, Side.BLACK)]
    standing = [(s, p, n) for s, p, n in here if n]
    if kind == "home":
        if standing:
            s, p, _ = standing[0]
            return None if p in HOME else f"the {b}-point is outside {_side(s)}'s home board, where its checker stands"
        return None if any(p in HOME for _, p, _ in here) else f"the {b}-point is in neither side's home board"
    if kind == "outside":
        return None if any(p not in HOME for _, p, _ in standing) else \
            f"no checker on the {b}-point is outside its own home board"
    if kind == "blot":
        return None if any(n == 1 for _, _, n in standing) else \
            f"the {b}-point holds {_count(sum(n for _, _, n in standing))}"
    if kind == "made":
        return None if any(n >= view.made_at for _, _, n in standing) else \
            f"the {b}-point holds {_count(sum(n for _, _, n in standing))}"
    if kind == "empty":
        return None if not standing else f"the {b}-point holds {_count(sum(n for _, _, n in standing))}"
    if kind == "no_waste":
        if view.show is not None and all(m.src - m.dst == m.die for m in view.show.moves):
            return None  # the shown play uses every pip of its roll
        highest = max(r.high for r in ALL_ROLLS)
        wasted = [(s, p) for s, p, _ in standing if p in HOME and p < highest]
        if not wasted:
            return None
        s, p = wasted[0]
        return f"a die above {p} bears off {_side(s)}'s checker there with pips to spare, and those pips are wasted"
    return None


def _side(side: Side) -> str:
    return side.value.capitalize()


def _count(n: int) -> str:
    return "no checker" if n == 0 else f"{n} checker{'s' if n != 1 else ''}"


def _names(points: Iterable[int]) -> str:
    ps = sorted(set(points))
    if not ps:
        return "no point"
    if len(ps) == 1:
        return f"{ps[0]}-point"
    return ", ".join(f"{p}-" for p in ps[:-1]) + f" and {ps[-1]}-points"
