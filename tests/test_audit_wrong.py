"""A true fact about the wrong thing (`site.audit.subjects`, `provenance.Subject`): each planted
fault renders through the real page and caption renderers and is located at the `{{ … }}` that
printed it, naming the fault; the same sentences with the right fact pass."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.engine.dice import Roll
from tavla_docs.site import provenance
from tavla_docs.site.errors import PageError
from tavla_docs.site.facts.plays import written_dice
from tavla_docs.site.renderer import SiteRenderer
from tests.site.conftest import tiny_project

# White's last checker on the 6-point (odds: 27 of 36 bear it off); another on the 5-point.
ONE = """variant: tavla
position:
  white: {{{point}: 1}}
  black: {{19: 5, 20: 5, 21: 5}}
turn: white
roll: 6-6
show: {point}/off
expect:
  plays: 1
test_only: "a fixture"
"""
# 9/6 6/off with 6-3: the three must be played first.
MID = """variant: tavla
position:
  white: {9: 1, 5: 1}
  black: {19: 5, 20: 5, 21: 5}
turn: white
roll: 6-3
show: 9/6 6/off
expect:
  legal: [9/6 6/off]
test_only: "a fixture"
"""
# 6/2 2/off with 4-2: one checker, the four then the two.
TWO = """variant: tavla
position:
  white: {6: 1}
  black: {19: 5, 20: 5, 21: 5}
turn: white
roll: 4-2
show: 6/2 2/off
expect:
  legal: [6/2 2/off]
caption:
  tr: "{{ s.turn }} {{ s.roll }} ile oynar."
  en: "White's pip count is {{ s.pips.%s }}, and {{ s.turn }} plays {{ s.show }}."
"""
# White on the bar; Black holds White's 19- and 20-points: 32 of 36 rolls enter, 4 dance.
BAR = """variant: tavla
position:
  white: {6: 5, bar: 1}
  black: {19: 2, 20: 2, 1: 5}
turn: white
roll: 2-1
show: bar/23 6/5
expect:
  pips: {white: 55, black: 142}
test_only: "a fixture"
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("wrong")
    scenarios = {"w/six": ONE.format(point=6), "w/five": ONE.format(point=5), "w/mid": MID,
                 "w/two": TWO % "white", "w/bad": TWO % "black", "w/bar": BAR}
    return tiny_project(dest, "# T\n", "# T\n", scenarios)


HEAD = ('{% set r = rules("tavla") %}{% set s6 = scenario("w/six") %}{% set s5 = scenario("w/five") %}'
        '{% set o = s6.odds.bears_off %}{% set mm = scenario("w/mid") %}{% set t = scenario("w/two") %}'
        '{% set d = r.roll(r.highest_die, r.highest_die) %}{% set m = r.roll(r.highest_die, r.die_faces[-2]) %}\n')


def problems(project: Path, line: str, lang: str = "en") -> list[tuple[int, int, str, str]]:
    r = SiteRenderer(project, cache_dir=None)
    out = r.render_page(HEAD + "Intro.\n\n" + line + "\n", path=f"content/{lang}/x.md", lang=lang)
    assert not provenance.MARK_CHARS.search(out.markdown), "marks never reach the site"
    return [(p.line, p.col, p.rule, p.message) for p in out.problems]


