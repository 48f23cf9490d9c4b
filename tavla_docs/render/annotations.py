"""Marks drawn over the board that explain rather than show the position: the play's arrows
and step numbers, hit bursts, Tapa pins, crossed-out moves, highlights, labels, the heads of
the same-direction games and Gülbara's doubles strip.

Each `draw_*` adds one `<g>` to the root; the composer (`svg.render_svg`) decides the order,
which is part of the byte-identical output.

>>> a = arrow(Node("g"), (0, 0), (0, 40), "move")
>>> [p.attribs["class"] for p in a.elements]
['arrow', 'head']
"""
from __future__ import annotations

import math

from ..diagram.facts import Progression, forbidden_moves, numbered, progression_parts
from ..diagram.spec import Diagram
from ..engine.board import BAR, OFF, Position, Side
from ..engine.play import Move, Play
from .layout import MID_Y, PW, Layout, R, pieces
from .svgkit import Node, box, num, path_d, stroke, text_at

XY = tuple[float, float]
PROG_H = 46  # the progression strip under the info line (room for it to double on small screens)
PROG_DIE = 18
PROG_EDGE = 4  # how close to the SVG's side edges the strip may come when it grows


BOW = 0.3  # control-point offset as a share of the arrow's length: a gentle curve
BOW_MAX = 56  # … and at most this much (the curve itself strays half as far)


def bow_control(a: XY, b: XY, centre: XY, sign: int = 1) -> XY:
    """The quadratic control point bowing a → b toward `centre` (away from it when sign = -1).

    Straight arrows run over every checker between two points of a row; bowed toward the
    board's middle they pass above the stacks instead. Rounded, so the output is stable.

    >>> bow_control((0, 0), (100, 0), (50, 80))
    (50.0, 30.0)
    >>> bow_control((0, 0), (100, 0), (50, 80), sign=-1)
    (50.0, -30.0)
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if length < 1:
        return round(mx, 1), round(my, 1)
    nx, ny = -dy / length, dx / length
    if nx * (centre[0] - mx) + ny * (centre[1] - my) < 0:  # ties bow one fixed way
        nx, ny = -nx, -ny
    off = min(BOW * length, BOW_MAX) * sign
    return round(mx + nx * off, 1), round(my + ny * off, 1)


def on_curve(a: XY, c: XY, b: XY, t: float) -> XY:
    """The point at parameter t of the quadratic curve a → b with control c."""
    u = 1 - t
    return (u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1])


def arrow(parent: Node, a: XY, b: XY, cls: str, control: XY | None = None, **attrs: str) -> Node:
    """An arrow a → b: a shaft (straight, or a quadratic curve through `control`) and a computed
    triangular head ending at b, pointing along the curve's last stretch."""
    g = parent.add("g", **{"class": cls}, **attrs)
    c = control if control is not None else ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    dx, dy = b[0] - c[0], b[1] - c[1]  # the tangent at b
    tl = math.hypot(dx, dy) or 1.0
    ux, uy = dx / tl, dy / tl
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    head = min(14.0, length * 0.6)
    base = (b[0] - ux * head, b[1] - uy * head)
    if control is None:
        stroke(g, "arrow", a, base)
    else:  # end the shaft at the head's base so the round cap does not poke through the tip
        g.add("path", **{"class": "arrow", "d": f"M{num(a[0])} {num(a[1])}Q{num(c[0])} {num(c[1])} "
                                                f"{num(base[0])} {num(base[1])}"})
    half = head * 0.55
    g.add("path", **{"class": "head", "d": path_d([b, (base[0] - uy * half, base[1] + ux * half),
                                                    (base[0] + uy * half, base[1] - ux * half)])})
    return g


def _burst(cx: float, cy: float, r1: float = 25, r2: float = 19, n: int = 12) -> list[XY]:
    """A star's corners around (cx, cy): the hit marker, big enough to show round a checker."""
    pts = []
    for k in range(2 * n):
        ang = math.pi * k / n
        r = r1 if k % 2 == 0 else r2
        pts.append((cx + r * math.sin(ang), cy - r * math.cos(ang)))
    return pts


def _point_rect(parent: Node, lay: Layout, b: int, inset: float, **attrs: str) -> Node:
    """A rect over board point b's whole triangle, `inset` in from each edge."""
    y0, y1 = lay.point_span(b)
    x = lay.point_x(b)
    return parent.add("rect", **{"x": num(x - PW / 2 + inset), "y": num(y0 + inset), "width": num(PW - 2 * inset),
                                 "height": num(y1 - y0 - 2 * inset)}, **attrs)


