"""Material's stylesheet trimmed to the rules the built site can use (issue 27: page weight).

Material ships one stylesheet for every feature it has (code blocks, tabs, tooltips, keys,
annotations, versions, tags, right-to-left pages …): 22.7 KB of the heaviest page's load, gzipped,
most of it for things this site never shows. After a build, a rule is kept unless one of its
selectors' class names, ids or attributes appears nowhere in the site's pages and scripts: the
words of every HTML file and every script (Material's bundle makes its search results, dialogs
and tooltips from class names written out in its source; so do the theme's own scripts). A
selector whose name appears only inside `:not(…)`, `:is(…)`, `:where(…)` or `:has(…)` is kept,
and so is one with an escape: doubt keeps a rule. At-rules other than `@media`, `@supports`,
`@container` and `@layer` (fonts, keyframes) are kept whole.

The stylesheet is read from the theme (the file MkDocs copied), never from the site, so a
`mkdocs serve --dirty` rebuild trims Material's own file again with the words of every page.
Same site, same bytes.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

MATERIAL_CSS = "assets/stylesheets/main.*.min.css"
PALETTE_CSS = "assets/stylesheets/palette.*.min.css"  # every colour scheme Material has; the site uses one
GROUPING = ("@media", "@supports", "@container", "@layer")
_WORD = re.compile(rb"[A-Za-z0-9_-]+")
_FUNCTIONAL = re.compile(r":(?:not|is|where|has|-webkit-any|-moz-any)\([^()]*\)")
_NAME = re.compile(r"[.#](-?[A-Za-z_][A-Za-z0-9_-]*)")
# [attr], [attr=value], [attr~=value]: a value is a word to find only when it must equal one
_ATTRIBUTE = re.compile(r"\[\s*([A-Za-z_][A-Za-z0-9_-]*)\s*(?:(~?)=\s*[\"']?([A-Za-z0-9_-]*))?[^\]]*\]")
_SOURCE_MAP = re.compile(r"/\*# sourceMappingURL=[^*]*\*/\s*$")
# A page's direction is written in its HTML alone (Material's script only reads it): `[dir=rtl]`
# rules stay only where a page says `dir="rtl"`, whatever words the scripts hold.
_DIR = re.compile(rb"\bdir=[\"']?(ltr|rtl|auto)\b")


def words(files: Iterable[Path]) -> set[str]:
    """Every word (letters, digits, `_`, `-`) in the files: the names a rule may need."""
    found: set[bytes] = set()
    for f in files:
        found.update(_WORD.findall(f.read_bytes()))
    return {w.decode("ascii") for w in found}


def site_words(site: Path) -> set[str]:
    """The words of the site's pages and scripts (not the search's word lists, not source maps)."""
    files = [f for f in sorted(site.rglob("*")) if f.suffix in (".html", ".js") and f.is_file()
             and "lunr" not in f.relative_to(site).parts]
    found: set[bytes] = set()
    directions: set[str] = set()
    for f in files:  # each file read once: its words, and a page's own direction
        data = f.read_bytes()
        found.update(_WORD.findall(data))
        if f.suffix == ".html":
            directions.update(f"dir={d.decode()}" for d in _DIR.findall(data))
    return {w.decode("ascii") for w in found} | directions


def _blocks(css: str) -> Iterator[tuple[str, str | None]]:
    """Top-level (prelude, body) pairs; body None for a statement such as `@charset "UTF-8";`."""
    i, n = 0, len(css)
    while i < n:
        j = _skip(css, i, "{;")
        if j >= n:
            tail = css[i:].strip()
            if tail:
                yield tail, None
            return
        if css[j] == ";":
            yield css[i:j + 1], None
            i = j + 1
            continue
        depth, k = 0, j
        while True:
            k = _skip(css, k, "{}")
            if k >= n:
                raise ValueError("unbalanced braces in the stylesheet")
            depth += 1 if css[k] == "{" else -1
            if depth == 0:
                break
            k += 1
        yield css[i:j], css[j + 1:k]
        i = k + 1


def _skip(css: str, i: int, stops: str) -> int:
    """The index of the next character in `stops` at or after `i`, outside strings and comments."""
    n = len(css)
    while i < n:
        c = css[i]
        if c in stops:
            return i
        if c in "\"'":
            i += 1
            while i < n and css[i] != c:
                i += 2 if css[i] == "\\" else 1
        elif css.startswith("/*", i):
            end = css.find("*/", i + 2)
            i = n if end < 0 else end + 1
        i += 1
    return n


def _selectors(prelude: str) -> list[str]:
    """A selector list split at its top-level commas."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(prelude):
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(prelude[start:i])
            start = i + 1
    parts.append(prelude[start:])
    return parts


def usable(selector: str, used: set[str]) -> bool:
    """Whether the selector may match something on the site: each of its names is a word there."""
    if "\\" in selector:
        return True
    s = selector
    while True:  # innermost first: `:not(:is(.a))`
        stripped = _FUNCTIONAL.sub("", s)
        if stripped == s:
            break
        s = stripped
    for name, exact, value in _ATTRIBUTE.findall(s):
        if name == "dir" and value and exact == "" and f"dir={value}" not in used:
            return False  # no page has that direction (`site_words`)
        if name not in used or (value and exact in ("", "~") and value not in used):
            return False
    return all(name in used for name in _NAME.findall(_ATTRIBUTE.sub("", s)))


def trim(css: str, used: set[str]) -> str:
    """`css` without the rules none of whose selectors can match, and without its source map link."""
    return _trim(_SOURCE_MAP.sub("", css), used)


def _trim(css: str, used: set[str]) -> str:
    out = []
    for prelude, body in _blocks(css):
        head = prelude.strip()
        if body is None:
            out.append(head)
        elif head.startswith(GROUPING):
            inner = _trim(body, used)
            if inner:
                out.append(f"{head}{{{inner}}}")
        elif head.startswith("@"):
            out.append(f"{head}{{{body}}}")
        else:
            kept = [s for s in _selectors(head) if usable(s, used)]
            if kept:
                out.append(f"{','.join(kept)}{{{body}}}")
    return "".join(out)


def trim_site(site: Path, theme_dirs: Iterable[str]) -> Path | None:
    """Write Material's stylesheets (the main one and the palette), trimmed to the site's words, over
    the copies in `site`; returns the main one, or None when the theme has no such stylesheet (not
    Material, or another version)."""
    used = site_words(site)
    found: dict[str, Path] = {}
    for pattern in (MATERIAL_CSS, PALETTE_CSS):
        for d in theme_dirs:
            sources = [p for p in sorted(Path(d).glob(pattern)) if (site / p.relative_to(d)).is_file()]
            if sources:
                target = site / sources[0].relative_to(d)
                target.write_text(trim(sources[0].read_text(encoding="utf-8"), used), encoding="utf-8")
                found[pattern] = target
                break
    return found.get(MATERIAL_CSS)
