"""Rule facts the backgammon and home pages print: players, the board's points and quarters, and
the dice that bear off a lone checker (`rules().bear_off(point)`), asked of the move generator."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tavla_docs.engine.board import OFF, Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.engine.play import TurnContext
from tavla_docs.engine.rules import RulesetError
from tavla_docs.site.facts.rules import RuleFacts
from tavla_docs.site.renderer import SiteRenderer
from tavla_docs.variants import ruleset
from tests.fixture import PROJECT

from .site_urls import page_file, site_names

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ("tavla", "backgammon", "uzun", "tapa", "gulbara")


@pytest.fixture(scope="module")
def renderer() -> SiteRenderer:
    return SiteRenderer(PROJECT, cache_dir=None)


def render(renderer: SiteRenderer, text: str, lang: str) -> str:
    return renderer.render_page(text, path="x.md", lang=lang).markdown


def test_players_points_and_quarters_in_both_languages(renderer: SiteRenderer) -> None:
    page = ('{% set r = rules("backgammon") %}{{ r.players.words }}|{{ r.board_points }}|{{ r.quarters.words }}|'
            '{{ r.board_points.ordinal }}')
    assert render(renderer, page, "tr") == "iki|24|dört|24."
    assert render(renderer, page, "en") == "two|24|four|24th"


def test_bear_off_from_the_four_point_prints_in_the_page_language(renderer: SiteRenderer) -> None:
    page = '{% set b = rules("backgammon").bear_off(4) %}{{ b.point }}|{{ b.dice }}|{{ b.dice.count.words }}'
    assert render(renderer, page, "tr") == "4|4, 5 ya da 6|üç"
    assert render(renderer, page, "en") == "4|4, 5 or 6|three"


def test_exact_bear_off_leaves_only_the_point_s_own_die() -> None:
    exact = RuleFacts(ruleset("uzun", bear_off_overshoot=False), "en")
    assert [int(d) for d in exact.bear_off(4).dice] == [4]
    assert [int(d) for d in RuleFacts(ruleset("uzun"), "en").bear_off(4).dice] == [4, 5, 6]


@pytest.mark.parametrize("point", [0, 7, 24])
def test_bear_off_refuses_a_point_outside_the_home_board(point: int) -> None:
    with pytest.raises(ValueError, match="a point of the home board"):
        RuleFacts(ruleset("backgammon"), "en").bear_off(point)


@given(st.sampled_from(VARIANTS), st.integers(1, 6), st.booleans())
def test_bear_off_agrees_with_whole_plays_of_a_double(variant: str, point: int, overshoot: bool) -> None:
    """A die bears the lone checker off iff a double of it has a legal play whose first move does:
    the same question put to the generator's walk and selection instead of its single steps."""
    try:
        rules = ruleset(variant, bear_off_overshoot=overshoot)
    except RulesetError:  # a variant without the option keeps its own bear-off
        rules = ruleset(variant)
    dice = [int(d) for d in RuleFacts(rules, "tr").bear_off(point).dice]
    position = Position.from_board({point: 1}, {}, geometry=rules.geometry, checkers=15)
    ctx = TurnContext(game_turn=1, player_turn=1)
    by_plays = [d for d in range(1, 7)
                if any(p.moves and p.moves[0].dst == OFF
                       for p in legal_plays(position, Side.WHITE, Roll(d, d), rules, ctx))]
    assert dice == by_plays
    assert dice[0] == point  # the point's own die always bears it off
    assert dice == (list(range(point, 7)) if not rules.exact_bear_off else [point])


@pytest.mark.parametrize("name", ["backgammon", "index"])
@pytest.mark.parametrize("lang", ["tr", "en"])
def test_front_matter_gives_each_language_its_own_title_and_description(built_site: Path, lang: str,
                                                                       name: str) -> None:
    """The page's front matter parses (a `description:` holding ": " is quoted), so it is not printed
    as text and the page's language gets its own <title> and meta description, not the site's."""
    import html as html_lib
    import re

    import yaml

    source = (PROJECT / "content" / lang / f"{name}.md").read_text(encoding="utf-8")
    meta = yaml.safe_load(source.split("---\n")[1])
    page = page_file(built_site, lang, name).read_text(encoding="utf-8")
    title = re.search(r"<title>([^<]*)</title>", page)
    description = re.search(r'<meta name="description" content="([^"]*)"', page)
    site_name = site_names()[lang]
    # "<title> - <site name>", the site's name alone where the page's title is the site's name (a home page)
    assert title and html_lib.unescape(title.group(1)) == (
        site_name if meta["title"] == site_name else f"{meta['title']} - {site_name}")
    assert description and html_lib.unescape(description.group(1)) == meta["description"]
    article = page[page.index("<article"):page.index("</article>")]
    assert "description:" not in article and "title:" not in article
