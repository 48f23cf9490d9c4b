"""`tavla-docs plays`: text, --json, --jsonl, exit codes (in-process, through the entry point).

Bad input follows the CLI contract in README.md: exit 1 with one line on stderr, never a
traceback; a --jsonl batch reports a bad line as that line's error and goes on.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

BOARD = "-b----E-C---eE---c-e----B-"  # the starting position (formats.md 2.3)
START = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
# Opening 3-1 by hand: threes 24/21 13/10 8/5 6/3 (4) x ones 24/23 8/7 6/5 (3; 13/12 is Black's
# midpoint, closed) = 12, plus one checker taking both dice: 24/20 13/9 8/4 6/2 = 16.
OPENING_3_1 = {
    "24/21 24/23", "24/21 8/7", "24/21 6/5", "13/10 24/23", "13/10 8/7", "13/10 6/5", "8/5 24/23",
    "8/5 8/7", "8/5 6/5", "6/3 24/23", "6/3 8/7", "6/3 6/5", "24/20", "13/9", "8/4", "6/2",
}


def canon(text: str) -> frozenset[str]:
    """A play as the set of its written parts, so '13/10 24/23' equals '24/23 13/10'."""
    return frozenset(text.split())


def test_text_lists_the_16_plays(cli):
    r = cli("plays", START, "3-1")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "16 legal plays" in lines[0]
    assert {canon(line) for line in lines[1:]} == {canon(t) for t in OPENING_3_1}


def test_json_shape(cli):
    r = cli("plays", START, "1-3", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["variant"] == "tavla" and data["turn"] == "white" and data["roll"] == [3, 1]
    assert data["dice_used"] == 2 and len(data["plays"]) == 16
    for p in data["plays"]:
        assert set(p) >= {"notation", "xgid", "board"}
        assert p["xgid"].startswith("XGID=") and p["xgid"].split(":")[3] == "-1"  # Black to move next
        assert set(p["board"]) >= {"white", "black", "white_bar", "black_bar", "white_off", "black_off"}
    assert {canon(p["notation"]) for p in data["plays"]} == {canon(t) for t in OPENING_3_1}


def test_jsonl_batch_goes_on_after_errors(cli):
    lines = "\n".join([
        json.dumps({"position": "4HPwATDgc/ABMA", "roll": "6-5"}),
        "this is not json",
        json.dumps({"position": "4HPwATDgc/ABMA"}),
        json.dumps({"position": "XGID=zzz", "roll": "3-1"}),
        json.dumps({"position": START, "roll": "3-1", "variant": "backgammon"}),
    ]) + "\n"
    r = cli("plays", "--jsonl", stdin=lines)
    assert r.returncode == 0, r.stderr
    out = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(out) == 5
    # Opening 6-5 by hand: sixes 24/18 13/7 8/2, fives 13/8 8/3 (24/19 and 6/1 are closed) -> 6 pairs,
    # of which 8/2 13/8 is the same position as 13/2; plus 24/13 -> 7 plays.
    assert out[0]["roll"] == [6, 5] and len(out[0]["plays"]) == 7
    assert set(out[1]) == {"error"} and set(out[2]) == {"error"} and "roll" in out[2]["error"]
    assert set(out[3]) == {"error"}
    assert out[4]["variant"] == "backgammon" and len(out[4]["plays"]) == 16


@pytest.mark.parametrize("args", [
    ("plays", START, "7-1"),
    ("plays", "XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10", "3-1"),
    ("plays", "not-a-position-id", "3-1"),
    ("plays", "missing-file.yaml", "3-1"),
    ("plays", START, "3-1", "--variant", "chess"),
])
def test_bad_input_exit_1_one_line(cli, args):
    r = cli(*args)
    assert r.returncode == 1
    assert r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    assert r.stderr.startswith("tavla-docs: error:")


@pytest.mark.parametrize("args", [("plays",), ("plays", START), ("plays", "--bogus", START, "3-1"), ()])
def test_usage_errors_exit_2(cli, args):
    r = cli(*args)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr


def test_broken_yaml_is_one_line(cli, tmp_path):
    f = tmp_path / "broken.yaml"
    f.write_text("white: {6: 2\n", encoding="utf-8")
    r = cli("plays", str(f), "3-1")
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and "error" in lines[0] and "broken.yaml" in lines[0]


def test_jsonl_goes_on_after_broken_yaml(cli, tmp_path):
    f = tmp_path / "broken.yaml"
    f.write_text("{{{\n", encoding="utf-8")
    ok = tmp_path / "ok.yaml"
    ok.write_text("white: {6: 2}\nblack: {19: 2}\n", encoding="utf-8")
    lines = json.dumps({"position": str(f), "roll": "3-1"}) + "\n" + json.dumps({"position": str(ok), "roll": "3-1"}) + "\n"
    r = cli("plays", "--jsonl", stdin=lines)
    assert r.returncode == 0 and "Traceback" not in r.stderr
    out = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(out) == 2 and "error" in out[0] and "plays" in out[1]


def test_xgid_bad_cube_is_one_line(cli):
    r = cli("plays", f"XGID={BOARD}:-1:0:1:00:0:0:0:0:10", "3-1")
    assert r.returncode == 1
    assert "cube" in r.stderr and "shift" not in r.stderr and len(r.stderr.splitlines()) == 1


@pytest.mark.parametrize("extra", [{"turn_number": "1"}, {"turn": 5}, {"variant": 7}, {"turn_number": True}])
def test_jsonl_wrong_field_types_are_line_errors(cli, extra):
    start = f"XGID={BOARD}:0:0:1:00:0:0:0:0:10"
    lines = json.dumps({"position": start, "roll": "3-1", **extra}) + "\n" + json.dumps({"position": start, "roll": "3-1"}) + "\n"
    r = cli("plays", "--jsonl", stdin=lines)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    out = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(out) == 2 and set(out[0]) == {"error"} and len(out[1]["plays"]) == 16


def test_names_a_folder_and_non_utf8_files(cli, tmp_path: Path) -> None:
    r = cli("plays", str(tmp_path), "3-1")
    assert r.returncode == 1 and f"{tmp_path}: is a folder" in r.stderr
    binary = tmp_path / "pos.yaml"
    binary.write_bytes(b"\xff\xfe\x00")
    r = cli("plays", str(binary), "3-1")
    assert r.returncode == 1 and f"{binary}: not UTF-8 text" in r.stderr and "Traceback" not in r.stderr
