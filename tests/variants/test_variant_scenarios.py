"""Scenarios of the other games: `turn_number:`, `check --variant`, and the diagrams' heads, pins and
progressions, read back with a real XML parser.

Expected messages were written from the files (line and column counted by hand); expected drawing
facts come from the rules (rules.md §1.1: Black's own p is board point p − 12 or p + 12 in the
same-direction games), not from the renderer's output.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tavla_docs.cli.main import main
from tavla_docs.diagram.options import DiagramOptions
from tavla_docs.engine.board import Geometry, Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.render.layout import MID_Y
from tavla_docs.render.svg import render_svg
from tavla_docs.scenario import ScenarioError, check_paths, check_scenario, load_scenario
from tavla_docs.scenario.draw import diagram_from_position, diagram_from_scenario
from tavla_docs.variants import ruleset
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]
SCEN = PROJECT / "scenarios"
BAD = Path(__file__).parent / "bad"
NS = {"s": "http://www.w3.org/2000/svg"}

EXPECTED = {
    "turn-number-zero.yaml": "6:14: error: turn_number counts game turns from 1 (the opening turn), not 0",
    "turn-number-text.yaml": "6:14: error: turn_number counts game turns from 1 (the opening turn), not 'first'",
    "head-exception-on-turn-3.yaml": "8:7: error: show: 24/18(2) is not a legal play with 6-6 on turn 3",
    "pinned-in-uzun.yaml": "5:3: error: uzun does not pin checkers: `pinned` is for variants like tapa",
    "gulbara-progression-claim.yaml": "9:14: error: dice_used: the legal plays use 4 dice, not 8",
    "tapa-unknown-kind.yaml": "9:18: error: unknown result kind 'mother'",
    "uzun-onto-single.yaml": "7:7: error: show: 24/18: point 18 is closed (1 opposing checker)",
}


def first_problem(path: Path) -> str:
    try:
        s = load_scenario(path)
    except ScenarioError as e:
        return e.diagnostics[0].format().split("\n")[0]
    found = check_scenario(s)
    return found[0].format().split("\n")[0] if found else "no problem"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_variant_scenarios(name: str) -> None:
    assert first_problem(BAD / name) == f"{BAD / name}:{EXPECTED[name]}"


def test_every_bad_file_has_an_expected_message() -> None:
    assert sorted(p.name for p in BAD.glob("*.yaml")) == sorted(EXPECTED)


def test_unknown_kind_hint_lists_the_variants_own_kinds() -> None:
    with pytest.raises(ScenarioError) as e:
        load_scenario(BAD / "tapa-unknown-kind.yaml")
    assert "mother_pin" in (e.value.diagnostics[0].hint or "")


def test_turn_number_reaches_the_engine_and_the_steps() -> None:
    s = load_scenario(SCEN / "uzun" / "first-turn-6-6.yaml", SCEN)
    assert s.turn_number == 1 and s.ctx.game_turn == 1 and s.ctx.player_turn == 1
    assert str(s.show) == "24/18(2)"
    black = load_scenario(SCEN / "uzun" / "black-first-turn.yaml", SCEN)
    assert black.ctx.player_turn == 1  # game turn 2 is Black's first turn
    text = (SCEN / "gulbara" / "progression.yaml").read_text(encoding="utf-8")
    assert "turn_number: 41" in text and "forced: 20/off 5/off(4)" in text and "dice_used: 8" in text
    on = lambda n, show, used: load_scenario(  # noqa: E731
        SCEN / "gulbara" / "x.yaml", SCEN, text=text.replace("turn_number: 41", f"turn_number: {n}")
        .replace("show: 20/off 5/off(4)", f"show: {show}").replace("forced: 20/off 5/off(4)", f"forced: {show}")
        .replace("dice_used: 8", f"dice_used: {used}"))
    assert check_scenario(on(4, "20/off 5/off(4)", 8)) == []  # from turn 4 the roll is a progression
    assert check_scenario(on(3, "20/off", 4)) == []  # one turn earlier, the same roll is four fives


def test_then_steps_count_the_turns_on() -> None:
    text = """variant: uzun
