"""The fact members the Uzun tavla, Tapa and Gülbara pages print: die names, checkers a play moves,
the longest row of held points, a frame's turn number, a side's route over the board and a
Gülbara double's runs of one number (rules.md §3.3–3.5)."""
from __future__ import annotations

import gettext
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs.engine.board import Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import dice_orders
from tavla_docs.engine.play import TurnContext
from tavla_docs.scenario.load import load_scenario
from tavla_docs.site.facts.frame import FrameFacts, PlayFact
from tavla_docs.site.facts.numerals import Num
from tavla_docs.site.facts.rules import RuleFacts
from tavla_docs.site.renderer import SiteRenderer
from tavla_docs.variants import ruleset
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]
T = gettext.NullTranslations()
VARIANTS = ("tavla", "backgammon", "uzun", "tapa", "gulbara")


@pytest.fixture(scope="module")
def renderer() -> SiteRenderer:
    return SiteRenderer(PROJECT, cache_dir=None)


def frame(name: str, step: int = 0, lang: str = "en") -> FrameFacts:
    s = load_scenario(PROJECT / "scenarios" / f"{name}.yaml", PROJECT / "scenarios")
    return FrameFacts(s, step, lang, T)  # type: ignore[arg-type]


def test_turkish_die_names_follow_vowel_harmony():
    assert [Num(d, "tr").die_name for d in range(1, 7)] == ["birli", "ikili", "üçlü", "dörtlü", "beşli", "altılı"]
    assert [Num(d, "tr").die_names for d in range(1, 7)] == ["birli", "ikili", "üçlü", "dörtlü", "beşli", "altılı"]


def test_english_die_names_are_plural_after_a_count():
    assert [Num(d, "en").die_name for d in (1, 5, 6)] == ["one", "five", "six"]
    assert [Num(d, "en").die_names for d in (1, 5, 6)] == ["ones", "fives", "sixes"]


@pytest.mark.parametrize(("name", "checkers"), [
    ("uzun/first-turn-6-6", 2),  # 24/18(2): the first-turn exception, two checkers off the head
    ("uzun/black-first-turn", 2),  # 24/18(2) as 24/21 24/21 21/18 21/18
    ("uzun/head-rule", 1),  # 24/16: one checker takes both dice
    ("uzun/single-checker", 1),  # 24/21/15
    ("gulbara/start", 2),  # 24/16(2)
    ("gulbara/stop", 3),  # 6/1(3)
    ("gulbara/progression", 5),  # 20/off (one checker, four fives), then 5/off(4)
])
def test_checkers_a_shown_play_moves(name, checkers):
    assert frame(name).show.checkers == checkers


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(["uzun/head-rule", "uzun/six-block", "uzun/six-block-ahead", "tapa/release", "tapa/pin",
                        "gulbara/start", "uzun/black-first-turn"]), st.integers(0, 500))
def test_checkers_moved_are_the_checkers_that_left_their_points(name, pick):
    """The count from the moves equals the count from the positions before and after the play."""
    f = frame(name)
    plays = [p for p in f._plays if p.moves]
    play = plays[pick % len(plays)]
    moved = PlayFact(play, "en", T).checkers  # type: ignore[arg-type]
    before, after = f.position.own(f.frame.turn), play.position.own(f.frame.turn)
    assert moved == sum(max(0, before[p] - after[p]) for p in range(1, 26))
    assert 1 <= moved <= len(play.moves)


def test_the_longest_row_is_the_six_point_block():
    block = frame("uzun/six-block")
    assert (block.longest_row.white, block.after.longest_row.white) == (5, 5)  # 10–6, and 10/6 keeps it
    ahead = frame("uzun/six-block-ahead")
    assert (ahead.longest_row.white, ahead.after.longest_row.white) == (5, 6)  # 9/5 makes 10–5


TAVLA_START = """variant: tavla
position:
  white: {24: 2, 13: 5, 8: 3, 6: 5}
  black: {1: 2, 12: 5, 17: 3, 19: 5}
turn: white
roll: 6-1
show: 13/7 8/7
"""


