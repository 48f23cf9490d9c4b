"""axe-core on every page of the built site: 0 serious and 0 critical violations, light and dark, on a
390 px touch phone and a 1280 px desktop (issue 27).

The site is the project's own, built into a temporary folder (`built_site`). axe-core comes from npm
(`tests/site/axe/package.json`, pinned with its integrity hash in `package-lock.json`), installed by
`scripts/ensure_axe.py`, which `make test` runs. Without it the test is skipped, except under CI,
where a missing axe-core fails it, as a missing chromium does. No rule is turned off.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browsing import chromium, serving

AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
BAD = ("serious", "critical")

# Every violation, one line per element: rule, impact, the element's selector and axe's summary.
RUN_AXE = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}));
}"""


def site_pages(site: Path) -> list[str]:
    """The URL paths of the site's pages a reader lands on: every HTML file but the redirects that
    old URLs leave (a page that only sends the browser on), in a fixed order."""
    out = []
    for f in sorted(site.rglob("*.html")):
        text = f.read_text(encoding="utf-8")
        if 'http-equiv="refresh"' in text:
            continue
        rel = f.relative_to(site).as_posix()
        out.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return out


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{AXE} is missing (CI is set): run scripts/ensure_axe.py")
        pytest.skip("axe-core is not installed (python scripts/ensure_axe.py installs it)")
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def server(built_site: Path) -> Iterator[str]:
    with serving(built_site) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    yield from chromium()


def test_site_pages_leave_out_only_redirects(built_site: Path) -> None:
    pages = site_pages(built_site)
    assert "" in pages and "en/" in pages and "404.html" in pages
    assert len(pages) >= 18, pages  # both languages' pages


def violations(browser: Any, url: str, device: dict[str, Any], scheme: str, axe: str) -> list[str]:
    """axe-core's serious and critical violations on the page at `url`, one line per element."""
    context = browser.new_context(color_scheme=scheme, reduced_motion="reduce", **device)
    try:
        page = context.new_page()
        page.goto(url, wait_until="load")
        page.wait_for_timeout(150)  # Material's script wraps tables and mounts the search after load
        want = "slate" if scheme == "dark" else "default"
        assert page.evaluate("document.body.dataset.mdColorScheme") == want, url
        page.add_script_tag(content=axe)
        found = page.evaluate(RUN_AXE)
    finally:
        context.close()
    return [f"{v['id']} ({v['impact']}): {n['target']}: {v['help']}; {n['summary'].splitlines()[-1].strip()}"
            for v in found if v["impact"] in BAD for n in v["nodes"]]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone-390", "desktop-1280"])
def test_no_serious_or_critical_axe_violations(browser, server: str, built_site: Path, axe_source: str,
                                               device: dict[str, Any], scheme: str) -> None:
    report = {}
    for path in site_pages(built_site):
        found = violations(browser, server + path, device, scheme, axe_source)
        if found:
            report[path or "/"] = found
    assert report == {}, "\n".join(f"/{p}:\n  " + "\n  ".join(v[:12]) for p, v in report.items())


def test_a_wide_table_scrolls_from_the_keyboard_on_a_phone_only(browser, server: str) -> None:
    """The odds page's tables on a phone: each box that scrolls takes the focus (named by the table's
    caption when it has one), and the arrow keys scroll it; at 1280 px nothing overflows, so no
    box is a tab stop."""
    from .site_urls import page_path

    for device, wide in ((PHONE, True), (DESKTOP, False)):
        context = browser.new_context(**device)
        try:
            page = context.new_page()
            page.goto(server + page_path("en", "odds"), wait_until="load")
            page.wait_for_timeout(150)
            boxes = page.locator(".md-typeset__scrollwrap")
            assert page.locator(".md-typeset__scrollwrap:has(table[data-tavla])").count() > 0
            over = [boxes.nth(i) for i in range(boxes.count())
                    if boxes.nth(i).evaluate("b => b.scrollWidth > b.clientWidth + 1")]
            assert page.locator(".md-typeset__scrollwrap[tabindex='0']").count() == len(over)
            if not wide:
                assert over == []
                continue
            assert over, "at 390 px the odds tables are wider than the screen"
            box = over[0]
            caption = box.locator("caption")
            if caption.count():
                assert box.get_attribute("role") == "region"
                assert box.get_attribute("aria-labelledby") == caption.get_attribute("id")
            box.focus()
            assert box.evaluate("b => document.activeElement === b")
            for _ in range(3):
                page.keyboard.press("ArrowRight")
            page.wait_for_timeout(100)
            assert box.evaluate("b => b.scrollLeft") > 0, "the arrow keys did not scroll the table"
        finally:
            context.close()
