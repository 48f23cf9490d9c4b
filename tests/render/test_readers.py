"""Readers (issue 14) below the browser: the diagrams' dark colours and size tiers as CSS, the
progression strip's room to grow, the chart's point values, the display rounding of the odds,
and the facts line of frames that cannot be played (the browser test measures the result:
tests/site/test_readers_browser.py)."""
from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tavla_docs.diagram.themes import TABLES
from tavla_docs.engine.board import Geometry, Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.render import themes
from tavla_docs.render.annotations import PROG_DIE, PROG_EDGE, PROG_H, fit_style
from tavla_docs.render.chart import CHART_TIERS, CHART_WIDTH, DEFAULT_STYLE, off_within_chart, percent_label
from tavla_docs.render.layout import Layout
from tavla_docs.scenario.model import Step
from tavla_docs.site.figures import facts
from tavla_docs.site.i18n import catalog
from tavla_docs.site.odds_pages import Value, show_chance, show_rolls
from tavla_docs.variants import BACKGAMMON, TAVLA

ALL = ("head", "pin", "progression")


def outside_at_rules(css: str) -> str:
    """The CSS a renderer without @supports / @media / @container sees (cairosvg, old browsers)."""
    out, depth, i = [], 0, 0
    while i < len(css):
        if depth == 0 and css[i] == "@":
            j = css.index("{", i)
            depth, i = 1, j + 1
            continue
        if depth:
            depth += {"{": 1, "}": -1}.get(css[i], 0)
        else:
            out.append(css[i])
        i += 1
    return "".join(out)


# --- dark colours ------------------------------------------------------------------------

@pytest.mark.parametrize("theme", ["default", "print", "wood"])
def test_what_old_renderers_see_is_plain_light_css(theme: str) -> None:
    plain = outside_at_rules(themes.css("td-x", theme, ALL))
    assert "light-dark(" not in plain and "var(" not in plain and "calc(" not in plain
    assert "#td-x .num,#td-x .info,#td-x .tray-n{fill:" in plain and "#td-x text{font-size:11px;" in plain


def test_every_dark_colour_pairs_with_its_light_one() -> None:
    css = themes.css("td-x", "default", ALL)
    pairs = re.findall(r"light-dark\((#[0-9a-f]+),(#[0-9a-f]+)\)", css)
    table = TABLES["default"]
    dark_decls = sum(len(d.split(";")) for d in (table.dark or {}).values()) + sum(
        len(d.split(";")) for f in themes.FEATURES for d in table.dark_marks.get(f, {}).values())
    assert len(pairs) == dark_decls + 1  # and the @supports test itself
    assert ("#4a4a4a", "#c9d1d9") in pairs  # the point numbers: the light rule's colour, then the dark one
    assert "@supports (color:light-dark(#000,#fff)){" in css and "#td-x:root{color-scheme:light dark}" in css
    assert "@media print{#td-x{color-scheme:light}}" in css
    assert "prefers-color-scheme" not in css  # the page's scheme decides, not the system's behind its back


def test_print_and_wood_never_change_with_the_scheme() -> None:
    for theme in ("print", "wood"):
        css = themes.css("td-x", theme, ALL)
        assert "light-dark(" not in css and "color-scheme" not in css


def test_a_dark_rule_without_one_light_value_is_refused() -> None:
    with pytest.raises(ValueError, match="no single light fill"):
        themes.light_value({".a": "fill:#111"}, ".a,.b", "fill")
    with pytest.raises(ValueError, match="different light fill"):
        themes.light_value({".a": "fill:#111", ".b": "fill:#222"}, ".a,.b", "fill")


# --- text sizes --------------------------------------------------------------------------

def scale_at(tiers: tuple[tuple[int, float], ...], width: float) -> float:
    """The scale the CSS gives at a container width: the last tier whose max-width matches."""
    k = 1.0
    for hi, scale in tiers:
        if width <= hi - 0.02:
            k = scale
    return k


@given(st.floats(min_value=themes.SIZE_STEPS[-1], max_value=3000))
def test_board_text_is_never_under_11_px_down_to_the_last_step(width: float) -> None:
    assert 11 * scale_at(themes.SIZE_TIERS, width) * width / themes.FULL_WIDTH >= themes.MIN_TEXT


@given(st.floats(min_value=270, max_value=3000))
def test_chart_text_is_never_under_11_px_down_to_its_last_step(width: float) -> None:
    assert max(12, 11 * scale_at(CHART_TIERS, width)) * width / CHART_WIDTH >= themes.MIN_TEXT


def test_the_tiers_are_written_as_container_queries() -> None:
    css = themes.css("td-x", "default")
    assert css.count("@container (max-width:") == len(themes.SIZE_TIERS) == len(themes.SIZE_STEPS) - 1
    assert "@container (max-width:399.98px){#td-x{--td-k:1.89}}" in css  # 390 px phones (358 or 340 px figures)
    assert "@supports (container-type:inline-size){" in css
    assert "(max-width:" in DEFAULT_STYLE and "--tc-k" in DEFAULT_STYLE


