"""`tavla-docs render`: output files, PNG, errors as one line."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tavla_docs.cli.main import main
from tests.fixture import PROJECT

# White 5, 3; Black 8 on B19, 7 on B20; White to play 4-2 (an XGID carries the dice).
XGID = "XGID=---A-A-------------hg-----:0:0:1:42:0:0:0:0:10"
NS = "{http://www.w3.org/2000/svg}"


def test_render_xgid_to_svg_file(tmp_path):
    out = tmp_path / "sub" / "x.svg"
    assert main(["render", XGID, "--play", "5/off", "-o", str(out), "--theme", "print", "--lang", "tr"]) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert "theme-print" in root.get("class")
    dice = sorted(g.get("data-value") for g in root.iter(NS + "g") if "die-g" in g.get("class", ""))
    assert dice == ["2", "4"]
    moves = [g.get("data-move") for g in root.iter(NS + "g") if g.get("data-step") and "move" in g.get("class")]
    assert moves == ["5/3", "3/off"]
    assert "Beyaz" in root.find(NS + "desc").text
    assert not [p for p in tmp_path.rglob(".x.svg.*")]  # the temporary file was renamed away


def test_render_to_stdout_and_roll_override(capsys):
    assert main(["render", XGID, "--roll", "6-1", "--flip"]) == 0
    root = ET.fromstring(capsys.readouterr().out)
    assert sorted(g.get("data-value") for g in root.iter(NS + "g") if "die-g" in g.get("class", "")) == ["1", "6"]


def test_render_png(tmp_path):
    pytest.importorskip("cairosvg")
    out = tmp_path / "x.png"
    assert main(["render", XGID, "--png", "-o", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("argv, message", [
    ([XGID, "--play", "3/off"], "is not a legal play of 4-2"),
    (["missing.yaml"], "missing.yaml: no such scenario file"),
    (["garbage"], "Position ID"),
    ([XGID, "--roll", "9-1"], "not a roll"),
    ([XGID, "--png"], "give a file with -o"),
])
def test_errors_are_one_line(argv, message, capsys):
    assert main(["render", *argv]) == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


SCENARIOS = PROJECT / "scenarios"


@pytest.mark.parametrize("name, play, moves", [
    ("gulbara/normal-double", "24/14(2)", ["24/19", "19/14", "24/19", "19/14"]),  # turn 3: four ordinary fives
    ("uzun/first-turn-6-6", "24/18(2)", ["24/18", "24/18"]),  # the opening 6-6 exception: two from the head
])
def test_play_is_resolved_on_the_scenarios_own_turn(name, play, moves, capsys):
    """`--play` is checked with the scenario's `turn_number:`, like its own `show:` (the same play here)."""
    assert main(["render", str(SCENARIOS / f"{name}.yaml"), "--play", play]) == 0
    root = ET.fromstring(capsys.readouterr().out)
    drawn = [g.get("data-move") for g in root.iter(NS + "g") if g.get("data-step") and "move" in g.get("class")]
    assert drawn == moves


def test_scenario_diagnostics_are_printed_once_compiler_style(cli, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("variant: tavla\nposition: {white: {6: 16}}\nturn: white\n", encoding="utf-8")
    r = cli("render", str(bad))
    assert r.returncode == 1
    first = r.stderr.splitlines()[0]
    assert first.startswith(f"{bad}:2:"), first
    assert ": error: " in first and "tavla-docs render: error:" not in r.stderr
