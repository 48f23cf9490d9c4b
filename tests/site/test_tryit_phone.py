"""`try_it` boards on a phone (390×844, touch) and a desktop (1280×800), in real Chromium: a finger's
drag through CDP touch events, taps, the mouse; a checker moved through both dice in one gesture
where a legal play does that; a typed play judged in the order typed; marks that follow the
page's colour scheme rather than the system's; the figure's marks put away while the reader
plays; the feedback in view of the board; the first focus; the help and accessible names.

A small project is built once: the user's examples that these cases need, each as a board. The
user's examples that ask for their board in the scenario are played in test_tryit_seeds.py.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tavla_docs.engine import explain as ex
from tavla_docs.engine.board import BAR, OFF
from tests.fixture import PROJECT

from .conftest import ROOT, TINY_CONFIG
from .test_tryit_browser import Board, in_order, lang_path, reason, word

BOARDS = ("bear-off/order-matters", "bear-off/bar-counts-outside", "bear-off/doubles-end-game",
          "bear-off/hit-during-bear-off")
ORDER, BAR_OUT, DOUBLES, HIT = range(4)
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
# The site's light/dark toggle, as in mkdocs.yml (Material's palette, one option per system scheme).
PALETTE = """language: tr, palette: [
    {media: "(prefers-color-scheme: light)", scheme: default, toggle: {icon: material/weather-night, name: Dark}},
    {media: "(prefers-color-scheme: dark)", scheme: slate, toggle: {icon: material/weather-sunny, name: Light}}]}"""
LIGHT_MARK, DARK_MARK = "rgb(11, 87, 208)", "rgb(138, 180, 248)"  # --try-svg-focus in each scheme


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tavla_docs.cli.commands.build import build_site, source_date_epoch

    work = tmp_path_factory.mktemp("tryphone")
    project = work / "project"
    project.mkdir()
    (project / "mkdocs.yml").write_text(TINY_CONFIG.replace("language: tr}", PALETTE), encoding="utf-8")
    shutil.copytree(PROJECT / "scenarios", project / "scenarios")
    shutil.copytree(PROJECT / "templates", project / "templates")
    for lang, title in (("tr", "Deneyin"), ("en", "Try it")):
        (project / "content" / lang).mkdir(parents=True)
        boards = "\n\n".join(f'{{{{ try_it("{b}") }}}}' for b in BOARDS)
        (project / "content" / lang / "index.md").write_text(f"# {title}\n\n{boards}\n", encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOURCE_DATE_EPOCH", source_date_epoch(ROOT))
        mp.setenv("TAVLA_DOCS_AUDIT", "off")  # TINY_CONFIG's pages: the audit's local switch
        out, _ = build_site(project / "mkdocs.yml", work / "site", quiet=True)
    return out


def open_page(browser, url: str, device: dict, *, system: str = "light", page_scheme: str | None = None):
    """A page on `device` with the system's colour scheme `system`; `page_scheme` is then chosen
    with the page's own toggle (Material's, which sets `data-md-color-scheme` on body)."""
    context = browser.new_context(color_scheme=system, reduced_motion="reduce", **device)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.goto(url, wait_until="load")
    scheme = "document.body.getAttribute('data-md-color-scheme')"
    assert page.evaluate(scheme) == ("slate" if system == "dark" else "default")  # the system's, at first
    for _ in range(2):
        if page_scheme is None or page.evaluate(scheme) == page_scheme:
            break
        page.locator("form[data-md-component=palette] label:visible").first.click()
    assert page_scheme is None or page.evaluate(scheme) == page_scheme
    return page, problems


class Finger:
    """One finger on the touch screen, through Chromium's own touch input (CDP): unlike
    `page.touchscreen`, which only taps, it drags, and the browser decides about scrolling."""

    def __init__(self, page) -> None:
        self.cdp = page.context.new_cdp_session(page)

    def send(self, kind: str, x: float = 0, y: float = 0) -> None:
        points = [] if kind in ("touchEnd", "touchCancel") else [{"x": x, "y": y}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def drag(self, a: tuple[float, float], b: tuple[float, float], *, steps: int = 10, halfway=None) -> None:
        self.send("touchStart", *a)
        for i in range(1, steps + 1):
            self.send("touchMove", a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
            if i == steps // 2 and halfway is not None:
                halfway()
        self.send("touchEnd")


def top_checker(b: Board, own: int) -> tuple[float, float]:
    """Where a finger or the mouse grabs the mover's checkers on `own` (inside the point's box,
    near its edge where the stack starts)."""
    box = b.hit(own).bounding_box()
    assert box is not None
    y = box["y"] + 15 if b.hit(own).get_attribute("y") and float(b.hit(own).get_attribute("y")) < 200 \
        else box["y"] + box["height"] - 15
    return box["x"] + box["width"] / 2, y


def centre(b: Board, own: int) -> tuple[float, float]:
    box = b.hit(own).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


# ---- touch ----------------------------------------------------------------------------------

@pytest.mark.parametrize("system", ["light", "dark"])
def test_a_finger_drags_a_checker_through_both_dice_and_off(chromium, server: str, system: str) -> None:
    page, problems = open_page(chromium, server + "en/", PHONE, system=system)
    try:
        assert page.evaluate("matchMedia('(pointer: coarse)').matches")
        b = Board(page, ORDER)
        ghosts: list[int] = []
        Finger(page).drag(top_checker(b, 5), centre(b, OFF),
                          halfway=lambda: ghosts.append(b.root.locator("use.try-ghost").count()))
        assert ghosts == [1]  # the checker follows the finger: the drag was not cancelled by a scroll
        assert b.status() == ("Played 5/off. The play is complete: 5/off. This is the play the figure shows.")
        assert b.root.locator("use.try-ghost").count() == 0
        assert b.checkers("white", "off") == 14 and b.checkers("white", "5") == 0
        assert b.root.locator(".tavla-try__die--used").count() == 2
        # the feedback is right under the board, on the screen together with it
        board, status = b.root.locator("svg").bounding_box(), b.root.locator(".tavla-try__status").bounding_box()
        assert 0 <= status["y"] - (board["y"] + board["height"]) < 24
        assert board["y"] >= 0 and status["y"] + status["height"] <= 844
        b.button("undo").click()  # one gesture, taken back as one
        assert b.status() == "Took back 5/off" and b.checkers("white", "5") == 1 and b.checkers("white", "off") == 13
        assert problems == []
    finally:
        page.context.close()


def test_a_cancelled_touch_leaves_no_ghost(chromium, server: str) -> None:
    page, problems = open_page(chromium, server + "en/", PHONE)
    try:
        b = Board(page, ORDER)
        f = Finger(page)
        (x, y), (x1, y1) = top_checker(b, 5), centre(b, 3)
        f.send("touchStart", x, y)
        for i in range(1, 6):
            f.send("touchMove", x + (x1 - x) * i / 5, y + (y1 - y) * i / 5)
        assert b.root.locator("use.try-ghost").count() == 1
        f.send("touchCancel")
        assert b.root.locator("use.try-ghost").count() == 0 and b.status() == "Cancelled"
        assert b.marked("try-sel") == [] and b.checkers("white", "5") == 1
        b.root.locator(".tavla-try__status").scroll_into_view_if_needed()
        b.hit(5).tap()  # the next tap picks, as on a fresh board
        assert b.status().startswith("Picked: White, 5-point")
        assert problems == []
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_taps_enter_from_the_bar_through_both_dice(chromium, server: str, lang: str) -> None:
    page, problems = open_page(chromium, server + lang_path(lang), PHONE)
    try:
        b = Board(page, BAR_OUT)
        b.hit(BAR).tap()
        assert b.hit(14).get_attribute("data-point") == "14"
        assert b.box_of(14) in b.marked("try-dest")  # bar/14 is listed among the moves
        b.hit(14).tap()
        assert b.status().startswith(word(lang, "Played %(move)s", move="bar/14"))
        assert word(lang, "The play is complete: %(play)s", play="bar/14") in b.status()
        assert b.checkers("white", "bar") == 0
        assert problems == []
    finally:
        page.context.close()


def test_the_mouse_plays_all_four_fives_of_a_double_in_one_drag(chromium, server: str) -> None:
    """The 5-5 example: the three checkers come off; the farthest (4-point) by one drag to the tray."""
    page, problems = open_page(chromium, server + "en/", DESKTOP)
    try:
        b = Board(page, DOUBLES)
        for own in (4, 2, 1):
            page.mouse.move(*top_checker(b, own))
            page.mouse.down()
            page.mouse.move(*centre(b, OFF), steps=8)
            page.mouse.up()
        assert b.status().startswith("Played 1/off. The play is complete: 4/off 2/off 1/off.")
        assert b.checkers("white", "off") == 15
        assert problems == []
    finally:
        page.context.close()


def test_the_mouse_drags_a_checker_while_page_text_is_selected(chromium, server: str) -> None:
    """A press beside the board, dragged over it, selects the page's text (a reader who misses the
    checker does it). Chromium then began dragging that selection at the next press on the board, so
    every drag of a checker ended as "Cancelled" until the reader clicked elsewhere."""
    page, problems = open_page(chromium, server + "en/", DESKTOP)
    try:
        b = Board(page, ORDER)
        b.root.locator("svg").first.evaluate("e => e.scrollIntoView({block: 'center'})")
        head = b.root.locator(".tavla-try__head").bounding_box()
        page.mouse.move(head["x"] + 2, head["y"] + head["height"] / 2)  # on the board's title, not a checker
        page.mouse.down()
        page.mouse.move(*centre(b, 3), steps=8)
        page.mouse.up()
        assert page.evaluate("s => getSelection().containsNode(s, true)", b.root.locator("svg").first.element_handle())
        assert b.status() == "" and b.marked("try-sel") == []  # nothing picked by that
        for own, dst in ((5, 3), (3, OFF)):  # the selection still there: each drag plays its move
            page.mouse.move(*top_checker(b, own))
            page.mouse.down()
            page.mouse.move(*centre(b, dst), steps=8)
            page.mouse.up()
        assert b.status().startswith("Played 3/off. The play is complete: 5/off.")
        assert b.checkers("white", "off") == 14
        assert b.focused() == str(OFF)  # where the checker was dropped, as a click leaves it
        assert problems == []
    finally:
        page.context.close()


# ---- the order typed -----------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["tr", "en"])
def test_a_typed_play_is_judged_in_the_order_typed(chromium, server: str, lang: str) -> None:
    page, problems = open_page(chromium, server + lang_path(lang), DESKTOP)
    try:
        b = Board(page, ORDER)
        assert not in_order("bear-off/order-matters", "3/off 5/3") and in_order("bear-off/order-matters", "5/3 3/off")
        refused = b.type("3/off 5/3")
        assert refused == word(lang, "%(play)s is not a legal play: %(why)s", play="3/off 5/3",
                               why=reason(lang, ex.FARTHER_FIRST, point=5))
        assert b.checkers("white", "off") == 13 and b.root.locator("svg.try-moved").count() == 0
        assert word(lang, "This is the play the figure shows.") in b.type("5/3 3/off")
        h = Board(page, HIT)
        assert not in_order("bear-off/hit-during-bear-off", "6/2 bar/23")
        assert h.type("6/2 bar/23").endswith(reason(lang, ex.BAR_FIRST))
        assert problems == []
    finally:
        page.context.close()


# ---- colours, focus, help, names ------------------------------------------------------------

@pytest.mark.parametrize(("device", "system", "page_scheme", "mark"), [
    (PHONE, "dark", "default", LIGHT_MARK), (DESKTOP, "dark", "default", LIGHT_MARK),
    (PHONE, "light", "slate", DARK_MARK), (DESKTOP, "light", "slate", DARK_MARK)])
def test_marks_follow_the_page_scheme_not_the_system(chromium, server: str, device, system, page_scheme, mark) -> None:
    page, problems = open_page(chromium, server + "en/", device, system=system, page_scheme=page_scheme)
    try:
        b = Board(page, ORDER)
        b.hit(5).click()
        sel = b.root.locator("svg .try-marks rect.try-sel")
        assert sel.evaluate("e => getComputedStyle(e).stroke") == mark
        field = b.root.locator("svg rect.field, svg .field").first
        light_board = field.evaluate("e => getComputedStyle(e).fill") == "rgb(243, 239, 230)"
        assert light_board == (mark == LIGHT_MARK)  # the board and its marks agree
        assert problems == []
    finally:
        page.context.close()


def test_the_figures_marks_are_put_away_while_the_reader_plays(chromium, server: str) -> None:
    page, problems = open_page(chromium, server + "en/", DESKTOP)
    try:
        b = Board(page, ORDER)
        arrows, crossed = b.root.locator("svg > g.play"), b.root.locator("svg > g.forbidden-moves")
        assert arrows.is_visible() and crossed.is_visible()
        b.click(5)  # picking is playing: the figure's arrows would clutter the destinations
        assert not arrows.is_visible() and not crossed.is_visible()
        b.click(5)  # put down again: nothing played, the figure as drawn
        assert arrows.is_visible()
        b.click(5, 3)
        assert not arrows.is_visible()
        b.button("reset").click()
        assert arrows.is_visible() and crossed.is_visible()
        assert problems == []
    finally:
        page.context.close()


def test_first_focus_help_and_names(chromium, server: str) -> None:
    page, problems = open_page(chromium, server + "en/", DESKTOP)
    phone, p2 = open_page(chromium, server + "en/", PHONE)
    try:
        b = Board(page, ORDER)
        for _ in range(60):
            page.keyboard.press("Tab")
            if b.focused() is not None:
                break
        assert b.focused() == "5"  # the checker that can move, not the empty bar
        assert b.root.locator('rect.try-hit[tabindex="0"]').count() == 1
        assert Board(page, HIT).root.locator('rect.try-hit[tabindex="0"]').get_attribute("data-own") == str(BAR)
        keys, touch = b.root.locator(".tavla-try__keys"), b.root.locator(".tavla-try__touch")
        assert keys.is_visible() and not touch.is_visible()
        pb = Board(phone, ORDER)
        assert not pb.root.locator(".tavla-try__keys").is_visible()
        assert pb.root.locator(".tavla-try__touch").inner_text() == word(
            "en", "Tap a checker, then the point it goes to, or drag it there.")
        svg = b.root.locator("svg").first
        name = page.evaluate("""s => s.getAttribute('aria-labelledby').split(' ')
            .map(id => document.getElementById(id).textContent).join(' ').trim()""", svg.element_handle())
        assert name == "Try it" and svg.get_attribute("role") == "group"
        described = svg.get_attribute("aria-describedby").split()
        desc_id = svg.locator("desc").get_attribute("id")
        assert desc_id in described and "fig-bear-off-order-matters-caption" in described
        assert all(page.locator(f"#{i}").count() == 1 for i in described)
        assert problems == [] and p2 == []
    finally:
        page.context.close()
        phone.context.close()
