"""One navigation per language, cut from the single one MkDocs builds for the whole docs folder.

Each language gets its own items, page order and previous/next links, so a page's
sidebar and footer never lead into the other language. The `en/` folder's section
becomes the English top level, as the Turkish pages are at the root. Page order
is the plugin's `nav_order` (by file name), others following alphabetically.

Two things hang on the navigation: a page's own URL (`apply_slugs`: its front
matter's `slug:`, read when the files are listed) and the home page's list of
pages (`fill_page_lists`, for the `page_list()` helper), made when every page's
title is known and after the page cache, so a new page is listed at once.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from .languages import PAGE_LIST, Languages, SlugError, front_matter_slug, page_list_html, shown_path, slug_dest, summary_of


def language_navs(nav: Navigation, layout: Languages, page_lang: Callable[[Page], str],
                  order: Sequence[str]) -> dict[str, Navigation]:
    """{language: its navigation}; sets every page's previous/next page within its language."""
    order = list(order)

    def order_key(item: Any) -> tuple[int, str]:
        name = item.file.src_uri.rsplit("/", 1)[-1] if isinstance(item, Page) else str(getattr(item, "title", ""))
        return (order.index(name) if name in order else len(order), name)

    def item_lang(item: Any) -> str:
        if isinstance(item, Page):
            return page_lang(item)
        if isinstance(item, Section):
            langs = {item_lang(ch) for ch in item.children}
            return langs.pop() if len(langs) == 1 else layout.default
        return layout.default

    navs = {}
    for lang in layout.names:
        items = [it for it in nav.items if item_lang(it) == lang]
        if lang != layout.default and len(items) == 1 and isinstance(items[0], Section):
            items = items[0].children  # the `en/` folder section becomes the English top level
            for it in items:
                it.parent = None
        items = sorted(items, key=order_key)
        pages = [p for p in nav.pages if page_lang(p) == lang]
        pages.sort(key=order_key)
        for i, p in enumerate(pages):
            p.previous_page = pages[i - 1] if i else None
            p.next_page = pages[i + 1] if i + 1 < len(pages) else None
        lnav = Navigation(items, pages)
        lnav.homepage = next((p for p in pages if p.file.name == "index"
                              and "/" not in p.file.src_uri.removeprefix(f"{lang}/")), None)
        navs[lang] = lnav
    return navs


def page_url(navs: dict[str, Navigation], lang: str, src_uri: str) -> str | None:
    """The URL of the page `src_uri` in `lang`'s navigation; None when that language has no such page."""
    nav = navs.get(lang)
    for p in nav.pages if nav is not None else ():
        if p.file.src_uri == src_uri:
            return p.file.url
    return None


def home_url(navs: dict[str, Navigation], lang: str) -> str | None:
    """The URL of `lang`'s home page, if it has one (and its navigation has items)."""
    nav = navs.get(lang)
    return nav.homepage.url if nav and nav.homepage else None


def apply_slugs(files: Iterable[File]) -> list[File]:
    """The files, each page whose front matter has `slug:` written at that slug; SlugError when
    a slug is malformed or takes another file's URL."""
    out: list[File] = []
    for f in files:
        if f.is_documentation_page() and f.abs_src_path is not None:
            path = shown_path(f.abs_src_path)
            slug = front_matter_slug(Path(f.abs_src_path).read_text(encoding="utf-8", errors="replace"), path)
            if slug is not None:
                f = File(f.src_uri, f.src_dir, f.dest_dir, f.use_directory_urls, inclusion=f.inclusion,
                         dest_uri=slug_dest(f.src_uri, slug, f.use_directory_urls))
        out.append(f)
    taken: dict[str, File] = {}
    for f in out:
        other = taken.setdefault(f.dest_uri, f)
        if other is not f:
            mine, theirs = sorted((f, other), key=lambda x: x.src_uri)
            raise SlugError(f"{shown_path(mine.abs_src_path or mine.src_uri)}: error: its URL {mine.url or '/'} "
                            f"is also the URL of {shown_path(theirs.abs_src_path or theirs.src_uri)}\n"
                            "    hint: give one of them another `slug:` in its front matter")
    return out


def nav_page_list(nav: Navigation, page: Page) -> str:
    """The list of `nav`'s pages but `page` and the home page, in order: each title as a link
    relative to `page`, then its front matter's `summary:` (else `description:`)."""
    return page_list_html((get_relative_url(p.url, page.url), p.title or p.file.name, summary_of(p.meta))
                          for p in nav.pages if p is not page and p is not nav.homepage)


def fill_page_lists(navs: Mapping[str, Navigation], only: Collection[str] | None = None) -> None:
    """Put each language's list of pages where its pages called `page_list()`; `only`: just in
    these pages (src_uri), the ones a dirty rebuild writes (the others keep their output)."""
    for nav in navs.values():
        for page in nav.pages:
            if only is not None and page.file.src_uri not in only:
                continue
            if page.content and 'class="tavla-page-list"' in page.content:
                page.content = PAGE_LIST.sub(nav_page_list(nav, page).replace("\\", "\\\\"), page.content)
