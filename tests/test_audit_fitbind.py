"""Issue 25, round 12: page prose that states a fact of the position or play it prints (the side on
roll, a point inside or outside the home board, a play that bears off, the farthest or lowest
checker, two plays compared, the order of the dice, N checkers on a point, the rolls where both
dice or one show a number), made false by a changed word or by a `{% set %}` bound to another
scenario (`site/audit/framefacts.py`, `framewords.py`, `framejudge.py`). Real scenarios, real
renders, the engine's legal plays: each fault planted is one located error; the true page passes."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site.renderer import SiteRenderer
from tests.site.conftest import tiny_project

_BLACK = "  black: {22: 5, 23: 5, 24: 5}\n"
SCENARIOS = {
    # White on the bar: the six enters on the 19-point, outside home; nothing comes off
    "f/enter": "variant: tavla\nposition:\n  white: {6: 3, 5: 3, 4: 3, 3: 3, 2: 2, bar: 1}\n"
               "  black: {20: 5, 21: 5, 22: 5}\nturn: white\nroll: 6-5\nshow: bar/19 6/1\n",
    # Black on roll in a race: White leads
    "f/black": "variant: tavla\nposition:\n  white: {6: 2, 5: 2}\n  black: {19: 3, 18: 3}\nturn: black\nroll: 2-1\n"
               "show: 7/5 6/5\n",
    # 4-2 with checkers on the 5- and 3-points: the order of the dice matters
    "f/order": "variant: tavla\nposition:\n  white: {5: 1, 3: 1}\n" + _BLACK + "turn: white\nroll: 4-2\nshow: 5/3 3/off\n",
    # 3-1 far from home, nothing in the way: every play goes either way round
    "f/free": "variant: tavla\nposition:\n  white: {13: 15}\n  black: {22: 15}\nturn: white\nroll: 3-1\nshow: 13/9\n",
    # 5-5 on the 4-, 2- and 1-points: each five takes the farthest checker
    "f/double": "variant: tavla\nposition:\n  white: {4: 1, 2: 1, 1: 1}\n" + _BLACK + "turn: white\nroll: 5-5\n"
                "show: 4/off 2/off 1/off\n",
    # 6-3 on the 9- and 6-points: 9/6 6/off and 9/3 3/off reach the same position
    "f/mid": "variant: tavla\nposition:\n  white: {9: 1, 6: 1, 5: 13}\n" + _BLACK + "turn: white\nroll: 6-3\n"
             "show: 9/3 3/off\n",
    # two on the 2-point: every roll but those with exactly one one bears both off
    "f/two": "variant: tavla\nposition:\n  white: {2: 2}\n  black: {19: 5, 20: 5, 21: 5}\nturn: white\n"
             "expect:\n  odds:\n    bears_off: 26/36\n",
}

EN = """# Facts of a frame

{% set e = scenario("f/enter") %}{% set k = scenario("f/black") %}{% set m = scenario("f/order") %}\
{% set d = scenario("f/double") %}{% set t = scenario("f/two") %}
White, on the bar, rolls {{ e.roll }}: the checker enters on the {{ e.show.moves[0].dst }}-point, \
which is outside the home board, and cannot bear off.

In the race {{ k.pip_lead.side }} leads by {{ k.pip_lead.by }} pips, and Black is on roll with {{ k.roll }}.

The order of the dice matters here: with {{ m.roll }}, play {{ play("5/3 3/off", at="f/order") }}.

With {{ d.roll }} each five bears off the farthest checker, {{ d.show }}.

The {{ e.left.white.words }} checkers include three checkers on the {{ e.show.moves[1].src }}-point.

Two checkers on the 2-point stay only when exactly one die is a one: {{ t.odds.bears_off.others }}.
"""

TR = """# Konumun gerçekleri

{% set e = scenario("f/enter") %}{% set mm = scenario("f/mid") %}{% set d = scenario("f/double") %}\
{% set t = scenario("f/two") %}
Barda pulunuz varken {{ e.roll }} gelirse pul {{ e.show.moves[0].dst.ordinal }} haneye girer ve evin dışında kalır.

Önce {{ mm.roll.low.words }} oynanırsa, {{ play("9/6 6/off", at="f/mid", in_order=True) }}, \
sonuç şemadaki {{ mm.show }} ile aynıdır.

{{ d.roll }} geldi: her hamle en uzaktaki pulu toplar, {{ d.show }}.

