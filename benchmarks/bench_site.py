"""Whole-site builds against the floor: plain MkDocs on the same Markdown with the SVG as `<img>` files.

- sites: the project's 18 pages, and (unless --quick) about 400: the pages copied under new
  names (`rules-3.md`), each copy drawing its own copies of the scenarios (`scenarios/c3/…`),
  so every figure of the big site is a figure to draw;
- ours: `python -m tavla_docs.cli.main build -q` as a person runs it (start-up, the scenario
  check, the audit, MkDocs), cold (empty `.tavla-cache/`: every scenario checked, every figure
  drawn) and warm (nothing changed since the last build); once, first, the build of a new
  machine, whose `$TAVLA_DOCS_CACHE` has no bear-off database yet (built once per user);
- the floor: `python -m mkdocs build -q` of the same pages after Jinja (same theme, same
  search plugin, no tavla-docs plugin), each figure an `<img>` of its SVG file;
- runs alternate (cold, floor, warm, floor, …) so the machine's load hits all alike; the
  figures are medians;
- live preview: `mkdocs serve`'s rebuild in one process (config loaded again, `build` with the
  serve URL, as its file watcher does) after one page is saved, and after one scenario is saved;
  the floor's rebuild after the same page is saved. Both as `mkdocs serve` (every page) and as
  `mkdocs serve --dirty` (`make serve`: only what depends on the save, site/build/incremental.py;
  the floor's dirty rebuild is plain MkDocs', whose navigation is then wrong).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
THEME = ROOT / "tavla_docs" / "site" / "theme"
EPOCH = "1700000000"

# A serve-style rebuild: load the config again and build with the serve URL, as `mkdocs serve` does.
SERVE = r"""
import json, sys, time, tempfile
from pathlib import Path
from mkdocs.commands.build import build
from mkdocs.config import load_config
cfg, runs, dirty, edits = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "dirty", sys.argv[4:]
site, url = tempfile.mkdtemp(), "http://127.0.0.1:8000/"
def config():
    c = load_config(config_file=cfg, site_dir=site)
    c.site_url = url
    return c
c = config()
c.plugins.on_startup(command="serve", dirty=dirty)
build(c, serve_url=url, dirty=dirty)
out = {}
for edit in edits:
    p = Path(edit)
    before = p.read_bytes()
    times = []
    for i in range(runs):
        # saved with a change: the page's (scenario's) key changes, and differs from the other session's
        # saves (else the audit of the same bytes would be replayed from the cache)
        p.write_bytes(before + b"\n" * (i + 1 + (10 if dirty else 0)))
        t = time.perf_counter()
        build(config(), serve_url=url, dirty=dirty)
        times.append(time.perf_counter() - t)
    p.write_bytes(before)
    out[edit] = times