class Tracker:
    """Counts on points, bar and tray as a play's moves are applied, so each arrow starts at the
    checker that moves and ends where it lands, not at a fixed spot."""

    def __init__(self, lay: Layout, pos: Position, pins: bool = False) -> None:
        self.lay = lay
        self.pins = pins  # Tapa: a "hit" pins, the blot stays under the pinner
        self.g = pos.geometry
        self.board = {b: sum(n for _, n in st) for b, st in pieces(pos).items()}
        self.bar = {s: pos.bar(s) for s in Side}
        self.off = {s: pos.off(s) for s in Side}

    def source(self, side: Side, p: int) -> XY:
        if p == BAR:
            return self.lay.bar_slot(side, max(self.bar[side] - 1, 0))
        b = self.g.to_board(side, p)
        return self.lay.slot(b, max(self.board.get(b, 0) - 1, 0))

    def target(self, side: Side, p: int, hit: bool) -> XY:
        if p == OFF:
            return self.lay.slab(side, self.off[side])
        b = self.g.to_board(side, p)
        return self.lay.slot(b, 0 if hit and not self.pins else self.board.get(b, 0))

    def apply(self, side: Side, m: Move) -> None:
        if m.src == BAR:
            self.bar[side] -= 1
        else:
            b = self.g.to_board(side, m.src)
            self.board[b] = self.board.get(b, 0) - 1
        if m.dst == OFF:
            self.off[side] += 1
        else:
            b = self.g.to_board(side, m.dst)
            if m.hit and self.pins:
                self.board[b] = self.board.get(b, 0) + 1  # lands on top of the pinned checker
            elif m.hit:
                self.bar[side.opponent] += 1
                self.board[b] = self.board.get(b, 0)  # the blot leaves, ours arrives
            else:
                self.board[b] = self.board.get(b, 0) + 1


def play_arrows(d: Diagram, lay: Layout, play: Play | None = None) -> list[tuple[XY, XY, Move]]:
    """(from, to, move) per move of the shown play (or `play`, an alternative of it); hits are drawn
    under the checkers, arrows over."""
    play = play if play is not None else d.play
    if play is None:
        return []
    tracker = Tracker(lay, d.position, pins=d.rules.blot == "pin")
    out = []
    for m in play.moves:
        out.append((tracker.source(d.turn, m.src), tracker.target(d.turn, m.dst, m.hit), m))
        tracker.apply(d.turn, m)
    return out


def draw_highlights(root: Node, lay: Layout, points: tuple[int, ...]) -> None:
    hl = root.add("g", **{"class": "highlights"})
    for b in points:
        _point_rect(hl, lay, b, 0, **{"class": "highlight", "data-point": str(b)})


def draw_heads(root: Node, d: Diagram, lay: Layout, w: dict[str, str], heads: tuple[int, int]) -> None:
    """An outline on each head and a tag in the middle band, unless the author labelled that point."""
    g = root.add("g", **{"class": "heads"})
    labelled = {b for b, _ in d.options.labels}
    for side, b in zip((Side.WHITE, Side.BLACK), heads, strict=True):
        hg = g.add("g", **{"class": f"head-g {side.value}", "data-head": side.value, "data-point": str(b)})
        _point_rect(hg, lay, b, 1.5, **{"class": "head-mark", "rx": "3"})
        if b in labelled:
            continue
        tx, ty = lay.label_xy(b)
        box(hg, "head-tag-bg", tx, ty, 6.6 * len(w["head"]) + 10, 15, "7.5")
        text_at(hg, w["head"], "head-tag", tx, ty)


def draw_hits(root: Node, arrows: list[tuple[XY, XY, Move]]) -> None:
    hits = [b for _, b, m in arrows if m.hit]
    if hits:
        hm = root.add("g", **{"class": "hits"})
        for x, y in hits:
            hm.add("path", **{"class": "hit-marker", "d": path_d(_burst(x, y))})


def draw_pins(root: Node, lay: Layout, pins: list[tuple[Side, int, int]]) -> None:
    """A ring round each pinned checker and a nail from it into the pinner above."""
    pg = root.add("g", **{"class": "pins"})
    for side, _, b in pins:
        x, y = lay.slot(b, 0)
        x1, y1 = lay.slot(b, 1)
        one = pg.add("g", **{"class": f"pin-g {side.value}", "data-point": str(b), "data-pinned": side.value})
        one.add("circle", **{"class": "pin-ring", "cx": num(x), "cy": num(y), "r": num(R + 2.5)})
        stroke(one, "pin-bar", (x, y), (x1, (y + y1) / 2))


