"""The words page facts print (issue 25): `s.result`, the complete sets (`s.entry_points`,
`s.blots`), rule flags (`r.has_cube`), and plays read aloud as the game reads them (a Tapa `*`
is a pin). Exact strings in both languages, so a code edit that changes a sentence shows here."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site.errors import PageError
from tavla_docs.site.renderer import SiteRenderer
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def renderer() -> SiteRenderer:
    return SiteRenderer(PROJECT, cache_dir=None)


def render(renderer: SiteRenderer, text: str, lang: str) -> str:
    return renderer.render_page(text, path="x.md", lang=lang).markdown


@pytest.mark.parametrize(("name", "tr", "en"), [
    ("bear-off/mars", "Siyah kazanır: mars, 2 puan|Siyah|mars|2", "Black wins: gammon, 2 points|Black|gammon|2"),
    ("bear-off/katmerli-mars", "Siyah kazanır: katmerli mars, 3 puan|Siyah|katmerli mars|3",
     "Black wins: backgammon, 3 points|Black|backgammon|3"),
    ("tapa/mother-pin", "Beyaz kazanır: ana pul tapası, 2 puan|Beyaz|ana pul tapası|2",
     "White wins: mother pin, 2 points|White|mother pin|2"),
    ("bear-off/doubles-end-game", "Beyaz kazanır: tek oyun, 1 puan|Beyaz|tek oyun|1",
     "White wins: single game, 1 point|White|single game|1"),
])
def test_the_checked_result_in_words(renderer, name: str, tr: str, en: str) -> None:
    page = (f'{{% set s = scenario("{name}") %}}'
            '{{ s.result }}|{{ s.result.winner }}|{{ s.result.kind }}|{{ s.result.points }}')
    assert render(renderer, page, "tr") == tr
    assert render(renderer, page, "en") == en


def test_a_result_that_goes_on(renderer) -> None:
    page = '{% set s = scenario("bear-off/two-on-the-2-point") %}{{ s.result }}|{{ s.result.ends }}'
    assert render(renderer, page, "tr") == "oyun sürer|False"
    assert render(renderer, page, "en") == "the game goes on|False"


def test_no_result_claim_no_result(renderer) -> None:
    with pytest.raises(PageError, match="has no `result:` claim"):
        render(renderer, '{{ scenario("bear-off/mid-move").result }}', "en")


def test_every_entry_point_and_every_blot(renderer) -> None:
    page = ('{% set s = scenario("bear-off/hit-during-bear-off") %}'
            '{{ s.entry_points }}|{{ s.entry_points.ordinal }}|{{ s.blots.white }}|{{ s.blots.black }}|'
            '{{ s.after.blots.white.ordinal }}')
    # With 4-2 the two enters on 23; the four's point, 21, is closed (rules.md §1.2).
    assert render(renderer, page, "tr") == "23|23.|4 ve 2|3|23., 6. ve 4."
    assert render(renderer, page, "en") == "23|23rd|4 and 2|3|23rd, 6th and 4th"


def test_no_entry_point_is_an_empty_list(renderer) -> None:
    page = '{% set s = scenario("rules/cannot-enter") %}[{{ s.entry_points }}]|{{ s.entry_points.count }}'
    assert render(renderer, page, "tr") == "[]|0"


def test_entry_points_need_a_checker_on_the_bar(renderer) -> None:
    with pytest.raises(PageError, match="no checker on the bar"):
        render(renderer, '{{ scenario("bear-off/mid-move").entry_points }}', "en")


def test_rule_flags_print_the_rule(renderer) -> None:
    page = ('{% set r = rules("tavla") %}Tavla {{ r.has_cube }}; Backgammon {{ rules("backgammon").has_cube }}; '
            'Tapa {{ rules("tapa").has_bar }}; {% if r.has_cube %}cube{% else %}no cube{% endif %}')
    assert render(renderer, page, "en") == ("Tavla has no doubling cube; Backgammon has a doubling cube; "
                                            "Tapa has no bar; no cube")
    page_tr = ('{% set r = rules("tavla") %}Tavlada {{ r.has_cube }}; Backgammonda {{ rules("backgammon").has_cube }}; '
               'Tapada {{ rules("tapa").has_bar }}.')
    assert render(renderer, page_tr, "tr") == ("Tavlada katlama zarı yoktur; Backgammonda katlama zarı vardır; "
                                               "Tapada bar yoktur.")


@pytest.mark.parametrize(("page", "tr", "en"), [
    ('{{ play("8/5* 24/23", variant="tapa") }}', "8. haneden 5. haneye (5. hanede tapa yapar); 24. haneden 23. haneye",
     "from 8 to 5 (pins on 5); from 24 to 23"),
    ('{{ play("8/5*", at="tapa/pin", part=True) }}', "8. haneden 5. haneye (5. hanede tapa yapar)", "from 8 to 5 (pins on 5)"),
    ('{{ scenario("tapa/mother-pin").show }}', "4. haneden 1. haneye (1. hanede tapa yapar)", "from 4 to 1 (pins on 1)"),
    ('{{ play("13/7*/5") }}', "13. haneden 5. haneye (7. hanede kırar)", "from 13 to 5 (hits on 7)"),
    ('{{ play("13/7*/5*") }}', "13. haneden 5. haneye (7, 5 numaralı hanelerde kırar)", "from 13 to 5 (hits on 7, 5)"),
    ('{{ play("bar/23 6/2(2)") }}', "bardan 23. haneye giriş; 6. haneden 2. haneye (2 pul)",
     "enter on 23; from 6 to 2 (2 checkers)"),
    ('{{ play("9/3 3/off") }}', "9. haneden 3. haneye; 3. haneden pul toplama", "from 9 to 3; bear off from 3"),
])
def test_tooltips_read_the_play_as_the_game_does(renderer, page: str, tr: str, en: str) -> None:
    """A pin is a pin in Tapa: its `*` is never read as a hit."""
    for lang, want in (("tr", tr), ("en", en)):
        out = render(renderer, page, lang)
        assert f'title="{want}"' in out, (lang, out)
