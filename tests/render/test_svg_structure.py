"""Structure of rendered diagrams, read back with a real XML parser."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from tavla_docs.diagram.options import DiagramOptions
from tavla_docs.engine.board import Geometry, Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.written import PlayError
from tavla_docs.render.svg import render_svg
from tavla_docs.scenario.draw import diagram_from_position, diagram_from_scenario
from tavla_docs.variants import BACKGAMMON, TAVLA

from .render_helpers import (
    NS,
    classes,
    drawn_checkers,
    expected_checkers,
    moves_drawn,
    number_x,
    parse,
    scenario,
    start,
    tip,
)

START_W = {24: 2, 13: 5, 8: 3, 6: 5}
START_B = {1: 2, 12: 5, 17: 3, 19: 5}  # Black's 24, 13, 8, 6 in White's numbering


def render(sc) -> str:
    return render_svg(diagram_from_scenario(sc))


def test_start_position_counts_and_layout():
    root = parse(render(scenario("start", START_W, START_B)))
    assert drawn_checkers(root) == expected_checkers(Position.from_board(START_W, START_B, checkers=15))
    assert root.get("viewBox") and root.get("role") == "img"
    # White's home bottom right: B1 is right of B12 and below B24's row.
    (x1,), (x12,) = number_x(root, 1), number_x(root, 12)
    assert x1 > x12


def test_flip_puts_whites_home_bottom_left():
    root = parse(render(scenario("flip", START_W, START_B, diagram={"flip": True})))
    (x1,), (x12,) = number_x(root, 1), number_x(root, 12)
    assert x1 < x12


def test_numbers_from_blacks_side():
    root = parse(render(scenario("nb", START_W, START_B, diagram={"numbers": "black"})))
    plain = parse(render(scenario("nw", START_W, START_B)))
    # Black's point 1 is shared B24: its number stands where White's 24 stood.
    assert number_x(root, 1) == number_x(plain, 24)


def test_stack_beyond_five_shows_count_label():
    root = parse(render(scenario("stack", {6: 9, 5: 6}, {19: 15})))
    got = drawn_checkers(root)
    assert got[("white", "6")] == 9 and got[("white", "5")] == 6
    used = [u for u in root.iter(NS + "use") if u.get("data-point") == "6"]
    assert len([u for u in used if "checker" in classes(u)]) == 5


def test_bar_and_tray():
    sc = scenario("bar", {6: 5, 8: 3}, {19: 5, 20: 2}, white_bar=2, black_bar=1, black_off=7)
    root = parse(render(sc))
    got = drawn_checkers(root)
    assert got[("white", "bar")] == 2 and got[("black", "bar")] == 1
    assert got[("black", "off")] == 7 and got[("white", "off")] == 5
    trays = {t.get("data-count") for t in root.iter(NS + "text") if "tray-n" in classes(t)}
    assert trays == {"5", "7"}


def test_empty_tray_shows_no_count():
    root = parse(render(scenario("none-off", START_W, START_B)))
    assert not [t for t in root.iter(NS + "text") if "tray-n" in classes(t)]


def test_stack_count_is_drawn_over_the_arrows_ending_on_it():
    # 6-5 moves two checkers onto White's 7-point, a stack of 6 drawn as 5 with its count on the top
    # checker, where both arrowheads land: the count must come later in the document than the arrows.
    sc = scenario("onto", {13: 1, 12: 1, 7: 6, 6: 7}, {19: 15}, roll="6-5", show="13/7 12/7")
    root = parse(render(sc))
    order = list(root.iter())
    (count,) = [t for t in root.iter(NS + "text") if "count" in classes(t) and t.get("data-point") == "7"]
    assert count.text == "6"
    arrows = moves_drawn(root)
    assert sorted(a.get("data-move") for a in arrows) == ["12/7", "13/7"]
    assert all(order.index(count) > order.index(a) for a in arrows)


def test_arrows_bow_toward_the_middle():
    # 24/18 runs along the top row: a straight shaft would cross the 19-point stack at its edge.
    root = parse(render(scenario("bow", START_W, START_B, roll="6-4", show="24/18 13/9")))
    arrow = moves_drawn(root)[0]
    shaft = next(p for p in arrow.iter(NS + "path") if "arrow" in classes(p))
    nums = [float(v) for v in re.findall(r"-?[\d.]+", shaft.get("d"))]
    assert "Q" in shaft.get("d") and len(nums) == 6
    (x0, y0), (cx, cy), (x1, y1) = zip(nums[::2], nums[1::2], strict=True)
    assert cy > max(y0, y1) + 20  # below both ends: toward the middle band


def test_dice_show_the_roll():
    root = parse(render(scenario("dice", START_W, START_B, roll="6-3")))
    assert sorted(int(g.get("data-value")) for g in root.iter(NS + "g") if "die-g" in classes(g)) == [3, 6]
    faces = [g for g in root.iter(NS + "g") if "die-g" in classes(g)]
    assert sorted(len([u for u in g if "pip" in classes(u)]) for g in faces) == [3, 6]
    off = parse(render(scenario("nodice", START_W, START_B, roll="6-3", diagram={"dice": False})))
    assert not [g for g in off.iter(NS + "g") if "die-g" in classes(g)]


def test_one_arrow_per_move_and_arrows_land_on_their_points():
    sc = scenario("open", START_W, START_B, roll="6-4", show="24/18 13/9")
    root = parse(render(sc))
    arrows = moves_drawn(root)
    assert [a.get("data-move") for a in arrows] == ["24/18", "13/9"]
    for a, dst in zip(arrows, (18, 9), strict=True):
        (nx,) = number_x(root, dst)
        assert abs(tip(a)[0] - nx) < 1


def test_chain_bar_entry_hit_and_bear_off():
    # White enters from the bar hitting on Black's 4-point (B21), then moves on.
    sc = scenario("enter", {6: 5, 8: 4, 13: 4, 1: 1}, {21: 1, 19: 5, 17: 5, 12: 3}, white_bar=1, roll="4-3",
                  show="bar/21*/18")
    d = diagram_from_scenario(sc)
    root = parse(render_svg(d))
    arrows = moves_drawn(root)
    assert [a.get("data-move") for a in arrows] == [str(m) for m in d.play.moves]
    assert len(arrows) == 2 and "bar" in classes(arrows[0]) and "chain" in classes(arrows[1])
    assert tip(arrows[0]) == pytest.approx(start(arrows[1]))  # one checker, one chain
    assert len([p for p in root.iter(NS + "path") if "hit-marker" in classes(p)]) == 1


def test_bear_off_order_numbers_and_forbidden_cross():
    # The issue's example: with 4-2 the 4 cannot bear off from the 3-point while the 5-point is occupied.
    sc = scenario("order", {5: 1, 3: 1}, {19: 8, 20: 7}, roll="4-2", show="5/off",
                  diagram={"forbidden": ["3/off"]})
    root = parse(render(sc))
    arrows = moves_drawn(root)
    assert [(a.get("data-move"), a.get("data-die")) for a in arrows] == [("5/3", "2"), ("3/off", "4")]
    numbers = [t.text for t in root.iter(NS + "text") if "order-n" in classes(t)]
    assert numbers == ["1", "2"]
    forb = [g for g in root.iter(NS + "g") if "forbidden" in classes(g)]
    assert [g.get("data-move") for g in forb] == ["3/off"]
    assert len([p for p in forb[0].iter(NS + "path") if "cross" in classes(p)]) == 1
    # The forbidden 3/off would end on the same tray slot as the real one: its head stands aside.
    (fa,) = [g for g in forb[0].iter(NS + "g") if "move" in classes(g)]
    (fx, fy), (rx, ry) = tip(fa), tip(arrows[1])
    assert ((fx - rx) ** 2 + (fy - ry) ** 2) ** 0.5 >= 15
    tray = [r for r in root.iter(NS + "rect") if classes(r) == {"tray", "white"}][0]
    x0, w = float(tray.get("x")), float(tray.get("width"))
    assert x0 <= tip(arrows[1])[0] <= x0 + w


def test_no_order_numbers_when_either_order_works():
    sc = scenario("free", START_W, START_B, roll="6-3", show="24/15")
    root = parse(render(sc))
    assert len(moves_drawn(root)) == 2
    assert not [t for t in root.iter(NS + "text") if "order-n" in classes(t)]
    forced = parse(render(dataclasses.replace(sc, diagram=DiagramOptions(order=True))))
    assert [t.text for t in forced.iter(NS + "text") if "order-n" in classes(t)] == ["1", "2"]


def test_black_moves_convert_to_the_shared_board():
    sc = scenario("black", START_W, START_B, turn="black", roll="6-1", show="13/7 8/7")
    root = parse(render(sc))
    arrows = moves_drawn(root)
    (x_b18,) = number_x(root, 18)  # Black's 7-point is B18
    assert all(abs(tip(a)[0] - x_b18) < 1 for a in arrows)


def test_same_direction_geometry_is_laid_out_from_the_geometry():
    rules = dataclasses.replace(TAVLA, variant="same-test", geometry=Geometry.SAME)
    pos = Position.from_board({1: 3}, {13: 2}, geometry=Geometry.SAME, checkers=15)  # Black's own 1-point is B13
    d = diagram_from_position(pos, Side.BLACK, rules, Roll(2, 1), "1/off(2)", DiagramOptions(), "same", None,
                              "td-same")
    root = parse(render_svg(d))
    assert drawn_checkers(root) == expected_checkers(pos)
    black_tray = [r for r in root.iter(NS + "rect") if classes(r) == {"tray", "black"}][0]
    white_tray = [r for r in root.iter(NS + "rect") if classes(r) == {"tray", "white"}][0]
    assert float(black_tray.get("x")) < float(white_tray.get("x"))  # Black's home is on the left here
    for a in moves_drawn(root):
        x0, w = float(black_tray.get("x")), float(black_tray.get("width"))
        assert x0 <= tip(a)[0] <= x0 + w


def test_cube_only_where_the_variant_has_one():
    opts = {"cube": {"value": 4, "owner": "black"}}
    bg = parse(render(scenario("bg", START_W, START_B, rules=BACKGAMMON, diagram=opts)))
    cube = [g for g in bg.iter(NS + "g") if "cube-g" in classes(g)]
    assert [(g.get("data-value"), g.get("data-owner")) for g in cube] == [("4", "black")]
    assert next(t.text for t in cube[0].iter(NS + "text")) == "4"
    tv = parse(render(scenario("tv", START_W, START_B, rules=TAVLA, diagram=opts)))
    assert not [g for g in tv.iter(NS + "g") if "cube-g" in classes(g)]


def test_highlight_and_labels():
    root = parse(render(scenario("hl", START_W, START_B, diagram={"highlight": [5, 20], "labels": {7: "bar point"}})))
    assert sorted(r.get("data-point") for r in root.iter(NS + "rect") if "highlight" in classes(r)) == ["20", "5"]
    assert [t.text for t in root.iter(NS + "text") if "label" in classes(t)] == ["bar point"]


def test_author_text_is_escaped():
    evil = 'Mars <script>alert("x")</script> & <b>more</b>'
    sc = scenario("evil", START_W, START_B, caption={"en": evil}, diagram={"labels": {7: "<script>&"}})
    svg = render(sc)
    root = parse(svg)
    assert not list(root.iter(NS + "script")) and not list(root.iter("script")) and "<script" not in svg
    assert root.find(NS + "title").text == evil
    assert [t.text for t in root.iter(NS + "text") if "label" in classes(t)] == ["<script>&"]


def test_title_desc_and_aria():
    sc = scenario("aria", {5: 1, 3: 1}, {19: 8, 20: 7}, roll="4-2", show="5/off", caption={"en": "Order", "tr": "Sıra"})
    root = parse(render_svg(diagram_from_scenario(sc, lang="tr")))
    title, desc = root.find(NS + "title"), root.find(NS + "desc")
    assert title.text == "Sıra"
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert "Beyaz" in desc.text and "5/off" in desc.text and "White" not in desc.text
    en = parse(render_svg(diagram_from_scenario(sc, lang="en"))).find(NS + "desc").text
    assert "White" in en and "order of the dice matters" in en
    # Each step is a labelled step in Turkish ("1. adım: 2 ile 5/3"), never "1. 2 ile", which reads as 1.2.
    assert "Zarların sırası önemli: 1. adım: 2 ile 5/3; 2. adım: 4 ile 3/off." in desc.text
    assert "The order of the dice matters: 1. 5/3 with the 2; 2. 3/off with the 4." in en


def test_deterministic_and_namespaced():
    sc = scenario("det", START_W, START_B, roll="6-4", show="24/18 13/9", diagram={"highlight": [18]})
    a, b = render(sc), render(sc)
    assert a == b
    other = render(dataclasses.replace(sc, id="det-2", diagram=DiagramOptions(theme="wood")))
    ids_a = set(re.findall(r' id="([^"]+)"', a))
    ids_b = set(re.findall(r' id="([^"]+)"', other))
    assert ids_a and not ids_a & ids_b
    root = parse(a)
    pid = root.get("id")
    assert all(i == pid or i.startswith(pid + "-") for i in ids_a)
    style = root.find(NS + "style").text
    for rule in re.findall(r"(?:^|})([^{}@]+)\{", style):
        assert all(sel.strip().startswith("#" + pid) for sel in rule.split(",")), rule
    hrefs = {u.get("href") for u in root.iter(NS + "use")}
    assert hrefs <= {f"#{i}" for i in ids_a}


def test_every_element_has_a_class_hook():
    root = parse(render(scenario("cls", START_W, START_B, roll="6-4", show="24/18 13/9")))
    skip = {"svg", "title", "desc", "style", "defs"}
    inside_defs = {id(e) for d in root.iter(NS + "defs") for e in d.iter()}
    for el in root.iter():
        if el.tag[len(NS):] in skip or id(el) in inside_defs:
            continue
        assert el.get("class"), el.tag


def test_typical_diagram_is_small():
    sc = scenario("small-but-typical", START_W, START_B, roll="6-4", show="24/18 13/9",
                  diagram={"highlight": [18], "labels": {18: "safe"}})
    assert len(render(sc).encode()) < 15_000


def test_illegal_show_is_an_error():
    with pytest.raises(PlayError, match="not a legal play"):
        render(scenario("bad", {5: 1, 3: 1}, {19: 15}, roll="4-2", show="3/off"))


def test_show_play_false_draws_no_arrows():
    root = parse(render(scenario("nos", START_W, START_B, roll="6-4", show="24/18 13/9", diagram={"show_play": False})))
    assert not moves_drawn(root)


def test_only_svgkit_imports_svgwrite():
    pkg = Path(__file__).resolve().parents[2] / "tavla_docs"
    users = sorted(str(p.relative_to(pkg)) for p in pkg.rglob("*.py") if re.search(r"^\s*(from|import) svgwrite",
                                                                                   p.read_text(), re.M))
    assert users == ["render/svgkit.py"]