c.plugins.on_shutdown()
print(json.dumps(out))
"""


def _env(**extra: str) -> dict[str, str]:
    return dict(os.environ, NO_MKDOCS_2_WARNING="1", SOURCE_DATE_EPOCH=EPOCH, **extra)


_cpu: dict[str, list[float]] = {}  # CPU seconds (user + system, the build's processes) of each kind of run


def _run(cmd: list[str], env: dict[str, str], kind: str | None = None) -> float:
    """Wall seconds of one run; its CPU seconds (with its workers') go to `_cpu[kind]`: on a shared
    machine the wall time moves with the others' load, the CPU time much less."""
    before = os.times()
    t = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    took = time.perf_counter() - t
    after = os.times()
    if done.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{done.stderr[-3000:]}")
    if kind is not None:
        _cpu.setdefault(kind, []).append(after.children_user - before.children_user
                                         + after.children_system - before.children_system)
    return took


def _names(scenarios: Path) -> list[str]:
    return sorted(p.relative_to(scenarios).with_suffix("").as_posix() for p in scenarios.rglob("*.y*ml"))


def _renamed(text: str, names: list[str], prefix: str) -> str:
    """The page with every quoted scenario name `"a/b"` as `"<prefix>/a/b"`."""
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.sub(rf"""(["'])({alternatives})\1""", lambda m: f"{m.group(1)}{prefix}/{m.group(2)}{m.group(1)}", text)


def make_site(dest: Path, copies: int) -> tuple[int, int]:
    """The project under `dest`, its pages copied `copies` times with renamed scenarios; (pages, figures)."""
    shutil.copy(ROOT / "mkdocs.yml", dest / "mkdocs.yml")
    for d in ("content", "templates", "scenarios"):
        shutil.copytree(ROOT / d, dest / d)
    names = _names(ROOT / "scenarios")
    pages = sorted((ROOT / "content").rglob("*.md"))
    for k in range(1, copies):
        shutil.copytree(ROOT / "scenarios", dest / "scenarios" / f"c{k}")
        for md in pages:
            text = _renamed(md.read_text(encoding="utf-8"), names, f"c{k}")
            rel = md.relative_to(ROOT / "content")
            (dest / "content" / rel.with_name(f"{rel.stem}-{k}.md")).write_text(text, encoding="utf-8")
    all_pages = list((dest / "content").rglob("*.md"))
    figures = sum(p.read_text(encoding="utf-8").count("diagram(") for p in all_pages)
    return len(all_pages), figures


def _as_img(fragments: dict[int, str], figs: Path, stem: str) -> dict[int, str]:
    """The fragments with each SVG written to `figs/<stem>-<n>.svg` and shown as an `<img>` of it."""
    n = 0

    def img(m: re.Match[str]) -> str:
        nonlocal n
        n += 1
        (figs / f"{stem}-{n}.svg").write_text(m.group(0), encoding="utf-8")
        return f'<img src="fig/{stem}-{n}.svg" alt="">'

    return {i: re.sub(r"<svg\b.*?</svg>", img, f, flags=re.S) for i, f in fragments.items()}


def floor_site(src: Path, dest: Path, copies: int) -> Path:
    """The floor: `src`'s 18 pages after Jinja, each figure's SVG an `<img>` file, copied like `make_site`'s.

    The pages are rendered once (with their own cache folder, so ours stays cold); each copy
    takes the same Markdown and its own copies of the SVG files.
    """
    from tavla_docs.site.renderer import SiteRenderer

    r = SiteRenderer(src, cache_dir=str(dest / "render-cache"))
    docs = dest / "docs"
    for md in sorted((ROOT / "content").rglob("*.md")):
        lang, rel = md.relative_to(ROOT / "content").parts[0], Path(*md.relative_to(ROOT / "content").parts[1:])
        text = md.read_text(encoding="utf-8")
        front, body, first = "", text, 1
        if text.startswith("---"):
            _, fm, body = text.split("---", 2)
            front, first = f"---{fm}---", fm.count("\n") + 2
        page = r.render_page(body, path=str(md), lang=lang, first_line=first)
        for k in range(copies):
            stem = rel.stem if k == 0 else f"{rel.stem}-{k}"
            out = docs / ("" if lang == "tr" else lang) / rel.with_name(f"{stem}.md")
            out.parent.mkdir(parents=True, exist_ok=True)
            figs = out.parent / "fig"
            figs.mkdir(exist_ok=True)
            fragments = _as_img(page.fragments, figs, stem)
            out.write_text(front + r.fill(page.markdown, fragments), encoding="utf-8")
    text = (src / "mkdocs.yml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^docs_dir: .*$", "docs_dir: docs", text)
    text = re.sub(r"(?m)^strict: .*$", "strict: false", text)  # links between the moved pages differ; not timed
    text = re.sub(r"(?m)^  - tavla-docs:\n(?:    .*\n)*", "", text)
    text = re.sub(r"(?m)^  - tavla-docs\n", "", text)  # the Markdown extension too: the pages are rendered already
    text = text.replace("theme:\n", f"theme:\n  custom_dir: {THEME}\n", 1)
    (dest / "mkdocs.yml").write_text(text, encoding="utf-8")
    return dest / "mkdocs.yml"


def _serve(cfg: Path, edits: list[Path], runs: int, env: dict[str, str], dirty: bool = False) -> dict[str, float]:
    mode = "dirty" if dirty else "full"
    done = subprocess.run([sys.executable, "-c", SERVE, str(cfg), str(runs), mode, *map(str, edits)], env=env,
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"serve-style rebuild failed:\n{done.stderr[-3000:]}")
    times = json.loads(done.stdout.strip().splitlines()[-1])
    return {k: statistics.median(v) for k, v in times.items()}


def _audit_time(proj: Path, runs: int) -> tuple[float, float]:
    """The fact audit a build runs when the pages or scenarios changed (`site.audit`), in this
    process: the first (cold: every scenario parsed, every page scanned) and the best of the
    next `runs` (what a serve rebuild pays: the audit's memos keep what did not change)."""
    from tavla_docs.site.audit.project import audit_project

    def once() -> float:
        t = time.perf_counter()
        audit_project(proj, proj / "content", proj / "scenarios", ["tr", "en"])
        return time.perf_counter() - t

    first = once()
    return first, min(once() for _ in range(runs))


def measure(copies: int, runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        proj, bearoff = t / "project", t / "bearoff-cache"
        proj.mkdir()
        pages, figures = make_site(proj, copies)
        floor_cfg = floor_site(proj, t / "floor", copies)
        ours = [sys.executable, "-m", "tavla_docs.cli.main", "build", "-q", "--config", str(proj / "mkdocs.yml"),
                "--site-dir", str(t / "site")]
        floor = [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(floor_cfg), "-d", str(t / "floor-site")]
        env = _env(TAVLA_DOCS_CACHE=str(bearoff))
        times: dict[str, list[float]] = {"cold": [], "warm": [], "floor": []}
        _cpu.clear()
        first = _run(ours, env)  # a new machine: the bear-off database too (built once per user, not per build)
        for _ in range(runs):
            shutil.rmtree(proj / ".tavla-cache", ignore_errors=True)
            times["cold"].append(_run(ours, env, "cold"))
            times["floor"].append(_run(floor, env, "floor"))
            times["warm"].append(_run(ours, env, "warm"))
            times["floor"].append(_run(floor, env, "floor"))
        med = {k: statistics.median(v) for k, v in times.items()}
        cpu = {k: statistics.median(v) for k, v in _cpu.items()}
        page, scenario = proj / "content" / "en" / "bear-off.md", proj / "scenarios" / "bear-off" / "mid-move.yaml"
        serve = _serve(proj / "mkdocs.yml", [page, scenario], max(runs, 3), env)
        floor_page = t / "floor" / "docs" / "en" / "bear-off.md"
        floor_serve = _serve(floor_cfg, [floor_page], max(runs, 3), env)
        dirty = _serve(proj / "mkdocs.yml", [page, scenario], max(runs, 3), env, dirty=True)
        floor_dirty = _serve(floor_cfg, [floor_page], max(runs, 3), env, dirty=True)
        audit = _audit_time(proj, 3)
    load = os.getloadavg()[0]
    f = med["floor"]
    print(f"{pages} pages, {figures} diagrams; medians of {runs} alternating runs, each a fresh process; "
          f"load {load:.1f} on {os.cpu_count()} cores")
    print(f"  tavla-docs build, cold : {med['cold']:6.2f} s   {med['cold'] / f:4.2f}x the floor  (goal <= 1.5x)")
    print(f"  tavla-docs build, warm : {med['warm']:6.2f} s   {med['warm'] / f:4.2f}x the floor  (goal <= 1.1x)")
    print(f"  floor (mkdocs, <img>)  : {f:6.2f} s   1.00x")
    print(f"  CPU seconds (user + system, workers included), medians: cold {cpu['cold']:.1f}, "
          f"warm {cpu['warm']:.1f}, floor {cpu['floor']:.1f}")
    print(f"  first build on a machine (also an empty $TAVLA_DOCS_CACHE: the bear-off database), once: "
          f"{first:6.2f} s   {first / f:4.2f}x")
    print(f"  serve rebuild, one page saved    : {serve[str(page)]:5.2f} s   "
          f"{serve[str(page)] / next(iter(floor_serve.values())):4.2f}x the floor's  (goal <= 1 s)")
    print(f"  serve rebuild, one scenario saved: {serve[str(scenario)]:5.2f} s")
    print(f"  floor's serve rebuild, page saved: {next(iter(floor_serve.values())):5.2f} s")
    fd = next(iter(floor_dirty.values()))
    print(f"  serve --dirty (make serve), one page saved    : {dirty[str(page)]:5.2f} s   "
          f"{dirty[str(page)] / fd:4.2f}x the floor's --dirty  (goal <= 1 s)")
    print(f"  serve --dirty (make serve), one scenario saved: {dirty[str(scenario)]:5.2f} s")
    print(f"  floor's serve --dirty rebuild, page saved     : {fd:5.2f} s")
    print(f"  the fact audit alone, serial in this process: {audit[0]:5.2f} s the first time (a build runs it on "
          f"both cores, in the workers that render the pages), {audit[1]:5.2f} s again (a serve rebuild; unchanged "
          f"builds replay it from the cache)")


def main(quick: bool = False) -> None:
    measure(copies=1, runs=3 if quick else 5)
    if not quick:
        measure(copies=22, runs=3)


if __name__ == "__main__":
    main(quick="--quick" in sys.argv)
