"""True values about the wrong thing, found by what a value is and what its sentence says (issue 25):
a number before another measure's noun (`audit.units`), a roll's count in a clause about another
roll (`audit.rollkinds`), where a play takes its checker (`reach`, `audit.plays`), what one die can
do in the position (`audit.dieclaims`), what stands on a point beside a play that does not touch
it (`audit.playpoints`), and a table's header above another column (`audit.tablecolumns`). Each
fault is planted in a page rendered by the real renderer and located at the `{{ … }}` that printed
it (a table's at its template line); the same sentences with the right value pass."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site import provenance
from tavla_docs.site.errors import PageError
from tavla_docs.site.renderer import SiteRenderer
from tests.site.conftest import tiny_project

# 4-2 with checkers on the 5- and 3-points: the four cannot bear off from the 3-point first.
ORDER = """variant: tavla
position:
  white: {5: 1, 3: 1}
  black: {19: 5, 20: 5, 21: 5}
turn: white
roll: 4-2
show: 5/3 3/off
expect:
  legal: [5/3 3/off, 5/1 3/1]
test_only: "a fixture"
"""
# 2-1 from the 6-point: one checker plays 6/4/3 and ends on the 3-point.
LOW = """variant: tavla
position:
  white: {6: 1}
  black: {19: 5, 20: 5, 21: 5}
turn: white
roll: 2-1
show: 6/4/3
expect:
  forced: 6/3
test_only: "a fixture"
"""
# Uzun tavla: Black's blot on White's 18-point stops a six from the head; the three goes first.
UZUN = """variant: uzun
position:
  white: {24: 12, 20: 2, 17: 1}
  black: {12: 11, 18: 1, 10: 1, 8: 2}
turn: white
roll: 6-3
show: 24/21/15
expect:
  legal: [24/15]
test_only: "a fixture"
"""
# The backgammon start with 3-3: 24/12 lands on Black's five checkers (White's 12-point).
DOUBLES = """variant: backgammon
position: "4HPwATDgc/ABMA"
turn: white
roll: 3-3
show: 8/5(2) 6/3(2)
expect:
  illegal: [24/12]
test_only: "a fixture"
"""
SWAPPED = """<table data-tavla="race">
<thead><tr><th>{{ _("Opponent") }}</th><th>{{ _("Side on roll") }}</th><th>{{ _("Side on roll wins") }}</th></tr></thead>
<tbody>
{% for row in rows %}
<tr><td>{{ row.on_roll }}</td><td>{{ row.other }}</td><td>{{ row.chance.text }}</td></tr>
{% endfor %}
</tbody>
</table>
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("wrong25")
    return tiny_project(dest, "# T\n", "# T\n", {"w/order": ORDER, "w/low": LOW, "w/uzun": UZUN, "w/doubles": DOUBLES})


HEAD = ('{% set r = rules("tavla") %}{% set b = rules("backgammon") %}{% set o = scenario("w/order") %}'
        '{% set l = scenario("w/low") %}{% set u = scenario("w/uzun") %}{% set d = scenario("w/doubles") %}'
        '{% set dd = r.roll(r.highest_die, r.highest_die) %}{% set m = r.roll(r.highest_die, r.die_faces[-2]) %}\n')


def problems(project: Path, line: str, lang: str = "en") -> list[tuple[int, int, str, str]]:
    r = SiteRenderer(project, cache_dir=None)
    out = r.render_page(HEAD + "Intro.\n\n" + line + "\n", path=f"content/{lang}/x.md", lang=lang)
    assert not provenance.MARK_CHARS.search(out.markdown), "marks never reach the site"
    return [(p.line, p.col, p.rule, p.message) for p in out.problems]


