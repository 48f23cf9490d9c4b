"""The MkDocs plugin: thin event handlers around `pages.SiteRenderer`.

Language layout: authors keep each language in its own folder (`content/tr/`,
`content/en/`). The default language's files are remapped to the site root in
`on_files` (a new `File` whose `src_dir` is `content/tr`), so Turkish pages live
at `/` and English ones under `/en/`, with the same file name in both languages.
That one rule gives page-to-page language links, per-language navigation and
plain relative Markdown links (`[..](bear-off.md)`) that MkDocs validates.
"""
from __future__ import annotations

import logging
import posixpath
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

from . import i18n
from .pages import PageError, RenderedPage, SiteRenderer

log = logging.getLogger("mkdocs.plugins.tavla_docs")
THEME_DIR = Path(__file__).parent / "theme"


class TavlaDocsConfig(Config):
    languages = c.Type(dict, default={"tr": "Türkçe", "en": "English"})
    default_language = c.Type(str, default="tr")
    scenarios_dir = c.Type(str, default="scenarios")
    templates_dir = c.Type(str, default="templates")
    cache_dir = c.Optional(c.Type(str))
    progress_every = c.Type(int, default=0)
    # The site's name per language (the header shows it); default: mkdocs.yml's site_name.
    site_names = c.Type(dict, default={})
    # Page order in every language's navigation, by file name (others follow alphabetically).
    nav_order = c.Type(list, default=[])


