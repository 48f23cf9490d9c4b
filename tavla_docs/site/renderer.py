"""The page renderer: authored Markdown with Jinja calls, rendered to Markdown plus HTML fragments.

A page calls helpers such as `{{ diagram("bear-off/mid-move") }}`. Block helpers
(diagrams, tables, the glossary) leave a placeholder comment in the Markdown and
keep their HTML aside; `fill()` puts the HTML back after Markdown has run, so
Python-Markdown never parses kilobytes of SVG (style.md: ~2.3× faster).

Partials (the package's, or a project's `templates/` overrides) render with autoescape, so captions, labels and
page variables are always text; SVG from the renderer is trusted `Markup`.
Pages come from contributors, like pull requests: their Jinja runs in
`sandbox.PageSandbox`, so a page cannot reach Python's internals, the file
system or the environment, and cannot stall the build (`sandbox` and
`page.MAX_BLOCKS`); what the sandbox refuses is an error at the page line.

Errors name the page line (`content/tr/x.md:12: error: …`) or, for a scenario's
claims, the scenario's own `path:line:col` diagnostics.

`SiteRenderer` is what a build shares between pages, and it composes each page's
context from the helpers (`helpers.PageHelpers`, `odds_pages.OddsHelpers`) over
a fresh `page.Page`. The helpers see the renderer only through the `page.Site`
and `figures.FigureSite` protocols, so nothing here is imported back.

>>> r = SiteRenderer(Path(__file__).parents[2], cache_dir=None)  # None: no cache on disk
>>> page = r.render_page('Oyna {{ play("9/3 3/off") }}.', path="x.md", lang="tr")
>>> "tavla-play" in page.markdown and "9/3 3/off" in page.markdown
True
"""
from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2

from ..languages import registry
from . import figure_css, figures, glossary, i18n, partialaudit, placeholders, provenance
from .audit import framefacts, plays, reader, situations, statements
from .audit.numberedside import figure_sides, numbered_side_problems
from .audit.optvariants import variant_problems
from .audit.printed import printed_text_problems
from .audit.problems import Problem
from .audit.statements import page_rules
from .cache import DEFAULT_CACHE_DIR, Cache, code_fingerprint, deps_unchanged, project_path
from .checks import DEFAULT_SCENARIOS_DIR, CheckRecord
from .env import Environments
from .errors import HelperError, PageError, render_error, syntax_error
from .helpers import PageHelpers
from .languages import FolderListing, folder_listing
from .odds_pages import OddsHelpers
from .odds_rows import odds_counts
from .page import Page
from .quoting import clip
from .sandbox import MAX_SIZE, size_of

if TYPE_CHECKING:
    from ..engine.rules import Ruleset

# The engine (rules, notation, odds, scenarios, renderer) is imported where it is
# used: a warm build takes every page from the cache and never needs it.


MAX_LINE = 400  # characters of one line of a page error (a scenario's own diagnostics are left whole)


def _clipped(err: PageError) -> PageError:
    """The error with each line cut to MAX_LINE: whatever a message quotes, it prints no megabyte."""
    return PageError("\n".join(clip(line, MAX_LINE) for line in str(err).splitlines()))


@dataclass
class Memo:
    """What a renderer works out from files' paths and bytes alone, kept by the plugin for every
    build of its process (each rebuild of `mkdocs serve` makes a new renderer): the checked
    scenarios (`figures`), and how paths print (`display`, `rel`: resolving walks each component)."""

    loaded: dict[tuple[str, str, str, bytes], Any] = field(default_factory=dict)  # (path, folder, shown, bytes) -> scenario
    rels: dict[tuple[str, str, str], str] = field(default_factory=dict)  # (root, path, working dir) -> rel()
    shown: dict[tuple[str, str, str], str] = field(default_factory=dict)  # likewise -> display()


@dataclass
class RenderedPage:
    """A page after Jinja: Markdown with placeholders, and the HTML for each placeholder."""

    markdown: str
    fragments: dict[int, str] = field(default_factory=dict)
    figures: int = 0
    tables: int = 0
    deps: dict[str, str] = field(default_factory=dict)  # scenario files used: {project path: sha256}
    problems: list[Problem] = field(default_factory=list)  # what the reader audit found (`audit.reader`)


