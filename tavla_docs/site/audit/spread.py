"""The audit's per-page work on every core: a cold build of a large site audits hundreds of pages.

Each page's findings (`scan.scan_page`: its Jinja parsed, its text scanned) and own problems
(`project._page_problems`: front matter, terms, raw HTML) depend on its text alone. For
`MIN_PAGES` pages or more on more than one core, worker processes work them out first
(forked, so they start with the parent's imports); the audit then takes each one in its
turn instead of working it out, so it reads as the serial audit, in the same order. A pool
that cannot start or dies leaves every page to the audit itself.

>>> spread_pages([])  # nothing to do: nothing started
0
"""
from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from .. import parallel
from . import project, scan
from .problems import Problem
from .scan import Finding

MIN_PAGES = 24  # below this the pool's start costs about what it saves (an 18-page audit: 0.4 s)

Job = tuple[str, str, str, str, int]  # a page's text, its path as shown, language, level, glossary stamp


def _work(batch: list[Job]) -> list[tuple[tuple[Finding, ...], tuple[Problem, ...]]]:
    out = []
    for text, shown, lang, level, stamp in batch:
        _, body, first = project.split_front_matter(text)
        out.append((scan._scan_page(body, lang, first), project._page_problems(text, shown, lang, level, stamp)))
    return out


def spread_pages(jobs: Sequence[Job], cores: int | None = None) -> int:
    """Work out `jobs` in worker processes and hand each result to the audit; returns how many."""
    n = min(parallel.workers() if cores is None else cores, len(jobs))
    if len(jobs) < MIN_PAGES or n < 2:
        return 0
    batches = [list(jobs[i::n]) for i in range(n)]  # every n-th page: the long pages are shared out
    try:
        with ProcessPoolExecutor(n, mp_context=parallel._context()) as pool:
            done = list(pool.map(_work, batches))
    except (OSError, BrokenProcessPool):
        return 0
    for batch, results in zip(batches, done, strict=True):
        for (text, shown, lang, level, stamp), (findings, problems) in zip(batch, results, strict=True):
            _, body, first = project.split_front_matter(text)
            scan._given[(body, lang, first)] = findings
            project._given_problems[(text, shown, lang, level, stamp)] = problems
    return sum(len(b) for b in batches)
