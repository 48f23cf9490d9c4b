"""The no-play notice and the match score in headless Chromium (issue 14): at a 390 px phone's
figure widths and on a desktop, in a light and a dark page, the text measures at least 11 CSS px,
stays inside its banner or column and the picture, and reads at WCAG AA (4.5:1) against what lies
under it. The page stands in for the site's figure (`.tavla-figure__board`: a size container)."""
from __future__ import annotations

import html
from typing import Any

import pytest

from tavla_docs.diagram.options import DiagramOptions
from tavla_docs.diagram.spec import Score
from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.render.svg import render_svg
from tavla_docs.scenario.draw import diagram_from_position
from tavla_docs.variants import BACKGAMMON, TAVLA

from ..site.test_browser import browser  # noqa: F401 - the fixture (skips without chromium, fails in CI)

MIN_PX, AA = 11, 4.5
HOME = {6: 5, 5: 5, 4: 4}
# (width of the figure in CSS px, width of the window): a 390 px phone gives the figure 358 or 340 px.
WIDTHS = [(358, 390), (340, 390), (720, 1280)]
# Page colours of the site's two schemes (Material's default and slate), as opaque colours.
SCHEMES = {"light": ("light", "#ffffff", "#1f1f1f"), "dark": ("dark", "#1e2129", "#e2e4ea")}


def figures(lang: str) -> list[str]:
    def svg(pos: Position, rules, roll: str, id: str, **kw: Any) -> str:
        score = kw.pop("score", None)
        d = diagram_from_position(pos, Side.WHITE, rules, Roll.parse(roll), None, DiagramOptions(**kw), id, None,
                                  id, lang, score=score)
        return render_svg(d)
    enter = Position.from_board(HOME, {19: 2, 20: 2, 1: 11}, white_bar=1, checkers=15)
    closed = Position.from_board(HOME, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 3}, white_bar=1, checkers=15)
    stuck = Position.from_board({8: 1, 6: 14}, {2: 2, 19: 13}, checkers=15)
    return [svg(enter, BACKGAMMON, "6-5", "td-a", score=Score(3, 1, 7), cube=(2, "black")),
            svg(closed, TAVLA, "6-5", "td-b", score=Score(10, 12, 15)), svg(stuck, TAVLA, "6-6", "td-c"),
            svg(enter, BACKGAMMON, "6-5", "td-d", theme="print"), svg(enter, TAVLA, "6-5", "td-e", theme="wood", flip=True)]


def page_html(lang: str, width: int, scheme: str) -> str:
    cs, bg, fg = SCHEMES[scheme]
    boards = "".join(f'<div class="board">{s}</div>' for s in figures(lang))
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{html.escape(lang)}</title><style>'
            f"body{{margin:16px;color-scheme:{cs};background:{bg};color:{fg}}}"
            f".board{{container-type:inline-size;width:{width}px;margin-bottom:8px}}"
            ".board svg{display:block;width:100%;height:auto}</style></head>"
            f"<body>{boards}</body></html>")


MEASURE_JS = """() => [...document.querySelectorAll('.notice text, .score-g text')].map(t => {
  const m = t.getScreenCTM(), svg = t.ownerSVGElement.getBoundingClientRect(), r = t.getBoundingClientRect();
  const g = t.closest('g'), bg = g.querySelector('.notice-bg'), box = (bg || t).getBoundingClientRect();
  const frame = t.ownerSVGElement.querySelector('.frame').getBoundingClientRect();
  const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
  const under = bg ? getComputedStyle(bg) : null;
  return {svg: t.ownerSVGElement.id, cls: t.getAttribute('class'), text: t.textContent, px,
          inSvg: r.left >= svg.left - 1 && r.right <= svg.right + 1 && r.top >= svg.top - 1 && r.bottom <= svg.bottom + 1,
          inBox: r.left >= box.left && r.right <= box.right && r.top >= box.top - 0.25 * px && r.bottom <= box.bottom + 0.25 * px,
          offBoard: r.right <= frame.left + 1 || r.left >= frame.right - 1 || r.top >= frame.bottom - 1,
          top: r.top, bottom: r.bottom, fill: getComputedStyle(t).fill,
          under: under ? [under.fill, parseFloat(under.fillOpacity)] : null,
          page: getComputedStyle(document.body).backgroundColor};
})"""


def rgb(css: str) -> tuple[float, ...]:
    inner = css[css.index("(") + 1:css.index(")")]
    parts = [float(p) for p in inner.replace("/", ",").replace(" ", ",").split(",") if p]
    assert len(parts) == 3 or parts[3] == 1, f"a colour with transparency: {css}"
    return tuple(parts[:3])


def over(top: tuple[float, ...], alpha: float, base: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(alpha * t + (1 - alpha) * b for t, b in zip(top, base, strict=True))


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    def lum(c: tuple[float, ...]) -> float:
        lin = [(v / 255) / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_contrast_helpers() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert over((255, 0, 0), 0.5, (0, 0, 255)) == (127.5, 0, 127.5)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width, window", WIDTHS)
@pytest.mark.parametrize("lang", ["tr", "en"])
def test_notice_and_score_read_at_every_width(browser, lang: str, width: int, window: int,  # noqa: F811
                                              scheme: str, tmp_path) -> None:
    page_file = tmp_path / "p.html"
    page_file.write_text(page_html(lang, width, scheme), encoding="utf-8")
    ctx = browser.new_context(viewport={"width": window, "height": 900}, color_scheme=scheme)
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(page_file.as_uri(), wait_until="load")
        texts = page.evaluate(MEASURE_JS)
        if window == 390 and width == 358 and scheme == "light":
            page.screenshot(path=str(tmp_path / f"status-{lang}.png"), full_page=True)
    finally:
        ctx.close()
    assert errors == []
    kinds = {(t["svg"], t["cls"].split()[0]) for t in texts}
    assert {("td-a", "notice-head"), ("td-a", "notice-why"), ("td-a", "score"), ("td-b", "score"),
            ("td-c", "notice-head"), ("td-d", "notice-why"), ("td-e", "notice-why")} <= kinds
    small = [(t["svg"], t["text"], round(t["px"], 2)) for t in texts if t["px"] < MIN_PX]
    assert small == [], f"under {MIN_PX} CSS px at {width} px: {small}"
    assert [t["text"] for t in texts if not (t["inSvg"] and t["inBox"])] == []
    assert [t["text"] for t in texts if not t["offBoard"]] == []  # beside or under the board, never on it
    for svg in {t["svg"] for t in texts}:  # the lines of one banner or column do not run into each other
        for cls in ("notice", "score"):
            lines = sorted((t for t in texts if t["svg"] == svg and t["cls"].startswith(cls)), key=lambda t: t["top"])
            assert all(a["bottom"] <= b["top"] + 1 for a, b in zip(lines, lines[1:], strict=False)), (svg, cls)
    for t in texts:
        page_bg = rgb(t["page"])
        under = page_bg if t["under"] is None else over(rgb(t["under"][0]), t["under"][1], page_bg)
        ratio = contrast(rgb(t["fill"]), under)
        assert ratio >= AA, f"{t['svg']} {t['text']!r}: {ratio:.2f}:1 in the {scheme} page"
