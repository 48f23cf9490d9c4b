"""Every figure's `<desc>` names exactly the play its caption's facts line shows (issue 25).

Over all figures of the project: every scenario under scenarios/, every frame of its `then:`
story, in both languages. The SVG is read with a real XML parser; the play is taken from the
facts line under the figure (`site.figures.facts`, what a sighted reader sees) and must be in
the `<desc>` (what a screen reader hears) as the same notation, in the desc's own sentence.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tavla_docs.diagram.words import words
from tavla_docs.render.svg import render_svg
from tavla_docs.scenario import load_scenario
from tavla_docs.scenario.draw import diagram_from_scenario, scenario_frames
from tavla_docs.site.figures import facts
from tavla_docs.site.i18n import LANGUAGES, catalog
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = PROJECT / "scenarios"
NS = {"s": "http://www.w3.org/2000/svg"}
FILES = sorted(SCENARIOS.rglob("*.yaml"))


def shown_in_facts(line: str, lang: str) -> str | None:
    """The play the facts line shows ("… · shown: 9/3 3/off"), or None when it shows none."""
    label = catalog(lang).gettext("shown: %(play)s").split("%(play)s")[0]
    for part in line.split(" · "):
        if part.startswith(label):
            return part[len(label):]
    return None


def desc_of(svg: str) -> str:
    root = ET.fromstring(svg)
    desc = root.find("s:desc", NS)
    assert desc is not None and desc.text
    return desc.text


def shown_in_desc(desc: str, lang: str) -> str | None:
    """The play the desc names in its "Play shown: …." sentence, or None."""
    head = words(lang)["play"].split("{play}")[0]
    found = re.findall(re.escape(head) + r"(.+?)\.(?: |$)", desc)
    assert len(found) <= 1, desc
    return found[0] if found else None


def test_the_project_has_figures_to_check() -> None:
    assert len(FILES) >= 60  # the site's scenarios; a broken glob would make the test below vacuous


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SCENARIOS).with_suffix("")))
def test_every_frame_describes_the_play_its_facts_line_shows(path: Path) -> None:
    s = load_scenario(path, SCENARIOS)
    for k, frame in enumerate(scenario_frames(s)):
        for lang in LANGUAGES:
            desc = desc_of(render_svg(diagram_from_scenario(s, lang, k)))
            line = facts(frame, catalog(lang))
            assert shown_in_desc(desc, lang) == shown_in_facts(line, lang), (k, lang, line, desc)


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "Play shown: 9/3 3/off."),
    ("tr", "Gösterilen hamle: 9/3 3/off."),
])
def test_the_author_notation_is_named_not_the_engines(lang: str, sentence: str) -> None:
    """The issue's case: the engine writes this play `9/off`; the caption's facts line says `9/3 3/off`."""
    s = load_scenario(SCENARIOS / "bear-off" / "mid-move.yaml", SCENARIOS)
    desc = desc_of(render_svg(diagram_from_scenario(s, lang)))
    assert sentence in desc and "9/off" not in desc
    assert shown_in_facts(facts(s, catalog(lang)), lang) == "9/3 3/off"


def test_the_parsers_see_a_mismatch() -> None:
    """The check can fail: a desc naming the engine's spelling differs from the facts line's."""
    assert shown_in_desc("Tavla. White to play, roll 6-3. Play shown: 9/off.", "en") == "9/off"
    assert shown_in_facts("White to play 6-3 · shown: 9/3 3/off", "en") == "9/3 3/off"
    assert shown_in_desc("Tavla. White to play.", "en") is None
    assert shown_in_facts("White to roll", "en") is None
