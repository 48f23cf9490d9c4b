"""A figure's words bound to what it shows (`site.audit.plays`): each statement a caption or a
page's prose makes about the shown play, the side on roll or the diagram's options is judged
against the engine's result, and a false one fails the page, located at the caption's (or the
label's, or the page's) line. Real scenarios, real renders: no part is mocked."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site.errors import PageError
from tavla_docs.site.renderer import SiteRenderer
from tests.site.conftest import tiny_project

OPENING = """variant: backgammon
position: "4HPwATDgc/ABMA"
turn: white
roll: 3-1
show: 8/5 6/5
expect:
  plays: 16
caption:
  en: "With {{ s.roll }} {{ s.turn }} plays {{ s.show }}, making the {{ s.show.moves[0].dst }}-point."
  tr: "{{ s.turn }} {{ s.roll }} ile {{ s.show }} oynar ve {{ s.show.moves[0].dst }}. hanede kapı yapar."
"""

BEAR_OFF = """variant: tavla
position:
  white: {6: 2, 5: 2, 4: 2, 3: 2}
  black: {19: 5, 20: 5, 21: 5}
turn: white
roll: 5-3
show: 6/1 6/3
expect:
  plays: 8
caption:
  en: "Instead of bearing off you may play inside home, {{ s.show }}."
  tr: "Toplamak yerine ev içinde oynayabilirsiniz, {{ s.show }}."
"""

HIT = """variant: tavla
position:
  white: {6: 2, 5: 2, 4: 1, 3: 2, 2: 1}
  black: {1: 2, 19: 3, 20: 3, 21: 3, 22: 2, 24: 2}
turn: white
roll: 6-1
show: 6/off 3/2
expect:
  off: {white: 7}
caption:
  en: "{{ s.turn }} bears off a checker ({{ s.show.moves[0] }}); playing {{ s.show.moves[1] }}, \\
    it leaves a blot on the {{ s.show.moves[1].src }}-point."
  tr: "{{ s.turn }} bir pul toplar ({{ s.show.moves[0] }}); {{ s.show.moves[1] }} oynayınca da \\
    {{ s.show.moves[1].src.ordinal }} hanede tek pul bırakır."
then:
  - roll: 2-1
    show: 24/22* 6/5
    caption:
      en: "Black hits: the checker goes to the bar."
      tr: "Siyah, Beyaz'ın açıkta kalan pulunu kırar."
  - roll: 4-2
    show: bar/23 6/2
    caption:
      en: "{{ s.turn }} rolls {{ s.roll }}: the checker enters on the {{ s.show.moves[0].dst }}-point."
      tr: "{{ s.turn }} {{ s.roll }} atar: kırık pul {{ s.show.moves[0].dst.ordinal }} haneye girer."
"""

RACE = """variant: tavla
position:
  white: {6: 2, 5: 2, 4: 2, 3: 2, 2: 1}
  black: {19: 3, 20: 2, 21: 2, 22: 2, 23: 1}
turn: black
diagram: {dice: false}
expect:
  pips: {white: 38, black: 44}
caption:
  en: "A race, and Black is on roll."
  tr: "Yarış: zar atma sırası Siyah'ta."
"""

MOVEMENT = """variant: backgammon
position:
  white: {24: 2, 13: 5, 8: 3, 6: 5}
  black: {1: 2, 12: 5, 17: 3, 19: 5}
turn: white
roll: 6-1
show: 13/7 8/7
expect:
  legal: [13/7 8/7]
caption:
  en: "White moves counter-clockwise: {{ s.show }}."
  tr: "Beyaz saat yönünün tersine oynar: {{ s.show }}."
"""

UZUN_BLACK = """variant: uzun
position:
  white: {24: 14, 18: 1}
  black: {12: 15}
turn: black
turn_number: 2
roll: 3-3
show: 24/18(2)
expect:
  plays: 2
caption:
  en: "Black moves counter-clockwise; the diagram shows Black's own numbers: {{ s.show }}."
  tr: "Siyah saat yönünün tersine oynar; şemadaki numaralar Siyah'ın kendi numaralarıdır: {{ s.show }}."
diagram: {numbers: black}
"""

UZUN_AHEAD = """variant: uzun
position:
  white: {24: 5, 10: 2, 9: 2, 8: 2, 7: 2, 6: 2}
  black: {12: 12, 11: 2, 2: 1}
turn: white
roll: 6-4
show: 24/18 9/5
expect:
  plays: 20
caption:
  en: "Once a Black checker is ahead of the block (the marked point), the row may grow: {{ s.show }}."
  tr: "Siyah'ın bir pulu duvarın önüne geçmişse (işaretli hane) blok serbesttir: {{ s.show }}."
diagram: {highlight: [2]}
"""

MID_MOVE = """variant: tavla
position:
  white: {9: 1, 6: 4, 5: 4, 4: 3, 3: 2, 2: 1}
  black: {19: 5, 20: 5, 21: 5}
