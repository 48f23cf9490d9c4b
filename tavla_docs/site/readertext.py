"""What a reader reads on a built page, as plain text in reading order, for the review snapshot.

`tavla-docs review` writes each page's text to `reader-text/<lang>/<page>.txt`, and a build
fails when a file is stale (the plugin's `reader_text:` option), the way `pybabel update
--check` does. Every change to what readers see then shows in a diff a native editor can
review, including what a code edit changes in the generated sentences.

The text holds, in the page's order: the page title, headings (`#`), paragraphs, list items
(`-`), table rows (cells joined by ` | `), figure captions, and what only some readers meet:
each figure's SVG title and description and the words drawn on it, tooltips (`title`),
`alt` and `aria-label` texts (each on an indented `↳` line after its block), and a try-it
board's messages. One block is one line, so a diff shows a changed sentence as one line.

>>> print(reader_text('<html><head><title>T – Site</title></head><body><article class="md-content__inner">'
...                   '<h1>Pul <a class="headerlink" href="#x" title="Kalıcı bağlantı">¶</a></h1>'
...                   '<p>Oyna <code title="9’dan 3’e">9/3</code>.</p><ul><li>bir</li></ul>'
...                   '<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>'
...                   '</article></body></html>'), end="")
[page title] T – Site
# Pul
  ↳ title: Kalıcı bağlantı
Oyna 9/3.
  ↳ title: 9’dan 3’e
- bir
a | b
1 | 2
"""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

_BLOCKS = {"p": "", "h1": "# ", "h2": "## ", "h3": "### ", "h4": "#### ", "h5": "##### ", "h6": "###### ",
           "li": "- ", "figcaption": "[caption] ", "dt": "", "dd": "  ", "summary": "", "caption": "[table] ",
           "blockquote": "> "}
