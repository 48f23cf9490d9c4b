"""`try_it` boards in headless Chromium: complete plays by clicks, keys, dragging and typed notation,
refused steps with the engine's reason in the page's language, undo and reset, stories, both
colour schemes, without JavaScript the plain figure, and no console errors.

A small project is built once (the project's scenarios, the real partials, one extra closed-board
scenario); its index page holds seven boards, `static.md` the same scenarios as plain figures.
Skipped only when chromium is missing and CI is not set, like tests/site/test_browser.py.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tavla_docs.engine import explain as ex
from tavla_docs.engine.board import OFF
from tavla_docs.site import i18n
from tests.fixture import PROJECT

from .conftest import ROOT, TINY_CONFIG

CLOSED = """variant: tavla
position:
  white: {bar: 1, 6: 4, 5: 4, 4: 3, 3: 3}
  black: {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 5}
turn: white
roll: 6-5
expect:
  plays: 0
caption:
  tr: "Kapalı ev: bardaki beyaz pul giremez."
  en: "A closed board: the white checker on the bar cannot enter."
"""
BOARDS = ('"bear-off/order-matters"', '"bear-off/mid-move"', '"bear-off/hit-story", step=2', '"closed/board"',
          '"tapa/pin"', '"uzun/head-rule"', '"gulbara/progression"')
ORDER, MID, STORY, SHUT, TAPA, UZUN, GULBARA = range(7)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tavla_docs.cli.commands.build import build_site, source_date_epoch

    work = tmp_path_factory.mktemp("tryit")
    project = work / "project"
    project.mkdir()
    (project / "mkdocs.yml").write_text(TINY_CONFIG, encoding="utf-8")
    shutil.copytree(PROJECT / "scenarios", project / "scenarios")
    shutil.copytree(PROJECT / "templates", project / "templates")
    (project / "scenarios" / "closed").mkdir()
    (project / "scenarios" / "closed" / "board.yaml").write_text(CLOSED, encoding="utf-8")
    for lang, title in (("tr", "Deneyin"), ("en", "Try it")):
        (project / "content" / lang).mkdir(parents=True)
        boards = "\n\n".join(f"{{{{ try_it({b}) }}}}" for b in BOARDS)
        (project / "content" / lang / "index.md").write_text(f"# {title}\n\n{boards}\n", encoding="utf-8")
        static = "\n\n".join(f"{{{{ diagram({b}, play=False) }}}}" for b in BOARDS)
        (project / "content" / lang / "static.md").write_text(f"# {title}\n\n{static}\n", encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOURCE_DATE_EPOCH", source_date_epoch(ROOT))
        mp.setenv("TAVLA_DOCS_AUDIT", "off")  # TINY_CONFIG's pages: the audit's local switch
        out, _ = build_site(project / "mkdocs.yml", work / "site", quiet=True)
    return out


class Board:
    """One try-it board on an open page."""

    def __init__(self, page, index: int) -> None:
        self.page = page
        self.root = page.locator("[data-tavla-try]").nth(index)
        self.root.scroll_into_view_if_needed()

    def hit(self, own: int):
        return self.root.locator(f'rect.try-hit[data-own="{own}"]')

    def click(self, *points: int) -> str:
        for p in points:
            self.hit(p).click()
        return self.status()

    def status(self) -> str:
        return self.root.locator(".tavla-try__status").inner_text()

    def button(self, action: str):
        return self.root.locator(f'button[data-action="{action}"]')

    def type(self, text: str) -> str:
        self.root.locator("input.tavla-try__input").fill(text)
        self.root.locator("form button").click()
        return self.status()

    def checkers(self, side: str, point: str) -> int:
        return self.root.locator(f'svg g.checkers use.checker.{side}[data-point="{point}"]').count()

    def marked(self, cls: str) -> list[tuple[float, float]]:
        return [(float(r.get_attribute("x")), float(r.get_attribute("y")))
                for r in self.root.locator(f"svg .try-marks rect.{cls}").all()]

    def box_of(self, own: int) -> tuple[float, float]:
        r = self.hit(own)
        return float(r.get_attribute("x")), float(r.get_attribute("y"))

    def focused(self) -> str | None:
        return self.page.evaluate("document.activeElement && document.activeElement.getAttribute('data-own')")

    def key_to(self, own: int) -> None:
        """Arrow keys from the focused point to `own`, steering by the points' places on screen: to
        the other row first (the mover's bar stands in one row, between two points of it), then along it."""
        places = self.root.evaluate("""r => Object.fromEntries([...r.querySelectorAll('rect.try-hit')].map(e => {
            const b = e.getBoundingClientRect();
            return [e.dataset.own, [b.x + b.width / 2, b.y + b.height / 2, b.height]]; }))""")
        for _ in range(40):
            cur = self.focused()
            if cur == str(own):
                return
            (x0, y0, h0), (x1, y1, h1) = places[cur], places[str(own)]
            dx, dy = x1 - x0, y1 - y0
            rows = abs(dy) > min(h0, h1) / 2
            key = ("ArrowDown" if dy > 0 else "ArrowUp") if rows or abs(dx) <= 5 else ("ArrowRight" if dx > 0 else "ArrowLeft")
            self.page.keyboard.press(key)
        raise AssertionError(f"arrow keys did not reach point {own} (at {self.focused()})")


def reason(lang: str, code: str, **args: object) -> str:
    return i18n.catalog(lang).gettext(ex.MESSAGES[code]) % args


def in_order(name: str, text: str) -> bool:
    """Whether the engine can play `text` in the order written on the scenario's position and roll."""
    from tavla_docs.engine.written import legal_in_order
    from tavla_docs.scenario.load import load_scenario

    s = load_scenario(PROJECT / "scenarios" / f"{name}.yaml", PROJECT / "scenarios")
    return legal_in_order(s.position, s.turn, s.roll, s.rules, text)[0]


def word(lang: str, msgid: str, **args: object) -> str:
    return i18n.catalog(lang).gettext(msgid) % args


def open_page(browser, url: str, *, scheme: str = "light", motion: str = "no-preference", js: bool = True):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme,
                                  reduced_motion=motion, java_script_enabled=js)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url} ({r.failure})"))
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    page.on("request", lambda r: problems.append(f"external request: {r.url}")
            if not r.url.startswith(("http://127.0.0.1", "data:", "blob:")) else None)
    page.goto(url, wait_until="load")
    page.wait_for_timeout(200)
    return page, problems


