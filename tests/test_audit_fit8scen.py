"""Issue 25, round 8: a page's facts read from another position than the figure they explain
(`site/audit/scenescope.py`, `scenemix.py`, `deixis.py`), run through the whole source audit
(`audit_project`) on a small project of real files: each fault planted is one located error, the
true page passes."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site.audit.project import audit_project

SCENARIOS = {
    "p/race": "variant: tavla\nposition:\n  white: {6: 2}\n  black: {6: 3}\nturn: white\nroll: 6-5\n",
    "p/waste": "variant: tavla\nposition:\n  white: {1: 5}\n  black: {6: 2}\nturn: black\nroll: 4-3\n",
    "p/two": "variant: tavla\nposition:\n  white: {6: 2}\n  black: {6: 2}\nturn: white\n",
    "p/one": "variant: tavla\nposition:\n  white: {6: 1}\n  black: {6: 2}\nturn: white\n",
}

SECTIONS = """{% set rc = scenario("p/race") %}
{% set w = scenario("p/waste") %}
# Pips

## Race

{{ diagram("p/race") }}

In the diagram {{ rc.pip_lead.side }} leads by {{ rc.pip_lead.by }} pips. For example, {{ w.roll }} moves far.

## Waste

{{ diagram("p/waste") }}

In the diagram {{ w.pip_lead.side }} leads by {{ w.pip_lead.by }} pips.
"""

POINTER = """# Pins

{{ try_it("p/race") }}

{% set c = scenario("p/waste") %}
In the position below, with {{ c.roll }} Black cannot play {{ play("6/2 6/3", at="p/waste", legal=False) }}.

{{ diagram("p/waste") }}

So in the {{ c.roll }} example above, {{ c.pip_lead.side }} leads.
"""

MIX = """{% set s1 = scenario("p/one") %}
{% set s2 = scenario("p/two") %}
{% set o2 = s2.odds.bears_off %}
# Odds

The {{ s2.left.white.words }} checkers on the {{ s2.points_of("white").first }}-point come off with {{ o2.rolls }}. \
A lone checker there had {{ s1.odds.bears_off.count }}.
"""


def _audit(tmp_path: Path, page: str, lang: str = "en") -> list[str]:
    for name, text in SCENARIOS.items():
        f = tmp_path / "scenarios" / f"{name}.yaml"
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(text, encoding="utf-8")
    doc = tmp_path / "content" / lang / "page.md"
    doc.parent.mkdir(parents=True, exist_ok=True)
    doc.write_text(page, encoding="utf-8")
    audit = audit_project(tmp_path, tmp_path / "content", tmp_path / "scenarios", [lang])
    return [p.format() for p in audit.problems if p.rule in ("scene", "deixis")]


@pytest.mark.parametrize("page", [SECTIONS, POINTER, MIX])
def test_true_pages_pass(tmp_path: Path, page: str) -> None:
    assert _audit(tmp_path, page) == []


def test_a_section_printing_the_facts_of_a_position_drawn_in_another_section(tmp_path: Path) -> None:
    found = _audit(tmp_path, SECTIONS.replace('rc = scenario("p/race")', 'rc = scenario("p/waste")'))
    assert len(found) == 1
    assert found[0].startswith("content/en/page.md:9:16: error: this section draws `p/race` but prints "
                               "`rc.pip_lead.side`, a fact of `p/waste` (named on line 1), which the page draws "
                               "in another section (line 13)")


def test_the_roll_alone_is_an_example_not_a_fact_of_the_position(tmp_path: Path) -> None:
    # `w.roll` in the race section (the true page) passes; its lead would not
    found = _audit(tmp_path, SECTIONS.replace("For example, {{ w.roll }}", "For example, {{ w.pips.white }}"))
    assert len(found) == 1 and "prints `w.pips.white`, a fact of `p/waste`" in found[0]


def test_the_position_below_printing_another_positions_roll(tmp_path: Path) -> None:
    found = _audit(tmp_path, POINTER.replace('c = scenario("p/waste")', 'c = scenario("p/race")'))
    assert found[0].startswith("content/en/page.md:6:29: error: this sentence speaks of the position below "
                               "(`p/waste`, line 8) but prints `c.roll`, a fact of `p/race`")


def test_the_side_named_to_play_in_the_position_below_must_be_on_roll(tmp_path: Path) -> None:
    found = _audit(tmp_path, POINTER.replace("Black cannot play", "White cannot play"))
    assert found == ["content/en/page.md:6:42: error: this sentence names White as the side that plays in the "
                     "position below (`p/waste`, line 8), but Black is on roll there\n"
                     "    hint: name the side on roll in that figure, or print it with `{{ s.turn }}`"]


def test_turkish_position_below(tmp_path: Path) -> None:
    page = ("# Tapa\n\n{% set c = scenario(\"p/waste\") %}\nAşağıdaki konumda Beyaz {{ c.roll }} ile "
            "{{ play(\"6/2 6/3\", at=\"p/waste\", legal=False) }} oynayamaz.\n\n{{ diagram(\"p/waste\") }}\n")
    assert _audit(tmp_path, page.replace("Beyaz", "Siyah"), "tr") == []
    found = _audit(tmp_path, page, "tr")
    assert len(found) == 1 and "names White as the side that plays in the position below (`p/waste`" in found[0]


def test_the_example_above_must_be_drawn_above(tmp_path: Path) -> None:
    found = _audit(tmp_path, POINTER.replace("So in the {{ c.roll }} example above, {{ c.pip_lead.side }}",
                                             "So in the {{ c.roll }} example above, {{ e.pip_lead.side }}")
                   .replace("{% set c =", '{% set e = scenario("p/one") %}{% set c ='))
    assert len(found) == 1 and "speaks of the position above (`p/waste`, line 8) but prints `e.pip_lead.side`, " \
        "a fact of `p/one`" in found[0]


def test_a_sentence_describing_one_position_and_giving_anothers_outcome(tmp_path: Path) -> None:
    found = _audit(tmp_path, MIX.replace("o2 = s2.odds", "o2 = s1.odds"))
    assert found == ["content/en/page.md:6:101: error: this sentence describes the position of `p/two` "
                     "(`s2.left.white.words`) but gives `o2.rolls`, the outcome of `p/one`, a position it does "
                     "not describe\n    hint: give the outcome of the position the sentence describes: the "
                     "`{% set %}` of that scenario (docs/authoring.md, \"Facts in prose\")"]
