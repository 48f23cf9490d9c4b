"""Property tests: random legal positions (and random legal plays) render, parse and count right."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs.diagram.options import THEMES, DiagramOptions
from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.render.svg import render_svg
from tavla_docs.scenario.draw import diagram_from_position
from tavla_docs.variants import BACKGAMMON, TAVLA

from .render_helpers import NS, classes, drawn_checkers, expected_checkers, moves_drawn, parse


@st.composite
def positions(draw) -> Position:
    """15 checkers a side on own points 0 (off) … 25 (bar), never two colours on one point."""
    white = [0] * 26
    for slot in draw(st.lists(st.integers(0, 25), min_size=15, max_size=15)):
        white[slot] += 1
    black = [0] * 26
    taken = {25 - p for p in range(1, 25) if white[p]}  # Black's own numbers of White's points
    free = [p for p in range(0, 26) if p not in taken]
    for slot in draw(st.lists(st.sampled_from(free), min_size=15, max_size=15)):
        black[slot] += 1
    return Position(tuple(white), tuple(black))


@settings(max_examples=60, deadline=None)
@given(pos=positions(), turn=st.sampled_from(list(Side)), dice=st.tuples(st.integers(1, 6), st.integers(1, 6)),
       pick=st.integers(0, 1000), flip=st.booleans(), theme=st.sampled_from(THEMES),
       numbers=st.sampled_from(["white", "black"]), bg=st.booleans())
def test_random_positions_render_and_count(pos, turn, dice, pick, flip, theme, numbers, bg):
    rules = BACKGAMMON if bg else TAVLA
    roll = Roll(*dice)
    plays = legal_plays(pos, turn, roll, rules)
    play = plays[pick % len(plays)]
    opts = DiagramOptions(flip=flip, theme=theme, numbers=numbers, cube=(2, "white") if bg else None)
    d = diagram_from_position(pos, turn, rules, roll, play, opts, "random", None, "td-prop")
    root = parse(render_svg(d))
    assert drawn_checkers(root) == expected_checkers(pos)
    assert len(moves_drawn(root)) == len(play.moves)
    assert sorted(int(g.get("data-value")) for g in root.iter(NS + "g") if "die-g" in classes(g)) == sorted(dice)
    w, h = map(float, root.get("viewBox").split()[2:])
    in_defs = {id(e) for d in root.iter(NS + "defs") for e in d.iter()}  # shapes there are relative
    for el in root.iter():  # nothing is drawn outside the picture
        if id(el) in in_defs:
            continue
        for attr in ("x", "y", "cx", "cy"):
            if el.get(attr) is not None:
                v = float(el.get(attr))
                assert -1 <= v <= (w if attr in ("x", "cx") else h) + 1, (el.tag, attr, v)
