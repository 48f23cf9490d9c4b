"""The board and what stands on it: frame, fields, bar, trays, points, numbers, checkers,
dice, cube and the info line. Everything here is the position itself; marks that explain a
play or a rule live in `annotations`.

Repeated shapes (a checker, a point triangle, a die pip, a borne-off slab) are defined once
in `<defs>` and drawn with `<use>`, which keeps the SVG small.

What depends only on the layout (the shapes, the board, the points, the numbers) is drawn once
per layout and kept as its markup (`draw_fixed`, `draw_numbers`): a site draws the same few
boards a thousand times. The diagram's id goes into the kept markup by replacing a stand-in,
so only ids that print as themselves (letters, digits, `-`, `_`) take that way.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..diagram.spec import Diagram
from ..diagram.words import plural
from ..engine.board import Geometry, Position, Side
from .layout import (
    BOT_Y1,
    CUBE,
    DIE,
    FR,
    INFO,
    NUMS,
    PL,
    PW,
    SLAB_H,
    TOP_Y0,
    VISIBLE,
    WIDE,
    Layout,
    R,
    pieces,
)
from .svgkit import Node, box, num, path_d, text_at

DIE_PIPS = {
    1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


ID_STANDIN = "tdkeptidstandin"  # the diagram id in kept markup
_PLAIN_ID = re.compile(r"[A-Za-z0-9_-]+\Z")  # ids that print as themselves in an attribute


def draw_fixed(root: Node, lay: Layout, pid: str) -> None:
    """`draw_defs`, `draw_board` and `draw_points`, as their markup kept for `lay`."""
    if _PLAIN_ID.match(pid) and ID_STANDIN not in pid:
        root.add_markup(_fixed_markup(lay).replace(ID_STANDIN, pid))
        return
    draw_defs(root, pid)
    draw_board(root, lay)
    draw_points(root, lay, pid)


@lru_cache(maxsize=64)
def _fixed_markup(lay: Layout) -> str:
    part = Node("part")
    draw_defs(part, ID_STANDIN)
    draw_board(part, lay)
    draw_points(part, lay, ID_STANDIN)
    return part.inner_markup()


def draw_defs(root: Node, pid: str) -> None:
    """Shapes used many times, ids scoped by the diagram id so several diagrams share a page."""
    defs = root.add("defs")
    defs.add("circle", id=f"{pid}-c", r=num(R))
    defs.add("rect", id=f"{pid}-s", x=num(-(WIDE - 16) / 2), y=num(-SLAB_H / 2), width=num(WIDE - 16),
             height=num(SLAB_H), rx="2")
    defs.add("path", id=f"{pid}-pt", d=path_d([(-PW / 2, 0), (PW / 2, 0), (0, PL - 4)]))
    defs.add("path", id=f"{pid}-pb", d=path_d([(-PW / 2, 0), (PW / 2, 0), (0, -(PL - 4))]))
    defs.add("circle", id=f"{pid}-d", r="2.8")
    defs.add("circle", id=f"{pid}-i", r="7")


def draw_board(root: Node, lay: Layout) -> None:
    """Frame, the two fields, the bar, then the trays in their side columns."""
    W = lay.width
    board = root.add("g", **{"class": "board"})
    board.add("rect", **{"class": "frame", "x": num(min(lay.x(lay.left_w), lay.x(W - lay.right_w))), "y": num(NUMS),
                         "width": num(W - lay.left_w - lay.right_w), "height": num(BOT_Y1 - TOP_Y0 + 2 * FR)})
    for half in (0, 1):
        ux = lay.inner_x0 + half * 7 * PW
        x0 = min(lay.x(ux), lay.x(ux + 6 * PW))
        board.add("rect", **{"class": "field", "x": num(x0), "y": num(TOP_Y0), "width": num(6 * PW),
                             "height": num(BOT_Y1 - TOP_Y0)})
    board.add("rect", **{"class": "bar", "x": num(lay.bar_x - PW / 2), "y": num(TOP_Y0), "width": num(PW),
                         "height": num(BOT_Y1 - TOP_Y0)})
    trays = root.add("g", **{"class": "trays"})
    for side in Side:
        x, y, tw, th = lay.tray_box(side)
        trays.add("rect", **{"class": f"tray {side.value}", "x": num(x), "y": num(y), "width": num(tw),
                             "height": num(th), "rx": "3"})


def draw_points(root: Node, lay: Layout, pid: str) -> None:
    points = root.add("g", **{"class": "points"})
    for b in range(1, 25):
        top = lay.is_top(b)
        parity = "odd" if b % 2 else "even"
        shape = f"#{pid}-pt" if top else f"#{pid}-pb"  # the triangle points into the board
        points.add("use", **{"class": f"point {parity}", "data-point": str(b), "href": shape,
                             "x": num(lay.point_x(b)), "y": num(TOP_Y0 if top else BOT_Y1)})


def draw_numbers(root: Node, lay: Layout, numbers: str) -> None:
    """Point numbers above and below, in White's numbering or, on request, Black's own (kept per layout)."""
    root.add_markup(_numbers_markup(lay, numbers))


@lru_cache(maxsize=64)
def _numbers_markup(lay: Layout, numbers: str) -> str:
    part = Node("part")
    draw_numbers_elements(part, lay, lay.geometry, numbers)
    return part.inner_markup()


def draw_numbers_elements(root: Node, lay: Layout, geometry: Geometry, numbers: str) -> None:
    """The numbers as elements (`draw_numbers` keeps their markup)."""
    nums = root.add("g", **{"class": "numbers"})
    for b in range(1, 25):
        label = b if numbers == "white" else geometry.from_board(Side.BLACK, b)
        y = NUMS / 2 if lay.is_top(b) else BOT_Y1 + FR + NUMS / 2
        text_at(nums, str(label), "num", lay.point_x(b), y)


def _checker(parent: Node, cls: str, point: str, href: str, xy: tuple[float, float], **attrs: str) -> None:
    parent.add("use", **{"class": cls, "data-point": point, "href": href, "x": num(xy[0]), "y": num(xy[1])}, **attrs)


Count = tuple[Side, str, int, tuple[float, float]]


def draw_checkers(root: Node, lay: Layout, pos: Position, pid: str,
                  pins: list[tuple[Side, int, int]], omit: Side | None = None) -> list[Count]:
    """Checkers on the points (a pinned one at the edge, under its pinner), on the bar and off.
    A side the figure leaves out (`omit`) has none drawn anywhere, not even in its tray.

    Returns the count labels of stacks drawn short instead of drawing them: the composer puts
    them above the arrows (`draw_counts`), since an arrow often ends on a tall stack's top checker.
    """
    checkers = root.add("g", **{"class": "checkers"})
    counts: list[Count] = []
    disc, slab = f"#{pid}-c", f"#{pid}-s"
    pinned_at = {(side, b) for side, _, b in pins}
    for b, stack in pieces(pos).items():
        i = 0
        for side, n in stack:
            shown = max(1, min(n, VISIBLE - i))  # a pinned checker under its pinner keeps slot 0
            for k in range(shown):
                if (side, b) in pinned_at and i + k == 0:
                    _checker(checkers, f"checker {side.value} pinned", str(b), disc, lay.slot(b, 0),
                             **{"data-pinned": "true"})
                else:
                    _checker(checkers, f"checker {side.value}", str(b), disc, lay.slot(b, i + k))
            if shown < n:
                counts.append((side, str(b), n, lay.slot(b, i + shown - 1)))
            i += shown
    for side in Side:
        n = pos.bar(side)
        for k in range(min(n, VISIBLE)):
            _checker(checkers, f"checker {side.value}", "bar", disc, lay.bar_slot(side, k))
        if n > VISIBLE:
            counts.append((side, "bar", n, lay.bar_slot(side, VISIBLE - 1)))
    for side in Side:
        n = pos.off(side) if side is not omit else 0
        for k in range(n):
            _checker(checkers, f"checker {side.value}", "off", slab, lay.slab(side, k))
        if n:  # an empty tray needs no "0"
            x, y = lay.tray_count_xy(side)
            text_at(checkers, str(n), f"tray-n {side.value}", x, y, **{"data-count": str(n)})
    return counts


def draw_counts(root: Node, counts: list[Count]) -> None:
    """The number on the top checker of each stack taller than `VISIBLE`, over any arrow."""
    if counts:
        g = root.add("g", **{"class": "counts"})
        for side, point, n, (x, y) in counts:
            text_at(g, str(n), f"count {side.value}", x, y, **{"data-point": point, "data-count": str(n)})


def draw_dice(root: Node, d: Diagram, lay: Layout) -> None:
    cx, cy = lay.dice_xy(d.turn, tuple(b for b, _ in d.options.labels))
    dice = root.add("g", **{"class": "dice"})
    for j, v in enumerate(d.roll.dice):  # type: ignore[union-attr]
        x = cx + (j - 0.5) * (DIE + 8)
        g = dice.add("g", **{"class": "die-g", "data-value": str(v)})
        box(g, "die", x, cy, DIE, DIE, "5")
        for px, py in DIE_PIPS[v]:
            g.add("use", **{"class": "pip", "href": f"#{d.id}-d", "x": num(x + px * 8), "y": num(cy + py * 8)})


def draw_cube(root: Node, lay: Layout, value: int, owner: str) -> None:
    """The cube on the bar when centred, else at its owner's end; a fresh cube reads 64."""
    x, y = lay.cube_xy(None if owner == "centre" else Side(owner))
    g = root.add("g", **{"class": "cube-g", "data-value": str(value), "data-owner": owner})
    box(g, "cube", x, y, CUBE, CUBE, "4")
    face = str(64 if value == 1 else value)
    # An unlimited cube (cube_max: null) can show 128, 1024, …: a smaller face keeps it inside the cube.
    size = min(15, int(28 / (0.62 * len(face))))
    text_at(g, face, "cube-n", x, y, **({"style": f"font-size:{size}px"} if size < 15 else {}))


