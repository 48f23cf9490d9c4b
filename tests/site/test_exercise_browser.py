"""Exercises in real Chromium on a phone (390×844, touch; light and dark): a goal failed with the
engine's reason shown, then solved; the figure's arrows kept from giving the answer away; a
practice series with its progress kept in localStorage across a reload and cleared by "start
over"; without JavaScript the static figures. The reasons are compared with the engine's grade
put into the catalog's words here, not with text copied from the page.

A small project is built once from tests/site/exercises/ (scenarios with `exercise:`).
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tavla_docs.engine.board import OFF
from tavla_docs.engine.goals import grade
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.scenario import load_scenario
from tavla_docs.site import i18n
from tavla_docs.site.exercise import UI, reason, task

from .conftest import ROOT, TINY_CONFIG
from .test_tryit_browser import Board
from .test_tryit_phone import PALETTE, PHONE, open_page

EXERCISES = Path(__file__).parent / "exercises"
SERIES = ("ex/two", "ex/safe", "ex/hit")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tavla_docs.cli.commands.build import build_site, source_date_epoch

    work = tmp_path_factory.mktemp("exercise")
    project = work / "project"
    project.mkdir()
    (project / "mkdocs.yml").write_text(TINY_CONFIG.replace("language: tr}", PALETTE), encoding="utf-8")
    shutil.copytree(EXERCISES, project / "scenarios" / "ex")
    for lang, title in (("tr", "Alıştırmalar"), ("en", "Exercises")):
        (project / "content" / lang).mkdir(parents=True)
        boards = "\n\n".join(f'{{{{ diagram("{b}") }}}}' for b in SERIES)  # an exercise is a board by itself
        (project / "content" / lang / "index.md").write_text(f"# {title}\n\n{boards}\n", encoding="utf-8")
        series = ", ".join(f'"{b}"' for b in SERIES)
        (project / "content" / lang / "practice.md").write_text(f"# {title}\n\n{{{{ practice([{series}]) }}}}\n",
                                                                encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOURCE_DATE_EPOCH", source_date_epoch(ROOT))
        out, _ = build_site(project / "mkdocs.yml", work / "site", quiet=True)
    return out


def engine_says(name: str, play: str, lang: str) -> str:
    """The sentence for `play` of exercise `name`, from the engine's grade and the catalog."""
    s = load_scenario(EXERCISES / f"{name.split('/')[1]}.yaml", EXERCISES)
    plays = [p for p in legal_plays(s.position, s.turn, s.roll, s.rules) if p.moves]
    (g,) = [g for p, g in zip(plays, grade(s.exercise, s.position, plays), strict=True) if str(p) == play]
    text = reason(s.exercise.kind, g, i18n.catalog(lang))
    return i18n.catalog(lang).gettext(UI["no"]) % {"why": text} if text else \
        i18n.catalog(lang).gettext(UI["ok"]) % {"play": play}


def tap(b: Board, *points: int) -> str:
    for p in points:
        b.hit(p).tap()
    return b.status()


@pytest.mark.parametrize("scheme", ["default", "slate"])
@pytest.mark.parametrize("lang", ["tr", "en"])
def test_an_exercise_is_failed_with_the_engines_reason_then_solved(chromium, server: str, lang: str, scheme: str) -> None:
    url = server + ("" if lang == "tr" else "en/")
    page, problems = open_page(chromium, url, PHONE, system="light" if scheme == "default" else "dark")
    t = i18n.catalog(lang)
    b = Board(page, 0)
    goal = b.root.locator(".tavla-exercise__goal")
    assert goal.inner_text() == t.gettext(UI["label"]) + ": " + task("bear_off", 2, t)
    status = b.root.locator(".tavla-try__status")
    # 5/off uses both dice on one checker: one checker off, and two could have come off
    tap(b, 5, OFF)
    assert b.status().endswith(" " + engine_says("ex/two", "5/off", lang))
    assert "tavla-try__status--no" in (status.get_attribute("class") or "")
    assert b.status().count(t.ngettext("This play bears off %(num)d checker; %(want)d can come off.",
                                       "This play bears off %(num)d checkers; %(want)d can come off.", 1)
                            % {"num": 1, "want": 2}) == 1
    b.button("reset").tap()
    tap(b, 3, OFF, 2, OFF)
    assert b.status().endswith(" " + engine_says("ex/two", "3/off 2/off", lang))
    assert "tavla-try__status--ok" in (status.get_attribute("class") or "")
    # the status line is in view of the board on the phone
    box, board = status.bounding_box(), b.root.locator("figure svg").bounding_box()
    assert box is not None and board is not None and box["y"] - (board["y"] + board["height"]) < 120
    assert problems == []


