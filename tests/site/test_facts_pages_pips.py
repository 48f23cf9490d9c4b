"""The facts the pip-count page prints, and the members of `site.facts` added for it.

The page says more than its numbers: that a roll moves 8 1/6 pips on average, that the starting
count is the sum of the per-point products, that the pip leader is the favourite in its race
figure although the other side is on roll, and that in its wastage figure the leader (on roll,
too) needs more rolls and is the underdog. These tests check those sentences against the engine
and the bear-off database, computed here another way where one exists.
"""
from __future__ import annotations

import gettext
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tavla_docs.analysis import bearoff
from tavla_docs.engine.board import Position, Side
from tavla_docs.scenario.load import load_scenario
from tavla_docs.site.facts.frame import FrameFacts, PositionFacts
from tavla_docs.site.facts.numerals import mixed
from tavla_docs.site.facts.rules import RuleFacts
from tavla_docs.site.odds_pages import race_value, show_chance
from tavla_docs.site.renderer import SiteRenderer
from tavla_docs.variants import ruleset
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]
NULL = gettext.NullTranslations()


def frame(name: str, lang: str = "en") -> FrameFacts:
    s = load_scenario(PROJECT / "scenarios" / f"{name}.yaml", PROJECT / "scenarios")
    return FrameFacts(s, 0, lang, NULL)


# --- rules().average_roll and rules().bar_pips ---------------------------------------------

def test_the_average_roll_is_the_dice_counted_by_hand() -> None:
    """Every one of the 36 outcomes, a double four times: 294 pips, 49/6 a roll."""
    total = sum((a + b) if a != b else 4 * a for a in range(1, 7) for b in range(1, 7))
    assert Fraction(total, 36) == Fraction(49, 6)
    for game in ("tavla", "backgammon", "uzun", "tapa"):
        a = RuleFacts(ruleset(game), "en").average_roll
        assert (str(a), a.exact, a.mixed) == ("8.17", "49/6", "8\u00a01/6"), game
    tr = RuleFacts(ruleset("tavla"), "tr").average_roll
    assert (str(tr), tr.mixed) == ("8,17", "8\u00a01/6")


def test_the_average_roll_follows_gulbara_climbing_doubles() -> None:
    """After its first turns a Gülbara double d-d is four moves of each number from d to 6."""
    doubles = sum(4 * sum(range(d, 7)) for d in range(1, 7))
    others = sum(a + b for a in range(1, 7) for b in range(1, 7) if a != b)
    a = RuleFacts(ruleset("gulbara"), "en").average_roll
    assert a.exact == str(Fraction(doubles + others, 36)) == "287/18" and a.mixed == "15\u00a017/18"


def test_mixed_numbers() -> None:
    assert mixed(Fraction(49, 6), "en") == "8\u00a01/6"
    assert mixed(Fraction(12, 3), "tr") == "4" and mixed(Fraction(2, 3), "tr") == "2/3"
    assert mixed(Fraction(3001, 2), "tr") == "1.500\u00a01/2" and mixed(Fraction(3001, 2), "en") == "1,500\u00a01/2"


def test_bar_pips_is_what_a_checker_on_the_bar_adds() -> None:
    for game in ("tavla", "backgammon"):
        r = RuleFacts(ruleset(game), "en")
        before = Position.from_board({6: 1}, {19: 1}, checkers=15)
        after = Position.from_board({6: 1}, {19: 1}, white_bar=1, checkers=15)
        assert r.bar_pips == after.pips(Side.WHITE) - before.pips(Side.WHITE) == 25
        assert r.bar_pips == int(r.board_points) + 1
    assert RuleFacts(ruleset("uzun"), "en").bar_pips is None


# --- scenario().pip_terms and .pip_lead ---------------------------------------------------

points = st.dictionaries(st.integers(1, 24), st.integers(1, 3), max_size=5)


@settings(max_examples=60, deadline=None)
@given(points, points, st.integers(0, 2))
def test_pip_terms_add_up_to_the_pip_count(white: dict[int, int], black: dict[int, int], bar: int) -> None:
    assume(sum(white.values()) + bar <= 15)  # a side has at most 15 checkers (5 points of 3 and the bar can be 17)
    black = {p: n for p, n in black.items() if p not in white}
    pos = Position.from_board(white, black, white_bar=bar, checkers=15)
    facts = PositionFacts(pos, ruleset("tavla"), "en", NULL)
    for side, terms in ((Side.WHITE, facts.pip_terms.white), (Side.BLACK, facts.pip_terms.black)):
        assert sum(int(t.pips) for t in terms) == pos.pips(side)
        assert all(t.pips == t.point * t.count for t in terms)
        assert [int(t.point) for t in terms] == sorted((int(t.point) for t in terms), reverse=True)
        for t in terms:
            if t.bar:
                assert (t.point, t.board, t.count) == (25, None, bar)
            else:
                assert pos.board_counts(side)[int(t.board)] == t.count
                assert pos.geometry.from_board(side, int(t.board)) == t.point
    lead = facts.pip_lead
    w, b = pos.pips(Side.WHITE), pos.pips(Side.BLACK)
    assert lead.by == abs(w - b)
    assert lead.side == (None if w == b else "White" if w < b else "Black")
    assert lead.other == (None if w == b else "Black" if w < b else "White")


