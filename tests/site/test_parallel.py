"""Pages and scenario checks in worker processes: the same cache entries, pages, diagnostics and errors
as the serial path."""
from __future__ import annotations

import functools
import shutil
from pathlib import Path

import pytest

from tavla_docs.scenario import check_paths
from tavla_docs.site.build import parallel
from tavla_docs.site.errors import PageError
from tavla_docs.site.renderer import SiteRenderer
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]
GOOD = """variant: tavla
position:
  white: {{6: 1, 5: 1}}
  black: {{19: 15}}
turn: white
roll: 6-5
show: {show}
expect:
  legal: [{show}]
caption:
  tr: "Son iki pul"
  en: "The last two checkers"
"""


def _project(tmp: Path, n: int) -> tuple[Path, list[parallel.PageJob]]:
    (tmp / "scenarios").mkdir(parents=True)
    shutil.copytree(PROJECT / "templates", tmp / "templates")
    jobs = []
    for i in range(n):
        (tmp / "scenarios" / f"s{i}.yaml").write_text(GOOD.format(show="6/off 5/off"), encoding="utf-8")
        for lang in ("tr", "en"):
            jobs.append(parallel.PageJob(f"# P{i}\n\n{{{{ diagram('s{i}') }}}}\n", f"content/{lang}/p{i}.md", lang,
                                         {}, 1))
    return tmp, jobs


def _render(r: SiteRenderer, job: parallel.PageJob) -> object:
    return r.render_page(job.markdown, path=job.path, lang=job.lang, meta=job.meta, first_line=job.first_line)


def test_prerendered_pages_are_cache_hits_equal_to_serial_pages(tmp_path: Path) -> None:
    root, jobs = _project(tmp_path / "p", 4)
    bad = parallel.PageJob("# Bad\n\n{{ diagram('nope') }}\n", "content/en/bad.md", "en", {}, 1)
    make = functools.partial(SiteRenderer, root, cache_dir=".cache")
    assert parallel.prerender(make, [*jobs, bad], cores=2) == len(jobs)  # the bad page is left to the build
    r = make()
    pages = [_render(r, j) for j in jobs]
    assert r.cache.misses == 0 and r.cache.hits == len(jobs)
    serial = SiteRenderer(root, cache_dir=None)  # no cache: rendered here, now
    assert [_shape(p) for p in pages] == [_shape(_render(serial, j)) for j in jobs]
    with pytest.raises(PageError, match=r"content/en/bad.md:3: error: .*no scenario 'nope'"):
        _render(r, bad)


def test_few_pages_start_no_workers(tmp_path: Path) -> None:
    root, jobs = _project(tmp_path / "p", 1)
    make = functools.partial(SiteRenderer, root, cache_dir=".cache")
    assert parallel.prerender(make, jobs, cores=2) == 0
    assert not (root / ".cache").exists()


