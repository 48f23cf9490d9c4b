"""Readers of contributor files other than scenarios (issue 12): position files for `plays` and
`odds` and `plays --jsonl` lines go through the same hardened reading as scenarios: a size cap,
no YAML anchors or aliases, a depth limit, one error line, short echoes of long values."""
from __future__ import annotations

import io
import json
import time
from pathlib import Path

import pytest

from tavla_docs.cli.main import main

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8))


@pytest.mark.parametrize("command", ["plays", "odds"])
def test_an_alias_bomb_position_file_is_one_quick_error(tmp_path: Path, capsys, command):
    f = tmp_path / "bomb.yaml"
    f.write_text(BOMB, encoding="utf-8")
    argv = [command, str(f)] + (["3-1"] if command == "plays" else [])
    t = time.perf_counter()
    assert main(argv) == 1
    assert time.perf_counter() - t < 5
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 300, err[:300]
    assert "anchors (&name) are not allowed in position files" in err and f"{f}:1:" in err


def test_an_oversized_position_file_is_refused_before_reading(tmp_path: Path, capsys):
    f = tmp_path / "big.yaml"
    with f.open("wb") as out:
        out.truncate(300 << 20)  # 300 MB, sparse: reading it whole would take long and much memory
    t = time.perf_counter()
    assert main(["plays", str(f), "3-1"]) == 1
    assert time.perf_counter() - t < 5
    err = capsys.readouterr().err
    assert "the limit is 256 KB" in err and err.count("\n") == 1


def test_duplicate_keys_in_a_position_file_are_located(tmp_path: Path, capsys):
    f = tmp_path / "dup.yaml"
    f.write_text("white: {6: 5}\nblack: {19: 5}\nwhite: {8: 3}\n", encoding="utf-8")
    assert main(["plays", str(f), "3-1"]) == 1
    assert f"{f}:3:1: duplicate key 'white'" in capsys.readouterr().err


def _batch(monkeypatch, capsys, lines: list[str]) -> list[dict]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))
    assert main(["plays", "--jsonl"]) == 0
    return [json.loads(x) for x in capsys.readouterr().out.splitlines()]


def test_a_bad_jsonl_line_never_ends_the_batch(monkeypatch, capsys):
    good = '{"position": "4HPwATDgc/ABMA", "roll": "6-5"}'
    deep = "[" * 10_000 + "]" * 10_000  # short enough for the size cap, too deep for the JSON reader
    long_turn = json.dumps({"position": "4HPwATDgc/ABMA", "roll": "6-5", "turn": ["w" * 40] * 200})
    answers = _batch(monkeypatch, capsys, [good, deep, "[" * 20_000, long_turn, good])
    assert len(answers) == 5
    assert "plays" in answers[0] and "plays" in answers[4]
    assert all("error" in a for a in answers[1:4])
    assert all(len(a["error"]) < 200 for a in answers[1:4])  # values are echoed cut short
