"""Full site build, cold and warm, against plain MkDocs building the same finished pages.

- cold: `tavla-docs build` (scenario check + site) with an empty `.tavla-cache/`
  (every scenario checked, every diagram drawn, every table enumerated);
- warm: the same build again, nothing changed (diagrams and tables from the cache);
- plain: `mkdocs build` without the plugin of the same pages, whose Markdown already
  contains the finished HTML (SVG inline), i.e. what MkDocs costs on its own;
- floor: plain MkDocs on the same pages with the figures and tables left out.

Every build runs in a fresh interpreter (what a person running the command pays),
on a copy of the project in a temporary folder; the figure is the best of N runs.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# `tavla-docs build` minus the CLI's parser setup (which imports every subcommand).
BUILD = ("import sys, argparse; from tavla_docs.cli.commands import build as b; "
         "sys.exit(b.run(argparse.Namespace(config=sys.argv[1], site_dir=sys.argv[2], no_check=False, quiet=True, wait=True)))")
PLAIN = ("import sys; from mkdocs.config import load_config; from mkdocs.commands.build import build; "
         "c = load_config(config_file=sys.argv[1], site_dir=sys.argv[2]); build(c)")


def _time(code: str, *args: str, before=None, runs: int = 3) -> float:
    best = float("inf")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SOURCE_DATE_EPOCH="1700000000")
    for _ in range(runs):
        if before:
            before()
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code, *args], check=True, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - t)
    return best


def plain_project(src: Path, dest: Path, *, with_figures: bool) -> Path:
    """The project's pages as plain Markdown (Jinja already run, HTML already inserted), no plugin."""
    import yaml

    from tavla_docs.site.renderer import SiteRenderer

    r = SiteRenderer(src, cache_dir=".tavla-cache")
    for md in sorted((src / "content").rglob("*.md")):
        in_content = md.relative_to(src / "content")
        lang, rel = in_content.parts[0], in_content.relative_to(in_content.parts[0])
        text = md.read_text(encoding="utf-8")
        front, body = ("", text)
        if text.startswith("---"):
            _, fm, body = text.split("---", 2)
            front = f"---{fm}---"
        page = r.render_page(body, path=str(md), lang=lang)
        out_text = r.fill(page.markdown, page.fragments if with_figures else {})
        out = dest / "docs" / ("" if lang == "tr" else lang) / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(front + out_text, encoding="utf-8")
    slugify_tag = "!!python/object/apply:pymdownx.slugs.slugify {kwds: {case: lower}}"
    config = yaml.safe_load((src / "mkdocs.yml").read_text(encoding="utf-8").replace(slugify_tag, "null"))
    config["docs_dir"] = "docs"
    config["plugins"] = [p for p in config["plugins"] if not (isinstance(p, dict) and "tavla-docs" in p)]
    config["markdown_extensions"] = [
        e for e in config["markdown_extensions"] if not isinstance(e, dict) or "toc" not in e
    ] + ["toc"]
    config["theme"]["custom_dir"] = str(ROOT / "tavla_docs" / "site" / "theme")
    config["strict"] = False  # links between the remapped pages differ; MkDocs' warnings are not timed
    (dest / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    return dest / "mkdocs.yml"


def _audit_time(proj: Path, runs: int) -> float:
    """The audit every build runs (`site.audit`), in this process: best of `runs`."""
    from tavla_docs.site.audit.project import audit_project

    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        audit_project(proj, proj / "content", proj / "scenarios", ["tr", "en"])
        best = min(best, time.perf_counter() - t)
    return best


def main(quick: bool = False) -> None:
    runs = 1 if quick else 3
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        proj = t / "project"
        proj.mkdir()
        shutil.copy(ROOT / "mkdocs.yml", proj)
        for d in ("content", "templates", "scenarios"):
            shutil.copytree(ROOT / d, proj / d)
        cfg, out = str(proj / "mkdocs.yml"), str(t / "site")

        def clear() -> None:
            shutil.rmtree(proj / ".tavla-cache", ignore_errors=True)

        cold = _time(BUILD, cfg, out, before=clear, runs=runs)
        warm = _time(BUILD, cfg, out, runs=runs)
        plain_cfg = plain_project(proj, t / "plain", with_figures=True)
        floor_cfg = plain_project(proj, t / "floor", with_figures=False)
        plain = _time(PLAIN, str(plain_cfg), str(t / "plain-site"), runs=runs)
        floor = _time(PLAIN, str(floor_cfg), str(t / "floor-site"), runs=runs)
        audit = _audit_time(proj, runs=max(runs, 5))
        pages = len(list((proj / "content").rglob("*.md")))
        figures = sum((proj / "content" / p).read_text(encoding="utf-8").count("diagram(")
                      for p in (proj / "content").rglob("*.md"))
    print(f"{pages} pages, {figures} diagrams, best of {runs} runs, each in a fresh interpreter")
    print(f"  tavla-docs build, cold cache : {cold:6.2f} s   {cold / plain:4.2f}× plain  (target ≤ 1.5×)")
    print(f"  tavla-docs build, warm cache : {warm:6.2f} s   {warm / plain:4.2f}× plain  (target ≤ 1.1×)")
    print(f"  plain mkdocs, HTML inlined   : {plain:6.2f} s   1.00×")
    print(f"  plain mkdocs, no figures     : {floor:6.2f} s   {floor / plain:4.2f}× plain  (the floor)")
    print(f"  the fact audit (in the build): {audit:6.3f} s   {100 * audit / cold:4.1f}% of the cold build  (target ≤ 10%)")


if __name__ == "__main__":
    main(quick="--quick" in sys.argv)
