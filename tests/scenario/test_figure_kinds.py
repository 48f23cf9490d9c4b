"""Figures as rules texts draw them (issue 28 item 3): `alternatives:`, `partial:` with `rest:`,
`omit:` and `source_figure:`.

Each kind is loaded from a real file, its claims checked by the engine, a planted wrong value
fails at its `line:col`, bad input is a located error with a hint, and the drawn SVG is read
by a real XML parser: the plays of an alternatives figure carry distinct marks, a partial play
its label, a side left out no checker anywhere (not 15 in its tray). The `<desc>` and the
facts line are pinned in English and Turkish, and drawing twice gives the same bytes.
"""
from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tavla_docs.render.svg import render_svg
from tavla_docs.scenario import ScenarioError, check_scenario, load_scenario
from tavla_docs.scenario.draw import diagram_from_scenario
from tavla_docs.site.figures import facts
from tavla_docs.site.i18n import catalog

NS = {"s": "http://www.w3.org/2000/svg"}

START = """\
variant: backgammon
position:
  white: {24: 2, 13: 5, 8: 3, 6: 5}
  black: {1: 2, 12: 5, 17: 3, 19: 5}
turn: white
"""

ALTERNATIVES = START + """\
roll: 5-3
show: 8/3 6/3
alternatives: [13/8 13/10]
source_figure: 3
expect:
  plays: 9
  pips: {white: 167, black: 167}
"""

PARTIAL = """\
variant: backgammon
position:
  white: {bar: 1, 24: 1, 13: 5, 8: 3, 6: 5}
  black: {1: 2, 12: 5, 17: 3, 19: 5}
turn: white
roll: 6-4
partial: bar/21
source_figure: 4
expect:
  rest: {plays: 4, legal: [13/7, 21/15], illegal: [13/3]}
"""

OMIT = """\
variant: backgammon
position:
  white: {6: 3, 5: 2, 4: 2}
omit: black
turn: white
roll: 6-4
show: 6/off 4/off
source_figure: 5
expect:
  plays: 3
  pips: {white: 36}
  after: {off: {white: 10}}
"""


