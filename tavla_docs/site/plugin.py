"""The MkDocs plugin: thin event handlers around plain modules.

Each event hands its work to a module that does one job: `languages` (the
default language at the root, the others in their folders; switcher and
hreflang links), `navigation` (one navigation per language) and `extension`
(`TavlaExtension`, the one rendering path of every generator: a page's Jinja,
helpers, figures and typography, put on MkDocs' Markdown in `on_config`). What is left
here is MkDocs' side: options, `File` objects, theme settings, the build's checks
(the audit, the pins, the record other generators trust: `buildrecord`), `serve` watches.

Under `mkdocs serve` an error the plugin raises does not fail the build: every page of the
preview lists the errors instead (`preview.preview_safe`). `mkdocs build` fails as before.

Under `--dirty` (`make serve`) a rebuild redoes only the pages whose source or scenarios
changed, and gives the others their last state (`build/incremental.py`): the same HTML as a full build.
Every speed path of the build (workers, the audit replayed, kept templates, `--dirty`) is
reached through `buildspeed`, which `TAVLA_DOCS_PURE` switches to the reference build.
"""
from __future__ import annotations

import functools
import logging
import posixpath
import sys
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from mkdocs.commands.build import _populate_page
from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from ..diagram.words import missing_words
from ..engine.budget import PlayBudget, using
from ..errors import TavlaError
from ..files import special_files
from ..languages import registry
from ..scenario.project import project_budget
from . import auditmode, buildrecord, buildspeed, csstrim, direction, i18n, jstrim, placeholders
from .audit.problems import Problem
from .audit.reader import reader_report
from .cache import DEFAULT_CACHE_DIR
from .checks import DEFAULT_SCENARIOS_DIR
from .errors import PageError, failure_pages
from .extension import TavlaExtension, use_in
from .languages import DEFAULT_LANGUAGE, DEFAULT_LANGUAGES, Languages, LayoutError
from .links import check_links, file_languages
from .navigation import apply_slugs, fill_page_lists, home_url, language_navs, page_url
from .preview import preview_safe
from .quoting import non_utf8_name
from .readertext import cached_reader_text, check_snapshot
from .redirects import Moved, fill_redirects, redirect_files
from .renderer import Memo, SiteRenderer
from .sourcefiles import front_matter_lines as _front_matter_lines
from .sourcefiles import regular_source as _regular_source

if TYPE_CHECKING:
    from mkdocs.utils.templates import TemplateContext

log = logging.getLogger("mkdocs.plugins.tavla_docs")
_said: set[str] = set()  # warnings that do not fail a strict build, printed once per process
THEME_DIR = Path(__file__).parent / "theme"


class TavlaDocsConfig(Config):
    languages = c.Type(dict, default=dict(DEFAULT_LANGUAGES))
    default_language = c.Type(str, default=DEFAULT_LANGUAGE)
    scenarios_dir = c.Type(str, default=DEFAULT_SCENARIOS_DIR)
    templates_dir = c.Type(str, default="templates")
    cache_dir = c.Optional(c.Type(str))
    progress_every = c.Type(int, default=0)
    # The site's name per language (the header shows it); default: mkdocs.yml's site_name.
    site_names = c.Type(dict, default={})
    # Page order in every language's navigation, by file name (others follow alphabetically).
    nav_order = c.Type(list, default=[])
    # The page that ends every language's navigation (e.g. glossary.md); the build checks it (`gates`).
    nav_last = c.Optional(c.Type(str))
    # The share (percent) of checker moves the figures' claims must notice (`scenario.pins`, `tavla-docs
    # pins`); checked with the audit, below it the build fails; 0: not checked.
    min_pin_score = c.Type((int, float), default=100)
    # The reader-text snapshot's folder (`site.readertext`, `tavla-docs review`), relative to mkdocs.yml:
    # a build fails when a page's file there is stale; unset: no snapshot.
    reader_text = c.Optional(c.Type(str))
    # The fact audit (`site.audit`): "strict" fails the build on a literal fact, "warn" logs it,
    # "off" skips it; default: strict, whatever MkDocs' own `strict:` says.
    audit = c.Optional(c.Choice(("strict", "warn", "off")))
    # The play budget of each roll (engine.budget); unset: pyproject.toml's [tool.tavla-docs], else the default.
    max_plays = c.Optional(c.Type(int))
    max_seconds = c.Optional(c.Type((int, float)))
    # The project's own message catalogs (`<dir>/<lang>/LC_MESSAGES/messages.po`), relative to mkdocs.yml:
    # each is used for its language instead of the package's (a language the project adds).
    locales_dir = c.Optional(c.Type(str))


