"""Every scenario in the project's scenarios/ renders (once the loader of issue 3 exists)."""
from __future__ import annotations

import pytest

from tavla_docs.render.svg import render_svg
from tavla_docs.scenario.draw import diagram_from_scenario
from tests.fixture import PROJECT

from .render_helpers import drawn_checkers, expected_checkers, moves_drawn, parse

ROOT = PROJECT / "scenarios"
FILES = sorted(ROOT.rglob("*.yaml")) if ROOT.is_dir() else []


def _loader():
    try:
        from tavla_docs.scenario import load_scenario
    except ImportError:
        pytest.skip("tavla_docs.scenario.load_scenario is not available yet")
    return load_scenario


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
@pytest.mark.parametrize("lang", ["en", "tr"])
def test_scenario_renders(path, lang):
    load_scenario = _loader()
    sc = load_scenario(path, ROOT)
    d = diagram_from_scenario(sc, lang)
    root = parse(render_svg(d))
    assert drawn_checkers(root) == expected_checkers(sc.position)
    assert len(moves_drawn(root)) == (len(d.play.moves) if d.play else 0)


def test_scenarios_found_or_not_yet_written():
    assert ROOT.is_dir() or not FILES
