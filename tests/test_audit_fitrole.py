"""A computed value swapped for a sibling of the same shape (issue 25, round 9 class): another move's
die or point, a list mixing where moves start and land, one fact printed twice where the words set
two things apart, a side named as rolling another frame's roll, a count of one outcome given the
other outcome's list, and a value whose expression (through `{% set %}` aliases) names another role
than the words need: a bound ("or more", "at most"), the route's end ("bears off past"), a count of
the first ones ("the first three turns"), the figure's play. Each fault is planted in a page
rendered by the real renderer, with the real engine's facts, and located at the `{{ … }}` that
printed it; the same sentences with the right sibling pass."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site import provenance
from tavla_docs.site.audit.rolewords import roles
from tavla_docs.site.renderer import SiteRenderer
from tests.site.conftest import tiny_project

# 4-3 in the bear-off: the four plays 6/2 and the three 5/2.
BEAR = """variant: tavla
position:
  white: {6: 1, 5: 1, 2: 3, 1: 2}
  black: {19: 5, 20: 5, 21: 5}
turn: white
roll: 4-3
show: 6/2 5/2
test_only: "a fixture"
"""
# The last checker on the 6-point: 27 of 36 rolls bear it off.
ODDS = """variant: tavla
position:
  white: {6: 1}
  black: {19: 5, 20: 5, 21: 5}
turn: white
test_only: "a fixture"
"""
# Three turns: White bears off and leaves a blot, Black hits it, White enters.
STORY = """variant: tavla
position:
  white: {6: 2, 5: 2, 4: 1, 3: 2, 2: 1}
  black: {1: 2, 19: 3, 20: 3, 21: 3, 22: 2, 24: 2}
turn: white
roll: 6-1
show: 6/off 3/2
then:
  - roll: 2-1
    show: 24/22* 6/5
  - roll: 4-2
    show: bar/23 6/2
test_only: "a fixture"
"""
# The backgammon start with 3-3: every die is a three.
DOUBLE = """variant: backgammon
position: "4HPwATDgc/ABMA"
turn: white
roll: 3-3
show: 8/5(2) 6/3(2)
test_only: "a fixture"
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("fitrole")
    return tiny_project(dest, "# T\n", "# T\n", {"f/bear": BEAR, "f/odds": ODDS, "f/story": STORY, "f/double": DOUBLE})


HEAD = ('{% set r = rules("tavla") %}{% set z = rules("uzun") %}{% set g = rules("gulbara") %}'
        '{% set b = scenario("f/bear") %}{% set o = scenario("f/odds").odds.bears_off %}'
        '{% set h = scenario("f/story") %}{% set h2 = scenario("f/story", step=1) %}'
        '{% set d = scenario("f/double") %}\n')


def problems(project: Path, line: str, lang: str = "en") -> list[tuple[int, int, str, str]]:
    r = SiteRenderer(project, cache_dir=None)
    out = r.render_page(HEAD + "Intro.\n\n" + line + "\n", path=f"content/{lang}/x.md", lang=lang)
    assert not provenance.MARK_CHARS.search(out.markdown), "marks never reach the site"
    return [(p.line, p.col, p.rule, p.message) for p in out.problems]


# (language, the planted sentence, the `{{ … }}` the problem is located at, its rule, words of its message)
PLANTED = [
    # another move's die beside a move, or a point of another move in a clause about one move's die
    ("en", "Play {{ b.show.moves[0] }} with a {{ b.show.moves[1].die.words }}.", "{{ b.show.moves[1].die.words }}",
     "sibling", "names the die of move 2 (three) beside `{{ b.show.moves[0] }}`, move 1, which is played with the 4"),
    ("en", "The {{ b.show.moves[0].die.words }} leaves the {{ b.show.moves[0].src }}-point and goes on to the "
     "{{ b.show.moves[1].src }}-point.", "{{ b.show.moves[1].src }}", "sibling",
     "names a point of move 2 (5) in a clause about the die of move 1"),
    ("tr", "{{ b.show.moves[0].die.words }} {{ b.show.moves[0].src.ordinal }} haneden kalkıp "
     "{{ b.show.moves[1].src.ordinal }} haneye ulaşır.", "{{ b.show.moves[1].src.ordinal }}", "sibling",
     "names a point of move 2 (5.) in a clause about the die of move 1"),
    # a list of one end of the moves that mixes in the other end
    ("en", "White must move the checkers on the {{ b.show.moves[0].src }}-point or the {{ b.show.moves[1].dst }}-point.",
     "{{ b.show.moves[1].dst }}", "sibling", "is where move 2 lands and `{{ b.show.moves[0].src }}` where move 1 starts"),
    # one fact printed twice where the words name a second thing
    ("en", "Two checkers move, the first by {{ b.roll.high.words }} and the second by {{ b.roll.high.words }}.",
     "{{ b.roll.high.words }}", "sibling", "is printed twice (four)"),
    ("tr", "Pullardan birini {{ b.roll.low.words }}, diğerini de {{ b.roll.low.words }} hane oynar.",
     "{{ b.roll.low.words }}", "sibling", "is printed twice (üç)"),
    # a side named right before a roll its figure gives the other side
    ("en", "Then {{ h.turn }} rolls; {{ h.turn }} {{ h2.roll }} hits the blot.", "{{ h.turn }}", "sibling",
     "names White as the side with the roll 2-1"),
    # a count of the failing rolls made the subject of the list of the ones that succeed
    ("en", "The {{ o.count }} rolls that bear it off are {{ o.others.and_list }}.", "{{ o.others.and_list }}",
     "sibling", "lists the rolls that fail as the ones `{{ o.count }}` counts"),
    # a bound given the sibling at the other end of its list
    ("tr", "İki pul yalnızca {{ o.rolls.last.high }} ve daha yüksek zarlarla toplanır.", "{{ o.rolls.last.high }}",
     "role", "where the words say a lower bound"),
    ("en", "A roll bears off at most {{ o.rolls.first.high }} checkers.", "{{ o.rolls.first.high }}", "role",
     "where the words say an upper bound"),
    # the route's end given the home's other end
    ("en", "White bears its checkers off past its {{ r.home.last }}-point.", "{{ r.home.last }}", "role",
     "the end of the route"),
    ("tr", "Beyaz {{ z.head }}. haneden {{ z.home.last }}. haneye kadar ilerler.", "{{ z.home.last }}", "role",
     "the end of the route"),
    # a count of the first ones given a position or a least
    ("en", "No home of fifteen checkers comes off within the first {{ r.fewest_bear_off_rolls.words }} rolls.",
     "{{ r.fewest_bear_off_rolls.words }}", "role", "a count of the first ones"),
    ("en", "{% set n = g.first_progression_turn %}Doubles are four moves in the first {{ n.words }} turns.",
     "{{ n.words }}", "role", "prints `g.first_progression_turn.words` (four)"),
    # an alias whose name says a role, bound to its sibling
    ("en", "{% set last = r.home.first %}White's home ends on its {{ last }}-point.", "{{ last }}", "role",
     "through `last`, a name that says the last of its list"),
    # the figure's play given another legal play
    ("en", "White plays {{ b.legal[1] }} in the figure.", "{{ b.legal[1] }}", "role", "the play the figure shows"),
]


