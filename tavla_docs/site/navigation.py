"""One navigation per language, cut from the single one MkDocs builds for the whole docs folder.

Each language gets its own items, page order and previous/next links, so a page's
sidebar and footer never lead into the other language. The `en/` folder's section
becomes the English top level, as the Turkish pages are at the root. Page order
is the plugin's `nav_order` (by file name), others following alphabetically.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

from .languages import Languages


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