def lang_path(lang: str) -> str:
    return "" if lang == "tr" else "en/"


def differing_pixels(a: bytes, b: bytes) -> int:
    """Pixels of two same-sized screenshots that differ by more than anti-aliasing does (Chromium
    may smooth an arrow's edge differently from one paint to the next: a few dozen pixels)."""
    import io

    from PIL import Image, ImageChops  # Pillow comes with cairosvg, in the test extra

    x, y = Image.open(io.BytesIO(a)).convert("RGB"), Image.open(io.BytesIO(b)).convert("RGB")
    if x.size != y.size:
        return x.size[0] * x.size[1]
    diff = ImageChops.difference(x, y).convert("L").point(lambda v: 255 if v > 40 else 0)
    return sum(diff.histogram()[255:])


# ---- the page without the script ------------------------------------------------------

def test_the_script_is_loaded_only_where_there_are_boards(site: Path) -> None:
    for lang in ("tr", "en"):
        base = site if lang == "tr" else site / "en"
        board_page = (base / "index.html").read_text(encoding="utf-8")
        plain = (base / "static" / "index.html").read_text(encoding="utf-8")
        assert board_page.count("assets/javascripts/tavla-try.js") == 1
        assert board_page.count("assets/stylesheets/tavla-try.css") == 1
        assert "tavla-try" not in plain
    assert (site / "assets" / "javascripts" / "tavla-try.js").is_file()


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_without_javascript_the_figures_are_the_static_ones(chromium, server: str, lang: str) -> None:
    tried, p1 = open_page(chromium, server + lang_path(lang), js=False)
    plain, p2 = open_page(chromium, server + lang_path(lang) + "static/", js=False)
    try:
        figures = tried.locator("figure.tavla-figure")
        assert figures.count() == len(BOARDS) == plain.locator("figure.tavla-figure").count()
        assert tried.locator(".tavla-try__panel").count() == 0
        shots = []
        for page in (tried, plain):  # whole-page pictures: no scrolling, so the sticky header stays on top
            page.wait_for_load_state("networkidle")
            boxes = page.evaluate("""() => [...document.querySelectorAll('figure.tavla-figure')].map(f => {
                const r = f.getBoundingClientRect();
                return {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height}; })""")
            shots.append([page.screenshot(full_page=True, clip=box) for box in boxes])
        assert [len(s) for s in shots] == [len(BOARDS)] * 2
        for i, (a, b) in enumerate(zip(*shots, strict=True)):
            assert differing_pixels(a, b) <= 200, f"figure {i} differs"
        assert p1 == [] and p2 == []
    finally:
        tried.context.close()
        plain.context.close()


