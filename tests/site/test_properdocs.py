"""ProperDocs, the second supported generator, builds the site byte for byte as MkDocs does.

The MkDocs side is the suite's own build (`built_site`: MkDocs' build, as `tavla-docs build`
and `mkdocs build` run it). ProperDocs builds its own copy of the project, so it starts
with a cold page cache (`.tavla-cache/` beside mkdocs.yml): the other build's warm cache
would hand it MkDocs' pages and could hide a difference. The timestamp is the same
(SOURCE_DATE_EPOCH, the checkout's last commit, as `built_site` pins it).
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

pytest.importorskip("properdocs", reason="ProperDocs is in the test extra: pip install -e '.[test]'")

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parents[2]


def tree(site: Path) -> dict[str, str]:
    """{relative path: sha256} of every file under `site`."""
    return {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(site.rglob("*")) if p.is_file()}


def test_the_plugin_is_registered_for_properdocs():
    (ours,) = [e for e in entry_points(group="properdocs.plugins") if e.name == "tavla-docs"]
    (theirs,) = [e for e in entry_points(group="mkdocs.plugins") if e.name == "tavla-docs"]
    assert ours.value == theirs.value == "tavla_docs.site.plugin:TavlaDocsPlugin"


def test_properdocs_builds_the_site_mkdocs_builds(built_site, tmp_path, project_copy):
    from tavla_docs.cli.commands.build import source_date_epoch

    project = project_copy(tmp_path / "project")
    assert not (project / ".tavla-cache").exists()
    env = {**os.environ, "SOURCE_DATE_EPOCH": source_date_epoch(ROOT)}
    out = subprocess.run([str(BIN / "properdocs"), "build", "--strict", "-q", "-f", "mkdocs.yml", "-d", "out"],
                         cwd=project, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert out.returncode == 0, f"properdocs build failed:\n{out.stderr}"
    mk, pd = tree(built_site), tree(project / "out")
    assert len(mk) > 50 and "en/bear-off/index.html" in mk and any(p.startswith("assets/") for p in mk)
    assert sorted(mk) == sorted(pd)
    assert [p for p in mk if mk[p] != pd[p]] == []
    page = (project / "out" / "en" / "bear-off" / "index.html").read_text(encoding="utf-8")
    assert '<figure class="tavla-figure"' in page and "<!--tavla:" not in page  # the plugin ran
