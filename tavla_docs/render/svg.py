"""Draw a `Diagram` as one self-contained, deterministic `<svg>` element.

This module only composes; each job has its own module:

- `layout`: board geometry (points, bar, trays, dice, cube; flip; same/opposite direction),
- `board_layer`: the board and the position on it (checkers, dice, cube, info line),
- `annotations`: arrows, hit and pin marks, crossed-out moves, highlights, labels, heads,
  the doubles progression,
- `status`: the no-play notice under the board and a match's score beside it.

What it draws is decided before: `tavla_docs.diagram` holds the finished `Diagram`, the
`facts` those marks mean (shared with `describe`, the `<desc>` text) and the `words`.
Nothing here generates, walks or parses plays.

Output rules (python-chess's `chess.svg` habits): `viewBox` always; pieces,
points and dice faces in `<defs>` and drawn with `<use>`; a class on every
element; arrowheads as computed polygons; `<title>`/`<desc>` with
`aria-labelledby`; ids and CSS scoped by the diagram's id; fixed element order
(the order of the calls in `render_svg` is part of the byte-identical output).

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.diagram.options import DiagramOptions
>>> from tavla_docs.diagram.spec import Diagram
>>> from tavla_docs.variants import TAVLA
>>> d = Diagram(Position.from_board({6: 2}, {19: 1}, checkers=15), Side.WHITE, TAVLA, None, None,
...             DiagramOptions(), "Two on the six", None, "td-doc", order_matters=False, doubles=None)
>>> svg = render_svg(d)
>>> svg.startswith('<svg aria-labelledby="td-doc-title td-doc-desc" class="tavla-diagram theme-default"')
True
>>> svg.count('class="checker white" data-point="6"'), svg.count('data-point="off"')
(2, 27)
"""
from __future__ import annotations

from ..diagram.describe import describe
from ..diagram.facts import alternative_plays, head_points, pinned_checkers, progression
from ..diagram.spec import Diagram
from ..diagram.words import words
from .annotations import (
    PROG_H,
    draw_alternatives,
    draw_forbidden,
    draw_heads,
    draw_highlights,
    draw_hits,
    draw_labels,
    draw_partial_tag,
    draw_pins,
    draw_play,
    draw_progression,
    play_arrows,
)
from .board_layer import (
    draw_checkers,
    draw_counts,
    draw_cube,
    draw_dice,
    draw_fixed,
    draw_info,
    draw_numbers,
)
from .layout import layout_for
from .status import draw_notice, draw_score, notice_height
from .svgkit import SVG_NS, Node, num
from .themes import css

__all__ = ["render_svg"]


def render_svg(diagram: Diagram, *, style: bool = True) -> str:
    """The diagram as an `<svg>` element string (no XML declaration), ready to inline in HTML.

    `style=False` leaves out its `<style>`: a page that shows several diagrams gives them one
    stylesheet (`themes.shared_css`, put in by `site.figure_css`); alone, a diagram keeps its own.
    """
    d = diagram
    o = d.options
    pid = d.id
    has_cube = d.rules.has_cube and o.cube is not None
    lay = layout_for(d.position.geometry, o.flip, has_cube, d.score is not None)
    w = words(d.lang)
    heads = head_points(d)
    pins = pinned_checkers(d.position)
    prog = progression(d)
    alternatives = [(letter, play_arrows(d, lay, play)) for letter, play, _ in alternative_plays(d)]
    features = tuple(f for f, on in (("head", heads is not None), ("pin", bool(pins)), ("progression", prog is not None),
                                     ("notice", d.notice is not None), ("score", d.score is not None),
                                     ("alternatives", bool(alternatives))) if on)
    notice_top = lay.height + (PROG_H if prog is not None else 0)
    height = notice_top + (notice_height(d.notice) if d.notice is not None else 0)
    root = Node("svg", **{
        "xmlns": SVG_NS, "id": pid, "class": f"tavla-diagram theme-{o.theme}",
        "viewBox": f"0 0 {num(lay.width)} {num(height)}", "role": "img", "aria-labelledby": f"{pid}-title {pid}-desc",
        **({"data-source-figure": d.source_figure} if d.source_figure is not None else {}),
    })
    root.add("title", d.title, id=f"{pid}-title")
    root.add("desc", d.desc if d.desc is not None else describe(d, d.lang), id=f"{pid}-desc")
    if style:
        root.add("style", css(pid, o.theme, features))
    # Under the checkers: the shapes, the board, then marks on points, numbers and hit bursts.
    draw_fixed(root, lay, pid)  # draw_defs, draw_board, draw_points: kept per layout
    if o.highlight:
        draw_highlights(root, lay, o.highlight)
    if heads is not None:
        draw_heads(root, d, lay, w, heads)
    draw_numbers(root, lay, o.numbers)
    arrows = play_arrows(d, lay) if not alternatives else []
    draw_hits(root, arrows or [a for _, alt in alternatives for a in alt])

    # The position, then what explains it on top.
    counts = draw_checkers(root, lay, d.position, pid, pins, d.omit)
    if pins:
        draw_pins(root, lay, pins)
    if d.roll is not None and o.dice:
        draw_dice(root, d, lay)
    if has_cube:
        draw_cube(root, lay, *o.cube)  # type: ignore[misc]
    if d.score is not None:
        draw_score(root, d.score, lay)
    if arrows:
        draw_play(root, d, arrows, lay)
    if alternatives:
        draw_alternatives(root, d, lay, alternatives)
    draw_forbidden(root, d, lay, [b for _, b, _ in arrows])
    draw_counts(root, counts)  # a tall stack's number stays readable under an arrowhead
    if o.labels:
        draw_labels(root, lay, o.labels)
    if d.partial:
        draw_partial_tag(root, d, arrows, w)
    draw_info(root, d, lay, w)
    if prog is not None:
        draw_progression(root, prog, d, lay, w)
    if d.notice is not None:
        draw_notice(root, d.notice, lay, notice_top, w)
    return root.tostring()
