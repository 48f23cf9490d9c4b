"""Golden diagrams: byte-for-byte output, and PNGs rendered from them to prove they draw."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tavla_docs.render.svg import render_svg
from tavla_docs.scenario.draw import diagram_from_scenario

from .golden_cases import CASES
from .render_helpers import drawn_checkers, expected_checkers, moves_drawn, parse

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_bytes(name):
    svg = render_svg(diagram_from_scenario(CASES[name])) + "\n"
    path = GOLDEN / f"{name}.svg"
    if UPDATE:
        path.write_text(svg, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == svg, f"{path.name} changed; if on purpose, rerun with UPDATE_GOLDEN=1"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_structure(name):
    sc = CASES[name]
    root = parse((GOLDEN / f"{name}.svg").read_text(encoding="utf-8"))
    assert drawn_checkers(root) == expected_checkers(sc.position)
    d = diagram_from_scenario(sc)
    assert len(moves_drawn(root)) == len(d.play.moves)


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_renders_to_png(name, tmp_path):
    cairosvg = pytest.importorskip("cairosvg")
    from PIL import Image

    out = tmp_path / f"{name}.png"
    cairosvg.svg2png(url=str(GOLDEN / f"{name}.svg"), write_to=str(out), output_width=640)
    img = Image.open(out).convert("RGB")
    assert img.width == 640 and 400 < img.height < 600
    colours = img.getcolors(maxcolors=1 << 16)
    assert colours is None or len(colours) > 20  # many colours: something was drawn, not a blank sheet
    # The board frame is dark in every theme but print: not all pixels are the background.
    assert len(img.resize((32, 24)).getcolors(maxcolors=32 * 24) or []) > 10  # not blank: many colours
