"""Draw a `Diagram` as one self-contained, deterministic `<svg>` element.

Layout (default, `flip: false`): White's home B1–B6 bottom right, B13–B24 along
the top from left to right, the bar in the middle, borne-off trays in the side
column next to each side's home, the cube (variants with one) on the bar when
centred or in the other side column at its owner's end. Everything is placed by
`Layout`, which works from `Geometry.to_board`, never from `25 - p`, so a
same-direction variant lays itself out.

Output rules (python-chess's `chess.svg` habits): `viewBox` always; pieces,
points and dice faces in `<defs>` and drawn with `<use>`; a class on every
element; arrowheads as computed polygons; `<title>`/`<desc>` with
`aria-labelledby`; ids and CSS scoped by the diagram's id; fixed element order.

>>> from tavla_docs.board import Position, Side
>>> from tavla_docs.render.options import DiagramOptions
>>> from tavla_docs.rules import TAVLA
>>> from tavla_docs.render.diagram import Diagram
>>> d = Diagram(Position.from_board({6: 2}, {19: 1}), Side.WHITE, TAVLA, None, None,
...             DiagramOptions(), "Two on the six", None, "td-doc")
>>> svg = render_svg(d)
>>> svg.startswith('<svg aria-labelledby="td-doc-title td-doc-desc" class="tavla-diagram theme-default"')
True
>>> svg.count('class="checker white" data-point="6"'), svg.count('data-point="off"')
(2, 27)
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..board import BAR, OFF, Geometry, Position, Side
from ..moves import Move
from ..notation import parse_play
from .diagram import Diagram, dice_order_matters
from .svgkit import SVG_NS, Node, num, path_d
from .themes import css

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

WORDS = {
    "en": {
        "white": "White", "black": "Black", "pips": "pips", "to_play": "{side} to play", "roll": "roll {roll}",
        "points": "{n} on the {p}-point", "bar": "{n} on the bar", "off": "{n} borne off", "none": "no checkers on the board",
        "pipcount": "pip count {n}", "play": "Play shown: {play}", "no_play": "no move",
        "order": "The order of the dice matters: {steps}.", "step": "{i}. {move} with the {die}",
        "forbidden": "Crossed out, not allowed: {moves}.", "highlight": "Highlighted points: {points}.",
        "labels": "Labels: {labels}.", "cube": "Cube at {value}, {owner}.", "centred": "centred",
        "owned": "owned by {side}", "own_numbers": "Points are counted from each side's own home.",
        "hit": " (hits)",
        "head": "head", "heads": "Heads (each side's starting point, its own 24): White {w}, Black {b}.",
        "pinned": "Pinned: {items}.", "pinned_item": "{side}'s checker on its {p}-point (board point {b}) under {pinner}",
        "pin_tag": "pin",
        "prog_label": "Doubles:", "prog_desc": "Turn {turn}: {roll} is played as the progression {plan}.",
        "prog_played": "Played: {n} of {total} moves.", "prog_stop": "A {d} cannot be played: the turn stops and {rest} {verb}.",
        "forfeit": "is forfeited", "opponent": "goes to the opponent", "prog_end": "The last checker is off: the game ends and the rest is void.",
        "normal_double": "Turn {turn}: doubles are four ordinary moves in the first {n} turns.",
        "normal_label": "turn {turn}: four moves",
    },
    "tr": {
        "white": "Beyaz", "black": "Siyah", "pips": "pip", "to_play": "Sıra {side} oyuncusunda", "roll": "zar {roll}",
        "points": "{p} numaralı hanede {n}", "bar": "kırıkta {n}", "off": "{n} pul toplanmış", "none": "tahtada pulu yok",
        "pipcount": "pip sayısı {n}", "play": "Gösterilen hamle: {play}", "no_play": "hamle yok",
        "order": "Zarların sırası önemli: {steps}.", "step": "{i}. {move}, {die} ile",
        "forbidden": "Çarpı ile gösterilen, oynanamaz: {moves}.", "highlight": "İşaretli haneler: {points}.",
        "labels": "Etiketler: {labels}.", "cube": "Küp {value}, {owner}.", "centred": "ortada",
        "owned": "{side} oyuncusunda", "own_numbers": "Haneler her oyuncunun kendi evinden sayılır.",
        "hit": " (kırar)",
        "head": "baş", "heads": "Başlar (her oyuncunun başladığı, kendi 24 numaralı hanesi): Beyaz {w}, Siyah {b}.",
        "pinned": "Tapalı pullar: {items}.", "pinned_item": "{side} oyuncusunun kendi {p} numaralı hanedeki pulu (tahtada {b}), {pinner} pulunun altında",
        "pin_tag": "tapa",
        "prog_label": "Çift:", "prog_desc": "{turn}. sıra: {roll} ilerleme olarak oynanır: {plan}.",
        "prog_played": "Oynanan: {total} hamlenin {n} tanesi.", "prog_stop": "{d} oynanamıyor: sıra burada biter ve kalan {rest} {verb}.",
        "forfeit": "yanar", "opponent": "rakibe geçer", "prog_end": "Son pul toplandı: oyun biter, kalan zarlar geçersizdir.",
        "normal_double": "{turn}. sıra: ilk {n} sırada çift zar dört normal hamle olarak oynanır.",
        "normal_label": "{turn}. sıra: dört hamle",
    },
}
VARIANT_NAMES = {"tavla": "Tavla", "backgammon": "Backgammon", "uzun": "Uzun tavla", "tapa": "Tapa",
                 "gulbara": "Gülbara"}
HEAD = 24  # own point of the head in the same-direction games


def _w(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


# --- layout -------------------------------------------------------------------------

@dataclass(frozen=True)
class Layout:
    """Where everything goes, for one geometry, flip and cube setting."""

    geometry: Geometry
    flip: bool
    has_cube: bool

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

    @property
    def left_w(self) -> int:
        used = [not self.tray_right(s) for s in Side] + ([self.cube_right(s) is False for s in Side] if self.has_cube else [])
        return WIDE if any(used) else NARROW

    @property
    def right_w(self) -> int:
        used = [self.tray_right(s) for s in Side] + ([self.cube_right(s) for s in Side] if self.has_cube else [])
        return WIDE if any(used) else NARROW

    @property
    def inner_x0(self) -> float:
        return self.left_w + FR

    @property
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
        return self.x(self._cx_column(self.column(b)))

    def slot(self, b: int, i: int) -> tuple[float, float]:
        """Centre of the i-th checker (0 = at the edge) on board point b."""
        i = min(i, VISIBLE - 1)
        y = TOP_Y0 + R + i * STEP if self.is_top(b) else BOT_Y1 - R - i * STEP
        return self.point_x(b), y

    @property
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


# --- drawing helpers ----------------------------------------------------------------

def _arrow(parent: Node, a: tuple[float, float], b: tuple[float, float], cls: str, **attrs: str) -> Node:
    """A straight arrow a → b: a shaft and a computed triangular head ending at b."""
    g = parent.add("g", **{"class": cls}, **attrs)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    head = min(14.0, length * 0.6)
    base = (b[0] - ux * head, b[1] - uy * head)
    g.add("path", **{"class": "arrow", "d": path_d([a, base], close=False)})
    half = head * 0.55
    g.add("path", **{"class": "head", "d": path_d([b, (base[0] - uy * half, base[1] + ux * half),
                                                    (base[0] + uy * half, base[1] - ux * half)])})
    return g


def _burst(cx: float, cy: float, r1: float = 25, r2: float = 19, n: int = 12) -> list[tuple[float, float]]:
    pts = []
    for k in range(2 * n):
        ang = math.pi * k / n
        r = r1 if k % 2 == 0 else r2
        pts.append((cx + r * math.sin(ang), cy - r * math.cos(ang)))
    return pts


def _pieces(pos: Position) -> dict[int, list[tuple[Side, int]]]:
    """Per board point: (side, count) from the edge outwards; a pinned checker lies under its pinner."""
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


class _Tracker:
    """Counts on points, bar and tray as a play's moves are applied (for arrow ends)."""

    def __init__(self, lay: Layout, pos: Position, pins: bool = False) -> None:
        self.lay = lay
        self.pins = pins  # Tapa: a "hit" pins, the blot stays under the pinner
        self.g = pos.geometry
        self.board = {b: sum(n for _, n in st) for b, st in _pieces(pos).items()}
        self.bar = {s: pos.bar(s) for s in Side}
        self.off = {s: pos.off(s) for s in Side}

    def source(self, side: Side, p: int) -> tuple[float, float]:
        if p == BAR:
            return self.lay.bar_slot(side, max(self.bar[side] - 1, 0))
        b = self.g.to_board(side, p)
        return self.lay.slot(b, max(self.board.get(b, 0) - 1, 0))

    def target(self, side: Side, p: int, hit: bool) -> tuple[float, float]:
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


