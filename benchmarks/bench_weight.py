"""Page weight: what a reader's browser downloads for a page of the project's site, gzipped.

The project's site is built twice from a copy of its inputs, each build in a fresh interpreter:
as it is, and the baseline, the site as before issue 27's weight work: each diagram carrying its
own `<style>` (not `site.figure_css`'s one per page), Material's stylesheet whole (not
`site.csstrim`'s), and Material's search started with every page (its form named "search" again,
the theme's `tavla-search.js` left out, so Material fetches the index and starts its worker at
load). Then, per build:

- html: each page's HTML, gzipped (level 9, as a server would send it); the heaviest page;
- load: the heaviest pages opened in Chromium (1280 px, light): every response the page and its
  workers fetch until the network is idle (HTML, CSS, scripts, the search index), each body gzipped,
  summed (target: the heaviest page ≤ 90 KB);
- board: tavla-try.js and tavla-try.css gzipped (target ≤ 14 KB together), and the site's own
  always-loaded assets (tavla.css, tavla-tables.js).

Chromium is Debian's (as in the browser tests); without it the load figures are left out.
"""
from __future__ import annotations

import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .bench_site import ROOT

KB = 1000
TARGET_PAGE, TARGET_BOARD = 90 * KB, 14 * KB
BUILD = ("import sys; from pathlib import Path; {patch}"
         "from tavla_docs.cli.commands.build import build_site; build_site(Path(sys.argv[1]), Path(sys.argv[2]), quiet=True)")
# The baseline: every diagram keeps its own <style>, the page adds none (the build before issue 27).
BEFORE = ("import tavla_docs.site.figure_css as fc, tavla_docs.render.svg as rs; fc.share = dict; "
          "_r = rs.render_svg; rs.render_svg = lambda d, style=True: _r(d); "
          "import tavla_docs.site.csstrim as ct; ct.trim_site = lambda *a: None; ")
# The baseline's search, as Material starts it: the form it looks for at load, no deferring script.
DEFERRED_FORM = (b'<form class="md-search__form">', b'<form class="md-search__form" name="search">')
LOADER = re.compile(rb'\s*<script src="[^"]*assets/javascripts/tavla-search\.js"></script>')


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9, mtime=0))


def build(dest: Path, patch: str) -> Path:
    """The project's site built from a copy of its inputs under `dest`; returns the site folder."""
    project = dest / "project"
    project.mkdir(parents=True)
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    for d in ("content", "templates", "scenarios"):
        shutil.copytree(ROOT / d, project / d)
    epoch = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"], capture_output=True, text=True)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SOURCE_DATE_EPOCH=epoch.stdout.strip() or "1700000000",
               PYTHONPATH=str(ROOT))
    env.pop("TAVLA_DOCS_AUDIT", None)
    subprocess.run([sys.executable, "-c", BUILD.format(patch=patch), str(project / "mkdocs.yml"), str(dest / "site")],
                   check=True, env=env, cwd=project, stdout=subprocess.DEVNULL)
    return dest / "site"


def search_at_load(site: Path) -> None:
    """The baseline's pages with Material's search as it starts unaided: at load, on every page."""
    for f in site.rglob("*.html"):
        data = f.read_bytes()
        if DEFERRED_FORM[0] in data:
            data, n = LOADER.subn(b"", data.replace(*DEFERRED_FORM))
            assert n == 1, f
            f.write_bytes(data)


def html_weights(site: Path) -> dict[str, tuple[int, int]]:
    """URL path -> (raw bytes, gzipped bytes) of every page but the old URLs' redirects."""
    out = {}
    for f in sorted(site.rglob("*.html")):
        data = f.read_bytes()
        if b'http-equiv="refresh"' in data:
            continue
        rel = f.relative_to(site).as_posix()
        out[rel[: -len("index.html")] if rel.endswith("index.html") else rel] = (len(data), gz(data))
    return out