_SKIP = {"style", "noscript", "template"}
_SPACE = re.compile(r"\s+")


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.title: list[str] | None = None
        self.page_title = ""
        self.depth = 0  # inside the article
        self.block: list[str] = []
        self.block_tag: str | None = None
        self.block_notes: list[str] = []
        self.row: list[list[str]] | None = None
        self.cell: list[str] | None = None
        self.skip = 0
        self.svg = 0
        self.svg_part: str | None = None
        self.svg_text: list[str] = []
        self.svg_labels: list[str] = []
        self.svg_title: list[str] = []
        self.svg_desc: list[str] = []
        self.script: list[str] | None = None
        self.permalink_seen = False

    # -- helpers
    def _emit(self, line: str) -> None:
        line = _SPACE.sub(" ", line).strip()
        if line:
            self.lines.append(line)

    def _note(self, kind: str, value: str | None) -> None:
        value = _SPACE.sub(" ", value or "").strip()
        if value:
            note = f"  ↳ {kind}: {value}"
            if self.block_tag is not None or self.row is not None:
                self.block_notes.append(note)
            else:
                self.lines.append(note)

    def _text(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        elif self.block_tag is not None:
            self.block.append(data)
        elif data.strip():
            self.block.append(data)  # loose text in the article (a div's): a line of its own

    def _flush_loose(self) -> None:
        if self.block_tag is None and self.block:
            self._emit("".join(self.block))
            self.block = []
            self.lines.extend(self.block_notes)
            self.block_notes = []

    # -- parsing
    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "title" and self.depth == 0 and not self.svg:
            self.title = []
            return
        if tag == "article":
            self.depth += 1
            return
        if not self.depth:
            return
        if self.skip or tag in _SKIP:
            self.skip += tag in _SKIP
            return
        if tag == "script":
            self.script = [] if a.get("type") == "application/json" else None
            self.skip += self.script is None
            return
        if tag == "svg":
            self.svg += 1
            if self.svg == 1:
                self.svg_title, self.svg_desc, self.svg_labels = [], [], []
            return
        if self.svg:
            if tag in ("title", "desc", "text"):
                self.svg_part, self.svg_text = tag, []
            return
        if tag == "a" and "headerlink" in (a.get("class") or ""):
            if not self.permalink_seen:
                self._note("title", a.get("title"))
                self.permalink_seen = True
            self.skip += 1
            self._headerlink = True
            return
        if tag in _BLOCKS:
            self._flush_loose()
            if self.block_tag is not None and self.block:  # a block inside a block (li > p): emit what came first
                self._emit(_BLOCKS[self.block_tag] + "".join(self.block))
                self.block = []
            self.block_tag = self.block_tag if tag == "p" and self.block_tag == "li" and not self.block else tag
        elif tag == "tr":
            self._flush_loose()
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []
        elif tag == "br":
            self._text(" ")
        elif tag == "img":
            self._note("image", a.get("alt"))
        for key in ("title", "aria-label"):
            if key in a and tag != "abbr":
                self._note(key, a.get(key))

    def handle_endtag(self, tag: str) -> None:
        if tag == "title" and self.title is not None:
            self.page_title = _SPACE.sub(" ", "".join(self.title)).strip()
            self.title = None
            return
        if tag == "article":
            self._flush_loose()
            self.depth -= 1
            return
        if not self.depth:
            return
        if tag == "a" and getattr(self, "_headerlink", False):
            self._headerlink = False
            self.skip -= 1
            return
        if tag in _SKIP:
            self.skip -= 1
            return
        if self.skip:
            if tag == "script":
                self.skip -= 1
            return
        if tag == "script" and self.script is not None:
            self._board("".join(self.script))
            self.script = None
            return
        if tag == "svg" and self.svg:
            self.svg -= 1
            if not self.svg:
                self._figure()
            return
        if self.svg:
            if tag == self.svg_part:
                text = _SPACE.sub(" ", "".join(self.svg_text)).strip()
                {"title": self.svg_title, "desc": self.svg_desc, "text": self.svg_labels}[tag].append(text)
                self.svg_part = None
            return
        if tag in ("td", "th") and self.row is not None and self.cell is not None:
            self.row.append(self.cell)
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self._emit(" | ".join(_SPACE.sub(" ", "".join(c)).strip() for c in self.row))
            self.row = None
            self.lines.extend(self.block_notes)
            self.block_notes = []
        elif tag == self.block_tag or (tag in _BLOCKS and self.block_tag is not None):
            self._emit(_BLOCKS.get(self.block_tag or "", "") + "".join(self.block))
            self.block, self.block_tag = [], None
            self.lines.extend(self.block_notes)
            self.block_notes = []

    def handle_data(self, data: str) -> None:
        if self.title is not None:
            self.title.append(data)
        if not self.depth or self.skip:
            return
        if self.script is not None:
            self.script.append(data)
        elif self.svg:
            if self.svg_part is not None:
                self.svg_text.append(data)
        else:
            self._text(data)

    # -- figures and boards
    def _figure(self) -> None:
        self._flush_loose()
        for kind, parts in (("figure title", self.svg_title[:1]), ("figure description", self.svg_desc[:1])):
            for text in parts:
                self.lines.append(f"[{kind}] {text}")
        words = [w for w in self.svg_labels if w and not w.replace("%", "").replace(",", "").replace(".", "").isdigit()]
        if words:
            self.lines.append("[figure words] " + " · ".join(words))

    def _board(self, raw: str) -> None:
        try:
            data: Any = json.loads(raw)
        except ValueError:
            return
        if not isinstance(data, dict):
            return
        ui = data.get("ui") or {}
        words = [" / ".join(map(str, ui[k])) if isinstance(ui[k], list) else str(ui[k]) for k in sorted(ui)] \
            if isinstance(ui, dict) else []
        why = [str(w) for w in data.get("why") or []]
        for w in words:
            self.lines.append(f"[board word] {w}")
        for w in why:
            self.lines.append(f"[board says] {w}")
        for frame in data.get("frames") or []:
            if isinstance(frame, dict) and frame.get("caption"):
                self.lines.append(f"[board step] {frame.get('label', '')} {frame['caption']}".strip())


def reader_text(html: str) -> str:
    """The page's reader text (see the module doc), one block a line, ending with a newline."""
    r = _Reader()
    r.feed(html)
    r.close()
    head = [f"[page title] {r.page_title}"] if r.page_title else []
    return "\n".join(head + r.lines) + "\n"


def _on_disk(folder: Path) -> dict[str, Path]:
    if not folder.is_dir():
        return {}
    return {p.relative_to(folder).as_posix(): p for p in sorted(folder.rglob("*.txt")) if p.is_file()}


def stale_snapshot(folder: Path, texts: dict[str, str]) -> str | None:
    """One message listing the snapshot files that differ from what the pages now read (None:
    current): each `path:1: error: …` line, then what to run."""
    have = _on_disk(folder)
    rel = folder.name
    lines = []
    for name in sorted(set(texts) | set(have)):
        p = have.get(name)
        if p is None:
            lines.append(f"{rel}/{name}:1: error: the reader-text snapshot has no file for this page")
            continue
        if name not in texts:
            lines.append(f"{rel}/{name}:1: error: no page reads this any more")
            continue
        old = p.read_text(encoding="utf-8", errors="replace").splitlines()
        new = texts[name].splitlines()
        if old != new:
            at = next((i for i, (a, b) in enumerate(zip(old, new, strict=False), start=1) if a != b),
                      min(len(old), len(new)) + 1)
            lines.append(f"{rel}/{name}:{at}: error: the page now reads otherwise than its reader-text snapshot")
    if not lines:
        return None
    return "\n".join(lines) + ("\n    hint: run `tavla-docs review` and commit the changed files: a native editor reviews "
                               "what readers will read in that diff (docs/authoring.md, \"The reader-text snapshot\")")


def snapshot_changes(folder: Path, texts: dict[str, str]) -> tuple[dict[Path, str], list[Path], list[str]]:
    """What `write_snapshot` would do: the files to write, the files to remove (pages gone), and
    their names, sorted."""
    have = _on_disk(folder)
    writes: dict[Path, str] = {}
    for name in sorted(texts):
        p = folder / name
        if not (p.is_file() and p.read_text(encoding="utf-8", errors="replace") == texts[name]):
            writes[p] = texts[name]
    gone = [p for name, p in have.items() if name not in texts]
    names = sorted(p.relative_to(folder).as_posix() for p in [*writes, *gone])
    return writes, gone, names


def write_snapshot(folder: Path, texts: dict[str, str]) -> list[str]:
    """Write every page's reader text (only the files that changed) and remove the files of pages
    gone, all or nothing (`writes.write_together`: a failed write leaves the folder as it was);
    the names written or removed."""
    from ..writes import write_together

    writes, gone, names = snapshot_changes(folder, texts)
    write_together(writes, remove=gone)
    return names


def check_snapshot(folder: Path, texts: dict[str, str], log: Any) -> str | None:
    """The end of a build: the message when the snapshot is stale (None: current). A project
    without the folder (a test's copy) is not compared. Nothing is written: `tavla-docs review`
    writes the snapshot itself, once its build has succeeded."""
    if not folder.is_dir():
        log.info(f"tavla-docs: no reader-text snapshot in {folder}; `tavla-docs review` writes it")
        return None
    return stale_snapshot(folder, texts)


def cached_reader_text(renderer: Any, page_html: str) -> str:
    """`reader_text`, from the site cache when the page's HTML is unchanged: parsing every page's
    drawings again was a fifth of a warm build."""
    cache = getattr(renderer, "cache", None)
    if cache is None:
        return reader_text(page_html)
    from .cache import Cache
    key = Cache.key(renderer.fingerprint, "reader-text", page_html)
    hit = cache.get(key)
    if isinstance(hit, str):
        return hit
    text = reader_text(page_html)
    cache.put(key, text)
    return text
