"""`result:` with the cube and the match, `match:`, `may_double:` and `double:` (rules.md §3.2):
each statement of the rules text as a claim that holds, and a planted wrong value of it that
fails at its line and column with a hint."""
from __future__ import annotations

from pathlib import Path

import pytest

HEAD = "variant: backgammon\n"
GAMMON = "position:\n  white: {6: 1}\n  black: {13: 5, 19: 10}\nturn: white\n"  # 6-x bears White's last one off


def write(tmp_path: Path, text: str) -> Path:
    f = tmp_path / "s.yaml"
    f.write_text(text, encoding="utf-8")
    return f


def lines(r) -> list[str]:
    return [ln for ln in r.stdout.splitlines() if ln.strip()]


def holds(cli, tmp_path, text: str) -> None:
    r = cli("check", str(write(tmp_path, text)))
    assert r.returncode == 0, r.stdout + r.stderr


def fails(cli, tmp_path, text: str, where: str, message: str, hint: str | None = None) -> None:
    f = write(tmp_path, text)
    r = cli("check", str(f))
    out = lines(r)
    assert r.returncode == 1 and f"{f}:{where}: error: {message}" in out, out
    if hint is not None:
        assert out[out.index(f"{f}:{where}: error: {message}") + 1].strip() == hint


# --- a result with the cube ----------------------------------------------------------------------

def test_a_backgammon_with_the_cube_on_2_is_6_points(cli, tmp_path):
    text = (HEAD + "position:\n  white: {}\n  black: {3: 1, 19: 14}\nturn: black\n"
            "diagram:\n  cube: {value: 2, owner: black}\nexpect:\n  result: {kind: backgammon, points: %d}\n")
    holds(cli, tmp_path, text % 6)
    fails(cli, tmp_path, text % 3, "9:11", "result: white wins a backgammon (6 points), but the claim is: the game "
          "ends with kind backgammon, 3 points",
          "the points are the result's value times the cube, which the figure shows at 2")


def test_a_then_step_keeps_the_scenarios_cube(cli, tmp_path):
    text = (HEAD + GAMMON + "roll: 6-1\nshow: 6/off\ndiagram: {cube: {value: 4, owner: white}}\n"
            "expect:\n  result: {points: 8}\n")
    holds(cli, tmp_path, text)


# --- the Jacoby rule ---------------------------------------------------------------------------

def test_a_jacoby_gammon_counts_single(cli, tmp_path):
    text = (HEAD + "rules: {match_length: null, jacoby: true}\n" + GAMMON
            + "roll: 6-1\nshow: 6/off\n%sexpect:\n  result: {kind: gammon, points: %d}\n")
    holds(cli, tmp_path, text % ("", 1))
    holds(cli, tmp_path, text % ("diagram: {cube: {value: 2, owner: black}}\n", 4))
    fails(cli, tmp_path, text % ("", 2), "10:11", "result: white wins a gammon (1 point), but the claim is: the game "
          "ends with kind gammon, 2 points", "the Jacoby rule: in money play a gammon counts single while the cube "
          "is centred (the figure's cube is at 1, nobody has doubled)")


@pytest.mark.parametrize(("rules", "where", "message"), [
    ("{jacoby: true}", "2:9", "the Jacoby rule is for money play only, and this ruleset plays a match to 5"),
    ("{beavers: true, match_length: 3}", "2:9", "beavers are for money play only, and this ruleset plays a match to 3"),
    ("{match_length: 0}", "2:23", "match_length is a number of points (1 or more), or null for money play; not 0"),
    ("{cube_max: 48}", "2:19", "cube_max is a cube face (2, 4, 8, … 64, …), or null for no limit; not 48"),
])
def test_options_that_change_nothing_are_refused_where_written(cli, tmp_path, rules, where, message):
    fails(cli, tmp_path, HEAD + f"rules: {rules}\n" + GAMMON, where, message)


# --- match play: the score a result moves forward, the Crawford game ---------------------------

MATCH = HEAD + "match: %s\n" + GAMMON + "roll: 6-1\nshow: 6/off\nexpect:\n  result: %s\n"


