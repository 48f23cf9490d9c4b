"""Three checker bugs of issue 12: a variant's refusal inside `in_order`, the `(n)` repeat count
of a Gülbara progression, and `diagram: forbidden` moves that are not moves."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.cli.main import main
from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.engine.notation import NotationError, parse_play
from tavla_docs.engine.play import TurnContext
from tavla_docs.engine.written import legal_in_order, match_play
from tavla_docs.variants import ruleset

UZUN = ruleset("uzun")
HEAD = Position.from_board({24: 12, 18: 1, 16: 1, 10: 1}, {12: 12, 7: 1, 4: 1, 1: 1}, geometry=UZUN.geometry, checkers=15)


def test_in_order_names_a_variant_refusal_instead_of_crashing():
    # 24/19 24/21: the second checker off the head is refused by the head rule (a hook), whose
    # refusal reason has no "step: reason" shape; this used to raise "not enough values to unpack"
    ok, why = legal_in_order(HEAD, Side.WHITE, Roll(5, 3), UZUN, "24/19 24/21", ctx=TurnContext(game_turn=7))
    assert not ok
    assert why.startswith("24/21: ") and "uzun" in why


def test_in_order_illegal_claim_on_a_head_rule_move_checks(tmp_path: Path, capsys):
    f = tmp_path / "head.yaml"
    f.write_text(
        "variant: uzun\nposition:\n  white: {24: 12, 18: 1, 16: 1, 10: 1}\n  black: {12: 12, 7: 1, 4: 1, 1: 1}\n"
        "turn: white\nturn_number: 7\nroll: 5-3\nexpect:\n  in_order:\n    illegal: [24/19 24/21]\n",
        encoding="utf-8")
    assert main(["check", str(f)]) == 0
    assert "all hold" in capsys.readouterr().out


GULBARA = ruleset("gulbara")


def test_progression_notation_reads_back():
    # 4-4 on turn 5: the progression (4 x4, 5 x4, 6 x4) can move six checkers 20/10, which `plays`
    # prints as 20/10(6); the parser refused counts above 4, so the engine's own notation did not read back
    pos = Position.from_board({20: 6, 3: 9}, {13: 15}, geometry=GULBARA.geometry, checkers=15)
    plays = legal_plays(pos, Side.WHITE, Roll(4, 4), GULBARA, TurnContext(game_turn=5))
    assert "20/10(6)" in {str(p) for p in plays}
    for play in plays:
        text = str(play)
        assert match_play(pos, Side.WHITE, Roll(5, 5), GULBARA, text, plays=plays) == play


def test_repeat_counts_are_the_games_to_judge():
    """The notation reads any repeat of one or more; a count beyond the game's checkers (16 in
    backgammon, 4 in Hypergammon) is an illegal play, which the rules, not the notation, know."""
    assert parse_play("20/10(6)")[0].count == 6
    assert parse_play("24/23(15)")[0].count == 15
    assert parse_play("24/23(16)")[0].count == 16
    with pytest.raises(NotationError, match="at least once"):
        parse_play("24/23(0)")


@pytest.mark.parametrize("bad", ["zz", "6/x", "7/8"])
def test_check_refuses_a_forbidden_mark_that_is_not_a_move(tmp_path: Path, capsys, bad):
    f = tmp_path / "forbidden.yaml"
    f.write_text(f"variant: tavla\nposition:\n  white: {{6: 1, 5: 1}}\n  black: {{19: 15}}\nturn: white\n"
                 f"diagram:\n  forbidden: [{bad!r}]\n", encoding="utf-8")
    assert main(["check", str(f)]) == 1
    err = capsys.readouterr().out  # check prints its diagnostics on stdout
    assert f"{f}:7:" in err and "forbidden" in err and "is not a move" in err