PLANTED = [
    # the failing rolls' count where the words speak of rolls that succeed, and the reverse
    ("en", "It comes off at once with {{ o.missing }} of the {{ o.of }} rolls.", "{{ o.missing }}",
     "prints the number of rolls that fail (9) where the words around it speak of rolls that succeed"),
    ("en", "The {{ o.count }} rolls that fail are {{ o.others }}.", "{{ o.count }}",
     "prints the number of rolls that succeed (27) where the words around it speak of rolls that fail"),
    ("tr", "Toplayamayan {{ o.count }} atış şunlardır: {{ o.others }}.", "{{ o.count }}",
     "prints the number of rolls that succeed (27) where the words around it speak of rolls that fail"),
    # a count beside the list of the other rolls
    ("en", "It comes off only with {{ o.rolls }}: {{ o.missing }} of the {{ o.of }} rolls.", "{{ o.missing }}",
     "prints the number of rolls that fail (9) beside `{{ o.rolls }}`, the list of rolls that succeed"),
    ("tr", "Pul tahtada kalır: {{ o.others }}, yani {{ o.of }} atışın {{ o.count }} tanesi.", "{{ o.count }}",
     "prints the number of rolls that succeed (27) beside `{{ o.others }}`, the list of rolls that fail"),
    # a fact of the 6-point's frame in a clause about the 5-point
    ("en", "A checker on the {{ s5.points_of(\"white\").first }}-point needs {{ s6.expected_rolls }} rolls.",
     "{{ s6.expected_rolls }}", "prints a fact about the 6-point (1.25) in a clause about the 5-point"),
    ("en", "On the {{ s5.points_of(\"white\").first }}-point ({{ s6.odds.bears_off.missing }} rolls fail) it is "
     "slower.", "{{ s6.odds.bears_off.missing }}", "prints a fact about the 6-point (9) in a clause about the 5-point"),
    ("tr", "Aynı hesap {{ s5.points_of(\"white\").first.ordinal }} hanedeki tek pul için {{ s6.expected_rolls }} verir.",
     "{{ s6.expected_rolls }}", "prints a fact about the 6-point (1,25) in a clause about the 5-point"),
    # die words bound to the wrong move
    ("en", "Play the {{ t.show.moves[1].die.words }} {{ t.show.moves[0] }} first.", "{{ t.show.moves[1].die.words }}",
     "names the two, but the move after it, `{{ t.show.moves[0] }}`, plays the 4"),
    ("en", 'Playing the {{ mm.roll.high.words }} first, {{ play("9/6 6/off", at="w/mid", in_order=True) }} is '
     "legal.", "{{ mm.roll.high.words }}",
     'says the six is played first, but `{{ play("9/6 6/off", at="w/mid", in_order=True) }}` plays the 3 first'),
    ("tr", 'Önce {{ mm.roll.high.words }} oynanırsa, {{ play("9/6 6/off", at="w/mid", in_order=True) }} olur.',
     "{{ mm.roll.high.words }}",
     'says the altı is played first, but `{{ play("9/6 6/off", at="w/mid", in_order=True) }}` plays the 3 first'),
    ("en", "With {{ t.roll }}, the {{ t.show.moves[0].die.words }} bears off.", "{{ t.show.moves[0].die.words }}",
     "names the die of a move that does not bear off (four), where the words say it bears a checker off"),
    ("tr", "{{ t.roll }} gelince {{ t.show.moves[0].die.words }} ile pulu toplarsınız.", "{{ t.show.moves[0].die.words }}",
     "names the die of a move that does not bear off (dört), where the words say it bears a checker off"),
    # a double where the words speak of a mixed roll, and the reverse
    # (read by the roll-kind check, `audit/rollkinds.py`)
    ("en", "A mixed roll such as {{ d }} comes in {{ d.ways.words }} way.", "{{ d }}",
     "prints 6-6, a double, where the words around it speak of a mixed roll"),
    ("tr", "{{ m }} gibi bir çift zar {{ m.ways.words }} şekilde gelir.", "{{ m }}",
     "prints 6-5, a mixed roll, where the words around it speak of a double"),
    # a point's count of the other side's checkers, after a side's name printed by a helper
    ("en", "{% set q = s6.point(21) %}{{ s6.turn }} has {{ q.count.words }} checkers there.", "{{ q.count.words }}",
     "Black's count (five) is printed by `{{ q.count.words }}` in a clause about White"),
]


@pytest.mark.parametrize(("lang", "line", "tag", "message"), PLANTED)
def test_a_true_fact_about_the_wrong_thing_is_located(project: Path, lang: str, line: str, tag: str,
                                                      message: str) -> None:
    found = problems(project, line, lang)
    assert found, line
    at, col, rule, text = found[0]
    assert (at, rule) == (4, "roll-kind" if tag in ("{{ d }}", "{{ m }}") else "subject"), found
    assert line[col - 1:].startswith(tag), (col, line)
    assert message in text, text