PLANTED = [
    # a count of moves where a die's pips are meant (units)
    ("en", "With {{ d.roll }} you make {{ b.double_moves.words }} moves of {{ b.double_moves }} points each.",
     "{{ b.double_moves }}", "unit", 'prints a count of moves (4) before "points", which the reader takes for a '
                                    "distance or a point"),
    ("tr", "{{ d.roll }} attığınızda her biri {{ b.double_moves }} hane olan {{ b.double_moves.words }} hamle oynanır.",
     "{{ b.double_moves }}", "unit", 'prints a count of moves (4) before "hane"'),
    ("en", "A roll comes up in {{ r.checkers }} ways.", "{{ r.checkers }}", "unit",
     'prints a count of checkers (15) before "ways"'),
    # a roll's count in a clause about another roll
    ("tr", "{{ dd }} gibi bir çift zar yalnızca {{ m.ways.words }} şekilde, {{ m }} gibi karışık bir atış "
     "{{ m.ways.words }} şekilde gelir.", "{{ m.ways.words }}", "roll-kind",
     "prints a count of another roll, a mixed roll (iki), in a clause about 6-6"),
    ("en", "A double such as {{ dd }} comes up in only {{ m.ways.words }} ways.", "{{ m.ways.words }}", "roll-kind",
     "in a clause about 6-6"),
    # where a play takes its checker: a stop on the way is not where it ends
    ("en", "Even {{ l.roll }} plays {{ l.show }} and takes it to the {{ l.show.moves[0].dst }}-point.",
     "{{ l.roll }}", "play", "but 6/4/3 moves on from the 4-point: it ends on the 3-point"),
    ("tr", "{{ l.roll }} bile onu {{ l.show }} ile {{ l.show.moves[0].dst.ordinal }} haneye getirir.",
     "{{ l.roll }}", "play", "but 6/4/3 moves on from the 4-point"),
    # what one die can do
    ("en", "A {{ o.show.moves[1].die.words }} cannot bear off from the {{ o.show.moves[1].src }}-point; it must move "
     "the checker on the {{ o.show.moves[1].src }}-point.", "{{ o.show.moves[1].src }}", "play",
     "this sentence says 'must move the checker on the 3-point' of the four, but with 4-2 the four can only be "
     "played 5/1"),
    ("tr", "{{ o.show.moves[1].die.words }}, {{ o.show.moves[1].src.ordinal }} haneden pul toplayamaz; "
     "{{ o.show.moves[1].src.ordinal }} hanedeki pulu oynamak zorundadır.", "{{ o.show.moves[1].src.ordinal }}",
     "play", "of the four, but with 4-2 the four can only be played 5/1"),
    ("en", "Black's blot stops a {{ u.roll.low.words }} from the head.", "{{ u.roll.low.words }}", "play",
     "this sentence says 'stops a three from the head', but 24/21 is a legal move of the three there"),
    ("tr", "Siyah'ın tek pulu yüzünden baştan {{ u.roll.low.words }} hane gidilemez.", "{{ u.roll.low.words }}",
     "play", "but 24/21 is a legal move of the three there"),
    # what stands on a point beside a play that does not land there
    ("en", '{% set q = d.point(13) %}{{ play("24/12", at="w/doubles", legal=False) }} is not legal, because '
     "{{ q.side }} has {{ q.count.words }} checkers on the point where it would land.", "{{ q.side }}", "subject",
     "prints what stands on the 13-point (White), but the play this sentence speaks of"),
    ("tr", '{% set q = d.point(13) %}{{ play("24/12", at="w/doubles", legal=False) }} oynanamaz, çünkü pulun '
     "varacağı hanede {{ q.side }}'ın {{ q.count.words }} pulu vardır.", "{{ q.side }}", "subject",
     "lands on the 12-point"),
]


@pytest.mark.parametrize(("lang", "line", "tag", "rule", "message"), PLANTED)
def test_a_value_about_the_wrong_thing_is_located(project: Path, lang: str, line: str, tag: str, rule: str,
                                                  message: str) -> None:
    found = [f for f in problems(project, line, lang) if message in f[3]]
    assert found, problems(project, line, lang)
    at, col, got_rule, _ = found[0]
    assert (at, got_rule) == (4, rule), found
    assert line[col - 1:].startswith(tag) or rule == "play", (col, line)


GOOD = [
    ("en", "With {{ d.roll }} you make {{ b.double_moves.words }} moves of {{ d.roll.high }} points each, instead "
     "of {{ b.dice.words }}."),
    ("tr", "{{ d.roll }} attığınızda her biri {{ d.roll.high }} hane olan {{ b.double_moves.words }} hamle oynanır."),
    ("en", "A roll bears off at most {{ r.double_moves.words }} checkers, and a mixed roll at most "
     "{{ r.dice.words }} checkers."),
    ("en", "The dice fall in {{ r.rolls }} ways. The {{ o.show.moves[0].die.words }} moves a checker, and "
     "{{ r.closed_by.words }} or more opposing checkers close a point."),
    ("tr", "{{ dd }} gibi bir çift zar yalnızca {{ dd.ways.words }} şekilde, {{ m }} gibi karışık bir atış "
     "{{ m.ways.words }} şekilde gelir. Karışık atışlar {{ m.ways.words }} kez sayılır."),
    ("en", "Even {{ l.roll }} plays {{ l.show }} and takes it to the {{ l.show.moves[1].dst }}-point; the "
     "{{ l.show.moves[0].die.words }} moves it to the {{ l.show.moves[0].dst }}-point on the way."),
    ("tr", "{{ l.roll }} bile onu {{ l.show }} ile {{ l.show.moves[1].dst.ordinal }} haneye getirir."),
    ("en", "A {{ o.show.moves[1].die.words }} cannot bear off from the {{ o.show.moves[1].src }}-point; it must move "
     "the checker on the {{ o.show.moves[0].src }}-point. Play the {{ o.show.moves[0].die.words }} first, then the "
     "{{ o.show.moves[1].die.words }} must move the checker on the {{ o.show.moves[1].src }}-point."),
    ("tr", "{{ o.show.moves[1].die.words }}, {{ o.show.moves[1].src.ordinal }} haneden pul toplayamaz; "
     "{{ o.show.moves[0].src.ordinal }} hanedeki pulu oynamak zorundadır."),
    ("en", "Black's blot stops a {{ u.roll.high.words }} from the head; the checker moves "
     "{{ u.show.moves[0].die.words }} first."),
    ("tr", "Siyah'ın tek pulu yüzünden baştan {{ u.roll.high.words }} hane gidilemez."),
    ("en", '{% set q = d.point(12) %}{{ play("24/12", at="w/doubles", legal=False) }} is not legal, because '
     "{{ q.side }} has {{ q.count.words }} checkers on the point where it would land."),
    ("tr", '{% set q = d.point(12) %}{{ play("24/12", at="w/doubles", legal=False) }} oynanamaz, çünkü pulun '
     "varacağı hanede {{ q.side }}'ın {{ q.count.words }} pulu vardır."),
]