def load(tmp_path: Path, text: str, name: str = "fig.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return load_scenario(path, tmp_path)


def errors(tmp_path: Path, text: str) -> list[str]:
    """Every diagnostic of loading, then of checking, as `line:col: message`."""
    try:
        s = load(tmp_path, text)
    except ScenarioError as e:
        return [f"{d.line}:{d.col}: {d.message}" for d in e.diagnostics]
    return [f"{d.line}:{d.col}: {d.message}" for d in check_scenario(s)]


def svg_of(s, lang: str = "en") -> ET.Element:
    return ET.fromstring(render_svg(diagram_from_scenario(s, lang)))


# --- loading and claims ---------------------------------------------------------------------

@pytest.mark.parametrize("text", [ALTERNATIVES, PARTIAL, OMIT])
def test_each_figure_kind_loads_and_its_claims_hold(tmp_path: Path, text: str) -> None:
    s = load(tmp_path, text)
    assert check_scenario(s) == []


def test_the_loaded_frame_keeps_what_the_figure_draws(tmp_path: Path) -> None:
    alt = load(tmp_path, ALTERNATIVES, "a.yaml")
    assert [str(p) for p in alt.alternatives] == ["13/10 13/8"] and alt.alternatives_text == ("13/8 13/10",)
    assert alt.source_figure == "3" and alt.first.source_figure == "3"
    part = load(tmp_path, PARTIAL, "p.yaml")
    assert part.show is None and [str(m) for m in part.partial.moves] == ["bar/21"] and part.partial_rest == 4
    omit = load(tmp_path, OMIT, "o.yaml")
    assert omit.omit is not None and omit.omit.value == "black"
    # Claims count: alternatives and partial are claims of their own, as `show:` is.
    assert [c.key for c in alt.expect][:2] == ["show", "alternatives"]
    assert [c.key for c in part.expect] == ["partial", "rest", "rest", "rest", "rest"]


@pytest.mark.parametrize(("text", "old", "new", "want"), [
    # an alternative that is not a legal play: located at the play's first character
    (ALTERNATIVES, "[13/8 13/10]", "[13/8 13/9]", "8:16: alternatives: 13/8 13/9 is not a legal play with 5-3"),
    # an alternative that is the shown play again, spelled another way
    (ALTERNATIVES, "[13/8 13/10]", "[6/3 8/3]", "8:16: alternatives: 6/3 8/3 (play B) is the same play"),
    # the rest: a wrong count, a legal finish claimed illegal, an illegal one claimed legal
    (PARTIAL, "plays: 4", "plays: 3", "10:17: rest: 4 whole plays start with bar/21, not 3"),
    (PARTIAL, "illegal: [13/3]", "illegal: [13/7]", "10:52: rest: 13/7 finishes a legal play after bar/21"),
    (PARTIAL, "legal: [13/7, 21/15]", "legal: [13/7, 13/3]", "10:34: rest: 13/3 does not finish a legal play"),
    # a partial play no legal play starts with (the 6 is blocked: bar/19 is Black's point)
    (PARTIAL, "partial: bar/21", "partial: bar/19", "7:10: partial: no legal play with 6-4 starts with bar/19"),
    # an omitted figure: a wrong count about the side it shows still fails
    (OMIT, "after: {off: {white: 10}}", "after: {off: {white: 9}}",
     "12:24: after.off: white has 10 checkers borne off after the shown play, not 9"),
])
def test_a_planted_wrong_value_fails_located(tmp_path: Path, text: str, old: str, new: str, want: str) -> None:
    assert old in text
    found = errors(tmp_path, text.replace(old, new))
    assert any(f.startswith(want) for f in found), found


@pytest.mark.parametrize(("text", "old", "new", "want", "hint"), [
    (ALTERNATIVES, "show: 8/3 6/3\n", "", "7:1: alternatives are drawn beside the shown play", None),
    (ALTERNATIVES, "[13/8 13/10]", "[13/8 13/10, 24/16, 13/5, 8/5 8/3]", "8:15: alternatives take 1 to 3 plays",
     None),
    (PARTIAL, "partial: bar/21", "partial: bar/21\nshow: bar/21 13/7", "7:1: a frame draws either a whole play",
     None),
    (PARTIAL, "roll: 6-4\n", "", "6:1: `partial` needs a roll", None),
    (PARTIAL, "partial: bar/21", "partial: bar/15", "7:1: partial: bar/15 is a whole legal play", "show:"),
    (OMIT, "position:\n  white: {6: 3, 5: 2, 4: 2}\n", "position:\n  white: {6: 3, 5: 2, 4: 2}\n  black: {19: 2}\n",
     "4:3: black is left out of the figure", "remove `black:`"),
    (OMIT, "omit: black", "omit: blue", "4:7: omit takes the side the figure leaves out", None),
    (OMIT, "turn: white", "turn: black", "5:7: black is left out of the figure: it cannot be the side to play",
     None),
    (OMIT, "pips: {white: 36}", "pips: {white: 36, black: 0}", "11:21: pips: black is left out of the figure",
     "claim only what the figure shows"),
    (OMIT, "  plays: 3\n", "  result: {winner: white}\n", "10:3: `result`: black is left out of the figure", None),
    (OMIT, "source_figure: 5", "source_figure: Figure 5!", "8:16: source_figure is the figure's number", None),
    (ALTERNATIVES, "  plays: 9\n", "  rest: {plays: 2}\n", "11:3: `rest` is about finishing a partial play", None),
])
def test_bad_input_is_a_located_error_with_a_hint(tmp_path: Path, text: str, old: str, new: str, want: str,
                                                  hint: str | None) -> None:
    assert old in text
    with pytest.raises(ScenarioError) as e:
        load(tmp_path, text.replace(old, new))
    found = {f"{d.line}:{d.col}: {d.message}": d.hint for d in e.value.diagnostics}
    match = [k for k in found if k.startswith(want)]
    assert match, list(found)
    if hint is not None:
        assert hint in (found[match[0]] or ""), found[match[0]]


def test_an_omitted_side_cannot_have_a_story(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as e:
        load(tmp_path, OMIT + "then: [{roll: 2-1, show: 5/3}]\n")
    assert any(d.message.startswith("a story needs both sides") for d in e.value.diagnostics)


# --- the SVG, read by an XML parser ---------------------------------------------------------

def test_alternatives_are_drawn_with_distinct_marks(tmp_path: Path) -> None:
    root = svg_of(load(tmp_path, ALTERNATIVES))
    plays = root.findall(".//s:g[@data-alt]", NS)
    groups = [g for g in plays if "play" in g.get("class", "").split()]
    assert [g.get("data-alt") for g in groups] == ["A", "B"]
    assert [g.get("class") for g in groups] == ["play alt alt-a", "play alt alt-b"]  # each its own dash pattern
    assert [g.get("data-play") for g in groups] == ["8/3 6/3", "13/8 13/10"]
    letters = [t.text for t in root.findall(".//s:g[@class='alt-tag']/s:text", NS)]
    assert letters == ["A", "B"]
    style = root.find("s:style", NS).text
    assert ".alt-b .arrow{stroke-dasharray:" in style
    assert root.get("data-source-figure") == "3"
    assert not root.findall(".//s:g[@class='play']", NS)  # no unmarked play besides them


def test_a_partial_play_is_labelled_as_partial(tmp_path: Path) -> None:
    root = svg_of(load(tmp_path, PARTIAL))
    moves = [a.get("data-move") for a in root.findall(".//s:g[@class='play']/s:g", NS) if a.get("data-move")]
    assert moves == ["bar/21"]
    tag = root.find(".//s:g[@class='partial-tag']", NS)
    assert tag is not None and tag.get("data-rest") == "4"
    assert tag.find("s:text", NS).text == "part of the play"
    assert svg_of(load(tmp_path, PARTIAL, "p2.yaml"), "tr").find(
        ".//s:g[@class='partial-tag']/s:text", NS).text == "hamlenin ilk kısmı"


def test_an_omitted_side_has_no_phantom_checkers(tmp_path: Path) -> None:
    root = svg_of(load(tmp_path, OMIT))
    white = root.findall(".//s:use[@class='checker white']", NS)
    black = [u for u in root.findall(".//s:use", NS) if "black" in u.get("class", "").split()
             and "icon" not in u.get("class", "").split()]
    assert black == []  # not on the board, not on the bar, not 15 slabs in its tray
    assert len([u for u in white if u.get("data-point") == "off"]) == 8
    counts = {t.get("class"): t.text for t in root.findall(".//s:text", NS) if "tray-n" in t.get("class", "")}
    assert counts == {"tray-n white": "8"}
    info = root.find(".//s:text[@data-side='black']", NS)
    assert info.text == "Black · not shown" and info.get("data-omitted") == "true" and info.get("data-pips") is None


# --- words: the <desc> and the facts line, in both languages --------------------------------

DESC = {
    ("alt", "en"): "2 ways to play the roll, each drawn with its own mark: A: 8/3 6/3; B: 13/8 13/10. "
                   "Figure 3 in the source.",
    ("alt", "tr"): "Aynı zar 2 farklı biçimde oynanmış, her biri kendi işaretiyle: A: 8/3 6/3; B: 13/8 13/10. "
                   "Kaynakta Şekil 3.",
    ("partial", "en"): "Only the first part of the play is shown: bar/21. The rest is not drawn; "
                       "4 legal plays start this way. Figure 4 in the source.",
    ("partial", "tr"): "Hamlenin yalnızca ilk kısmı gösteriliyor: bar/21. Kalanı çizilmedi; "
                       "bu şekilde başlayan kurallara uygun 4 hamle var. Kaynakta Şekil 4.",
    ("omit", "en"): "Black is left out of this figure: its checkers are not drawn, and none is borne off.",
    ("omit", "tr"): "Siyah bu şekilde gösterilmiyor: pulları çizilmedi, toplanmış da sayılmaz.",
}
FACTS = {
    ("alt", "en"): "White to play 5-3 · shown, each with its mark: A: 8/3 6/3; B: 13/8 13/10 · Figure 3 in the source",
    ("alt", "tr"): "Beyaz oynar, atış 5-3 · işaretleriyle gösterilen hamleler: A: 8/3 6/3; B: 13/8 13/10 · "
                   "kaynakta Şekil 3",
    ("partial", "en"): "White to play 6-4 · first part shown: bar/21 · Figure 4 in the source",
    ("partial", "tr"): "Beyaz oynar, atış 6-4 · hamlenin gösterilen ilk kısmı: bar/21 · kaynakta Şekil 4",
    ("omit", "en"): "White to play 6-4 · 7 checkers left · shown: 6/off 4/off · Black not shown · "
                    "Figure 5 in the source",
    ("omit", "tr"): "Beyaz oynar, atış 6-4 · 7 pul kaldı · gösterilen hamle: 6/off 4/off · Siyah gösterilmiyor · "
                    "kaynakta Şekil 5",
}
TEXTS = {"alt": ALTERNATIVES, "partial": PARTIAL, "omit": OMIT}


@pytest.mark.parametrize(("kind", "lang"), sorted(DESC))
def test_the_desc_says_what_the_figure_shows(tmp_path: Path, kind: str, lang: str) -> None:
    desc = diagram_from_scenario(load(tmp_path, TEXTS[kind]), lang).desc
    assert DESC[kind, lang] in desc, desc
    if kind == "omit":
        assert "15" not in desc and "borne off, pip count 0" not in desc


@pytest.mark.parametrize(("kind", "lang"), sorted(FACTS))
def test_the_facts_line_says_it_too(tmp_path: Path, kind: str, lang: str) -> None:
    s = load(tmp_path, TEXTS[kind])
    assert facts(s.first, catalog(lang)) == FACTS[kind, lang]


@pytest.mark.parametrize("kind", sorted(TEXTS))
def test_drawing_is_deterministic(tmp_path: Path, kind: str) -> None:
    one = render_svg(diagram_from_scenario(load(tmp_path, TEXTS[kind], "a.yaml"), "tr"))
    two = render_svg(diagram_from_scenario(load(tmp_path, TEXTS[kind], "a.yaml"), "tr"))
    assert one == two
