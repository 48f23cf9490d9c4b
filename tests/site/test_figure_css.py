"""A page's diagrams share one stylesheet (issue 27): one `<style>` per page, in its first diagram,
scoped by the theme's class; alone (`render`, `export --figures files`) a diagram keeps its own.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from tavla_docs.render.themes import shared_css
from tavla_docs.site.figure_css import share, standalone
from tavla_docs.site.renderer import SiteRenderer
from tests.fixture import PROJECT

SVG_NS = "{http://www.w3.org/2000/svg}"
DIAGRAM = re.compile(r'<svg\b[^>]*class="tavla-diagram theme-[^"]+".*?</svg>', re.S)
PAGE = '{{ diagram("bear-off/mid-move") }}\n\n{{ diagram("bear-off/order-matters") }}\n\n{{ diagram("tapa/pin") }}\n'


def diagrams(html: str) -> list[ET.Element]:
    return [ET.fromstring(s) for s in DIAGRAM.findall(html)]


def styles(svg: ET.Element) -> list[str]:
    return [s.text or "" for s in svg.iter(f"{SVG_NS}style")]


def test_a_page_of_diagrams_has_one_stylesheet_in_its_first_diagram() -> None:
    r = SiteRenderer(PROJECT, cache_dir=None)
    page = r.render_page(PAGE, path="x.md", lang="en")
    html = r.fill(page.markdown, page.fragments)
    svgs = diagrams(html)
    assert len(svgs) == 3
    assert [len(styles(s)) for s in svgs] == [1, 0, 0]
    assert styles(svgs[0]) == [shared_css("default")]
    assert "#td" not in styles(svgs[0])[0]  # no rule tied to one diagram's id
    assert ".pin-ring" in styles(svgs[0])[0]  # the Tapa pin's rules, though the first diagram draws none
    # the same page twice: the same bytes
    again = SiteRenderer(PROJECT, cache_dir=None).render_page(PAGE, path="x.md", lang="en")
    assert r.fill(again.markdown, again.fragments) == html


def test_each_theme_on_the_page_is_in_the_stylesheet_once() -> None:
    a = '<svg class="tavla-diagram theme-wood" id="a"><title>a</title><desc>a</desc></svg>'
    b = '<svg class="tavla-diagram theme-print" id="b"><title>b</title><desc>b</desc></svg>'
    out = share({5: b, 3: a, 4: a.replace('id="a"', 'id="c"')})
    assert out[3] == a.replace("</desc>", f"</desc><style>{shared_css('print')}{shared_css('wood')}</style>")
    assert (out[4], out[5]) == (a.replace('id="a"', 'id="c"'), b)
    assert share({1: "<p>no figure</p>"}) == {1: "<p>no figure</p>"}


def test_a_diagram_taken_alone_gets_its_themes_rules_back() -> None:
    bare = '<svg class="tavla-diagram theme-print" id="b" xmlns="http://www.w3.org/2000/svg"><title>t</title><desc>d</desc><g/></svg>'
    alone = ET.fromstring(standalone(bare))
    assert styles(alone) == [shared_css("print")]
    assert [c.tag for c in alone] == [f"{SVG_NS}title", f"{SVG_NS}desc", f"{SVG_NS}style", f"{SVG_NS}g"]
    chart = '<svg class="tavla-chart"><style>x</style></svg>'
    assert standalone(chart) == chart and standalone(standalone(bare)) == standalone(bare)


def test_every_page_of_the_site_has_at_most_one_diagram_stylesheet(built_site: Path) -> None:
    counted = 0
    for f in sorted(built_site.rglob("*.html")):
        svgs = diagrams(f.read_text(encoding="utf-8"))
        if not svgs:
            continue
        counted += 1
        assert [len(styles(s)) for s in svgs] == [1] + [0] * (len(svgs) - 1), f
    assert counted >= 10
