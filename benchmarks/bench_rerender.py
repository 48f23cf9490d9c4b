"""Pages rendered again in one process, as after a catalog or glossary edit (every page's cached
render is stale), by `mkdocs serve` and by the red team's corpus (tests/redteam/runner.py).

- the project's pages (tests/project), each rendered by a fresh `SiteRenderer` with no render
  cache, so each round renders every page from its source;
- baseline: every page's and partial's source compiled again in each round (what each new
  build's Jinja environments do, and every build under `TAVLA_DOCS_PURE`);
- ours: the compiled code kept for the process (`site/build/compiled.py` for pages and
  captions, `site/build/bytecode.py` for partials), after one untimed round;
- CPU seconds per round, median of the rounds, and the ratio.
"""
from __future__ import annotations

import statistics
import time
from pathlib import Path

from mkdocs.utils.meta import get_data

ROOT = Path(__file__).resolve().parents[1]
PROJECT = ROOT / "tests" / "project"


def _round() -> float:
    from tavla_docs.cli.siteconfig import read_site_config
    from tavla_docs.site.audit.project import _pages
    from tavla_docs.site.renderer import SiteRenderer

    site = read_site_config(PROJECT / "mkdocs.yml")
    t = time.process_time()
    r = SiteRenderer(site.root, cache_dir=None, languages=site.languages)
    for path, lang, _ in _pages(site.docs_dir, site.languages):
        body, meta = get_data(path.read_text(encoding="utf-8"))
        r.render_page(body, path=str(path.relative_to(PROJECT)), lang=lang, meta=meta)
    return time.process_time() - t


def _rounds(n: int, keep: bool) -> float:
    from tavla_docs.site import env
    from tavla_docs.site.build.bytecode import MemoryBytecode
    from tavla_docs.site.build.compiled import CompiledCode

    pages, partials = CompiledCode(), MemoryBytecode()
    saved = env.page_code, env.partial_code
    env.page_code, env.partial_code = (lambda: pages, lambda: partials) if keep else (lambda: None, lambda: None)
    try:
        _round()  # untimed: fills the kept code, and the engine's own memos for both runs
        return statistics.median(_round() for _ in range(n))
    finally:
        env.page_code, env.partial_code = saved


def main(quick: bool = False) -> None:
    n = 2 if quick else 5
    base = _rounds(n, keep=False)
    ours = _rounds(n, keep=True)
    print(f"pages rendered again, compiled each time: {base:.2f} s CPU per round")
    print(f"pages rendered again, code kept:          {ours:.2f} s CPU per round")
    print(f"ratio: {base / ours:.1f}×")
