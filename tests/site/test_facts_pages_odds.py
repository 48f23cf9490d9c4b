"""The facts the odds, rules and glossary pages print, and the members of `site.facts` they added.

The odds page's worked example says more than each number: the rolls that fail to bear off a
lone checker from the 6-point all leave it on the 3-point or lower (2-1 moves it least), from
there every roll bears it off, so the expected rolls are 1 + missing/36. These tests check
those sentences against the engine, and that the rules page's sentences follow a rule option.
"""
from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tavla_docs.analysis import bearoff
from tavla_docs.analysis.odds import roll_odds
from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import ALL_ROLLS, Roll
from tavla_docs.scenario.claims import DEFAULT_ENGINE
from tavla_docs.scenario.load import load_scenario
from tavla_docs.site.audit.project import split_front_matter
from tavla_docs.site.errors import PageError
from tavla_docs.site.facts.numerals import Num
from tavla_docs.site.facts.rules import RuleFacts
from tavla_docs.site.facts.values import Amount, Span
from tavla_docs.site.odds_rows import bear_off_count
from tavla_docs.site.renderer import SiteRenderer
from tavla_docs.variants import ruleset
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]
BLACK_HOME = {19: 5, 20: 5, 21: 5}


@pytest.fixture(scope="module")
def renderer() -> SiteRenderer:
    return SiteRenderer(PROJECT, cache_dir=None)


def render(renderer: SiteRenderer, text: str, lang: str) -> str:
    return renderer.render_page(text, path="x.md", lang=lang).markdown


def page_body(lang: str, name: str) -> tuple[str, int]:
    _, body, first = split_front_matter((PROJECT / "content" / lang / f"{name}.md").read_text(encoding="utf-8"))
    return body, first


def lone(point: int) -> Position:
    return Position.from_board({point: 1}, BLACK_HOME, checkers=15)


# --- the members added for these pages ----------------------------------------------------

def test_rule_facts_added_for_the_odds_page() -> None:
    tr, en = RuleFacts(ruleset("tavla"), "tr"), RuleFacts(ruleset("tavla"), "en")
    assert tr.bearoff_positions == bearoff.position_count() == 54264 and str(tr.bearoff_positions) == "54.264"
    assert str(en.bearoff_positions) == "54,264"
    assert tr.fewest_bear_off_rolls == 4 and en.fewest_bear_off_rolls.words == "four"
    assert tr.home.count == 6 and tr.home.count.words == "altı"
    m, d = en.roll(5, 6), en.roll(6, 6)
    assert (str(m), m.ways, str(m.orders)) == ("6-5", 2, "6-5 and 5-6")
    assert (str(d), d.ways, str(d.orders)) == ("6-6", 1, "6-6")
    assert str(tr.roll(6, 5).orders) == "6-5 ve 5-6"


@given(st.integers(1, 6), st.integers(1, 6))
def test_roll_ways_add_up_to_the_36_outcomes(a: int, b: int) -> None:
    r = RuleFacts(ruleset("tavla"), "en")
    roll = r.roll(a, b)
    assert roll.ways == sum(1 for x in range(1, 7) for y in range(1, 7) if Roll(x, y) == Roll(a, b))
    assert len(roll.orders) == roll.ways
    assert sum(r.roll(x.high, x.low).ways for x in ALL_ROLLS) == r.rolls


@given(st.integers(1, 20), st.integers(0, 20))
def test_span_count(first: int, extra: int) -> None:
    assert Span(first, first + extra, "en").count == extra + 1


def test_fewest_rolls_is_what_the_database_says_for_fifteen_checkers() -> None:
    r = RuleFacts(ruleset("tavla"), "en")
    db = bearoff.database()
    for spec in ((15, 0, 0, 0, 0, 0), (2, 2, 2, 3, 3, 3), (0, 0, 0, 0, 0, 15)):
        assert db.min_rolls(spec) == r.fewest_bear_off_rolls
        assert db.off_within(spec, r.fewest_bear_off_rolls - 1) == 0


def test_amount_keeps_its_exact_value() -> None:
    a = Amount("1.25", "5/4")
    assert a == "1.25" and a.exact == "5/4" and Amount("12.42").exact == ""


def test_expected_rolls_and_points_of_a_scenario(renderer) -> None:
    page = ('{% set s = scenario("bear-off/odds-one-checker-6") %}{{ s.expected_rolls }}|{{ s.expected_rolls.exact }}|'
            '{{ s.points_of("white") }}|{{ scenario("bear-off/odds-two-checkers-6-5").points_of("white") }}|'
            '{{ scenario("bear-off/odds-two-checkers-6-6").points_of("white").count }}')
    assert render(renderer, page, "tr") == "1,25|5/4|6|6 ve 5|1"
    assert render(renderer, page, "en") == "1.25|5/4|6|6 and 5|1"


