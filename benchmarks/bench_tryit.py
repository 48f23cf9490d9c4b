""""Try it" boards: build time of a page with 6 boards against the same page with 6 static
figures, the bytes each board embeds, and the size of the script and its stylesheet.

- build: `tavla-docs build --no-check` of a small project (one page per language, the project's
  scenarios and partials) with an empty cache, in a fresh interpreter, best of N runs of its CPU
  time (the machine may be shared; wall-clock is printed beside it); the page holds `try_it(…)`
  six times, the baseline the same six scenarios as `diagram(…)` (target ≤ 1.2×);
- render: the same two pages' Jinja alone (`SiteRenderer.render_page`, empty cache), in this process;
- data: the JSON a board embeds, for every project scenario with a roll, in both languages
  (target ≤ 20 KB each);
- assets: tavla-try.js and tavla-try.css gzipped (target ≤ 12 KB together).
"""
from __future__ import annotations

import gzip
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .bench_site import ROOT

# `tavla-docs build --no-check` minus the CLI's parser setup (bench_site's, with the lock's `wait`):
# the pages still check the scenarios they use; the other 50 scenarios' check would be the same
# constant in both builds.
BUILD = ("import sys, argparse; from tavla_docs.cli.commands import build as b; from tavla_docs.cli import sitedir; "
         "sys.exit(b.run(argparse.Namespace(config=sys.argv[1], site_dir=sys.argv[2], no_check=True, quiet=True, "
         "wait=sitedir.DEFAULT_WAIT)))")

BOARDS = ('"bear-off/order-matters"', '"bear-off/mid-move"', '"bear-off/hit-story", step=2', '"tapa/pin"',
          '"uzun/head-rule"', '"gulbara/progression"')
CONFIG = """site_name: bench
docs_dir: content
site_dir: site
strict: true
theme: {name: material, font: false, language: tr}
extra:
  alternate:
    - {name: Türkçe, link: /, lang: tr}
    - {name: English, link: /en/, lang: en}
plugins:
  - tavla-docs: {audit: "off"}
"""


def _cpu(code: str, *args: str, before: Any, runs: int) -> tuple[float, float]:
    """Best wall-clock and best CPU seconds (user + system) of `code` in a fresh interpreter: CPU
    time is what the build itself costs on a machine shared with other work."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SOURCE_DATE_EPOCH="1700000000")
    wall = cpu = float("inf")
    for _ in range(runs):
        before()
        r0, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
        subprocess.run([sys.executable, "-c", code, *args], check=True, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall = min(wall, time.perf_counter() - t0)
        cpu = min(cpu, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime))
    return wall, cpu


def project(dest: Path, helper: str) -> Path:
    """A project whose one page (per language) shows the six boards with `helper`."""
    dest.mkdir(parents=True)
    (dest / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    for d in ("templates", "scenarios"):
        shutil.copytree(ROOT / d, dest / d)
    for lang in ("tr", "en"):
        (dest / "content" / lang).mkdir(parents=True)
        body = "\n\n".join(f"{{{{ {helper}({b}) }}}}" for b in BOARDS)
        (dest / "content" / lang / "index.md").write_text(f"# Bench\n\n{body}\n", encoding="utf-8")
    return dest / "mkdocs.yml"


def data_sizes() -> dict[tuple[str, str], int]:
    """Bytes of the JSON each project scenario with a roll embeds, per language."""
    from tavla_docs.scenario import load_scenario
    from tavla_docs.site.renderer import SiteRenderer

    r = SiteRenderer(ROOT, cache_dir=None)
    out = {}
    for p in sorted((ROOT / "scenarios").rglob("*.yaml")):
        if all(f.roll is None for f in load_scenario(p, ROOT / "scenarios").frames):
            continue
        name = p.relative_to(ROOT / "scenarios").with_suffix("").as_posix()
        for lang in ("tr", "en"):
            page = r.render_page(f'{{{{ try_it("{name}") }}}}', path="bench.md", lang=lang)
            (html,) = page.fragments.values()
            m = re.search(r'class="tavla-try__data">(.*?)</script>', html, re.DOTALL)
            assert m is not None
            json.loads(m.group(1))
            out[name, lang] = len(m.group(1).encode())
    return out


def render_time(helper: str, runs: int) -> float:
    """Both languages' page with the six boards, rendered with an empty cache: best CPU time of `runs`."""
    from tavla_docs.site.renderer import SiteRenderer

    body = "\n\n".join(f"{{{{ {helper}({b}) }}}}" for b in BOARDS)
    best = float("inf")
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as cache:
            r = SiteRenderer(ROOT, cache_dir=cache)
            t = time.process_time()
            for lang in ("tr", "en"):
                r.render_page(body, path="bench.md", lang=lang)
            best = min(best, time.process_time() - t)
    return best


def main(quick: bool = False) -> None:
    runs = 1 if quick else 5
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        timed = {}
        for helper in ("diagram", "try_it"):
            cfg = project(t / helper, helper)

            def clear(cfg: Path = cfg) -> None:
                shutil.rmtree(cfg.parent / ".tavla-cache", ignore_errors=True)

            timed[helper] = _cpu(BUILD, str(cfg), str(t / f"{helper}-site"), before=clear, runs=runs)
    (static_wall, static), (boards_wall, boards) = timed["diagram"], timed["try_it"]
    print(f"2 pages × {len(BOARDS)} boards, cold cache, best of {runs} runs, each in a fresh interpreter (CPU s; wall s)")
    print(f"  6 static figures : {static:6.2f} s CPU ({static_wall:.2f} s)   1.00×")
    print(f"  6 try-it boards  : {boards:6.2f} s CPU ({boards_wall:.2f} s)   {boards / static:4.2f}×  (target ≤ 1.20×)")
    render_time("diagram", 1)  # imports and first-use caches, not timed
    plain, tried = render_time("diagram", runs + 2), render_time("try_it", runs + 2)
    print(f"  the page alone   : {plain * 1000:6.0f} ms CPU with figures, {tried * 1000:.0f} ms with boards   "
          f"{tried / plain:4.2f}×")
    sizes = data_sizes()
    (name, lang), most = max(sizes.items(), key=lambda kv: kv[1])
    print(f"  embedded data, {len(sizes)} boards: median {statistics.median(sizes.values()) / 1024:.1f} KB, "
          f"largest {most / 1024:.1f} KB ({name}, {lang})  (target ≤ 20 KB)")
    assets = ROOT / "tavla_docs" / "site" / "theme" / "assets"
    js = (assets / "javascripts" / "tavla-try.js").read_bytes()
    css = (assets / "stylesheets" / "tavla-try.css").read_bytes()
    gz_js, gz_css = len(gzip.compress(js, 9)), len(gzip.compress(css, 9))
    print(f"  tavla-try.js {len(js) / 1024:.1f} KB ({gz_js / 1024:.1f} KB gzipped), tavla-try.css {len(css) / 1024:.1f} KB "
          f"({gz_css / 1024:.1f} KB gzipped): {(gz_js + gz_css) / 1024:.1f} KB  (target ≤ 12 KB)")


if __name__ == "__main__":
    main(quick="--quick" in sys.argv)
