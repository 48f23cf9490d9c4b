"""`tavla-docs odds` says what it leaves out and why (issue 14): the bear-off and race sections of a
position not yet bearing off, the dice an XGID has already rolled; a finished game and an
impossible board are errors with a location and a hint, never a table of 36 "no play" rolls."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tavla_docs.formats.gnubg import format_match_id, format_position_id
from tavla_docs.formats.match import MatchState
from tavla_docs.variants import TAVLA

START = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"  # 5 of White's 15 on its 6-point
HOME_VS_OUT = "XGID=-----AA-----------a-------:0:0:1:{dice}:0:0:0:0:10"  # White 6:1 5:1, Black one on its 7
WHITE_DONE = "XGID=-a------------------------:0:0:1:00:0:0:0:0:10"  # White has borne off all 15
BOTH_DONE = "XGID=--------------------------:0:0:1:00:0:0:0:0:10"
NOT_SHOWN = "bearing off: not shown; white has 10 checkers outside its home board, and expected rolls and " \
            "P(off within n) need all of them on points 1–6"


def test_a_position_not_bearing_off_says_why_the_bear_off_section_is_absent(cli) -> None:
    r = cli("odds", START)
    assert r.returncode == 0 and r.stderr == ""
    lines = r.stdout.splitlines()
    totals = next(i for i, ln in enumerate(lines) if ln.startswith("totals: "))
    assert lines[totals + 1:] == [NOT_SHOWN]  # where the section would be, and only there
    data = json.loads(cli("odds", START, "--json").stdout)
    assert data["bearoff"] is None and data["bearoff_absent"] == "white has 10 checkers outside its home board"


def test_checkers_on_the_bar_are_named(cli, tmp_path: Path) -> None:
    f = tmp_path / "bar.yaml"
    f.write_text("white: {6: 3, 5: 2, bar: 1}\nblack: {19: 2}\n", encoding="utf-8")
    data = json.loads(cli("odds", str(f), "--json").stdout)
    assert data["bearoff_absent"] == "white has 1 checker outside its home board (1 on the bar)"
    assert "bearing off: not shown; white has 1 checker outside its home board (1 on the bar), and " \
           in cli("odds", str(f)).stdout


def test_a_race_against_a_side_still_outside_says_why_it_is_absent(cli) -> None:
    r = cli("odds", HOME_VS_OUT.format(dice="00"))
    assert r.returncode == 0
    lines = r.stdout.splitlines()
    assert lines[-1] == "race: not shown; black has 1 checker outside its home board, and a race needs both " \
                        "sides bearing off"
    assert "  expected rolls 1.960048 = 11431/5832" in lines and not any(ln.startswith("bearing off") for ln in lines)
    data = json.loads(cli("odds", HOME_VS_OUT.format(dice="00"), "--json").stdout)
    assert (data["race"], data["race_absent"]) == (None, "black has 1 checker outside its home board")
    assert data["bearoff_absent"] is None and data["bearoff"]["expected_rolls_exact"] == "11431/5832"


@pytest.mark.parametrize("dice, shown", [("42", "4-2"), ("24", "4-2"), ("66", "6-6")])
def test_dice_already_rolled_in_an_xgid_are_named_and_ignored(cli, dice: str, shown: str) -> None:
    plain = cli("odds", HOME_VS_OUT.format(dice="00"))
    rolled = cli("odds", HOME_VS_OUT.format(dice=dice))
    assert rolled.returncode == 0
    note = f"dice {shown} in the position ignored: the odds are over all 36 rolls"
    lines = rolled.stdout.splitlines()
    assert lines[1] == note and note not in plain.stdout
    assert lines[:1] + lines[2:] == plain.stdout.splitlines()  # everything else exactly as without dice
    data = json.loads(cli("odds", HOME_VS_OUT.format(dice=dice), "--json").stdout)
    assert data["dice_ignored"] == shown and len(data["rolls"]) == 21
    assert json.loads(cli("odds", HOME_VS_OUT.format(dice="00"), "--json").stdout)["dice_ignored"] is None


def test_dice_in_a_match_id_are_named_too(cli) -> None:
    pid = format_position_id(TAVLA.starting_position(), MatchState().turn)
    mid = format_match_id(MatchState(dice=(5, 3)))
    r = cli("odds", f"{pid}:{mid}")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[1] == "dice 5-3 in the position ignored: the odds are over all 36 rolls"


@pytest.mark.parametrize("position, message, hint", [
    (WHITE_DONE, "the game is over: white has borne off all 15 checkers",
     "white has won; odds are for a game in progress, so leave at least one white checker on the board"),
    ("XGID=------------------------A-:0:0:-1:00:0:0:0:0:10", "the game is over: black has borne off all 15 checkers",
     "black has won; odds are for a game in progress, so leave at least one black checker on the board"),
    (BOTH_DONE, "impossible board: both sides have borne off all 15 checkers",
     "a game ends when the first side bears off its last checker, so at most one side can have all 15 off; "
     "put the other side's checkers back on the board"),
])
def test_a_finished_game_and_an_impossible_board_are_errors(cli, position: str, message: str, hint: str) -> None:
    for argv in ([position], [position, "--json"], [position, "--turn", "black"]):
        r = cli("odds", *argv)
        assert (r.returncode, r.stdout) == (1, ""), argv
        assert r.stderr.splitlines() == [f"tavla-docs odds: error: {position}: {message}", f"    {hint}"]
        assert "Traceback" not in r.stderr


@pytest.mark.parametrize("text, where, message", [
    ("white: {6: 1}\n", "1:1", "the game is over: black has borne off all 15 checkers"),
    ("black: {19: 2}\nwhite: {off: 15}\n", "2:1", "the game is over: white has borne off all 15 checkers"),
    ("turn: black\nposition:\n  white: {off: 15}\n  black: {off: 15}\n", "3:3",
     "impossible board: both sides have borne off all 15 checkers"),
    ("turn: black\nposition:\n  black: {off: 15}\n  white: {3: 1}\n", "3:3",
     "the game is over: black has borne off all 15 checkers"),
])
def test_a_finished_game_in_a_position_file_is_located(cli, tmp_path: Path, text: str, where: str,
                                                       message: str) -> None:
    f = tmp_path / "done.yaml"
    f.write_text(text, encoding="utf-8")
    r = cli("odds", str(f))
    assert (r.returncode, r.stdout) == (1, "")
    first, hint = r.stderr.splitlines()
    assert first == f"tavla-docs odds: error: {f}:{where}: {message}"
    assert hint.startswith("    ") and hint.strip()


def test_a_game_one_checker_from_the_end_is_still_a_game(cli) -> None:
    r = cli("odds", "XGID=-A----------------------a-:0:0:1:00:0:0:0:0:10", "--json")  # one each, on the 1-points
    data = json.loads(r.stdout)
    assert r.returncode == 0 and data["totals"]["bears_off"]["count"] == 36
    assert data["race"]["win_on_roll_exact"] == "1/1"
