"""Exercises at build time: the grades' sentences are in both catalogs, a page that lines up a
practice series refuses a scenario without a goal at its line, a scenario with `exercise:` is a
board wherever `diagram(…)` draws it, and the same inputs give the same bytes. The script runs in
tests/site/test_exercise_browser.py."""
from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest

from tavla_docs.site import i18n
from tavla_docs.site.errors import PageError
from tavla_docs.site.exercise import messages
from tavla_docs.site.renderer import SiteRenderer
from tests.fixture import PROJECT

from .conftest import ROOT, tiny_project

EXERCISES = Path(__file__).parent / "exercises"
ASSETS = ROOT / "tavla_docs" / "site" / "theme" / "assets"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tiny_project(tmp_path_factory.mktemp("ex"), "# A\n", "# A\n", {})
    shutil.copytree(EXERCISES, root / "scenarios" / "ex")
    shutil.copytree(PROJECT / "scenarios" / "bear-off", root / "scenarios" / "bear-off")
    return root


def html_of(root: Path, source: str, lang: str = "tr") -> str:
    page = SiteRenderer(root, cache_dir=None).render_page(source, path="x.md", lang=lang)
    return "".join(page.fragments.values())


def test_every_sentence_is_in_both_catalogs() -> None:
    for lang in i18n.LANGUAGES:
        ids = {m.id if isinstance(m.id, str) else m.id[0]: m for m in i18n.read_catalog(lang) if m.id}
        for msg in messages():
            one = msg[0] if isinstance(msg, tuple) else msg
            assert one in ids and ids[one].string, (lang, one)
            if isinstance(msg, tuple):  # a plural message is one entry with its plural msgid
                assert isinstance(ids[one].id, tuple) and ids[one].id[1] == msg[1], one
            if lang == "tr":
                assert ids[one].string != (one if isinstance(msg, str) else (one, msg[1])), one


def test_an_exercise_is_a_board_and_its_bytes_do_not_change(project: Path) -> None:
    first = html_of(project, '{{ diagram("ex/two") }}')
    assert 'data-tavla-exercise=""' in first and 'class="tavla-exercise__data"' in first
    assert html_of(project, '{{ diagram("ex/two") }}') == first  # a fresh renderer: the same bytes
    plain = html_of(project, '{{ diagram("bear-off/order-matters") }}')
    assert "data-tavla-exercise" not in plain  # a scenario without a goal is not graded


def test_a_practice_series_needs_exercises(project: Path) -> None:
    html = html_of(project, '{{ practice(["ex/two", "ex/safe"]) }}', "en")
    assert 'data-tavla-practice="ex/two|ex/safe"' in html and html.count("data-tavla-exercise") == 2
    with pytest.raises(PageError, match=r"x\.md:1: error: practice: 'bear-off/order-matters' has no `exercise:`"):
        html_of(project, '{{ practice(["ex/two", "bear-off/order-matters"]) }}')
    with pytest.raises(PageError, match=r"x\.md:1: error: practice\(names\): a scenario is listed twice"):
        html_of(project, '{{ practice(["ex/two", "ex/two"]) }}')
    with pytest.raises(PageError, match=r"x\.md:1: error: practice\(names\) takes a list of scenario names"):
        html_of(project, '{{ practice("ex/two") }}')


def test_the_exercise_script_and_stylesheet_are_small() -> None:
    script = (ASSETS / "javascripts" / "tavla-exercise.js").read_bytes()
    css = (ASSETS / "stylesheets" / "tavla-exercise.css").read_bytes()
    assert len(gzip.compress(script, 9)) + len(gzip.compress(css, 9)) <= 3.5 * 1024  # 3.0 KB now
    assert b"http" not in script and b"fetch(" not in script  # progress stays on the device
