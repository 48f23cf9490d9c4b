"""`svgkit.Node.tostring` writes its markup directly: the bytes svgwrite wrote through ElementTree."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from svgwrite.base import BaseElement

from tavla_docs.diagram.options import THEMES, DiagramOptions
from tavla_docs.engine.board import Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.render import board_layer, svgkit, themes
from tavla_docs.render.svg import render_svg
from tavla_docs.render.svgkit import Node, _Markup
from tavla_docs.scenario.draw import diagram_from_position
from tavla_docs.variants import BACKGAMMON, TAVLA

from .test_properties import positions


def etree_tostring(node: Node) -> str:
    """The old path: svgwrite's ElementTree serialization, each kept markup's stand-in replaced after."""
    text = BaseElement.tostring(node)

    def markups(n: Node) -> list[str]:
        out: list[str] = []
        for e in n.elements:
            out.extend([e.markup] if isinstance(e, _Markup) else markups(e))
        return out

    kept = markups(node)
    if not kept:
        return text
    parts = text.split(_Markup.STANDIN)
    return "".join(p + m for p, m in zip(parts[:-1], kept, strict=True)) + parts[-1]


# text with what escaping touches: markup characters, quotes, white space, entities, a lone surrogate
texts = st.one_of(st.text(st.sampled_from('ab <>&"\'\r\n\t;#é'), max_size=8),
                  st.text(max_size=6), st.just("\ud800x"))
names = st.sampled_from(["g", "rect", "text", "svg", "title", "xlink:href", "data-p"])
values = st.one_of(st.none(), st.just(""), texts, st.integers(-3, 3), st.floats(-2, 2, allow_nan=False))


@st.composite
def trees(draw: st.DrawFn, depth: int = 0) -> Node:
    node = Node(draw(names), draw(st.one_of(st.none(), texts)),
                **draw(st.dictionaries(st.sampled_from(["class", "x", "d", "id", "style", "data-v"]), values,
                                       max_size=4)))
    for _ in range(draw(st.integers(0, 3 if depth < 3 else 0))):
        kind = draw(st.integers(0, 4))
        if kind == 0:
            node.add_markup(draw(st.sampled_from(["", "<circle r=\"1\" />", "a&b<i>x</i>"])))
        else:
            node.elements.append(draw(trees(depth + 1)))
    return node


@settings(max_examples=400, deadline=None)
@given(trees())
def test_random_trees_are_written_as_svgwrite_wrote_them(tree: Node) -> None:
    assert tree.tostring() == etree_tostring(tree)


def _clear_kept() -> None:
    for module in (board_layer, themes):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()


@settings(max_examples=40, deadline=None)
@given(pos=positions(), turn=st.sampled_from(list(Side)), dice=st.tuples(st.integers(1, 6), st.integers(1, 6)),
       pick=st.integers(0, 1000), flip=st.booleans(), theme=st.sampled_from(THEMES), bg=st.booleans())
def test_random_diagrams_are_the_old_writer_s_bytes(pos, turn, dice, pick, flip, theme, bg) -> None:
    rules = BACKGAMMON if bg else TAVLA
    roll = Roll(*dice)
    plays = legal_plays(pos, turn, roll, rules)
    opts = DiagramOptions(flip=flip, theme=theme, cube=(2, "white") if bg else None)
    d = diagram_from_position(pos, turn, rules, roll, plays[pick % len(plays)], opts, "random", "a < b & c", "td-w")
    _clear_kept()
    new = render_svg(d)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(svgkit.Node, "tostring", etree_tostring)
        _clear_kept()
        old = render_svg(d)
    _clear_kept()
    assert new == old


def test_a_node_is_set_up_as_svgwrite_sets_up_an_element() -> None:
    """`Node.__init__` skips `BaseElement.__init__` (a Parameter per element); what that left is the same."""
    node, base = Node("g", "t", x="1"), BaseElement(debug=False)
    base.elementname = "g"
    base.attribs.update(x="1")
    assert (node.attribs, node.elements, node.debug, node.profile) == (base.attribs, base.elements, False, "full")
    node["y"] = "2"  # svgwrite's item access, unchecked
    assert node["y"] == "2" and node.tostring() == '<g x="1" y="2">t</g>'
    assert node.elements is not Node("g").elements
