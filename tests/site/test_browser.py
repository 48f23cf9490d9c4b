"""Headless Chromium on the built site: no console errors, visible diagrams, page-to-page language links.

Skipped only when chromium is missing and CI is not set; in CI a missing browser fails.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .browsing import chromium, serving
from .site_urls import page_path

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("index", "bear-off", "odds", "rules", "backgammon", "uzun-tavla", "tapa", "gulbara", "glossary")  # files


@pytest.fixture(scope="module")
def server(built_site: Path) -> Iterator[str]:
    with serving(built_site) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    yield from chromium()


def _open(browser, url: str):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url} ({r.failure})"))
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    page.on("request", lambda r: problems.append(f"external request: {r.url}")
            if not r.url.startswith(("http://127.0.0.1", "data:", "blob:")) else None)
    page.goto(url, wait_until="load")
    page.wait_for_timeout(200)
    return page, problems


@pytest.mark.parametrize("lang", ["tr", "en"])
@pytest.mark.parametrize("name", PAGES)
def test_page_loads_cleanly_with_visible_diagrams(browser, server: str, lang: str, name: str) -> None:
    page, problems = _open(browser, server + page_path(lang, name))
    try:
        figures = page.locator("figure.tavla-figure svg, figure.tavla-chart-figure svg")
        for i in range(figures.count()):
            fig = figures.nth(i)
            fig.scroll_into_view_if_needed()
            box = fig.bounding_box()
            assert fig.is_visible() and box and box["width"] > 100 and box["height"] > 50, f"figure {i} not visible"
        assert problems == []
    finally:
        page.close()


@pytest.mark.parametrize("name", PAGES)
def test_language_switcher_leads_to_the_same_page(browser, server: str, name: str) -> None:
    path = page_path("tr", name)
    page, problems = _open(browser, server + path)
    try:
        page.hover(".md-header__option .md-select")
        page.click("a.md-select__link[hreflang=en]")
        page.wait_for_load_state("load")
        assert page.url == server + page_path("en", name)
        assert page.locator("html").get_attribute("lang") == "en"
        page.hover(".md-header__option .md-select")
        page.click("a.md-select__link[hreflang=tr]")
        page.wait_for_load_state("load")
        assert page.url == server + path
        # Following a link aborts the old page's fetches still in flight (Material loads its search
        # index lazily): that is the navigation, not a fault. A missing file is still an HTTP 404.
        assert [p for p in problems if not p.endswith("(net::ERR_ABORTED)")] == []
    finally:
        page.close()


@pytest.mark.parametrize("name", ["bear-off", "glossary"])
def test_an_old_url_leads_to_the_page(browser, server: str, name: str) -> None:
    """A Turkish page's URL before its slug (`/bear-off/`) takes the reader to the page (`/pul-toplama/`)."""
    new = page_path("tr", name)
    assert new != f"{name}/"
    page, problems = _open(browser, server + f"{name}/")
    try:
        page.wait_for_url(server + new, timeout=5000)
        page.wait_for_load_state("load")
        assert page.locator("html").get_attribute("lang") == "tr"
        assert page.locator("article h1").count() == 1
        assert [p for p in problems if not p.endswith("(net::ERR_ABORTED)")] == []
    finally:
        page.close()


def test_bear_off_screenshot(browser, server: str) -> None:
    """Keeps artifacts/bear-off-tr.png for a person to look at."""
    page, problems = _open(browser, server + page_path("tr", "bear-off"))
    try:
        out = ROOT / "artifacts"
        out.mkdir(exist_ok=True)
        page.screenshot(path=str(out / "bear-off-tr.png"), full_page=True)
        assert (out / "bear-off-tr.png").stat().st_size > 10_000
        assert problems == []
    finally:
        page.close()


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_odds_page_chart_is_visible(browser, server: str, lang: str) -> None:
    """The computed chart draws at a readable size; keeps artifacts/odds-tr.png / odds-en.png to look at."""
    page, problems = _open(browser, server + page_path(lang, "odds"))
    try:
        charts = page.locator("figure.tavla-chart-figure svg")
        assert charts.count() == 1
        charts.first.scroll_into_view_if_needed()
        box = charts.first.bounding_box()
        assert charts.first.is_visible() and box and box["width"] > 300 and box["height"] > 150
        assert page.locator("table[data-tavla=bearoff] td[title]").count() > 0
        out = ROOT / "artifacts"
        out.mkdir(exist_ok=True)
        shot = out / f"odds-{lang}.png"
        page.evaluate("window.scrollTo(0, 0)")  # else the sticky header lands mid-page in the full-page shot
        page.wait_for_timeout(100)
        page.screenshot(path=str(shot), full_page=True)
        assert problems == []
    finally:
        page.close()


@pytest.mark.parametrize("name", ["uzun-tavla", "tapa", "gulbara"])
def test_other_games_screenshots(browser, server: str, name: str) -> None:
    """Same-direction boards, pins and progressions on screen; keeps artifacts/<page>-tr.png to look at."""
    page, problems = _open(browser, server + page_path("tr", name))
    try:
        out = ROOT / "artifacts"
        out.mkdir(exist_ok=True)
        shot = out / f"{name}-tr.png"
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(100)
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000
        marks = {"uzun-tavla": "g.head-g", "tapa": "use[data-pinned=true]", "gulbara": "g.progression"}[name]
        mark = page.locator(f"figure.tavla-figure svg {marks}").first
        mark.scroll_into_view_if_needed()
        box = mark.bounding_box()
        assert mark.is_visible() and box and box["width"] > 10 and box["height"] > 10
        assert problems == []
    finally:
        page.close()