def _forbidden_moves(d: Diagram) -> list[tuple[str, list[tuple[int, int]]]]:
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


# --- description (the <desc> text and screen-reader fallback) -----------------------------

def _point_name(p: int) -> str:
    return str(p)


def describe(diagram: Diagram, lang: str = "en") -> str:
    """A plain-text account of the position and play, in `lang` (en or tr)."""
    w = _w(lang)
    pos = diagram.position
    parts = []
    head = VARIANT_NAMES.get(diagram.rules.variant, diagram.rules.variant.replace("_", " ").title())
    turn = w["to_play"].format(side=w[diagram.turn.value])
    if diagram.roll is not None:
        turn += ", " + w["roll"].format(roll=diagram.roll)
    parts.append(f"{head}. {turn}.")
    for side in Side:
        arr = pos.own(side)
        items = [w["points"].format(n=arr[p], p=_point_name(p)) for p in range(24, 0, -1) if arr[p]]
        if arr[BAR]:
            items.append(w["bar"].format(n=arr[BAR]))
        if arr[OFF]:
            items.append(w["off"].format(n=arr[OFF]))
        if not any(arr[1:26]):
            items.insert(0, w["none"])
        if diagram.options.pips:
            items.append(w["pipcount"].format(n=pos.pips(side)))
        parts.append(f"{w[side.value]}: {', '.join(items)}.")
    parts.append(w["own_numbers"])
    heads = head_points(diagram)
    if heads is not None:
        parts.append(w["heads"].format(w=heads[0], b=heads[1]))
    pins = pinned_checkers(pos)
    if pins:
        items = [w["pinned_item"].format(side=w[side.value], p=p, b=b, pinner=w[side.opponent.value])
                 for side, p, b in pins]
        parts.append(w["pinned"].format(items="; ".join(items)))
    if diagram.play is not None:
        shown = str(diagram.play) if diagram.play.moves else w["no_play"]
        parts.append(w["play"].format(play=shown) + ".")
        if _numbered(diagram):
            steps = "; ".join(w["step"].format(i=i, move=str(m), die=m.die)
                              for i, m in enumerate(diagram.play.moves, 1))
            parts.append(w["order"].format(steps=steps))
    prog = progression(diagram)
    if prog is not None:
        parts.append(_progression_desc(prog, diagram, w))
    if diagram.options.forbidden:
        parts.append(w["forbidden"].format(moves=", ".join(diagram.options.forbidden)))
    if diagram.options.highlight:
        parts.append(w["highlight"].format(points=", ".join(str(b) for b in diagram.options.highlight)))
    if diagram.options.labels:
        parts.append(w["labels"].format(labels="; ".join(f"{b}: {t}" for b, t in diagram.options.labels)))
    if diagram.rules.has_cube and diagram.options.cube is not None:
        value, owner = diagram.options.cube
        who = w["centred"] if owner == "centre" else w["owned"].format(side=w[owner])
        parts.append(w["cube"].format(value=value, owner=who))
    return " ".join(parts)


