"""Frames of a `then:` story drawn one by one: each frame starts from the engine's result of the
frame before it, and every frame has its own SVG ids, so a whole story fits on one page."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from tavla_docs.cli.main import main
from tavla_docs.diagram.spec import diagram_id, frame_id
from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.engine.written import resulting_position
from tavla_docs.formats.positions import position_from_mapping
from tavla_docs.render.svg import render_svg
from tavla_docs.scenario import load_scenario
from tavla_docs.scenario.draw import StepError, diagram_from_scenario
from tavla_docs.variants import ruleset
from tests.fixture import PROJECT

from .render_helpers import NS, classes, drawn_checkers, expected_checkers, moves_drawn, parse

SCENARIOS = PROJECT / "scenarios"
STORIES = ["bear-off/hit-story", "tapa/release"]


def yaml_frames(name: str) -> tuple[Position, list[dict], str]:
    """The first position as written, and each frame's raw YAML (the scenario, then its steps)."""
    data = yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text(encoding="utf-8"))
    rules = ruleset(data["variant"])
    pos = position_from_mapping(data["position"], geometry=rules.geometry, checkers=rules.checkers)
    return pos, [data, *data.get("then", [])], data["variant"]


def engine_positions(name: str) -> list[tuple[Position, Side, Roll]]:
    """Frame k's position, side and roll, computed step by step with the engine: the legal play
    that lands where the written `show:` lands (independently of the scenario loader)."""
    pos, raw, variant = yaml_frames(name)
    rules = ruleset(variant)
    side = Side.parse(raw[0]["turn"])
    out = []
    for frame in raw:
        roll = Roll.parse(frame["roll"])
        out.append((pos, side, roll))
        target = resulting_position(pos, side, frame["show"], rules).key()
        legal = [p for p in legal_plays(pos, side, roll, rules) if p.position.key() == target]
        assert len(legal) == 1, f"{frame['show']} is not one legal play"
        pos, side = legal[0].position, side.opponent
    return out


def on_turn(root: ET.Element) -> str:
    return next(t.get("data-side") for t in root.iter(NS + "text") if "on-turn" in classes(t))


def dice(root: ET.Element) -> list[int]:
    return sorted(int(g.get("data-value")) for g in root.iter(NS + "g") if "die-g" in classes(g))


@pytest.mark.parametrize("name", STORIES)
@pytest.mark.parametrize("lang", ["en", "tr"])
def test_each_frame_starts_from_the_engines_result_of_the_one_before(name: str, lang: str) -> None:
    sc = load_scenario(SCENARIOS / f"{name}.yaml", SCENARIOS)
    expected = engine_positions(name)
    assert len(sc.frames) == len(expected) >= 2
    for k, (pos, side, roll) in enumerate(expected):
        d = diagram_from_scenario(sc, lang, step=k)
        root = parse(render_svg(d))
        assert drawn_checkers(root) == expected_checkers(pos), f"frame {k}"
        assert on_turn(root) == side.value
        assert dice(root) == sorted((roll.high, roll.low))
        assert len(moves_drawn(root)) == len(d.play.moves) > 0


def test_hit_story_positions_worked_by_hand() -> None:
    """The last frame of hit-story, from the file's comments: White's blot on 3 was hit from
    Black's anchor on White's 1-point (Black 24/22*), Black's 6/5 is White's 19 → 20."""
    sc = load_scenario(SCENARIOS / "bear-off/hit-story.yaml", SCENARIOS)
    root = parse(render_svg(diagram_from_scenario(sc, "en", step=2)))
    hand = Position.from_board({6: 1, 5: 2, 4: 1, 2: 2}, {1: 1, 3: 1, 19: 2, 20: 4, 21: 3, 22: 2, 24: 2},
                               white_bar=1, checkers=15)
    assert drawn_checkers(root) == expected_checkers(hand)
    assert drawn_checkers(root)[("white", "off")] == 8  # 7 before the story, 6/off, and the hit takes none back


@pytest.mark.parametrize("name", STORIES)
def test_ids_are_unique_across_frames(name: str) -> None:
    sc = load_scenario(SCENARIOS / f"{name}.yaml", SCENARIOS)
    seen: list[str] = []
    roots = []
    for k in range(len(sc.frames)):
        root = parse(render_svg(diagram_from_scenario(sc, "en", step=k)))
        roots.append(root.get("id"))
        seen += [el.get("id") for el in root.iter() if el.get("id")]
    assert len(seen) == len(set(seen)) and len(seen) > 3 * len(sc.frames)
    assert roots == [frame_id(sc.id, k) for k in range(len(sc.frames))]
    assert roots[0] == diagram_id(sc.id)  # frame 0 keeps the id a plain diagram always had


def test_step_zero_is_the_plain_diagram() -> None:
    sc = load_scenario(SCENARIOS / "bear-off/hit-story.yaml", SCENARIOS)
    assert render_svg(diagram_from_scenario(sc, "tr", step=0)) == render_svg(diagram_from_scenario(sc, "tr"))


def test_each_frame_has_its_own_caption() -> None:
    sc = load_scenario(SCENARIOS / "bear-off/hit-story.yaml", SCENARIOS)
    titles = [diagram_from_scenario(sc, "en", step=k).title for k in range(3)]
    assert titles[1] == "Black hits White's blot, which goes to the bar."
    assert len(set(titles)) == 3


@pytest.mark.parametrize("step, hint", [
    (3, "it has 3 frames: step=0 is its own position, step=1 to step=2 are its `then:` steps"),
    (-1, "it has 3 frames"),
    (True, "it has 3 frames"),
])
def test_out_of_range_step_says_how_many_frames(step, hint: str) -> None:
    sc = load_scenario(SCENARIOS / "bear-off/hit-story.yaml", SCENARIOS)
    with pytest.raises(StepError) as e:
        diagram_from_scenario(sc, "en", step=step)
    first, second = str(e.value).split("\n")
    assert first.startswith(f"step={step!r}") and second.startswith("    " + hint)


def test_steps_keep_the_scenarios_orientation(tmp_path: Path) -> None:
    """A step without its own `flip`/`numbers`/`theme` is drawn like the frame before it;
    its own options (here a highlight) still apply."""
    f = tmp_path / "s.yaml"
    f.write_text("variant: tavla\nposition: {white: {6: 2, 5: 2}, black: {19: 2, 20: 2}}\nturn: white\n"
                 "roll: 6-1\nshow: 6/off 5/4\ndiagram: {flip: true, theme: print}\n"
                 "then:\n  - roll: 2-1\n    show: 6/4 5/4\n    diagram: {highlight: [20]}\n", encoding="utf-8")
    sc = load_scenario(f, tmp_path)
    d = diagram_from_scenario(sc, "en", step=1)
    assert (d.options.flip, d.options.theme, d.options.highlight) == (True, "print", (20,))
    root = parse(render_svg(d))
    assert "theme-print" in root.get("class")


def test_render_cli_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = SCENARIOS / "bear-off/hit-story.yaml"
    out = tmp_path / "f.svg"
    assert main(["render", str(path), "--step", "1", "-o", str(out)]) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.get("id").endswith("-s1") and on_turn(root) == "black" and dice(root) == [1, 2]
    assert main(["render", str(path), "--step", "3"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"tavla-docs render: error: {path}: step=3 is out of range"
    assert err[1].startswith("    it has 3 frames")
    assert main(["render", "XGID=---A-A-------------hg-----:0:0:1:42:0:0:0:0:10", "--step", "1"]) == 1
    assert "a position has one frame" in capsys.readouterr().err
