"""Reference: `renderer.SiteRenderer.render_page` and `scenario.check_paths`, one page and one file after another
Contract: tests/site/test_parallel.py
Gain: 1.54× a cold 396-page build on two cores, with `spread` (one core 18.3 s, two 11.9 s; benchmarks-history.md, `site`, fourth pass)

Work spread over the machine's cores: pages rendered and scenarios checked in worker processes.

A cold build spends its time drawing figures and checking claims, page by page and
file by file, in one process. When there is enough of it (`MIN_PAGES`, `MIN_FILES`)
and more than one core, that work goes to a `ProcessPoolExecutor` first:

- pages: each worker renders pages with its own `SiteRenderer` on the same cache
  folder, which is all it keeps (its results are cache entries). The build then
  renders every page itself, in order, as before: a page a worker rendered is a
  cache hit, so the output is the serial path's, byte for byte, and a page that
  failed in a worker fails again here, with its error located as always;
- scenario files: split into one batch per worker, checked by `scenario.check_paths`;
  the reports are joined in file order, so the diagnostics read as a serial check's.

The workers get the build's play budget. Below the thresholds (a `mkdocs serve`
rebuild after one page was saved) nothing is started.

Workers never outlive their build, however it ends (`pool`): the out-of-memory killer,
`timeout -s KILL` and a cancelled CI job all send SIGKILL, which no handler sees. Each worker
asks the kernel for SIGKILL when its parent dies (`prctl(PR_SET_PDEATHSIG)` on Linux), then
checks that its parent is still the build that started it (it may have died before the
request); elsewhere a thread in the worker watches the parent's pid. A forked worker closes
its copies of the build lock and of the cache's pack (`os.register_at_fork` in those modules).
"""
from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...engine.budget import PlayBudget, current_budget, using
from ..errors import body_first_line

if TYPE_CHECKING:
    from ...scenario import Diagnostic

MIN_PAGES = 6  # pages to render before workers are worth starting (each ~0.1-0.6 s cold)
MIN_FILES = 16  # scenario files to check, likewise


def workers() -> int:
    """The cores this process may use (`sched_getaffinity` where there is one)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


# What rendering a page imports (the renderer imports the engine's parts where they are used, so a
# warm build never loads them); imported once before workers are forked, not once in each.
RENDER_MODULES = ("tavla_docs.render.svg", "tavla_docs.render.chart", "tavla_docs.scenario.draw",
                  "tavla_docs.site.facts.frame", "tavla_docs.site.facts.rules", "tavla_docs.site.tryit",
                  "tavla_docs.analysis.bearoff", "tavla_docs.diagram.describe")


def warm_up(modules: Sequence[str] = RENDER_MODULES) -> None:
    """Import `modules` here, so that forked workers start with them (spawned ones import their own)."""
    import importlib

    for name in modules:
        importlib.import_module(name)


def _context(fork: bool = True) -> Any:
    """`fork` where there is one and `fork` allows it (workers start with the parent's imports and
    memos), else `spawn` (a process with threads, such as `mkdocs serve`, must not fork)."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if fork and "fork" in methods else "spawn")


_PR_SET_PDEATHSIG = 1
_WATCH_EVERY = 0.5  # seconds between looks at the parent, where the kernel cannot be asked


def pool(n: int, context: Any, initializer: Callable[..., None] | None = None,
         initargs: tuple[Any, ...] = ()) -> ProcessPoolExecutor:
    """A `ProcessPoolExecutor` of `n` workers that die with the process that made it (`lifeline`)."""
    return ProcessPoolExecutor(n, mp_context=context, initializer=lifeline,
                               initargs=(os.getpid(), initializer, initargs))


def lifeline(parent: int, then: Callable[..., None] | None = None, args: tuple[Any, ...] = ()) -> None:
    """A worker's first act: be killed when `parent` dies, or leave now if it is already gone; then `then(*args)`."""
    if not _death_signal():
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="tavla-docs-lifeline").start()
    if os.getppid() != parent:  # the parent died before the request: nobody waits for this worker
        os._exit(1)
    if then is not None:
        then(*args)