# ---- playing ----------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["tr", "en"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_order_matters_by_clicks_with_undo_and_reset(chromium, server: str, lang: str, scheme: str) -> None:
    page, problems = open_page(chromium, server + lang_path(lang), scheme=scheme)
    try:
        b = Board(page, ORDER)
        assert b.checkers("white", "off") == 13 and b.root.locator(".tavla-try__die").count() == 2
        b.click(3)
        assert b.marked("try-dest") == [b.box_of(1)]  # 3/1 only: the four may not bear it off
        assert b.click(OFF) == reason(lang, ex.FARTHER_FIRST, point=5)
        assert b.root.locator(".tavla-try__status--no").count() == 1
        assert b.click(3) == word(lang, "Cancelled")
        white_5 = ", ".join([word(lang, "White"), word(lang, "%(point)d-point", point=5),
                             i18n.catalog(lang).ngettext("%(num)d checker", "%(num)d checkers", 1) % {"num": 1}])
        assert b.click(5) == word(lang, "Picked: %(place)s. Moves: %(list)s", place=white_5, list="5/1, 5/3, 5/off")
        b.click(3)  # 5/3 with the two
        assert b.root.locator(".tavla-try__die--used").count() == 1
        assert b.checkers("white", "3") == 2 and b.checkers("white", "5") == 0
        done = b.click(3, OFF)
        assert word(lang, "The play is complete: %(play)s", play="5/off") in done
        assert word(lang, "This is the play the figure shows.") in done
        assert b.checkers("white", "off") == 14 and b.checkers("white", "3") == 1  # 5/off: one checker off
        b.button("undo").click()
        assert b.checkers("white", "off") == 13 and b.checkers("white", "3") == 2
        assert b.status() == word(lang, "Took back %(move)s", move="3/off")
        b.button("reset").click()
        assert b.checkers("white", "off") == 13 and b.checkers("white", "5") == 1
        assert b.root.locator("svg.try-moved").count() == 0 and b.root.locator("svg g.play").is_visible()
        out = ROOT / "artifacts"
        out.mkdir(exist_ok=True)
        b.click(5)
        b.root.screenshot(path=str(out / f"try-it-{lang}-{scheme}.png"))
        assert problems == []
    finally:
        page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_keyboard_plays_a_whole_turn_with_a_visible_focus(chromium, server: str, scheme: str) -> None:
    page, problems = open_page(chromium, server + "en/", scheme=scheme)
    try:
        b = Board(page, ORDER)
        for _ in range(60):  # Tab reaches the board
            page.keyboard.press("Tab")
            if b.focused() is not None:
                break
        assert b.focused() is not None
        focused = page.evaluate("getComputedStyle(document.activeElement).stroke")
        assert focused not in ("none", "", "rgba(0, 0, 0, 0)")
        assert page.evaluate("getComputedStyle(document.activeElement).strokeWidth") == "4px"
        b.key_to(5)
        assert "5" in page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "White, 5-point, 1 checker"
        page.keyboard.press("Enter")
        assert b.status() == "Picked: White, 5-point, 1 checker. Moves: 5/1, 5/3, 5/off"
        page.keyboard.press("Escape")
        assert b.status() == "Cancelled" and b.marked("try-dest") == []
        page.keyboard.press("Enter")
        b.key_to(3)
        page.keyboard.press("Enter")
        assert b.status() == "Played 5/3. Left to play: 4"
        page.keyboard.press("Enter")
        b.key_to(OFF)
        page.keyboard.press("Enter")
        assert b.status().startswith("Played 3/off. The play is complete: 5/off.")
        assert b.root.get_attribute("class") == "tavla-try tavla-try--on"
        assert problems == []
    finally:
        page.context.close()


