"""Pages: authored Markdown with Jinja calls, rendered to Markdown plus HTML fragments.

A page calls helpers such as `{{ diagram("bear-off/mid-move") }}`. Block helpers
(diagrams, tables, the glossary) leave a placeholder comment in the Markdown and
keep their HTML aside; `fill()` puts the HTML back after Markdown has run, so
Python-Markdown never parses kilobytes of SVG (style.md: ~2.3× faster).

Partials in `templates/` are rendered with autoescape, so captions, labels and
page variables are always text; SVG from the renderer is trusted `Markup`.

Errors name the page line (`content/tr/x.md:12: error: …`) or, for a scenario's
claims, the scenario's own `path:line:col` diagnostics.

This module is the entry point: `SiteRenderer` ties the parts together, and the
names other code imports from here are re-exported. The parts, one job each:
`env` (Jinja environments, catalogs), `cache` (content-hash cache), `errors`
(page locations), `placeholders`, `helpers` (the functions pages call),
`figures` (scenario diagrams), `odds_rows`, `reading` (plays read aloud), `glossary`.

>>> r = SiteRenderer(Path(__file__).parents[2])
>>> page = r.render_page('Oyna {{ play("9/3 3/off") }}.', path="x.md", lang="tr")
>>> "tavla-play" in page.markdown and "9/3 3/off" in page.markdown
True
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2

from . import figures, i18n, placeholders
from .cache import PACKAGE_DIR, Cache, code_fingerprint, deps_unchanged
from .env import Environments
from .errors import HelperError, PageError, render_error, syntax_error
from .glossary import GLOSSARY_FILE, glossary_sections
from .helpers import _Page
from .odds_rows import OddsRow, bear_off_count, odds_counts, odds_label, parse_odds_spec
from .placeholders import PLACEHOLDER
from .reading import read_play

if TYPE_CHECKING:
    from ..engine.rules import Ruleset

# The engine (rules, notation, odds, scenarios, renderer) is imported where it is
# used: a warm build takes every page from the cache and never needs it.

__all__ = [
    "GLOSSARY_FILE", "PACKAGE_DIR", "PLACEHOLDER", "Cache", "HelperError", "OddsRow", "PageError", "RenderedPage",
    "SiteRenderer", "bear_off_count", "code_fingerprint", "odds_label", "parse_odds_spec", "read_play",
]


@dataclass
class RenderedPage:
    """A page after Jinja: Markdown with placeholders, and the HTML for each placeholder."""

    markdown: str
    fragments: dict[int, str] = field(default_factory=dict)
    figures: int = 0
    tables: int = 0
    deps: dict[str, str] = field(default_factory=dict)  # scenario files used: {project path: sha256}


class SiteRenderer(Environments):
    """The Jinja environments, catalogs, helpers and cache shared by every page of a build."""

    def __init__(self, root: Path, *, scenarios_dir: str | Path = "scenarios", templates_dir: str | Path = "templates",
                 cache_dir: str | Path | None = ".tavla-cache", locales_dir: Path = i18n.LOCALES_DIR,
                 languages: Sequence[str] = i18n.LANGUAGES) -> None:
        self.root = Path(root).resolve()
        super().__init__(self.root / templates_dir, locales_dir, languages)
        self.scenarios_dir = self.root / scenarios_dir
        self.cache = Cache(self.root / cache_dir / "site" if cache_dir else None)
        self.code_fingerprint = code_fingerprint()  # the package alone: what a scenario check depends on
        self.fingerprint = code_fingerprint([self.templates_dir])

    # -- pages
    def render_page(self, source: str, *, path: str, lang: str, meta: Mapping[str, Any] | None = None,
                    first_line: int = 1) -> RenderedPage:
        """Run a page's Jinja; raise PageError with `path:line` on any failure.

        `first_line` is the file line where `source` starts (after front matter).
        """
        off = first_line - 1
        key = Cache.key(self.fingerprint, "page", lang, path, str(first_line), source,
                        json.dumps(dict(meta or {}), sort_keys=True, default=str))
        hit = self.cache.get(key)
        if hit is not None and deps_unchanged(self.root, hit["deps"]):
            return RenderedPage(hit["markdown"], {int(k): v for k, v in hit["fragments"].items()},
                                hit["figures"], hit["tables"])
        page = self._render(source, path=path, lang=lang, meta=meta, off=off)
        self.cache.put(key, {"markdown": page.markdown, "fragments": page.fragments, "figures": page.figures,
                             "tables": page.tables, "deps": page.deps})
        return page

    def _render(self, source: str, *, path: str, lang: str, meta: Mapping[str, Any] | None, off: int) -> RenderedPage:
        env = self.page_env(lang)
        try:
            code = env.compile(source, name=path, filename=path)
            template = env.template_class.from_code(env, code, env.make_globals(None), None)
        except jinja2.TemplateSyntaxError as e:
            raise syntax_error(e, path, off) from None
        page = _Page(self, path, lang)
        try:
            text = template.render(**page.context(meta or {}))
        except PageError:
            raise
        except Exception as e:  # a helper's HelperError, or a template error: undefined names, wrong arguments
            raise render_error(e, path, off) from None
        return RenderedPage(text, page.fragments, page.figures, page.tables, page.deps)

    @staticmethod
    def fill(html_text: str, fragments: Mapping[int, str]) -> str:
        """Put each fragment's HTML where its placeholder is (after Markdown)."""
        return placeholders.fill(html_text, fragments)

    # -- paths
    def display(self, p: Path) -> str:
        """A path as compilers print it: relative to the working directory when inside it."""
        try:
            return str(p.resolve().relative_to(Path.cwd().resolve()))
        except ValueError:
            return self.rel(p)

    def rel(self, p: Path) -> str:
        """A path relative to the project root: the form cache keys and `deps` use."""
        try:
            return str(p.resolve().relative_to(self.root))
        except ValueError:
            return str(p)

    # -- what the helpers draw on, cached
    def scenario_path(self, name: str) -> Path:
        return figures.find_scenario(self.scenarios_dir, name, self.rel)

    def checked_key(self, path: Path, data: bytes) -> str:
        """The cache key saying "every claim of this exact file holds with this exact code"."""
        return Cache.key(self.code_fingerprint, "checked", self.rel(path), data)

    def figure_data(self, name: str, lang: str, deps: dict[str, str] | None = None, step: int | None = None,
                    repeat: int = 0) -> dict[str, Any]:
        """SVG, caption and facts of a scenario's diagram (or frame `step` of its `then:` story),
        from the cache when the file is unchanged."""
        return figures.figure_data(self, name, lang, deps, step, repeat)

    def odds_counts(self, spec: str, rules: Ruleset) -> list[int]:
        return odds_counts(self.cache, self.fingerprint, spec, rules)

    def glossary_data(self) -> list[dict[str, Any]]:
        return glossary_sections()