GOOD = [
    ("en", "It comes off at once with {{ o.count }} of the {{ o.of }} rolls. The {{ o.missing }} rolls that fail "
     "are {{ o.others.and_list }}."),
    ("en", "{{ o.count }} rolls bear it off and {{ o.missing }} do not."),
    ("en", "It comes off only with {{ o.rolls }}: {{ o.count }} of the {{ o.of }} rolls."),
    ("tr", "Pul, {{ o.of }} atışın {{ o.count }} tanesinde toplanır. Toplayamayan {{ o.missing }} atış şunlardır: "
     "{{ o.others.and_list }}."),
    ("tr", "Pul tahtada kalır: {{ o.others }}, yani {{ o.of }} atışın {{ o.missing }} tanesi."),
    ("en", "A checker on the {{ s6.points_of(\"white\").first }}-point needs {{ s6.expected_rolls }} rolls, one on "
     "the {{ s5.points_of(\"white\").first }}-point {{ s5.expected_rolls }} "
     "({{ s5.odds.bears_off.missing }} rolls fail)."),
    ("en", "From the {{ s5.points_of(\"white\").first }}- or {{ s6.points_of(\"white\").first }}-point "
     "({{ s5.odds.bears_off }}, {{ s6.odds.bears_off }})."),
    ("tr", "Aynı hesap {{ s5.points_of(\"white\").first.ordinal }} hanedeki tek pul için {{ s5.expected_rolls }} verir "
     "(orada {{ s5.odds.bears_off.missing }} atış toplamaz), {{ s6.points_of(\"white\").first.ordinal }} "
     "hanedeki için {{ s6.expected_rolls }} ({{ s6.odds.bears_off.missing }} atış toplamaz)."),
    ("en", "Play the {{ t.show.moves[0].die.words }} {{ t.show.moves[0] }} and bear the checker off with the "
     "{{ t.show.moves[1].die.words }}."),
    ("en", 'Playing the {{ mm.roll.low.words }} first, {{ play("9/6 6/off", at="w/mid", in_order=True) }}, is '
     'legal; the {{ mm.roll.high.words }} first ({{ play("6/off 9/6", at="w/mid", in_order=True, legal=False) }}) '
     "is not."),
    ("tr", 'Önce {{ mm.roll.low.words }} oynanırsa, {{ play("9/6 6/off", at="w/mid", in_order=True) }} olur.'),
    ("en", "With {{ t.roll }}, the {{ t.show.moves[1].die.words }} bears off; the {{ t.show.moves[0].die.words }} "
     "cannot bear off."),
    ("tr", "{{ t.roll }} gelince {{ t.show.moves[1].die.words }} ile pulu toplarsınız; "
     "{{ t.show.moves[0].die.words }} ile pul toplanamaz."),
    ("en", "A double such as {{ d }} comes in {{ d.ways.words }} way, a mixed roll such as {{ m }} in "
     "{{ m.ways.words }}; {{ m }} is not a double."),
    ("tr", "{{ d }} gibi bir çift zar {{ d.ways.words }} şekilde, {{ m }} gibi karışık bir atış {{ m.ways.words }} "
     "şekilde gelir."),
    ("en", "{% set q = s6.point(21) %}{{ q.side }} has {{ q.count.words }} checkers there."),
]


@pytest.mark.parametrize(("lang", "line"), GOOD)
def test_the_right_fact_passes(project: Path, lang: str, line: str) -> None:
    assert problems(project, line, lang) == []


