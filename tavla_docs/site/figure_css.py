"""One stylesheet for a page's diagrams, instead of one `<style>` per diagram.

A site page draws its diagrams without their own `<style>` (`render_svg(style=False)`); this module
puts one `<style>` with each theme's shared rules (`render.themes.shared_css`) into the page's first
diagram. An inline SVG's `<style>` applies to the whole HTML document, so every diagram on the page
uses it, and the first one still carries what it needs when it is saved alone. A diagram taken out
of a page on its own (`export --figures files`) gets its theme's rules back (`standalone`).

>>> svg = '<svg class="tavla-diagram theme-print" id="td-a"><title>t</title><desc>d</desc><g/></svg>'
>>> page = share({2: "<p>x</p>", 3: svg, 4: svg.replace("td-a", "td-b")})
>>> page[2], page[3].count("<style>"), page[4].count("<style>")
('<p>x</p>', 1, 0)
>>> standalone(page[4]).count("<style>"), standalone(page[3]) == page[3]
(1, True)
"""
from __future__ import annotations

import re
from collections.abc import Mapping

# The root tag of a diagram as `render_svg` writes it: its class names its theme.
_ROOT = re.compile(r'<svg\b[^>]*\bclass="tavla-diagram theme-([A-Za-z0-9_-]+)"[^>]*>')
_STYLED = re.compile(r"<svg\b[^>]*>(?:<title\b.*?</title>)?(?:<desc\b.*?</desc>)?<style>", re.S)


def themes(html: str) -> list[str]:
    """The themes of the diagrams in `html`, each once, sorted (the page's CSS in a fixed order)."""
    return sorted(set(_ROOT.findall(html)))


def _insert(svg_html: str, css: str) -> str:
    """`svg_html` with `<style>css</style>` after its first diagram's `<desc>` (or its root tag)."""
    m = _ROOT.search(svg_html)
    assert m is not None
    at = m.end()
    for tag in ("title", "desc"):
        close = f"</{tag}>"
        if svg_html.startswith(f"<{tag}", at):
            at = svg_html.index(close, at) + len(close)
    return f"{svg_html[:at]}<style>{css}</style>{svg_html[at:]}"


def share(fragments: Mapping[int, str]) -> dict[int, str]:
    """A page's fragments (placeholder number -> HTML) with one `<style>` for all their diagrams,
    in the first diagram (by placeholder number, the page's order)."""
    out = dict(fragments)
    found = sorted({t for html in out.values() for t in themes(html)})
    if not found:
        return out
    first = min(k for k, html in out.items() if _ROOT.search(html))
    from ..render.themes import shared_css  # here: a page taken from the cache needs no renderer

    out[first] = _insert(out[first], "".join(shared_css(t) for t in found))
    return out


def standalone(svg: str) -> str:
    """A diagram's SVG that can be shown alone: as it is when it has its own `<style>`, else with
    its theme's shared rules (a chart or any other SVG is left as it is)."""
    from ..render.themes import shared_css

    m = _ROOT.match(svg)
    if m is None or _STYLED.match(svg):
        return svg
    return _insert(svg, shared_css(m.group(1)))