def load_weights(site: Path, paths: list[str]) -> dict[str, tuple[int, dict[str, int]]] | None:
    """URL path -> (gzipped bytes of everything the page loads, {file: gzipped bytes}) in Chromium."""
    sys.path.insert(0, str(ROOT))
    from tests.site.browsing import ARGS, CHROMIUM, serving

    if CHROMIUM is None:
        return None
    from playwright.sync_api import sync_playwright

    out = {}
    with serving(site) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for path in paths:
            context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="light")
            page = context.new_page()
            got: dict[str, int] = {}

            def seen(r, got: dict[str, int] = got) -> None:
                if r.url.startswith(url) and r.status == 200:
                    got[r.url[len(url):]] = gz(r.body())
            context.on("response", seen)
            page.goto(url + path, wait_until="networkidle")
            page.wait_for_timeout(300)
            context.close()
            out[path] = (sum(got.values()), got)
        browser.close()
    return out


def report(name: str, site: Path, quick: bool) -> dict[str, int]:
    pages = html_weights(site)
    heavy = sorted(pages, key=lambda p: (-pages[p][1], p))
    top = heavy[0]
    print(f"{name}: {len(pages)} pages; heaviest HTML /{top}: {pages[top][0] / KB:.1f} KB raw, "
          f"{pages[top][1] / KB:.1f} KB gzipped; all pages' HTML {sum(g for _, g in pages.values()) / KB:.1f} KB gzipped")
    figures = {"html": pages[top][1], "html_all": sum(g for _, g in pages.values())}
    loads = load_weights(site, heavy[:3] if quick else heavy)
    if loads is None:
        print("  (chromium is not installed: no load figures)")
        return figures
    worst = max(loads, key=lambda p: (loads[p][0], p))
    total, files = loads[worst]
    parts = ", ".join(f"{Path(f.split('?')[0]).name or 'page'} {b / KB:.1f}" for f, b in
                      sorted(files.items(), key=lambda kv: -kv[1])[:10])
    print(f"  heaviest load /{worst}: {total / KB:.1f} KB gzipped ({parts}, …)")
    figures["load"] = total
    return figures


def main(quick: bool = False) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        shared_site = build(Path(tmp) / "now", "")
        before_site = build(Path(tmp) / "before", BEFORE)
        search_at_load(before_site)
        shared = report("now                ", shared_site, quick)
        before = report("before issue 27    ", before_site, quick)
        assets = shared_site / "assets"
        board = {n: gz((assets / n).read_bytes()) for n in ("javascripts/tavla-try.js", "stylesheets/tavla-try.css")}
        own = {n: gz((assets / n).read_bytes()) for n in ("stylesheets/tavla.css", "javascripts/tavla-tables.js")}
    print(f"heaviest page's HTML: {shared['html'] / KB:.1f} KB vs {before['html'] / KB:.1f} KB gzipped "
          f"({shared['html'] / before['html']:.2f}×); every page's HTML {shared['html_all'] / before['html_all']:.2f}×")
    if "load" in shared and "load" in before:
        ok = "met" if shared["load"] <= TARGET_PAGE else "NOT met"
        print(f"heaviest page's load: {shared['load'] / KB:.1f} KB vs {before['load'] / KB:.1f} KB gzipped "
              f"({shared['load'] / before['load']:.2f}×; target ≤ {TARGET_PAGE / KB:.0f} KB: {ok})")
    total = sum(board.values())
    print(f"board script + CSS: {total / KB:.1f} KB gzipped ("
          + ", ".join(f"{Path(n).name} {b / KB:.1f}" for n, b in board.items())
          + f"; target ≤ {TARGET_BOARD / KB:.0f} KB: {'met' if total <= TARGET_BOARD else 'NOT met'}); "
          + "on every page: " + ", ".join(f"{Path(n).name} {b / KB:.1f} KB" for n, b in own.items()))
