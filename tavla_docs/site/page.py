"""One page being rendered: the state its helpers share, and what they may use of the build.

A `Page` holds what must not leak between pages: figure and table numbers,
anchors, the placeholder fragments and the scenario files used. Helpers get the
build through the `Site` protocol, not the renderer class, so the renderer can
compose a page's helpers without the helpers depending on it.

It also bounds what one page may ask the build to draw: MAX_BLOCKS figures,
tables and other blocks, and MAX_ROWS rows across its tables and charts. The
site's largest page has 8 figures; a diagram costs about 40 ms to draw, so a
page in a loop could otherwise keep a build busy for hours.
"""
from __future__ import annotations

import gettext
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from . import placeholders
from .errors import HelperError
from .provenance import FactMarkup

if TYPE_CHECKING:
    from ..engine.rules import Ruleset
    from .cache import Cache

MAX_BLOCKS = 100  # figures, tables, charts, legends and glossaries on one page
MAX_ROWS = 500  # rows of all the page's tables and charts together


class Site(Protocol):
    """What page helpers use of a build; `renderer.SiteRenderer` is the one implementation."""

    cache: Cache
    fingerprint: str  # the code and the project's partials: keys of what helpers cache

    def translations(self, lang: str) -> gettext.GNUTranslations: ...

    def partial(self, name: str, lang: str, **context: Any) -> str: ...

    def rel(self, p: Path) -> str: ...

    def scenario_path(self, name: str) -> Path: ...

    def figure_data(self, name: str, lang: str, deps: dict[str, str] | None = None, step: int | None = None,
                    repeat: int = 0) -> dict[str, Any]: ...

    def checked_scenario(self, name: str, deps: dict[str, str] | None = None) -> Any: ...

    def odds_counts(self, spec: str, rules: Ruleset) -> list[int]: ...

    def glossary_data(self) -> list[dict[str, Any]]: ...


class Page:
    """Per-page state: numbers, anchors, fragments and dependencies of the page being rendered."""

    def __init__(self, site: Site, path: str, lang: str) -> None:
        self.site = site
        self.path = path
        self.lang = lang
        self.t = site.translations(lang)
        self.fragments: dict[int, str] = {}
        self.deps: dict[str, str] = {}  # scenario files used: {project path: sha256}
        self.figures = 0
        self.tables = 0
        self.anchors: set[str] = set()
        self.drawn: dict[tuple[str, int], int] = {}  # (scenario file, frame) -> times drawn on this page
        self.rows = 0  # rows of the page's tables and charts so far
        self.stated: set[str] = set()  # scenarios whose facts the page states (`scenario(…)`)

    def block(self, html_text: str) -> str:
        """Keep a block helper's HTML aside; its placeholder goes into the Markdown."""
        return FactMarkup(placeholders.insert(self.fragments, html_text))  # its HTML is audited apart

    def check_blocks(self) -> None:
        """Before drawing another block: a page has at most MAX_BLOCKS."""
        if len(self.fragments) >= MAX_BLOCKS:
            raise HelperError(f"a page has at most {MAX_BLOCKS} figures, tables and other blocks; split the page")

    def count_rows(self, n: int) -> None:
        """Before computing a table's or chart's `n` rows: a page has at most MAX_ROWS."""
        self.check_blocks()
        self.rows += n
        if self.rows > MAX_ROWS:
            raise HelperError(f"a page's tables and charts have at most {MAX_ROWS} rows together; split the page")