İki pul da 2. hanedeyse, zarlardan yalnızca biri bir gelirse pullardan biri kalır: {{ t.odds.bears_off.others }}.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tiny_project(tmp_path_factory.mktemp("p"), "# T\n", "# T\n", SCENARIOS)


def situation(project: Path, page: str, lang: str) -> list[str]:
    r = SiteRenderer(project, cache_dir=None)
    problems = r.render_page(page, path=f"content/{lang}/x.md", lang=lang).problems
    return [p.format().splitlines()[0] for p in problems if p.severity == "error"]


@pytest.mark.parametrize(("page", "lang"), [(EN, "en"), (TR, "tr")])
def test_true_pages_pass(project: Path, page: str, lang: str) -> None:
    assert situation(project, page, lang) == []


# (language, old, new, the message's end): the class, on other scenarios, attributes and wordings
PLANTED = [
    # the side on roll
    ("en", "and Black is on roll", "and White is on roll", "Black is on roll there, not White"),
    # a point printed, said to be inside / outside home
    ("en", "which is outside the home board", "which is already in your home board",
     "the 19-point is outside White's home board (its 1- to 6-points)"),
    ("tr", "ve evin dışında kalır", "ve hemen eve girer",
     "the 19-point is outside White's home board (its 1- to 6-points)"),
    # a play said to bear off
    ("en", "rolls {{ e.roll }}: the", "rolls {{ e.roll }}, comes back in and bears off with the other die; the",
     "the play shown there, bar/19 6/1, bears no checker off"),
    # the order of the dice, both ways, with a `{% set %}` rebound
    ("en", "The order of the dice matters here", "It does not matter which die is played first here",
     "5/off can be played only with one die first, so the order of 4-2 matters there"),
    ("en", '{% set m = scenario("f/order") %}', '{% set m = scenario("f/free") %}', None),
    # farthest / lowest
    ("en", "the farthest checker", "the lowest checker",
     "4/off bears off from the 4-point while the lowest checker is on the 1-point"),
    ("tr", "en uzaktaki pulu toplar", "en düşükteki pulu toplar",
     "4/off bears off from the 4-point while the lowest checker is on the 1-point"),
    # two plays compared
    ("tr", "ile aynıdır", "ile farklı bir sonuç verir", "9/6 6/off and 9/3 3/off end in the same position"),
    ("tr", "ile aynıdır", "hamlesinden bir pul fazla toplanmış olur",
     "9/6 6/off and 9/3 3/off both bear off 1 checker"),
    # N checkers on a printed point
    ("en", "three checkers on the", "four checkers on the", "White has 3 checkers on the 6-point there"),
    # the rolls where both dice or one show a number
    ("en", "exactly one die is a one", "both dice are ones",
     "2-1, one of the rolls it gives, is not a roll where both dice show 1"),
    ("tr", "zarlardan yalnızca biri bir gelirse", "iki zar da bir gelirse",
     "2-1, one of the rolls it gives, is not a roll where both dice show 1"),
]


HOME_WORDS = "in the home board, but in its owner's numbers the home board is points 1–6"


@pytest.mark.parametrize(("lang", "old", "new", "says"), PLANTED)
def test_a_false_fact_of_the_printed_frame_fails_at_its_value(
        project: Path, lang: str, old: str, new: str, says: str | None) -> None:
    page = EN if lang == "en" else TR
    assert old in page
    planted = page.replace(old, new)
    found = situation(project, planted, lang)
    if says is None:
        assert len(found) == 1, found
        assert "every legal play of 3-1 there can be played with the dice in either order" in found[0]
        return
    assert len(found) == 1, found
    line = 1 + planted[:planted.index(new)].count("\n")
    assert found[0].startswith(f"content/{lang}/x.md:{line}:"), found[0]
    if HOME_WORDS in found[0]:  # `homewords` reads the same words at the same place first: the same fault
        assert "outside White's home board" in says
        return
    assert "error: this sentence says " in found[0]
    assert found[0].endswith(says), found[0]


@pytest.mark.parametrize("text", [
    "If Black were on roll, {{ k.roll }} would be played.",  # a hedge
    "White has {{ k.left.white.words }} checkers left.",  # no point named
    "Black is on roll in the diagram.",  # no value of a frame printed
])
def test_hedged_or_unbound_words_assert_nothing(project: Path, text: str) -> None:
    page = '{% set k = scenario("f/black") %}\n' + text + "\n"
    assert situation(project, page, "en") == []
