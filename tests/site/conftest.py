"""Session fixtures: the project's site is built once (strictly, by the real build) per test session."""
from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.fixture import PROJECT

from .browsing import chromium as launch_chromium
from .browsing import serving

ROOT = Path(__file__).resolve().parents[2]
AUDIT_ENV = "TAVLA_DOCS_AUDIT"  # the audit's local switch (tavla_docs/site/auditmode.py)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole project site, built by `tavla-docs build`'s code path into a temporary folder.

    It builds a copy of the project's inputs, so the build cache (`.tavla-cache/`, beside
    mkdocs.yml) lands in the temporary folder, not in the checkout; the timestamp is the
    checkout's (its last commit), so the pages are those `tavla-docs build` makes in place.
    """
    from tavla_docs.cli.commands.build import build_site, source_date_epoch

    work = tmp_path_factory.mktemp("site")
    project = copy_project(work / "project")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOURCE_DATE_EPOCH", source_date_epoch(ROOT))
        mp.delenv(AUDIT_ENV, raising=False)  # the real site: strictly
        out, _ = build_site(project / "mkdocs.yml", work / "site", quiet=True)
    return out


@pytest.fixture(scope="session")
def project_copy():
    """`project_copy(dest)`: copy the project's site inputs into `dest`."""
    return copy_project


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Headless Chromium, launched once per browser test module (skipped without it, except under CI)."""
    yield from launch_chromium()


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    """The module's own `site` fixture (the small project it builds) served over local HTTP; a
    module that serves another site (`built_site`) defines its own `server`."""
    with serving(site) as url:
        yield url


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch):
    """`tiny(dest, page_tr, page_en, {name: yaml})`: a minimal project using the real partials, built
    with the fact audit off (the drafting author's local switch, `TAVLA_DOCS_AUDIT`: a committed
    mkdocs.yml cannot say so). A test of the audit sets it back: `monkeypatch.delenv(AUDIT_ENV)`."""
    monkeypatch.setenv(AUDIT_ENV, "off")
    return tiny_project


def copy_project(dest: Path, *, scenarios: bool = True) -> Path:
    """A copy of the project's site inputs (config, content, partial overrides, scenarios) under `dest`."""
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy(PROJECT / "mkdocs.yml", dest / "mkdocs.yml")
    for d in ("content", "templates") + (("scenarios",) if scenarios else ()):
        shutil.copytree(PROJECT / d, dest / d)
    return dest


TINY_CONFIG = """site_name: tiny
docs_dir: content
site_dir: site
strict: true
theme: {name: material, font: false, language: tr}
extra:
  alternate:
    - {name: Türkçe, link: /, lang: tr}
    - {name: English, link: /en/, lang: en}
plugins:
  - tavla-docs: {}   # the `tiny` fixture turns the audit off in the environment; tests/site/test_audit.py tests it
"""


def tiny_project(dest: Path, page_tr: str, page_en: str, scenarios: dict[str, str]) -> Path:
    """A minimal project: one page per language, the given scenarios, the package's partials."""
    (dest / "mkdocs.yml").write_text(TINY_CONFIG, encoding="utf-8")
    for lang, text in (("tr", page_tr), ("en", page_en)):
        (dest / "content" / lang).mkdir(parents=True)
        (dest / "content" / lang / "index.md").write_text(text, encoding="utf-8")
    for name, text in scenarios.items():
        p = dest / "scenarios" / f"{name}.yaml"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return dest  # no templates/: the package's own partials serve it