def test_typed_notation_and_dragging(chromium, server: str) -> None:
    page, problems = open_page(chromium, server + "en/", motion="reduce")
    try:
        b = Board(page, ORDER)
        assert b.type("5/3 3/off").startswith("Played 3/off. The play is complete: 5/off.")
        assert b.checkers("white", "off") == 14
        assert b.type("5/1 3/1").endswith("The figure shows 5/off.")
        assert b.type("5/2") == "5/2 is not a legal play: No die left to play (4) takes this checker there"
        assert b.type("5/3") == "5/3 is not a legal play: " + reason("en", ex.INCOMPLETE)
        assert b.type("24/18 whatever") == "Write a play like 24/18 13/10"
        m = Board(page, MID)
        assert m.type("9/6 4/off") == "9/6 4/off is not a legal play: " + reason("en", ex.FARTHER_FIRST, point=6)
        # the same play as 9/off, but typed in an order that cannot be played: refused, as the engine says
        assert not in_order("bear-off/mid-move", "6/off 9/6")
        assert m.type("6/off 9/6") == "6/off 9/6 is not a legal play: " + reason("en", ex.OUTSIDE_HOME, point=9)
        assert m.type("9/6 6/off").startswith("Played 6/off. The play is complete: 9/off.")
        b.button("reset").click()
        src, dst = b.hit(5).bounding_box(), b.hit(3).bounding_box()
        page.mouse.move(src["x"] + src["width"] / 2, src["y"] + src["height"] - 20)
        page.mouse.down()
        page.mouse.move(src["x"] + 40, src["y"] + src["height"] - 60, steps=5)
        assert b.root.locator("use.try-ghost").count() == 1
        page.mouse.move(dst["x"] + dst["width"] / 2, dst["y"] + dst["height"] - 20, steps=8)
        page.mouse.up()
        assert b.status() == "Played 5/3. Left to play: 4" and b.root.locator("use.try-ghost").count() == 0
        assert b.checkers("white", "3") == 2
        assert problems == []
    finally:
        page.context.close()


def test_bearing_off_in_the_middle_of_the_move(chromium, server: str) -> None:
    page, problems = open_page(chromium, server)
    try:
        b = Board(page, MID)
        assert b.click(6, OFF) == reason("tr", ex.OUTSIDE_HOME, point=9)
        b.click(6)  # put down the six
        assert b.click(9, 3).startswith("Oynandı: 9/3")
        assert b.click(3, OFF).startswith("Oynandı: 3/off. Hamle tamamlandı: 9/off.")
        assert b.checkers("white", "off") == 1
        assert problems == []
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_the_hit_checker_on_the_bar_enters_first(chromium, server: str, lang: str) -> None:
    page, problems = open_page(chromium, server + lang_path(lang), motion="reduce")
    try:
        b = Board(page, STORY)
        b.click(25)
        assert b.marked("try-dest") == [b.box_of(23)]  # bar/23 with the two; the 21-point is closed
        assert b.click(21) == reason(lang, ex.CLOSED, point=21, count=3)
        b.click(25)
        assert reason(lang, ex.BAR_FIRST) in b.click(6)
        done = b.type("bar/23 6/2")
        assert word(lang, "This is the play the figure shows.") in done and b.checkers("white", "bar") == 0
        assert problems == []
    finally:
        page.context.close()