position: {white: {24: 15}, black: {12: 15}}
turn: white
turn_number: 1
roll: 6-6
show: 24/18(2)
then:
  - roll: 6-6                # game turn 2: Black's first turn, the exception again
    show: 24/18(2)
  - roll: 6-6                # game turn 3: White's second turn, one checker from the head
    expect: {illegal: [24/18 18/12]}
"""
    s = load_scenario(Path("story.yaml"), text=text)
    assert [f.turn_number for f in s.frames] == [1, 2, 3]
    assert check_scenario(s) == []


def test_check_variant_filters(capsys: pytest.CaptureFixture[str]) -> None:
    report = check_paths([SCEN], variant="tapa")
    assert report.ok and {s.variant for s in report.loaded} == {"tapa"}
    assert report.scenarios == len(list((SCEN / "tapa").glob("*.yaml")))
    assert report.skipped == len(list(SCEN.rglob("*.yaml"))) - report.scenarios
    assert main(["check", "--variant", "narde", str(SCEN)]) == 0  # an alias names the game
    out = capsys.readouterr().out
    assert f"({'uzun'} only, " in out
    assert main(["check", "--variant", "chess", str(SCEN)]) == 2


def test_check_variant_still_reports_files_it_cannot_sort(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("variant: tapa\nposition: {white: {24: 16}}\nturn: white\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("position: [\n", encoding="utf-8")  # no variant can be read
    (tmp_path / "c.yaml").write_text("variant: uzun\nposition: {white: {24: 16}}\nturn: white\n", encoding="utf-8")
    report = check_paths([tmp_path], variant="tapa")
    assert {Path(d.path).name for d in report.diagnostics} == {"a.yaml", "b.yaml"}
    assert report.skipped == 1


# --- diagrams -----------------------------------------------------------------------

def svg_of(name: str, lang: str = "en") -> ET.Element:
    s = load_scenario(SCEN / f"{name}.yaml", SCEN)
    return ET.fromstring(render_svg(diagram_from_scenario(s, lang)))


def points_of(d: str) -> list[tuple[float, float]]:
    """The points of a path `d` written `Mx yLx y…` (or `Mx yQcx cy x y`: a curve's control point in the middle)."""
    nums = [float(v) for v in re.findall(r"-?[\d.]+", d)]
    return list(zip(nums[::2], nums[1::2], strict=True))


def point_x(root: ET.Element, b: int) -> float:
    (use,) = [u for u in root.iterfind(".//s:g[@class='points']/s:use", NS) if u.get("data-point") == str(b)]
    return float(use.get("x"))


def test_black_moves_the_same_way_in_uzun() -> None:
    root = svg_of("uzun/black-first-turn")
    moves = root.findall(".//s:g[@class='play']/s:g", NS)
    assert [m.get("data-move") for m in moves] == ["24/21", "21/18", "24/21", "21/18"]
    g = Geometry.SAME
    assert (g.to_board(Side.BLACK, 24), g.to_board(Side.BLACK, 18)) == (12, 6)  # rules.md §1.1
    for m in moves[:2]:
        d = m.find("s:path[@class='arrow']", NS).get("d")
        (x0, y0), *_, (x1, y1) = points_of(d)
        src = 12 if m.get("data-move").startswith("24") else 9
        dst = src - 3
        assert abs(x0 - point_x(root, src)) < 1 and abs(x1 - point_x(root, dst)) < 30
        assert x1 > x0  # B12 → B9 → B6 runs left to right along the bottom, as White's 12 → 6 does
        assert y0 > MID_Y and y1 > MID_Y  # stays in the bottom row


def test_heads_are_marked_in_same_direction_games_only() -> None:
    for name in ("uzun/start", "gulbara/start"):
        root = svg_of(name, "tr")
        heads = {g.get("data-head"): g.get("data-point") for g in root.iterfind(".//s:g[@data-head]", NS)}
        assert heads == {"white": "24", "black": "12"}
        assert [t.text for t in root.iterfind(".//s:text[@class='head-tag']", NS)] == ["baş", "baş"]
        assert "Başlar" in root.find("s:desc", NS).text
    assert svg_of("tapa/start").find(".//s:g[@data-head]", NS) is None
    assert svg_of("backgammon/opening-position").find(".//s:g[@class='heads']", NS) is None


def test_pinned_checker_drawn_under_its_pinner() -> None:
    root = svg_of("tapa/pinned-point-closed")
    on5 = [u for u in root.iterfind(".//s:g[@class='checkers']/s:use", NS) if u.get("data-point") == "5"]
    assert len(on5) == 3  # one pinned Black checker and two White pinners
    pinned = [u for u in on5 if u.get("data-pinned") == "true"]
    assert len(pinned) == 1 and "black" in pinned[0].get("class")
    # at the base: the pinned checker is nearest the edge (bottom row: largest y)
    assert float(pinned[0].get("y")) == max(float(u.get("y")) for u in on5)
    ring = root.find(".//s:g[@class='pins']/s:g/s:circle[@class='pin-ring']", NS)
    assert ring is not None and ring.get("cx") == pinned[0].get("x") and ring.get("cy") == pinned[0].get("y")
    desc = root.find("s:desc", NS).text
    assert "Pinned: Black's checker on its own 20-point (board point 5), with White on top." in desc


def test_pin_arrow_lands_on_top_of_the_blot() -> None:
    root = svg_of("tapa/pin")
    (blot,) = [u for u in root.iterfind(".//s:g[@class='checkers']/s:use", NS) if u.get("data-point") == "5"]
    arrow = [m for m in root.iterfind(".//s:g[@class='play']/s:g", NS) if m.get("data-move") == "8/5*"][0]
    end = points_of(arrow.find("s:path[@class='head']", NS).get("d"))[0]
    assert end[1] < float(blot.get("y")) - 20  # above the pinned checker, not on it


def test_progression_dice() -> None:
    root = svg_of("gulbara/stop")
    prog = root.find(".//s:g[@class='progression']", NS)
    assert prog.get("data-plan") == "5 5 5 5 6 6 6 6" and prog.get("data-used") == "3"
    parts = [(g.get("class").split()[-1], g.get("data-value"), g.get("data-count"))
             for g in prog.iterfind("s:g", NS)]
    assert parts == [("played", "5", "3"), ("stopped", "5", "1"), ("unplayed", "6", "4")]
    assert "A 5 cannot be played" in root.find("s:desc", NS).text
    ended = svg_of("gulbara/game-ends").find(".//s:g[@class='progression']", NS)
    assert [g.get("class").split()[-1] for g in ended.iterfind("s:g", NS)][-1] == "void"
    normal = svg_of("gulbara/normal-double").find(".//s:g[@class='progression']", NS)
    assert normal.get("data-normal") == "true" and normal.get("data-plan") == "5 5 5 5"


def test_progression_follows_turn_number_and_options() -> None:
    pos = Position.from_board({20: 1}, {12: 15}, geometry=Geometry.SAME, checkers=15)
    rules = ruleset("gulbara")
    base = dict(position=pos, turn=Side.WHITE, rules=rules, roll=Roll(2, 2), play=None, options=DiagramOptions(),
                title="t", desc=None, id="td-t")
    plan = lambda d: ET.fromstring(render_svg(d)).find(".//s:g[@class='progression']", NS).get("data-plan")  # noqa: E731
    assert plan(diagram_from_position(**base, turn_number=4)) == "2 2 2 2 3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6"
    assert plan(diagram_from_position(**base, turn_number=3)) == "2 2 2 2"
    wider = dict(base, rules=rules.with_options(normal_doubles_turns=5))
    assert plan(diagram_from_position(**wider, turn_number=4)) == "2 2 2 2"
    assert ET.fromstring(render_svg(diagram_from_position(**dict(base, rules=ruleset("uzun")), turn_number=4))).find(
        ".//s:g[@class='progression']", NS) is None
