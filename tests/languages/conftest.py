"""The Arabic test site (tests/languages/arabic/), built once per session by the real build, audited
(its mkdocs.yml says why MkDocs' strict mode is off: a partial catalog, reported as a gap)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ARABIC = Path(__file__).parent / "arabic"


@pytest.fixture(scope="session")
def arabic_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site's folder. The project is copied first, so its cache lands in the temporary
    folder; the registry forgets the project's Arabic afterwards (it is per process)."""
    from tavla_docs.cli.commands.build import build_site
    from tavla_docs.languages import registry

    work = tmp_path_factory.mktemp("arabic")
    project = work / "project"
    shutil.copytree(ARABIC, project, ignore=shutil.ignore_patterns("site", ".tavla-cache"))
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("TAVLA_DOCS_AUDIT", raising=False)  # audited, as a real site
        try:
            out, _ = build_site(project / "mkdocs.yml", work / "site", quiet=True)
        finally:
            registry.use_project(None)
    return out
