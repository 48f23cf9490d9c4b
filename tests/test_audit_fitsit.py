"""Issue 25, round 11: page prose whose situation words ("now on the bar", "hiç pul toplanamaz",
"cannot bear off from the 2-point", "behind the prime") describe a frame other than the one whose
values the clause prints (`site/audit/situations.py`, `situationjudge.py`). Real scenarios, real
renders, the engine's legal plays: each fault planted is one located error; the true page passes."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site.renderer import SiteRenderer
from tests.site.conftest import tiny_project

SCENARIOS = {
    # White on the bar, nothing can be borne off with 6-5
    "s/bar": "variant: tavla\nposition:\n  white: {6: 3, 5: 3, 4: 3, 3: 3, 2: 2, bar: 1}\n"
             "  black: {22: 5, 23: 5, 24: 5}\nturn: white\nroll: 6-5\nshow: bar/19 6/1\n",
    # every White checker home: 6-2 bears off
    "s/home": "variant: tavla\nposition:\n  white: {6: 2, 5: 3, 4: 3, 3: 3, 2: 2, 1: 2}\n"
              "  black: {22: 5, 23: 5, 24: 5}\nturn: white\nroll: 6-2\nshow: 6/off 2/off\n",
    # one checker on the 8-point: the six bears off only after the two brings it home
    "s/outside": "variant: tavla\nposition:\n  white: {8: 1, 6: 3, 5: 3, 4: 3, 3: 3, 2: 2}\n"
                 "  black: {22: 5, 23: 5, 24: 5}\nturn: white\nroll: 6-2\nshow: 8/2 6/4\n",
    # White's prime on 7–4; Black's checkers behind it (on White's 1- to 3-points), or one past it (on 12)
    "s/prime-behind": "variant: tavla\nposition:\n  white: {7: 2, 6: 2, 5: 2, 4: 2, 13: 7}\n"
                      "  black: {1: 5, 2: 5, 3: 5}\nturn: white\nroll: 3-1\nshow: 13/10 10/9\n",
    "s/prime-past": "variant: tavla\nposition:\n  white: {7: 2, 6: 2, 5: 2, 4: 2, 13: 7}\n"
                    "  black: {1: 5, 2: 5, 3: 4, 12: 1}\nturn: white\nroll: 3-1\nshow: 13/10 10/9\n",
}

EN = """# Situations

{% set b = scenario("s/bar") %}{% set h = scenario("s/home") %}{% set o = scenario("s/outside") %}
White, still with a checker on the bar, rolls {{ b.roll }}: it enters on the {{ b.show.moves[0].dst }}-point.

When every checker is home and {{ h.roll }} comes, a checker can be borne off.

With {{ o.roll }}, a {{ o.roll.high.words }} cannot bear off from the {{ o.roll.high }}-point with the six first \
({{ play("6/off", at="s/outside", part=True, legal=False) }} is not allowed).

In the next position all of Black's checkers are still behind the prime.

{{ diagram("s/prime-behind") }}

{{ diagram("s/prime-past") }}
"""

TR = """# Durumlar

{% set b = scenario("s/bar") %}{% set h = scenario("s/home") %}{% set o = scenario("s/outside") %}
Bardaki pul {{ b.roll }} ile {{ b.show.moves[0].dst.ordinal }} haneye girer; bu atışta hiç pul toplanamaz.

Pulların hepsi evdeyken {{ h.roll }} gelirse pul toplanabilir.

{{ o.roll }} geldiğinde {{ o.roll.high.words }} önce {{ o.roll.high.ordinal }} haneden pul toplayamaz \
({{ play("6/off", at="s/outside", part=True, legal=False) }} olmaz).

Aşağıdaki ilk konumda Siyah'ın pulları hâlâ duvarın arkasındadır. Sonraki konumda Siyah'ın bir pulu duvarı geçmiştir.

{{ diagram("s/prime-behind") }}

{{ diagram("s/prime-past") }}
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tiny_project(tmp_path_factory.mktemp("p"), "# T\n", "# T\n", SCENARIOS)


def situation(project: Path, page: str, lang: str) -> list[str]:
    r = SiteRenderer(project, cache_dir=None)
    problems = r.render_page(page, path=f"content/{lang}/x.md", lang=lang).problems
    return [p.format().splitlines()[0] for p in problems if p.rule == "situation"]


