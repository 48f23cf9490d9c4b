"""The user's examples played as readers play them (issue 27 item 2): the mid-move start, the 5-5
doubles, the hit during a bear-off and the entry against closed points (one die's point closed,
then both), each a scenario that asks for a board with `diagram: {try: true}`. They are played by
a finger's drag and by taps at 390 px with touch, and by the mouse and by the keys at 1280 px
(there with the page's scheme set against the system's, the marks checked while playing), in the
light and the dark scheme, in Turkish and English. Every refusal the board shows is compared with
the reason the engine gives for the same step (`engine.explain`), in the page's language; so is
the refusal of a play typed in an order the dice cannot be played in.

The project is built once from the scenarios in tests/site/seeds/ (copies of the site's, so a
change to today's pages or scenarios cannot change what this test plays); the pages are made here.
"""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tavla_docs.engine.board import BAR, OFF
from tavla_docs.engine.explain import MESSAGES, Refusal, follow, no_play_reason, play_tree
from tavla_docs.engine.written import legal_in_order, match_play
from tavla_docs.scenario.load import load_scenario
from tavla_docs.site import i18n

from .conftest import ROOT, TINY_CONFIG
from .test_tryit_browser import Board, lang_path, word
from .test_tryit_phone import DARK_MARK, DESKTOP, LIGHT_MARK, PALETTE, PHONE, Finger, centre, open_page, top_checker

FIXTURE = Path(__file__).parent / "seeds" / "scenarios"
EXAMPLES = ("bear-off/mid-move", "bear-off/doubles-end-game", "bear-off/hit-during-bear-off",
            "rules/enter-open-point", "rules/cannot-enter")
