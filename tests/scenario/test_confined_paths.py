"""Scenario files stay inside `scenarios/` (issue 12): a page's scenario name and `check`'s folder walk
never read a file outside it, never show what such a file holds, and apply one size cap.
(`tests/site/test_untrusted_pages.py` has the same for `tavla-docs build`.)"""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tavla_docs.scenario.load import MAX_FILE_BYTES
from tavla_docs.site.errors import PageError
from tavla_docs.site.renderer import SiteRenderer
from tests.fixture import PROJECT

REPO = Path(__file__).resolve().parents[2]
SECRET = "TOPSECRET-d41d8cd9"
GOOD = (PROJECT / "scenarios" / "bear-off" / "mid-move.yaml").read_text(encoding="utf-8")
PAGE = "content/en/x.md"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project with one good scenario, and a secret file beside the scenarios folder (and above it)."""
    root = tmp_path / "project"
    (root / "scenarios" / "bear-off").mkdir(parents=True)
    (root / "scenarios" / "bear-off" / "mid-move.yaml").write_text(GOOD, encoding="utf-8")
    (root / "secret.yaml").write_text(f"{SECRET}: [1, 2]\n", encoding="utf-8")
    (tmp_path / "outside.yaml").write_text(f"{SECRET}\n", encoding="utf-8")
    (root / "templates").symlink_to(PROJECT / "templates")
    return root


def page_error(root: Path, expr: str) -> str:
    r = SiteRenderer(root, cache_dir=None)
    with pytest.raises(PageError) as e:
        r.render_page(f"# T\n\n{expr}\n", path=PAGE, lang="en")
    return str(e.value)


@pytest.mark.parametrize("name, why", [
    ("../secret", "names a parent folder"),
    ("../../outside", "names a parent folder"),
    ("bear-off/../../secret", "names a parent folder"),
    ("/etc/passwd", "is an absolute path"),
    ("//etc/passwd", "is an absolute path"),
    (".hidden/x", "names a hidden file or folder"),
    ("bear-off\\..\\..\\secret", "contains a character that a scenario name cannot have"),
])
def test_a_name_that_leaves_the_folder_is_a_located_error(project: Path, name: str, why: str) -> None:
    message = page_error(project, f"{{{{ diagram({name!r}) }}}}")
    assert message.startswith(f"{PAGE}:3: error: scenario name {name!r} {why}"), message
    assert SECRET not in message and "root:" not in message


def test_a_link_out_of_the_folder_is_a_located_error(project: Path) -> None:
    (project / "scenarios" / "evil.yaml").symlink_to(project / "secret.yaml")
    (project / "scenarios" / "elsewhere").symlink_to(project.parent, target_is_directory=True)
    for name in ("evil", "elsewhere/outside"):
        message = page_error(project, f"{{{{ diagram({name!r}) }}}}")
        assert message == f"{PAGE}:3: error: scenario name {name!r} is a symbolic link that leads outside scenarios/"


def test_a_link_inside_the_folder_still_draws(project: Path) -> None:
    (project / "scenarios" / "alias.yaml").symlink_to(project / "scenarios" / "bear-off" / "mid-move.yaml")
    page = SiteRenderer(project, cache_dir=None).render_page('{{ diagram("alias") }}', path=PAGE, lang="en")
    assert page.figures == 1 and "<svg" in "".join(page.fragments.values())


def test_a_long_name_is_quoted_cut_to_80_characters(project: Path) -> None:
    name = "bear-off/" + "x" * 5000
    message = page_error(project, f"{{{{ diagram({name!r}) }}}}")
    first = message.splitlines()[0]
    assert first.startswith(f"{PAGE}:3: error: no scenario 'bear-off/xxx") and "…" in first
    assert len(first) < 250, first


def test_a_large_scenario_on_a_page_gets_the_size_cap_quickly(project: Path, cli) -> None:
    big = project / "scenarios" / "big.yaml"
    big.write_text(GOOD + "notes: |\n" + ("  " + "x" * 78 + "\n") * (4 * 1024 * 1024 // 80), encoding="utf-8")
    size = big.stat().st_size
    assert size > 4_000_000
    start = time.perf_counter()
    message = page_error(project, '{{ diagram("big") }}')
    assert time.perf_counter() - start < 2
    checked = cli("check", "scenarios/big.yaml", cwd=project).stdout.splitlines()[0]
    assert checked == f"scenarios/big.yaml:1:1: error: the file is {size} bytes; a scenario is at most {MAX_FILE_BYTES}"
    assert message.splitlines() == [checked, f"{PAGE}:3: note: used here"]  # the page and `check` say the same


def test_check_reports_a_link_out_of_the_folder_without_its_content(project: Path, cli) -> None:
    (project / "scenarios" / "evil.yaml").symlink_to(project / "secret.yaml")
    (project / "scenarios" / "passwd.yaml").symlink_to("/etc/passwd")
    r = cli("check", "scenarios", cwd=project)
    assert r.returncode == 1
    assert SECRET not in r.stdout + r.stderr and "root:" not in r.stdout
    lines = r.stdout.splitlines()
    for name in ("evil", "passwd"):
        assert f"scenarios/{name}.yaml:1:1: error: this file is a symbolic link that leads outside scenarios/" in lines
    assert lines[-1] == "1 scenario, 9 claims checked, 2 errors in 2 files"


def test_check_of_a_linked_file_named_below_scenarios_is_confined(project: Path, cli) -> None:
    (project / "scenarios" / "evil.yaml").symlink_to(project / "secret.yaml")
    r = cli("check", "scenarios/evil.yaml", cwd=project)
    assert r.returncode == 1 and SECRET not in r.stdout
    assert r.stdout.splitlines()[0] == ("scenarios/evil.yaml:1:1: error: "
                                        "this file is a symbolic link that leads outside scenarios/")


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_file_named_outside_any_scenarios_folder_is_the_users_choice(tmp_path: Path, cli) -> None:
    (tmp_path / "mine.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "link.yaml").symlink_to(tmp_path / "mine.yaml")
    r = cli("check", "link.yaml", cwd=tmp_path)
    assert r.returncode == 0, r.stdout
