"""The one place that touches svgwrite: a tiny element builder for the renderer.

svgwrite is inactive upstream, so nothing else imports it; swapping it for
`xml.etree` later means rewriting this module only. Elements are generic
(`svgwrite`'s shape classes add default attributes and own their geometry), all
values are strings formatted by `num`, and attributes come out sorted, so the
same calls always give the same bytes.

Parts that are the same in many drawings (the board of one layout) can be drawn once and
kept as their markup (`Node.add_markup`, `Node.inner_markup`): `tostring` writes it where the
part stands, so the bytes are those of the elements themselves.

>>> root = Node("svg", viewBox="0 0 10 10")
>>> g = root.add("g", **{"class": "a", "data-point": "6"})
>>> _ = g.add("text", "1 < 2 & <b>", x=num(1.25), y=num(2.0))
>>> root.tostring()
'<svg viewBox="0 0 10 10"><g class="a" data-point="6"><text x="1.2" y="2">1 &lt; 2 &amp; &lt;b&gt;</text></g></svg>'
"""
from __future__ import annotations

from xml.etree.ElementTree import _escape_attrib, _escape_cdata  # type: ignore[attr-defined]  # its own escaping

from svgwrite.base import BaseElement
from svgwrite.params import Parameter

SVG_NS = "http://www.w3.org/2000/svg"
_PARAMETER = Parameter(debug=False)  # svgwrite's settings of every Node: no checks, the full profile


def num(x: float) -> str:
    """A coordinate rounded to one decimal, without a trailing `.0` (small, stable output)."""
    r = round(float(x), 1)
    if r == int(r):
        return str(int(r))
    return f"{r:.1f}"


def path_d(points: list[tuple[float, float]], close: bool = True) -> str:
    """An SVG path `d` through the points (`M x y L x y … Z`)."""
    parts = [("M" if i == 0 else "L") + num(x) + " " + num(y) for i, (x, y) in enumerate(points)]
    return "".join(parts) + ("Z" if close else "")


class Node(BaseElement):
    """An SVG element with string attributes, optional text and children."""

    def __init__(self, name: str, text: str | None = None, **attrs: str) -> None:
        # what BaseElement.__init__(debug=False) leaves, without making a Parameter (and looking up
        # its validator twice) for every element: all share one, which nothing changes
        self.elementname = name
        self._parameter = _PARAMETER
        self.attribs = dict(attrs)
        self.elements: list[BaseElement] = []
        self.text = text

    def add(self, name: str, text: str | None = None, **attrs: str) -> Node:
        child = Node(name, text, **attrs)
        self.elements.append(child)
        return child

    def get_xml(self):  # noqa: D401 - svgwrite's hook
        xml = super().get_xml()
        if self.text is not None:
            xml.text = self.text
        return xml

    def add_markup(self, markup: str) -> None:
        """`markup` (what `tostring` gives for some elements, e.g. `inner_markup`) as the next child."""
        self.elements.append(_Markup(markup))

    def tostring(self) -> str:
        """The element's markup: what svgwrite writes through ElementTree (attributes sorted, `None`
        and empty ones left out, ElementTree's escaping, ` />` when empty), written directly; the
        tree of ElementTree elements was half the time of a drawing."""
        out: list[str] = []
        _write(self, out)
        text = "".join(out)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: ElementTree's UTF-8 writer gives a character reference
            text = text.encode("utf-8", "xmlcharrefreplace").decode("utf-8")
        return text

    def inner_markup(self) -> str:
        """The children's markup, without this element's own tags (a wrapper drawn into once).

        >>> part = Node("part")
        >>> _ = part.add("circle", r="2")
        >>> root = Node("svg")
        >>> root.add_markup(part.inner_markup())
        >>> root.tostring()
        '<svg><circle r="2" /></svg>'
        """
        text = self.tostring()
        head, tail = f"<{self.elementname}>", f"</{self.elementname}>"
        assert not self.attribs and text.startswith(head) and text.endswith(tail), text[:80]
        return text[len(head):-len(tail)]



def _write(node: BaseElement, out: list[str]) -> None:
    """`node`'s markup appended to `out`, as `BaseElement.tostring` writes it (see `Node.tostring`)."""
    if isinstance(node, _Markup):
        out.append(node.markup)
        return
    if not isinstance(node, Node):  # not drawn by this module: svgwrite writes it, as before
        out.append(node.tostring())
        return
    name = node.elementname
    out.append("<" + name)
    for key, value in sorted(node.attribs.items()):
        if value is not None:
            value = value if type(value) is str else node.value_to_string(value)
            if value:
                out.append(f' {key}="{_escape_attrib(value)}"')
    text = node.text
    if text or node.elements:
        out.append(">")
        if text:
            out.append(_escape_cdata(text))
        for child in node.elements:
            _write(child, out)
        out.append(f"</{name}>")
    else:
        out.append(" />")


class _Markup(Node):
    """Kept markup, written where it stands (`_write`); svgwrite alone would write an empty
    stand-in element (`STANDIN`)."""

    TAG = "td-kept-markup"
    STANDIN = f"<{TAG} />"

    def __init__(self, markup: str) -> None:
        super().__init__(self.TAG)
        self.markup = markup


# Shapes the renderer draws again and again; one call each keeps the drawing code about
# *where*, and the attribute spelling (class, `num`) in one place.

def box(parent: Node, cls: str, cx: float, cy: float, w: float, h: float, rx: str, **attrs: str) -> Node:
    """A rounded rect centred on (cx, cy): dice, the cube, tag and label backgrounds.

    >>> box(Node("g"), "die", 10, 10, 4, 2, "1").tostring()
    '<rect class="die" height="2" rx="1" width="4" x="8" y="9" />'
    """
    return parent.add("rect", **{"class": cls, "x": num(cx - w / 2), "y": num(cy - h / 2), "width": num(w),
                                 "height": num(h), "rx": rx}, **attrs)


def text_at(parent: Node, text: str, cls: str, x: float, y: float, **attrs: str) -> Node:
    """A `<text>` at (x, y); the CSS centres it on that point."""
    return parent.add("text", text, **{"class": cls, "x": num(x), "y": num(y)}, **attrs)


def stroke(parent: Node, cls: str, a: tuple[float, float], b: tuple[float, float]) -> Node:
    """An open two-point path a → b (arrow shafts, pins, strike-throughs)."""
    return parent.add("path", **{"class": cls, "d": path_d([a, b], close=False)})
