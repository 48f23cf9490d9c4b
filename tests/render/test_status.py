"""The figure's own status (issue 14): the no-play notice drawn under the board, and an ID's cube
and match score drawn by `tavla-docs render`, read back with an XML parser."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tavla_docs.cli.main import main
from tavla_docs.diagram.options import THEMES, DiagramOptions
from tavla_docs.diagram.spec import Score
from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.formats.gnubg import format_match_id, format_position_id
from tavla_docs.formats.match import MatchState
from tavla_docs.render import themes
from tavla_docs.render.layout import Layout
from tavla_docs.render.svg import render_svg
from tavla_docs.scenario.draw import diagram_from_position
from tavla_docs.variants import BACKGAMMON, TAVLA

from .render_helpers import NS, classes, parse

HOME = {6: 5, 5: 5, 4: 4}
ENTER_65 = Position.from_board(HOME, {19: 2, 20: 2, 1: 11}, white_bar=1, checkers=15)
CLOSED = Position.from_board(HOME, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 3}, white_bar=1, checkers=15)
STUCK = Position.from_board({8: 1, 6: 14}, {2: 2, 19: 13}, checkers=15)


def svg_of(pos: Position, rules, roll: str | None, lang: str = "en", theme: str = "default", flip: bool = False,
           score: Score | None = None, cube: tuple[int, str] | None = None) -> str:
    opts = DiagramOptions(theme=theme, flip=flip, cube=cube)
    d = diagram_from_position(pos, Side.WHITE, rules, Roll.parse(roll) if roll else None, None, opts, "t", None,
                              "td-t", lang, score=score)
    return render_svg(d)


def notice_texts(root: ET.Element) -> list[tuple[str, str]]:
    groups = [g for g in root.iter(NS + "g") if "notice" in classes(g)]
    assert len(groups) <= 1
    return [(t.get("class"), t.text) for g in groups for t in g.iter(NS + "text")]


def box_of(el: ET.Element) -> tuple[float, float, float, float]:
    return float(el.get("x")), float(el.get("y")), float(el.get("width")), float(el.get("height"))


@pytest.mark.parametrize("lang, head, why", [
    ("tr", "Beyaz giremez", "6-5 ile girebileceği iki hane de kapalı"),
    ("en", "White cannot enter", "with 6-5 both entry points are closed"),
])
def test_cannot_enter_is_written_on_the_figure(lang: str, head: str, why: str) -> None:
    root = parse(svg_of(ENTER_65, TAVLA, "6-5", lang))
    assert notice_texts(root) == [("notice-head", head), ("notice-why", why)]
    g = next(g for g in root.iter(NS + "g") if "notice" in classes(g))
    assert (g.get("data-kind"), g.get("data-side"), g.get("data-roll"), g.get("data-entry")) == \
        ("cannot_enter", "white", "6-5", "19 20")


def test_each_kind_of_notice() -> None:
    assert notice_texts(parse(svg_of(CLOSED, TAVLA, "6-5"))) == [
        ("notice-head", "White does not roll"), ("notice-why", "all six entry points are closed")]
    assert notice_texts(parse(svg_of(CLOSED, BACKGAMMON, "6-6"))) == [
        ("notice-head", "White cannot enter"), ("notice-why", "with 6-6 the entry point is closed")]
    assert notice_texts(parse(svg_of(STUCK, TAVLA, "6-6", "tr"))) == [("notice-head", "Beyaz 6-6 ile oynayamaz")]
    assert notice_texts(parse(svg_of(ENTER_65, TAVLA, "4-3"))) == []  # something to play: no notice
    assert notice_texts(parse(svg_of(ENTER_65, TAVLA, None))) == []  # no roll (an odds figure)


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("flip", [False, True])
def test_the_banner_lies_under_the_board_inside_the_picture(theme: str, flip: bool) -> None:
    with_notice = parse(svg_of(ENTER_65, BACKGAMMON, "6-5", theme=theme, flip=flip))
    without = parse(svg_of(ENTER_65, BACKGAMMON, "4-3", theme=theme, flip=flip))
    w, h = map(float, with_notice.get("viewBox").split()[2:])
    w0, h0 = map(float, without.get("viewBox").split()[2:])
    assert w == w0 and h == h0 + 68  # two lines: the strip grows the picture downwards, nothing moves
    bg = next(r for r in with_notice.iter(NS + "rect") if "notice-bg" in classes(r))
    frame = next(r for r in with_notice.iter(NS + "rect") if "frame" in classes(r))
    x, y, bw, bh = box_of(bg)
    fx, _, fw, _ = box_of(frame)
    assert (x, bw) == (fx, fw) and h0 < y and y + bh < h  # as wide as the board's frame, under it
    for t in (t for t in with_notice.iter(NS + "text") if "notice" in t.get("class", "")):
        assert x < float(t.get("x")) < x + bw and y < float(t.get("y")) < y + bh


def test_the_notice_css_only_where_there_is_one() -> None:
    css_with = parse(svg_of(ENTER_65, TAVLA, "6-5")).find(NS + "style").text
    css_without = parse(svg_of(ENTER_65, TAVLA, "4-3")).find(NS + "style").text
    assert ".notice-head" in css_with and "notice" not in css_without
    # The words lie on the page's background: the page's text colour, in every scheme and theme.
    for theme in THEMES:
        css = themes.css("td-t", theme, ("notice",))
        assert "#td-t .notice-head,#td-t .notice-why{fill:currentColor}" in css
    # …and they grow on small screens like the rest (the browser test measures them).
    assert "#td-t .notice-head{font-size:max(13px,calc(11px*var(--td-k,1)))}" in themes.css("td-t", "default", ("notice",))


def test_same_inputs_same_bytes() -> None:
    a = svg_of(CLOSED, BACKGAMMON, "6-5", "tr", score=Score(3, 1, 7), cube=(2, "black"))
    assert a == svg_of(CLOSED, BACKGAMMON, "6-5", "tr", score=Score(3, 1, 7), cube=(2, "black"))
    assert 'class="notice"' in a and 'class="score-g"' in a  # both drawn, the same way twice


def test_the_desc_carries_the_notice() -> None:
    desc = parse(svg_of(ENTER_65, TAVLA, "6-5", "tr")).find(NS + "desc").text
    assert "Beyaz giremez: 6-5 ile girebileceği iki hane de kapalı." in desc


# --- an ID's cube and score ------------------------------------------------------------------

def render_cli(capsys, *argv: str) -> tuple[ET.Element, str]:
    assert main(["render", *argv]) == 0
    out = capsys.readouterr()
    return ET.fromstring(out.out), out.err


def cube_of(root: ET.Element) -> tuple[str | None, str | None, str | None] | None:
    cubes = [g for g in root.iter(NS + "g") if "cube-g" in classes(g)]
    if not cubes:
        return None
    g = cubes[0]
    face = next(t.text for t in g.iter(NS + "text") if "cube-n" in classes(t))
    return g.get("data-value"), g.get("data-owner"), face


def score_of(root: ET.Element) -> list[str] | None:
    groups = [g for g in root.iter(NS + "g") if "score-g" in classes(g)]
    return [t.text for t in groups[0].iter(NS + "text")] if groups else None


# White 5, 3 (13 off); Black 8 on B19, 7 on B20; cube 2 (log2 1) owned by Black (-1); 3–1 in a match to 7.
MATCH = "XGID=---A-A-------------hg-----:1:-1:1:42:3:1:0:7:10"
MONEY = "XGID=---A-A-------------hg-----:0:0:1:42:0:0:0:0:10"


def test_an_xgid_draws_its_cube_and_score(capsys) -> None:
    root, err = render_cli(capsys, MATCH, "--variant", "backgammon")
    assert cube_of(root) == ("2", "black", "2")
    assert score_of(root) == ["3–1", "/ 7"]
    g = next(g for g in root.iter(NS + "g") if "score-g" in classes(g))
    assert (g.get("data-white"), g.get("data-black"), g.get("data-length")) == ("3", "1", "7")
    assert "Match to 7: White 3, Black 1." in root.find(NS + "desc").text and err == ""


def test_a_money_game_has_a_fresh_cube_and_no_score(capsys) -> None:
    root, _ = render_cli(capsys, MONEY, "--variant", "backgammon")
    assert cube_of(root) == ("1", "centre", "64") and score_of(root) is None


def test_the_score_stays_with_a_new_roll_and_a_theme(capsys) -> None:
    root, _ = render_cli(capsys, MATCH, "--variant", "backgammon", "--roll", "6-1", "--theme", "wood", "--flip")
    assert score_of(root) == ["3–1", "/ 7"] and cube_of(root) == ("2", "black", "2")


def test_tavla_draws_the_score_and_says_why_the_cube_is_missing(capsys) -> None:
    root, err = render_cli(capsys, MATCH)
    assert cube_of(root) is None and score_of(root) == ["3–1", "/ 7"]
    assert err == ("tavla-docs render: note: Tavla has no doubling cube: the ID's cube (2, owned by black) is not "
                   "drawn; --variant backgammon draws it\n")
    _, quiet = render_cli(capsys, MONEY)
    assert quiet == ""  # a fresh cube in the centre is no news


def test_a_gnubg_match_id_draws_its_score_and_cube(capsys) -> None:
    pos = Position.from_board({5: 1, 3: 1}, {19: 8, 20: 7}, checkers=15)
    mid = format_match_id(MatchState(turn=Side.WHITE, cube=4, cube_owner=Side.WHITE, dice=(4, 2), length=11,
                                     score_white=10, score_black=2))
    root, _ = render_cli(capsys, f"{format_position_id(pos, Side.WHITE)}:{mid}", "--variant", "backgammon")
    assert cube_of(root) == ("4", "white", "4")
    assert score_of(root) == ["10–", "2", "/ 11"]  # a two-digit score: a line for each side


@pytest.mark.parametrize("flip", [False, True])
def test_the_score_sits_in_the_free_side_column(flip: bool) -> None:
    root = parse(svg_of(ENTER_65, BACKGAMMON, "4-3", flip=flip, score=Score(3, 1, 7), cube=(2, "white")))
    lay = Layout(ENTER_65.geometry, flip, True, True)
    w = float(root.get("viewBox").split()[2])
    xs = {float(t.get("x")) for g in root.iter(NS + "g") if "score-g" in classes(g) for t in g.iter(NS + "text")}
    frame = box_of(next(r for r in root.iter(NS + "rect") if "frame" in classes(r)))
    trays = [box_of(r) for r in root.iter(NS + "rect") if "tray" in classes(r)]
    assert len(xs) == 1 and w == lay.width
    x = xs.pop()
    assert not frame[0] <= x <= frame[0] + frame[2]  # beside the board
    assert all(not tx <= x <= tx + tw for tx, _, tw, _ in trays)  # across from the trays


def test_tavla_with_a_score_widens_its_side_column_only_to_the_cube_boards_width() -> None:
    plain = Layout(ENTER_65.geometry, False, False)
    scored = Layout(ENTER_65.geometry, False, False, True)
    assert plain.width < scored.width == Layout(ENTER_65.geometry, False, True).width == themes.FULL_WIDTH
