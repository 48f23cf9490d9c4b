"""A game's number of checkers is its ruleset's: Hypergammon's 3 in positions, claims and IDs."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.cli.main import main
from tavla_docs.engine.board import Side
from tavla_docs.engine.results import game_result
from tavla_docs.variants import ruleset, variants


def test_every_games_count_is_its_start():
    for name in variants():
        rules = ruleset(name)
        assert rules.checkers == sum(rules.start.values()) == rules.starting_position().checkers
        assert rules.starting_position().off(Side.WHITE) == 0
    assert ruleset("hypergammon").checkers == 3
    assert ruleset("nackgammon").summary()["starting_pips"] == 194


def test_a_hypergammon_gammon_needs_its_three_checkers():
    hyper = ruleset("hypergammon")
    end = hyper.position({}, {12: 1, 11: 1, 10: 1})
    assert game_result(end, hyper).kind == "gammon"
    assert game_result(hyper.position({}, {12: 1, 11: 1}), hyper).kind == "single"


def _check(tmp_path: Path, capsys, text: str) -> tuple[int, str]:
    f = tmp_path / "s.yaml"
    f.write_text(text)
    code = main(["check", str(f)])
    return code, capsys.readouterr().out


@pytest.mark.parametrize("position,claim,message", [
    ('"4HPwATDgc/ABMA"', "", "3:11: error: position: XGID and GNU Backgammon IDs assume 15 checkers a side; "
                             "hypergammon has 3"),
    ("{white: {24: 1, off: 1}, black: {1: 3}}", "", "3:27: error: white has 1 checkers in play and 1 off: "
                                                   "that is 2, not 3"),
    ("{white: {24: 1}, black: {1: 3}}", "  off: {white: 4}\n", "9:16: error: off white takes a number of "
                                                              "checkers 0–3, not 4"),
    ("{white: {24: 4}, black: {1: 3}}", "", "3:12: error: white has 4 checkers on the board and bar; a side has 3"),
])
def test_hypergammon_positions_and_claims_count_three(tmp_path, capsys, position, claim, message):
    code, out = _check(tmp_path, capsys, f"variant: hypergammon\nturn: white\nposition: {position}\n"
                                         "roll: 6-5\n"
                                         "caption: {en: x, tr: x}\n"
                                         "diagram: {dice: true}\n"
                                         "expect:\n"
                                         "  plays: 1\n" + claim)
    assert code == 1
    assert message in out, out