turn: white
roll: 6-3
show: 9/3 3/off
expect:
  plays: 4
caption:
  en: "The {{ s.show.moves[1].die.words }} then bears off a checker from the {{ s.show.moves[1].src }}-point."
  tr: "{{ s.show.moves[1].die.Words }} ile de {{ s.show.moves[1].src.ordinal }} haneden bir pul toplanır."
diagram: {labels: {9: {tr: "son pul", en: "last checker"}}}
"""

GOOD = {"demo/opening": OPENING, "demo/bear-off": BEAR_OFF, "demo/hit": HIT, "demo/race": RACE,
        "demo/movement": MOVEMENT, "demo/uzun-black": UZUN_BLACK, "demo/uzun-ahead": UZUN_AHEAD,
        "demo/mid-move": MID_MOVE}


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    (tmp_path / "p").mkdir()
    return tiny_project(tmp_path / "p", "# T\n", "# T\n", GOOD)


def figure_error(project: Path, name: str, lang: str, step: int | None = None) -> str | None:
    """The build's error for drawing the figure `name` on a page in `lang`, or None."""
    r = SiteRenderer(project, cache_dir=None)
    call = f'{{{{ diagram("{name}"{"" if step is None else f", step={step}"}) }}}}\n'
    try:
        r.render_page(call, path=f"content/{lang}/x.md", lang=lang)
    except PageError as e:
        return str(e)
    return None


def plant(project: Path, name: str, old: str, new: str) -> None:
    p = project / "scenarios" / f"{name}.yaml"
    text = p.read_text(encoding="utf-8")
    assert old in text, old
    p.write_text(text.replace(old, new), encoding="utf-8")


def caption_line(project: Path, name: str, lang: str, step: int = 0) -> int:
    lines = (project / "scenarios" / f"{name}.yaml").read_text(encoding="utf-8").splitlines()
    found = [i for i, x in enumerate(lines, start=1) if x.strip().startswith(f"{lang}:")]
    return found[step]


@pytest.mark.parametrize("lang", ["en", "tr"])
@pytest.mark.parametrize(("name", "step"), [(n, None) for n in GOOD] + [("demo/hit", 1), ("demo/hit", 2)])
def test_good_words_pass(project: Path, name: str, step: int | None, lang: str) -> None:
    assert figure_error(project, name, lang, step) is None


# (scenario, find, replace, what the message must say)
FAULTS = [
    ("demo/opening", "show: 8/5 6/5", "show: 13/9", "13/9 leaves no checker on the 10-point"),  # 13/10/9
    ("demo/opening", "moves[0].dst }}", "moves[0].src }}", "the 8-point was made before 8/5 6/5"),
    ("demo/bear-off", "show: 6/1 6/3", "show: 5/off 3/off", "5/off 3/off bears off 2 checkers"),
    ("demo/hit", "moves[1].src", "moves[1].dst", "after 6/off 3/2 the 2-point holds 2 checkers"),
    ("demo/race", "turn: black", "turn: white", "the figure has White on roll (turn: white)"),
    ("demo/movement", "expect:", "diagram: {flip: true}\nexpect:", "draws White moving clockwise"),
    ("demo/uzun-black", "diagram: {numbers: black}", "diagram: {numbers: white}", "from White's side"),
    ("demo/uzun-ahead", "diagram: {highlight: [2]}", "diagram: {highlight: [11]}", "has not passed White's row"),
    ("demo/mid-move", "moves[1].src", "moves[0].src", "9/3 3/off bears off from the 3-point"),  # as written
]


@pytest.mark.parametrize("lang", ["en", "tr"])
@pytest.mark.parametrize(("name", "old", "new", "says"), FAULTS)
def test_a_caption_the_figure_contradicts_fails_at_its_line(project: Path, name: str, old: str, new: str, says: str,
                                                            lang: str) -> None:
    plant(project, name, old, new)
    err = figure_error(project, name, lang)
    assert err is not None, (name, new)
    assert f"{name}.yaml:{caption_line(project, name, lang)}:" in err, err
    # The mid-move captions put the die before the point; the subject check (Turkish: right after it)
    # or the sibling check (English: later in its clause) reads that first (a die named beside another
    # move's point), and the caption reports its first fault.
    if (name, lang) == ("demo/mid-move", "tr"):
        assert "names the die of move 2" in err and "is move 1's" in err, err
    elif (name, lang) == ("demo/mid-move", "en"):  # seven words on, the sibling check reads it (`audit.siblings`)
        assert "names a point of move 1 (9) in a clause about the die of move 2" in err, err
    else:
        assert "the caption says" in err and says in err, err
    assert "hint:" in err


