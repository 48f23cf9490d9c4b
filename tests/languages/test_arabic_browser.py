"""The Arabic test site in Chromium, on a phone (390 px, touch): the page reads right to left and its
layout is mirrored, a play reads left to right inside Arabic text (by the rendered positions of its
characters, against a control that shows the reversal an unisolated play suffers), the board keeps
its geometry, and the try-it board's counts take their CLDR plural forms. Built once per session
(tests/languages/conftest.py); the static checks are in test_arabic_site.py."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.site.browsing import chromium as launch_chromium
from tests.site.browsing import serving

from .test_arabic_site import FSI, PDI, category, form

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}

# The left edge of each character of `needle` in the first text node under `el` that holds it.
CHAR_XS = """([el, needle]) => {
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const at = n.data.indexOf(needle);
    if (at < 0) continue;
    const xs = [];
    for (let i = 0; i < needle.length; i++) {
      if (needle[i] === " ") continue;
      const r = document.createRange(); r.setStart(n, at + i); r.setEnd(n, at + i + 1);
      xs.push(r.getBoundingClientRect().left);
    }
    return xs;
  }
  return null;
}"""


@pytest.fixture(scope="module")
def server(arabic_site: Path) -> Iterator[str]:
    with serving(arabic_site) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    yield from launch_chromium()


@pytest.fixture
def phone(browser, server):
    """(page, problems): the Arabic home page on a phone; `problems` collects console errors."""
    context = browser.new_context(reduced_motion="reduce", **PHONE)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.goto(server, wait_until="load")
    yield page, problems
    context.close()


def left_to_right(page, el, needle: str) -> bool:
    xs = page.evaluate(CHAR_XS, [el, needle])
    assert xs is not None, needle
    return all(a < b for a, b in zip(xs, xs[1:], strict=False))


def test_the_page_reads_right_to_left_and_its_layout_is_mirrored(phone, server, browser) -> None:
    page, problems = phone
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir, document.dir]") == ["ar", "rtl", "rtl"]
    prose = page.locator("article p").first
    assert prose.evaluate("p => getComputedStyle(p).direction") == "rtl"
    # Material's menu button sits at the start of the header: the right on this page, the left in English
    menu = "label.md-header__button[for='__drawer']"
    assert page.locator(menu).bounding_box()["x"] > PHONE["viewport"]["width"] / 2
    en = browser.new_context(**PHONE).new_page()
    en.goto(server + "en/", wait_until="load")
    assert en.locator(menu).bounding_box()["x"] < PHONE["viewport"]["width"] / 2
    assert en.evaluate("document.documentElement.dir") == "" and en.locator("article p").first.evaluate(
        "p => getComputedStyle(p).direction") == "ltr"
    en.context.close()
    assert not problems


def test_a_play_in_an_arabic_sentence_reads_left_to_right(phone) -> None:
    page, _ = phone
    play = page.locator("article p code.tavla-play").first
    assert play.text_content() == "24/18 13/11"
    assert play.evaluate("c => [getComputedStyle(c).direction, getComputedStyle(c).unicodeBidi]") == ["ltr", "isolate"]
    assert left_to_right(page, play.element_handle(), "24/18 13/11")
    # the Arabic around it still reads right to left: the word before the play is to its right on
    # the same line, or on a line above (at 390 px the play may start the next line)
    word = page.locator("article p").first.evaluate("""p => { const n = p.firstChild, at = n.data.indexOf("هكذا");
        const r = document.createRange(); r.setStart(n, at); r.setEnd(n, at + 4); const b = r.getBoundingClientRect();
        return [b.left, b.top]; }""")
    box = play.bounding_box()
    assert (word[0] > box["x"] + box["width"] - 1) if abs(word[1] - box["y"]) < 4 else word[1] < box["y"]
    # control: the same words without the isolation show the moves in the wrong order
    control = page.evaluate_handle("""() => { const p = document.createElement("p");
        p.textContent = "يلعب الأبيض 24/18 13/11 هكذا"; document.querySelector("article").append(p); return p; }""")
    assert not left_to_right(page, control, "24/18 13/11")


@pytest.mark.parametrize(("scenario", "play"), [("rtl/opening", "24/18 13/11"), ("rtl/left-11", "6/off(3) 5/off")])
def test_a_play_in_the_plain_text_facts_line_reads_left_to_right(phone, scenario: str, play: str) -> None:
    page, _ = phone
    facts = page.locator(f"figure[data-scenario='{scenario}'] .tavla-figure__facts").first
    assert facts.evaluate("f => getComputedStyle(f).direction") == "rtl"
    assert left_to_right(page, facts.element_handle(), play)


def test_the_board_keeps_its_geometry(phone, browser, server) -> None:
    page, _ = phone
    board = "figure[data-scenario='rtl/left-5'] svg"
    assert page.locator(board).first.evaluate("s => getComputedStyle(s).direction") == "ltr"
    where = f"""() => {{ const svg = document.querySelector("{board}");
        return [...svg.querySelectorAll("text")]
               .map(t => {{ const b = t.getBBox(); return [t.textContent, Math.round(b.x), Math.round(b.y)]; }})
               .filter(([s]) => /^[0-9]+$/.test(s)); }}"""
    en = browser.new_context(**PHONE).new_page()
    en.goto(server + "en/", wait_until="load")
    ours, theirs = page.evaluate(where), en.evaluate(where)
    en.context.close()
    assert len(ours) >= 24 and ours == theirs  # every number drawn on the board, where the English board has it
    # a label anchored at its start begins at its x, as on a left-to-right page
    starts = page.evaluate(f"""() => [...document.querySelectorAll("{board} text.info")]
        .map(t => [Math.round(t.getBBox().x), Math.round(+t.getAttribute("x"))])""")
    assert starts and all(abs(a - b) <= 1 for a, b in starts)


def test_the_try_it_board_counts_with_cldrs_plural_forms(phone) -> None:
    page, problems = phone
    board = page.locator("[data-tavla-try] svg").first
    board.scroll_into_view_if_needed()

    def label(own: int) -> str:
        text = board.locator(f"rect.try-hit[data-own='{own}']").get_attribute("aria-label")
        return text.replace(FSI, "").replace(PDI, "")

    counts = {24: 2, 13: 5, 8: 3}  # White's checkers on its own points in the opening
    for own, n in counts.items():
        assert form("%(num)d checker", n) in label(own), (own, label(own))
    assert {category(n) for n in counts.values()} == {"two", "few"}
    # the list of legal plays: each reads left to right in the right-to-left list
    page.locator("[data-tavla-try] button[data-action='all']").click()
    item = page.locator(".tavla-try__plays li", has_text="24/18 13/11").first
    assert left_to_right(page, item.element_handle(), "24/18 13/11")
    assert not problems
