"""Placeholders: block helpers keep their HTML aside and leave a comment in the Markdown.

`fill()` puts the HTML back after Markdown has run, so Python-Markdown never
parses kilobytes of SVG (style.md: ~2.3× faster).

The SVG inside the fragments can wait longer still: `fill_deferring_svg()` puts
each fragment back with its `<svg>…</svg>` elements as a second kind of
placeholder, and `fill_svg()` restores them in the finished page. The MkDocs
plugin restores them in `on_post_page`, after Material's search plugin has
indexed the page (in `on_page_context`): its HTML parser then never reads the
drawings (3.2 s of a 98-page build), and the index holds the figure's caption
but not the board's point numbers. The page's bytes are the same either way.

>>> fragments: dict[int, str] = {}
>>> md = insert(fragments, "<svg/>")
>>> md
'\\n\\n<!--tavla:0-->\\n\\n'
>>> fill("<p>a</p>" + md.strip(), fragments)
'<p>a</p><svg/>'
>>> insert(fragments, '<figure><svg><svg><g/></svg></svg><figcaption>c</figcaption></figure>').strip()
'<!--tavla:1-->'
>>> later, svgs = fill_deferring_svg("<!--tavla:0--><!--tavla:1-->", fragments)
>>> later
'<!--tavla-svg:0--><figure><!--tavla-svg:1--><figcaption>c</figcaption></figure>'
>>> fill_svg(later, svgs) == fill("<!--tavla:0--><!--tavla:1-->", fragments)
True
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

PLACEHOLDER = re.compile(r"<!--tavla:(\d+)-->")
_SVG_TAG = re.compile(r"<(/?)svg[\s>/]")


def insert(fragments: dict[int, str], html_text: str) -> str:
    """Keep `html_text` as the next fragment; return its placeholder as a Markdown block of its own."""
    n = len(fragments)
    fragments[n] = html_text
    return f"\n\n<!--tavla:{n}-->\n\n"


def fill(html_text: str, fragments: Mapping[int, str]) -> str:
    """Put each fragment's HTML where its placeholder is (after Markdown)."""
    if not fragments:
        return html_text
    return PLACEHOLDER.sub(lambda m: fragments.get(int(m.group(1)), m.group(0)), html_text)


@dataclass
class DeferredSvg:
    """A page's SVG kept aside, and the comment marker its placeholders use (`<!--marker:n-->`)."""

    marker: str = "tavla-svg"
    svgs: list[str] = field(default_factory=list)

    def keep(self, svg: str) -> str:
        self.svgs.append(svg)
        return f"<!--{self.marker}:{len(self.svgs) - 1}-->"


def fill_deferring_svg(html_text: str, fragments: Mapping[int, str]) -> tuple[str, DeferredSvg]:
    """`fill`, but each outermost `<svg>…</svg>` of a fragment stays a placeholder, kept aside.

    The marker is one that neither the page nor a fragment contains, so restoring
    replaces only the placeholders made here.
    """
    texts = [html_text, *fragments.values()]
    marker, n = "tavla-svg", 0
    while any(f"<!--{marker}:" in t for t in texts):
        n += 1
        marker = f"tavla-svg-{n}"
    deferred = DeferredSvg(marker)
    if not fragments:
        return html_text, deferred
    return PLACEHOLDER.sub(lambda m: _defer(fragments[int(m.group(1))], deferred) if int(m.group(1)) in fragments
                           else m.group(0), html_text), deferred


def fill_svg(html_text: str, deferred: DeferredSvg) -> str:
    """Put back the SVG that `fill_deferring_svg` kept aside."""
    if not deferred.svgs:
        return html_text
    svgs = deferred.svgs
    pattern = re.compile(f"<!--{re.escape(deferred.marker)}:(\\d+)-->")
    return pattern.sub(lambda m: svgs[int(m.group(1))] if int(m.group(1)) < len(svgs) else m.group(0), html_text)


def _defer(fragment: str, deferred: DeferredSvg) -> str:
    """The fragment with its outermost SVG elements (nested ones counted) as placeholders.

    An element that is not closed stays where it is: only whole elements are moved.
    """
    out: list[str] = []
    start = depth = 0
    opened = -1
    for m in _SVG_TAG.finditer(fragment):
        if not m.group(1):  # <svg …>, or a self-closed <svg/>
            end = fragment.find(">", m.end() - 1)
            if end < 0:
                break
            if fragment[end - 1] == "/":
                if depth == 0:
                    out.append(fragment[start:m.start()])
                    out.append(deferred.keep(fragment[m.start():end + 1]))
                    start = end + 1
                continue
            if depth == 0:
                opened = m.start()
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                end = fragment.find(">", m.end() - 1)
                if end < 0:
                    break
                out.append(fragment[start:opened])
                out.append(deferred.keep(fragment[opened:end + 1]))
                start = end + 1
    out.append(fragment[start:])
    return "".join(out)
