"""Every game's figures draw its own number of checkers: as many as the ruleset's start holds,
no more in the trays than the side has borne off (a 15 left anywhere would draw Hypergammon's
trays with 12 phantom checkers each), read back from the SVG with an XML parser."""
from __future__ import annotations

import pytest

from tavla_docs.diagram.options import DiagramOptions
from tavla_docs.engine.board import OFF, Position, Side
from tavla_docs.render.svg import render_svg
from tavla_docs.scenario.draw import diagram_from_position
from tavla_docs.variants import ruleset, variants

from .render_helpers import drawn_checkers, expected_checkers, parse


def _one_off(start: Position) -> Position:
    """The start with White's lowest checker borne off (a tray that is not empty)."""
    mine = list(start.white)
    low = min(p for p in range(1, 25) if mine[p])
    mine[low] -= 1
    mine[OFF] += 1
    return Position(tuple(mine), start.black, start.geometry)


@pytest.mark.parametrize("game", variants())
@pytest.mark.parametrize("which", ["start", "one off"])
def test_figures_draw_the_games_checkers(game, which):
    rules = ruleset(game)
    pos = rules.starting_position() if which == "start" else _one_off(rules.starting_position())
    d = diagram_from_position(pos, Side.WHITE, rules, None, None, DiagramOptions(), game, None, f"count-{game}")
    drawn = drawn_checkers(parse(render_svg(d)))
    assert drawn == expected_checkers(pos)
    for side in Side:
        assert sum(n for (colour, _), n in drawn.items() if colour == side.value) == rules.checkers
        assert drawn.get((side.value, "off"), 0) == pos.off(side)
    assert drawn.get(("black", "off"), 0) == 0  # no phantom checkers in an untouched tray