@pytest.mark.parametrize(("lang", "old", "new", "says"), [
    ("en", "enters on the {{ s.show.moves[0].dst }}", "enters on the {{ s.show.moves[1].dst }}",
     "bar/23 6/2 enters on the 23-point"),
    ("tr", "{{ s.show.moves[0].dst.ordinal }} haneye", "{{ s.show.moves[1].dst.ordinal }} haneye",
     "bar/23 6/2 enters on the 23-point"),
])
def test_a_step_caption_is_judged_against_its_own_play(project: Path, lang: str, old: str, new: str, says: str) -> None:
    plant(project, "demo/hit", old, new)
    err = figure_error(project, "demo/hit", lang, step=2)
    assert err is not None and f"demo/hit.yaml:{caption_line(project, 'demo/hit', lang, 2)}:" in err and says in err, err


@pytest.mark.parametrize(("lang", "old", "new"), [("en", "Black hits", "White hits"),
                                                  ("tr", "Siyah, Beyaz'ın", "Beyaz, Siyah'ın")])
def test_a_caption_naming_the_wrong_side_on_roll_fails(project: Path, lang: str, old: str, new: str) -> None:
    plant(project, "demo/hit", old, new)
    err = figure_error(project, "demo/hit", lang, step=1)
    assert err is not None and "the figure has Black on roll (turn: black)" in err, err


def test_a_label_naming_a_region_the_point_is_not_in_fails_at_the_label(project: Path) -> None:
    plant(project, "demo/mid-move", '{tr: "son pul", en: "last checker"}', '{tr: "evde", en: "home"}')
    for lang in ("en", "tr"):
        err = figure_error(project, "demo/mid-move", lang)
        assert err is not None and "demo/mid-move.yaml:13:" in err, err
        assert "on the 9-point" in err and "outside White's home board" in err, err


@pytest.mark.parametrize("text", [
    "If your opponent bears off all the checkers first, you lose a gammon: {{ s.show }}.",
    "A four cannot bear off from the 3-point here; {{ s.show }}.",
    "Playing the six first to bear off from the 6-point is not allowed; {{ s.show }}.",
    "Bearing off can start in the middle of a move: {{ s.show }}.",
])
def test_negated_or_hypothetical_statements_assert_nothing(project: Path, text: str) -> None:
    plant(project, "demo/bear-off", 'en: "Instead of bearing off you may play inside home, {{ s.show }}."',
          f'en: "{text}"')
    assert figure_error(project, "demo/bear-off", "en") is None


PAGE = """# T

{% set h = scenario("demo/hit", step=2) %}
With {{ h.roll }} the checker enters on the {{ h.show.moves[0].dst }}-point and {{ h.show.moves[1] }} follows.
"""


def test_page_prose_is_judged_against_the_scenario_it_prints(project: Path) -> None:
    r = SiteRenderer(project, cache_dir=None)
    assert r.render_page(PAGE, path="content/en/x.md", lang="en").problems == []
    bad = PAGE.replace("moves[0].dst", "moves[1].dst")
    problems = r.render_page(bad, path="content/en/x.md", lang="en").problems
    assert [(p.line, p.rule) for p in problems] == [(4, "play")], problems
    assert "enters on the 2-point" in problems[0].message and "bar/23 6/2 enters on the 23-point" in problems[0].message
    assert bad.splitlines()[3][problems[0].col - 1:].startswith("{{ h.show"), problems[0].col


def test_a_die_named_with_a_move_of_another_length_fails_on_the_page(project: Path) -> None:
    page = ('# T\n\n{% set m = scenario("demo/mid-move") %}\n'
            'The {{ m.show.moves[0].die.words }} plays {{ m.show.moves[0] }} first.\n')
    r = SiteRenderer(project, cache_dir=None)
    assert r.render_page(page, path="content/en/x.md", lang="en").problems == []
    bad = page.replace("moves[0].die", "moves[1].die")
    problems = r.render_page(bad, path="content/en/x.md", lang="en").problems
    assert [(p.line, p.rule) for p in problems] == [(4, "play")], problems
    assert "a three moves a checker 3 pips; 9/3 moves it 6" in problems[0].message, problems[0].message


@pytest.mark.parametrize(("text", "lang", "fault"), [
    ("the six plays 9/6", "en", "9/6 moves it 3"),
    ("Playing the six first, 9/6 6/off", "en", "9/6 moves it 3"),
    ("the two 6/off", "en", "takes at least a six"),
    ("the three bears off from the 4-point", "en", "takes at least a four"),
    ("önce altı oynanırsa, 9/6 6/off", "tr", "9/6 moves it 3"),
    ("üç, 4. haneden pul toplar", "tr", "takes at least a four"),
])
def test_die_words_and_moves(text: str, lang: str, fault: str) -> None:
    from tavla_docs.site.audit.diemoves import die_move_faults

    found = die_move_faults(text, lang)
    assert len(found) == 1 and fault in found[0][2], found
    good = {"the six plays 9/3", "the six 13/7 and the one 8/7", "the six bears off from the 4-point", "altı ile 9/3",
            "the four cannot bear off from the 5-point", "a double six 24/18(4)"}
    assert all(die_move_faults(g, "en" if " ile " not in g else "tr") == [] for g in good)
