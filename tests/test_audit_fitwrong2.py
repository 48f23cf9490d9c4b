"""Whose numbers a sentence uses, a side's role in a result, and numbers typed or printed for the
wrong thing (audit.ownnumbers, audit.homewords, audit.numberedside's shown numbers, chartlabels,
patterns' distributive number words, statements.d/fitwrong2.yaml): each planted fault reported at
its source, the true text passing. The sentences are new variants of the class, not the corpus's."""
from __future__ import annotations

import re
from typing import Any

import pytest

from tavla_docs.site.audit.homewords import home_word_problems
from tavla_docs.site.audit.numberedside import numbered_side_problems
from tavla_docs.site.audit.ownnumbers import own_number_problems
from tavla_docs.site.audit.patterns import find_facts
from tavla_docs.site.audit.statements import judge
from tavla_docs.site.chartlabels import label_problem
from tavla_docs.site.facts.numerals import Num
from tavla_docs.site.facts.rules import RuleFacts
from tavla_docs.site.provenance import Subject, mark, recording
from tavla_docs.variants import ruleset

SIDES = {"en": {"white": "White", "black": "Black"}, "tr": {"white": "Beyaz", "black": "Siyah"}}
_TAG = re.compile(r"{{.*?}}")


def _marked(source: str, values: list[Any]) -> str:
    """`source` rendered as a page renders it: each `{{ … }}` replaced by its value, marked."""
    out, last = [], 0
    with recording():
        for i, m in enumerate(_TAG.finditer(source)):
            out += [source[last:m.start()], mark(source.count("\n", 0, m.start()) + 1, values[i], False, i)]
            last = m.end()
    return "".join(out) + source[last:]


def _values(source: str, lang: str, game: str, extra: dict[str, Any]) -> list[Any]:
    r = RuleFacts(ruleset(game), lang)
    return [extra[e] if e in extra else eval(e, {"r": r})  # noqa: S307 - test data
            for e in (m.group()[2:-2].strip() for m in _TAG.finditer(source))]


def _own(source: str, lang: str, game: str) -> list[str]:
    text = _marked(source, _values(source, lang, game, {}))
    return [p.format() for p in own_number_problems(text, lang, "p.md", source, 1, SIDES[lang], ruleset(game))]


def _move_point(n: int, lang: str) -> Num:
    """A move's starting point as a scenario prints it: in the mover's own numbers, one play's."""
    v = Num(n, lang)
    v.about = Subject(turn="white", own="white", group=7)
    return v


def _home(source: str, lang: str, point: int) -> list[str]:
    text = _marked(source, _values(source, lang, "backgammon", {"m.src": _move_point(point, lang),
                                                                "m.src.ordinal": _move_point(point, lang)}))
    return [p.format() for p in home_word_problems(text, lang, "p.md", source, 1)]


# --- the opponent's numbering and the side whose numbers a text uses (ownnumbers)
OWN_BAD = [  # (game, lang, source, the `{{ … }}` reported, words of the message)
    ("uzun", "en", "Each side sets up its fifteen checkers on the opponent's {{ r.head }}-point.",
     "{{ r.head }}", "sets a side's checkers up on the opponent's 24-point"),
    ("tapa", "tr", "Her oyuncu pullarını rakibinin {{ r.head }} numaralı hanesine yerleştirir.",
     "{{ r.head }}", "which is its own 1-point"),
    ("backgammon", "en", "Your own {{ r.home.first }}-point, which is the opponent's {{ r.home.first }}-point, is where "
     "you bear off.", "{{ r.home.first }}", "in the opponent's numbers the same point is 24"),
    ("tapa", "tr", "Pullar kendi {{ r.head }} numaralı hanede başlar; bu hane rakibin {{ r.home.first }} numaralı "
     "hanesi değildir ama aynı hane rakibin {{ r.head }} numaralı hanesidir.", "{{ r.head }}",
     "in the opponent's numbers the same point is 1"),
    ("backgammon", "en", "The numbers are White's: White's home board is points {{ r.home_of('white') }}, "
     "Black's home board is points {{ r.home }}.", "{{ r.home }}", "prints Black's point(s) 1–6 in Black's own"),
    ("tavla", "tr", "Şekildeki numaralar Siyah'ınkidir: Siyah'ın evi {{ r.home_of('black') }}., Beyaz'ın evi "
     "{{ r.home }}. hanelerdir.", "{{ r.home }}", "prints White's point(s) 1–6 in White's own"),
]
OWN_GOOD = [
    ("backgammon", "en", "Your own {{ r.home.first }}-point, which is the opponent's {{ r.head }}-point, is where "
     "you bear off."),
    ("tapa", "tr", "Her oyuncu pullarını kendi {{ r.head }} numaralı hanesine dizer; bu hane rakibin "
     "{{ r.head_of('black') }} numaralı hanesidir."),
    ("backgammon", "en", "Each player sets up two checkers on the opponent's {{ r.home.first }}-point."),
    ("backgammon", "en", "The numbers are White's: White's home board is points {{ r.home }}, Black's is points "
     "{{ r.home_of('black') }}."),
    ("tavla", "tr", "Şekildeki numaralar Beyaz'ınkidir: Beyaz'ın evi {{ r.home }}., Siyah'ın evi "
     "{{ r.home_of('black') }}. hanelerdir."),
    ("uzun", "en", "Hitting is not allowed, and you may not land on the opponent's {{ r.head }}-point while "
     "checkers stand there."),
]