def test_a_typed_play_is_graded_and_the_figure_keeps_the_answer_hidden(chromium, server: str) -> None:
    page, problems = open_page(chromium, server + "en/", PHONE)
    hit = Board(page, 2)
    assert hit.root.locator("svg > .play").count() == 1  # the figure draws `show:` …
    assert not hit.root.locator("svg > .play").is_visible()  # … but an exercise does not show it
    assert hit.type("8/6/2").endswith(" " + engine_says("ex/hit", "8/2", "en"))
    assert "This play hits no checker; 1 can be hit." in hit.status()
    safe = Board(page, 1)
    assert safe.type("13/9").endswith(" " + engine_says("ex/safe", "13/9", "en"))
    assert "This play leaves 2 blots (on points 13, 9); a legal play leaves none." in safe.status()
    assert safe.type("6/5 8/5").endswith(" " + engine_says("ex/safe", "8/5 6/5", "en"))
    assert problems == []


def test_a_practice_series_keeps_its_progress_on_the_device(chromium, server: str) -> None:
    page, problems = open_page(chromium, server + "en/practice/", PHONE, system="dark")
    t = i18n.catalog("en")
    progress = page.locator(".tavla-practice__progress")
    boards = page.locator("[data-tavla-try]")
    assert progress.inner_text() == t.gettext(UI["solved"]) % {"num": 0, "count": 3}
    assert [boards.nth(i).is_visible() for i in range(3)] == [True, False, False]
    b = Board(page, 0)
    tap(b, 3, OFF, 2, OFF)
    assert progress.inner_text() == "Solved: 1/3"
    items = page.locator(".tavla-practice__item")
    assert items.nth(0).get_attribute("aria-label") == "Exercise 1/3, solved"
    stored = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tavla-docs'))"
                           ".map(k => [k, localStorage.getItem(k)])")  # Material keeps its palette there too
    assert stored == [["tavla-docs-practice:" + "|".join(SERIES), '["ex/two"]']]
    page.locator(".tavla-practice__next").tap()
    assert [boards.nth(i).is_visible() for i in range(3)] == [False, True, False]
    page.reload(wait_until="load")  # the progress survives; the series opens at the first unsolved one
    assert progress.inner_text() == "Solved: 1/3"
    assert [boards.nth(i).is_visible() for i in range(3)] == [False, True, False]
    assert items.nth(1).get_attribute("aria-current") == "step"
    page.locator(".tavla-practice__again").tap()
    assert progress.inner_text() == "Solved: 0/3"
    assert page.evaluate("localStorage.getItem('tavla-docs-practice:' + 'ex/two|ex/safe|ex/hit')") == "[]"
    assert problems == []


def test_without_javascript_every_static_figure_stays(chromium, server: str) -> None:
    context = chromium.new_context(java_script_enabled=False, **PHONE)
    page = context.new_page()
    page.goto(server + "en/practice/", wait_until="load")
    figures = page.locator("[data-tavla-try] figure svg")
    assert figures.count() == 3 and all(figures.nth(i).is_visible() for i in range(3))
    assert page.locator(".tavla-exercise__goal").count() == 0
    assert page.locator("[data-tavla-try] svg > .play").first.is_visible()  # the hit exercise's figure, whole
    context.close()


def test_the_grades_match_the_engine_for_every_play(site: Path) -> None:
    """The shipped table is the engine's: every legal play, met exactly when `grade` says so."""
    html = (site / "en" / "index.html").read_text(encoding="utf-8")
    datas = [json.loads(m) for m in re.findall(r'class="tavla-exercise__data">(.*?)</script>', html, re.DOTALL)]
    assert len(datas) == 3
    for name, data in zip(SERIES, datas, strict=True):
        s = load_scenario(EXERCISES / f"{name.split('/')[1]}.yaml", EXERCISES)
        plays = [p for p in legal_plays(s.position, s.turn, s.roll, s.rules) if p.moves]
        want = {str(p): g.met for p, g in zip(plays, grade(s.exercise, s.position, plays, s.show), strict=True)}
        assert {k: bool(v[0]) for k, v in data["g"].items()} == want
        assert sum(want.values()) >= 1
