"""The audit's per-page work on every core: a cold build of a large site audits hundreds of pages.

Each page's findings (`scan.scan_page`: its Jinja parsed, its text scanned) and own problems
(`project._page_problems`: front matter, terms, raw HTML) depend on its text alone. For
`MIN_PAGES` pages or more on more than one core, `project` has worker processes work them out
first (forked, so they start with the parent's imports) through `spread`; the audit then takes
each one in its turn instead of working it out, so it reads as the serial audit, in the same
order. A pool that cannot start or dies leaves every page to the audit itself.

>>> spread(len, [])  # nothing to do: nothing started
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from .. import parallel

MIN_PAGES = 24  # below this the pool's start costs about what it saves (an 18-page audit: 0.4 s)

J = TypeVar("J")
R = TypeVar("R")


def spread(work: Callable[[list[J]], list[R]], jobs: Sequence[J], cores: int | None = None,
           group: int = 1) -> list[R] | None:
    """`work` over `jobs` in worker processes (a module-level function, one batch per worker): the
    results in job order, or None when nothing was started (few jobs, one core, no pool). Jobs are
    dealt in runs of `group` neighbours (a page's languages: one worker).

    >>> spread(lambda batch: batch, [], group=2)
    """
    n = min(parallel.workers() if cores is None else cores, len(jobs))
    if len(jobs) < MIN_PAGES or n < 2:
        return None
    places = [[j for k in range(i * group, len(jobs), n * group) for j in range(k, min(k + group, len(jobs)))]
              for i in range(n)]  # every n-th run: the long pages are shared out
    batches = [[jobs[j] for j in place] for place in places]
    try:
        with ProcessPoolExecutor(n, mp_context=parallel._context()) as pool:
            done = list(pool.map(work, batches))
    except (OSError, BrokenProcessPool):
        return None
    out: list[R | None] = [None] * len(jobs)
    for place, results in zip(places, done, strict=True):
        for j, result in zip(place, results, strict=True):
            out[j] = result
    return out  # type: ignore[return-value]  # every place filled: the places cover every job once