def test_the_match_to_5_table(cli, tmp_path):
    """White 2, Black 1 in a match to 5: a gammon takes White to 4, and the next game is the Crawford game."""
    holds(cli, tmp_path, MATCH % ("{white: 2, black: 1}", "{points: 2, score: {white: 4, black: 1}, crawford: true}"))
    fails(cli, tmp_path, MATCH % ("{white: 2, black: 1}", "{score: {white: 3}}"), "10:11",
          "result: the match score after it is white 4, black 1 of 5, not white 3, black 1",
          "before this game: white 2, black 1 of 5; white wins a gammon (2 points)")
    fails(cli, tmp_path, MATCH % ("{white: 2, black: 1}", "{crawford: false}"), "10:11",
          "result: the next game is the Crawford game (a side first reaches 4 points of 5)")
    # after the Crawford game, a game with a side at 4 is post-Crawford: no second Crawford game
    holds(cli, tmp_path, MATCH % ("{white: 1, black: 4, crawford: false}", "{score: {white: 3}, crawford: false}"))


def test_the_crawford_game_has_no_double(cli, tmp_path):
    text = HEAD + "match: {white: 4, black: 2, crawford: %s}\n" + GAMMON + "expect:\n  may_double: %s\n"
    holds(cli, tmp_path, text % ("true", "false"))
    holds(cli, tmp_path, text % ("false", "true"))
    fails(cli, tmp_path, text % ("true", "true"), "8:15", "may_double: white may not double: no doubling in the "
          "Crawford game")


@pytest.mark.parametrize(("match", "where", "message"), [
    ("{white: 4, black: 2}", "2:1", "white is 4 points of 5: say whether this is the Crawford game"),
    ("{white: 5}", "2:16", "match white takes the points scored before this game, 0–4 in a match to 5, not 5"),
    ("{white: 1, crawford: true}", "2:29", "the Crawford game is the game after one side first reaches 4 points "
     "of 5; no side is there"),
])
def test_a_match_score_is_one_the_match_can_have(cli, tmp_path, match, where, message):
    fails(cli, tmp_path, HEAD + f"match: {match}\n" + GAMMON, where, message)


def test_money_play_has_no_match_score(cli, tmp_path):
    fails(cli, tmp_path, HEAD + "rules: {match_length: null}\nmatch: {white: 1}\n" + GAMMON, "3:1",
          "money play has no match score: this ruleset has match_length: null")


# --- cube actions ---------------------------------------------------------------------------------

DOUBLE = HEAD + "rules: {match_length: null, beavers: true}\n" + GAMMON + "%sexpect:\n  %s\n"


def test_a_refused_double_pays_the_value_before_it(cli, tmp_path):
    cube = "diagram: {cube: {value: 2, owner: white}}\n"
    holds(cli, tmp_path, DOUBLE % (cube, "double: {take: {value: 4, owner: black}, drop: {winner: white, points: 2}}"))
    fails(cli, tmp_path, DOUBLE % (cube, "double: {drop: {points: 4}}"), "9:18",
          "double drop: white wins 2 points, not 4 points", "a drop pays the cube's value before the double")
    fails(cli, tmp_path, DOUBLE % (cube, "double: {take: {owner: white}}"), "9:18",
          "double take: it leaves the cube at 4 owned by black, not owned by white",
          "a take doubles the cube and gives it to the taker")


def test_a_beaver_keeps_the_cube(cli, tmp_path):
    holds(cli, tmp_path, DOUBLE % ("", "double: {beaver: {value: 4, owner: black}, beaver_drop: {winner: black, "
                                       "points: 2}}"))
    fails(cli, tmp_path, HEAD + GAMMON + "expect:\n  double: {beaver: {value: 4}}\n", "7:12",
          "beavers are off in this ruleset")


def test_who_may_double(cli, tmp_path):
    owned = DOUBLE % ("diagram: {cube: {value: 2, owner: black}}\n", "may_double: %s")
    holds(cli, tmp_path, owned % "false")
    fails(cli, tmp_path, owned % "true", "9:15", "may_double: white may not double: black owns the cube")
    rolled = DOUBLE % ("roll: 6-1\n", "may_double: true")
    fails(cli, tmp_path, rolled, "9:15", "may_double: white may not double: white has rolled 6-1: a double comes at "
          "the start of the turn, before the roll")
    top = HEAD + GAMMON + "diagram: {cube: {value: 64, owner: white}}\nexpect:\n  may_double: false\n"
    holds(cli, tmp_path, top)
    holds(cli, tmp_path, top.replace("variant: backgammon\n", "variant: backgammon\nrules: {cube_max: null}\n")
          .replace("false", "true"))


def test_the_cube_claims_need_a_cube(cli, tmp_path):
    fails(cli, tmp_path, "variant: tavla\n" + GAMMON + "expect:\n  may_double: true\n", "7:3",
          "`may_double`: tavla has no doubling cube")