class TavlaDocsPlugin(BasePlugin[TavlaDocsConfig]):
    """Renders the Jinja calls of every page, inserts figures after Markdown, links languages."""

    supports_multiple_instances = False

    def __init__(self) -> None:
        self.renderer: SiteRenderer | None = None
        self.layout = Languages(dict(DEFAULT_LANGUAGES), DEFAULT_LANGUAGE)
        self.lang_of: dict[str, str] = {}  # page src_uri -> language
        self.navs: dict[str, Navigation] = {}
        self.extension: TavlaExtension | None = None  # this build's, on MkDocs' Markdown (on_config)
        self.proof = buildrecord.AuditedBuild()  # what the extension asks before it renders a page
        self.read_problems: dict[str, list[Problem]] = {}  # page src_uri -> the reader audit's problems
        self._audit_mode = "strict"
        self.svgs: dict[str, placeholders.DeferredSvg] = {}  # page src_uri -> its SVG, until on_post_page
        self.progress: Any = None  # callable(done, total) set by `tavla-docs build`
        # Set by `tavla-docs review`: do not check the reader-text snapshot; the command writes
        # `read_texts` itself once the whole build has succeeded (a strict warning aborts it after on_post_build).
        self.review_write = False
        self.read_texts: dict[str, str] = {}  # "<lang>/<page>.txt" -> what a reader reads on it
        self._done = 0
        self._theme_language: str | None = None
        self._theme_direction: str | None = None
        self._site_name = ""
        self._cache_dir: str = DEFAULT_CACHE_DIR
        self.budget: PlayBudget | None = None  # set by `tavla-docs build`: its --max-plays wins
        self._budget_scope = ExitStack()
        self.serving = False  # under `mkdocs serve`: errors become the preview's page
        self.failures: list[str] = []
        self.skipping = False
        self.incremental: buildspeed.Incremental | None = None  # under --dirty: what a rebuild may skip
        self._audit_warm = False  # under --dirty: this process has audited once (its memos are warm)
        self.deps: dict[str, dict[str, str]] = {}  # page src_uri -> the scenario files it used
        self.moved: list[tuple[Moved, File]] = []  # pages a slug moved, each with its redirect file (`redirects`)
        self.built: set[str] = set()  # pages written by this build
        self.order: list[Page] = []  # the pages of this build, in MkDocs' order
        self._link_langs: dict[str, str] | None = None  # each file's language, for check_links; per build
        self._quiet = buildspeed.DropDirtyWarning()
        self._theme_code = buildspeed.template_cache()  # the theme's compiled templates, for every rebuild of `serve`
        self._partial_code = buildspeed.template_cache()  # the project's partials, likewise
        self._memo = Memo()  # checked scenarios and printed paths, for every build of this process

    def on_startup(self, *, command: str, dirty: bool) -> None:
        # Defining on_startup makes MkDocs keep this instance for every later build in the process
        # (each rebuild of `mkdocs serve`): per-build state is reset in on_config, and what a
        # caller sets for one build (`tavla-docs build`: budget, progress) in on_shutdown.
        self.serving = command == "serve"
        self._audit_warm = False
        if dirty:
            self.incremental = buildspeed.Incremental()
            logging.getLogger("mkdocs.commands.build").addFilter(self._quiet)

    def on_shutdown(self) -> None:
        self.budget = self.progress = None
        self.serving = False
        self.incremental = None
        logging.getLogger("mkdocs.commands.build").removeFilter(self._quiet)

    # -- configuration
    def on_config(self, config: Any) -> Any:
        self.failures, self.skipping = [], False
        return self._configure(config)

    @preview_safe(whole_site=True)
    def _configure(self, config: Any) -> Any:
        root = Path(config.config_file_path).resolve().parent
        self.layout = Languages(self.config.languages, self.config.default_language)
        try:
            self.layout.check()
            registry.use_project(root)  # the project's languages/<code>.yaml
            for lang in self.layout.codes:
                registry.get(lang)
        except LayoutError as e:
            raise PluginError(f"{config.config_file_path}: error: {e}") from None
        except registry.LanguageError as e:
            raise PluginError(str(e)) from None
        for lang in self.layout.codes:  # a figure word in English on a page in another language: said, not silent
            missing = missing_words(lang)
            if missing:
                log.warning(f"{registry.get(lang).source}: {len(missing)} figure words of {lang!r} are not "
                            f"translated and print in English: {', '.join(missing[:8])}"
                            f"{', …' if len(missing) > 8 else ''}\n    hint: add them under `words:` and "
                            "`pinner:` (docs/authoring.md, \"Adding a language\")")
        self._cache_dir = self.config.cache_dir if self.config.cache_dir is not None else DEFAULT_CACHE_DIR
        self.renderer = SiteRenderer(root, scenarios_dir=self.config.scenarios_dir,
                                     templates_dir=self.config.templates_dir, cache_dir=self._cache_dir,
                                     languages=self.layout.codes, bytecode=self._partial_code if self.serving else None,
                                     memo=self._memo, project_locales=self.config.locales_dir)
        for lang in self.layout.codes:  # fail early, with the catalog's path, on a broken .po file
            try:
                self.renderer.translations(lang)
            except i18n.CatalogError as e:
                raise PluginError(str(e)) from None
        self._report_catalog_gaps()
        self.proof = buildrecord.AuditedBuild()
        self.extension = TavlaExtension(renderer=self.renderer, proof=self.proof, defer_svg=True,
                                        languages=list(self.layout.codes))
        use_in(config.markdown_extensions, config.mdx_configs, self.extension)
        if str(THEME_DIR) not in config.theme.dirs:
            config.theme.dirs.insert(0, str(THEME_DIR))
        self._theme_language = config.theme.get("language")
        self._theme_direction = config.theme.get("direction")
        self._site_name = config.site_name
        self.svgs, self.deps, self.built = {}, {}, set()
        self.read_texts = {}  # this build's pages only: MkDocs may hand back the same plugin for the next
        self._link_langs = None
        self._done = 0
        return config

    def _report_catalog_gaps(self) -> None:
        """The messages a project catalog lacks (`catalogstatus.project_lacks`): said once per
        process and catalog; a strict build fails only on those a reader sees as the English msgid."""
        from .catalogstatus import lack_lines, project_lacks, template_path

        r = self.renderer
        if r is None or r.project_locales is None:
            return
        for lang in self.layout.codes:
            try:
                lacks = project_lacks(lang, r.project_locales, r.locales_dir)
            except i18n.CatalogError as e:
                raise PluginError(str(e)) from None
            po, pot = r.display(i18n.po_path(lang, r.project_locales)), r.display(template_path(r.locales_dir))
            for fails, line in lack_lines(lang, po, lacks, pot):
                if fails:
                    log.warning(line)
                elif line not in _said:
                    _said.add(line)
                    print(line, file=sys.stderr, flush=True)

    @preview_safe(whole_site=True)
    def on_pre_build(self, config: Any) -> None:
        """Every roll generated for this build (checks, figures) has the project's play budget; then
        every page's facts are audited before any is rendered (`site.audit`; `tavla-docs audit`)."""
        self._budget_scope.close()
        root = Path(config.config_file_path).resolve().parent
        special = special_files(Path(config.docs_dir))  # before the audit or MkDocs reads a page
        if self.renderer is not None:  # the partials too: Jinja would wait on a FIFO forever
            special += special_files(self.renderer.templates_dir)
        if special:
            shown = self.renderer.display if self.renderer is not None else str
            raise PluginError("\n".join(f"{shown(p)}: error: not a regular file ({what})" for p, what in special))
        if self.incremental is not None:
            assert self.renderer is not None
            for plugin in config.plugins.values():  # Material's own dirty merge of the search index
                if hasattr(plugin, "search_index_prev"):
                    plugin.search_index_prev = None
            buildspeed.dirty_start(self.incremental, config.site_dir, config.config_file_path, root,
                                   self.renderer.fingerprint, self.renderer.scenarios_dir)
        try:  # strict whatever MkDocs' `strict:` or a committed `audit:` says; only a local switch softens it
            mode = self._audit_mode = auditmode.audit_mode(self.config.audit, config.config_file_path)
            budget = self.budget or project_budget(root, Path(config.config_file_path), {
                "max_plays": self.config.max_plays, "max_seconds": self.config.max_seconds})
        except TavlaError as e:
            raise PluginError(str(e)) from None
        self._budget_scope.enter_context(using(budget))
        if mode != "strict":
            log.info(f"tavla-docs: the fact audit is {mode!r} ({auditmode.ENV} in this shell): literal facts do not fail "
                        "this build")
        self.proof.audited = mode != "strict"  # the local switch (a draft): the author's own choice
        if mode == "off":
            return
        assert self.renderer is not None
        from .audit.gate import run_audit

        hook = None if self.serving else buildspeed.page_hook(self._maker(), budget)  # pages rendered there too
        failed = buildspeed.audit(run_audit, self.renderer, Path(config.docs_dir), self.layout.codes,
                                  mode == "strict", log, replay=self.incremental is None or self._audit_warm,
                                  spread=not self.serving,  # `mkdocs serve` runs threads: no fork
                                  cached=not (self.incremental is not None and self._audit_warm), hook=hook)
        self._audit_warm = self.incremental is not None
        if failed:
            raise PluginError(failed)
        from .gates import report_pins

        if failed := report_pins(self.renderer, float(self.config.min_pin_score), mode == "strict", log):
            raise PluginError(failed)
        self.proof.audited = True

    def on_build_error(self, error: Exception) -> None:
        self._budget_scope.close()
        if self.incremental is not None:
            self.incremental.finish(ok=False)

    # -- files: the default language's folder is served from the root
    @preview_safe(whole_site=True)
    def on_files(self, files: Files, config: Any) -> Files:
        out = []
        self.lang_of = {}
        for f in files:
            _regular_source(f, self.renderer)
            if (shown := non_utf8_name(f.src_path)) is not None:  # a URL, a cache key, the HTML need text
                raise PluginError(f"{Path(config.docs_dir).name}/{shown}: error: the file name is not UTF-8 "
                                  "text; rename the file")
            src_dir = f.src_dir
            bare = self.layout.moved_to_root(f.src_uri) if src_dir else None
            lang: str | None
            if src_dir and bare is not None:
                f = File(bare, posixpath.join(src_dir, self.layout.default), f.dest_dir, f.use_directory_urls,
                         inclusion=f.inclusion)
                lang = self.layout.default
            else:
                lang = self.layout.folder_language(f.src_uri)
            if f.is_documentation_page():
                if lang is None:
                    raise PluginError(self.layout.outside_folders(config.docs_dir, f.src_uri))
                self.lang_of[f.src_uri] = lang
            out.append(f)
        try:  # a page's front matter `slug:` gives it its own URL (navigation.apply_slugs)
            before, out = out, apply_slugs(out)
        except LayoutError as e:
            raise PluginError(str(e)) from None
        # its old URL (the file name's) becomes a redirect page, written when titles are known (on_env)
        self.moved = redirect_files(config, before, out)
        out.extend(f for _, f in self.moved)
        if self.incremental is not None:
            assert self.renderer is not None
            self.incremental.mark(self.renderer.root, (f for f in out if f.is_documentation_page()))
        self._prerender(out)
        return Files(out)

    def _prerender(self, files: list[File]) -> None:
        """The pages the cache lacks rendered on every core first (`buildspeed.prerender_pages`); each
        page's own turn then takes it from the cache, so the pages and errors are the serial path's."""
        assert self.renderer is not None
        if self.serving:  # `mkdocs serve` runs threads (no fork) and may be started from any script (no spawn)
            return
        buildspeed.prerender_pages(self.renderer, self._maker(), files, self.lang_of, _front_matter_lines)

    def _maker(self) -> Callable[[], SiteRenderer]:
        """A worker's renderer, made as this build's (picklable, for spawn)."""
        r = self.renderer
        assert r is not None
        return functools.partial(SiteRenderer, r.root, scenarios_dir=r.scenarios_dir, templates_dir=r.templates_dir,
                                 cache_dir=self._cache_dir, languages=self.layout.codes)

    def page_lang(self, page: Page) -> str:
        return self.lang_of.get(page.file.src_uri, self.layout.default)

    # -- navigation: one per language
    @preview_safe(whole_site=True)
    def on_nav(self, nav: Navigation, config: Any, files: Files) -> Navigation:
        self.navs = language_navs(nav, self.layout, self.page_lang, self.config.nav_order)
        if self.config.nav_last:
            from .gates import nav_last_problem

            assert self.renderer is not None
            names = {lang: [p.file.src_uri.rsplit("/", 1)[-1] for p in n.pages] for lang, n in self.navs.items()}
            config_path = Path(config.config_file_path)
            problem = nav_last_problem(config_path, self.config.nav_last, names, self.renderer.display(config_path))
            if problem:
                raise PluginError(problem)
        pages = [(f.src_uri, self.lang_of[f.src_uri]) for f in files.documentation_pages()]  # on_files set each
        for warning in self.layout.missing_versions(pages, files.src_uris, config.docs_dir):
            log.warning(warning)
        return nav

    # -- the home page's list of pages (helpers.page_list): every page's title is known only now
    def on_env(self, env: Any, config: Any, files: Files) -> Any:
        if self.serving and self._theme_code is not None:
            env.bytecode_cache = self._theme_code
        self.order = self._pages(files)
        written = None
        if self.incremental is not None and not self.skipping:
            written = self.incremental.settle(config.site_dir, self.order, files.src_uris, self.deps,
                                              lambda page: _populate_page(page, config, files))
        fill_page_lists(self.navs, written)
        fill_redirects(self.moved, lambda src_uri: self.lang_of.get(src_uri, self.layout.default),
                       lambda lang: self._gettext(lang, "This page has moved:"), config.site_url,
                       config.theme.get("favicon"))
        self._reader_audit()
        return env

    def _reader_audit(self) -> None:
        """What every page prints, judged once all are rendered and before any is written
        (`audit.reader`): errors fail the build together (the preview logs them)."""
        failed = reader_report(self.read_problems.values(), self._audit_mode, self.serving, log)
        if failed:
            raise PluginError(failed)

    def _pages(self, files: Files) -> list[Page]:
        """The pages MkDocs reads and writes in this build, in its order."""
        inclusion = InclusionLevel.is_in_serve if self.serving else InclusionLevel.is_included
        return [f.page for f in files.documentation_pages(inclusion=inclusion) if isinstance(f.page, Page)]

    # -- pages
    @preview_safe(whole_site=False, fallback=lambda markdown: "")
    def on_page_markdown(self, markdown: str, page: Page, config: Any, files: Files) -> str:
        """The page's Jinja, by the extension (its errors stop the build here, at the page's line);
        MkDocs' Markdown then runs the extension's pre- and postprocessor on what it returns."""
        assert self.renderer is not None and self.extension is not None
        # A page made in memory by another plugin has no source file; such pages are not supported.
        assert page.file.abs_src_path is not None, page.file.src_uri
        source = Path(page.file.abs_src_path)
        try:
            self.extension.render_page(markdown, path=self.renderer.display(source), lang=self.page_lang(page),
                                       meta=page.meta, first_line=_front_matter_lines(source))
        except PageError as e:
            raise PluginError(str(e)) from None
        rendered = self.extension.rendered
        assert rendered is not None
        self.read_problems[page.file.src_uri] = rendered.problems
        if self.incremental is not None:
            self.deps[page.file.src_uri] = buildspeed.page_deps(rendered.deps, self.renderer.root, config.docs_dir,
                                                                 config.config_file_path)
        self._done += 1
        every = self.config.progress_every
        if self.progress and every and self._done % every == 0:
            self.progress(self._done, len(self.lang_of))
        return rendered.markdown

    def on_page_content(self, html: str, page: Page, config: Any, files: Files) -> str:
        """The extension put the blocks' HTML back in the page, but their SVG waits for `on_post_page`:
        the search plugin indexes `page.content` in between, and need not parse the drawings (`placeholders`)."""
        if self._link_langs is None:
            self._link_langs = file_languages(files, config.docs_dir)
        check_links(page, files, config, log, self.renderer, self._link_langs)  # located, with a did-you-mean
        if self.extension is not None:
            if self.extension.deferred is not None:
                self.svgs[page.file.src_uri] = self.extension.deferred
            self.extension.end_page()
        return html

    def _gettext(self, lang: str, message: str) -> str:
        return self.renderer.translations(lang).gettext(message) if self.renderer is not None else message

    @event_priority(100)  # first: a later plugin (a minifier) may drop the placeholder comments
    def on_post_page(self, output: str, page: Page, config: Any) -> str:
        self.built.add(page.file.src_uri)
        svgs = self.svgs.pop(page.file.src_uri, None)
        output = placeholders.fill_svg(output, svgs) if svgs else output
        output = direction.mark_html(output, registry.get(self.page_lang(page)).direction)
        if self.config.reader_text and not self.serving:
            lang = self.page_lang(page)
            name = page.file.src_uri.removeprefix(f"{lang}/")
            self.read_texts[f"{lang}/{name.removesuffix('.md')}.txt"] = cached_reader_text(self.renderer, output)
        return output

    @preview_safe(whole_site=True)
    def on_page_context(self, context: TemplateContext, page: Page, config: Any, nav: Navigation) -> TemplateContext:
        lang = self.page_lang(page)
        if lang in self.navs:
            context["nav"] = self.navs[lang]
        config.theme["language"] = lang  # Material's UI strings and <html lang>
        config.theme["direction"] = registry.get(lang).direction  # <body dir>: the registry's, not Material's table
        config["site_name"] = self.config.site_names.get(lang, self._site_name)
        context["config"] = config

        def url_of(other: str, src_uri: str) -> str | None:  # this page itself, else the other language's
            return page.file.url if other == lang else page_url(self.navs, other, src_uri)

        def home_of(other: str) -> str | None:
            return home_url(self.navs, other)

        src_uri = page.file.src_uri
        theirs = cast(dict[str, Any], context)  # the same dict: the theme's own keys beside MkDocs' typed ones
        theirs["tavla_alternates"] = self.layout.alternates(src_uri, lang, url_of, home_of)
        theirs["tavla_hreflang"] = self.layout.hreflang(src_uri, lang, url_of, config.site_url)
        return context

    def on_post_build(self, config: Any) -> None:
        self._budget_scope.close()
        if self.config.reader_text and not self.serving and self.incremental is None and not self.review_write:
            folder = Path(config.config_file_path).resolve().parent / self.config.reader_text
            stale = check_snapshot(folder, self.read_texts, log)
            if stale:
                raise PluginError(stale)
        if self.renderer is not None and not (self.serving or self.failures or self.incremental is not None) \
                and self._audit_mode == "strict":  # other generators may render these files now
            buildrecord.vouch(self.renderer, Path(config.docs_dir), Path(config.config_file_path), self._cache_dir)
        if self._theme_language is not None:
            config.theme["language"] = self._theme_language
        config.theme["direction"] = self._theme_direction
        config["site_name"] = self._site_name
        if self.failures:
            failure_pages(Path(config.site_dir), self.failures)
        if self.incremental is not None:
            if not self.failures:
                self.incremental.search_index(config.site_dir, self.order, self.built)
            self.incremental.finish(ok=not self.failures)
        if not self.failures:  # Material's stylesheets, to the rules this site can use; our scripts, slim
            csstrim.trim_site(Path(config.site_dir), config.theme.dirs)
            jstrim.slim_site(Path(config.site_dir))

    def on_serve(self, server: Any, config: Any, builder: Any) -> Any:
        """Rebuild when scenarios, partials or catalogs change, not only content/."""
        self.serving = True  # also `mkdocs serve --clean`, which starts up as a build
        if self.renderer is None:  # the first build failed before the plugin was configured
            return server
        for d in (self.renderer.scenarios_dir, *self.renderer.partial_dirs, self.renderer.locales_dir,
                  THEME_DIR):
            if d.is_dir():
                server.watch(str(d))
        return server
