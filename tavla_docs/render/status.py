"""The state of the game beside the board: the notice of a frame where nothing can be played
(a banner under the board) and a match's score (in the side column across from the trays).

Both are decided before drawing: `Diagram.notice` by `scenario.draw` from the engine,
`Diagram.score` from an XGID or a Match ID; the words come from `diagram.facts`, shared with
the `<desc>` text. On small screens their text grows with the rest (`themes`, "notice" and
"score"): the banner's line spacing and the strip's height leave room for the largest tier.

>>> from tavla_docs.diagram.spec import Notice
>>> from tavla_docs.engine.board import Side
>>> notice_height(Notice("no_play", Side.WHITE, None)), notice_height(Notice("no_roll", Side.WHITE, None))
(44, 68)
"""
from __future__ import annotations

from ..diagram.facts import notice_lines, score_lines
from ..diagram.spec import Notice, Score
from .layout import Layout
from .svgkit import Node, box, text_at

NOTICE_LINE = 24  # between the banner's lines: the 11-unit text at its largest tier (×1.89) is 21 units
NOTICE_PAD = 10  # above and below the lines, inside the strip (the banner's own edge is 4 inside that)
SCORE_LINE = 24


def notice_height(n: Notice) -> int:
    """The strip's height for the notice: its lines and their padding."""
    lines = 1 if n.kind == "no_play" else 2
    return 2 * NOTICE_PAD + NOTICE_LINE * lines


def draw_notice(root: Node, n: Notice, lay: Layout, top: float, w: dict[str, str]) -> None:
    """The banner across the board's width under everything else: who plays nothing, then why."""
    lines = notice_lines(n, w)
    h = notice_height(n)
    x0 = min(lay.x(lay.left_w), lay.x(lay.width - lay.right_w))  # the frame's span: the banner lines up with it
    width = lay.width - lay.left_w - lay.right_w
    cx, cy = x0 + width / 2, top + h / 2
    g = root.add("g", **{"class": "notice", "data-kind": n.kind, "data-side": n.side.value,
                         **({"data-roll": str(n.roll)} if n.roll is not None else {}),
                         **({"data-entry": " ".join(map(str, n.entry))} if n.entry else {})})
    box(g, "notice-bg", cx, cy, width, h - 8, "6")
    y = cy - NOTICE_LINE * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        text_at(g, line, "notice-head" if i == 0 else "notice-why", cx, y + i * NOTICE_LINE)


def score_text_lines(s: Score) -> tuple[str, ...]:
    """The score as its column holds it: '3–1' over '/ 7'; with a two-digit score each side's
    points on a line of its own ('10–' over '12' over '/ 15'), so no line is wider than three
    characters at the largest text size.

    >>> score_text_lines(Score(3, 1, 7)), score_text_lines(Score(10, 2, 15))
    (('3–1', '/ 7'), ('10–', '2', '/ 15'))
    """
    pair, length = score_lines(s)
    if len(pair) <= 3:
        return pair, length
    return f"{s.white}–", str(s.black), length


def draw_score(root: Node, s: Score, lay: Layout) -> None:
    """The match score in its side column: White's points–Black's, then the match length."""
    x, y = lay.score_xy()
    lines = score_text_lines(s)
    g = root.add("g", **{"class": "score-g", "data-white": str(s.white), "data-black": str(s.black),
                         "data-length": str(s.length)})
    y0 = y - SCORE_LINE * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        text_at(g, line, "score" if i < len(lines) - 1 else "score score-len", x, y0 + i * SCORE_LINE)