def _death_signal() -> bool:
    """Ask Linux for SIGKILL when the parent dies; False where that cannot be asked."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_WATCH_EVERY)
    os._exit(1)


@dataclass(frozen=True)
class PageJob:
    """One page as the plugin hands it to `SiteRenderer.render_page`."""

    markdown: str
    path: str
    lang: str
    meta: dict[str, Any]
    first_line: int


_renderer: Any = None  # the worker's own renderer (made once per worker process)
_budget: PlayBudget | None = None


def _start_renderer(make: Callable[[], Any], budget: PlayBudget) -> None:
    global _renderer, _budget
    _renderer, _budget = make(), budget


def _render(job: PageJob) -> bool:
    """Render one page into the cache; False when it fails (the build reports it, in order)."""
    assert _renderer is not None and _budget is not None
    try:
        with using(_budget):
            _renderer.render_page(job.markdown, path=job.path, lang=job.lang, meta=job.meta,
                                  first_line=job.first_line)
    except Exception:  # noqa: BLE001 - the build renders this page again and reports the error there
        return False
    return True


def prerender(make: Callable[[], Any], jobs: Sequence[PageJob], cores: int | None = None, *,
              fork: bool = True) -> int:
    """Render `jobs` into the cache in worker processes, each with a renderer from `make()` (picklable,
    for `spawn`); returns how many rendered. Nothing is started for fewer than MIN_PAGES jobs or on
    one core; workers that cannot start or that die leave the pages to the build (it renders them)."""
    n = min(workers() if cores is None else cores, len(jobs))
    if len(jobs) < MIN_PAGES or n < 2:
        return 0
    if fork:
        warm_up()
    try:
        with pool(n, _context(fork), _start_renderer, (make, current_budget())) as workers_:
            return sum(workers_.map(_render, jobs, chunksize=2))  # a page's languages are neighbours: one worker
    except (OSError, BrokenProcessPool):
        return 0


def prerender_pages(renderer: Any, make: Callable[[], Any], files: Sequence[Any], lang_of: dict[str, str],
                    first_line: Callable[[Path], int]) -> int:
    """`prerender` (workers' renderers from `make()`) for the documentation pages among MkDocs'
    `files` that `renderer`'s cache lacks, each read as MkDocs reads it; a page that cannot be
    read, or whose front matter is too large, is left to its own turn, which reports it at its line."""
    from mkdocs.utils.meta import get_data

    from ..sandbox import MAX_SIZE, size_of

    jobs = []
    order = []
    for f in files:
        if not f.is_documentation_page() or f.abs_src_path is None:
            continue
        try:  # as MkDocs reads it (Page.read_source)
            markdown, meta = get_data(f.content_string)
        except (OSError, ValueError):
            continue
        if meta and size_of(dict(meta)) > MAX_SIZE:  # YAML aliases
            continue
        source = Path(f.abs_src_path)
        job = PageJob(markdown, renderer.display(source), lang_of[f.src_uri], meta, first_line(source))
        if not renderer.is_cached(renderer.page_key(job.markdown, path=job.path, lang=job.lang, meta=job.meta,
                                                    first_line=job.first_line)):
            jobs.append(job)
            lang = lang_of[f.src_uri]
            order.append((f.src_uri.removeprefix(f"{lang}/"), lang))
    # a page's languages next to each other: one worker draws both, loading their scenarios once
    return prerender(make, [job for _, job in sorted(zip(order, jobs, strict=True), key=lambda pair: pair[0])])


_hook_renderer: Any = None  # the audit worker's own renderer (`PagePrerender`), made at its first page


@dataclass(frozen=True)
class PagePrerender:
    """The audit's page hook (`audit.project.PageHook`) of a build: each page its workers audit is
    rendered there too, into the cache, with the tree the audit read (one parse of each page's
    Jinja, one pool of workers for both). As in `prerender_pages`, a page is read as MkDocs reads
    it, and the build renders every page itself in its turn: a page rendered here is a cache hit,
    a page that failed here or was read otherwise (a different key) is rendered and reported there."""

    make: Callable[[], Any]
    budget: PlayBudget

    def _renderer(self) -> Any:
        global _hook_renderer
        if _hook_renderer is None:
            _hook_renderer = self.make()
        return _hook_renderer

    def prepare(self) -> None:
        """The render modules imported before the audit's workers are forked (`warm_up`)."""
        warm_up()

    def parse(self, body: str, lang: str) -> Any:
        try:
            return self._renderer().page_env(lang).parse(body)
        except Exception:  # noqa: BLE001 - the audit parses it its own way, the render reports it
            return None

    def render(self, path: Path, text: str, lang: str, body: str, tree: Any) -> None:
        from mkdocs.utils.meta import get_data

        from ..sandbox import MAX_SIZE, size_of

        try:
            markdown, meta = get_data(text)
            if meta and size_of(dict(meta)) > MAX_SIZE:
                return
            r = self._renderer()
            job = PageJob(markdown, r.display(path), lang, meta, body_first_line(text))
            with using(self.budget):
                r.render_page(job.markdown, path=job.path, lang=job.lang, meta=job.meta, first_line=job.first_line,
                              tree=tree if markdown == body else None)
        except Exception:  # noqa: BLE001 - the build renders this page again and reports the error there
            return


def _check(batch: list[tuple[int, Path]], budget: PlayBudget,
           record: Callable[[int, bool], None] | None = None) -> list[tuple[int, list[Diagnostic]]]:
    """Each file of the batch checked on its own: (its place in the folder's order, its diagnostics);
    `record(place, clean)` is told each file's outcome here, in the worker (a pass is then written
    on both cores, not by the parent after the pool)."""
    from ...scenario import check_paths

    out = []
    with using(budget), _SlowWatch() as watch:
        for i, path in batch:
            watch.now(path)
            found = list(check_paths([path], slow_notice=None).diagnostics)
            if record is not None:
                record(i, not found)
            out.append((i, found))
    return out


class _SlowWatch:
    """`checking PATH …` when a file of a worker's batch is still being checked after
    `scenario.project.SLOW_FILE_SECONDS`, as `check_paths` says it, from one thread that looks
    every `EVERY` s (`check_paths` starts a timer thread per file: most of a small file's time)."""

    EVERY = 0.1

    def __init__(self) -> None:
        from ...scenario import project

        self.seconds, self.notice = project.SLOW_FILE_SECONDS, project.stderr_notice
        self._current: tuple[Path, float] | None = None  # the file, when its check started
        self._said: tuple[Path, float] | None = None  # the check already named
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._look, daemon=True)

    def __enter__(self) -> _SlowWatch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._current = None
        self._stop.set()
        self._thread.join()

    def now(self, path: Path) -> None:
        """`path` is being checked from now on (until the next call, or the end of the batch)."""
        self._current = (path, time.monotonic())

    def _look(self) -> None:
        while not self._stop.wait(self.EVERY):
            current = self._current
            if current is not None and current is not self._said and time.monotonic() - current[1] >= self.seconds:
                self._said = current
                self.notice(f"checking {current[0]} …")


def check_paths_parallel(paths: Sequence[Path], cores: int | None = None,
                         record: Callable[[int, bool], None] | None = None) -> list[Diagnostic] | None:
    """The diagnostics of `scenario.check_paths(paths)`, in the same order, from worker processes when
    there are MIN_FILES files or more and more than one core. With `record` (picklable), each worker
    calls `record(index in paths, no diagnostics)` for the files it checked, and None is returned
    when no workers were started (the caller checks the files itself)."""
    from ...scenario import check_paths

    n = min(workers() if cores is None else cores, len(paths))
    if len(paths) < MIN_FILES or n < 2:
        return None if record is not None else list(check_paths(list(paths)).diagnostics)
    numbered = list(enumerate(paths))
    batches = [numbered[i::n] for i in range(n)]  # every n-th file: a folder of slow files is shared out
    with pool(n, _context()) as workers_:
        done = [item for part in workers_.map(_check, batches, [current_budget()] * n, [record] * n) for item in part]
    return [d for _, found in sorted(done, key=lambda item: item[0]) for d in found]
