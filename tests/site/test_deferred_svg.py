"""The figures' SVG goes into a page after the search plugin indexed it: same bytes, no drawing in the index."""
from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tavla_docs.cli.commands.build import build_site
from tavla_docs.site import placeholders
from tavla_docs.site.figure_css import standalone

SCENARIO = """variant: tavla
position:
  white: {6: 1, 5: 1}
  black: {19: 15}
turn: white
roll: 6-5
show: 6/off 5/off
expect:
  legal: [6/off 5/off]
caption:
  tr: "Son iki pul"
  en: "The last two checkers"
"""

_pieces = st.sampled_from(["<svg>", "<svg viewBox='0 0 1 1'>", "</svg>", "<svg/>", "<g/>", "text", "<p>", "</p>",
                           "<svgx>", "<svg", ">", "<!--tavla-svg:0-->"])


@given(st.lists(st.lists(_pieces, max_size=12).map("".join), max_size=4), st.text(max_size=20))
def test_deferring_and_restoring_svg_gives_the_filled_page(fragments: list[str], between: str) -> None:
    frags = dict(enumerate(fragments))
    page = between.join(f"<!--tavla:{i}-->" for i in frags) + "<!--tavla:99-->"
    later, svgs = placeholders.fill_deferring_svg(page, frags)
    assert placeholders.fill_svg(later, svgs) == placeholders.fill(page, frags)
    for svg in svgs.svgs:
        assert svg.startswith("<svg") and svg.endswith(">")


def test_a_whole_svg_element_leaves_the_fragment() -> None:
    later, svgs = placeholders.fill_deferring_svg("<!--tavla:0-->", {
        0: '<figure><svg a="1"><svg></svg><text>12</text></svg><figcaption>c</figcaption></figure>'})
    assert later == "<figure><!--tavla-svg:0--><figcaption>c</figcaption></figure>"
    assert svgs.svgs == ['<svg a="1"><svg></svg><text>12</text></svg>']


def test_a_marker_the_page_already_has_is_not_used() -> None:
    later, svgs = placeholders.fill_deferring_svg("<!--tavla-svg:0--><!--tavla:0-->", {0: "<svg></svg>"})
    assert later == "<!--tavla-svg:0--><!--tavla-svg-1:0-->" and svgs.marker == "tavla-svg-1"
    assert placeholders.fill_svg(later, svgs) == "<!--tavla-svg:0--><svg></svg>"


def test_the_built_page_has_the_svg_and_the_index_has_the_caption_only(tmp_path: Path, tiny) -> None:
    page = "# Sayfa\n\nMetin.\n\n{{ diagram('last') }}\n"
    proj = tiny(tmp_path, page, page.replace("Sayfa", "Page").replace("Metin", "Text"), {"last": SCENARIO})
    cfg = proj / "mkdocs.yml"
    cfg.write_text(cfg.read_text(encoding="utf-8").replace("plugins:\n", "plugins:\n  - search\n"), encoding="utf-8")
    site, plugin = build_site(cfg, proj / "site", quiet=True)
    assert plugin.svgs == {}  # every page's SVG went back
    html = (site / "en" / "index.html").read_text(encoding="utf-8")
    figure = plugin.renderer.figure_data("last", "en")
    # the drawing, byte for byte (its root tag gains aria-describedby), with the page's one stylesheet
    # for its diagrams in it (`figure_css`: the page's only diagram carries it)
    assert standalone(figure["svg"]).split(">", 1)[1] in html
    assert "<!--tavla-svg" not in html and "<!--tavla:" not in html
    start = html.index("<svg", html.index("<figure"))
    svg_text = re.sub(r"<[^>]+>", "", html[start:html.index("</figcaption>", start)])
    assert "pip" in svg_text  # the drawing has text of its own: its description and point numbers
    docs = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    text = " ".join(d["text"] for d in docs if d["location"].startswith("en/"))
    assert "The last two checkers" in text and "Text." in text
    assert "pip" not in text and "123456" not in text
