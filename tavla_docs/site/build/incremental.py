"""Reference: `plugin.TavlaDocsPlugin` in a clean build of the changed project: the same HTML and search index
Contract: tests/site/test_dirty_serve.py
Gain: 2.7× a `mkdocs serve` rebuild after one page is saved (18 pages: 1.56 s in full, 0.58 s `--dirty`; benchmarks-history.md, `site`)

Dirty rebuilds (`mkdocs serve --dirty`, `make serve`): redo only the pages a save touched.

MkDocs' `--dirty` reads and writes again only the pages whose source is newer than their
output. Our pages also depend on the scenarios they draw, and every page shows the others'
titles (navigation, the home page's list, previous/next links) and the search index holds
every page. So, between the builds of one process, `Incremental`:

- starts over (empties the site folder, forgets every page) when a shared input changed:
  the package's code and data, the project's partials, `mkdocs.yml`, `pyproject.toml`, the
  list of scenario files; and after a build that failed or logged a warning (so each
  warning is shown again, and the error pages of `errors.failure_pages` go);
- marks a page dirty (removes its output, which MkDocs then rebuilds) when a scenario it
  used (`RenderedPage.deps`) changed;
- gives each page MkDocs skipped its state of the last build (Markdown, front matter,
  HTML, table of contents, title, anchors), so the pages that are rebuilt show the
  same navigation and lists as in a full build;
- when the site's shape changed (a page added or removed, a title, a URL or front matter
  changed), empties the site folder and reads every skipped page again: a full build;
- writes the search index from every page's entries, in page order (Material's own
  dirty merge keeps stale entries when two pages are rebuilt).

The result is the clean build's HTML, byte for byte (tests/site/test_dirty_serve.py).
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # MkDocs is imported where a rebuild uses it: a page rendered without MkDocs imports none
    from mkdocs.structure.files import File
    from mkdocs.structure.pages import Page

DIRTY_WARNING = "A 'dirty' build is being performed"  # MkDocs' own line on every dirty build: not a problem


@dataclass
class PageState:
    """What MkDocs and the plugins made of a page: enough to show it in other pages, or write it."""

    markdown: str
    meta: dict[str, Any]
    content: str
    toc: Any
    title: str | None
    anchors: set[str] | None
    deps: dict[str, str]  # scenario files used: {project path: sha256}


class Warnings(logging.Handler):
    """Counts the warnings of a build (but MkDocs' note that the build is dirty)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if not str(record.msg).startswith(DIRTY_WARNING):
            self.count += 1


class Incremental:
    """The state a dirty rebuild needs from the builds before it, in one process."""

    def __init__(self) -> None:
        self.pages: dict[str, PageState] = {}  # src_uri -> state
        self.search: dict[str, list[Any]] = {}  # page URL -> its search index entries
        self.shared: str | None = None
        self.shape: Any = None
        self.dests: dict[str, str] = {}  # src_uri -> the output file, to remove it when the page goes
        self.clean = False  # the last build ended without an error or a warning
        self.warnings = Warnings()
        self._digests: dict[str, tuple[int, int, str]] = {}  # path -> (mtime_ns, size, sha256)

    # -- on_pre_build
    def start(self, site_dir: str, shared: str) -> bool:
        """Begin a build; empty `site_dir` and forget every page unless the last build was clean and
        `shared` (every input all pages depend on) is unchanged. True when starting over."""
        logging.getLogger("mkdocs").addHandler(self.warnings)
        self.warnings.count = 0
        over = not self.clean or shared != self.shared
        self.clean, self.shared = False, shared
        if over:
            from mkdocs.utils import clean_directory

            self.pages, self.search, self.shape, self.dests = {}, {}, None, {}
            clean_directory(site_dir)
        return over

    def finish(self, ok: bool) -> None:
        """End a build (on_post_build, on_build_error): the next one may be dirty only after a clean one."""
        logging.getLogger("mkdocs").removeHandler(self.warnings)
        self.clean = ok and self.warnings.count == 0

    # -- on_files
    def mark(self, root: Path, pages: Iterable[File]) -> None:
        """Remove the output of every page whose scenarios changed (MkDocs then rebuilds it), and of
        every page that is gone."""
        present = set()
        for f in pages:
            present.add(f.src_uri)
            self.dests[f.src_uri] = f.abs_dest_path
            state = self.pages.get(f.src_uri)
            if state is not None and not self._unchanged(root, state.deps):
                _remove(f.abs_dest_path)
        for gone in set(self.dests) - present:
            _remove(self.dests.pop(gone))
            self.pages.pop(gone, None)

    def _unchanged(self, root: Path, deps: Mapping[str, str]) -> bool:
        for rel, digest in deps.items():
            path = str(root / rel)
            try:
                st = os.stat(path)
                known = self._digests.get(path)
                if known is None or known[:2] != (st.st_mtime_ns, st.st_size):
                    with open(path, "rb") as fh:
                        known = (st.st_mtime_ns, st.st_size, hashlib.sha256(fh.read()).hexdigest())
                    self._digests[path] = known
            except OSError:
                return False
            if known[2] != digest:
                return False
        return True

    # -- on_env
    def settle(self, site_dir: str, pages: list[Page], all_files: Iterable[str], deps: Mapping[str, dict[str, str]],
               populate: Callable[[Page], None]) -> set[str]:
        """After MkDocs read the pages it rebuilds: give the others their last state (or read them
        when there is none); if the site's shape changed, empty `site_dir` (no output stays at an
        old URL) and read them all again, so every page is written: a full build. Returns the
        pages this build writes (src_uri).

        A page given its last state is never written (its output is unchanged), so only what
        other pages show of it is kept: its title and front matter, its anchors."""
        read = {p.file.src_uri for p in pages if p.markdown is not None}
        for page in pages:
            state = self.pages.get(page.file.src_uri)
            if page.file.src_uri in read:
                continue
            if state is None:
                self._read_again(page, populate, read)
            else:
                _restore(page, state)
        shape = [sorted(all_files)] + [(p.file.src_uri, p.url, p.title, json.dumps(p.meta, sort_keys=True, default=str))
                                       for p in pages]
        if self.shape is not None and shape != self.shape:
            from mkdocs.utils import clean_directory

            clean_directory(site_dir)  # before MkDocs copies the static files and writes any page
            for page in pages:
                if page.file.src_uri not in read:
                    self._read_again(page, populate, read)
        self.shape = shape
        for page in pages:
            if page.file.src_uri in read and page.markdown is not None:
                self.pages[page.file.src_uri] = _state(page, deps.get(page.file.src_uri, {}))
        return read

    @staticmethod
    def _read_again(page: Page, populate: Callable[[Page], None], read: set[str]) -> None:
        """Read and render `page` as MkDocs would have, and remove its output so MkDocs writes it."""
        page.markdown = None
        populate(page)
        _remove(page.file.abs_dest_path)
        read.add(page.file.src_uri)

    # -- on_post_build
    def search_index(self, site_dir: str, pages: list[Page], built: set[str]) -> None:
        """The search index of every page, in page order: the rebuilt pages' entries from the file
        the search plugin just wrote, the others' from earlier builds."""
        path = Path(site_dir) / "search" / "search_index.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        fresh: dict[str, list[Any]] = {}
        for entry in data.get("docs", []):
            fresh.setdefault(str(entry.get("location", "")).split("#")[0], []).append(entry)
        docs = []
        for page in pages:
            if page.file.src_uri in built:
                self.search[page.url] = fresh.get(page.url, [])
            docs += self.search.get(page.url, [])
        data["docs"] = docs
        path.write_text(json.dumps(data, separators=(",", ":"), default=str), encoding="utf-8")


def _state(page: Page, deps: dict[str, str]) -> PageState:
    return PageState(page.markdown or "", dict(page.meta), page.content or "", page.toc, page._title_from_render,
                     page.present_anchor_ids, dict(deps))


def _restore(page: Page, state: PageState) -> None:
    page.markdown, page.meta, page.content, page.toc = state.markdown, dict(state.meta), state.content, state.toc
    page._title_from_render = state.title
    page.present_anchor_ids = state.anchors


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


def page_deps(deps: Mapping[str, str], root: Path, docs_dir: str, config_file: str) -> dict[str, str]:
    """The files a page's output depends on, from what its Jinja read (`RenderedPage.deps`).

    `page_list()` reads every page of its language and `mkdocs.yml`, but a site build replaces
    that list with the navigation's (`navigation.fill_page_lists`): the titles and front matter
    of the site's shape, which `settle` compares. `mkdocs.yml` is a shared input. So both are
    left out (pages: Markdown files under `docs_dir`), and saving one page does not rebuild the
    home page too; a scenario stays a dependency wherever its folder is.
    """
    from mkdocs.utils import is_markdown_file

    docs, config = Path(docs_dir).resolve(), Path(config_file).resolve()
    out = {}
    for rel, digest in deps.items():
        p = (root / rel).resolve()
        if p != config and not (is_markdown_file(p.name) and p.is_relative_to(docs)):
            out[rel] = digest
    return out


def shared_inputs(config_file: str, root: Path, fingerprint: str, scenarios_dir: Path) -> str:
    """A hash of what every page depends on: the code fingerprint (package, partials), the
    config and `pyproject.toml` (the play budget), and which scenario files exist."""
    h = hashlib.sha256(fingerprint.encode())
    for p in (Path(config_file), root / "pyproject.toml"):
        try:
            data = p.read_bytes()
        except OSError:
            data = b"\0missing"
        h.update(len(data).to_bytes(8, "big") + data)
    if scenarios_dir.is_dir():
        for p in sorted(scenarios_dir.rglob("*.y*ml")):
            h.update(str(p.relative_to(scenarios_dir)).encode() + b"\0")
    return h.hexdigest()


class DropDirtyWarning(logging.Filter):
    """MkDocs warns on every dirty build that navigation may be wrong; with `Incremental` it is
    not, and under `strict: true` the warning alone would abort each rebuild."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith(DIRTY_WARNING)