@pytest.mark.parametrize("game,lang,source,tag,words", OWN_BAD)
def test_an_own_number_in_another_numbering_is_reported(game: str, lang: str, source: str, tag: str,
                                                         words: str) -> None:
    found = _own(source, lang, game)
    assert len(found) == 1, found
    col = source.rindex(tag) + 1 if "same point" in words else source.index(tag) + 1
    assert found[0].startswith(f"p.md:1:{col}: error:"), found
    assert words in found[0]


@pytest.mark.parametrize("game,lang,source", OWN_GOOD)
def test_own_numbers_said_as_they_are_pass(game: str, lang: str, source: str) -> None:
    assert _own(source, lang, game) == []


# --- whose numbers the figures show (numberedside)
@pytest.mark.parametrize("lang,text,words", [
    ("en", "The diagrams show Black's numbers; White counts from the other end.", "diagrams"),
    ("en", "The numbers in the figures are Black's.", "The numbers"),
    ("tr", "Şemalar Siyah'ın numaralarını gösterir.", "Şemalar"),
])
def test_figures_said_to_show_the_other_sides_numbers(lang: str, text: str, words: str) -> None:
    found = numbered_side_problems(text, lang, "p.md", text, 3, SIDES[lang], lambda: {"white"})
    assert [p.format().split(": error: ")[0] for p in found] == [f"p.md:3:{text.index(words) + 1}"]
    assert "every figure on this page numbers them from White's side" in found[0].message
    assert numbered_side_problems(text, lang, "p.md", text, 3, SIDES[lang], lambda: {"black"}) == []


# --- a rule said in words (statements.d/fitwrong2.yaml)
RULE_BAD = [  # (game, lang, a false sentence, its fact)
    ("backgammon", "en", "Black counts the points from the same side as White.", "numbering"),
    ("uzun", "tr", "Rakip de haneleri aynı uçtan sayar.", "numbering"),
    ("backgammon", "en", "Both players count from White's side.", "numbering"),
    ("backgammon", "en", "Black does not count from its own side.", "numbering"),
    ("tavla", "tr", "Her oyuncu pullarını rakibinin numaralarına göre başlangıç hanelerine dizer.", "numbering"),
    ("tapa", "tr", "Ana pulu tapalanan oyuncu kazanır.", "mother_pin_winner"),
    ("tapa", "en", "The player whose mother checker is pinned wins the game.", "mother_pin_winner"),
    ("tapa", "tr", "Tapalayan kaybeder.", "mother_pin_winner"),
    ("tapa", "el", "Ο πλακωμένος κερδίζει.", "mother_pin_winner"),
    ("backgammon", "el", "Τα μαύρα μετρούν τις θέσεις από την ίδια πλευρά.", "numbering"),
]
RULE_GOOD = [
    ("backgammon", "en", "Black counts from the other end of the board."),
    ("uzun", "tr", "Siyah kendi hanelerini tahtanın öbür ucundan sayar."),
    ("tapa", "tr", "Ana pul tapalanırsa oyun biter: tapalayan kazanır."),
    ("tapa", "en", "The pinner wins; the pinned side loses."),
    ("tapa", "el", "Όποιος πλάκωσε τη μάνα κερδίζει."),
]


@pytest.mark.parametrize("game,lang,text,fact", RULE_BAD)
def test_a_swapped_numbering_or_winner_is_a_false_rule(game: str, lang: str, text: str, fact: str) -> None:
    facts = [s.statement.fact for s, _, _ in judge(text, lang, ruleset(game)) if hasattr(s, "statement")]
    assert fact in facts


