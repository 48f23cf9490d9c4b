"""Board geometry in SVG user units: where each point, checker, tray, die and the cube go.

Default (`flip: false`): White's home B1–B6 bottom right, B13–B24 along the top from
left to right, the bar in the middle, borne-off trays in the side column next to each
side's home, the cube on the bar when centred or in the other side column at its
owner's end. Everything is worked out from `Geometry.to_board`, never from `25 - p`,
so a same-direction variant (Uzun tavla, Gülbara) lays itself out.

>>> from tavla_docs.engine.board import Geometry
>>> lay = Layout(Geometry.OPPOSITE, flip=False, has_cube=False)
>>> lay.point_x(1) > lay.bar_x > lay.point_x(12), lay.point_x(13) < lay.bar_x < lay.point_x(24)
(True, True)
>>> Layout(Geometry.OPPOSITE, flip=True, has_cube=False).point_x(1) < lay.bar_x
True
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from ..engine.board import Geometry, Position, Side

# --- dimensions (SVG user units) ------------------------------------------------------
PW = 40  # point width
R = 17  # checker radius
STEP = 34  # distance between stacked checkers
VISIBLE = 5  # checkers drawn per stack; beyond, the top one carries the count
PL = 175  # point length
MB = 50  # middle band between the two rows (dice, labels, centred cube)
FR = 8  # frame
NUMS = 20  # number strip above and below
INFO = 30  # pip / turn line
WIDE, NARROW = 52, 12  # side columns: trays and cube, or nothing
SLAB_H, SLAB_STEP = 8, 10.5  # a borne-off checker seen edge-on
DIE = 30
CUBE = 32

TOP_Y0 = NUMS + FR  # inner top edge
BOT_Y1 = TOP_Y0 + 2 * PL + MB  # inner bottom edge
MID_Y = TOP_Y0 + PL + MB / 2


@dataclass(frozen=True)
class Layout:
    """Where everything goes, for one geometry, flip and cube setting (and a match score).

    Its measures are worked out once per layout (`cached_property`; `layout_for` keeps the few
    layouts there are), since every element of a drawing asks for them.
    """

    geometry: Geometry
    flip: bool
    has_cube: bool
    has_score: bool = False  # a match score beside the board: its column is wide

    # Columns in the unflipped picture: 0..11 left to right within a row.
    @staticmethod
    def column(b: int) -> int:
        return b - 13 if b >= 13 else 12 - b

    @staticmethod
    def is_top(b: int) -> bool:
        return b >= 13

    def _home_right(self, side: Side) -> bool:
        """Whether `side`'s home quadrant is right of the bar (unflipped)."""
        return self.column(self.geometry.to_board(side, 1)) >= 6

    def home_top(self, side: Side) -> bool:
        return self.is_top(self.geometry.to_board(side, 1))

    def entry_top(self, side: Side) -> bool:
        return self.is_top(self.geometry.to_board(side, 24))

    def tray_right(self, side: Side) -> bool:
        """Tray column (unflipped): beside the side's home quadrant."""
        return self._home_right(side)

    def cube_right(self, owner: Side) -> bool:
        return not self.tray_right(owner)

    def score_right(self) -> bool:
        """The score's column (unflipped): the one across from White's tray, the cube's column
        in the opposite geometry, where no tray stands."""
        return not self.tray_right(Side.WHITE)

    @cached_property
    def left_w(self) -> int:
        used = [not self.tray_right(s) for s in Side] + ([self.cube_right(s) is False for s in Side] if self.has_cube else [])
        return WIDE if any(used) or (self.has_score and not self.score_right()) else NARROW

    @cached_property
    def right_w(self) -> int:
        used = [self.tray_right(s) for s in Side] + ([self.cube_right(s) for s in Side] if self.has_cube else [])
        return WIDE if any(used) or (self.has_score and self.score_right()) else NARROW

    @cached_property
    def inner_x0(self) -> float:
        return self.left_w + FR

    @cached_property
    def width(self) -> float:
        return self.left_w + 2 * FR + 12 * PW + PW + self.right_w

    @property
    def height(self) -> float:
        return BOT_Y1 + FR + NUMS + INFO

    def x(self, ux: float) -> float:
        """Mirror an unflipped x when flipped (text stays upright: only positions move)."""
        return self.width - ux if self.flip else ux

    def _cx_column(self, c: int) -> float:
        return self.inner_x0 + c * PW + PW / 2 + (PW if c >= 6 else 0)

    def point_x(self, b: int) -> float:
        return self._point_xs[b]

    @cached_property
    def _point_xs(self) -> tuple[float, ...]:
        """Each board point's x (index 0 unused): a drawing asks for them a few hundred times."""
        return (0.0, *(self.x(self._cx_column(self.column(b))) for b in range(1, 25)))

    def point_span(self, b: int) -> tuple[float, float]:
        """Top and bottom y of board point b's triangle (highlights and head outlines cover it)."""
        return (TOP_Y0, TOP_Y0 + PL) if self.is_top(b) else (BOT_Y1 - PL, BOT_Y1)

    def slot(self, b: int, i: int) -> tuple[float, float]:
        """Centre of the i-th checker (0 = at the edge) on board point b."""
        i = min(i, VISIBLE - 1)
        y = TOP_Y0 + R + i * STEP if self.is_top(b) else BOT_Y1 - R - i * STEP
        return self.point_x(b), y

    @cached_property
    def bar_x(self) -> float:
        return self.x(self.inner_x0 + 6 * PW + PW / 2)

    def bar_slot(self, side: Side, i: int) -> tuple[float, float]:
        """Bar checkers sit in the half next to the side's entry points, from the middle out."""
        i = min(i, VISIBLE - 1)
        if self.entry_top(side):
            return self.bar_x, TOP_Y0 + PL - R - i * STEP
        return self.bar_x, BOT_Y1 - PL + R + i * STEP

    def column_x(self, right: bool) -> float:
        ux = self.width - self.right_w / 2 if right else self.left_w / 2
        return self.x(ux)

    def tray_box(self, side: Side) -> tuple[float, float, float, float]:
        cx = self.column_x(self.tray_right(side))
        w = WIDE - 12
        y0 = TOP_Y0 if self.home_top(side) else BOT_Y1 - PL
        return cx - w / 2, y0, w, PL

    def slab(self, side: Side, i: int) -> tuple[float, float]:
        """Centre of the i-th borne-off checker, stacked from the outer edge inwards."""
        x, y0, w, h = self.tray_box(side)
        if self.home_top(side):
            return x + w / 2, y0 + 4 + SLAB_H / 2 + i * SLAB_STEP
        return x + w / 2, y0 + h - 4 - SLAB_H / 2 - i * SLAB_STEP

    def tray_count_xy(self, side: Side) -> tuple[float, float]:
        x, _, w, _ = self.tray_box(side)
        return x + w / 2, MID_Y + (-12 if self.home_top(side) else 12)

    def cube_xy(self, owner: Side | None) -> tuple[float, float]:
        if owner is None:
            return self.bar_x, MID_Y
        top = self.home_top(owner)
        return self.column_x(self.cube_right(owner)), (TOP_Y0 + CUBE / 2 + 6 if top else BOT_Y1 - CUBE / 2 - 6)

    def score_xy(self) -> tuple[float, float]:
        """The centre of the score in its column: the middle, or the middle of the half no tray
        fills when one side's tray stands in that column (the same-direction games).

        >>> lay = Layout(Geometry.OPPOSITE, flip=False, has_cube=True, has_score=True)
        >>> lay.score_xy() == (lay.left_w / 2, MID_Y), lay.width
        (True, 640)
        """
        right = self.score_right()
        trays = [s for s in Side if self.tray_right(s) == right]
        if not trays:
            return self.column_x(right), MID_Y
        top = self.home_top(trays[0])
        return self.column_x(right), (BOT_Y1 - PL / 2 if top else TOP_Y0 + PL / 2)

    def dice_xy(self, turn: Side, labelled: tuple[int, ...] = ()) -> tuple[float, float]:
        """Dice lie in the mover's half (White's home half, Black the other one), unless
        labels would sit under them there and the other half is free of labels."""
        right = self._home_right(Side.WHITE)
        if turn is Side.BLACK:
            right = not right
        sides = {self.column(b) >= 6 for b in labelled}
        if right in sides and (not right) not in sides:
            right = not right
        c = 9 if right else 3
        return self.x(self.inner_x0 + c * PW + (PW if right else 0)), MID_Y

    def label_xy(self, b: int) -> tuple[float, float]:
        return self.point_x(b), (TOP_Y0 + PL + 11 if self.is_top(b) else BOT_Y1 - PL - 11)


@lru_cache(maxsize=64)
def layout_for(geometry: Geometry, flip: bool, has_cube: bool, has_score: bool = False) -> Layout:
    """The one `Layout` of these settings, its measures already worked out after the first drawing."""
    return Layout(geometry, flip, has_cube, has_score)


def pieces(pos: Position) -> dict[int, list[tuple[Side, int]]]:
    """Per board point: (side, count) from the edge outwards; a pinned checker lies under its pinner.

    Both the checkers and the arrow ends read this, so they agree on stack heights.
    """
    out: dict[int, list[tuple[Side, int]]] = {}
    g = pos.geometry
    for b in range(1, 25):
        stack = []
        for side in Side:
            n = pos.own(side)[g.from_board(side, b)]
            if n:
                stack.append((side, n))
        stack.sort(key=lambda sn: 0 if (sn[0], g.from_board(sn[0], b)) in pos.pinned else 1)
        if stack:
            out[b] = stack
    return out
