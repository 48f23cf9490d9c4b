"""The audit with its per-page work in worker processes (`audit.spread`) is the serial audit."""
from __future__ import annotations

from pathlib import Path

from tavla_docs.site.audit import project, scan, spread
from tavla_docs.site.audit.project import audit_project


def _big(project_copy, dest: Path) -> Path:
    """The project with every page twice more (`x-2.md`, `x-3.md`; one with a typed fact added)."""
    root = project_copy(dest)
    pages = sorted((root / "content").rglob("*.md"))
    for k in (2, 3):
        for p in pages:
            text = p.read_text(encoding="utf-8") + ("\nSon 15 pul.\n" if k == 3 else "")
            p.with_name(f"{p.stem}-{k}.md").write_text(text, encoding="utf-8")
    return root


def _audit(root: Path, spread_: bool):
    scan._scan_page.cache_clear()  # each audit works every page out itself
    project._page_problems.cache_clear()
    return audit_project(root, root / "content", root / "scenarios", ["tr", "en"], strict=True, spread=spread_)


def test_spread_audit_is_the_serial_audit(project_copy, tmp_path, monkeypatch):
    root = _big(project_copy, tmp_path / "p")
    sent: list[int] = []
    real = project.spread_pages
    monkeypatch.setattr(project, "spread_pages", lambda jobs, cores=2: sent.append(real(jobs, cores)) or sent[-1])
    serial = _audit(root, False)
    spread_audit = _audit(root, True)
    assert sent and sent[0] == len(list((root / "content").rglob("*.md"))) >= spread.MIN_PAGES
    assert spread_audit == serial
    assert any(p.rule == "literal" and "-3.md" in p.path for p in serial.problems)  # the typed facts are found
    assert not scan._given and not project._given_problems  # every result was taken


def test_few_pages_start_nothing():
    assert project.spread_pages([("a", "p.md", "tr", "error", 0)] * (spread.MIN_PAGES - 1), cores=2) == 0
    assert project.spread_pages([("a", "p.md", "tr", "error", 0)] * spread.MIN_PAGES, cores=1) == 0


def test_spread_keeps_the_jobs_order():
    jobs = list(range(spread.MIN_PAGES + 5))
    assert spread.spread(_doubled, jobs, cores=2) == [2 * j for j in jobs]
    assert spread.spread(_doubled, jobs, cores=1) is None


def _doubled(batch: list[int]) -> list[int]:
    return [2 * j for j in batch]
