"""Reference: `project.audit_project` without `spread`: each page worked out in the audit's own turn
Contract: tests/site/test_audit_spread.py
Gain: 1.54× a cold 396-page build on two cores, with `parallel` (one core 18.3 s, two 11.9 s; benchmarks-history.md, `site`, fourth pass)

The audit's per-page work on every core: a cold build of a large site audits hundreds of pages.

Each page's findings (`scan.scan_page`: its Jinja parsed, its text scanned) and own problems
(`project._page_problems`: front matter, terms, raw HTML) depend on its text alone. For
`MIN_PAGES` pages or more on more than one core, `project` has worker processes work them out
first (forked, so they start with the parent's imports) through `spread`; the audit then takes
each one in its turn instead of working it out, so it reads as the serial audit, in the same
order. A pool that cannot start or dies leaves every page to the audit itself; its workers die
with the build (`parallel.pool`).

>>> spread(len, [])  # nothing to do: nothing started
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from . import parallel

MIN_PAGES = 24  # below this the pool's start costs about what it saves (an 18-page audit: 0.4 s)

J = TypeVar("J")
R = TypeVar("R")


def spread(work: Callable[[list[J]], list[R]], jobs: Sequence[J], cores: int | None = None,
           run: Callable[[J], object] | None = None, before: Callable[[], None] | None = None) -> list[R] | None:
    """`work` over `jobs` in worker processes (a module-level function, given a few jobs at a time):
    the results in job order, or None when nothing was started (few jobs, one core, no pool).
    With `run`, neighbours with the same `run(job)` go to one worker together (a page's languages);
    `before` runs here just before the workers are forked (imports they would each make).

    >>> spread(len, [], run=str)
    """
    n = min(parallel.workers() if cores is None else cores, len(jobs))
    if len(jobs) < MIN_PAGES or n < 2:
        return None
    runs: list[list[J]] = []
    for i, job in enumerate(jobs):
        if run is not None and i and run(job) == run(jobs[i - 1]):
            runs[-1].append(job)
        else:
            runs.append([job])
    # handed out as workers come free (pages differ a lot in cost: a fixed share left one worker idle);
    # runs of cheap jobs (the audit alone, ~10 ms a page) a few at a time
    chunk = 1 if run is not None else max(1, len(runs) // (n * 4))
    if before is not None:
        before()
    try:
        with parallel.pool(n, parallel._context()) as pool:
            done = list(pool.map(work, runs, chunksize=chunk))
    except (OSError, BrokenProcessPool):
        return None
    out = [result for results in done for result in results]
    return out
