"""`tavla-docs odds`: text, JSON and one-line errors."""
from __future__ import annotations

import json

from tavla_docs.cli.main import main


def run(capsys, *argv):
    code = main(["odds", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, text):
    p = tmp_path / "pos.yaml"
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_text_output_six_point(capsys, tmp_path):
    code, out, err = run(capsys, write(tmp_path, "white: {6: 1}\nblack: {19: 15}\n"))
    assert code == 0 and not err
    lines = out.splitlines()
    assert len([ln for ln in lines if ln[:1].isdigit() and ln[1] == "-"]) == 21
    assert "totals: bears off 27/36, hits 0/36, enters 0/36, no play 0/36" in lines
    assert "  expected rolls 1.250000 = 5/4" in lines
    assert any(ln.startswith("  off within  1 roll ") and ln.endswith("= 3/4") for ln in lines)
    # Black's 15 on its 6-point are bearing off too: a race line, from the database only (too many for exact)
    race = [ln for ln in lines if ln.startswith("race: white on roll wins ")]
    assert len(race) == 1 and " = " not in race[0]
    # deterministic
    assert run(capsys, write(tmp_path, "white: {6: 1}\nblack: {19: 15}\n"))[1] == out


def test_json_output_and_race(capsys, tmp_path):
    code, out, _ = run(capsys, write(tmp_path, "white: {6: 1}\nblack: {19: 1}\n"), "--json")
    data = json.loads(out)
    assert code == 0 and data["totals"]["bears_off"] == {"count": 27, "of": 36}
    assert data["bearoff"]["expected_rolls_exact"] == "5/4"
    assert data["race"]["win_on_roll_exact"] == "13/16"
    assert [r["roll"] for r in data["rolls"]][:2] == ["6-6", "6-5"]


def test_black_to_play_and_not_bearing_off(capsys, tmp_path):
    path = write(tmp_path, "white: {6: 1}\nblack: {19: 1, 13: 1}\n")
    code, out, _ = run(capsys, path, "--turn", "black", "--json")
    data = json.loads(out)
    assert code == 0 and data["turn"] == "black" and data["bearoff"] is None
    assert data["totals"]["bears_off"]["count"] == 1  # 18 pips to go: only 6-6 (12/6 6/off 6/off)


def test_xgid_start_position(capsys):
    code, out, _ = run(capsys, "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
    assert code == 0 and "bear-off" not in out and "totals: bears off 0/36" in out


def test_bad_input_is_one_line_exit_1(capsys, tmp_path):
    for arg in ["nonsense", write(tmp_path, "white: {6: 16}\n"), write(tmp_path, "white: [unclosed\n"),
                str(tmp_path / "missing.yaml")]:
        code, out, err = run(capsys, arg)
        assert code == 1 and not out
        assert len(err.strip().splitlines()) == 1 and err.startswith("tavla-docs odds: error: "), err
