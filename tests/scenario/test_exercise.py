"""`exercise:` in a scenario: the goal is read, checked to be reachable with the roll, and the
author's `answers` must be exactly the plays that reach it; every problem is located where it is
written. The grades themselves come from `engine.goals`, checked here against plays counted by hand.

Each expected line and column below was counted from the YAML text itself.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.goals import BEAR_OFF, ENTER, HIT, NO_BLOT, Goal, grade
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.scenario import ScenarioError, load_scenario
from tavla_docs.variants import TAPA, TAVLA

HEAD = """variant: tavla
position:
  white: {5: 1, 3: 1}
  black: {19: 15}
turn: white
roll: 4-2
"""  # seed 1: with 4-2 from the 5- and 3-points one checker can come off (5/off), not two


def load(tmp_path: Path, text: str):
    p = tmp_path / "ex.yaml"
    p.write_text(text, encoding="utf-8")
    return load_scenario(p, tmp_path)


def errors(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(ScenarioError) as e:
        load(tmp_path, text)
    return [f"{d.line}:{d.col}: {d.message}" for d in e.value.diagnostics]


def test_a_goal_is_read_in_either_form(tmp_path: Path) -> None:
    assert load(tmp_path, HEAD + "exercise: bear_off\n").exercise == Goal(BEAR_OFF)
    assert load(tmp_path, HEAD + "exercise: {goal: bear_off, count: 1}\n").exercise == Goal(BEAR_OFF, 1)
    assert load(tmp_path, HEAD).exercise is None


def test_an_unreachable_goal_is_refused_at_its_count(tmp_path: Path) -> None:
    text = HEAD + "exercise:\n  goal: bear_off\n  count: 2\n"
    assert errors(tmp_path, text) == ["9:10: exercise: no legal play with 4-2 bears off 2 checkers; the most is 1"]


def test_an_unreachable_goal_is_refused_at_the_goal(tmp_path: Path) -> None:
    # no lone black checker anywhere: nothing can be hit
    assert errors(tmp_path, HEAD + "exercise: {goal: hit}\n") == ["7:18: exercise: no legal play with 4-2 hits a checker"]
    assert errors(tmp_path, HEAD + "exercise: enter\n") == [
        "7:11: exercise: no legal play with 4-2 enters a checker from the bar"]


def test_a_safe_play_must_exist(tmp_path: Path) -> None:
    # 6-5 with one checker on 13 and two on 6: 13/2, or 13/7 (or 13/8) with a six or five from 6
    text = "variant: tavla\nposition:\n  white: {13: 1, 6: 2}\n  black: {19: 15}\nturn: white\nroll: 6-5\n" \
           "exercise: no_blot\n"
    assert errors(tmp_path, text) == ["7:11: exercise: every legal play with 6-5 leaves a blot"]


def test_the_answers_must_be_exactly_the_plays_that_reach_it(tmp_path: Path) -> None:
    assert load(tmp_path, HEAD + "exercise: {goal: bear_off, answers: [5/off]}\n").exercise == Goal(BEAR_OFF)
    assert load(tmp_path, HEAD + "exercise: {goal: bear_off, answers: 5/3 3/off}\n").exercise  # the same play
    text = HEAD + "exercise:\n  goal: bear_off\n  answers: [5/1 3/1]\n"
    assert errors(tmp_path, text) == [
        "9:3: answers: 5/off also reaches the goal bear_off",
        "9:13: answers: 5/1 3/1 does not reach the goal bear_off",
    ]
    text = HEAD + "exercise:\n  goal: bear_off\n  answers: [5/off, 3/off 5/1]\n"
    assert errors(tmp_path, text) == ["9:20: answers: 3/off 5/1 is not a legal play with 4-2"]


def test_bad_keys_and_values_are_located(tmp_path: Path) -> None:
    assert errors(tmp_path, HEAD + "exercise: {goal: bear_of}\n") == ["7:18: unknown goal 'bear_of'"]
    assert errors(tmp_path, HEAD + "exercise: {gaol: hit}\n") == [
        "7:1: missing key `goal` in exercise", "7:12: unknown key 'gaol' in exercise"]
    assert errors(tmp_path, HEAD + "exercise: {goal: no_blot, count: 2}\n") == [
        "7:27: count is for the goals bear_off, hit, enter, not no_blot"]
    assert errors(tmp_path, HEAD + "exercise: {goal: bear_off, count: 0}\n") == [
        "7:35: count takes a whole number of checkers, 1 or more, not 0"]
    assert errors(tmp_path, HEAD + "exercise: [hit]\n") == [
        "7:11: exercise takes a goal, like {goal: bear_off, count: 2} or just `hit`, not a list"]
    assert errors(tmp_path, HEAD + "exercise: show\n") == ["7:11: goal: show asks for the shown play: add `show:`"]
    no_roll = HEAD.replace("roll: 4-2\n", "")
    assert errors(tmp_path, no_roll + "exercise: bear_off\n") == ["6:1: an exercise needs a roll to play: add `roll:`"]


def test_check_reports_an_unreachable_goal_with_exit_1(cli, tmp_path: Path) -> None:
    (tmp_path / "ex.yaml").write_text(HEAD + "exercise:\n  goal: bear_off\n  count: 2\n", encoding="utf-8")
    r = cli("check", str(tmp_path / "ex.yaml"))
    assert r.returncode == 1 and "Traceback" not in r.stdout + r.stderr
    first = r.stdout.splitlines()[0]
    assert first == f"{tmp_path / 'ex.yaml'}:9:10: error: exercise: no legal play with 4-2 bears off 2 checkers; the most is 1"
    assert r.stdout.splitlines()[1] == "    the 2 legal plays: 5/1 3/1, 5/off"


def grades(pos: Position, roll: Roll, goal: Goal, rules=TAVLA, shown=None) -> dict[str, tuple]:
    plays = legal_plays(pos, Side.WHITE, roll, rules)
    return {str(p): (g.met, g.num, g.points) for p, g in zip(plays, grade(goal, pos, plays, shown), strict=True)}


def test_grades_count_what_each_play_does() -> None:
    two = Position.from_board({5: 1, 3: 1, 2: 1}, {19: 15}, checkers=15)
    assert grades(two, Roll(3, 2), Goal(BEAR_OFF)) == {
        "5/2 3/1": (False, 0, ()), "5/off": (False, 1, ()), "3/off 2/off": (True, 2, ())}
    assert grades(two, Roll(3, 2), Goal(BEAR_OFF, 1))["5/off"][0]  # at least one
    safe = Position.from_board({13: 2, 8: 3, 6: 4}, {19: 13, 24: 2}, checkers=15)
    g = grades(safe, Roll(3, 1), Goal(NO_BLOT))
    assert [p for p, v in g.items() if v[0]] == ["8/5 6/5"]
    assert g["13/9"] == (False, 2, (13, 9)) and g["8/4"] == (False, 1, (4,))
    hit = Position.from_board({8: 2, 6: 3, 5: 1}, {19: 13, 4: 1, 24: 1}, checkers=15)
    h = grades(hit, Roll(4, 2), Goal(HIT))
    assert h["8/4* 6/4"] == (True, 1, ()) and h["8/2"] == (False, 0, ())
    bar = Position.from_board({6: 2, 5: 2, 4: 1, 2: 1}, {3: 1, 19: 3, 20: 3, 21: 3, 22: 3, 24: 2},
                              white_bar=1, checkers=15)
    assert all(v == (True, 1, ()) for v in grades(bar, Roll(4, 2), Goal(ENTER)).values())


def test_a_tapa_pin_is_no_blot_and_counts_as_a_hit() -> None:
    # White pins Black's lone checker on the 4-point: the white checker there stands on a black one
    pos = Position.from_board({8: 2, 6: 2}, {4: 1, 19: 14}, checkers=15)
    g = grades(pos, Roll(4, 2), Goal(HIT), TAPA)
    assert g["8/4* 6/4"][:2] == (True, 1)
    n = grades(pos, Roll(4, 2), Goal(NO_BLOT), TAPA)
    assert n["8/4* 6/4"] == (False, 2, (8, 6))  # the pinning checker on 4 is held; those left on 8 and 6 are blots