def _numbered(d: Diagram) -> bool:
    if d.play is None or not d.play.moves:
        return False
    if d.options.order is not None:
        return d.options.order
    return dice_order_matters(d.position, d.turn, d.roll, d.rules, d.play, d.ctx)


# --- what only some games draw: heads, pins, the doubles progression ------------------------

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
    """The doubles plan of the diagram's roll, when the game has a progression (Gülbara)."""
    rules, roll = d.rules, d.roll
    if roll is None or not roll.is_double or rules.dice_plan is None:
        return None
    if not str(rules.facts.doubles).startswith("progression"):
        return None
    plan = tuple(rules.dice_plan(roll, d.ctx, rules)[0])
    from ..variants.gulbara import normal_doubles
    normal = normal_doubles(d.ctx, rules)
    used = d.play.dice_used if d.play is not None else None
    ended = d.play is not None and d.play.position.off(d.turn) == 15
    stop = used if used is not None and used < len(plan) and not ended and not normal else None
    return Progression(plan, normal, used, ended, stop)


def _progression_desc(prog: Progression, d: Diagram, w: dict[str, str]) -> str:
    turn = d.turn_number if d.turn_number is not None else "4+"
    if prog.normal:
        return w["normal_double"].format(turn=turn, n=d.rules.options.get("normal_doubles_turns", 3))
    plan = " ".join(str(v) for v in prog.plan)
    out = [w["prog_desc"].format(turn=turn, roll=d.roll, plan=plan)]
    if prog.used is not None:
        out.append(w["prog_played"].format(n=prog.used, total=len(prog.plan)))
    if prog.ended:
        out.append(w["prog_end"])
    elif prog.stop is not None:
        verb = w["opponent"] if d.rules.options.get("unplayable_remainder") == "opponent" else w["forfeit"]
        rest = " ".join(str(v) for v in prog.plan[prog.stop:])
        out.append(w["prog_stop"].format(d=prog.plan[prog.stop], rest=rest, verb=verb))
    return " ".join(out)


