"""The build's speed, by the one dispatch point between the reference build and `site/build/`.

The reference build renders each page in its turn, checks the scenario files one after another,
audits every page on every build and compiles every template each time. The modules of
`site/build/` make the same site faster: pages, checks and the audit on every core
(`parallel`, `spread`), the audit replayed while nothing it reads changed (`audited`), templates
kept compiled between the rebuilds of `mkdocs serve` (`bytecode`) and pages' and captions' code kept
for the life of the process (`compiled`), and `serve --dirty` rebuilding
only what a save touched (`incremental`). This module is the only one outside `site/build/` that
imports them (tests/test_architecture.py), so every speed path of a build is switched here.

`TAVLA_DOCS_PURE` (`tavla_docs.pure`) sends every build down the reference path: no worker
process, the audit run on every build, no template kept between rebuilds, and every
`serve --dirty` rebuild a full one into an emptied folder. The pages come out the same, byte for
byte (tests/site/test_parallel.py). The content-hash cache (`site/cache.py`) is not a speed layer
here: it is also the record of the scenarios that passed and of what a build vouched for; a build
without it is `cache_dir: ""`.
"""
from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..engine.budget import PlayBudget
from ..pure import PURE
from .build import audited, parallel
from .build import spread as _spread
from .build.bytecode import MemoryBytecode
from .build.compiled import CompiledCode
from .build.incremental import DropDirtyWarning, Incremental, page_deps, shared_inputs

if TYPE_CHECKING:
    from ..scenario import Diagnostic

__all__ = ["PURE", "DropDirtyWarning", "Incremental", "MemoryBytecode", "audit", "check_paths_parallel",
           "dirty_start", "page_code", "page_deps", "page_hook", "partial_code", "prerender_pages", "spread", "template_cache"]

J = TypeVar("J")
R = TypeVar("R")


def prerender_pages(renderer: Any, make: Callable[[], Any], files: Sequence[Any], lang_of: dict[str, str],
                    first_line: Callable[[Path], int]) -> int:
    """The pages the cache lacks rendered on every core first (`parallel.prerender_pages`); 0 (none)
    under `TAVLA_DOCS_PURE`, where each page is rendered in its turn."""
    if PURE:
        return 0
    return parallel.prerender_pages(renderer, make, files, lang_of, first_line)


def page_hook(make: Callable[[], Any], budget: PlayBudget) -> parallel.PagePrerender | None:
    """The audit's page hook that renders each page its workers audit (`parallel.PagePrerender`),
    or None under `TAVLA_DOCS_PURE`."""
    return None if PURE else parallel.PagePrerender(make, budget)


def check_paths_parallel(paths: Sequence[Path], record: Callable[[int, bool], None] | None = None,
                         ) -> list[Diagnostic] | None:
    """`parallel.check_paths_parallel`; under `TAVLA_DOCS_PURE` the serial check's diagnostics,
    or None with `record` (the caller then checks and records the files itself)."""
    if PURE:
        if record is not None:
            return None
        from ..scenario import check_paths

        return list(check_paths(list(paths)).diagnostics)
    return parallel.check_paths_parallel(paths, record=record)


def spread(work: Callable[[list[J]], list[R]], jobs: Sequence[J], cores: int | None = None,
           run: Callable[[J], object] | None = None, before: Callable[[], None] | None = None) -> list[R] | None:
    """The audit's per-page work in worker processes (`build.spread.spread`), or None (the audit
    works every page out itself) under `TAVLA_DOCS_PURE`."""
    if PURE:
        return None
    return _spread.spread(work, jobs, cores, run, before)


def audit(run: Callable[..., str | None], renderer: Any, docs_dir: Path, languages: Sequence[str], strict: bool,
          log: logging.Logger, *, replay: bool = True, spread: bool = False, cached: bool = True,
          hook: Any = None) -> str | None:
    """The build's fact audit by `run` (`audit.gate.run_audit`), replayed from the cache while
    nothing it reads changed (`audited.run_audit_cached`); under `TAVLA_DOCS_PURE` run on every
    build, in this process."""
    if PURE:
        return run(renderer, docs_dir, languages, strict, log, False, None)
    return audited.run_audit_cached(run, renderer, docs_dir, languages, strict, log, replay=replay, spread=spread,
                                    cached=cached, hook=hook)


def template_cache() -> MemoryBytecode | None:
    """Compiled templates kept for every rebuild of one `mkdocs serve` process, or None (compiled
    on every build) under `TAVLA_DOCS_PURE`."""
    return None if PURE else MemoryBytecode()


_PAGE_CODE = CompiledCode()
_PARTIAL_CODE = MemoryBytecode()


def page_code() -> CompiledCode | None:
    """The compiled code of pages and captions, kept for the life of the process (`compiled`), or
    None (compiled on every render) under `TAVLA_DOCS_PURE`."""
    return None if PURE else _PAGE_CODE


def partial_code() -> MemoryBytecode | None:
    """The partials' compiled code, kept for the life of the process (Jinja checks each source's
    hash, so an edited partial is compiled again), or None under `TAVLA_DOCS_PURE`."""
    return None if PURE else _PARTIAL_CODE


def dirty_start(state: Incremental, site_dir: str, config_file: str, root: Path, fingerprint: str,
                scenarios_dir: Path) -> bool:
    """Begin a `serve --dirty` rebuild (`Incremental.start`); under `TAVLA_DOCS_PURE` every rebuild
    starts over (an emptied folder, every page read and written): a full build. True when starting over."""
    shared = shared_inputs(config_file, root, fingerprint, scenarios_dir)
    return state.start(site_dir, os.urandom(16).hex() if PURE else shared)