class SiteRenderer(Environments):
    """The Jinja environments, catalogs, helpers and cache shared by every page of a build."""

    def __init__(self, root: Path, *, scenarios_dir: str | Path = DEFAULT_SCENARIOS_DIR,
                 templates_dir: str | Path = "templates", cache_dir: str | Path | None = DEFAULT_CACHE_DIR,
                 locales_dir: Path = i18n.LOCALES_DIR, languages: Sequence[str] = i18n.LANGUAGES,
                 bytecode: jinja2.BytecodeCache | None = None, memo: Memo | None = None,
                 project_locales: str | Path | None = None) -> None:
        self.root = Path(root).resolve()
        super().__init__(self.root / templates_dir, locales_dir, languages, bytecode)
        self.project_locales = None if project_locales is None else self.root / project_locales
        i18n.use_project_locales(self.project_locales)  # the audit checks the catalogs the pages use
        self.scenarios_dir = self.root / scenarios_dir
        self._scenarios_rel = project_path(self.root, self.scenarios_dir)
        self.cache = Cache.in_project(self.root, cache_dir)
        self.checks = CheckRecord(self.cache, self.root)  # keyed by the package alone: what a check depends on
        # Every file whose words reach a page, besides its own text and its scenarios (`deps`), keys
        # every cached render: the partials, the registry entries, both layers of catalogs (the
        # project's and the ones it falls back to, wherever `locales_dir` puts them) and the glossary.
        self.fingerprint = code_fingerprint(self.data_inputs())
        self._looked_up: dict[str, RenderedPage] = {}  # pages `is_cached` found, until rendered
        self._found: dict[str, Path] = {}  # scenario name -> its file (`scenario_path`), for this build
        self.memo = memo if memo is not None else Memo()
        self.loaded = self.memo.loaded  # checked scenarios (figures.py)
        self._listings: dict[str, FolderListing] = {}  # `page_listing`, for this build
        self._digests: dict[str, str | None] = {}  # the files cached pages used: their sha256 in this build

    def data_inputs(self) -> list[Path]:
        """The folders and files, besides the package's code, that what a page prints depends on."""
        return [self.templates_dir, self.root / registry.PROJECT_FOLDER, self.locales_dir,
                *([self.project_locales] if self.project_locales else []), glossary.GLOSSARY_FILE]

    # -- pages
    def render_page(self, source: str, *, path: str, lang: str, meta: Mapping[str, Any] | None = None,
                    first_line: int = 1, tree: Any = None) -> RenderedPage:
        """Run a page's Jinja; raise PageError with `path:line` on any failure.

        `first_line` is the file line where `source` starts (after front matter); `tree`: the
        page environment's parse of `source`, when the caller has it (the audit's workers).
        """
        off = first_line - 1
        if meta and size_of(dict(meta)) > MAX_SIZE:  # YAML aliases can repeat one list a billion times
            raise PageError(f"{path}:1: error: the front matter holds more than {MAX_SIZE:,} characters or items")
        key = self.page_key(source, path=path, lang=lang, meta=meta, first_line=first_line)
        hit = self._looked_up.pop(key, None) or self._cached(key)
        if hit is not None:
            return hit
        page = self._render(source, path=path, lang=lang, meta=meta, off=off, tree=tree)
        self.cache.put(key, {"markdown": page.markdown, "fragments": page.fragments, "figures": page.figures,
                             "tables": page.tables, "deps": page.deps,
                             "problems": [dataclasses.astuple(p) for p in page.problems]})
        return page

    def page_key(self, source: str, *, path: str, lang: str, meta: Mapping[str, Any] | None = None,
                 first_line: int = 1) -> str:
        """The cache key of a rendered page: the code and data (`fingerprint`), the page's place, its
        text and front matter, and the scenario folder its names are found in."""
        return Cache.key(self.fingerprint, "page", lang, path, str(first_line), source,
                         json.dumps(dict(meta or {}), sort_keys=True, default=str), self._scenarios_rel)

    def is_cached(self, key: str) -> bool:
        """Whether the page under `key` comes from the cache (its scenarios unchanged); a hit is kept
        for `render_page`, so asking first does not read the entry twice."""
        hit = self._cached(key)
        if hit is not None:
            self._looked_up[key] = hit
        return hit is not None

    def _cached(self, key: str) -> RenderedPage | None:
        hit = self.cache.get(key)
        if hit is None or not deps_unchanged(self.root, hit["deps"], self._digests):
            return None
        return RenderedPage(hit["markdown"], {int(k): v for k, v in hit["fragments"].items()}, hit["figures"],
                            hit["tables"], dict(hit["deps"]), [Problem(*p) for p in hit.get("problems", [])])

    def _render(self, source: str, *, path: str, lang: str, meta: Mapping[str, Any] | None, off: int,
                tree: Any = None) -> RenderedPage:
        env = self.page_env(lang)
        code = None
        if tree is not None:
            try:
                code = env.compile(tree, name=path, filename=path)
            except Exception:  # noqa: BLE001 - compiled from its text below: the error as always
                code = None
        try:
            if code is None:
                code = env.compile(source, name=path, filename=path)
            template = env.template_class.from_code(env, code, env.make_globals(None), None)
        except jinja2.TemplateSyntaxError as e:
            raise _clipped(syntax_error(e, path, off)) from None
        page = Page(self, path, lang)
        try:
            with provenance.recording(), partialaudit.collecting() as in_partials:
                marked = template.render(**self.context(page, meta or {}))
        except PageError:
            raise
        except Exception as e:  # a helper's HelperError, or a template error: undefined names, wrong arguments
            err = render_error(e, path, off)
            raise (err if isinstance(e, HelperError) and e.located else _clipped(err)) from None
        t = self.translations(lang)
        sides = {"white": t.gettext("White"), "black": t.gettext("Black")}
        problems = printed_text_problems(marked, lang, path, source, off + 1, sides,
                                         page_rules(source, self.scenario_rules)) \
            + reader.swallowed_problems(marked, path, source, off + 1) \
            + reader.printed_html_problems(marked, path, source, off + 1) + in_partials \
            + plays.page_problems(marked, lang, path, source, off + 1, sides, self.checked_scenario) \
            + situations.page_problems(marked, lang, path, source, off + 1, sides, self.checked_scenario) \
            + framefacts.page_problems(marked, lang, path, source, off + 1, sides, self.checked_scenario) \
            + variant_problems(self, template, page, meta, marked, path, lang, source, off + 1) \
            + numbered_side_problems(marked, lang, path, source, off + 1, sides, lambda: figure_sides(self, page))
        problems = _one_per_place(problems)
        fragments = figure_css.share({k: provenance.strip(v) for k, v in page.fragments.items()})
        return RenderedPage(provenance.strip(marked), fragments, page.figures, page.tables, page.deps, problems)

    @staticmethod
    def context(page: Page, meta: Mapping[str, Any]) -> dict[str, Any]:
        """The names a page's Jinja sees: its helpers, its language and its front matter (`meta`)."""
        return {**PageHelpers(page).helpers(), "lang": page.lang, "meta": dict(meta),
                **OddsHelpers(page).helpers()}  # bearoff_table, bearoff_chart, race_table (odds_pages.py)

    @staticmethod
    def fill(html_text: str, fragments: Mapping[int, str]) -> str:
        """Put each fragment's HTML where its placeholder is (after Markdown)."""
        return placeholders.fill(html_text, fragments)

    # -- paths
    def display(self, p: Path) -> str:
        """A path as compilers print it: relative to the working directory when inside it.
        Kept per (path, working directory) in `memo`: a page's helpers and the audit ask for the
        same paths often, and resolving walks every component."""
        key = (str(self.root), str(p), os.getcwd())
        shown = self.memo.shown.get(key)
        if shown is None:
            try:
                shown = str(p.resolve().relative_to(Path.cwd().resolve()))
            except ValueError:
                shown = self.rel(p)
            self.memo.shown[key] = shown
        return shown

    def rel(self, p: Path) -> str:
        """A path relative to the project root: the form cache keys and `deps` use."""
        key = (str(self.root), str(p), os.getcwd())
        found = self.memo.rels.get(key)
        if found is None:
            found = self.memo.rels[key] = project_path(self.root, p)
        return found

    # -- what the helpers draw on, cached
    def scenario_rules(self, name: str) -> Any:
        """The game of scenario `name` (its `variant:` line), or None: a page with no `rules()`
        speaks of its figures' game (`audit.statements`)."""
        try:
            text = self.scenario_path(name).read_text(encoding="utf-8")
        except (HelperError, OSError, UnicodeDecodeError):
            return None
        return statements.scenario_game(text)

    def scenario_path(self, name: str) -> Path:
        """The file of scenario `name`, found once per build (a page's figures, facts and try-it
        panels, in both languages, ask for the same names; finding one resolves and confines it)."""
        found = self._found.get(name)
        if found is None:
            found = self._found[name] = figures.find_scenario(self.scenarios_dir, name, self.rel)
        return found

    def page_listing(self, lang: str) -> FolderListing:
        """mkdocs.yml and `lang`'s pages as `page_list()` lists them, read once per build: a
        renderer lives for one build, so a page saved since is read by the next."""
        found = self._listings.get(lang)
        if found is None:
            found = self._listings[lang] = folder_listing(self.root, lang)
        return found

    def figure_data(self, name: str, lang: str, deps: dict[str, str] | None = None, step: int | None = None,
                    repeat: int = 0) -> dict[str, Any]:
        """SVG, caption and facts of a scenario's diagram (or frame `step` of its `then:` story),
        from the cache when the file is unchanged."""
        return figures.figure_data(self, name, lang, deps, step, repeat)

    def checked_scenario(self, name: str, deps: dict[str, str] | None = None) -> Any:
        """A scenario whose claims hold, for the facts a page or caption states about it."""
        return figures.checked_scenario(self, name, deps)

    def odds_counts(self, spec: str, rules: Ruleset) -> list[int]:
        return odds_counts(self.cache, self.fingerprint, spec, rules)

    def glossary_data(self) -> list[dict[str, Any]]:
        return glossary.glossary_sections()


def _one_per_place(problems: list[Problem]) -> list[Problem]:
    """One problem per source place: two checks that read the same words (a die named beside the
    wrong move is both a play's and a subject's fault) report it once, the first check's way."""
    seen: set[tuple[str, int, int]] = set()
    out = []
    for p in problems:
        if (p.path, p.line, p.col) not in seen:
            seen.add((p.path, p.line, p.col))
            out.append(p)
    return out
