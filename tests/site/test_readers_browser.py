"""Readers on phones and in dark mode (issue 14), measured in headless Chromium on the built site.

At 390 and 1280 CSS px wide, with the system light or dark and with the page's own toggle:
diagram text is at least 11 CSS px, the page and its diagrams use the same scheme, and the
text a reader must read has WCAG AA contrast (4.5:1) against what lies under it. The
five-game table keeps its first column while scrolling and shows that it scrolls; exact
fractions are on screen without a mouse; a story shows its step count; no console errors.
"""
from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest

from .site_urls import page_path
from .test_browser import PAGES, browser, server  # noqa: F401 - fixtures

PHONE, DESKTOP = 390, 1280
MIN_PX = 11
AA = 4.5

# Every text element in a figure: its effective size (computed font size times the scale the
# SVG's viewBox and any CSS transform give it) and whether it stays inside its SVG (the SVG clips).
# A text's box is its font's em box: glyphs leave about a quarter of it empty above and below.
SIZES_JS = """() => [...document.querySelectorAll('figure svg text')].filter(t => t.textContent.trim()).map(t => {
  const m = t.getScreenCTM(), svg = t.ownerSVGElement.getBoundingClientRect(), r = t.getBoundingClientRect();
  const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), slack = 0.25 * px;
  return {cls: t.getAttribute('class') || t.parentElement.getAttribute('class'), text: t.textContent, px,
          inside: r.left >= svg.left - 1 && r.right <= svg.right + 1
                  && r.top >= svg.top - slack && r.bottom <= svg.bottom + slack};
})"""

# (text selector, selector of what it is drawn on inside the same SVG, or null for the page).
PAIRS = [
    (".num", None), (".info", None), (".tray-n", None), (".prog-label", None),
    (".prog-g.played .prog-x, .prog-g.stopped .prog-x", None),
    (".count.white", ".checker.white"), (".count.black", ".checker.black"), (".order-n", ".order"),
    (".label", ".label-bg"), (".head-tag", ".head-tag-bg"), (".cube-n", ".cube"),
    (".tick text", None), (".axis-label", None), (".legend text", None),
]
COLOURS_JS = """(pairs) => {
  const page = getComputedStyle(document.body).backgroundColor, out = [];
  for (const svg of document.querySelectorAll('figure svg')) {
    for (const [fg, bg] of pairs) {
      const t = svg.querySelector(fg);
      if (!t) continue;
      const under = bg ? svg.querySelector(bg) : null;
      if (bg && !under) continue;
      out.push({text: fg, fill: getComputedStyle(t).fill, under: under ? getComputedStyle(under).fill : page});
    }
    const field = svg.querySelector('.field'), black = svg.querySelector('.checker.black');
    if (field) out.push({text: 'field', fill: getComputedStyle(field).fill, under: page});
    if (field && black)  // a black checker's edge on the board (a graphical object: 3:1)
      out.push({text: 'black edge', fill: getComputedStyle(black).stroke, under: getComputedStyle(field).fill});
  }
  return {scheme: document.body.dataset.mdColorScheme, page, colours: out};
}"""


def rgb(css: str) -> tuple[float, float, float]:
    """'rgb(1, 2, 3)' (or rgba with full alpha) as 0..255 floats."""
    inner = css[css.index("(") + 1:css.index(")")]
    parts = [float(p) for p in inner.replace("/", ",").replace(" ", ",").split(",") if p]
    assert len(parts) == 3 or parts[3] == 1, f"a colour with transparency: {css}"
    return parts[0], parts[1], parts[2]


