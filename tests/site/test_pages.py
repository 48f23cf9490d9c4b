"""Page rendering without MkDocs: helper output, error locations, ruleset-driven text, the cache."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.languages import registry
from tavla_docs.site.errors import PageError
from tavla_docs.site.i18n import catalog
from tavla_docs.site.reading import read_play
from tavla_docs.site.renderer import SiteRenderer
from tavla_docs.site.summary import summary_rows, tr_locative
from tavla_docs.variants import ruleset
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def renderer(tmp_path_factory: pytest.TempPathFactory) -> SiteRenderer:
    return SiteRenderer(PROJECT, cache_dir=None)


@pytest.mark.parametrize("source, line, message", [
    ('# T\n\n{{ diagram("no/such") }}\n', 3, "no scenario 'no/such'"),
    ('# T\n{% if true %}\n\n{{ play("9/3 3/of") }}\n{% endif %}\n', 4, "cannot read '3/of' as a move"),
    ('# T\n\n\n{{ odds_table(["7"]) }}\n', 4, "home points 1–6"),
    ('# T\n{{ rules_summary(["tavla", "shesh"]) }}\n', 2, "unknown variant 'shesh'"),
    ('# T\n\n{{ nope() }}\n', 3, "'nope' is undefined"),
    ('# T\n\n{{ play("9/3" }}\n', 3, "unexpected '}'"),
    ('# T\n{{ ruleset("tavla").option("katmerli") }}\n', 2, "tavla has no option 'katmerli'"),
])
def test_errors_name_the_page_line(renderer: SiteRenderer, source: str, line: int, message: str) -> None:
    with pytest.raises(PageError) as e:
        renderer.render_page(source, path="content/tr/x.md", lang="tr", first_line=1)
    first = str(e.value).splitlines()[0]
    assert first.startswith(f"content/tr/x.md:{line}: error: "), first
    assert message in first


def test_front_matter_shifts_the_line(renderer: SiteRenderer) -> None:
    with pytest.raises(PageError, match=r"^content/en/x\.md:7: error: "):
        renderer.render_page('# T\n\n{{ nope }}\n', path="content/en/x.md", lang="en", first_line=5)


def test_katmerli_mars_text_follows_the_ruleset(renderer: SiteRenderer) -> None:
    page = (PROJECT / "content" / "tr" / "bear-off.md").read_text(encoding="utf-8")
    body = page.split("---", 2)[2]
    default = renderer.render_page(body, path="x.md", lang="tr").markdown
    assert "katmerli mars, 3 puan. Katmerli mars isteğe bağlı bir kuraldır" in default  # as the seed states it
    assert not ruleset("tavla").option("katmerli_mars")
    # The same page with the option switched on says the opposite, without editing the text.
    on = body.replace('rules("tavla")', 'rules("tavla", katmerli_mars=True)')
    assert on != body, "the page no longer reads its rule facts from rules(\"tavla\")"
    text = renderer.render_page(on, path="x.md", lang="tr").markdown
    assert "katmerli mars, 3 puan" in text and "isteğe bağlı" not in text


def test_summary_rows_change_with_the_rules() -> None:
    t = catalog("en")
    rows = {r.key: r for r in summary_rows([ruleset("tavla"), ruleset("tavla", katmerli_mars=True)], t)}
    assert rows["scoring"].cells == ("single game 1 point, gammon 2 points; optional: backgammon 3 points",
                                    "single game 1 point, gammon 2 points, backgammon 3 points")
    assert rows["scoring"].differs and not rows["start"].differs


def test_turkish_locative_follows_vowel_harmony() -> None:
    # The seed's own phrase: "24. hanede 2, 13'te 5, 8'de 3 ve 6'da 5 pul".
    assert [tr_locative(n) for n in (13, 8, 6, 24, 1, 3, 9, 10, 20, 40, 60)] == [
        "13'te", "8'de", "6'da", "24'te", "1'de", "3'te", "9'da", "10'da", "20'de", "40'ta", "60'ta"]
    rows = {r.key: r for r in summary_rows([ruleset("tavla")], catalog("tr"))}
    assert rows["start"].cells[0].startswith("24. hanede 2, 13'te 5, 8'de 3 ve 6'da 5 pul")


def test_play_reading_in_both_languages() -> None:
    assert read_play("13/7*/5", catalog("en")) == "from 13 to 5 (hits on 7)"
    assert read_play("bar/22 6/off", catalog("tr")) == "bardan 22. haneye giriş; 6. haneden pul toplama"
    assert read_play("", catalog("tr")) == "oynanamaz"


# One checker home and off in one path (Gülbara's 5-5 on a late turn: 20/15/10/5/off) is a move and a
# bear-off; "bear off from 20" read as a bear-off from the 20-point. A bear-off from a home point stays one.
GULBARA_RUN = {
    "en": ("move from 20 and bear off; bear off from 5 (4 checkers)", "bear off from 3"),
    "tr": ("20. haneden pul ilerletip toplama; 5. haneden pul toplama (4 pul)", "3. haneden pul toplama"),
    "el": ("μετακίνηση από τη θέση 20 και μάζεμα· μάζεμα από τη θέση 5 (4 πούλια)", "μάζεμα από τη θέση 3"),
}


@pytest.mark.parametrize("lang", sorted(GULBARA_RUN))
def test_a_path_home_and_off_is_read_as_a_move_and_a_bear_off(renderer: SiteRenderer, lang: str) -> None:
    run, home = GULBARA_RUN[lang]
    t = catalog(lang)
    assert read_play("20/off 5/off(4)", t) == run
    assert read_play("20/15/10/5/off 5/off(4)", t) == run  # the stops written out: the same path
    assert read_play("3/off", t) == home
    first = run.split(registry.separator(lang))[0]
    assert read_play("6/4/2/off", t) == first.replace("20", "6")  # a stop written: several dice, one checker
    for variant in ("tavla", "backgammon", "uzun", "tapa", "gulbara"):  # the same reading in every game
        assert read_play("20/off", t, pins=ruleset(variant).blot == "pin") == first
    # The page's own figure: the tooltip of Gülbara's progression play, as the reader hovers it.
    page = renderer.render_page('{% set s = scenario("gulbara/progression") %}{{ s.show }}', path="x.md", lang=lang)
    assert f'title="{run}"' in page.markdown + "".join(page.fragments.values())


BAR_RUN = {  # a checker entering and moving on in one path, then one that only enters
    "en": ("enter and move on to 14", "enter on 20"),
    "tr": ("bardan giriş ve 14. haneye ilerleme", "bardan 20. haneye giriş"),
    "el": ("είσοδος από την μπάρα και συνέχεια ως τη θέση 14", "είσοδος από την μπάρα στη θέση 20"),
}


@pytest.mark.parametrize("lang", sorted(BAR_RUN))
def test_a_path_from_the_bar_past_the_entry_point_is_read_as_an_entry_and_a_move(lang: str) -> None:
    """bar/14 with 6-5 enters on 19 and moves on: read as "enters on 14" it named a point no die enters on."""
    run, enter = BAR_RUN[lang]
    t = catalog(lang)
    sep = registry.separator(lang)
    assert read_play("bar/14 bar/20", t) == run + sep + enter
    assert read_play("bar/19/14", t) == run  # the stop written out: the same path
    assert read_play("bar/20/14", t) == run  # entered with the five, moved on with the six


def test_figures_come_from_the_cache_when_nothing_changed(tmp_path: Path) -> None:
    cache = str(tmp_path / "cache")
    r1 = SiteRenderer(PROJECT, cache_dir=cache)
    first = r1.render_page('{{ diagram("bear-off/mid-move", play=False) }}', path="x.md", lang="en")
    assert r1.cache.hits == 0 and r1.cache.misses >= 2  # the page and its figure were computed
    r2 = SiteRenderer(PROJECT, cache_dir=cache)
    second = r2.render_page('{{ diagram("bear-off/mid-move", play=False) }}', path="x.md", lang="en")
    assert (r2.cache.hits, r2.cache.misses) == (1, 0)  # the whole page, unchanged
    assert first.fragments == second.fragments and second.figures == 1 and "<svg" in second.fragments[0]
    r3 = SiteRenderer(PROJECT, cache_dir=cache)
    third = r3.render_page('Other text.\n\n{{ diagram("bear-off/mid-move", play=False) }}', path="y.md", lang="en")
    assert r3.cache.hits == 1 and third.fragments == first.fragments  # a new page, the same cached figure


def test_a_changed_scenario_is_not_served_from_the_cache(tmp_path: Path, tiny) -> None:
    scenario = """variant: tavla
position: {{white: {{6: 1}}, black: {{19: 15}}}}
turn: white
caption: {{tr: "{0}", en: "{0}"}}
"""
    proj = tiny(tmp_path, "x", "x", {"s": scenario.format("first")})
    page = '{{ diagram("s") }}'
    assert "first" in SiteRenderer(proj).render_page(page, path="p.md", lang="tr").fragments[0]
    (proj / "scenarios" / "s.yaml").write_text(scenario.format("second"), encoding="utf-8")
    assert "second" in SiteRenderer(proj).render_page(page, path="p.md", lang="tr").fragments[0]
