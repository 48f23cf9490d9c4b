r"""Raw HTML in a page that runs code or loads from the network: the site loads nothing remote.

Pages are Markdown from contributors; Python-Markdown passes raw HTML through, so a
page could run a script or fetch a tracker. What is refused, located at its line and
column (errors in a strict site, warnings otherwise):

- the elements `<script>`, `<iframe>`, `<frame>`, `<object>` and `<embed>`;
- event attributes (`onclick=`, `onload=`, …) on any tag or in an attribute list `{: … }`;
- `javascript:` URLs;
- a remote URL (`http://`, `https://`, `//host`) that the browser *loads*: `src`, `srcset`,
  `poster` or `data` of any tag, `href` of `<link>`, `url(…)` or `@import` in a `style`
  attribute or a `<style>` element, and a Markdown image `![alt](https://…)`.

A link to the web is not a load: `[text](https://…)` and `<a href="https://…">` stay
allowed, since nothing is fetched until the reader follows them. Code (fenced blocks,
`inline code`) and Jinja tags are not page HTML and are skipped.

>>> [(p.line, p.col, p.message) for p in raw_html_problems('Hi <b onclick="x()">a</b>\n<script>1</script>',
...                                                         "p.md", 1, "error")]
[(1, 7, 'the event attribute onclick= runs a script'), (2, 1, 'raw <script> runs code in the page')]
>>> raw_html_problems('[web](https://example.com) <a href="https://example.com">x</a>', "p.md", 1, "error")
[]
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

from .problems import Problem

CODE_ELEMENTS = frozenset({"script", "iframe", "frame", "object", "embed"})
LOADS = frozenset({"src", "srcset", "poster", "data"})  # attributes whose URL the browser fetches
REMOTE = re.compile(r"^\s*(?:https?:)?//", re.IGNORECASE)
STYLE_REMOTE = re.compile(r"url\(\s*['\"]?\s*(?:https?:)?//|@import\s+(?:url\()?\s*['\"]?\s*(?:https?:)?//",
                          re.IGNORECASE)
# What is not page HTML: Jinja tags, fenced code blocks, inline code. Blanked to spaces, newlines kept.
NOT_HTML = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|^[ \t]*(`{3,}|~{3,}).*?^[ \t]*\1[ \t]*$|`[^`\n]*`",
                      re.DOTALL | re.MULTILINE)
IMAGE = re.compile(r"!\[[^\]\n]*\]\(\s*<?(?P<url>(?:https?:)?//[^)\s>]+)")
ATTR_LIST = re.compile(r"\{:?[ \t]*[#.\w][^}\n]*\}")
EVENT = re.compile(r"(?<![\w-])(on[a-z]+)\s*=", re.IGNORECASE)
HINT = "the site loads nothing from the network and runs no page scripts (docs/cli.md, \"audit\")"


def blank_code(text: str) -> str:
    """`text` with Jinja tags and code blanked to spaces (newlines kept, so offsets stay)."""
    return NOT_HTML.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)


class _Tags(HTMLParser):
    """Collects (offset in the text, message, hint) of each refused tag or attribute."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.text = text
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.found: list[tuple[int, str, str]] = []
        self.in_style: int | None = None

    def _here(self) -> int:
        line, col = self.getpos()
        return self.starts[line - 1] + col

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        at = self._here()
        raw = (self.get_starttag_text() or "").lower()
        if tag in CODE_ELEMENTS:
            does = "runs code in" if tag == "script" else "embeds another page or object in"
            self.found.append((at, f"raw <{tag}> {does} the page", "draw it with a helper instead; " + HINT))
        if tag == "style":
            self.in_style = at
        for name, value in attrs:
            where = at + max(raw.find(name), 0)
            v = value or ""
            if name.startswith("on"):
                self.found.append((where, f"the event attribute {name}= runs a script", HINT))
            elif v.strip().lower().startswith("javascript:"):
                self.found.append((where, f"a javascript: URL in {name}= runs a script", HINT))
            elif (name in LOADS or (name == "href" and tag == "link")) and REMOTE.search(v.split(",")[0]):
                self.found.append((where, f"<{tag} {name}=\"{v[:60]}\"> loads from the network",
                                   "put the file under content/ and link it relatively; " + HINT))
            elif name == "style" and STYLE_REMOTE.search(v):
                self.found.append((where, "a style= attribute loads from the network (url(…) or @import)", HINT))

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self.in_style = None

    def handle_data(self, data: str) -> None:
        if self.in_style is not None and STYLE_REMOTE.search(data):
            self.found.append((self._here() + STYLE_REMOTE.search(data).start(),  # type: ignore[union-attr]
                               "a <style> element loads from the network (url(…) or @import)", HINT))


def raw_html_problems(body: str, path: str, first_line: int, level: str) -> list[Problem]:
    """The refused HTML of a page body (`body` starts at file line `first_line`), at `level`."""
    text = blank_code(body)
    parser = _Tags(text)
    parser.feed(text)
    parser.close()
    found = list(parser.found)
    for m in IMAGE.finditer(text):
        found.append((m.start("url"), f"the image {m.group('url')[:60]} loads from the network",
                      "put the image under content/ and write ![alt](image.svg); " + HINT))
    for m in ATTR_LIST.finditer(text):
        for e in EVENT.finditer(m.group()):
            found.append((m.start() + e.start(), f"the event attribute {e.group(1)}= runs a script", HINT))
    out = []
    for offset, message, hint in sorted(set(found)):
        line = text.count("\n", 0, offset)
        col = offset - (text.rfind("\n", 0, offset) + 1) + 1
        out.append(Problem(path, first_line + line, col, level, "raw-html", message, hint))
    return out
