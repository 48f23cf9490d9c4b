"""A renderer's memo (checked scenarios, printed paths) is kept across the builds of one process,
and keyed by what loading reads: a saved scenario is loaded and checked again."""
from __future__ import annotations

import shutil

import pytest

from tavla_docs.site.errors import HelperError
from tavla_docs.site.renderer import Memo, SiteRenderer
from tests.fixture import PROJECT

NAME = "bear-off/die-on-its-point"


@pytest.fixture
def project(tmp_path):
    shutil.copytree(PROJECT / "scenarios" / "bear-off", tmp_path / "scenarios" / "bear-off")
    shutil.copytree(PROJECT / "templates", tmp_path / "templates")
    return tmp_path


def test_the_next_build_takes_a_checked_scenario_from_the_memo(project):
    memo = Memo()
    first = SiteRenderer(project, cache_dir=None, memo=memo).checked_scenario(NAME)
    again = SiteRenderer(project, cache_dir=None, memo=memo).checked_scenario(NAME)
    assert again is first and len(memo.loaded) == 1
    other = SiteRenderer(project, cache_dir=None).checked_scenario(NAME)  # no memo given: its own
    assert other is not first and other == first


def test_a_saved_scenario_is_loaded_and_checked_again(project):
    memo = Memo()
    path = project / "scenarios" / f"{NAME}.yaml"
    first = SiteRenderer(project, cache_dir=None, memo=memo).checked_scenario(NAME)
    path.write_text(path.read_text(encoding="utf-8").replace("plays: 2", "plays: 3"), encoding="utf-8")
    with pytest.raises(HelperError) as e:
        SiteRenderer(project, cache_dir=None, memo=memo).checked_scenario(NAME)
    assert "claims failed" in str(e.value) and len(memo.loaded) == 1  # a failure is not kept
    path.write_text(path.read_text(encoding="utf-8").replace("plays: 3", "plays: 2") + "\n# saved\n",
                    encoding="utf-8")
    saved = SiteRenderer(project, cache_dir=None, memo=memo).checked_scenario(NAME)
    assert saved is not first and saved == first and len(memo.loaded) == 2


def test_paths_print_relative_to_the_working_directory_of_each_call(project, monkeypatch):
    memo = Memo()
    path = project / "scenarios" / f"{NAME}.yaml"
    monkeypatch.chdir(project)
    assert SiteRenderer(project, cache_dir=None, memo=memo).display(path) == f"scenarios/{NAME}.yaml"
    monkeypatch.chdir(project / "scenarios")
    assert SiteRenderer(project, cache_dir=None, memo=memo).display(path) == f"{NAME}.yaml"


def test_a_scenario_is_found_once_per_build_and_a_missing_one_each_time(project, monkeypatch):
    from tavla_docs.site import figures

    asked: list[str] = []
    real = figures.find_scenario
    monkeypatch.setattr(figures, "find_scenario", lambda d, name, rel: (asked.append(name), real(d, name, rel))[1])
    r = SiteRenderer(project, cache_dir=None)
    first = r.scenario_path(NAME)
    assert r.scenario_path(NAME) == first == project.resolve() / "scenarios" / f"{NAME}.yaml"
    for _ in range(2):
        with pytest.raises(HelperError, match="no scenario"):
            r.scenario_path("bear-off/nope")
    assert asked == [NAME, "bear-off/nope", "bear-off/nope"]
    SiteRenderer(project, cache_dir=None).scenario_path(NAME)  # the next build finds it again
    assert asked[-1] == NAME and len(asked) == 4