PROG_H = 34  # the progression strip under the info line
PROG_DIE = 18


def _progression_parts(prog: Progression) -> list[tuple[int, int, str]]:
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


def _draw_progression(root: Node, prog: Progression, d: Diagram, lay: Layout, w: dict[str, str]) -> None:
    y = lay.height + PROG_H / 2
    g = root.add("g", **{"class": "progression", "data-plan": " ".join(map(str, prog.plan)),
                         "data-normal": "true" if prog.normal else "false",
                         **({"data-used": str(prog.used)} if prog.used is not None else {}),
                         **({"data-turn": str(d.turn_number)} if d.turn_number is not None else {})})
    x = lay.inner_x0
    g.add("text", w["prog_label"], **{"class": "prog-label", "x": num(x), "y": num(y)})
    x += 7.5 * len(w["prog_label"]) + 10
    for k, (v, n, state) in enumerate(_progression_parts(prog)):
        if k:
            g.add("text", "→", **{"class": "prog-arrow", "x": num(x + 6), "y": num(y)})
            x += 16
        gg = g.add("g", **{"class": f"prog-g {state}", "data-value": str(v), "data-count": str(n)})
        cx = x + PROG_DIE / 2
        gg.add("rect", **{"class": "prog-die", "x": num(x), "y": num(y - PROG_DIE / 2), "width": num(PROG_DIE),
                          "height": num(PROG_DIE), "rx": "3"})
        gg.add("text", str(v), **{"class": "prog-n", "x": num(cx), "y": num(y)})
        gg.add("text", f"×{n}", **{"class": "prog-x", "x": num(x + PROG_DIE + 12), "y": num(y)})
        if state in ("stopped", "void"):
            s2 = PROG_DIE / 2 + 2
            gg.add("path", **{"class": "prog-stop", "d": path_d([(cx - s2, y + s2), (cx + s2, y - s2)], close=False)})
        x += PROG_DIE + 26
    if prog.normal and d.turn_number is not None:
        g.add("text", w["normal_label"].format(turn=d.turn_number), **{"class": "prog-label", "x": num(x + 8), "y": num(y)})


def _draw_heads(root: Node, d: Diagram, lay: Layout, w: dict[str, str], heads: tuple[int, int]) -> None:
    g = root.add("g", **{"class": "heads"})
    labelled = {b for b, _ in d.options.labels}
    for side, b in zip((Side.WHITE, Side.BLACK), heads):
        top = lay.is_top(b)
        x = lay.point_x(b)
        y0, y1 = (TOP_Y0, TOP_Y0 + PL) if top else (BOT_Y1 - PL, BOT_Y1)
        hg = g.add("g", **{"class": f"head-g {side.value}", "data-head": side.value, "data-point": str(b)})
        hg.add("rect", **{"class": "head-mark", "x": num(x - PW / 2 + 1.5), "y": num(y0 + 1.5), "width": num(PW - 3),
                          "height": num(y1 - y0 - 3), "rx": "3"})
        if b in labelled:
            continue
        tx, ty = lay.label_xy(b)
        tw = 6 * len(w["head"]) + 10
        hg.add("rect", **{"class": "head-tag-bg", "x": num(tx - tw / 2), "y": num(ty - 7), "width": num(tw),
                          "height": "14", "rx": "7"})
        hg.add("text", w["head"], **{"class": "head-tag", "x": num(tx), "y": num(ty)})