def test_expected_rolls_needs_every_checker_home(renderer) -> None:
    with pytest.raises(PageError, match="outside the home board"):
        render(renderer, '{{ scenario("bear-off/mid-move").expected_rolls }}', "en")


# --- the odds page's worked example, checked against the engine ------------------------------

def test_failed_rolls_from_the_six_point_leave_the_checker_on_three_or_lower() -> None:
    rules = ruleset("tavla")
    odds = roll_odds(lone(6), Side.WHITE, rules)
    failed = [r for r in ALL_ROLLS if r not in set(odds.rolls("bears_off"))]
    assert sum(r.weight for r in failed) == 36 - odds.count("bears_off") == 9
    stops = {}
    for roll in failed:
        ends = {min(p for p in range(1, 25) if play.position.own(Side.WHITE)[p])
                for play in DEFAULT_ENGINE.plays(lone(6), Side.WHITE, roll, rules, None)}
        stops[str(roll)] = max(ends)
    # "none of them leaves the checker above the 3-point; 2-1, the roll that moves it least"
    assert max(stops.values()) == stops["2-1"] == 3
    assert min(failed, key=lambda r: r.high + r.low if not r.is_double else 4 * r.high) == Roll(2, 1)
    # "from there every roll bears it off"
    for point in range(1, stops["2-1"] + 1):
        assert roll_odds(lone(point), Side.WHITE, rules).count("bears_off") == 36


@pytest.mark.parametrize("point", range(1, 7))
def test_expected_rolls_of_a_lone_checker_is_one_plus_the_misses(point: int) -> None:
    """The page's sum, 1 + missing/36, is the database's exact value on every point."""
    s = load_scenario(PROJECT / "scenarios" / "bear-off" / f"odds-one-checker-{point}.yaml")
    missing = 36 - roll_odds(s.frames[0].position, Side.WHITE, s.rules).count("bears_off")
    home = tuple(1 if p == point else 0 for p in range(1, 7))
    assert bearoff.exact_expected_rolls(home) == 1 + Fraction(missing, 36)


def test_the_odds_page_reads_right(renderer) -> None:
    tr = render(renderer, page_body("tr", "odds")[0], "tr")
    en = render(renderer, page_body("en", "odds")[0], "en")
    assert "Toplayamayan 9 atış şunlardır (karışık atışlar iki kez sayılır): 1-1, 2-1, 3-1, 3-2 ve 4-1." in tr
    assert "onu <code" in tr and "3. haneye getirir" in tr and "1 ya da 2" not in tr
    assert "bir atış daha, yani 1,25 olur." in tr and "54.264 durum" in tr
    assert "The 9 rolls that fail (a mixed roll counts two ways) are 1-1, 2-1, 3-1, 3-2 and 4-1." in en
    assert "takes it to the 3-point" in en and "1- or 2-point" not in en
    assert "with a chance of 9/36: 1.25." in en and "54,264 positions" in en
    assert "within the first three rolls" in en and "ilk üç atışta" in tr
    # no Markdown list starts from a printed ordinal at the start of a line ("6. hanedeki …")
    assert not re.search(r"^\d+\. ", tr, re.M)


# --- the rules page follows the rule options ------------------------------------------------

@pytest.mark.parametrize("lang", ["tr", "en"])
def test_rules_page_scoring_follows_katmerli_mars(renderer, lang: str) -> None:
    body, _ = page_body(lang, "rules")
    assert body.count('rules("tavla")') == 1  # one place to change the ruleset: the whole page follows it
    default = renderer.render_page(body, path="x.md", lang=lang)
    on = renderer.render_page(body.replace('rules("tavla")', 'rules("tavla", katmerli_mars=True)'),
                              path="x.md", lang=lang)
    scoring = {"tr": r"- Kazanmak .*", "en": r"- A win is worth .*"}[lang]
    before = re.search(scoring, default.markdown).group(0)
    after = re.search(scoring, on.markdown).group(0)
    # Off by default (rules.md D1), but the option is named: seed 1 gives katmerli mars 3 points.
    assert "3" not in before
    if lang == "tr":  # the English page's wording is the English editor's (log: review-tr.md)
        assert "Katmerli mars isteğe bağlıdır" in before
    assert "katmerli mars" in after and re.search(r"katmerli mars.*: 3 (puan|points)\.$", after)
    # The summary table beside it says the same in tavla's column (English names the result backgammon;
    # the backgammon column always has it, in Turkish as katmerli mars).
    three = {"tr": "katmerli mars 3 puan", "en": "backgammon 3 points"}[lang]

    def tavla_scoring(fragments: dict[str, str]) -> str:
        found = re.search(r'<tr data-rule="scoring"[^>]*><th[^>]*>[^<]*</th><td>([^<]*)</td>', " ".join(fragments.values()))
        assert found is not None
        return found.group(1)

    optional = {"tr": "; isteğe bağlı: katmerli mars 3 puan", "en": "; optional: backgammon 3 points"}[lang]
    assert three in tavla_scoring(on.fragments) and optional not in tavla_scoring(on.fragments)
    assert tavla_scoring(default.fragments).endswith(optional)


