"""Reference: `gate.run_audit` on every build: the same messages and outcome
Contract: tests/site/test_audited.py
Gain: 20× the fact audit of an unchanged 18-page build (0.61 s audited, 0.03 s replayed; benchmarks-history.md, `site`)

The fact audit of a build, remembered: a build whose pages, scenarios and code are unchanged
replays the last audit's messages instead of scanning every page again.

The audit (`site.audit`) reads the pages under `docs_dir`, the scenario files and the
package's catalogs and word lists; the key hashes all of them (their paths and bytes),
the code fingerprint, the languages, strictness and the working directory (the paths
its messages print). It is 2.6 s of a warm 18-page build otherwise, on every
`mkdocs serve` rebuild too.
"""
from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from collections.abc import Callable

from ..cache import Cache


def audit_inputs(docs_dir: Path, scenarios_dir: Path) -> str:
    """A hash of every file the audit reads from the project: pages (`*.md`) and scenarios."""
    h = hashlib.sha256()
    for folder, pattern in ((docs_dir, "*.md"), (scenarios_dir, "*.y*ml")):
        if not folder.is_dir():
            continue
        for p in sorted(folder.rglob(pattern)):
            try:
                data = p.read_bytes()
            except OSError:  # the audit reports it; a later build must not replay a stale answer
                data = os.urandom(16)
            name = str(p.relative_to(folder)).encode()
            h.update(len(name).to_bytes(8, "big") + name + len(data).to_bytes(8, "big") + data)
    return h.hexdigest()


class _Recording(logging.LoggerAdapter):
    """Passes the audit's log lines on and keeps them, to replay on the next unchanged build."""

    def __init__(self, logger: logging.Logger) -> None:
        super().__init__(logger, {})
        self.lines: list[tuple[int, str]] = []

    def log(self, level: int, msg: object, *args: Any, **kwargs: Any) -> None:
        self.lines.append((level, str(msg) % args if args else str(msg)))
        self.logger.log(level, "%s", self.lines[-1][1])


def run_audit_cached(run_audit: Callable[..., str | None], renderer: Any, docs_dir: Path, languages: Sequence[str], strict: bool,
                     log: logging.Logger, *, replay: bool = True, spread: bool = False,
                     cached: bool = True, hook: Any = None) -> str | None:
    """`run_audit` (`audit.gate.run_audit`, given by the dispatch point: this room imports no audit), from the cache when nothing it reads has changed. `replay=False`
    audits anyway (and stores the result): the first build of `mkdocs serve --dirty` does, so the
    audit's memos (parsed scenarios, pages' findings) are warm when the first save comes.
    `cached=False` leaves the cache alone: with warm memos (the later saves of `serve --dirty`)
    the audit costs less than hashing every page and scenario for its key.
    `spread`: the pages' own work on every core (`spread`), and `hook`'s with it (the build's
    render of each page, `parallel.PagePrerender`)."""
    if not cached:
        return run_audit(renderer, docs_dir, languages, strict, log, spread, hook)
    cache: Cache = renderer.cache
    key = Cache.key(renderer.fingerprint, "audit", str(Path.cwd()), str(renderer.root), str(docs_dir),
                    str(renderer.scenarios_dir), "\0".join(languages), str(strict),
                    audit_inputs(docs_dir, renderer.scenarios_dir))
    hit = cache.get(key) if replay else None
    if isinstance(hit, dict):
        for level, line in hit["lines"]:
            log.log(level, "%s", line)
        return cast("str | None", hit["failed"])
    recorder = _Recording(log)
    failed = run_audit(renderer, docs_dir, languages, strict, cast(logging.Logger, recorder), spread, hook)
    cache.put(key, {"lines": recorder.lines, "failed": failed})
    return failed