def test_the_longest_row_counts_made_points_in_tavla():
    s = load_scenario(PROJECT / "scenarios" / "x.yaml", PROJECT / "scenarios", text=TAVLA_START)
    f = FrameFacts(s, 0, "en", T)  # type: ignore[arg-type]
    # no two neighbouring made points at the start; after 13/7 8/7 the 8-7-6 row is three
    assert (f.longest_row.white, f.after.longest_row.white, f.longest_row.black) == (1, 3, 1)


def test_turn_number_is_the_frames_game_turn():
    assert frame("gulbara/normal-double").turn_number == 3
    assert frame("gulbara/progression").turn_number == 41
    assert frame("uzun/head-rule").turn_number == 7
    assert frame("uzun/six-block").turn_number is None  # no turn_number: a later turn


def test_routes_over_the_board():
    uzun, tapa = RuleFacts(ruleset("uzun"), "en"), RuleFacts(ruleset("tapa"), "tr")
    assert [str(s) for s in uzun.route_of("black")] == ["12–1", "24–13"]
    assert [str(s) for s in uzun.route_of("white")] == ["24–1"]
    assert [str(s) for s in tapa.route_of("black")] == ["1–24"]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("side", ["white", "black"])
def test_a_route_passes_every_point_once_from_the_own_24_to_the_own_1(variant, side):
    r = RuleFacts(ruleset(variant), "en")
    route = list(r.route_of(side))
    points = [p for span in route for p in range(span.first, span.last + (1 if span.last >= span.first else -1),
                                                 1 if span.last >= span.first else -1)]
    assert sorted(points) == list(range(1, 25))
    geometry, s = ruleset(variant).geometry, Side.parse(side)
    assert points[0] == geometry.to_board(s, 24) and points[-1] == geometry.to_board(s, 1)


def test_gulbara_runs_of_a_later_double():
    g = RuleFacts(ruleset("gulbara"), "en")
    assert str(g.progression_runs(3)) == "four threes, four fours, four fives and four sixes"
    assert str(g.progression_runs(6)) == "four sixes"
    assert str(RuleFacts(ruleset("gulbara"), "tr").progression_runs(3)) == "dört üçlü, dört dörtlü, dört beşli ve dört altılı"


@pytest.mark.parametrize("variant", VARIANTS)
@given(die=st.integers(1, 6))
def test_runs_add_up_to_the_engines_dice_plan(variant, die):
    rules = ruleset(variant)
    runs = list(RuleFacts(rules, "en").progression_runs(die))
    (plan,) = dice_orders(Roll(die, die), rules, TurnContext(game_turn=99, player_turn=50))
    assert sum(r.times for r in runs) == len(plan)
    assert [r.number for r in runs] == sorted(set(plan))
    if variant != "gulbara":
        assert [(r.number, r.times) for r in runs] == [(die, 4)]


def test_the_members_print_in_a_page(renderer):
    page = ('{% set s = scenario("gulbara/progression") %}{{ s.turn_number.ordinal_words }}|{{ s.show.checkers.words }}|'
            '{{ s.rules.progression_runs(s.roll.high) }}|{{ rules("uzun").route_of("black") }}|'
            '{{ scenario("uzun/six-block-ahead").after.longest_row.white.words }}')
    assert renderer.render_page(page, path="x.md", lang="tr").markdown == \
        "kırk birinci|beş|dört beşli ve dört altılı|12–1 ve 24–13|altı"
    assert renderer.render_page(page, path="x.md", lang="en").markdown == \
        "forty-first|five|four fives and four sixes|12–1 and 24–13|six"


def test_a_pin_or_hit_prints_its_star_once_escaped(renderer):
    """`*` becomes `&#42;` (so Markdown does not read it as emphasis), not `&amp;#42;`, which a
    reader would see as the text "&#42;" (a Tapa caption showed `8/5&#42;`)."""
    page = '{% set s = scenario("tapa/pin") %}{{ s.show }}|{{ s.show.moves[0] }}'
    out = renderer.render_page(page, path="x.md", lang="en").markdown
    assert ">8/5&#42; 24/23</code>|" in out and ">8/5&#42;</code>" in out
    assert "&amp;" not in out
