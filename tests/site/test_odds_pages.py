"""The odds page and the bear-off page's odds columns: numbers checked against hand-worked facts and bearoff.

Hand-worked facts used here (independent of the code):
* one checker on the 6-point bears off with 27 of 36 rolls (all but 1-1, 2-1, 3-1, 4-1, 3-2)
  and always on the next roll, so it takes 1 + 9/36 = 5/4 rolls on average;
* a lone checker on point p is off in one roll with count/36 rolls, and a failed roll leaves it on
  the 1- or 2-point, so it takes 2 - count/36 rolls (count from the engine's 36-roll enumeration);
* two checkers on the 6-point come off in one roll only with 3-3, 4-4, 5-5, 6-6: 4/36;
* six or more checkers cannot come off in one roll (a double moves four), fifteen need four rolls;
* race, one checker each on the 6-point, on roll: 27/36 + 9/36 * 9/36 = 13/16; against a checker
  on the 3-point (sure to come off) only the first roll counts: 27/36.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tavla_docs.analysis import bearoff
from tavla_docs.site.errors import PageError
from tavla_docs.site.odds_pages import EXACT_MAX, Value, parse_home, show_chance, show_rolls
from tavla_docs.site.renderer import SiteRenderer
from tests.fixture import PROJECT

from .site_urls import page_path, slug_of

ROOT = Path(__file__).resolve().parents[2]
SVG_NS = "{http://www.w3.org/2000/svg}"


class Tables(HTMLParser):
    """Tables by data-tavla: each row a list of (text, data-value or None, title or None)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[tuple[str, list[list[tuple[str, str | None, str | None]]]]] = []
        self._rows: list | None = None
        self._cell: list[str] | None = None
        self._attrs: dict[str, str] = {}
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "table":
            self._rows = []
            self.tables.append((a.get("data-tavla", ""), self._rows))
        elif tag == "tr" and self._rows is not None:
            self._rows.append([])
        elif tag in ("td", "th") and self._rows:
            self._cell, self._attrs = [], a
        elif tag == "a" and "href" in a:
            self.links.append(a["href"])

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._rows:
            self._rows[-1].append((" ".join("".join(self._cell).split()), self._attrs.get("data-value"),
                                   self._attrs.get("title")))
            self._cell = None
        elif tag == "table":
            self._rows = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def of(self, kind: str) -> list[list[list[tuple[str, str | None, str | None]]]]:
        return [rows for k, rows in self.tables if k == kind]


def page(site: Path, url: str) -> tuple[str, Tables]:
    text = (site / url / "index.html").read_text(encoding="utf-8")
    t = Tables()
    t.feed(text)
    return text, t


def frac(value: str | None) -> Fraction:
    assert value is not None and re.fullmatch(r"\d+(/\d+)?", value), f"not an exact value: {value!r}"
    return Fraction(value)


# --- the odds page ----------------------------------------------------------------

@pytest.mark.parametrize("lang, h1", [("tr", "pul toplama ve yarış ihtimalleri"), ("en", "Bear-off and race odds")])
def test_odds_page_exists_in_both_languages(built_site: Path, lang: str, h1: str) -> None:
    text, t = page(built_site, page_path(lang, "odds"))
    assert f'<html lang="{lang}"' in text
    assert re.search(r"<h1[^>]*>[^<]*" + re.escape(h1), text)
    assert len(t.of("bearoff")) == 1 and len(t.of("race")) == 1
    # the page explains best play and the race approximation in its own words
    assert ("en iyi oyun" in text) if lang == "tr" else ("best play" in text and "approximation" in text)
    assert "54.264" in text if lang == "tr" else "54,264" in text
    assert bearoff.position_count() == 54264


@pytest.mark.parametrize("lang, title, x_label", [("tr", "Bütün pulların en çok n atışta toplanma ihtimali", "atış (n)"),
                                                  ("en", "Chance to bear off every checker within n rolls",
                                                   "rolls (n)")])