def draw_info(root: Node, d: Diagram, lay: Layout, w: dict[str, str]) -> None:
    """The bottom line: each side's name and pip count; a triangle marks the side on turn."""
    g = root.add("g", **{"class": "info-g"})
    y = BOT_Y1 + FR + NUMS + INFO / 2
    for k, side in enumerate((Side.WHITE, Side.BLACK)):
        x = lay.inner_x0 + k * 7 * PW + 14
        text = w[side.value]
        if side is d.omit:
            text += f" · {w['omitted_tag']}"
        elif d.options.pips:
            pips = d.position.pips(side)
            text += f" · {pips} {plural(w, 'pips', pips)}"
        on_turn = side is d.turn
        if on_turn:
            g.add("path", **{"class": "turn", "d": path_d([(x - 12, y - 6), (x - 12, y + 6), (x - 3, y)])})
        g.add("use", **{"class": f"checker {side.value} icon", "href": f"#{d.id}-i", "x": num(x + 8), "y": num(y)})
        text_at(g, text, "info" + (" on-turn" if on_turn else ""), x + 20, y,
                **{"data-side": side.value, **({"data-pips": str(d.position.pips(side)), "data-pip-one": plural(w, "pips", 1),
                                            "data-pip-many": w["pips"]} if d.options.pips and side is not d.omit
                                           else {"data-omitted": "true"} if side is d.omit else {})})
