"""`tavla-docs build`'s atomic swap and one-line errors (a plain MkDocs project, no plugin: fast).

The contract (commands/build.py, README): a build that does not finish leaves the last good
site intact, and the temporary folders are cleaned up.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tavla_docs.cli import sitedir
from tavla_docs.cli.commands import build as build_mod


def plain_project(root: Path) -> Path:
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Hello\n", encoding="utf-8")
    cfg = root / "mkdocs.yml"
    cfg.write_text("site_name: t\n", encoding="utf-8")
    return cfg


def test_site_dir_that_is_a_file_is_refused_and_left_alone(cli, tmp_path):
    cfg = plain_project(tmp_path)
    target = tmp_path / "notes.txt"
    target.write_text("keep me\n", encoding="utf-8")
    r = cli("build", "-q", "--no-check", "--config", str(cfg), "--site-dir", str(target), cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.splitlines()) == 1 and "error" in r.stderr
    assert target.read_text(encoding="utf-8") == "keep me\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs", "mkdocs.yml", "notes.txt"]


def test_failed_swap_puts_the_old_site_back(tmp_path, monkeypatch):
    cfg = plain_project(tmp_path)
    site = tmp_path / "site"
    site.mkdir()
    (site / "old.html").write_text("old\n", encoding="utf-8")
    real_replace = os.replace
    calls = []

    def flaky(src, dst):
        calls.append((Path(src).name, Path(dst).name))
        if Path(src).name.startswith(".site.tmp-"):
            raise OSError(28, "No space left on device")
        return real_replace(src, dst)

    monkeypatch.setattr(build_mod.os, "replace", flaky)  # the first build's rename, the two-rename fallback
    monkeypatch.setattr(sitedir, "exchange", flaky)  # the swap itself (renameat2)
    with pytest.raises(OSError):
        build_mod.build_site(cfg, site, quiet=True)
    assert (site / "old.html").read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs", "mkdocs.yml", "site"]


def test_multi_line_config_error_is_one_line(cli, tmp_path):
    cfg = tmp_path / "mkdocs.yml"
    cfg.write_text("site_name: [\n", encoding="utf-8")
    r = cli("build", "-q", "--no-check", "--config", str(cfg), cwd=tmp_path)
    assert r.returncode == 1
    assert len(r.stderr.splitlines()) == 1 and r.stderr.startswith(f"{cfg}: error:"), r.stderr


def test_build_gives_the_mkdocs_logger_back_as_it_found_it(cli, tmp_path, tiny):
    """`build` silences MkDocs' logger into its own report while it runs; a caller's logging
    (an embedding program, pytest's log capture) must see MkDocs' records again afterwards."""
    import logging

    project = tiny(tmp_path, "# Sayfa\n", "# Page\n", {})
    log = logging.getLogger("mkdocs")
    before = log.propagate
    r = cli("build", "-q", "--config", str(project / "mkdocs.yml"), cwd=project)
    assert r.returncode == 0, r.stderr
    assert log.propagate is before
    assert log.handlers == [h for h in log.handlers if type(h).__name__ != "_Collect"]