@pytest.mark.parametrize(("page", "lang"), [(EN, "en"), (TR, "tr")])
def test_true_pages_pass(project: Path, page: str, lang: str) -> None:
    assert situation(project, page, lang) == []


# (language, old, new, line, col, the message's end): the fixture's class, on new pages and wordings
PLANTED = [
    # a roll of a frame with nothing on the bar, in words about a checker on the bar
    ("en", "rolls {{ b.roll }}", "rolls {{ h.roll }}", 4, 47,
     "'with a checker on the bar' and prints `h.roll`, a value of `s/home`, but White has no checker on the bar there"),
    ("tr", "Bardaki pul {{ b.roll }}", "Bardaki pul {{ o.roll }}", 4, 13,
     "'Bardaki pul' and prints `o.roll`, a value of `s/outside`, but White has no checker on the bar there"),
    # can / cannot bear off against the engine's legal plays
    ("en", "and {{ h.roll }} comes", "and {{ b.roll }} comes", 6, 32,
     "'a checker can be borne off' and prints `b.roll`, a value of `s/bar`, but no legal play of White's 6-5 there "
     "bears a checker off (bar/14, bar/19 6/1)"),
    ("tr", "gelirse pul toplanabilir", "gelirse hiç pul toplanamaz", 6, 25,
     "'hiç pul toplanamaz' and prints `h.roll`, a value of `s/home`, but 6/4 6/off is a legal play of White's 6-2 "
     "there and bears a checker off"),
    # the point a refusal names against the refused play it prints
    ("en", "from the {{ o.roll.high }}-point", "from the {{ o.show.moves[0].dst }}-point", 8, 71,
     "the refused play it gives, 6/off, bears off from the 6-point, not from the 2-point"),
    ("tr", "{{ o.roll.high.ordinal }} haneden", "{{ o.show.moves[0].dst.ordinal }} haneden", 8, 54,
     "the refused play it gives, 6/off, bears off from the 6-point, not from the 2-point"),
    # a wall's words against the figure the clause points at
    ("en", "In the next position all of", "In the position below all of", 11, 1, None),
    ("tr", "Sonraki konumda Siyah'ın bir pulu duvarı geçmiştir",
     "Sonraki konumda Siyah'ın pulları yine duvarın arkasındadır", 10, 92,
     "points at the figure of `s/prime-past`, but Black has a checker past White's row of 4 points (4–7 in White's "
     "numbering), on the 12-point (White's numbering)"),
]


@pytest.mark.parametrize(("lang", "old", "new", "line", "col", "says"), PLANTED)
def test_a_sentence_bound_to_a_frame_without_its_situation_fails_at_its_value(
        project: Path, lang: str, old: str, new: str, line: int, col: int, says: str | None) -> None:
    page = EN if lang == "en" else TR
    assert old in page
    found = situation(project, page.replace(old, new), lang)
    if says is None:  # the first figure below holds the words true: nothing to report
        assert found == []
        return
    assert len(found) == 1, found
    assert found[0].startswith(f"content/{lang}/x.md:{line}:{col}: error: this sentence says "), found[0]
    assert found[0].endswith(says), found[0]


def test_the_next_position_of_an_english_page_is_its_figure(project: Path) -> None:
    page = EN.replace("all of Black's checkers are still behind the prime", "a Black checker has passed the prime")
    found = situation(project, page, "en")
    assert len(found) == 1
    assert found[0].endswith("'a Black checker has passed the prime' and points at the figure of `s/prime-behind`, "
                             "but every checker of Black is behind White's row of 4 points (4–7 in White's numbering)")


@pytest.mark.parametrize("text", [
    "If White had been on the bar, {{ h.roll }} would enter.",  # counterfactual
    "Until the checker is home, no checker can be borne off with {{ h.roll }}.",  # another moment of the turn
    "With {{ h.roll }} the six cannot bear off from the 5-point.",  # one die and a point: not the whole turn
])
def test_counterfactual_or_moment_bound_words_assert_nothing(project: Path, text: str) -> None:
    page = '{% set h = scenario("s/home") %}\n' + text + "\n"
    assert situation(project, page, "en") == []
