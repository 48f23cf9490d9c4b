"""A true value about the wrong attribute of the right object (issue 25, round 8): a side's point in
board numbering where the words ask for its own ("its 12-point", "each player's home board"), a
move's landing point where the words say a checker stands ("the checkers on the 5-point and the
2-point", "one on the 3-point"), a side said to hit in a story where its play does not, a double's
progression printed for another roll's die, and a die said to be played inside home when every
legal play enters with it. Each fault is planted in a page rendered by the real renderer and
located at the `{{ … }}` that printed it (a die statement at its sentence's scenario value); the
same sentences with the right value pass."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site import provenance
from tavla_docs.site.renderer import SiteRenderer
from tests.site.conftest import tiny_project

# White on the bar with 4-2 in the bear-off: the two enters on 23, the four is played inside home.
BAR = """variant: tavla
position:
  white: {6: 2, 5: 2, 4: 1, 2: 1, bar: 1}
  black: {3: 1, 19: 3, 20: 3, 21: 3, 22: 3, 24: 2}
turn: white
roll: 4-2
show: bar/23 6/2
expect:
  legal: [bar/23 6/2, bar/23 5/1]
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
# The backgammon start with 3-3.
DOUBLES = """variant: backgammon
position: "4HPwATDgc/ABMA"
turn: white
roll: 3-3
show: 8/5(2) 6/3(2)
test_only: "a fixture"
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("fit8attr")
    return tiny_project(dest, "# T\n", "# T\n", {"f/bar": BAR, "f/story": STORY, "f/doubles": DOUBLES})


HEAD = ('{% set r = rules("backgammon") %}{% set z = rules("uzun") %}{% set g = rules("gulbara") %}'
        '{% set b = scenario("f/bar") %}{% set h = scenario("f/story") %}{% set d = scenario("f/doubles") %}\n')


def problems(project: Path, line: str, lang: str = "en") -> list[tuple[int, int, str, str]]:
    r = SiteRenderer(project, cache_dir=None)
    out = r.render_page(HEAD + "Intro.\n\n" + line + "\n", path=f"content/{lang}/x.md", lang=lang)
    assert not provenance.MARK_CHARS.search(out.markdown), "marks never reach the site"
    return [(p.line, p.col, p.rule, p.message) for p in out.problems]


PLANTED = [
    # a side's point in board numbering where the words ask for its own numbering
    ("en", 'Each player\'s home board is the quarter on their own side: points {{ r.home_of("black") }}.',
     '{{ r.home_of("black") }}', "role",
     "prints Black's point in White's numbering (19–24), where the words speak of each player's own numbering"),
    ("tr", 'Her oyuncunun evi, kendi tarafındaki kadrandır: {{ r.home_of("black") }}. haneler.',
     '{{ r.home_of("black") }}', "role", "prints Black's point in White's numbering (19–24)"),
    ("en", 'Black also moves from its {{ z.head_of("black") }}-point to its {{ z.home.first }}-point.',
     '{{ z.head_of("black") }}', "role", "prints a point in White's own numbering (12) as Black's own point"),
    # a move's landing point where the words say a checker stands
    ("en", "White cannot bear off because of the checkers on the {{ b.show.moves[1].src }}-point and the "
     "{{ b.show.moves[1].dst }}-point.", "{{ b.show.moves[1].dst }}", "subject",
     "prints the point move 2 lands on (2), where the words say a checker stands there"),
    ("en", "With {{ b.home.white }} checkers home and one on the {{ b.show.moves[0].dst }}-point, White rolls "
     "{{ b.roll }}.", "{{ b.show.moves[0].dst }}", "subject", "prints the point move 1 lands on (23)"),
    # a side said to hit where the story's play of that side does not
    ("en", "{{ h.turn }} bears off with {{ h.roll }}, {{ h.turn }} hits it, and {{ h.turn }} enters.",
     "{{ h.turn }}", "role", "names White as the side that hits, but in the figure it comes from only Black's "
     "play hits"),
    ("tr", "{{ h.turn }} {{ h.roll }} ile bir pul toplar; {{ h.turn }} onu kırar.", "{{ h.turn }}", "role",
     "names White as the side that hits"),
    # a double's progression printed for another roll's die
    ("en", "For example, {{ d.roll }} is {{ g.progression_runs(g.highest_die) }}.",
     "{{ g.progression_runs(g.highest_die) }}", "roll-kind",
     "prints what another roll plays, a double (four sixes), in a clause about 3-3"),
    # a die said to be played inside home where every legal play enters with it
    ("en", "The checker enters on the {{ b.show.moves[0].dst }}-point; so the {{ b.roll.low.words }} cannot bear "
     "off from the {{ b.roll.high }}-point and is played inside home: {{ b.legal }}.", "", "play",
     "but with 4-2 every legal play moves the two bar/23, not inside home (scenario 'f/bar')"),
    ("tr", "Pul {{ b.show.moves[0].dst.ordinal }} haneye girer; bu yüzden {{ b.roll.low.words }} "
     "{{ b.roll.high.ordinal }} haneden pul toplayamaz ve ev içinde oynanır: {{ b.legal }}.", "", "play",
     "but with 4-2 every legal play moves the two bar/23, not inside home"),
]


@pytest.mark.parametrize(("lang", "line", "tag", "rule", "message"), PLANTED)
def test_a_value_of_the_wrong_attribute_is_located(project: Path, lang: str, line: str, tag: str, rule: str,
                                                   message: str) -> None:
    found = [f for f in problems(project, line, lang) if message in f[3]]
    assert found, problems(project, line, lang)
    at, col, got_rule, _ = found[0]
    assert (at, got_rule) == (4, rule), found
    assert not tag or line[col - 1:].startswith(tag), (col, line)


GOOD = [
    ("en", "Each player's home board is the quarter on their own side: points {{ r.home }}."),
    ("en", 'Each player\'s home board is the quarter on their own side: for White, points {{ r.home_of("white") }}.'),
    ("tr", "Her oyuncunun evi, kendi tarafındaki kadrandır: {{ r.home }}. haneler."),
    ("en", 'Black also moves from its {{ z.head }}-point, board point {{ z.head_of("black") }}.'),
    ("en", "White cannot bear off because of the checkers on the {{ b.show.moves[1].src }}-point and the "
     "{{ b.points_of(\"white\").last }}-point."),
    ("en", "White has checkers on the {{ b.show.moves[1].src }}-point and moves one to the "
     "{{ b.show.moves[1].dst }}-point."),
    ("en", "With {{ b.home.white }} checkers home and one on the bar, White rolls {{ b.roll }}."),
    ("en", "{{ h.turn }} bears off with {{ h.roll }}, {{ h.opponent }} hits it, and the race is over. "
     "If {{ h.turn }} hits, the story changes."),
    ("tr", "{{ h.turn }} {{ h.roll }} ile bir pul toplar; {{ h.opponent }} onu kırar."),
    ("en", "For example, {{ d.roll }} is {{ g.progression_runs(d.roll.high) }}."),
    ("en", "The checker enters on the {{ b.show.moves[0].dst }}-point; so the {{ b.roll.high.words }} cannot bear "
     "off from the {{ b.roll.high }}-point and is played inside home: {{ b.legal }}."),
    ("tr", "Pul {{ b.show.moves[0].dst.ordinal }} haneye girer; bu yüzden {{ b.roll.high.words }} "
     "{{ b.roll.high.ordinal }} haneden pul toplayamaz ve ev içinde oynanır: {{ b.legal }}."),
]


@pytest.mark.parametrize(("lang", "line"), GOOD)
def test_the_right_attribute_passes(project: Path, lang: str, line: str) -> None:
    assert problems(project, line, lang) == []


def test_a_single_frame_knows_only_its_mover() -> None:
    """A figure without a story shows one side's play: the other side's hits are not known."""
    bits = provenance.hit_bits([("white", False)])
    assert provenance.hitter(bits, "white") is False and provenance.hitter(bits, "black") is None
    bits = provenance.hit_bits([("white", False), ("black", True), ("white", False)])
    assert provenance.hitter(bits, "black") is True and provenance.hitter(bits, "white") is False
    s = provenance.Subject(group=3, turn="black", hits=bits, dice=(4, 2))
    assert provenance.Subject.decode(s.encode(), 0)[0] == s