@pytest.mark.parametrize(("lang", "line"), GOOD)
def test_the_right_value_passes(project: Path, lang: str, line: str) -> None:
    assert problems(project, line, lang) == []


def test_must_move_without_a_die_is_every_legal_play(project: Path) -> None:
    """Said of the whole roll, "must move the checker on the N-point" holds when every legal play does."""
    assert problems(project, "With {{ o.roll }}, White must move the checker on the {{ o.show.moves[0].src }}-point.") \
        == []
    found = problems(project, "With {{ u.roll }}, White must move the checker on the {{ u.show.moves[0].src }}-point.")
    assert [m for _, _, _, m in found] == [
        "this sentence says 'must move the checker on the 24-point', but 20/17 20/14 is legal with 6-3 and moves no "
        "checker from the 24-point (scenario 'w/uzun')"]


def test_a_caption_is_judged_against_its_frame(project: Path, tmp_path: Path) -> None:
    caption = UZUN.replace('test_only: "a fixture"\n', 'caption:\n  en: "Black\'s blot stops a {{ s.roll.%s.words }} '
                           'from the head."\n  tr: "Siyah\'ın tek pulu yüzünden baştan {{ s.roll.%s.words }} hane '
                           'gidilemez."\n')
    dest = tiny_project(_dir(tmp_path / "p"), "# T\n", "# T\n", {"w/good": caption % ("high", "high"),
                                                           "w/bad": caption % ("low", "low")})
    r = SiteRenderer(dest, cache_dir=None)
    assert r.render_page('{{ diagram("w/good") }}\n', path="content/en/x.md", lang="en").problems == []
    with pytest.raises(PageError) as e:
        r.render_page('{{ diagram("w/bad") }}\n', path="content/en/x.md", lang="en")
    assert str(e.value).startswith("scenarios/w/bad.yaml:11:7: error: caption: ")
    assert "this sentence says 'stops a three from the head', but 24/21 is a legal move of the three there" \
        in str(e.value)


def test_a_table_header_above_another_column(tmp_path: Path) -> None:
    """A project's partial that swaps two headers is located at the header's template line; the
    package's own partial passes."""
    page = '{{ race_table([["6", "6x2"]]) }}\n'
    good = tiny_project(_dir(tmp_path / "good"), "# T\n", "# T\n", {})
    r = SiteRenderer(good, cache_dir=None)
    assert r.render_page(page, path="content/en/x.md", lang="en").problems == []
    bad = tiny_project(_dir(tmp_path / "bad"), "# T\n", "# T\n", {})
    (bad / "templates").mkdir()
    (bad / "templates" / "race_table.html").write_text(SWAPPED, encoding="utf-8")
    for lang, first in (("en", "Opponent"), ("tr", None)):
        found = SiteRenderer(bad, cache_dir=None).render_page(page, path=f"content/{lang}/x.md", lang=lang).problems
        faults = [p for p in found if p.rule == "table-column"]
        assert [(p.path.endswith("templates/race_table.html"), p.line, p.col) for p in faults] == \
            [(True, 2, 16), (True, 2, 44)], found
        if first:
            assert faults[0].message == ('the header of column 1 says "Opponent", but the cells under it print '
                                         '`{{ row.on_roll }}`, the column the helper heads "Side on roll"')


def _dir(p: Path) -> Path:
    p.mkdir(parents=True)
    return p