class TavlaDocsPlugin(BasePlugin[TavlaDocsConfig]):
    """Renders the Jinja calls of every page, inserts figures after Markdown, links languages."""

    supports_multiple_instances = False

    def __init__(self) -> None:
        self.renderer: SiteRenderer | None = None
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
        langs = tuple(self.config.languages)
        if self.config.default_language not in langs:
            raise PluginError(f"{config.config_file_path}: error: default_language "
                              f"{self.config.default_language!r} is not one of {', '.join(langs)}")
        self.renderer = SiteRenderer(root, scenarios_dir=self.config.scenarios_dir,
                                     templates_dir=self.config.templates_dir,
                                     cache_dir=self.config.cache_dir if self.config.cache_dir is not None else ".tavla-cache",
                                     languages=langs)
        for lang in langs:  # fail early, with the catalog's path, on a broken .po file
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

    # -- files: remap the default language to the root
    def on_files(self, files: Files, config: Any) -> Files:
        default = self.config.default_language
        langs = tuple(self.config.languages)
        out = []
        self.lang_of = {}
        for f in files:
            top = f.src_uri.split("/", 1)[0]
            if f.src_uri.startswith(default + "/") and f.src_dir:
                nf = File(f.src_uri[len(default) + 1:], posixpath.join(f.src_dir, default), f.dest_dir,
                          f.use_directory_urls, inclusion=f.inclusion)
                out.append(nf)
                if nf.is_documentation_page():
                    self.lang_of[nf.src_uri] = default
                continue
            if f.is_documentation_page():
                if top not in langs or top == default:
                    raise PluginError(f"{config.docs_dir}/{f.src_uri}: error: a page must be in a language "
                                      f"folder ({', '.join(f'{lang}/' for lang in langs)})")
                self.lang_of[f.src_uri] = top
            out.append(f)
        return Files(out)

    def page_lang(self, page: Page) -> str:
        return self.lang_of.get(page.file.src_uri, self.config.default_language)

    def counterpart(self, src_uri: str, lang: str, target: str) -> str:
        """The same page's src_uri in language `target`."""
        default = self.config.default_language
        bare = src_uri if lang == default else src_uri[len(lang) + 1:]
        return bare if target == default else f"{target}/{bare}"

    # -- navigation: one per language
    def on_nav(self, nav: Navigation, config: Any, files: Files) -> Navigation:
        self.navs = {}
        for lang in self.config.languages:
            items = [it for it in nav.items if self._item_lang(it) == lang]
            if lang != self.config.default_language and len(items) == 1 and isinstance(items[0], Section):
                items = items[0].children  # the `en/` folder section becomes the English top level
                for it in items:
                    it.parent = None
            items = sorted(items, key=self._order_key)
            pages = [p for p in nav.pages if self.page_lang(p) == lang]
            pages.sort(key=self._order_key)
            for i, p in enumerate(pages):
                p.previous_page = pages[i - 1] if i else None
                p.next_page = pages[i + 1] if i + 1 < len(pages) else None
            lnav = Navigation(items, pages)
            lnav.homepage = next((p for p in pages if p.file.name == "index" and "/" not in p.file.src_uri.removeprefix(f"{lang}/")), None)
            self.navs[lang] = lnav
        for f in files.documentation_pages():
            lang = self.lang_of.get(f.src_uri)
            for other in self.config.languages:
                if other != lang and self.counterpart(f.src_uri, lang, other) not in files.src_uris:
                    log.warning(f"{config.docs_dir}/{lang}/{f.src_uri.removeprefix(lang + '/')}: page has no "
                                f"{self.config.languages[other]} version ({other}/)")
        return nav

    def _order_key(self, item: Any) -> tuple[int, str]:
        order = list(self.config.nav_order)
        name = item.file.src_uri.rsplit("/", 1)[-1] if isinstance(item, Page) else str(getattr(item, "title", ""))
        return (order.index(name) if name in order else len(order), name)

    def _item_lang(self, item: Any) -> str:
        if isinstance(item, Page):
            return self.page_lang(item)
        if isinstance(item, Section):
            langs = {self._item_lang(ch) for ch in item.children}
            return langs.pop() if len(langs) == 1 else self.config.default_language
        return self.config.default_language

    # -- pages
    def on_page_markdown(self, markdown: str, page: Page, config: Any, files: Files) -> str:
        assert self.renderer is not None
        lang = self.page_lang(page)
        path = self.renderer.display(Path(page.file.abs_src_path))
        try:
            rendered = self.renderer.render_page(markdown, path=path, lang=lang, meta=page.meta,
                                                 first_line=_front_matter_lines(page))
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

    def on_page_context(self, context: dict, page: Page, config: Any, nav: Navigation) -> dict:
        lang = self.page_lang(page)
        if lang in self.navs:
            context["nav"] = self.navs[lang]
        config.theme["language"] = lang  # Material's UI strings and <html lang>
        config["site_name"] = self.config.site_names.get(lang, self._site_name)
        context["config"] = config
        alternates = []
        for other, name in self.config.languages.items():
            target = self.counterpart(page.file.src_uri, lang, other)
            f = page.file if other == lang else None
            if f is None:
                for p in self.navs.get(other, Navigation([], [])).pages:
                    if p.file.src_uri == target:
                        f = p.file
                        break
            home = self.navs.get(other)
            url = f.url if f else (home.homepage.url if home and home.homepage else "./")
            alternates.append({"lang": other, "name": name, "link": url, "current": other == lang})
        context["tavla_alternates"] = alternates
        context["tavla_hreflang"] = self.hreflang_links(page, lang, config.site_url)
        return context

    def hreflang_links(self, page: Page, lang: str, site_url: str | None) -> list[dict[str, str]]:
        """`<link rel=alternate hreflang>` targets: this page in every language, plus x-default.

        Search engines want absolute URLs, so without `site_url` there are none. Only
        pages that exist are listed (never the home-page fallback the switcher uses):
        a hreflang link must lead to the same content in the other language.
        """
        if not site_url:
            return []
        links: dict[str, str] = {}
        for other in self.config.languages:
            target = self.counterpart(page.file.src_uri, lang, other)
            f = page.file if other == lang else next(
                (p.file for p in self.navs.get(other, Navigation([], [])).pages if p.file.src_uri == target), None)
            if f is not None:
                links[other] = urljoin(site_url, f.url)
        out = [{"lang": k, "href": v} for k, v in links.items()]
        default = links.get(self.config.default_language)
        if default is not None:
            out.append({"lang": "x-default", "href": default})
        return out

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


def _front_matter_lines(page: Page) -> int:
    """The source line where the Markdown body starts (after YAML front matter), for error lines."""
    try:
        text = Path(page.file.abs_src_path).read_text(encoding="utf-8")
    except OSError:
        return 1
    if not text.startswith("---"):
        return 1
    lines = text.splitlines()
    for i, line in enumerate(lines[1:], start=1):
        if line.strip() in ("---", "..."):
            return i + 2
    return 1