@pytest.mark.parametrize("lang, words", [("tr", ("2, 4, 8, 16 ve 32", "en yüksek değer 32")),
                                         ("en", ("2, 4, 8, 16 and 32", "highest value is 32"))])
def test_rules_page_cube_follows_cube_max(renderer, lang: str, words: tuple[str, str]) -> None:
    body, _ = page_body(lang, "rules")
    assert body.count('rules("backgammon")') == 1
    text = renderer.render_page(body.replace('rules("backgammon")', 'rules("backgammon", cube_max=32)'),
                                path="x.md", lang=lang)
    assert all(w in text.markdown for w in words) and "64" not in text.markdown
    assert "32" in " ".join(text.fragments.values())


def test_rules_page_states_the_opening_tie(renderer) -> None:
    tr = render(renderer, page_body("tr", "rules")[0], "tr")
    en = render(renderer, page_body("en", "rules")[0], "en")
    assert "zarlar eşitse yeniden atılır" in tr and "Türk kurallarında zarları yeniden atar" in tr
    assert "if the dice are equal, they are rolled again" in en and "under Turkish rules by rolling both dice again" in en
    assert Num(2, "tr").words in tr  # "iki ya da daha fazla pulu olan haneye": a point is closed by two


# --- the odds scenarios no page names: what their `test_only:` reason says they do ---------------

TWO_CHECKERS = sorted((PROJECT / "scenarios" / "bear-off").glob("odds-two-checkers-*.yaml"))


@pytest.mark.parametrize("path", TWO_CHECKERS, ids=lambda p: p.stem)
def test_two_checker_scenarios_cross_check_the_bear_off_pages_table(path: Path) -> None:
    """Each file is seed 1's row, checked by the engine; the bear-off page's odds table computes the
    same row from its spec ("6+5"): both must give the seed's count, and the row must be on the page."""
    a, b = re.fullmatch(r"odds-two-checkers-(\d)-(\d)", path.stem).groups()
    s = load_scenario(path)
    board = {p: n for p, n in s.frames[0].position.white_board().items() if n}
    assert board == ({int(a): 1, int(b): 1} if a != b else {int(a): 2})
    claimed = re.search(r"bears_off: (\d+)/36", path.read_text(encoding="utf-8"))
    assert claimed is not None
    assert bear_off_count((int(a), int(b)), ruleset("tavla")) == int(claimed.group(1))
    for lang in ("tr", "en"):
        source = (PROJECT / "content" / lang / "bear-off.md").read_text(encoding="utf-8")
        assert re.search(r'odds_table\(\[[^\]]*"' + f"{a}\\+{b}" + '"', source), \
            f"the bear-off page ({lang}) no longer has the {a}+{b} row this scenario's test_only: names"


@pytest.mark.parametrize("name", ["bear-off/odds-one-checker-6", "bear-off/odds-two-checkers-6-5",
                                  "rules/notation-off"])  # exact, exact, the database (three checkers)
def test_expected_rolls_print_as_the_odds_tables_do(renderer, name: str) -> None:
    """A sentence's `s.expected_rolls` and the bear-off table's cell for the same home agree."""
    from tavla_docs.site.facts.frame import EXACT_CHECKERS
    from tavla_docs.site.odds_pages import EXACT_MAX, home_numbers, show_rolls

    assert EXACT_CHECKERS == EXACT_MAX
    s = load_scenario(PROJECT / "scenarios" / f"{name}.yaml")
    home = bearoff.home_of(s.frames[0].position, s.frames[0].turn)
    for lang in ("tr", "en"):
        text, exact = show_rolls(home_numbers(home, ()).expected, lang)
        page = f'{{% set e = scenario("{name}").expected_rolls %}}{{{{ e }}}}|{{{{ e.exact }}}}'
        assert render(renderer, page, lang) == f"{text}|{exact}"