# --- the SVG ---------------------------------------------------------------------------

def _defs(root: Node, pid: str) -> None:
    defs = root.add("defs")
    defs.add("circle", id=f"{pid}-c", r=num(R))
    defs.add("rect", id=f"{pid}-s", x=num(-(WIDE - 16) / 2), y=num(-SLAB_H / 2), width=num(WIDE - 16),
             height=num(SLAB_H), rx="2")
    defs.add("path", id=f"{pid}-pt", d=path_d([(-PW / 2, 0), (PW / 2, 0), (0, PL - 4)]))
    defs.add("path", id=f"{pid}-pb", d=path_d([(-PW / 2, 0), (PW / 2, 0), (0, -(PL - 4))]))
    defs.add("circle", id=f"{pid}-d", r="2.8")
    defs.add("circle", id=f"{pid}-i", r="7")


DIE_PIPS = {
    1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def render_svg(diagram: Diagram) -> str:
    """The diagram as an `<svg>` element string (no XML declaration), ready to inline in HTML."""
    d = diagram
    o = d.options
    pid = d.id
    has_cube = d.rules.has_cube and o.cube is not None
    lay = Layout(d.position.geometry, o.flip, has_cube)
    W, H = lay.width, lay.height
    w = _w(d.lang)
    heads = head_points(d)
    pins = pinned_checkers(d.position)
    prog = progression(d)
    features = tuple(f for f, on in (("head", heads is not None), ("pin", bool(pins)), ("progression", prog is not None)) if on)
    if prog is not None:
        H += PROG_H
    desc = d.desc if d.desc is not None else describe(d, d.lang)
    root = Node("svg", **{
        "xmlns": SVG_NS, "id": pid, "class": f"tavla-diagram theme-{o.theme}", "viewBox": f"0 0 {num(W)} {num(H)}",
        "role": "img", "aria-labelledby": f"{pid}-title {pid}-desc",
    })
    root.add("title", d.title, id=f"{pid}-title")
    root.add("desc", desc, id=f"{pid}-desc")
    root.add("style", css(pid, o.theme, features))
    _defs(root, pid)
    href = lambda name: f"#{pid}-{name}"  # noqa: E731

    # Board: frame, two fields, bar, side columns.
    board = root.add("g", **{"class": "board"})
    bx0 = lay.left_w
    board.add("rect", **{"class": "frame", "x": num(min(lay.x(bx0), lay.x(W - lay.right_w))), "y": num(NUMS),
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

    points = root.add("g", **{"class": "points"})
    for b in range(1, 25):
        top = lay.is_top(b)
        parity = "odd" if b % 2 else "even"
        points.add("use", **{"class": f"point {parity}", "data-point": str(b), "href": href("pt" if top else "pb"),
                             "x": num(lay.point_x(b)), "y": num(TOP_Y0 if top else BOT_Y1)})
    if o.highlight:
        hl = root.add("g", **{"class": "highlights"})
        for b in o.highlight:
            top = lay.is_top(b)
            x = lay.point_x(b)
            y0, y1 = (TOP_Y0, TOP_Y0 + PL) if top else (BOT_Y1 - PL, BOT_Y1)
            hl.add("rect", **{"class": "highlight", "data-point": str(b), "x": num(x - PW / 2), "y": num(y0),
                              "width": num(PW), "height": num(y1 - y0)})

    if heads is not None:
        _draw_heads(root, d, lay, w, heads)

    nums = root.add("g", **{"class": "numbers"})
    for b in range(1, 25):
        label = b if o.numbers == "white" else d.position.geometry.from_board(Side.BLACK, b)
        y = NUMS / 2 if lay.is_top(b) else BOT_Y1 + FR + NUMS / 2
        nums.add("text", str(label), **{"class": "num", "x": num(lay.point_x(b)), "y": num(y)})

    # Markers under the checkers: hit bursts around the blots the play hits.
    tracker = _Tracker(lay, d.position, pins=d.rules.blot == "pin")
    hits: list[tuple[float, float]] = []
    arrows: list[tuple[tuple[float, float], tuple[float, float], Move]] = []
    if d.play is not None:
        for m in d.play.moves:
            a = tracker.source(d.turn, m.src)
            b = tracker.target(d.turn, m.dst, m.hit)
            if m.hit:
                hits.append(b)
            arrows.append((a, b, m))
            tracker.apply(d.turn, m)
    if hits:
        hm = root.add("g", **{"class": "hits"})
        for x, y in hits:
            hm.add("path", **{"class": "hit-marker", "d": path_d(_burst(x, y))})

    checkers = root.add("g", **{"class": "checkers"})
    pinned_at = {(side, b) for side, _, b in pins}
    for b, stack in _pieces(d.position).items():
        i = 0
        for side, n in stack:
            shown = max(1, min(n, VISIBLE - i))  # a pinned checker under its pinner keeps slot 0
            for k in range(shown):
                x, y = lay.slot(b, i + k)
                if (side, b) in pinned_at and i + k == 0:
                    checkers.add("use", **{"class": f"checker {side.value} pinned", "data-point": str(b),
                                           "data-pinned": "true", "href": href("c"), "x": num(x), "y": num(y)})
                    continue
                checkers.add("use", **{"class": f"checker {side.value}", "data-point": str(b), "href": href("c"),
                                       "x": num(x), "y": num(y)})
            if shown < n:
                x, y = lay.slot(b, i + shown - 1)
                checkers.add("text", str(n), **{"class": f"count {side.value}", "data-point": str(b),
                                                 "data-count": str(n), "x": num(x), "y": num(y)})
            i += shown
    if pins:
        pg = root.add("g", **{"class": "pins"})
        for side, p, b in pins:
            x, y = lay.slot(b, 0)
            x1, y1 = lay.slot(b, 1)
            one = pg.add("g", **{"class": f"pin-g {side.value}", "data-point": str(b), "data-pinned": side.value})
            one.add("circle", **{"class": "pin-ring", "cx": num(x), "cy": num(y), "r": num(R + 2.5)})
            # the nail: from the pinned checker's centre into the pinner above it
            one.add("path", **{"class": "pin-bar", "d": path_d([(x, y), (x1, (y + y1) / 2)], close=False)})
    for side in Side:
        n = d.position.bar(side)
        for k in range(min(n, VISIBLE)):
            x, y = lay.bar_slot(side, k)
            checkers.add("use", **{"class": f"checker {side.value}", "data-point": "bar", "href": href("c"),
                                   "x": num(x), "y": num(y)})
        if n > VISIBLE:
            x, y = lay.bar_slot(side, VISIBLE - 1)
            checkers.add("text", str(n), **{"class": f"count {side.value}", "data-point": "bar",
                                             "data-count": str(n), "x": num(x), "y": num(y)})
    for side in Side:
        n = d.position.off(side)
        for k in range(n):
            x, y = lay.slab(side, k)
            checkers.add("use", **{"class": f"checker {side.value}", "data-point": "off", "href": href("s"),
                                   "x": num(x), "y": num(y)})
        x, y = lay.tray_count_xy(side)
        checkers.add("text", str(n), **{"class": f"tray-n {side.value}", "data-count": str(n), "x": num(x), "y": num(y)})

    if d.roll is not None and o.dice:
        cx, cy = lay.dice_xy(d.turn, tuple(b for b, _ in o.labels))
        dice = root.add("g", **{"class": "dice"})
        for j, v in enumerate(d.roll.dice):
            x = cx + (j - 0.5) * (DIE + 8)
            g = dice.add("g", **{"class": "die-g", "data-value": str(v)})
            g.add("rect", **{"class": "die", "x": num(x - DIE / 2), "y": num(cy - DIE / 2), "width": num(DIE),
                             "height": num(DIE), "rx": "5"})
            for px, py in DIE_PIPS[v]:
                g.add("use", **{"class": "pip", "href": href("d"), "x": num(x + px * 8), "y": num(cy + py * 8)})

    if has_cube:
        value, owner = o.cube  # type: ignore[misc]
        who = None if owner == "centre" else Side(owner)
        x, y = lay.cube_xy(who)
        g = root.add("g", **{"class": "cube-g", "data-value": str(value), "data-owner": owner})
        g.add("rect", **{"class": "cube", "x": num(x - CUBE / 2), "y": num(y - CUBE / 2), "width": num(CUBE),
                         "height": num(CUBE), "rx": "4"})
        g.add("text", str(64 if value == 1 else value), **{"class": "cube-n", "x": num(x), "y": num(y)})

    if arrows:
        numbered = _numbered(d)
        play_g = root.add("g", **{"class": "play", "data-play": str(d.play)})
        prev_dst: int | None = None
        for i, (a, b, m) in enumerate(arrows, 1):
            chained = prev_dst is not None and m.src == prev_dst and m.src != BAR
            kind = "bar" if m.src == BAR else "off" if m.dst == OFF else "move"
            cls = f"move {kind}" + (" chain" if chained else "") + (" hit" if m.hit else "")
            _arrow(play_g, a, b, cls, **{"data-move": str(m), "data-die": str(m.die), "data-step": str(i)})
            prev_dst = m.dst
        if numbered:
            for i, (a, b, m) in enumerate(arrows, 1):
                t = 0.3
                x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
                og = play_g.add("g", **{"class": "order-g", "data-step": str(i)})
                og.add("circle", **{"class": "order", "cx": num(x), "cy": num(y), "r": "8"})
                og.add("text", str(i), **{"class": "order-n", "x": num(x), "y": num(y)})

    forbidden = _forbidden_moves(d)
    if forbidden:
        fg = root.add("g", **{"class": "forbidden-moves"})
        ft = _Tracker(lay, d.position)
        for text, hops in forbidden:
            g = fg.add("g", **{"class": "forbidden", "data-move": text})
            for src, dst in hops:
                a = ft.source(d.turn, src)
                b = ft.target(d.turn, dst, False)
                _arrow(g, a, b, "move")
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                s = 7
                g.add("path", **{"class": "cross", "d": path_d([(mx - s, my - s), (mx + s, my + s)], close=False)
                                 + path_d([(mx - s, my + s), (mx + s, my - s)], close=False)})

    if o.labels:
        lg = root.add("g", **{"class": "labels"})
        for b, text in o.labels:
            x, y = lay.label_xy(b)
            width = max(PW - 4, 6 * len(text) + 8)
            g = lg.add("g", **{"class": "label-g", "data-point": str(b)})
            g.add("rect", **{"class": "label-bg", "x": num(x - width / 2), "y": num(y - 8), "width": num(width),
                             "height": "16", "rx": "3"})
            g.add("text", text, **{"class": "label", "x": num(x), "y": num(y)})

    _info(root, d, lay, w)
    if prog is not None:
        _draw_progression(root, prog, d, lay, w)
    return root.tostring()


def _info(root: Node, d: Diagram, lay: Layout, w: dict[str, str]) -> None:
    """The bottom line: each side's name and pip count; a triangle marks the side on turn."""
    g = root.add("g", **{"class": "info-g"})
    y = BOT_Y1 + FR + NUMS + INFO / 2
    for k, side in enumerate((Side.WHITE, Side.BLACK)):
        x = lay.inner_x0 + k * 7 * PW + 14
        text = w[side.value]
        if d.options.pips:
            text += f" · {d.position.pips(side)} {w['pips']}"
        on_turn = side is d.turn
        if on_turn:
            g.add("path", **{"class": "turn", "d": path_d([(x - 12, y - 6), (x - 12, y + 6), (x - 3, y)])})
        g.add("use", **{"class": f"checker {side.value} icon", "href": f"#{d.id}-i", "x": num(x + 8), "y": num(y)})
        g.add("text", text, **{"class": "info" + (" on-turn" if on_turn else ""), "x": num(x + 20), "y": num(y),
                               "data-side": side.value, **({"data-pips": str(d.position.pips(side))} if d.options.pips else {})})

