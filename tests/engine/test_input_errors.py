"""Review findings (engine, IDs, `plays` CLI): each test failed before its fix.

Every expected behaviour comes from rules.md / formats.md or the CLI contract in README.md
("bad input exits 1 with one line on stderr, never a traceback").
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tavla_docs.engine.board import Position, PositionError
from tavla_docs.formats.ids import FormatError, from_xgid
from tavla_docs.engine.notation import NotationError, parse_play

BOARD = "-b----E-C---eE---c-e----B-"  # the starting position (formats.md 2.3)


def cli(*args: str, stdin: str | None = None, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tavla_docs", *args], input=stdin, capture_output=True,
                          text=True, timeout=60, cwd=cwd)


# --- plays: a YAML file that does not parse -----------------------------------------------

def test_plays_reports_broken_yaml_in_one_line(tmp_path):
    f = tmp_path / "broken.yaml"
    f.write_text("white: {6: 2\n", encoding="utf-8")
    r = cli("plays", str(f), "3-1")
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and "error" in lines[0] and "broken.yaml" in lines[0]


def test_plays_jsonl_goes_on_after_broken_yaml(tmp_path):
    f = tmp_path / "broken.yaml"
    f.write_text("{{{\n", encoding="utf-8")
    ok = tmp_path / "ok.yaml"
    ok.write_text("white: {6: 2}\nblack: {19: 2}\n", encoding="utf-8")
    lines = json.dumps({"position": str(f), "roll": "3-1"}) + "\n" + json.dumps({"position": str(ok), "roll": "3-1"}) + "\n"
    r = cli("plays", "--jsonl", stdin=lines)
    assert r.returncode == 0 and "Traceback" not in r.stderr
    out = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(out) == 2 and "error" in out[0] and "plays" in out[1]


# --- XGID fields that formats.md 2.3 does not allow -------------------------------------------

@pytest.mark.parametrize("fields,why", [
    ("-1:0:1:00:0:0:0:0:10", "cube"),  # log2 of the cube value cannot be negative
    ("99:0:1:00:0:0:0:0:10", "cube"),  # 2**99: no cube (and 2**huge must not eat the memory)
    ("0:2:1:00:0:0:0:0:10", "cube"),  # cubepos is 1, -1 or 0
    ("0:0:5:00:0:0:0:0:10", "turn"),  # turn is 1 or -1
    ("0:0:0:00:0:0:0:0:10", "turn"),
    ("0:0:1:00:-1:0:0:5:10", "score"),
    ("0:0:1:00:0:0:0:-5:10", "length"),
])
def test_xgid_rejects_impossible_fields(fields, why):
    with pytest.raises(FormatError, match=why):
        from_xgid(f"XGID={BOARD}:{fields}")


def test_xgid_bad_cube_is_one_line_error_on_the_cli():
    r = cli("plays", f"XGID={BOARD}:-1:0:1:00:0:0:0:0:10", "3-1")
    assert r.returncode == 1
    assert "cube" in r.stderr and "shift" not in r.stderr and len(r.stderr.splitlines()) == 1


def test_xgid_valid_fields_still_read():
    _, m = from_xgid("XGID=-D-CA------------------a--:1:1:1:00:4:2:0:5:10")  # formats.md example 3
    assert m.cube == 2 and m.length == 5 and (m.score_white, m.score_black) == (4, 2)
    _, m = from_xgid(f"XGID={BOARD}:0:-1:-1:00:0:0:0:0:10")
    assert m.turn.value == "black" and m.cube_owner.value == "black"


# --- positions: 16 checkers is "too many", not "negative" -----------------------------------

def test_sixteen_checkers_message_says_too_many():
    with pytest.raises(PositionError) as e:
        Position.from_board({6: 16}, {19: 15})
    assert "at most 15" in str(e.value) and "negative" not in str(e.value)


# --- notation: a move that goes on after `off` -----------------------------------------------

@pytest.mark.parametrize("text", ["6/off/2", "6/off/off"])
def test_notation_says_continues_after_off(text):
    with pytest.raises(NotationError, match="continues after 'off'"):
        parse_play(text)


# --- plays --jsonl: a field of the wrong JSON type is that line's error, the batch goes on --------

@pytest.mark.parametrize("extra", [{"turn_number": "1"}, {"turn": 5}, {"variant": 7}, {"turn_number": True}])
def test_jsonl_wrong_field_types_are_line_errors(extra):
    start = f"XGID={BOARD}:0:0:1:00:0:0:0:0:10"
    lines = json.dumps({"position": start, "roll": "3-1", **extra}) + "\n" + json.dumps({"position": start, "roll": "3-1"}) + "\n"
    r = cli("plays", "--jsonl", stdin=lines)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    out = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(out) == 2 and set(out[0]) == {"error"} and len(out[1]["plays"]) == 16
