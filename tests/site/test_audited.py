"""The build's fact audit comes from the cache only while nothing it reads has changed."""
from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tavla_docs.cli.commands.build import build_site
from tavla_docs.site.build.audited import audit_inputs


def _warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING and "is typed" in r.getMessage()]


def test_an_unchanged_build_replays_the_audit_and_a_changed_page_is_audited_again(
        tmp_path: Path, tiny, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    proj = tiny(tmp_path, "# Sayfa\n\n6-5 geldi.\n", "# Page\n\nText.\n", {})
    monkeypatch.setenv("TAVLA_DOCS_AUDIT", "warn")  # a draft: the local switch (a committed file cannot say so)
    cfg = proj / "mkdocs.yml"
    cfg.write_text(cfg.read_text(encoding="utf-8").replace("strict: true", "strict: false"), encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        build_site(cfg, proj / "site", quiet=True)
        first = _warnings(caplog)
        caplog.clear()
        _, plugin = build_site(cfg, proj / "site", quiet=True)
        assert _warnings(caplog) == first and len(first) == 1 and "6-5" in first[0]
        assert plugin.renderer.cache.misses == 0  # the audit too came from the cache
        caplog.clear()
        (proj / "content" / "tr" / "index.md").write_text("# Sayfa\n\n5-4 geldi.\n", encoding="utf-8")
        build_site(cfg, proj / "site", quiet=True)
        (again,) = _warnings(caplog)
        assert "5-4" in again and "6-5" not in again


def test_the_key_covers_every_page_and_scenario(tmp_path: Path) -> None:
    docs, scen = tmp_path / "content", tmp_path / "scenarios"
    (docs / "tr").mkdir(parents=True)
    scen.mkdir()
    (docs / "tr" / "a.md").write_text("a", encoding="utf-8")
    (scen / "s.yaml").write_text("x: 1", encoding="utf-8")
    seen = {audit_inputs(docs, scen)}
    (scen / "s.yaml").write_text("x: 2", encoding="utf-8")
    seen.add(audit_inputs(docs, scen))
    (scen / "t.yml").write_text("x: 2", encoding="utf-8")
    seen.add(audit_inputs(docs, scen))
    (docs / "tr" / "a.md").rename(docs / "tr" / "b.md")
    seen.add(audit_inputs(docs, scen))
    (docs / "tr" / "notes.txt").write_text("not read by the audit", encoding="utf-8")
    seen.add(audit_inputs(docs, scen))
    assert len(seen) == 4