def test_black_counts_from_its_own_side_in_the_same_direction_games() -> None:
    pos = Position.from_board({}, {12: 15}, geometry=ruleset("uzun").geometry, checkers=15)
    (term,) = PositionFacts(pos, ruleset("uzun"), "en", NULL).pip_terms.black
    assert (term.board, term.point, term.pips) == (12, 24, 360)


# --- the page's figures and what it says about them ----------------------------------------

def test_the_worked_example_is_the_starting_position() -> None:
    s, r = frame("pips/start"), RuleFacts(ruleset("tavla"), "en")
    start = ruleset("tavla").starting_position()
    assert (s.position.white, s.position.black) == (start.white, start.black)
    assert s.pips.white == s.pips.black == r.starting_pips == RuleFacts(ruleset("backgammon"), "en").starting_pips
    assert [(t.count, t.point) for t in s.pip_terms.white] == [(2, 24), (5, 13), (3, 8), (5, 6)]
    far = s.pip_terms.black.last  # "White's 19-point is Black's 6-point"
    assert (far.board, far.point) == (19, 6)


def test_the_head_games_share_one_starting_count() -> None:
    """The page prints `rules("uzun").starting_pips` for Uzun tavla, Tapa and Gülbara: all
    15 checkers on the 24-point, 15 x 24, and the same setup in all three."""
    counts = {g: RuleFacts(ruleset(g), "en").starting_pips for g in ("uzun", "tapa", "gulbara")}
    assert set(map(int, counts.values())) == {15 * 24}, counts
    for g in counts:
        assert ruleset(g).start == {24: 15}, g


def test_the_race_figure_has_the_pip_leader_as_favourite_though_not_on_roll() -> None:
    s = frame("pips/race")
    assert s.pip_lead.side == "White" and s.turn == "Black"
    home_w = bearoff.home_of(s.position, Side.WHITE)
    home_b = bearoff.home_of(s.position, Side.BLACK)
    black_first = race_value(home_b, home_w)  # the race table's number: Black on roll
    assert black_first.approx < 0.5
    assert str(s.race.black) == show_chance(black_first, "en")[0]
    assert str(s.race.white) == show_chance(type(black_first).of(1 - black_first.approx), "en")[0]


def test_the_wastage_figure_leader_needs_more_rolls_and_is_the_underdog() -> None:
    s = frame("pips/wastage")
    assert s.pip_lead.side == "White" and s.turn == "White"
    db = bearoff.database()
    ew = db.expected_rolls(bearoff.home_of(s.position, Side.WHITE))
    eb = db.expected_rolls(bearoff.home_of(s.position, Side.BLACK))
    assert ew > eb
    assert s.expected_rolls_of("white") == s.expected_rolls == f"{ew:.2f}"
    assert s.expected_rolls_of("black") == f"{eb:.2f}"
    assert s.left.white > s.left.black  # the sentence: more checkers left, more rolls
    assert db.race_win_chance(bearoff.home_of(s.position, Side.WHITE), bearoff.home_of(s.position, Side.BLACK)) < 0.5


SMALL_RACE = """\
variant: tavla
position:
  white: {6: 2}
  black: {19: 1}
turn: white
expect:
  pips: {white: 12, black: 6}
"""


def test_small_races_are_exact() -> None:
    """Homes of up to two checkers give exact chances, as in the race table."""
    f = FrameFacts(load_scenario(Path("small.yaml"), None, text=SMALL_RACE), 0, "en", NULL)
    win = bearoff.race_win_chance((0, 0, 0, 0, 0, 2), (0, 0, 0, 0, 0, 1))
    assert (f.race.white.exact, f.race.black.exact) == (str(win), str(1 - win))
    assert str(f.race.white) == show_chance(race_value((0, 0, 0, 0, 0, 2), (0, 0, 0, 0, 0, 1)), "en", 0)[0]


def test_race_needs_both_sides_home() -> None:
    with pytest.raises(ValueError, match="outside the home board"):
        frame("pips/start").race  # noqa: B018 - the property raises


# --- the built page ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def renderer() -> SiteRenderer:
    return SiteRenderer(PROJECT, cache_dir=None)


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_the_page_prints_the_computed_values(renderer: SiteRenderer, lang: str) -> None:
    text = (PROJECT / "content" / lang / "pip-count.md").read_text(encoding="utf-8")
    md = renderer.render_page(text, path=f"content/{lang}/pip-count.md", lang=lang).markdown
    r = RuleFacts(ruleset("tavla"), lang)
    assert r.average_roll.mixed in md and str(r.average_roll) in md
    assert md.count(f"**{r.starting_pips}**") == 2  # both tables' totals
    assert str(RuleFacts(ruleset("uzun"), lang).starting_pips) in md  # Uzun tavla, Tapa, Gülbara
    for name in ("race", "wastage"):
        s = frame(f"pips/{name}", lang)
        assert str(s.race.white if name == "race" else s.race.black) in md
    w = frame("pips/wastage", lang)
    assert str(w.expected_rolls_of("white")) in md and str(w.expected_rolls_of("black")) in md
