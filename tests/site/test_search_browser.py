"""The search, in Chromium: nothing of it loads with a page; it loads when the reader opens it, and a
typed query finds the pages that hold the word (issue 27: the heaviest page at most 90 KB gzipped).

Material's script would fetch the index and start its worker on every page; the theme's
`tavla-search.js` defers both until the search opens. Tried as a reader would: on a 390 px touch
phone (a tap on the header's search button) and a 1280 px desktop (a click in the box), light and dark.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browsing import chromium, serving
from .site_urls import page_path

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
SEARCH_FILES = ("search/search_index.json", "/workers/search.", "/lunr/")


@pytest.fixture(scope="module")
def server(built_site: Path) -> Iterator[str]:
    with serving(built_site) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    yield from chromium()


def search_requests(urls: list[str]) -> list[str]:
    return [u for u in urls if any(part in u for part in SEARCH_FILES)]


def open_search(page: Any, phone: bool) -> None:
    """Open the search as a reader does: a tap on the header's magnifier on a phone (the box is
    hidden there), a click in the header's box on a desktop."""
    if phone:
        page.locator("header label[for='__search']").first.tap()
    else:
        page.locator(".md-search__input").click()
    page.locator(".md-search__input").wait_for(state="visible")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("device", "lang", "query", "hit"), [
    (PHONE, "tr", "katmerli", ("tr", "scoring")),
    (DESKTOP, "en", "gammon", ("en", "scoring")),
], ids=["phone-390-tr", "desktop-1280-en"])
def test_the_search_loads_when_opened_and_finds_pages(browser, server: str, device: dict[str, Any], lang: str,
                                                     query: str, hit: tuple[str, str], scheme: str) -> None:
    context = browser.new_context(color_scheme=scheme, **device)
    try:
        page = context.new_page()
        urls: list[str] = []
        page.on("request", lambda r: urls.append(r.url))
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server + page_path(lang, "bear-off"), wait_until="networkidle")
        page.wait_for_timeout(300)
        assert search_requests(urls) == [], "the search loaded before the reader opened it"

        open_search(page, phone=device is PHONE)
        field = page.locator(".md-search__input")
        field.press_sequentially(query)  # keystrokes, as a reader types (Material reads keyup)
        results = page.locator(".md-search-result__item a.md-search-result__link")
        results.first.wait_for(state="visible", timeout=10_000)
        assert any("search/search_index.json" in u for u in search_requests(urls))
        assert any("/workers/search." in u for u in urls)
        hrefs = [results.nth(i).get_attribute("href") or "" for i in range(results.count())]
        assert any(page_path(*hit) in h for h in hrefs), hrefs
        meta = page.locator(".md-search-result__meta").inner_text()
        assert any(ch.isdigit() for ch in meta), meta  # "3 matching documents" / "3 eşleşen belge"

        # A second query on the same page: the worker is up and answers again; nothing loads twice.
        field.fill("")
        field.press_sequentially("zar")
        results.first.wait_for(state="visible", timeout=10_000)
        assert sum("search/search_index.json" in u for u in urls) == 1
        assert errors == []
    finally:
        context.close()


def test_a_page_without_opening_the_search_makes_no_search_request(browser, server: str) -> None:
    """Reading, scrolling and following a link to the next page start no search."""
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        urls: list[str] = []
        page.on("request", lambda r: urls.append(r.url))
        page.goto(server + page_path("tr", "index"), wait_until="networkidle")
        page.mouse.wheel(0, 2000)
        page.goto(server + page_path("tr", "bear-off"), wait_until="networkidle")
        page.wait_for_timeout(300)
        assert search_requests(urls) == []
    finally:
        context.close()
