"""The variants' public surface: registry, summary facts, IDs, CLI."""
from __future__ import annotations

import json

import pytest

from tavla_docs.cli.main import main
from tavla_docs.engine.board import Side
from tavla_docs.engine.rules import RulesetError
from tavla_docs.formats.errors import FormatError
from tavla_docs.formats.gnubg import format_position_id
from tavla_docs.formats.xgid import format_xgid
from tavla_docs.variants import ruleset, variants


def test_registry_and_aliases():
    assert {"uzun", "tapa", "gulbara"} <= set(variants())
    assert ruleset("Uzun Tavla").variant == "uzun" and ruleset("Plakoto").variant == "tapa"
    with pytest.raises(RulesetError):
        ruleset("gulbara", unplayable_remainder="nobody")


@pytest.mark.parametrize("name, pips, directions, closed_by, lone", [
    ("tavla", 167, "opposite", 2, "hit"), ("backgammon", 167, "opposite", 2, "hit"),
    ("uzun", 360, "same", 1, "blocked"), ("tapa", 360, "opposite", 2, "pin"),
    ("gulbara", 360, "same", 1, "blocked"),
])
def test_summary_rows(name, pips, directions, closed_by, lone):
    # rules.md §2 matrix.
    row = ruleset(name).summary()
    assert (row["starting_pips"], row["directions"], row["closed_by"], row["lone_opponent"]) == \
        (pips, directions, closed_by, lone)
    assert row["bar"] is (lone == "hit")
    assert row["cube"] is (name == "backgammon")


def test_tapa_scoring_row():
    assert ruleset("tapa").summary()["scoring"] == (("single", 1), ("mars", 2), ("mother_pin", 2), ("draw", 0))
    assert ruleset("tapa", mother_rule=False).summary()["scoring"] == (("single", 1), ("mars", 2))


def test_ids_refuse_same_direction_boards():
    pos = ruleset("uzun").starting_position()
    with pytest.raises(FormatError, match="same-direction"):
        format_xgid(pos, Side.WHITE)
    with pytest.raises(FormatError, match="same-direction"):
        format_position_id(pos, Side.WHITE)


def test_cli_plays_uzun(tmp_path, capsys):
    f = tmp_path / "start.yaml"
    f.write_text("position:\n  white: {24: 15}\n  black: {12: 15}\n", encoding="utf-8")
    assert main(["plays", str(f), "6-6", "--variant", "uzun", "--turn-number", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["notation"] for p in out["plays"]] == ["24/18(2)"] and out["plays"][0]["xgid"] is None
    assert out["plays"][0]["board"]["white"] == {"18": 2, "24": 13}