def test_chart_is_a_valid_localized_svg(built_site: Path, lang: str, title: str, x_label: str) -> None:
    text, _ = page(built_site, page_path(lang, "odds"))
    figures = re.findall(r'<figure class="tavla-chart-figure"[^>]*>.*?</figure>', text, re.S)
    assert len(figures) == 1
    svg = ET.fromstring(re.search(r"<svg\b.*?</svg>", figures[0], re.S).group(0))
    assert svg.tag == SVG_NS + "svg" and svg.get("role") == "img"
    assert svg.find(SVG_NS + "title").text == title
    assert "3-3-3-2-2-2" in svg.find(SVG_NS + "desc").text
    assert x_label in [e.text for e in svg.iter(SVG_NS + "text")]
    series = [g for g in svg.iter(SVG_NS + "g") if g.get("data-series") is not None]
    assert len(series) == 4
    assert all(len(g.findall(SVG_NS + "circle")) == 16 for g in series)
    # the first point of "two on the 6-point": 4/36 of the rolls, about 11 %, in the page's format
    first = series[0].find(SVG_NS + "circle").find(SVG_NS + "title").text
    assert first == ("6. hanede 2: 1 → %11,1" if lang == "tr" else "2 on 6: 1 → 11.1%")  # as the tables round


def test_classic_positions_table(built_site: Path) -> None:
    _, t = page(built_site, page_path("en", "odds"))
    rows = t.of("bearoff")[0]
    assert [c[0] for c in rows[0]] == ["Position", "Expected rolls", "Off in 1 roll", "Off within 2 rolls",
                                       "Off within 3 rolls"]
    body = {r[0][0]: r[1:] for r in rows[1:]}
    one = body["6-point"]
    assert frac(one[0][1]) == Fraction(5, 4) and one[0][0] == "1.25" and one[0][2] == "= 5/4"
    assert frac(one[1][1]) == Fraction(27, 36) and one[1][0] == "75%"
    assert frac(one[2][1]) == 1 and frac(one[3][1]) == 1
    two = body["both on the 6-point"]
    assert frac(two[1][1]) == Fraction(4, 36) and two[1][2] == "= 4/36"
    each = body["1 on the 6-point, 1 on the 5-point, 1 on the 4-point, 1 on the 3-point, 1 on the 2-point, "
                "1 on the 1-point"]
    assert float(each[1][1]) == 0
    closed = "3 on the 6-point, 3 on the 5-point, 3 on the 4-point, 2 on the 3-point, 2 on the 2-point, 2 on the 1-point"
    for label in (closed, "15 on the 6-point"):
        assert [float(c[1]) for c in body[label][1:]] == [0.0, 0.0, 0.0]  # fifteen checkers need four rolls
    # every number equals the bear-off module's: exact for small homes, the database above six checkers
    for (label, cells), spec in zip(body.items(), ["6", "6x2", "6+5+4+3+2+1", "6x3+5x3+4x3+3x2+2x2+1x2", "6x15"],
                                    strict=True):
        home = parse_home(spec)
        if sum(home) <= EXACT_MAX:
            assert frac(cells[0][1]) == bearoff.exact_expected_rolls(home), label
            assert [frac(c[1]) for c in cells[1:]] == [bearoff.exact_off_within(home, n) for n in (1, 2, 3)], label
        else:
            assert float(cells[0][1]) == bearoff.database().expected_rolls(home), label
            assert [float(c[1]) for c in cells[1:]] == [bearoff.database().off_within(home, n) for n in (1, 2, 3)]
            if sum(home) <= 6:  # the database (integer DP) agrees with the Fraction recursion, rounded once
                assert float(cells[0][1]) == float(bearoff.exact_expected_rolls(home)), label
    assert 12 < float(body["15 on the 6-point"][0][1]) < 13


def test_race_table(built_site: Path) -> None:
    _, t = page(built_site, page_path("en", "odds"))
    rows = t.of("race")[0]
    assert [c[0] for c in rows[0]] == ["Side on roll", "Opponent", "Side on roll wins"]
    body = {(r[0][0], r[1][0]): r[2] for r in rows[1:]}
    assert frac(body["6-point", "6-point"][1]) == Fraction(27, 36) + Fraction(9, 36) ** 2 == Fraction(13, 16)
    assert frac(body["6-point", "3-point"][1]) == Fraction(27, 36)
    assert body["6-point", "6-point"][0] == "81.3%" and body["6-point", "6-point"][2] == "= 13/16"  # 81.25%, half up
    names = {"6-point": "6", "5-point": "5", "4-point": "4", "3-point": "3", "both on the 6-point": "6x2",
             "both on the 4-point": "4x2", "6- and 5-points": "6+5"}
    for (a, b), c in body.items():
        assert frac(c[1]) == bearoff.race_win_chance(parse_home(names[a]), parse_home(names[b])), (a, b)
    _, tr = page(built_site, page_path("tr", "odds"))
    assert tr.of("race")[0][1][2][0] == "%81,3"


