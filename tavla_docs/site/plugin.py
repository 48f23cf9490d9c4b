"""The MkDocs plugin: thin event handlers around plain modules.

Each event hands its work to a module that does one job: `languages` (the
default language at the root, the others in their folders; switcher and
hreflang links), `navigation` (one navigation per language) and `renderer`
(`SiteRenderer`: a page's Jinja, helpers, figures and cache). What is left
here is MkDocs' side: options, `File` objects, theme settings, `serve` watches.
"""
from __future__ import annotations

import logging
import posixpath
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from . import i18n
from .cache import DEFAULT_CACHE_DIR
from .checks import DEFAULT_SCENARIOS_DIR
from .errors import PageError
from .languages import DEFAULT_LANGUAGE, DEFAULT_LANGUAGES, Languages, LayoutError
from .navigation import home_url, language_navs, page_url
from .renderer import RenderedPage, SiteRenderer

if TYPE_CHECKING:
    from mkdocs.utils.templates import TemplateContext

log = logging.getLogger("mkdocs.plugins.tavla_docs")
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
    # The fact audit (`site.audit`): "strict" fails the build on a literal fact, "warn" logs it,
    # "off" skips it; default: strict when the site is (`strict: true`), else warn.
    audit = c.Optional(c.Choice(("strict", "warn", "off")))


class TavlaDocsPlugin(BasePlugin[TavlaDocsConfig]):
    """Renders the Jinja calls of every page, inserts figures after Markdown, links languages."""

    supports_multiple_instances = False

    def __init__(self) -> None:
        self.renderer: SiteRenderer | None = None
        self.layout = Languages(dict(DEFAULT_LANGUAGES), DEFAULT_LANGUAGE)
        self.lang_of: dict[str, str] = {}  # page src_uri -> language
        self.navs: dict[str, Navigation] = {}
        self.rendered: dict[str, RenderedPage] = {}
        self.progress: Any = None  # callable(done, total) set by `tavla-docs build`
        self._done = 0
        self._theme_language: str | None = None
        self._site_name = ""

    # -- configuration
    def on_config(self, config: Any) -> Any:
        root = Path(config.config_file_path).resolve().parent
        self.layout = Languages(self.config.languages, self.config.default_language)
        try:
            self.layout.check()
        except LayoutError as e:
            raise PluginError(f"{config.config_file_path}: error: {e}") from None
        self.renderer = SiteRenderer(root, scenarios_dir=self.config.scenarios_dir,
                                     templates_dir=self.config.templates_dir,
                                     cache_dir=self.config.cache_dir if self.config.cache_dir is not None else DEFAULT_CACHE_DIR,
                                     languages=self.layout.codes)
        for lang in self.layout.codes:  # fail early, with the catalog's path, on a broken .po file
            try:
                self.renderer.translations(lang)
            except i18n.CatalogError as e:
                raise PluginError(str(e)) from None
        if str(THEME_DIR) not in config.theme.dirs:
            config.theme.dirs.insert(0, str(THEME_DIR))
        self._theme_language = config.theme.get("language")
        self._site_name = config.site_name
        self.rendered = {}
        self._done = 0
        return config

    def on_pre_build(self, config: Any) -> None:
        """Audit every page's facts before any is rendered (`site.audit`; `tavla-docs audit`)."""
        from .audit.gate import run_audit
        mode = self.config.audit or ("strict" if config.strict else "warn")
        if mode == "off":
            return
        assert self.renderer is not None
        failed = run_audit(self.renderer, Path(config.docs_dir), self.layout.codes, mode == "strict", log)
        if failed:
            raise PluginError(failed)

    # -- files: the default language's folder is served from the root
    def on_files(self, files: Files, config: Any) -> Files:
        out = []
        self.lang_of = {}
        for f in files:
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
        return Files(out)

    def page_lang(self, page: Page) -> str:
        return self.lang_of.get(page.file.src_uri, self.layout.default)

    # -- navigation: one per language
    def on_nav(self, nav: Navigation, config: Any, files: Files) -> Navigation:
        self.navs = language_navs(nav, self.layout, self.page_lang, self.config.nav_order)
        pages = [(f.src_uri, self.lang_of[f.src_uri]) for f in files.documentation_pages()]  # on_files set each
        for warning in self.layout.missing_versions(pages, files.src_uris, config.docs_dir):
            log.warning(warning)
        return nav

    # -- pages
    def on_page_markdown(self, markdown: str, page: Page, config: Any, files: Files) -> str:
        assert self.renderer is not None
        lang = self.page_lang(page)
        # A page made in memory by another plugin has no source file; such pages are not supported.
        assert page.file.abs_src_path is not None, page.file.src_uri
        source = Path(page.file.abs_src_path)
        path = self.renderer.display(source)
        try:
            rendered = self.renderer.render_page(markdown, path=path, lang=lang, meta=page.meta,
                                                 first_line=_front_matter_lines(source))
        except PageError as e:
            raise PluginError(str(e)) from None
        self.rendered[page.file.src_uri] = rendered
        self._done += 1
        every = self.config.progress_every
        if self.progress and every and self._done % every == 0:
            self.progress(self._done, len(self.lang_of))
        return rendered.markdown

    def on_page_content(self, html: str, page: Page, config: Any, files: Files) -> str:
        rendered = self.rendered.pop(page.file.src_uri, None)
        return SiteRenderer.fill(html, rendered.fragments) if rendered else html

    def on_page_context(self, context: TemplateContext, page: Page, config: Any, nav: Navigation) -> TemplateContext:
        lang = self.page_lang(page)
        if lang in self.navs:
            context["nav"] = self.navs[lang]
        config.theme["language"] = lang  # Material's UI strings and <html lang>
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
        if self._theme_language is not None:
            config.theme["language"] = self._theme_language
        config["site_name"] = self._site_name

    def on_serve(self, server: Any, config: Any, builder: Any) -> Any:
        """Rebuild when scenarios, partials or catalogs change, not only content/."""
        assert self.renderer is not None
        for d in (self.renderer.scenarios_dir, self.renderer.templates_dir, self.renderer.locales_dir,
                  THEME_DIR):
            if d.is_dir():
                server.watch(str(d))
        return server


def _front_matter_lines(source: Path) -> int:
    """The source line where the Markdown body starts (after YAML front matter), for error lines."""
    try:
        text = source.read_text(encoding="utf-8")
    except OSError:
        return 1
    if not text.startswith("---"):
        return 1
    lines = text.splitlines()
    for i, line in enumerate(lines[1:], start=1):
        if line.strip() in ("---", "..."):
            return i + 2
    return 1