@given(st.floats(min_value=20, max_value=900), st.sampled_from([Geometry.SAME, Geometry.OPPOSITE]), st.booleans())
def test_the_progression_grows_only_as_far_as_it_fits(width: float, geometry: Geometry, cube: bool) -> None:
    lay = Layout(geometry, flip=False, has_cube=cube)
    got = dict(p.split(":") for p in fit_style(lay, width).split(";"))
    fit, pull, room = float(got["--td-fit"]), float(got["--td-pull"]), float(got["--td-room"])
    assert fit * width <= lay.width - 2 * PROG_EDGE + 1e-9  # across, moved left by at most `pull`
    assert pull + room == lay.width - 2 * PROG_EDGE and lay.inner_x0 - pull == PROG_EDGE
    assert fit * (PROG_DIE + 2.5) <= PROG_H - 2  # down: the dice stay in the strip
    assert fit >= min(2.14, (lay.width - 2 * PROG_EDGE) / width) - 0.01  # and as large as that allows


# --- numbers -----------------------------------------------------------------------------

@given(st.fractions(min_value=0, max_value=1, max_denominator=50_000))
def test_chart_points_read_as_the_tables_do(p: Fraction) -> None:
    text = percent_label(p)
    if p not in (0, 1):
        assert text not in ("0%", "100%")
    assert text == show_chance(Value.of(p), "en", rolls=5)[0]


def test_chart_tooltips_never_claim_certainty() -> None:
    svg = off_within_chart([("a", [0.9969, 1.0, 0.0001])], title="t", desc="d", x_label="x", y_label="y")
    tips = re.findall(r"<title>a: \d+ → ([^<]+)</title>", svg)
    assert tips == ["99.7%", "100%", "&lt; 0.1%"]


@pytest.mark.parametrize("value, lang, text", [
    (Fraction(13, 16), "en", "81.3%"), (Fraction(13, 16), "tr", "%81,3"),  # 81.25: half up, not to even
    (Fraction(1, 8), "en", "12.5%"), (Fraction(1, 16), "en", "6.3%"), (Fraction(3, 16), "en", "18.8%"),
])
def test_chances_round_half_up(value: Fraction, lang: str, text: str) -> None:
    assert show_chance(Value.of(value), lang, rolls=0)[0] == text


def test_expected_rolls_round_half_up() -> None:
    assert show_rolls(Value.of(Fraction(9, 8)), "en")[0] == "1.13"
    assert show_rolls(Value.of(Fraction(21, 8)), "tr")[0] == "2,63"


def test_chart_legend_rows_fit_their_names() -> None:
    two = off_within_chart([(n, [0.5]) for n in ("a", "b", "c")], title="t", desc="d", x_label="x", y_label="y")
    assert 'viewBox="0 0 480 324"' in two  # two columns, two rows
    one = off_within_chart([("a rather long series name", [0.5]), ("b", [1])], title="t", desc="d", x_label="x",
                           y_label="y")
    assert 'viewBox="0 0 480 324"' in one  # a long name: one column


# --- the facts line ----------------------------------------------------------------------

def frame(white: dict[int, int], black: dict[int, int], roll: str | None, rules=TAVLA, turn: Side = Side.WHITE,
          white_bar: int = 0) -> Step:
    pos = Position.from_board(white, black, white_bar=white_bar, checkers=15)
    return Step(pos, turn, Roll.parse(roll) if roll else None, None, rules=rules)


WHITE = {6: 5, 5: 5, 4: 4}


@pytest.mark.parametrize("lang, text", [
    ("tr", "Beyaz giremez: 6-5 ile girebileceği iki hane de kapalı"),
    ("en", "White cannot enter: with 6-5 both entry points are closed"),
])
def test_a_side_that_cannot_enter_says_why(lang: str, text: str) -> None:
    f = frame(WHITE, {19: 2, 20: 2, 1: 11}, "6-5", white_bar=1)  # White enters on 19 (a six) or 20 (a five)
    assert facts(f, catalog(lang)) == text


def test_one_closed_entry_point_for_a_double() -> None:
    f = frame(WHITE, {19: 3, 1: 12}, "6-6", white_bar=1)
    assert facts(f, catalog("en")) == "White cannot enter: with 6-6 the entry point is closed"
    open_ = frame(WHITE, {19: 3, 1: 12}, "6-5", white_bar=1)
    assert facts(open_, catalog("en")).startswith("White to play 6-5")  # the five enters


@pytest.mark.parametrize("rules, text", [
    (TAVLA, "White does not roll: all six entry points are closed"),  # Tavla's closed board
    (BACKGAMMON, "White cannot enter: with 6-5 both entry points are closed"),
])
def test_a_closed_board(rules, text: str) -> None:
    f = frame(WHITE, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 3}, "6-5", rules=rules, white_bar=1)
    assert facts(f, catalog("en")) == text


def test_nothing_to_play_off_the_bar() -> None:
    f = frame({8: 1, 6: 14}, {2: 2, 19: 13}, "6-6")  # 8/2 is closed and the 8 keeps White from bearing off
    assert facts(f, catalog("en")) == "White cannot play 6-6"
    assert facts(f, catalog("tr")) == "Beyaz 6-6 ile oynayamaz"


def test_an_odds_frame_is_to_roll() -> None:
    f = frame({6: 1}, {19: 5, 20: 5, 21: 5}, None)
    assert facts(f, catalog("en")) == "White to roll · 1 checker left"
    assert facts(f, catalog("tr")) == "Beyaz zar atacak · 1 pul kaldı"
