"""Parts drawn once and kept as markup (the board of a layout, its numbers, the CSS) give the
bytes the elements themselves give, for every layout and any diagram id."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs.diagram.options import THEMES
from tavla_docs.engine.board import Geometry
from tavla_docs.render import board_layer, themes
from tavla_docs.render.layout import Layout, layout_for
from tavla_docs.render.svgkit import Node

FEATURES = ("head", "pin", "progression", "notice", "score")
ids = st.one_of(st.from_regex(r"td-[a-z0-9-]{1,20}", fullmatch=True),
                st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=12),
                st.sampled_from(['a"b', "a&b", "a<b>", board_layer.ID_STANDIN, "x" + board_layer.ID_STANDIN]))
layouts = st.builds(Layout, st.sampled_from(list(Geometry)), st.booleans(), st.booleans(), st.booleans())


def _elements(lay: Layout, pid: str, numbers: str) -> str:
    root = Node("svg", id=pid)
    board_layer.draw_defs(root, pid)
    board_layer.draw_board(root, lay)
    board_layer.draw_points(root, lay, pid)
    board_layer.draw_numbers_elements(root, lay, lay.geometry, numbers)
    return root.tostring()


def _kept(lay: Layout, pid: str, numbers: str) -> str:
    root = Node("svg", id=pid)
    board_layer.draw_fixed(root, lay, pid)
    board_layer.draw_numbers(root, lay, numbers)
    return root.tostring()


@settings(max_examples=150, deadline=None)
@given(lay=layouts, pid=ids, numbers=st.sampled_from(["white", "black"]))
def test_kept_board_is_the_elements_bytes(lay, pid, numbers):
    assert _kept(lay, pid, numbers) == _elements(lay, pid, numbers)
    assert _kept(lay, pid, numbers) == _kept(lay, pid, numbers)  # the second time from the kept markup


@settings(max_examples=150, deadline=None)
@given(pid=ids, theme=st.sampled_from(THEMES), features=st.lists(st.sampled_from(FEATURES), unique=True))
def test_kept_css_is_the_written_css(pid, theme, features):
    f = tuple(features)
    assert themes.css(pid, theme, f) == themes._css(f"#{pid}", theme, f)


@settings(max_examples=100, deadline=None)
@given(lay=layouts)
def test_a_kept_layout_measures_as_a_new_one(lay):
    kept = layout_for(lay.geometry, lay.flip, lay.has_cube, lay.has_score)
    again = Layout(lay.geometry, lay.flip, lay.has_cube, lay.has_score)
    assert kept == again
    assert [kept.point_x(b) for b in range(1, 25)] == [again.x(again._cx_column(again.column(b)))
                                                      for b in range(1, 25)]
    assert (kept.width, kept.bar_x, kept.left_w, kept.right_w) == (again.width, again.bar_x, again.left_w,
                                                                    again.right_w)


def test_markup_stand_in_cannot_come_from_text():
    root = Node("svg")
    root.add("text", "<td-kept-markup />")
    root.add_markup('<circle r="1" />')
    assert root.tostring() == '<svg><text>&lt;td-kept-markup /&gt;</text><circle r="1" /></svg>'