def luminance(css: str) -> float:
    """WCAG relative luminance."""
    def lin(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb(css)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_contrast_helpers_are_wcag() -> None:
    assert contrast("rgb(0, 0, 0)", "rgb(255, 255, 255)") == pytest.approx(21)
    assert contrast("rgb(118, 118, 118)", "rgb(255, 255, 255)") == pytest.approx(4.54, abs=0.01)


@pytest.fixture()
def open_page(browser) -> Iterator[Any]:  # noqa: F811 - the imported fixture
    """`open_page(url, width, scheme)`: a fresh context (no stored palette); page errors collected."""
    opened: list[tuple[Any, list[str]]] = []

    def go(url: str, width: int, scheme: str = "light") -> tuple[Any, list[str]]:
        ctx = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
        page = ctx.new_page()
        problems: list[str] = []
        page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
        page.goto(url, wait_until="load")
        page.wait_for_timeout(200)
        opened.append((ctx, problems))
        return page, problems

    yield go
    for ctx, _ in opened:
        ctx.close()


@pytest.mark.parametrize("width, langs", [(PHONE, ("tr", "en")), (DESKTOP, ("tr",))])
@pytest.mark.parametrize("name", PAGES)
def test_diagram_text_is_at_least_11_css_px(open_page, server: str, width: int, langs: tuple[str, ...],  # noqa: F811
                                            name: str) -> None:
    for lang in langs:
        path = page_path(lang, name)
        page, problems = open_page(server + path, width)
        texts = page.evaluate(SIZES_JS)
        if name in ("index", "bear-off", "odds", "gulbara"):
            assert texts, f"{path}: no diagram text measured"
        small = sorted({(t["cls"], t["text"], round(t["px"], 2)) for t in texts if t["px"] < MIN_PX})
        assert small == [], f"{path} at {width} px: text under {MIN_PX} CSS px: {small[:8]}"
        outside = sorted({(t["cls"], t["text"]) for t in texts if not t["inside"]})
        assert outside == [], f"{path} at {width} px: text drawn outside its diagram: {outside[:8]}"
        assert problems == []


def _toggle(page) -> None:
    page.click("form[data-md-component=palette] label:not([hidden])")
    page.wait_for_timeout(200)


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
@pytest.mark.parametrize("system, toggled, scheme", [
    ("light", False, "default"), ("dark", False, "slate"),   # the system's choice
    ("light", True, "slate"), ("dark", True, "default"),     # the page's toggle wins over it
])
# boards and a story, the chart, heads and dice
@pytest.mark.parametrize("lang, name", [("tr", "bear-off"), ("tr", "odds"), ("en", "gulbara")])
def test_page_and_diagrams_share_the_scheme_with_aa_contrast(open_page, server: str, width: int, system: str,  # noqa: F811
                                                             toggled: bool, scheme: str, lang: str, name: str) -> None:
    path = page_path(lang, name)
    page, problems = open_page(server + path, width, system)
    if toggled:
        _toggle(page)
    for when in ("now", "after a reload") if toggled else ("now",):  # the toggle's choice is remembered
        got = page.evaluate(COLOURS_JS, [list(p) for p in PAIRS])
        assert got["scheme"] == scheme, when
        dark = scheme == "slate"
        page_lum = luminance(got["page"])
        assert (page_lum < 0.05) if dark else (page_lum > 0.9), f"{when}: page background {got['page']}"
        fields = [c for c in got["colours"] if c["text"] == "field"]
        if name != "odds":
            assert fields, "no board measured"
        for f in fields:  # the board's field is dark on a dark page, light on a light one
            assert (luminance(f["fill"]) < 0.1) if dark else (luminance(f["fill"]) > 0.7), f"{when}: field {f}"
        edges = [c for c in got["colours"] if c["text"] == "black edge"]
        assert all(contrast(c["fill"], c["under"]) >= 3 for c in edges), f"{when}: black checkers: {edges[:1]}"
        texts = [c for c in got["colours"] if c["text"] not in ("field", "black edge")]
        assert any(c["text"] == (".tick text" if name == "odds" else ".num") for c in texts)
        weak = [(c["text"], c["fill"], c["under"], round(contrast(c["fill"], c["under"]), 2))
                for c in texts if contrast(c["fill"], c["under"]) < AA]
        assert weak == [], f"{path} {system} system, toggled={toggled}, {when}: under {AA}:1: {weak}"
        if toggled and when == "now":
            page.reload(wait_until="load")
            page.wait_for_timeout(200)
    assert problems == []


def test_print_is_light_whatever_the_screen(open_page, server: str) -> None:  # noqa: F811
    page, problems = open_page(server + page_path("tr", "bear-off"), PHONE, "dark")
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    page.emulate_media(media="print")
    got = page.evaluate(COLOURS_JS, [list(p) for p in PAIRS])
    assert all(luminance(c["fill"]) > 0.7 for c in got["colours"] if c["text"] == "field")
    assert all(luminance(c["fill"]) < 0.2 for c in got["colours"] if c["text"] == ".num")
    assert problems == []


@pytest.mark.parametrize("lang, name", [("tr", "Koyu renklere geç"), ("en", "Switch to dark mode")])
def test_the_toggle_is_labelled_in_the_page_language(open_page, server: str, lang: str, name: str) -> None:  # noqa: F811
    page, problems = open_page(server + page_path(lang, "rules"), DESKTOP)
    label = page.locator("form[data-md-component=palette] label:not([hidden])")
    assert label.is_visible() and label.get_attribute("title") == name
    assert problems == []


def _pixels(page, box: dict[str, float], x: float) -> list[tuple[int, int, int]]:
    """The page's pixels down the column at `x` inside `box` (a screenshot, not computed styles)."""
    from PIL import Image

    shot = page.screenshot(clip={"x": x, "y": box["y"], "width": 1, "height": max(box["height"], 1)})
    img = Image.open(io.BytesIO(shot)).convert("RGB")
    return [img.getpixel((0, y)) for y in range(img.height)]


def _shaded(column: list[tuple[int, int, int]], bg: tuple[float, float, float]) -> float:
    """The share of pixels that are not the page background."""
    return sum(1 for p in column if max(abs(a - b) for a, b in zip(p, bg, strict=True)) > 12) / len(column)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["tr", "en"])