def test_entering_rolls_and_a_no_play_count(project: Path) -> None:
    """The rolls that enter are the success of `odds.enters`; `odds.no_play` is no success to judge."""
    head = '{% set b = scenario("w/bar").odds %}'
    assert problems(project, head + "The {{ b.enters.missing }} rolls that dance are {{ b.enters.others }}; "
                    "{{ b.no_play.count }} rolls cannot be played.") == []
    found = problems(project, head + "White enters with {{ b.enters.missing }} of the {{ b.enters.of }} rolls.")
    assert [m for _, _, _, m in found] == ["`{{ b.enters.missing }}` prints the number of rolls that fail (4) where "
                                           "the words around it speak of rolls that succeed"]


def test_a_caption_with_an_apostrophe_is_judged_like_a_page(project: Path) -> None:
    """A caption is escaped (`White&#39;s`): the side check reads it as the page text it is."""
    r = SiteRenderer(project, cache_dir=None)
    assert r.render_page('{{ diagram("w/two") }}\n', path="content/en/x.md", lang="en").problems == []
    with pytest.raises(PageError) as e:
        r.render_page('{{ diagram("w/bad") }}\n', path="content/en/x.md", lang="en")
    assert str(e.value).startswith("scenarios/w/bad.yaml:12:7: error: caption: Black's count (75) is printed by "
                                   "`{{ s.pips.black }}` in a clause about White")


def test_written_dice_follow_the_written_order() -> None:
    assert written_dice("9/6 6/off", Roll(6, 3)) == (3, 6)
    assert written_dice("6/off 9/6", Roll(6, 3)) == (6, 3)
    assert written_dice("5/off 3/off", Roll(6, 3)) == (6, 3)  # a larger die bears off from a lower point
    assert written_dice("bar/22 6/2(2)", Roll(4, 4)) == ()  # 3 is no die of 4-4: unknown, never guessed
    assert written_dice("24/18", Roll(4, 2)) == ()  # one step, two dice: the order is not written


def test_a_subject_survives_the_marks() -> None:
    about = provenance.Subject(group=7, point=4, names=0, die=3, off=False, dice=(3, 6), outcome="fail", many=True)
    with provenance.recording():
        text = "a " + provenance.mark(2, _Fact("9", about), False, 0) + " b"
    span = next(s for s in provenance.spans(text) if s.line)
    assert (span.text, span.about, provenance.strip(text)) == ("9", about, "a 9 b")


class _Fact(str):
    tavla_fact = True

    def __new__(cls, text: str, about: provenance.Subject) -> _Fact:
        f = super().__new__(cls, text)
        f.about = about  # type: ignore[attr-defined]
        return f


def test_a_list_of_points_with_their_facts_passes(project: Path) -> None:
    """The first point of the list is cut from the clause by a comma: the facts still find it."""
    line = ('From the {{ s6.points_of("white").first }}-, {{ s5.points_of("white").first }}- or '
            '{{ s5.points_of("white").first }}-point the odds differ ({{ s6.odds.bears_off }}, '
            '{{ s5.odds.bears_off }}).')
    assert problems(project, line) == []


def test_a_die_word_and_a_point_of_another_move(project: Path) -> None:
    bad = "With {{ t.roll }}, the {{ t.show.moves[0].die.words }} moves on from the {{ t.show.moves[1].src }}-point."
    found = problems(project, bad)
    assert [(r, m) for _, _, r, m in found] == [
        ("subject", "`{{ t.show.moves[0].die.words }}` names the die of move 1 (four), but the point after it, "
                    "`{{ t.show.moves[1].src }}`, is move 2's")]
    good = ("With {{ t.roll }}, the {{ t.show.moves[1].die.words }} bears off from the {{ t.show.moves[1].src }}-point; "
            "the {{ t.show.moves[0].die.words }} cannot bear off from the {{ t.show.moves[1].src }}-point.")
    assert problems(project, good) == []


def test_a_caption_that_plays_one_die_and_bears_off_with_the_other(project: Path) -> None:
    line = ("Play {{ t.show.moves[0] }} with the {{ t.show.moves[0].die.words }} and bear the checker off with the "
            "{{ t.show.moves[1].die.words }}.")
    assert problems(project, line) == []
