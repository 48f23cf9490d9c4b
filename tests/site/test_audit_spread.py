"""The audit with its per-page work in worker processes (`build.spread`) is the serial audit."""
from __future__ import annotations

import functools
from pathlib import Path

import pytest

from tavla_docs.site.audit import project, scan
from tavla_docs.site.audit.project import audit_project
from tavla_docs.site.build import spread


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
    project._audited.clear()
    return audit_project(root, root / "content", root / "scenarios", ["tr", "en"], strict=True, spread=spread_)


@pytest.mark.speed_layer
def test_spread_audit_is_the_serial_audit(project_copy, tmp_path, monkeypatch):
    root = _big(project_copy, tmp_path / "p")
    sent: list[int] = []
    real = project.spread_pages
    monkeypatch.setattr(project, "spread_pages", lambda jobs, cores=2, **kw: sent.append(real(jobs, cores, **kw)) or sent[-1])
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
    assert spread.spread(_doubled, jobs, cores=2, run=lambda j: j // 3) == [2 * j for j in jobs]


def test_a_run_of_jobs_goes_to_one_worker_together():
    jobs = list(range(spread.MIN_PAGES + 5))
    batches = spread.spread(_batch, jobs, cores=2, run=lambda j: j // 2)
    assert batches == [[2 * (j // 2), 2 * (j // 2) + 1][:len(jobs) - 2 * (j // 2)] for j in jobs]


def _doubled(batch: list[int]) -> list[int]:
    return [2 * j for j in batch]


def _batch(batch: list[int]) -> list[list[int]]:
    return [list(batch) for _ in batch]  # each job's result: the batch it came in


def test_a_page_tree_of_the_page_environment_gives_the_audits_findings(project_copy, tmp_path):
    """The audit's workers parse each page once, with the page environment, for the audit and the
    render (`scan.shares_parse`): the findings are the audit's own parse's."""
    from tavla_docs.site.renderer import SiteRenderer

    root = project_copy(tmp_path / "p")
    r = SiteRenderer(root, cache_dir=None)
    shared = 0
    for p in sorted((root / "content").rglob("*.md")):
        lang = p.relative_to(root / "content").parts[0]
        _, body, first = project.split_front_matter(p.read_text(encoding="utf-8"))
        assert scan.shares_parse(body)
        tree = r.page_env(lang).parse(body)
        assert scan.scan_parsed(body, lang, first, tree) == scan._scan_page(body, lang, first)
        shared += 1
    assert shared >= 18
    assert not scan.shares_parse("{% trans %}15 pul{% endtrans %}")


@pytest.mark.speed_layer
def test_the_audits_workers_render_the_pages_a_build_renders(project_copy, tmp_path):
    """With the build's hook the audit's workers render each page into the cache, as the build
    renders it (the same key, the same page)."""
    from mkdocs.utils.meta import get_data

    from tavla_docs.engine.budget import current_budget
    from tavla_docs.site.build.parallel import PagePrerender
    from tavla_docs.site.errors import body_first_line
    from tavla_docs.site.renderer import SiteRenderer

    root = _big(project_copy, tmp_path / "p")
    cache = tmp_path / "cache"
    make = functools.partial(SiteRenderer, root, cache_dir=str(cache))
    project._audited.clear()
    audit_project(root, root / "content", root / "scenarios", ["tr", "en"], strict=True, spread=True,
                  hook=PagePrerender(make, current_budget()))
    built, fresh = make(), SiteRenderer(root, cache_dir=None)
    pages = sorted((root / "content").rglob("*.md"))
    for p in pages:
        text = p.read_text(encoding="utf-8")
        markdown, meta = get_data(text)
        lang = p.relative_to(root / "content").parts[0]
        args = dict(path=built.display(p), lang=lang, meta=meta, first_line=body_first_line(text))
        assert built.is_cached(built.page_key(markdown, **args)), p
        assert built.render_page(markdown, **args) == fresh.render_page(markdown, **args)
