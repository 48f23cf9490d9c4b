"""Facts in prose: the `scenario()` and `rules()` helpers print engine values, and `play(at=…)` checks plays.

Worked examples from the seeds (seed 1: the 6-3 with a checker on 9; the lone checker on the
6-point bears off with 27 of the 36 rolls) and rules.md, plus properties of the number words.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tavla_docs.site.errors import PageError
from tavla_docs.site.facts.numerals import Num, ordinal, ordinal_words, percent, words
from tavla_docs.site.renderer import SiteRenderer
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def renderer() -> SiteRenderer:
    return SiteRenderer(PROJECT, cache_dir=None)


def render(renderer: SiteRenderer, text: str, lang: str = "tr") -> str:
    return renderer.render_page(text, path="x.md", lang=lang).markdown


def test_seed_one_mid_move_in_both_languages(renderer):
    page = ('{% set s = scenario("bear-off/mid-move") %}{{ s.roll }}|{{ s.show.moves[0].die.Words }}|'
            '{{ s.show.moves[0].text }}|{{ s.show.moves[1].die.words }}|{{ s.show.moves[1].src }}|{{ s.plays }}|'
            '{{ s.after.home.white }}|{{ s.after.off.white }}|{{ s.turn }}')
    assert render(renderer, page, "tr") == "6-3|Altı|9/3|üç|3|4|14|1|Beyaz"
    assert render(renderer, page, "en") == "6-3|Six|9/3|three|3|4|14|1|White"


def test_odds_of_the_lone_checker_on_the_six_point(renderer):
    page = ('{% set o = scenario("bear-off/odds-one-checker-6").odds.bears_off %}'
            '{{ o }}|{{ o.count }}|{{ o.missing }}|{{ o.percent }}|{{ o.others }}')
    assert render(renderer, page, "tr") == "27/36|27|9|%75|1-1, 2-1, 3-1, 3-2 ya da 4-1"
    assert render(renderer, page, "en") == "27/36|27|9|75%|1-1, 2-1, 3-1, 3-2 or 4-1"


def test_rule_facts_follow_the_options(renderer):
    page = ('{% set r = rules("tavla") %}{{ r.checkers }}|{{ r.double_moves.words }}|{{ r.points.mars }}|'
            '{{ r.home }}|{{ rules("backgammon").cube_faces }}|{{ rules("backgammon", cube_max=32).cube_max }}')
    assert render(renderer, page, "tr") == "15|dört|2|1–6|2, 4, 8, 16, 32 ve 64|32"
    assert render(renderer, page, "en") == "15|four|2|1–6|2, 4, 8, 16, 32 and 64|32"


def test_gulbara_progression_and_head(renderer):
    page = '{% set g = rules("gulbara") %}{{ g.progression(3) }}|{{ g.head }}|{{ g.head_of("black") }}|{{ g.home_of("black") }}'
    assert render(renderer, page, "en") == "3, 4, 5 and 6|24|12|13–18"


@pytest.mark.parametrize(("play", "ok"), [
    ("9/3 3/off", True), ("3/off 9/3", True),  # any order the dice allow
    ("9/4 4/off", False),  # same result, but 9/4 is no die of 6-3 (an issue-11 mutant)
    ("9/6 4/off", False), ("6/3 5/2", False),
])
def test_play_at_a_scenario_is_checked(renderer, play, ok):
    page = f'{{{{ play("{play}", at="bear-off/mid-move") }}}}'
    if ok:
        assert "tavla-play" in render(renderer, page)
    else:
        with pytest.raises(PageError, match=r"x\.md:1: error: play .* is not a legal play with 6-3"):
            render(renderer, page)


def test_play_part_and_not_legal(renderer):
    assert "5/3" in render(renderer, '{{ play("5/3", at="bear-off/order-matters", part=True) }}')
    with pytest.raises(PageError, match="not the first moves of a turn"):
        render(renderer, '{{ play("3/off", at="bear-off/order-matters", part=True) }}')
    with pytest.raises(PageError, match="but the page says it is not"):
        render(renderer, '{{ play("5/3 3/off", at="bear-off/order-matters", legal=False) }}')


def test_not_a_fact_needs_a_reason(renderer):
    assert render(renderer, '{{ not_a_fact("2026", "a year") }}') == "2026"
    with pytest.raises(PageError, match="takes the text and a reason"):
        render(renderer, '{{ not_a_fact("2026", "") }}')


def test_a_broken_scenario_states_no_facts(renderer, tmp_path):
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "bad.yaml").write_text(
        "variant: tavla\nposition:\n  white: {6: 1}\n  black: {19: 15}\nturn: white\nroll: 6-5\n"
        "expect:\n  plays: 7\n", encoding="utf-8")
    r = SiteRenderer(tmp_path, cache_dir=None)
    with pytest.raises(PageError, match=r"bad\.yaml:8:\d+: error: plays"):
        r.render_page('{{ scenario("bad").plays }}', path="x.md", lang="en")


@given(st.integers(min_value=1, max_value=100))
def test_words_are_distinct_and_ordinals_extend_them(n):
    for lang in ("tr", "en"):
        assert words(n, lang) != words(n + 1, lang)
        assert ordinal_words(n, lang) != words(n, lang)
        assert ordinal(n, lang).startswith(str(n))
    assert ordinal_words(n, "tr").startswith(words(n, "tr").rsplit(" ", 1)[0][:2])


@given(st.integers(min_value=0, max_value=36))
def test_percent_is_never_rounded_to_the_ends(k):
    text = percent(Fraction(k, 36), "en")
    if 0 < k < 36:
        assert text not in ("0%", "100%")
    assert text.endswith("%")


def test_percent_rounds_half_up():
    assert percent(Fraction(13, 16), "en") == "81.3%"  # 81.25%: round-half-even would give 81.2%
    assert percent(Fraction(13, 16), "tr") == "%81,3"


def test_num_is_an_int_that_prints_in_its_language():
    assert Num(1500, "tr") + 1 == 1501 and str(Num(1500, "tr")) == "1.500" and str(Num(1500, "en")) == "1,500"


def test_render_prints_a_caption_with_its_facts(cli, tmp_path):
    out = tmp_path / "m.svg"
    r = cli("render", str(PROJECT / "scenarios" / "bear-off" / "mid-move.yaml"), "--lang", "en", "-o", str(out))
    assert r.returncode == 0, r.stderr
    import xml.etree.ElementTree as ET
    title = ET.parse(out).getroot().find("{http://www.w3.org/2000/svg}title")
    assert title is not None and "6-3" in (title.text or "") and "{{" not in (title.text or "")