def test_five_game_table_keeps_its_first_column_and_shows_it_scrolls(open_page, server: str, lang: str,  # noqa: F811
                                                                     scheme: str) -> None:
    page, problems = open_page(server + page_path(lang, "rules"), PHONE, scheme)
    tables = page.locator("table[data-tavla=summary]")
    five = [tables.nth(i) for i in range(tables.count()) if tables.nth(i).locator("thead th").count() == 6]
    assert len(five) == 1, "one summary table of five games"
    table = five[0]
    row = table.locator("tbody th[scope=row]").nth(2)
    row.scroll_into_view_if_needed()
    wrap = table.locator("xpath=ancestor::div[contains(@class,'md-typeset__scrollwrap')]")
    assert wrap.evaluate("w => w.scrollWidth > w.clientWidth + 50"), "at 390 px the table is wider than the screen"
    box = wrap.bounding_box()
    assert box
    top, bottom = max(box["y"], 80), min(box["y"] + box["height"], 880)  # below Material's sticky header
    band = {"x": box["x"], "y": top, "width": box["width"], "height": bottom - top}
    assert band["height"] > 200
    bg = rgb(page.evaluate("getComputedStyle(document.body).backgroundColor"))
    edge = box["x"] + box["width"] - 3
    before = _shaded(_pixels(page, band, edge), bg)
    start = table.bounding_box()
    wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
    page.wait_for_timeout(100)
    moved, after = table.bounding_box(), row.bounding_box()
    assert start and moved and moved["x"] < start["x"] - 150, "the table scrolled"
    assert after and box["x"] - 1 <= after["x"] and after["x"] + after["width"] <= box["x"] + box["width"] / 2, \
        "the row label left the screen with the scroll"
    cx, cy = after["x"] + after["width"] / 2, after["y"] + after["height"] / 2
    assert row.evaluate(f"(th) => th.contains(document.elementFromPoint({cx}, {cy}))"), "the row label is covered"
    end = _shaded(_pixels(page, band, edge), bg)
    # The shadow at the right edge is there while more columns wait, and gone at the end.
    assert before > 0.9 and end < 0.1, (before, end)
    assert problems == []


@pytest.mark.parametrize("lang, name", [("tr", "bear-off"), ("tr", "odds"), ("en", "odds")])
def test_exact_fractions_are_on_screen_without_a_mouse(open_page, server: str, lang: str, name: str) -> None:  # noqa: F811
    page, problems = open_page(server + page_path(lang, name), PHONE)
    cells = page.evaluate("""() => [...document.querySelectorAll('table[data-tavla] td[title]')].map(td => {
        const after = getComputedStyle(td, '::after');
        return {title: td.title, content: after.content, display: after.display, height: td.getBoundingClientRect().height,
                line: parseFloat(getComputedStyle(td).lineHeight)};
    })""")
    assert cells, "no cells with an exact value"
    for c in cells:
        assert c["title"].startswith("= ") and c["title"] in c["content"], c
        assert c["display"] == "block" and c["height"] >= 1.8 * c["line"], c  # a second line, shown
    assert problems == []


@pytest.mark.parametrize("lang, label", [("tr", "3 adımlık oyun akışı"), ("en", "A story in 3 steps")])
def test_a_story_shows_its_step_count(open_page, server: str, lang: str, label: str) -> None:  # noqa: F811
    page, problems = open_page(server + page_path(lang, "bear-off"), PHONE)
    story = page.locator(".tavla-story")
    assert story.get_attribute("aria-label") == label
    shown = story.locator(".tavla-story__label")
    shown.scroll_into_view_if_needed()
    # on screen, the number keeps its word on its line (a no-break space: `site.typography`)
    assert shown.is_visible() and shown.inner_text() == label.replace("3 ", "3\u00a0")
    box = shown.bounding_box()
    assert box and box["height"] >= 10
    assert problems == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang, name", [("tr", "bear-off"), ("tr", "odds"), ("en", "odds")])
def test_odds_tables_that_overflow_show_it(open_page, server: str, lang: str, name: str, scheme: str) -> None:  # noqa: F811
    page, problems = open_page(server + page_path(lang, name), PHONE, scheme)
    bg = rgb(page.evaluate("getComputedStyle(document.body).backgroundColor"))
    wraps = page.locator(".md-typeset__scrollwrap:has(table[data-tavla])")
    overflowing = 0
    for i in range(wraps.count()):
        wrap = wraps.nth(i)
        wrap.scroll_into_view_if_needed()
        if not wrap.evaluate("w => w.scrollWidth > w.clientWidth + 4"):
            continue
        overflowing += 1
        box = wrap.bounding_box()
        assert box
        top, bottom = max(box["y"], 80), min(box["y"] + box["height"], 880)
        band = {"x": box["x"], "y": top, "width": box["width"], "height": bottom - top}
        edge = box["x"] + box["width"] - 3
        before = _shaded(_pixels(page, band, edge), bg)
        wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
        page.wait_for_timeout(100)
        assert before > 0.9 and _shaded(_pixels(page, band, edge), bg) < 0.1, f"table {i}: no scroll cue"
    if name != "bear-off":
        assert overflowing, "the odds page's bear-off table is wider than a phone"
    assert problems == []