def test_a_closed_board_has_no_move(chromium, server: str) -> None:
    page, problems = open_page(chromium, server + "en/")
    try:
        b = Board(page, SHUT)
        assert b.status() == reason("en", ex.CANNOT_ENTER)
        b.button("reset").click()
        assert b.click(25) == reason("en", ex.CANNOT_ENTER) and b.marked("try-dest") == []
        b.button("hint").click()
        assert b.status() == reason("en", ex.CANNOT_ENTER)
        assert b.button("all").inner_text() == "Show the only legal play"
        b.button("all").click()
        assert b.root.locator(".tavla-try__plays li").all_inner_texts() == ["no move"]
        assert problems == []
    finally:
        page.context.close()


def test_a_tapa_pin_is_drawn_and_held(chromium, server: str) -> None:
    page, problems = open_page(chromium, server + "en/")
    try:
        b = Board(page, TAPA)
        assert b.root.locator('use.checker.black.pinned[data-point="5"]').count() == 0
        assert b.click(8, 5) == "Played 8/5*. Left to play: 1"
        assert b.root.locator('use.checker.black.pinned[data-point="5"]').count() == 1
        assert b.root.locator("svg .try-pins circle.try-pin").count() == 1
        assert b.hit(5).get_attribute("aria-label") == "5-point: White, 1 checker; Black, 1 checker, pinned"
        assert b.click(24, 23).startswith("Played 24/23. The play is complete: 24/23 8/5*.")
        b.button("undo").click()
        b.button("undo").click()
        assert b.root.locator("svg .try-pins circle.try-pin").count() == 0
        assert problems == []
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_uzun_tavla_head_rule(chromium, server: str, lang: str) -> None:
    page, problems = open_page(chromium, server + lang_path(lang))
    try:
        b = Board(page, UZUN)
        b.click(24, 19)
        stuck = b.click(24)
        assert stuck.endswith(reason(lang, ex.HEAD_RULE)) and b.marked("try-dest") == []
        assert b.click(18, 15).startswith(word(lang, "Played %(move)s", move="18/15"))
        assert problems == []
    finally:
        page.context.close()


def test_gulbara_progression(chromium, server: str) -> None:
    page, problems = open_page(chromium, server + "en/")
    try:
        b = Board(page, GULBARA)
        dice = b.root.locator(".tavla-try__die").all_inner_texts()
        assert dice == ["5", "5", "5", "5", "6", "6", "6", "6"]
        assert b.click(5).endswith(reason("en", ex.OUTSIDE_HOME, point=20))
        b.click(20, 15, 15, 10, 10, 5, 5, OFF)
        assert b.root.locator(".tavla-try__die--used").count() == 4
        assert b.status() == "Played 5/off. Left to play: 6"
        for _ in range(3):
            b.click(5, OFF)
        assert b.click(5, OFF).startswith("Played 5/off. The play is complete: 20/off 5/off(4).")
        assert b.root.locator(".tavla-try__die--used").count() == 8
        assert problems == []
    finally:
        page.context.close()


