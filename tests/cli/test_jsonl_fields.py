"""`plays --jsonl` and `--json`: the default answer is the old one byte for byte; `--fields`."""
from __future__ import annotations

import json

import pytest

from benchmarks.corpus import corpus
from tavla_docs.engine.dice import ALL_ROLLS, Roll
from tavla_docs.engine.movegen import legal_plays, skips_roll
from tavla_docs.formats.xgid import format_xgid
from tavla_docs.variants import ruleset

from ..formats.old_output import old_answer

START = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def _sample() -> list[tuple[str, str, str | None]]:
    """(position, roll, variant): corpus positions (random games, bar, primes, bear-offs) with all
    21 rolls, and every variant's start (Gülbara's unplayed numbers, Uzun's null XGIDs)."""
    out = [(format_xgid(pos, side), str(roll), None) for pos, side in corpus(sample=24, constructed=6)
           for roll in ALL_ROLLS]
    for variant in ("backgammon", "tapa", "uzun", "gulbara"):
        out += [("start.yaml", roll, variant) for roll in ("6-5", "3-1", "6-6")]
    return out


def _old_line(position: str, roll: str, variant: str | None, cwd) -> str:
    """The answer as the old code wrote it, from the same generator (tests/formats/old_output.py)."""
    from tavla_docs.cli.commands.plays import load_position
    rules = ruleset(variant or "tavla")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(cwd)
        pos, side = load_position(position, None, rules)
    r = Roll.parse(roll)
    plays = () if skips_roll(pos, side, rules) else legal_plays(pos, side, r, rules)
    extra = {}
    if rules.abilities.unplayed is not None:
        extra = {"unplayable_remainder": "opponent" if rules.abilities.remainder_to_opponent else "forfeit"}
        left = [list(rules.abilities.unplayed(pos, p, r, rules, __import__("tavla_docs.engine.play",
                fromlist=["TurnContext"]).TurnContext())) for p in plays]
        if any(left):
            extra["unplayed"] = left[0] if all(x == left[0] for x in left) else left
    return old_answer(rules, pos, side, r, plays, extra)


def test_the_default_answer_is_the_old_one_byte_for_byte(cli, tmp_path):
    (tmp_path / "start.yaml").write_text("white: {24: 2, 13: 5, 8: 3, 6: 5}\nblack: {1: 2, 12: 5, 17: 3, 19: 5}\n",
                                         encoding="utf-8")
    sample = _sample()
    lines = "".join(json.dumps({"position": p, "roll": r, **({"variant": v} if v else {})}) + "\n"
                    for p, r, v in sample)
    got = cli("plays", "--jsonl", stdin=lines, cwd=tmp_path)
    assert got.returncode == 0, got.stderr
    want = [_old_line(p, r, v, tmp_path) for p, r, v in sample]
    assert got.stdout.splitlines() == want
    for shown in ('"xgid": null', '"unplayable_remainder"', '"plays": []', '"skips_roll": true', '"white_bar": 1'):
        assert any(shown in w for w in want), shown  # the sample has the special cases


def test_json_is_the_old_answer_too(cli):
    r = cli("plays", START, "3-1", "--json")
    assert r.returncode == 0
    assert r.stdout == _old_line(START, "3-1", None, ".") + "\n"


@pytest.mark.parametrize("fields", [("notation",), ("xgid", "notation"), ("board", "xgid", "notation")])
def test_fields_give_those_fields_in_that_order(cli, fields):
    full = json.loads(cli("plays", START, "6-4", "--json").stdout)
    for args in (("--json", START, "6-4"), ("--jsonl",)):
        r = cli("plays", *args, "--fields", ",".join(fields), stdin=json.dumps({"position": START, "roll": "6-4"}))
        assert r.returncode == 0, r.stderr
        got = json.loads(r.stdout)
        assert [list(p) for p in got["plays"]] == [list(fields)] * len(full["plays"])
        assert got["plays"] == [{f: p[f] for f in fields} for p in full["plays"]]
        assert {k: v for k, v in got.items() if k != "plays"} == {k: v for k, v in full.items() if k != "plays"}


@pytest.mark.parametrize("text, message", [
    ("notation,xgdi", "--fields notation,xgdi: column 10: unknown field 'xgdi' (did you mean 'xgid'?); "
                      "the fields are notation, xgid, board"),
    ("notation,,board", "--fields notation,,board: column 10: an empty field name; the fields are notation, xgid, board"),
    ("xgid,xgid", "--fields xgid,xgid: column 6: 'xgid' is listed twice; the fields are notation, xgid, board"),
    ("colour", "--fields colour: column 1: unknown field 'colour'; the fields are notation, xgid, board"),
])
def test_an_unknown_field_is_a_located_error_listing_the_fields(cli, text, message):
    for args in (("--jsonl",), ("--json", START, "3-1")):
        r = cli("plays", *args, "--fields", text, stdin="")
        assert (r.returncode, r.stdout) == (1, "")
        assert r.stderr == f"tavla-docs: error: {message}\n"


def test_fields_without_json_is_a_usage_error(cli):
    r = cli("plays", START, "3-1", "--fields", "notation")
    assert r.returncode == 2 and "--fields goes with --json or --jsonl" in r.stderr and r.stdout == ""