def centre(lay: Layout) -> XY:
    """The board's middle: arrows bow toward it, away from the stacks along the edges."""
    return lay.bar_x, MID_Y


def draw_play(root: Node, d: Diagram, arrows: list[tuple[XY, XY, Move]], lay: Layout) -> None:
    """One arrow per move (classed bar/off/move, chain, hit), then step numbers when they matter."""
    play_g = root.add("g", **{"class": "play", "data-play": str(d.play)})
    prev_dst: int | None = None
    mid = centre(lay)
    controls = [bow_control(a, b, mid) for a, b, _ in arrows]
    for i, ((a, b, m), c) in enumerate(zip(arrows, controls, strict=True), 1):
        chained = prev_dst is not None and m.src == prev_dst and m.src != BAR
        kind = "bar" if m.src == BAR else "off" if m.dst == OFF else "move"
        cls = f"move {kind}" + (" chain" if chained else "") + (" hit" if m.hit else "")
        arrow(play_g, a, b, cls, c, **{"data-move": str(m), "data-die": str(m.die), "data-step": str(i)})
        prev_dst = m.dst
    if numbered(d):
        for i, ((a, b, _), c) in enumerate(zip(arrows, controls, strict=True), 1):
            x, y = on_curve(a, c, b, 0.3)
            og = play_g.add("g", **{"class": "order-g", "data-step": str(i)})
            og.add("circle", **{"class": "order", "cx": num(x), "cy": num(y), "r": "9"})
            text_at(og, str(i), "order-n", x, y)


def draw_alternatives(root: Node, d: Diagram, lay: Layout,
                      plays: list[tuple[str, list[tuple[XY, XY, Move]]]]) -> None:
    """Each play of an alternatives figure in its own group (`alt-a`, `alt-b`, …: a dash pattern of
    its own) with its letter on its first arrow. A bows toward the board's middle, B away from it,
    so two plays over the same points stay apart; C and D bow as A and B, with other dashes."""
    mid = centre(lay)
    for k, (letter, arrows) in enumerate(plays):
        g = root.add("g", **{"class": f"play alt alt-{letter.lower()}", "data-alt": letter,
                             "data-play": " ".join(str(m) for _, _, m in arrows)})
        sign = 1 if k % 2 == 0 else -1
        controls = [bow_control(a, b, mid, sign) for a, b, _ in arrows]
        for i, ((a, b, m), c) in enumerate(zip(arrows, controls, strict=True), 1):
            kind = "bar" if m.src == BAR else "off" if m.dst == OFF else "move"
            arrow(g, a, b, f"move {kind}" + (" hit" if m.hit else ""), c,
                  **{"data-move": str(m), "data-die": str(m.die), "data-step": str(i)})
        if arrows:
            a, b, _ = arrows[0]
            x, y = on_curve(a, controls[0], b, 0.5)
            tag = g.add("g", **{"class": "alt-tag", "data-alt": letter})
            tag.add("circle", **{"class": "order", "cx": num(x), "cy": num(y), "r": "10"})
            text_at(tag, letter, "order-n", x, y)


def draw_partial_tag(root: Node, d: Diagram, arrows: list[tuple[XY, XY, Move]], w: dict[str, str]) -> None:
    """The words "part of the play" beside the last arrow of a partial play: the rest is not drawn."""
    if not arrows:
        return
    _, (x, y), _ = arrows[-1]
    text = w["partial_tag"]
    ty = y + (24 if y < MID_Y else -24)  # toward the middle of the board, off the checker it ends on
    g = root.add("g", **{"class": "partial-tag", "data-rest": str(d.partial_rest)})
    box(g, "label-bg", x, ty, 6.6 * len(text) + 10, 17, "3")
    text_at(g, text, "label", x, ty)