def test_a_story_steps_through_its_frames(chromium, server: str) -> None:
    page, problems = open_page(chromium, server + "en/", motion="reduce")
    try:
        b = Board(page, STORY)
        frame = b.root.locator(".tavla-try__frame")
        assert frame.inner_text().endswith("Step 3/3") and b.button("next").is_disabled()
        b.button("prev").click()
        assert frame.inner_text().endswith("Step 2/3")
        assert b.status().startswith("Step 2/3: Black hits White's blot")
        assert b.hit(24).get_attribute("data-point") == "1"  # Black's own 24 is White's 1
        b.button("prev").click()
        assert b.button("prev").is_disabled() and b.checkers("white", "off") == 7
        b.button("show").click()  # reduced motion: the figure's play at once
        assert b.status().endswith("This is the play the figure shows.") and b.checkers("white", "off") == 8
        assert b.root.locator("svg .try-trail line").count() == 2
        assert "tavla-try__btn--next" in b.button("next").get_attribute("class")
        b.button("next").click()
        assert b.checkers("white", "off") == 8 and b.root.locator("svg .try-trail line").count() == 0
        assert b.click(24, 22).startswith("Played 24/22*")
        assert b.checkers("white", "bar") == 1
        b.button("hint").click()
        assert b.status() == "Hint: move a checker from here: 6-point"
        b.button("hint").click()
        assert b.status() == "Hint: play 6/5"
        assert problems == []
    finally:
        page.context.close()


def test_a_typed_play_is_animated_step_by_step(chromium, server: str) -> None:
    page, problems = open_page(chromium, server + "en/")  # motion allowed: one step at a time
    try:
        b = Board(page, STORY)
        b.type("bar/23 6/2")
        assert b.status() == "Played bar/23. Left to play: 4"
        page.wait_for_function("el => el.textContent.includes('complete')",
                               arg=b.root.locator(".tavla-try__status").element_handle(), timeout=5000)
        assert b.status().startswith("Played 6/2. The play is complete: bar/23 6/2.")
        assert problems == []
    finally:
        page.context.close()


def board_data(page, index: int) -> dict:
    return page.evaluate("i => JSON.parse(document.querySelectorAll('script.tavla-try__data')[i].textContent)", index)


def test_every_board_plays_the_figures_play_from_the_keyboard(chromium, server: str) -> None:
    page, problems = open_page(chromium, server + "en/")
    try:
        played = 0
        for index in range(len(BOARDS)):
            data = board_data(page, index)
            frame = data["frames"][data["at"]]
            b = Board(page, index)
            b.root.locator('rect.try-hit[tabindex="0"]').focus()
            for src, dst, _die, _hit in frame["show"]:
                b.key_to(src)
                page.keyboard.press("Enter")
                b.key_to(dst)
                page.keyboard.press("Enter")
            if frame["show"]:
                played += 1
                assert b.status().endswith("This is the play the figure shows."), (index, b.status())
        assert played == len(BOARDS) - 1  # all but the closed board, which has no move
        assert problems == []
    finally:
        page.context.close()


def test_every_legal_play_can_be_typed(chromium, server: str) -> None:
    page, problems = open_page(chromium, server + "en/", motion="reduce")
    try:
        typed = 0
        for index in range(len(BOARDS)):
            data = board_data(page, index)
            frame = data["frames"][data["at"]]
            if frame["none"] >= 0:
                continue
            b = Board(page, index)
            for play in frame["plays"]:
                assert f"The play is complete: {play}." in b.type(play), (index, play, b.status())
                typed += 1
        assert typed >= 25
        assert problems == []
    finally:
        page.context.close()


def test_boards_do_not_interfere(chromium, server: str) -> None:
    page, problems = open_page(chromium, server + "en/")
    try:
        first, second = Board(page, ORDER), Board(page, MID)
        first.click(5, 3)
        assert second.status() == "" and second.root.locator("svg.try-moved").count() == 0
        assert second.checkers("white", "9") == 1 and first.checkers("white", "5") == 0
        second.click(9, 3)
        assert first.status() == "Played 5/3. Left to play: 4"
        first.button("hint").click()
        assert first.status() == "Hint: move a checker from here: 3-point" and second.status().startswith("Played 9/3")
        assert problems == []
    finally:
        page.context.close()
