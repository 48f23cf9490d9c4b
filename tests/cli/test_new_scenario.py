"""`tavla-docs new scenario`: the file it writes passes `tavla-docs check`, with the engine's claims."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tavla_docs.engine.board import Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays, max_dice
from tavla_docs.formats.positions import read_position
from tavla_docs.variants import ruleset

START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
CASES = [  # (arguments after the id, what the file must say)
    (["6-3"], {"variant": "tavla", "roll": "6-3"}),
    ([START_XGID, "3-1"], {"variant": "tavla", "roll": "3-1"}),
    (["4HPwATDgc/ABMA", "6-6", "--variant", "backgammon"], {"variant": "backgammon", "roll": "6-6"}),
    (["Position ID: 4HPwATDgc/ABMA", "5-2", "--variant", "bg"], {"variant": "backgammon", "roll": "5-2"}),
    (["6-6", "--variant", "uzun"], {"variant": "uzun", "roll": "6-6"}),
    (["3-1", "--variant", "gulbara"], {"variant": "gulbara", "roll": "3-1"}),
    (["5-3", "--variant", "tapa", "--turn", "black"], {"variant": "tapa", "turn": "black"}),
    # Black (on roll) with two checkers on the bar against White's closed home board: nothing can be played
    (["XGID=bBBBBBB-----------------a-:0:0:-1:00:0:0:0:0:10", "6-5"], {"expect": {"no_play": True}}),
    # no roll, but the XGID's dice (3-1): the scenario has that roll, as `plays XGID` plays it
    ([START_XGID], {"variant": "tavla", "roll": "3-1"}),
    # no roll: an odds scenario
    (["XGID=-A----------------------a-:0:0:1:00:0:0:0:0:10"], {"turn": "white"}),
]


@pytest.mark.parametrize("argv, says", CASES)
def test_the_new_scenario_passes_check(cli, tmp_path: Path, argv: list[str], says: dict) -> None:
    r = cli("new", "scenario", "demo/example", *argv, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    path = tmp_path / "scenarios" / "demo" / "example.yaml"
    assert r.stdout.startswith("wrote scenarios/demo/example.yaml\n")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for key, value in says.items():
        assert data[key] == value if not isinstance(value, dict) else value.items() <= data[key].items(), data
    r = cli("check", str(path), cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("1 scenario, ") and r.stdout.rstrip().endswith("all hold")


def test_the_claims_are_the_engines(cli, tmp_path: Path) -> None:
    r = cli("new", "scenario", "demo/x", START_XGID, "6-3", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    data = yaml.safe_load((tmp_path / "scenarios" / "demo" / "x.yaml").read_text(encoding="utf-8"))
    rules = ruleset("tavla")
    pos, side, _ = read_position(START_XGID, geometry=rules.geometry)
    assert side is Side.WHITE
    plays = legal_plays(pos, side, Roll.parse("6-3"), rules)
    assert data["expect"]["plays"] == len([p for p in plays if p.moves]) > 1
    assert data["expect"]["dice_used"] == max_dice(plays) == 2
    assert data["expect"]["pips"] == {"white": 167, "black": 167}
    assert "show" not in data and set(data["caption"]) == {"tr", "en"}


def test_no_roll_writes_the_odds(cli, tmp_path: Path) -> None:
    one_checker = "XGID=-A----------------------a-:0:0:1:00:0:0:0:0:10"  # White's last checker on the 1-point
    r = cli("new", "scenario", "demo/odds", one_checker, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    data = yaml.safe_load((tmp_path / "scenarios" / "demo" / "odds.yaml").read_text(encoding="utf-8"))
    assert "roll" not in data and data["expect"]["odds"]["bears_off"] == "36/36"


def test_it_uses_the_sites_scenarios_dir(cli, tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_name: x\nplugins:\n  - tavla-docs: {scenarios_dir: examples}\n",
                                         encoding="utf-8")
    r = cli("new", "scenario", "a/b", "2-1", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "examples" / "a" / "b.yaml").is_file()


def test_it_never_overwrites(cli, tmp_path: Path) -> None:
    assert cli("new", "scenario", "demo/x", "6-3", cwd=tmp_path).returncode == 0
    before = (tmp_path / "scenarios" / "demo" / "x.yaml").read_text(encoding="utf-8")
    r = cli("new", "scenario", "demo/x", "5-5", cwd=tmp_path)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.splitlines() == ["tavla-docs: error: scenarios/demo/x.yaml: already exists; `new` never overwrites a file",
                                     "    hint: choose another TOPIC/NAME, or edit the file"]
    assert (tmp_path / "scenarios" / "demo" / "x.yaml").read_text(encoding="utf-8") == before


@pytest.mark.parametrize("argv, message", [
    (["Demo"], "scenario id 'Demo': TOPIC/NAME"),
    (["a/../b"], "scenario id 'a/../b': TOPIC/NAME"),
    (["a/b", "nonsense"], "POSITION 'nonsense': a GNU Backgammon Position ID has 14 characters"),
    (["a/b", START_XGID, "7-1"], "ROLL: not a roll: '7-1'"),
    (["a/b", "--variant", "chess"], "--variant 'chess'"),
])
def test_bad_input_is_one_error_with_no_file(cli, tmp_path: Path, argv: list[str], message: str) -> None:
    r = cli("new", "scenario", *argv, cwd=tmp_path)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.startswith("tavla-docs: error: " + message), r.stderr
    assert not (tmp_path / "scenarios").exists()