def test_parallel_checks_report_what_a_serial_check_reports_in_file_order(tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    for i in range(parallel.MIN_FILES + 3):
        show = "6/off 5/off" if i % 3 else "6/2 5/off"  # every third file claims an illegal play
        (folder / f"f{i:02d}.yaml").write_text(GOOD.format(show=show), encoding="utf-8")
    (folder / "f07.yaml").write_text("variant: [\n", encoding="utf-8")  # does not load
    files = sorted(folder.glob("*.yaml"))
    serial = [d.format() for d in check_paths(files).diagnostics]
    assert len(serial) >= 7
    assert [d.format() for d in parallel.check_paths_parallel(files, cores=2)] == serial


def _shape(page: object) -> tuple[object, ...]:
    """What a page contributes to the site (a cache hit does not carry the `deps` it was keyed by)."""
    return (page.markdown, page.fragments, page.figures, page.tables)  # type: ignore[attr-defined]


@pytest.mark.speed_layer
def test_a_build_with_workers_writes_the_serial_build_s_bytes(tmp_path: Path, tiny,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import hashlib

    from tavla_docs.cli.commands.build import build_site

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    scenarios = {f"s{i}": GOOD.format(show="6/off 5/off") for i in range(4)}
    proj = tiny(tmp_path, "# Ana\n\n{{ diagram('s0') }}\n", "# Home\n\n{{ diagram('s0') }}\n", scenarios)
    for i in range(4):
        for lang in ("tr", "en"):
            (proj / "content" / lang / f"p{i}.md").write_text(f"# P{i}\n\n{{{{ diagram('s{i}') }}}}\n", encoding="utf-8")
    digests, counts = [], []  # the build's own cache (hits, misses)
    for min_pages in (parallel.MIN_PAGES, 10**9):  # workers (10 pages to render), then none
        monkeypatch.setattr(parallel, "MIN_PAGES", min_pages)
        shutil.rmtree(proj / ".tavla-cache", ignore_errors=True)
        site, plugin = build_site(proj / "mkdocs.yml", tmp_path / f"site-{min_pages}", quiet=True)
        digests.append({str(p.relative_to(site)): hashlib.sha256(p.read_bytes()).hexdigest()
                        for p in sorted(site.rglob("*")) if p.is_file()})
        counts.append((plugin.renderer.cache.hits, plugin.renderer.cache.misses))
    assert len(digests[0]) > 10 and digests[0] == digests[1]
    # With workers the build found all 10 pages rendered (its only misses are the 10 probes that sent
    # them to the workers); without, it rendered pages and figures itself.
    (hits, probes), (_, serial_misses) = counts
    assert hits == 10 and probes == 10 < serial_misses, counts


def test_a_front_matter_bomb_among_many_pages_is_refused_at_its_line(tmp_path: Path, tiny, capsys,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from tavla_docs.cli.main import main as cli_main

    proj = tiny(tmp_path, "# Ana\n", "# Home\n", {})
    for i in range(parallel.MIN_PAGES):
        (proj / "content" / "en" / f"p{i}.md").write_text(f"# P{i}\n", encoding="utf-8")
    lines = ["---", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}]"
              for i in range(1, 9)]  # 10 * 8**8 items, once expanded
    (proj / "content" / "en" / "bomb.md").write_text("\n".join([*lines, "---", "# Bomb", ""]), encoding="utf-8")
    monkeypatch.chdir(proj)
    assert cli_main(["build", "-q", "--no-check"]) == 1
    err = capsys.readouterr().err
    assert "content/en/bomb.md:1: error: the front matter holds more than" in err, err


@pytest.mark.speed_layer
def test_a_parallel_project_check_records_the_passes_in_its_workers(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """`checks.check_project` with workers: each worker records the files it passed (the parent
    records none); the next check finds exactly those unchanged, as after a serial check."""
    from tavla_docs.site import checks

    outcomes = {}
    for cores in (2, 1):
        proj = tmp_path / f"p{cores}"
        folder = proj / "scenarios"
        folder.mkdir(parents=True)
        for i in range(parallel.MIN_FILES + 4):
            show = "6/off 5/off" if i % 4 else "6/2 5/off"  # every fourth file claims an illegal play
            (folder / f"f{i:02d}.yaml").write_text(GOOD.format(show=show), encoding="utf-8")
        monkeypatch.setattr(parallel, "workers", lambda cores=cores: cores)
        recorded_here: list[Path] = []
        real = checks.CheckRecord.record
        monkeypatch.setattr(checks.CheckRecord, "record",
                            lambda self, path, data, rel=None, seen=recorded_here, real=real:
                            (seen.append(path), real(self, path, data, rel)))
        first = checks.check_project(proj, folder, ".tavla-cache")
        monkeypatch.setattr(checks.CheckRecord, "record", real)
        again = checks.check_project(proj, folder, ".tavla-cache")
        assert first is not None and again is not None
        assert (len(recorded_here) == 0) == (cores == 2)  # with workers, the parent wrote no record
        outcomes[cores] = (first.unchanged, sorted(p.name for p in first.failed), [d.format().split(":", 1)[1]
                           for d in first.diagnostics], again.unchanged, sorted(p.name for p in again.failed))
    assert outcomes[2] == outcomes[1]
    assert outcomes[2][0] == 0 and outcomes[2][3] == parallel.MIN_FILES + 4 - 5 and len(outcomes[2][4]) == 5


def test_a_parallel_check_names_a_slow_file_once_and_a_quick_one_never(monkeypatch: pytest.MonkeyPatch) -> None:
    """One watching thread per worker batch says `checking PATH …` as `check_paths`' own timer did."""
    import time

    from tavla_docs.scenario import project

    said: list[str] = []
    monkeypatch.setattr(project, "SLOW_FILE_SECONDS", 0.1)
    monkeypatch.setattr(project, "stderr_notice", said.append)
    def named(count: int) -> None:  # the watch looks every 0.1 s; a busy machine may delay it, so wait up to 20 s
        deadline = time.monotonic() + 20
        while len(said) < count and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.3)  # and a few more looks: the file is named once, not at each look

    with parallel._SlowWatch() as watch:
        watch.now(Path("scenarios/quick.yaml"))  # done at once: the next file starts
        watch.now(Path("scenarios/slow.yaml"))
        named(1)
        watch.now(Path("scenarios/slow.yaml"))  # checked again (another batch entry): named again when slow
        named(2)
    assert said == ["checking scenarios/slow.yaml …", "checking scenarios/slow.yaml …"]


def test_the_pure_switch_builds_on_one_core_with_the_same_bytes(tmp_path: Path, tiny,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """`TAVLA_DOCS_PURE` (`buildspeed.PURE`): no worker process, the audit run again, the same site."""
    import hashlib

    from tavla_docs.cli.commands.build import build_site
    from tavla_docs.site import buildspeed
    from tavla_docs.site.build import spread

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    monkeypatch.setenv("TAVLA_DOCS_AUDIT", "warn")  # the audit runs (and may be replayed), a draft's words pass
    monkeypatch.setattr(parallel, "workers", lambda: 2)  # as on two cores, whatever this machine has
    monkeypatch.setattr(parallel, "MIN_PAGES", 1)
    monkeypatch.setattr(parallel, "MIN_FILES", 1)
    monkeypatch.setattr(spread, "MIN_PAGES", 1)
    scenarios = {f"s{i}": GOOD.format(show="6/off 5/off") for i in range(2)}
    body = "{{ diagram('s0') }}\n\n{{ diagram('s1') }}\n"
    proj = tiny(tmp_path, "# Ana\n\n" + body, "# Home\n\n" + body, scenarios)
    cfg = proj / "mkdocs.yml"
    cfg.write_text(cfg.read_text(encoding="utf-8").replace("strict: true", "strict: false"), encoding="utf-8")
    started: list[int] = []
    real_pool = parallel.pool
    monkeypatch.setattr(parallel, "pool", lambda n, *a, **k: (started.append(n), real_pool(n, *a, **k))[1])
    digests = []
    for pure in (False, True, True):  # the second pure build: the audit is not replayed from the cache
        monkeypatch.setattr(buildspeed, "PURE", pure)
        if pure is False or len(digests) == 1:
            shutil.rmtree(proj / ".tavla-cache", ignore_errors=True)
        started.clear()
        site, plugin = build_site(proj / "mkdocs.yml", tmp_path / f"site-{len(digests)}", quiet=True)
        digests.append({str(p.relative_to(site)): hashlib.sha256(p.read_bytes()).hexdigest()
                        for p in sorted(site.rglob("*")) if p.is_file()})
        assert bool(started) != pure, (pure, started)
    assert len(digests[0]) > 5 and digests[0] == digests[1] == digests[2]
    assert buildspeed.template_cache() is None
    monkeypatch.setattr(buildspeed, "PURE", False)
    assert buildspeed.template_cache() is not None