@pytest.mark.parametrize(("lang", "line", "tag", "rule", "message"), PLANTED)
def test_a_sibling_in_the_wrong_role_is_located(project: Path, lang: str, line: str, tag: str, rule: str,
                                               message: str) -> None:
    found = [f for f in problems(project, line, lang) if message in f[3] and f[2] == rule]
    assert found, problems(project, line, lang)
    at, col, _, _ = found[0]
    assert at == 4, found
    assert line[col - 1:].startswith(tag), (col, line)


GOOD = [
    ("en", "Play {{ b.show.moves[0] }} with a {{ b.show.moves[0].die.words }}."),
    ("en", "The {{ b.show.moves[0].die.words }} leaves the {{ b.show.moves[0].src }}-point and goes on to the "
     "{{ b.show.moves[0].dst }}-point."),
    ("en", "With the {{ b.show.moves[0].die.words }} and the {{ b.show.moves[1].die.words }}, checkers leave the "
     "{{ b.show.moves[0].src }}-point and the {{ b.show.moves[1].src }}-point."),
    ("tr", "{{ b.show.moves[0].die.words }} {{ b.show.moves[0].src.ordinal }} haneden kalkıp "
     "{{ b.show.moves[0].dst.ordinal }} haneye ulaşır."),
    ("tr", "{{ b.show.moves[0].die.words }} bir pulu taşır, {{ b.show.moves[1].die.words }} ise öteki pulu "
     "{{ b.show.moves[1].src.ordinal }} haneden alır."),
    ("en", "White must move the checkers on the {{ b.show.moves[0].src }}-point or the {{ b.show.moves[1].src }}-point."),
    ("en", "Two checkers move, the first by {{ b.roll.high.words }} and the second by {{ b.roll.low.words }}."),
    ("en", "Two checkers move, the first by {{ d.roll.high.words }} and the second by {{ d.roll.high.words }}."),
    ("en", '{% set h3 = scenario("f/story", step=2) %}{{ h.turn }} bears off with {{ h.roll }}, and {{ h.turn }}, '
     'now on the bar, rolls {{ h3.roll }}.'),  # step 2: White's turn on the bar (step 1 is Black's hit)
    ("en", "Then {{ h.opponent }} {{ h2.roll }} hits the blot."),
    ("en", "The {{ o.missing }} rolls that fail are {{ o.others.and_list }}."),
    ("en", "The {{ o.count }} rolls that bear it off are {{ o.rolls.and_list }}."),
    ("tr", "İki pul yalnızca {{ o.rolls.first.high }} ve daha yüksek zarlarla toplanır."),
    ("en", "A roll bears off at most {{ r.double_moves.words }} checkers."),
    ("en", "White bears its checkers off past its {{ r.home.first }}-point."),
    ("tr", "Beyaz {{ z.head }}. haneden {{ z.home.first }}. haneye kadar ilerler."),
    ("en", "No home of fifteen checkers comes off within the first {{ r.rolls_that_cannot_bear_off.words }} rolls."),
    ("en", "{% set n = g.normal_doubles_turns %}Doubles are four moves in the first {{ n.words }} turns."),
    ("en", "{% set least = r.fewest_bear_off_rolls %}Fifteen checkers need at least {{ least.words }} rolls."),
    ("en", "White plays {{ b.show }} in the figure."),
]


@pytest.mark.parametrize(("lang", "line"), GOOD)
def test_the_right_sibling_passes(project: Path, lang: str, line: str) -> None:
    assert problems(project, line, lang) == []


def test_roles_come_from_names_indices_and_filters() -> None:
    assert roles('o.legal|map(attribute="off")|max|words') == {"max"}
    assert roles("o.legal[1]") == {"legal"}
    assert roles("s.show.moves[0].die") == {"first"}
    assert "position" in roles("g.first_progression_turn") and "position" not in roles("g.normal_doubles_turns")
    assert roles('scenario("first/last")') == set()  # a string names no role
