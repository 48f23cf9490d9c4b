"""The Uzun tavla, Tapa and Gülbara pages in the built site (the session's one build)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.fixture import PROJECT

from .site_urls import page_file, slug_of

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("uzun-tavla", "tapa", "gulbara")


def html_of(site: Path, lang: str, name: str) -> str:
    return page_file(site, lang, name).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["tr", "en"])
@pytest.mark.parametrize("name", PAGES)
def test_page_has_every_diagram_its_markdown_asks_for(built_site: Path, lang: str, name: str) -> None:
    source = (PROJECT / "content" / lang / f"{name}.md").read_text(encoding="utf-8")
    wanted = re.findall(r'\{\{\s*(?:diagram|try_it)\("([^"]+)"', source)  # a try-it board is the same figure
    page = html_of(built_site, lang, name)
    drawn = re.findall(r'<figure class="tavla-figure" id="[^"]+" data-scenario="([^"]+)"', page)
    assert drawn == wanted and len(wanted) >= 5
    assert page.count("<svg") >= len(wanted)
    assert all((PROJECT / "scenarios" / f"{w}.yaml").exists() for w in wanted)
    assert f'lang="{lang}"' in page


def test_both_languages_use_the_same_scenarios() -> None:
    for name in PAGES:
        tr, en = ((PROJECT / "content" / lang / f"{name}.md").read_text(encoding="utf-8") for lang in ("tr", "en"))
        figures = r'(?:diagram|try_it)\("([^"]+)"'
        assert re.findall(figures, tr) == re.findall(figures, en)


@pytest.mark.parametrize(("lang", "words"), [("tr", "Tapa'da * tapa demektir"), ("en", "in Tapa, * marks a pin")])
def test_tapa_legend_says_star_is_a_pin(built_site: Path, lang: str, words: str) -> None:
    page = html_of(built_site, lang, "tapa")
    legend = re.search(r'<p class="tavla-legend">(.*?)</p>', page, re.S).group(1)
    assert words.replace("'", "&#39;") in legend or words in legend
    assert "bar/23" not in legend  # Tapa has no bar
    uzun = re.search(r'<p class="tavla-legend">(.*?)</p>', html_of(built_site, lang, "uzun-tavla"), re.S).group(1)
    assert "&#42;" not in uzun and "*" not in uzun  # nothing is hit or pinned in Uzun tavla


def test_diagrams_show_heads_pins_and_progressions(built_site: Path) -> None:
    assert html_of(built_site, "tr", "uzun-tavla").count('data-head="white"') == 8
    tapa = html_of(built_site, "en", "tapa")
    assert tapa.count('data-pinned="true"') == 3  # pinned-point-closed, release, pinned-bear-off
    gul = html_of(built_site, "tr", "gulbara")
    assert gul.count('class="progression"') == 5  # every diagram rolls a double
    assert gul.count('data-normal="true"') == 2  # turns 1 and 3: four ordinary moves
    assert 'data-plan="3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6"' in gul


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_new_pages_in_nav_and_linked_from_home_and_rules(built_site: Path, lang: str) -> None:
    home = (built_site if lang == "tr" else built_site / "en").joinpath("index.html").read_text(encoding="utf-8")
    rules = html_of(built_site, lang, "rules")
    for name in PAGES:
        assert f'href="{slug_of(lang, name)}/"' in home
        assert f'href="../{slug_of(lang, name)}/"' in rules
    table = rules[rules.rindex('<table data-tavla="summary"'):]
    assert table[:table.index("</table>")].count("<th>") >= 6  # Rule + five games
