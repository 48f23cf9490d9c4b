"""Fuzzing every input path besides scenarios (issue 12): XGIDs, Position and Match IDs, position
files and `plays --jsonl` lines. Any input is answered, or refused with a `TavlaError` (one line
at the CLI); nothing else escapes. Bounded (max_examples), and derandomized under CI (conftest)."""
from __future__ import annotations

import io
import json
import string
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tavla_docs.cli.main import main
from tavla_docs.errors import TavlaError
from tavla_docs.formats.positions import read_position
from tavla_docs.formats.yamlmarks import load_yaml

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                           HealthCheck.function_scoped_fixture])
XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
POSITION_ID, MATCH_ID = "4HPwATDgc/ABMA", "cAkAAAAAAAAA"
B64 = string.ascii_letters + string.digits + "+/="


@st.composite
def mutated(draw: st.DrawFn, seed: str, alphabet: str) -> str:
    """`seed` with a few characters replaced, inserted or deleted."""
    chars = list(seed)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(chars)))
        op = draw(st.sampled_from(["replace", "insert", "delete"]))
        c = draw(st.sampled_from(alphabet))
        if op == "insert" or not chars:
            chars.insert(i, c)
        elif op == "replace":
            chars[min(i, len(chars) - 1)] = c
        else:
            del chars[min(i, len(chars) - 1)]
    return "".join(chars)


ids = st.one_of(mutated(XGID, string.ascii_letters + string.digits + ":-="),
                mutated(POSITION_ID, B64), mutated(f"{POSITION_ID}:{MATCH_ID}", B64 + ":"),
                st.text(max_size=40))


@SETTINGS
@given(ids)
@example(":00000000000=")  # padding inside a Match ID: once an IndexError (found by this test)
def test_ids_are_read_or_refused(text: str) -> None:
    try:
        read_position(text)
    except TavlaError as e:
        assert "\n" not in str(e).strip() or "Traceback" not in str(e)


yaml_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 30), st.text(max_size=6),
              st.sampled_from(["white", "black", "bar", "off", "pinned", "position", "turn"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.one_of(st.integers(-2, 27), st.sampled_from(
                                ["white", "black", "bar", "off", "pinned", "position", "turn"])), inner, max_size=4)),
    max_leaves=20)


@SETTINGS
@given(yaml_values)
def test_position_mappings_are_read_or_refused(data: object) -> None:
    try:
        read_position(data)
    except TavlaError:
        pass


@SETTINGS
@given(st.text(alphabet=string.printable + "&*!|>{}[]", max_size=200))
def test_position_file_text_is_read_or_refused(text: str) -> None:
    try:
        doc = load_yaml(text, "position files")
        read_position(doc.value)
    except TavlaError:
        pass


requests = st.one_of(
    st.dictionaries(st.sampled_from(["position", "roll", "variant", "turn", "turn_number", "x"]),
                    st.one_of(st.none(), st.booleans(), st.integers(-3, 30), ids,
                              st.sampled_from(["3-1", "6-6", "7-1", "tavla", "tapa", "uzun", "gulbara", "white"])),
                    max_size=5).map(json.dumps),
    st.text(max_size=60))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(st.lists(requests, min_size=1, max_size=5))
def test_jsonl_batches_answer_every_line(monkeypatch, capsys, lines: list[str]) -> None:
    lines = [line.replace("\n", " ").replace("\r", " ") for line in lines]
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))
    assert main(["plays", "--jsonl"]) == 0
    out = capsys.readouterr()
    answers = [json.loads(x) for x in out.out.splitlines()]
    assert len(answers) == sum(1 for line in lines if line.strip())
    assert "Traceback" not in out.err and "internal error" not in out.err


def test_a_position_file_on_disk_is_one_line(tmp_path: Path, capsys) -> None:
    f = tmp_path / "p.yaml"
    f.write_text("white: {6: 5\n", encoding="utf-8")
    assert main(["plays", str(f), "3-1"]) == 1
    assert capsys.readouterr().err.count("\n") == 1