# --- the bear-off page's new columns ----------------------------------------------------

@pytest.mark.parametrize("lang, header, six", [("tr", "Beklenen atış sayısı", "1,25"),
                                               ("en", "Expected rolls", "1.25")])
def test_bear_off_page_has_expected_rolls_and_off_in_two(built_site: Path, lang: str, header: str, six: str) -> None:
    text, t = page(built_site, page_path(lang, "bear-off"))
    one, two = t.of("odds")
    assert one[0][2][0] == header and two[0][2][0] == header
    assert one[0][3][0] in ("En çok 2 atışta biter", "Off within 2 rolls")
    for row in one[1:]:  # a lone checker: 2 - count/36 rolls (see the module docstring)
        count = int(row[1][0].split("/")[0])
        assert frac(row[2][1]) == 2 - Fraction(count, 36)
        assert frac(row[3][1]) == 1
    assert one[-1][2][0] == six and one[-1][2][2] == "= 5/4"
    assert one[1][2][0] in ("1,00", "1.00")  # points 1-3: every roll
    specs = ["2+1", "3+1", "2+2", "4+1", "3+2", "3+3", "5+1", "6+1", "4+4", "6+5", "6+6"]
    for row, spec in zip(two[1:], specs, strict=True):
        home = parse_home(spec)
        assert frac(row[2][1]) == bearoff.exact_expected_rolls(home), spec
        assert frac(row[3][1]) == bearoff.exact_off_within(home, 2), spec
        # a failed first roll leaves at least one more roll: E >= 1 + (36 - count)/36
        assert frac(row[2][1]) >= 2 - Fraction(int(row[1][0].split("/")[0]), 36), spec
    assert f"../{slug_of(lang, 'odds')}/" in t.links


# --- helpers without a build ------------------------------------------------------------

@pytest.fixture(scope="module")
def renderer() -> SiteRenderer:
    return SiteRenderer(PROJECT, cache_dir=None)


@pytest.mark.parametrize("source, line, message", [
    ('# T\n\n{{ bearoff_table(["7"]) }}\n', 3, "write home points like"),
    ('# T\n{{ bearoff_table("6") }}\n', 2, "takes a list of positions"),
    ('# T\n{{ bearoff_table(["6x16"]) }}\n', 2, "has 16 checkers"),
    ('# T\n{{ race_table([["6"]]) }}\n', 2, "give a pair"),
    ('# T\n\n{{ bearoff_chart(["6"], n_max=0) }}\n', 3, "between 1 and 60"),
    ('# T\n{{ odds_table(["6"], within=0) }}\n', 2, "a number of rolls"),
    ('# T\n{{ odds_table(["6"], ruleset("uzun", bear_off_overshoot=False), expected=True) }}\n', 2,
     "bear-off database"),
])
def test_helper_errors_name_the_page_line(renderer: SiteRenderer, source: str, line: int, message: str) -> None:
    with pytest.raises(PageError) as e:
        renderer.render_page(source, path="content/tr/x.md", lang="tr")
    first = str(e.value).splitlines()[0]
    assert first.startswith(f"content/tr/x.md:{line}: error: "), first
    assert message in first


@pytest.mark.parametrize("value, lang, text", [
    (Value.of(Fraction(1, 1)), "tr", "%100"), (Value.of(Fraction(0)), "en", "0%"),
    (Value.of(Fraction(46655, 46656)), "en", "> 99.9%"), (Value.of(Fraction(1294, 1296)), "en", "99.8%"),
    (Value.of(Fraction(1, 46656)), "tr", "< %0,1"), (Value(0.9999), "en", "> 99.9%"),
])
def test_chances_never_round_to_certainty(value: Value, lang: str, text: str) -> None:
    assert show_chance(value, lang, rolls=3)[0] == text


def test_exact_forms() -> None:
    assert show_rolls(Value.of(Fraction(5, 4)), "en") == ("1.25", "5/4")
    assert show_rolls(Value(12.266187171764628), "tr") == ("12,27", "")
    assert show_chance(Value.of(Fraction(1133, 1296)), "tr", rolls=2) == ("%87,4", "1133/1296")
    assert show_chance(Value.of(Fraction(13, 16)), "en", rolls=0) == ("81.3%", "13/16")  # half up, not to even