@pytest.mark.parametrize("game,lang,text", RULE_GOOD)
def test_the_true_numbering_and_winner_pass(game: str, lang: str, text: str) -> None:
    assert judge(text, lang, ruleset(game)) == []


# --- a number word shared out (patterns)
@pytest.mark.parametrize("lang,text,word", [("tr", "Oyuncular sırayla birer zar atar.", "birer"),
                                            ("tr", "Her oyuncu birer pul oynar.", "birer"),
                                            ("en", "The players roll one die each.", "one")])
def test_a_distributive_number_word_is_a_typed_number(lang: str, text: str, word: str) -> None:
    assert [f.text for f in find_facts(text, lang) if f.kind == "word"] == [word]


@pytest.mark.parametrize("lang,text", [("tr", "Pulları birer birer toplayın."), ("en", "One of them moves."),
                                       ("en", "A checker moves.")])
def test_articles_and_idioms_are_not_counts(lang: str, text: str) -> None:
    assert [f.text for f in find_facts(text, lang) if f.kind == "word"] == []


# --- a chart row's label held to its key (chartlabels)
@pytest.mark.parametrize("home,label,words", [
    ((0, 0, 3, 4, 4, 4), "4-4-4-4", "has 4-4-4-3 from the 6-point down"),
    ((0, 0, 0, 0, 2, 0), "2 on 6", "no checker on the 6-point"),
    ((0, 0, 0, 0, 0, 15), "15 pul: 1. hane", "no checker on the 1-point"),
    ((1, 1, 1, 1, 1, 1), "1 on 7–12", "lies on points 1–6"),
])
def test_a_label_of_another_position_is_reported(home: tuple[int, ...], label: str, words: str) -> None:
    problem = label_problem(home, label)
    assert problem is not None and words in problem


@pytest.mark.parametrize("home,label", [((2, 2, 2, 3, 3, 3), "3-3-3-2-2-2"), ((0, 0, 0, 0, 0, 15), "15 on 6"),
                                        ((1, 1, 1, 1, 1, 1), "1 pul: 1–6. haneler"),
                                        ((0, 0, 0, 0, 0, 2), "6. hane (ikisi de)")])
def test_a_label_of_its_own_position_passes(home: tuple[int, ...], label: str) -> None:
    assert label_problem(home, label) is None


# --- a point said to lie outside the home board (homewords)
HOME_BAD = [  # (lang, source, the printed point, words)
    ("en", "With 14 checkers home and one on the {{ m.src }}-point, nothing is borne off.", 5, "outside the home"),
    ("tr", "{{ r.checkers }} pulun 14'ü evdeyse ama biri {{ m.src.ordinal }} hanede duruyorsa pul toplanamaz.", 3,
     "outside the home"),
    ("en", "The checker on the {{ m.src }}-point is still outside the home board.", 4, "outside the home"),
    ("en", "It moves to the {{ m.src }}-point, which is in the home board.", 9, "in the home board"),
]
HOME_GOOD = [
    ("en", "With 14 checkers home and one on the {{ m.src }}-point, nothing is borne off.", 7),
    ("tr", "{{ r.checkers }} pulun 14'ü evdeyse ama biri {{ m.src.ordinal }} hanede duruyorsa pul toplanamaz.", 9),
    ("en", "It moves to the {{ m.src }}-point, which is in the home board.", 4),
]


@pytest.mark.parametrize("lang,source,point,words", HOME_BAD)
def test_a_point_on_the_wrong_side_of_the_home_edge_is_reported(lang: str, source: str, point: int,
                                                                 words: str) -> None:
    found = _home(source, lang, point)
    assert len(found) == 1 and words in found[0], found
    assert found[0].startswith(f"p.md:1:{source.index('{{ m.src') + 1}: error:")


@pytest.mark.parametrize("lang,source,point", HOME_GOOD)
def test_a_point_where_the_words_put_it_passes(lang: str, source: str, point: int) -> None:
    assert _home(source, lang, point) == []


@pytest.mark.parametrize(("text", "lang"), [
    ("Both players count with White's numbering.", "en"),
    ("İki oyuncu da Beyaz'ın numaralamasıyla sayar.", "tr"),
])
def test_both_players_counting_in_one_sides_numbering_is_read_as_shared(text: str, lang: str) -> None:
    from tavla_docs.site.audit.statements import find_statements

    assert [(s.statement.fact, s.statement.value) for s in find_statements(text, lang)] == [("numbering", "shared")]