MID, DOUBLES, HIT, ENTER, SHUT = range(len(EXAMPLES))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tavla_docs.cli.commands.build import build_site, source_date_epoch

    work = tmp_path_factory.mktemp("tryseeds")
    project = work / "project"
    project.mkdir()
    (project / "mkdocs.yml").write_text(TINY_CONFIG.replace("language: tr}", PALETTE), encoding="utf-8")
    shutil.copytree(FIXTURE, project / "scenarios")
    for lang, title in (("tr", "Örnekler"), ("en", "Examples")):
        (project / "content" / lang).mkdir(parents=True)
        # plain `diagram(…)` calls, as the user's pages have: the scenarios ask for the boards
        figures = "\n\n".join(f'{{{{ diagram("{name}") }}}}' for name in EXAMPLES)
        (project / "content" / lang / "index.md").write_text(f"# {title}\n\n{figures}\n", encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOURCE_DATE_EPOCH", source_date_epoch(ROOT))
        mp.setenv("TAVLA_DOCS_AUDIT", "off")  # TINY_CONFIG's pages: the audit's local switch
        out, _ = build_site(project / "mkdocs.yml", work / "site", quiet=True)
    return out


# ---- what the engine says -------------------------------------------------------------------

def scenario(name: str) -> Any:
    return load_scenario(FIXTURE / f"{name}.yaml", FIXTURE)


def sentence(lang: str, r: Refusal) -> str:
    """The engine's reason in the page's language, as the catalogs translate it."""
    return r.format(i18n.catalog(lang).gettext(MESSAGES[r.code]))


def refused(lang: str, name: str, src: int, dst: int, played: tuple[tuple[int, int], ...] = ()) -> str:
    """Why the engine refuses the step `src`/`dst` after `played` (None would fail the test: the
    step is legal)."""
    s = scenario(name)
    tree = play_tree(s.position, s.turn, s.roll, s.rules)
    node, why = follow(tree, played)
    assert why is None, f"{played} is not a legal start of {name}"
    dice = [d for d in sorted(set(tree.usable(node)), reverse=True) if src - d == dst or (dst == OFF and src - d < 0)]
    assert dice, f"no die takes {src} to {dst}"
    r = tree.refusal(node, src, dice[0])
    assert r is not None, f"the engine allows {src}/{dst} in {name}"
    return sentence(lang, r)


def stuck(lang: str, name: str, src: int, played: tuple[tuple[int, int], ...] = ()) -> str:
    """The engine's reasons why no die moves the checker on `src` (each once, larger die first)."""
    s = scenario(name)
    tree = play_tree(s.position, s.turn, s.roll, s.rules)
    node, _ = follow(tree, played)
    assert not [m for m, _ in tree.children(node) if m.src == src], f"{src} can move in {name}"
    out: list[str] = []
    for d in sorted(set(tree.usable(node)), reverse=True):
        r = tree.refusal(node, src, d)
        if r is not None and sentence(lang, r) not in out:
            out.append(sentence(lang, r))
    assert out
    return " · ".join(out)


def the_play(name: str) -> str:
    """The legal play the scenario's figure shows, written as the engine writes it."""
    s = scenario(name)
    play = match_play(s.position, s.turn, s.roll, s.rules, str(s.show))
    assert play is not None
    return str(play)


# ---- playing --------------------------------------------------------------------------------

class Player:
    """Moves a checker on a board as a reader does: a finger's drag or two taps (`drag`, `taps`),
    a mouse's drag (`mouse`), or the keys (`keys`: Tab into the board, arrows to a point, Enter).
    Picking then pointing plays a checker through both dice at once, as a drag does; only `taps`
    is played here one die at a time. The colours of the marks seen while a checker is picked
    (mouse and keys) are kept in `seen`."""

    def __init__(self, page: Any, how: str) -> None:
        self.page, self.how = page, how
        self.seen: list[str] = []
        self.finger = Finger(page) if how in ("drag", "taps") else None

    def move(self, b: Board, src: int, dst: int) -> str:
        if self.how == "drag":
            self.finger.drag(top_checker(b, src), centre(b, dst))
        elif self.how == "mouse":
            self.mouse(b, src, dst)
        else:
            if b.marked("try-sel") != [b.box_of(src)]:  # a refused drop leaves the checker picked
                self.press(b, src)
            if b.marked("try-sel"):  # picked; a checker that cannot move is refused at once
                self.mark(b)
                self.press(b, dst)
        return b.status()

    def press(self, b: Board, own: int) -> None:
        if self.how == "taps":
            return b.hit(own).tap()
        for _ in range(60):  # Tab from wherever the focus is (the board before, its panel) into this one
            if b.root.evaluate("r => r.querySelector('svg').contains(document.activeElement)"):
                break
            self.page.keyboard.press("Tab")
        b.key_to(own)
        self.page.keyboard.press("Enter")

    def mouse(self, b: Board, src: int, dst: int) -> None:
        # the whole board in view, clear of the sticky header; the bar's checker is pressed at its middle
        b.root.locator("svg").first.evaluate("e => e.scrollIntoView({block: 'center'})")
        a = centre(b, src) if src == BAR else top_checker(b, src)
        under = self.page.evaluate("([x, y]) => document.elementFromPoint(x, y).getAttribute('data-own')", list(a))
        assert under == str(src), f"the mouse would press {under}, not {src}"
        m = self.page.mouse
        m.move(*a)
        m.down()
        m.move(*centre(b, dst), steps=8)
        self.mark(b)  # held over the destination: picked, unless the checker cannot move
        m.up()

    def mark(self, b: Board) -> None:
        if self.how in ("mouse", "keys") and b.marked("try-sel"):
            self.seen.append(b.root.locator("svg .try-marks rect.try-sel").evaluate("e => getComputedStyle(e).stroke"))


# (language, the system's scheme, how, the scheme chosen with the page's toggle: None keeps the system's)
CASES = [("tr", "light", "drag", None), ("tr", "dark", "taps", None), ("en", "dark", "drag", None),
         ("en", "light", "taps", None), ("tr", "dark", "mouse", "default"), ("en", "light", "mouse", "slate"),
         ("tr", "light", "keys", "slate"), ("en", "dark", "keys", "default")]


@pytest.mark.parametrize(("lang", "system", "how", "page_scheme"), CASES)
def test_the_users_examples_are_played_by_touch_mouse_and_keys(chromium, server: str, lang: str, system: str,
                                                                how: str, page_scheme: str | None) -> None:
    phone = how in ("drag", "taps")
    page, problems = open_page(chromium, server + lang_path(lang), PHONE if phone else DESKTOP, system=system,
                               page_scheme=page_scheme)
    try:
        assert page.evaluate("matchMedia('(pointer: coarse)').matches") == phone
        assert page.locator("[data-tavla-try]").count() == len(EXAMPLES)
        you = Player(page, how)
        complete = word(lang, "The play is complete: %(play)s", play="%s")
        figure = word(lang, "This is the play the figure shows.")
        one_gesture = how != "taps"

        # the mid-move start (6-3, one checker on the 9-point): the six cannot bear off first
        name = EXAMPLES[MID]
        mid = Board(page, MID)
        assert you.move(mid, 6, OFF) == refused(lang, name, 6, OFF)
        assert mid.checkers("white", "off") == 0 and mid.root.locator(".tavla-try__die--used").count() == 0
        if one_gesture:  # through both dice at once: 9/3 then 3/off
            status = you.move(mid, 9, OFF)
        else:  # one die at a time
            you.move(mid, 9, 3)
            assert mid.status().startswith(word(lang, "Played %(move)s", move="9/3"))
            status = you.move(mid, 3, OFF)
        assert complete % the_play(name) in status and figure in status
        assert mid.checkers("white", "9") == 0 and mid.checkers("white", "off") == 1

        # the 5-5 doubles: a five cannot take the 2-point's checker while the 4-point's stands
        name = EXAMPLES[DOUBLES]
        dbl = Board(page, DOUBLES)
        assert you.move(dbl, 2, OFF).endswith(stuck(lang, name, 2))
        assert dbl.checkers("white", "off") == 12
        for src in (4, 2, 1):  # each five bears off the farthest checker; the fourth five is not played
            status = you.move(dbl, src, OFF)
        assert complete % the_play(name) in status and figure in status
        assert dbl.checkers("white", "off") == 15 and dbl.root.locator(".tavla-try__die--used").count() == 3

        # the hit during a bear-off (4-2 with a checker on the bar)
        name = EXAMPLES[HIT]
        hit = Board(page, HIT)
        borne_off = hit.checkers("white", "off")  # before the hit: they stay off
        assert you.move(hit, 4, OFF).endswith(stuck(lang, name, 4))  # the bar comes first
        assert you.move(hit, BAR, 21) == refused(lang, name, BAR, 21)  # the four's entry point is closed
        assert hit.checkers("white", "bar") == 1
        assert you.move(hit, BAR, 23).startswith(word(lang, "Played %(move)s", move="bar/23"))
        entered = ((BAR, 23),)
        # in, but outside home: the four still cannot bear off
        assert you.move(hit, 4, OFF).endswith(stuck(lang, name, 4, entered))
        assert you.move(hit, 23, 19).endswith(stuck(lang, name, 23, entered))  # nor run on: 19 is closed
        status = you.move(hit, 6, 2)
        assert complete % the_play(name) in status and figure in status
        assert hit.checkers("white", "off") == borne_off and hit.checkers("white", "2") == 2

        # entering against a closed point (4-3; the four's entry point is closed): the three enters
        name = EXAMPLES[ENTER]
        enter = Board(page, ENTER)
        assert you.move(enter, BAR, 21) == refused(lang, name, BAR, 21)
        assert you.move(enter, 6, 2).endswith(stuck(lang, name, 6))  # the bar comes first
        assert enter.checkers("white", "bar") == 1
        if one_gesture:  # in and on at once: bar/22 then 22/18
            status = you.move(enter, BAR, 18)
        else:
            assert you.move(enter, BAR, 22).startswith(word(lang, "Played %(move)s", move="bar/22"))
            # in, but outside home: the four cannot bear off from the 4-point
            assert you.move(enter, 4, OFF).endswith(stuck(lang, name, 4, ((BAR, 22),)))
            status = you.move(enter, 22, 18)
        assert complete % the_play(name) in status and figure in status
        assert enter.checkers("white", "bar") == 0 and enter.checkers("white", "18") == 1

        # entering against closed points: no move at all, whatever the reader tries
        name = EXAMPLES[SHUT]
        shut = Board(page, SHUT)
        s = scenario(name)
        none = no_play_reason(play_tree(s.position, s.turn, s.roll, s.rules))
        assert none is not None
        assert shut.status() == sentence(lang, none)
        for dst in (BAR - s.roll.high, BAR - s.roll.low):  # each die's entry point
            assert you.move(shut, BAR, dst) == sentence(lang, none)
        assert shut.checkers("white", "bar") == 1 and shut.marked("try-dest") == []
        if page_scheme is not None:  # the marks follow the page's scheme, not the system's
            assert you.seen and set(you.seen) == {LIGHT_MARK if page_scheme == "default" else DARK_MARK}
        assert problems == []
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_a_play_typed_in_the_wrong_order_is_refused_with_the_engines_reason(chromium, server: str, lang: str) -> None:
    page, problems = open_page(chromium, server + lang_path(lang), DESKTOP)
    try:
        for index, text, first in ((MID, "6/off 9/6", (6, OFF)), (HIT, "6/2 bar/23", (6, 2))):
            name = EXAMPLES[index]
            s = scenario(name)
            assert not legal_in_order(s.position, s.turn, s.roll, s.rules, text)[0]  # the same moves, the other order
            assert legal_in_order(s.position, s.turn, s.roll, s.rules, the_play(name))[0]
            b = Board(page, index)
            assert b.type(text) == word(lang, "%(play)s is not a legal play: %(why)s", play=text,
                                        why=refused(lang, name, *first))
            assert b.root.locator("svg.try-moved").count() == 0  # nothing was played
            assert word(lang, "This is the play the figure shows.") in b.type(the_play(name))
        assert problems == []
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_without_javascript_the_static_figures_stay(chromium, server: str, lang: str) -> None:
    page, problems = open_page(chromium, server + lang_path(lang), {**PHONE, "java_script_enabled": False})
    try:
        assert page.locator("figure.tavla-figure").count() == len(EXAMPLES)
        assert page.locator("figure.tavla-figure svg").count() == len(EXAMPLES)
        assert page.locator(".tavla-try__panel").count() == 0
        assert problems == []
    finally:
        page.context.close()
