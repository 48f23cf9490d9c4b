r"""Broken links in a page, located at `path:line:col` with a did-you-mean from the site's pages.

MkDocs warns about a relative link to no file, but names only the file, not where the link
is or what was meant. Here each Markdown link (`[x](bear-of.md)`, `![x](a.svg)`, and
reference definitions `[x]: a.md`) of the page's source is resolved the way MkDocs resolves
it (relative to the page; the default language's pages sit at the root), and one that
names no file is reported at the target's column, with the closest page of the page's own
language (difflib), else of another language. Links to the web, to anchors (`#x`) and
absolute links are MkDocs' own business. Code and Jinja tags are not links.

Each is logged after MkDocs' own warning for the link (the page's Markdown has been converted
by then), as an error in a strict site, which MkDocs then stops at the end of the build with
every broken link of every page listed, else as a warning. MkDocs' `validation: links:
not_found` below `warn` turns this off too.

>>> pages = {"index.md": "tr", "bear-off.md": "tr", "en/index.md": "en", "en/bear-off.md": "en"}
>>> [(b.line, b.col, b.target, b.hint) for b in broken_links("x [a](bear-of.md)\n", "en/index.md", pages)]
[(1, 7, 'bear-of.md', "did you mean 'bear-off.md'?")]
>>> broken_links("[a](bear-off.md#x) [b](https://example.com) [c](#top) `[d](no.md)`", "en/index.md", pages)
[]
"""
from __future__ import annotations

import difflib
import logging
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from .audit.project import split_front_matter
from .audit.rawhtml import blank_code

LINK = re.compile(r"!?\[(?:[^\]\n]|\\\])*\]\(\s*<?(?P<inline>[^)\s>]+)|^[ ]{0,3}\[[^\]\n]+\]:[ \t]*<?(?P<ref>[^\s>]+)",
                  re.MULTILINE)
SCHEME = re.compile(r"^[A-Za-z][\w+.-]*:|^//")
SHOWN = 6  # pages listed in a hint when none is close


@dataclass(frozen=True)
class Broken:
    line: int
    col: int
    target: str
    hint: str

    def format(self, path: str, severity: str) -> str:
        return (f"{path}:{self.line}:{self.col}: {severity}: the link target {self.target!r} is not a file of "
                f"the site\n    hint: {self.hint}")


def broken_links(body: str, src_uri: str, uris: Mapping[str, str], first_line: int = 1) -> list[Broken]:
    """The links of `body` (starting at file line `first_line`) that name no file in `uris`
    ({src_uri: its language folder})."""
    known = set(uris)
    here = posixpath.dirname(src_uri)
    mine = uris.get(src_uri, "")
    text = blank_code(body)
    out = []
    for m in LINK.finditer(text):
        group = "inline" if m.group("inline") else "ref"
        raw = m.group(group)
        path = unquote(raw.split("#", 1)[0].split("?", 1)[0])
        if not path or SCHEME.match(raw) or raw.startswith(("/", "\\")) or not posixpath.splitext(path)[1]:
            continue
        target = posixpath.normpath(posixpath.join(here, path))
        if target in known:
            continue
        start = m.start(group)
        line = text.count("\n", 0, start)
        col = start - (text.rfind("\n", 0, start) + 1) + 1
        out.append(Broken(first_line + line, col, raw, _hint(target, here, mine, uris)))
    return out


def _hint(target: str, here: str, mine: str, uris: Mapping[str, str]) -> str:
    """The closest file, in the language the link points into first (the folder of `target`, else
    the page's own), then in the others; compared by name within the language, written relative
    to the page."""
    ext = posixpath.splitext(target)[1]
    kind = [u for u in uris if posixpath.splitext(u)[1] == ext] or list(uris)
    into = next((uris[u] for u in uris if posixpath.dirname(u) == posixpath.dirname(target)), mine)

    def name(u: str, lang: str) -> str:  # `en/rules/x.md` → `rules/x`
        return posixpath.splitext(u[len(lang) + 1:] if lang and u.startswith(lang + "/") else u)[0]

    own = [u for u in kind if uris[u] == into]
    for pool in (own, [u for u in kind if uris[u] != into]):
        names = {name(u, uris[u]): u for u in pool}
        close = difflib.get_close_matches(name(target, into), list(names), n=1, cutoff=0.6)
        if close:
            found = names[close[0]]
            note = " (a page of another language)" if uris[found] != mine else ""
            return f"did you mean {posixpath.relpath(found, here or '.')!r}{note}?"
    shown = sorted(posixpath.relpath(u, here or ".") for u in own or kind)
    more = f", … and {len(shown) - SHOWN} more" if len(shown) > SHOWN else ""
    return "no file of that name; this language has " + ", ".join(shown[:SHOWN]) + more


def check_links(page: Any, files: Any, config: Any, log: logging.Logger, renderer: Any,
                languages: Mapping[str, str] | None = None) -> None:
    """The page hook: log the broken links of MkDocs `page`, its path shown as `renderer.display`
    shows it (relative to the working directory). `languages`: `file_languages(files, …)`, which
    a build makes once (per page, it was a path resolved per file: quadratic, 44 s of 400 pages)."""
    if config.validation.links.not_found < logging.WARNING or page.file.abs_src_path is None or renderer is None:
        return
    try:
        text = Path(page.file.abs_src_path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return  # MkDocs itself reports a page it cannot read
    _, body, first = split_front_matter(text)
    if languages is None:
        languages = file_languages(files, config.docs_dir)
    broken = broken_links(body, page.file.src_uri, languages, first)
    path = renderer.display(Path(page.file.abs_src_path))
    for b in broken:
        log.warning(b.format(path, "error" if config.strict else "warning"))


def file_languages(files: Any, docs_dir: str) -> dict[str, str]:
    """Each file's `src_uri` -> the language folder it comes from ("" outside them)."""
    docs = Path(docs_dir).resolve()
    return {f.src_uri: _language(f, docs) for f in files}


def _language(file: Any, docs: Path) -> str:
    """The folder under docs_dir a file comes from (`tr`, `en`): its language in this layout."""
    try:
        rel = Path(file.abs_src_path).resolve().relative_to(docs)
    except (TypeError, ValueError):
        return ""
    return rel.parts[0] if len(rel.parts) > 1 else ""
