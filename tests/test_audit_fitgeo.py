"""The board's geometry stated wrongly in words (audit.geowords, audit.numberedside, the `head_is`
fact of statements.d/fitgeo.yaml): each planted fault reported at its source line, the true text
passing. The sentences are new variants of the class, not the red-team corpus's."""
from __future__ import annotations

import re
from typing import Any

import pytest

from tavla_docs.site.audit.geowords import geometry_word_problems
from tavla_docs.site.audit.numberedside import numbered_side_problems
from tavla_docs.site.audit.statements import statement_problems
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


def _geo(source: str, lang: str, game: str, extra: dict[str, Any] | None = None) -> list[str]:
    r = RuleFacts(ruleset(game), lang)
    values = []
    for m in _TAG.finditer(source):
        expr = m.group()[2:-2].strip()
        values.append(extra[expr] if extra and expr in extra else eval(expr, {"r": r}))  # noqa: S307 - test data
    text = _marked(source, values)
    return [p.format() for p in geometry_word_problems(text, lang, "p.md", source, 1, SIDES[lang])]


BAD = [  # (game, lang, source, the `{{ … }}` reported, words of the message)
    ("tapa", "en", "Each player starts with all checkers stacked on their own {{ r.home.first }}-point.",
     "{{ r.home.first }}", "as where the checkers start"),
    ("uzun", "tr", "Her oyuncu pullarını kendi {{ r.home.first }} numaralı hanesine dizer.",
     "{{ r.home.first }}", "as where the checkers start"),
    ("uzun", "en", "White bears off past the {{ r.head_of(\"white\") }}-point once every checker is home.",
     "{{ r.head_of(\"white\") }}", "borne off past"),
    ("uzun", "en", "Black moves from its {{ r.home.first }}-point to its {{ r.head }}-point.",
     "{{ r.home.first }}", "move from the 1-point to the 24-point"),
    ("gulbara", "tr", "Siyah {{ r.head.ordinal }} haneden {{ r.home.first.ordinal }} haneye oynar; evi tahtada "
     "{{ r.home_of(\"white\") }} numaralı hanelerdir.", "{{ r.home_of(\"white\") }}", "Black's home board"),
    ("tapa", "tr", "Her oyuncunun evi rakibinin {{ r.home }} numaralı haneleridir.", "{{ r.home }}",
     "the opponent's points 1–6"),
]


@pytest.mark.parametrize("game,lang,source,tag,words", BAD)
def test_a_wrong_geometry_is_reported_at_the_value(game: str, lang: str, source: str, tag: str, words: str) -> None:
    found = _geo(source, lang, game)
    col = source.index(tag) + 1
    assert any(f.startswith(f"p.md:1:{col}: error: ") and words in f for f in found), found


def test_a_play_written_backwards_is_reported() -> None:
    src = "The checker goes from the {{ a }}-point to the {{ b }}-point."
    with recording():
        a = mark(1, RuleFacts(ruleset("tavla"), "en")._n(8).on(Subject(group=9, own="white")), False, 0)
        b = mark(1, RuleFacts(ruleset("tavla"), "en")._n(13).on(Subject(group=9, own="white")), False, 1)
    text = "The checker goes from the " + a + "-point to the " + b + "-point."
    found = [p.format() for p in geometry_word_problems(text, "en", "p.md", src, 1, SIDES["en"])]
    assert found and found[0].startswith("p.md:1:27: error: this sentence has checkers move from the 8-point to the "
                                         "13-point"), found


GOOD = [
    ("tapa", "en", "White and Black both move from their own {{ r.head }}-point to their own {{ r.home.first }}-point, "
     "so on the board they travel in opposite directions. Each player's home board is their own points {{ r.home }}: "
     "White's is board points {{ r.home_of(\"white\") }}, Black's is board points {{ r.home_of(\"black\") }}."),
    ("tapa", "tr", "Beyaz da Siyah da kendi numaralarıyla {{ r.head.ordinal }} haneden {{ r.home.first.ordinal }} "
     "haneye oynar. Her oyuncunun evi kendi {{ r.home }} numaralı haneleridir: tahtada Beyaz'ın evi "
     "{{ r.home_of(\"white\") }}, Siyah'ınki {{ r.home_of(\"black\") }} numaralı hanelerdir."),
    ("uzun", "tr", "Beyaz {{ r.head.ordinal }} haneden {{ r.home.first.ordinal }} haneye gider; evi {{ r.home }} "
     "numaralı hanelerdir. Siyah'ın evi tahtada {{ r.home_of(\"black\") }} numaralı hanelerdir."),
    ("uzun", "en", "White bears off past the {{ r.home.first }}-point; no checker bears off from the {{ r.head }}-point."),
    ("gulbara", "en", "Each player stacks all {{ r.checkers }} checkers on their own {{ r.head }}-point (the head): "
     "White on board point {{ r.head_of(\"white\") }}, Black on board point {{ r.head_of(\"black\") }}."),
    ("tavla", "en", "Once all your checkers are home, your position is the checkers on each of the points {{ r.home }}."),
]


@pytest.mark.parametrize("game,lang,source", GOOD)
def test_true_geometry_passes(game: str, lang: str, source: str) -> None:
    assert _geo(source, lang, game) == []


@pytest.mark.parametrize("lang,text,said,drawn,fault", [
    ("en", "Points are numbered from Black's side: White's home is 19–24.", "Black", {"white"}, True),
    ("tr", "Haneler Siyah'ın tarafından numaralanır.", "Siyah", {"white"}, True),
    ("en", "The diagrams' numbers are counted from White's side.", "White", {"black"}, True),
    ("en", "Points are numbered from White's side.", "White", {"white"}, False),
    ("tr", "Haneler Beyaz'ın tarafından numaralanır.", "Beyaz", {"white", "black"}, False),
])
def test_the_numbering_side_is_the_figures(lang: str, text: str, said: str, drawn: set[str], fault: bool) -> None:
    src = "intro\n" + text
    found = [p.format() for p in numbered_side_problems(src, lang, "p.md", src, 1, SIDES[lang], lambda: drawn)]
    if not fault:
        assert found == []
        return
    assert len(found) == 1 and found[0].startswith("p.md:2:") and "every figure on this page numbers them from" in found[0]


@pytest.mark.parametrize("lang,text,fault", [
    ("tr", "Baş, her oyuncunun kendi evindedir.", True),
    ("tr", "Baş, pulların toplandığı hanedir.", True),
    ("en", "The head is the point where a player bears off.", True),
    ("en", "The head is in your home board.", True),
    ("en", "The head is the point where all the checkers start.", False),
    ("tr", "Baş, pulların dizildiği hanedir.", False),
    ("tr", "Baş, pul toplanan hane değildir.", False),
])
def test_what_the_head_is(lang: str, text: str, fault: bool) -> None:
    src = "Uzun tavla.\n\n" + text
    found = [p.format() for p in statement_problems(src, lang, "p.md", src, 1, ruleset("uzun"))]
    assert (any("p.md:3:" in f and "the head is" in f for f in found)) is fault, found
