"""The Scenario model other code relies on, steps, result claims, the engine cache and variants."""
from fractions import Fraction
from pathlib import Path

import pytest

from tavla_docs import Position, Roll, Side
from tavla_docs.diagram.options import DiagramOptions
from tavla_docs.engine.play import Play
from tavla_docs.scenario import Engine, ScenarioError, check_scenario, load_scenario
from tavla_docs.scenario.claims import OddsClaim, PlayClaim
from tests.fixture import PROJECT

ROOT = PROJECT / "scenarios"


def load(text, engine=None):
    return load_scenario(Path("t.yaml"), None, text=text, engine=engine)


def problems(text):
    try:
        return [d.first_line() for d in check_scenario(load(text))]
    except ScenarioError as e:
        return [d.first_line() for d in e.diagnostics]


def test_model_attributes_of_a_shipped_scenario():
    s = load_scenario(ROOT / "bear-off" / "mid-move.yaml", ROOT)
    assert s.id == "bear-off/mid-move" and s.path == ROOT / "bear-off" / "mid-move.yaml"
    assert s.variant == "tavla" and s.rules.variant == "tavla"
    assert isinstance(s.position, Position) and s.position.white_board()[9] == 1
    assert s.turn is Side.WHITE and s.roll == Roll(6, 3)
    assert isinstance(s.show, Play) and str(s.show) == "9/off" and s.show_text == "9/3 3/off"
    assert s.caption["tr"].startswith("Pul toplama") and set(s.caption) == {"en", "tr"}
    assert s.diagram == DiagramOptions(playable=True)  # `diagram: {try: true}`: the page draws a board
    assert [c.key for c in s.expect] == ["show", "pips", "pips", "legal", "illegal", "plays", "in_order", "in_order",
                                        "dice_used"]  # pips: the figure's pip counts, white and black
    assert s.steps == () and len(s.frames) == 1


def test_steps_pass_the_turn_and_start_from_the_shown_play():
    s = load_scenario(ROOT / "bear-off" / "hit-story.yaml", ROOT)
    first, hit, enter = s.frames
    assert [f.turn for f in s.frames] == [Side.WHITE, Side.BLACK, Side.WHITE]
    assert hit.position == first.show.position and enter.position == hit.show.position
    assert enter.position.bar(Side.WHITE) == 1 and str(hit.show) == "24/22* 6/5"
    assert "it has entered but is not home yet" in enter.caption["en"]
    assert check_scenario(s) == []


def test_explicit_turn_in_a_step():
    text = ("variant: tavla\nposition: {white: {6: 2}, black: {19: 2}}\nturn: white\nroll: 2-1\nshow: 6/4 6/5\n"
            "then:\n  - turn: white\n    roll: 4-4\n    expect: {forced: 5/off 4/off}\n")
    s = load(text)
    assert s.steps[0].turn is Side.WHITE
    assert problems(text) == []


ENDING = "variant: tavla\nposition: {white: {4: 1, 2: 1, 1: 1}, black: {19: 5, 20: 5, 21: 5}}\nturn: white\nroll: 5-5\n"


@pytest.mark.parametrize("claim, ok", [
    ("result: {winner: white, kind: mars, points: 2}", True),   # Black has no checker off
    ("result: {kind: gammon}", True),                           # the other vocabulary
    ("result: {of: every, winner: white}", True),
    ("result: {of: some, points: 2}", True),
    ("result: {of: 4/off 2/off 1/off, kind: mars}", True),
    ("result: {of: every, winner: black}", False),
    ("result: {points: 3}", False),                             # katmerli mars is off by default
    ("result: none", False),
])
def test_result_claims(claim, ok):
    text = ENDING + "show: 4/off 2/off 1/off\nexpect:\n  " + claim + "\n"
    assert (problems(text) == []) is ok, problems(text)


def test_katmerli_mars_option_changes_the_result():
    text = ("variant: tavla\nrules: {katmerli_mars: true}\n"
            "position: {white: {1: 1}, black: {3: 1, 19: 14}}\nturn: white\nroll: 2-1\nshow: 1/off\n"
            "expect:\n  result: {kind: katmerli_mars, points: 3}\n")
    assert problems(text) == []


def test_result_of_the_position_without_a_roll():
    text = "variant: tavla\nposition: {white: {6: 1}, black: {19: 15}}\nturn: white\nexpect: {result: none}\n"
    assert problems(text) == []