def draw_forbidden(root: Node, d: Diagram, lay: Layout, play_ends: list[XY] | None = None) -> None:
    """Each forbidden move as dashed arrows from the unchanged position, crossed at the middle.

    A hop ending where a shown move ends (the same tray slot, say) bows the other way and stops
    a checker's radius aside, so its head, cross and dashes do not sit on the real arrow.
    """
    forbidden = forbidden_moves(d)
    if not forbidden:
        return
    ends = play_ends or []
    mid = centre(lay)
    fg = root.add("g", **{"class": "forbidden-moves"})
    ft = Tracker(lay, d.position)
    for text, hops in forbidden:
        g = fg.add("g", **{"class": "forbidden", "data-move": text})
        for src, dst in hops:
            a = ft.source(d.turn, src)
            b = ft.target(d.turn, dst, False)
            shared = any(math.hypot(b[0] - e[0], b[1] - e[1]) < R for e in ends)
            if shared:  # bow away from the middle and stop a checker's width aside: heads and crosses part
                c0 = bow_control(a, b, mid, -1)
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                k = R / (math.hypot(c0[0] - mx, c0[1] - my) or 1.0)
                b = (round(b[0] + (c0[0] - mx) * k, 1), round(b[1] + (c0[1] - my) * k, 1))
            c = bow_control(a, b, mid, -1 if shared else 1)
            arrow(g, a, b, "move", c)
            mx, my = on_curve(a, c, b, 0.5)
            s = 7
            g.add("path", **{"class": "cross", "d": path_d([(mx - s, my - s), (mx + s, my + s)], close=False)
                             + path_d([(mx - s, my + s), (mx + s, my - s)], close=False)})


def draw_labels(root: Node, lay: Layout, labels: tuple[tuple[int, str], ...]) -> None:
    lg = root.add("g", **{"class": "labels"})
    for b, text in labels:
        x, y = lay.label_xy(b)
        g = lg.add("g", **{"class": "label-g", "data-point": str(b)})
        box(g, "label-bg", x, y, max(PW - 4, 6.6 * len(text) + 8), 17, "3")
        text_at(g, text, "label", x, y)


def draw_progression(root: Node, prog: Progression, d: Diagram, lay: Layout, w: dict[str, str]) -> None:
    """Gülbara's doubles plan as a strip of small dice under the info line, played ones filled."""
    y = lay.height + PROG_H / 2
    g = root.add("g", **{"class": "progression", "data-plan": " ".join(map(str, prog.plan)),
                         "data-normal": "true" if prog.normal else "false",
                         **({"data-used": str(prog.used)} if prog.used is not None else {}),
                         **({"data-turn": str(d.turn_number)} if d.turn_number is not None else {})})
    x = lay.inner_x0
    text_at(g, w["prog_label"], "prog-label", x, y)
    x += 7.5 * len(w["prog_label"]) + 10
    for k, (v, n, state) in enumerate(progression_parts(prog)):
        if k:
            text_at(g, "→", "prog-arrow", x + 5, y)
            x += 14
        gg = g.add("g", **{"class": f"prog-g {state}", "data-value": str(v), "data-count": str(n)})
        cx = x + PROG_DIE / 2
        box(gg, "prog-die", cx, y, PROG_DIE, PROG_DIE, "3")
        text_at(gg, str(v), "prog-n", cx, y)
        text_at(gg, f"×{n}", "prog-x", x + PROG_DIE + 10, y)
        if state in ("stopped", "void"):
            s2 = PROG_DIE / 2  # corner to corner: the strip's height bounds how far it can grow
            stroke(gg, "prog-stop", (cx - s2, y + s2), (cx + s2, y - s2))
        x += PROG_DIE + 22  # tight: on a phone the strip grows until it spans the board
    end = x
    if prog.normal and d.turn_number is not None:
        normal = w["normal_label"].format(turn=d.turn_number)
        text_at(g, normal, "prog-label", x + 8, y)
        end = x + 8 + 7.5 * len(normal)
    g.attribs["style"] = fit_style(lay, end - lay.inner_x0)


def fit_style(lay: Layout, width: float) -> str:
    """How far the strip may grow on small screens (`themes`: `--td-fit`), and the room it has:
    `--td-w` its width, `--td-room` the space right of its start, `--td-pull` how far it may move left.

    It may span the SVG's width but `PROG_EDGE` at each side, and grow until its dice fill the strip.

    >>> from tavla_docs.engine.board import Geometry
    >>> fit_style(Layout(Geometry.SAME, flip=False, has_cube=False), 300)
    '--td-fit:2.1;--td-pull:56;--td-room:576;--td-w:300'
    >>> fit_style(Layout(Geometry.SAME, flip=False, has_cube=False), 100)[:13]  # a short strip: as tall as it can be
    '--td-fit:2.14'
    """
    room = lay.width - PROG_EDGE - lay.inner_x0
    pull = lay.inner_x0 - PROG_EDGE
    fit = min((room + pull) / max(width, 1.0), (PROG_H - 2) / (PROG_DIE + 2.5))
    hundredths = f"{math.floor(fit * 100) / 100:.2f}".rstrip("0").rstrip(".")  # rounded down: never wider
    return f"--td-fit:{hundredths};--td-pull:{num(pull)};--td-room:{num(room)};--td-w:{num(width)}"
