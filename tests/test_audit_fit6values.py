"""Round-6 value checks: a side's fact under the other side's column or in a one-side sentence, a
game's number in a sentence about another game, an opening roll in a later turn's caption, and a
decimal point that ends no clause. Each fault is planted in marked text; the true text passes."""
from __future__ import annotations

from tavla_docs.site.audit.gamefacts import game_fact_problems
from tavla_docs.site.audit.openings import opening_fault
from tavla_docs.site.audit.reader import subject_problems
from tavla_docs.site.audit.sidecolumns import side_column_problems
from tavla_docs.site.audit.sidemix import side_mix_problems
from tavla_docs.site.facts.numerals import Num
from tavla_docs.site.facts.rules import RuleFacts
from tavla_docs.site.provenance import mark, recording
from tavla_docs.variants import ruleset

SIDES_EN = {"white": "White", "black": "Black"}
SIDES_TR = {"white": "Beyaz", "black": "Siyah"}


def _n(value: int, side: str | None, lang: str = "en", i: int = 0, line: int = 1) -> str:
    return mark(line, Num(value, lang).of_side(side), False, i)


def test_column_of_the_other_side_is_located() -> None:
    src = "| Şemadaki hane | Siyah'ın hanesi |\n|---|---|\n| {{ t.board }} | {{ t.point }} |"
    with recording():
        text = "| Şemadaki hane | Siyah'ın hanesi |\n|---|---|\n| " + _n(1, None, "tr", 0, 3) + " | " \
            + _n(24, "white", "tr", 1, 3) + " |"
    [p] = side_column_problems(text, "tr", "x.md", src, 1, SIDES_TR)
    assert (p.line, p.col) == (3, src.splitlines()[2].index("{{ t.point") + 1)
    assert p.message == "`{{ t.point }}` prints White's 24 in the column headed \"Siyah'ın hanesi\""


def test_column_of_its_own_side_passes() -> None:
    src = "| Black's point | Pips |\n|---|---|\n| {{ t.point }} | {{ t.pips }} |"
    with recording():
        text = "| Black's point | Pips |\n|---|---|\n| " + _n(1, "black", i=0, line=3) + " | " \
            + _n(30, "white", i=1, line=3) + " |"
    assert side_column_problems(text, "en", "x.md", src, 1, SIDES_EN) == []  # "Pips" names no side


def test_sentence_naming_no_side_prints_one_side() -> None:
    src = "You have {{ l.left.white }} checkers left, on points {{ l.occupied.black }}."
    with recording():
        bad = "You have " + _n(2, "white", i=0) + " checkers left, on points " + _n(19, "black", i=1) + "."
        good = "You have " + _n(2, "white", i=0) + " checkers left, on points " + _n(4, "white", i=1) + "."
        named = "White has " + _n(2, "white", i=0) + ", Black " + _n(3, "black", i=1) + "."
    [p] = side_mix_problems(bad, "en", "x.md", src, 1, SIDES_EN)
    assert p.col == src.index("{{ l.occupied") + 1
    assert "prints Black's 19 in a sentence that names no side and has printed White's 2" in p.message
    assert side_mix_problems(good, "en", "x.md", src, 1, SIDES_EN) == []
    assert side_mix_problems(named, "en", "x.md", src, 1, SIDES_EN) == []


def test_decimal_point_ends_no_clause() -> None:
    src = "Still, White needs {{ a }} rolls to bear off its {{ b }} checkers."
    with recording():
        text = "Still, White needs " + mark(1, Num(4, "en"), False, 0) + ".41 rolls to bear off its " \
            + _n(6, "black", i=1) + " checkers."
    [p] = subject_problems(text, "en", "x.md", src, 1, SIDES_EN)
    assert "Black's count (6)" in p.message and "clause about White" in p.message


def test_another_games_number() -> None:
    src = 'Backgammon has the same count: {{ u.starting_pips }}.'
    with recording():
        uzun = RuleFacts(ruleset("uzun"), "en").starting_pips
        tavla = RuleFacts(ruleset("tavla"), "en").starting_pips
        bad = "Backgammon has the same count: " + mark(1, uzun, False, 0) + "."
        good = "Backgammon has the same count: " + mark(1, tavla, False, 0) + "."
        result = "Gammons and backgammons work as usual: " + mark(1, uzun, False, 0) + "."
    [p] = game_fact_problems(bad, "en", "x.md", src, 1)
    assert p.message == ("`{{ u.starting_pips }}` prints Uzun tavla's starting pips (360) in a sentence about "
                         "Backgammon, whose starting pips is 167")
    assert game_fact_problems(good, "en", "x.md", src, 1) == []  # tavla's 167 is backgammon's too
    assert game_fact_problems(result, "en", "x.md", src, 1) == []  # "backgammons": a result, not the game


def test_opening_roll_needs_turn_one() -> None:
    assert opening_fault("Baş kuralı yoktur: ilk sırada gelen 4-4, dört normal hamledir.", "tr", 3) == \
        "it calls the roll a player's first one ('ilk sırada'), but the scenario is turn 3 (`turn_number: 3`)"
    assert opening_fault("Baş kuralı yoktur: ilk sırada gelen 4-4, dört normal hamledir.", "tr", 2) is None
    assert "game's opening one" in (opening_fault("An opening 4-4 is four moves.", "en", 2) or "")
    assert opening_fault("An opening 4-4 is four moves.", "en", 1) is None
    assert opening_fault("White plays 24/20.", "en", 5) is None