DRAWN = ("variant: tapa\nposition:\n  white: {24: 1, 1: 1, 6: 13}\n  black: {1: 1, 24: 1, 19: 13}\n"
         "  pinned: {white: [24], black: [1]}\nturn: white\n")  # both mothers pinned: a draw


def test_a_drawn_result_is_described_not_a_crash():
    assert problems(DRAWN + "expect: {result: {kind: draw}}\n") == []
    assert problems(DRAWN + "expect: {result: {winner: white}}\n") == [
        "t.yaml:7:18: error: result: the game ends in a draw (0 points), but the claim is: the game ends with winner white"]


def test_odds_are_exact_fractions():
    s = load("variant: tavla\nposition: {white: {6: 1}, black: {19: 15}}\nturn: white\n"
             "expect: {odds: {bears_off: 3/4, no_play: 0/36, hits: 0}}\n")
    values = {c.outcome: c.value for c in s.expect if isinstance(c, OddsClaim)}
    assert values == {"bears_off": Fraction(27, 36), "no_play": 0, "hits": 0}
    assert check_scenario(s) == []


def test_illegal_onto_a_closed_point_holds():
    s = load_scenario(ROOT / "bear-off" / "hit-during-bear-off.yaml", ROOT)
    closed = [c for c in s.expect if isinstance(c, PlayClaim) and c.text == "bar/21 6/4"]
    assert closed and check_scenario(s) == []


def test_engine_results_are_computed_once_per_position_and_roll():
    text = ("variant: tavla\nposition: {white: {5: 1, 3: 1}, black: {19: 15}}\nturn: white\nroll: 4-2\n"
            "show: 5/3 3/off\nexpect:\n  plays: 2\n  dice_used: 2\n  legal: [5/1 3/1, 5/off]\n"
            "  illegal: [3/off 5/1]\n  in_order: {legal: [5/3 3/off], illegal: [3/off 5/3]}\n")
    cached, uncached = Engine(), Engine(enabled=False)
    assert check_scenario(load(text, cached), cached) == []
    assert check_scenario(load(text, uncached), uncached) == []
    assert cached.calls == 1
    assert uncached.calls > 5


def test_tapa_pinned_checker():
    text = ("variant: tapa\nposition:\n  white: {20: 1, 6: 14}\n  black: {20: 1, 19: 14}\n  pinned: {black: [20]}\n"
            "turn: white\nroll: 6-5\nexpect:\n  legal: [20/9]\n  plays: 2\n")
    s = load(text)
    assert (Side.BLACK, 5) in s.position.pinned  # Black's own 5-point is White's 20
    assert check_scenario(s) == []


def test_uzun_tuple_option_from_a_yaml_list_and_no_bar():
    text = ("variant: uzun\nrules: {head_exception_doubles: [6, 4]}\nposition: {white: {24: 15}, black: {12: 15}}\n"
            "turn: white\nroll: 6-5\nshow: 24/13\nexpect:\n  in_order: {legal: [24/19 19/13]}\n")
    s = load(text)
    assert s.rules.option("head_exception_doubles") == (6, 4)
    assert check_scenario(s) == []
    bad = text.replace("{24: 15}, black", "{24: 14, bar: 1}, black")
    assert problems(bad) == ["t.yaml:3:28: error: uzun has no bar: a checker cannot be on the bar"]


def test_every_problem_is_reported_not_only_the_first():
    text = ("variant: tavla\nposition: {white: {6: 1}, black: {19: 15}}\nturn: white\nroll: 6-5\n"
            "expect:\n  plays: 2\n  ilegal: [6/off]\ncaption: {tr: 3}\n")
    found = problems(text)
    assert [f.split(": error: ")[0] for f in found] == ["t.yaml:7:3", "t.yaml:8:15"]


def test_an_engine_bug_is_reported_not_raised(tmp_path, monkeypatch):
    from tavla_docs.scenario import check_paths, claims

    def broken(self, *a, **k):
        raise KeyError("boom")

    monkeypatch.setattr(claims.Engine, "plays", broken)
    (tmp_path / "a.yaml").write_text("variant: tavla\nposition: {white: {6: 1}, black: {19: 15}}\nturn: white\n"
                                     "roll: 6-5\nexpect: {plays: 1}\n")
    report = check_paths([tmp_path])
    assert [d.first_line() for d in report.diagnostics] == [
        f"{tmp_path / 'a.yaml'}:1:1: error: internal error while checking this scenario: KeyError: 'boom'"]
