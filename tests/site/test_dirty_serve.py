"""`mkdocs serve --dirty` (`make serve`): a save rebuilds only what depends on it, and every page
is then byte for byte what a clean build of the changed project makes (site/build/incremental.py).

One process plays the server: MkDocs' own `build(config, serve_url=…, dirty=True)` after each
save, with the config loaded again, as `mkdocs serve --dirty`'s watcher does. After each save a
fresh process makes the clean build with the same URL; every HTML page and the search index
must match.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .site_urls import page_path

URL = "http://127.0.0.1:8000/"
CLEAN = r"""
import sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
c = load_config(config_file=sys.argv[1], site_dir=sys.argv[2])
c.site_url = sys.argv[3]
c.plugins.on_startup(command="serve", dirty=False)
build(c, serve_url=sys.argv[3])
c.plugins.on_shutdown()
"""


class Server:
    """The rebuild loop of `mkdocs serve --dirty`, in this process."""

    def __init__(self, root: Path, site: Path) -> None:
        from mkdocs.commands.build import build
        self.root, self.site, self._build = root, site, build
        self.config = self._config()
        self.config.plugins.on_startup(command="serve", dirty=True)
        self.rebuild(self.config)

    def _config(self):
        from mkdocs.config import load_config
        c = load_config(config_file=str(self.root / "mkdocs.yml"), site_dir=str(self.site))
        c.site_url = URL
        return c

    def rebuild(self, config=None) -> set[str]:
        """Build as the watcher does; the pages written (src_uri)."""
        config = config or self._config()
        self._build(config, serve_url=URL, dirty=True)
        return set(config.plugins["tavla-docs"].built)

    def close(self) -> None:
        self.config.plugins.on_shutdown()


def _outputs(site: Path) -> dict[str, bytes]:
    names = [p for p in site.rglob("*") if p.suffix == ".html" or p.name == "search_index.json"]
    return {str(p.relative_to(site)): p.read_bytes() for p in names}


def _clean_build(root: Path, dest: Path, env: dict[str, str]) -> dict[str, bytes]:
    subprocess.run([sys.executable, "-c", CLEAN, str(root / "mkdocs.yml"), str(dest), URL], env=env, check=True,
                   capture_output=True, timeout=300)
    return _outputs(dest)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    # Newer than the last build's output even within one clock tick, and older than the next build's:
    # a save 2 s in the future kept a page "modified" for MkDocs through every rebuild of the next 2 s
    # (on a fast machine the test's later rebuilds all came within them and wrote it again).
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, time.time_ns() + 100_000_000))
    time.sleep(0.2)


def _same(served: dict[str, bytes], clean: dict[str, bytes]) -> None:
    assert served.keys() == clean.keys()
    differ = [name for name in served if served[name] != clean[name]]
    assert not differ, f"pages differ from the clean build: {differ}"


@pytest.fixture
def server(project_copy, tmp_path, monkeypatch):
    root = project_copy(tmp_path / "project")
    env = {**os.environ, "TAVLA_DOCS_CACHE": str(tmp_path / "cache"), "NO_MKDOCS_2_WARNING": "1",
           "SOURCE_DATE_EPOCH": "1700000000"}
    for k in ("TAVLA_DOCS_CACHE", "NO_MKDOCS_2_WARNING", "SOURCE_DATE_EPOCH"):
        monkeypatch.setenv(k, env[k])
    monkeypatch.chdir(root)
    s = Server(root, tmp_path / "served")
    yield s, env, tmp_path
    s.close()


@pytest.mark.speed_layer
def test_each_save_rebuilds_only_its_pages_and_matches_a_clean_build(server):
    s, env, tmp = server
    root = s.root
    _same(_outputs(s.site), _clean_build(root, tmp / "clean0", env))

    _edit(root / "content/en/bear-off.md", "\n## ", "\nOne more sentence before the next section.\n\n## ")
    # not the home page, though its page_list() read this page: the build lists the navigation's titles
    assert s.rebuild() == {"en/bear-off.md"}
    served = _outputs(s.site)
    assert "One more sentence before the next section." in served["en/bear-off/index.html"].decode()
    _same(served, _clean_build(root, tmp / "clean1", env))

    # A scenario: the pages that draw it, in both languages, and no other.
    _edit(root / "scenarios/bear-off/mid-move.yaml", "Pul toplama hamlenin ortasında başlayabilir.",
          "Pul toplama bir hamlenin ortasında başlayabilir.")
    assert s.rebuild() == {"bear-off.md", "en/bear-off.md"}
    served = _outputs(s.site)
    assert "Pul toplama bir hamlenin ortasında" in served[page_path("tr", "bear-off", root) + "index.html"].decode()
    _same(served, _clean_build(root, tmp / "clean2", env))

    # Nothing changed: nothing is written again.
    assert s.rebuild() == set()
    _same(_outputs(s.site), _clean_build(root, tmp / "clean3", env))


def test_a_new_title_rebuilds_every_page_and_the_home_list_shows_it(server):
    s, env, tmp = server
    root = s.root
    _edit(root / "content/en/tapa.md", "title: Tapa\n", "title: Tapa, or Plakoto\n")
    built = s.rebuild()
    pages = {str(p.relative_to(root / "content")) for p in (root / "content").rglob("*.md")}
    assert built == {p.removeprefix("tr/") for p in pages}  # every page shows the navigation
    served = _outputs(s.site)
    assert "Tapa, or Plakoto" in served["en/index.html"].decode()  # the home page's list
    assert "Tapa, or Plakoto" in served["en/rules/index.html"].decode()  # the navigation
    _same(served, _clean_build(root, tmp / "clean", env))

    # A new URL: the page moves, and its old URL is a redirect to it (`site.redirects`).
    _edit(root / "content/en/tapa.md", "title: Tapa, or Plakoto\n", "title: Tapa, or Plakoto\nslug: plakoto\n")
    s.rebuild()
    served = _outputs(s.site)
    assert "Tapa, or Plakoto" in served["en/plakoto/index.html"].decode()
    assert '<meta http-equiv="refresh" content="0; url=../plakoto/">' in served["en/tapa/index.html"].decode()
    _same(served, _clean_build(root, tmp / "clean-slug", env))


@pytest.mark.speed_layer
def test_a_search_index_of_a_dirty_rebuild_holds_every_page(server):
    s, env, tmp = server
    root = s.root
    before = json.loads((s.site / "search/search_index.json").read_text(encoding="utf-8"))
    _edit(root / "content/en/index.md", "\n{{ notation_legend() }}", "\nA new line on the home page.\n\n{{ notation_legend() }}")
    _edit(root / "content/en/tapa.md", "\n## ", "\nA new line on the Tapa page.\n\n## ")
    assert s.rebuild() == {"en/index.md", "en/tapa.md"}
    after = json.loads((s.site / "search/search_index.json").read_text(encoding="utf-8"))
    assert [d["location"] for d in after["docs"]] == [d["location"] for d in before["docs"]]
    text = " ".join(d["text"] for d in after["docs"])
    assert "A new line on the home page." in text and "A new line on the Tapa page." in text
    _same(_outputs(s.site), _clean_build(root, tmp / "clean", env))


def test_a_broken_save_then_its_fix_gives_the_clean_build(server):
    s, env, tmp = server
    root = s.root
    start = root / "scenarios/gulbara/start.yaml"
    good = start.read_text(encoding="utf-8")
    _edit(start, "  plays: 3 ", "  plays: 4 ")
    s.rebuild()
    assert "The build failed" in (s.site / "en/gulbara/index.html").read_text(encoding="utf-8")
    start.write_text(good, encoding="utf-8")
    os.utime(start, ns=(start.stat().st_atime_ns, start.stat().st_mtime_ns + 4_000_000_000))
    s.rebuild()
    _same(_outputs(s.site), _clean_build(root, tmp / "clean", env))


def test_a_pages_rebuild_dependencies_are_its_scenarios_not_the_pages_page_list_read(tmp_path):
    from tavla_docs.site.build.incremental import page_deps

    (tmp_path / "content" / "en").mkdir(parents=True)
    deps = {"content/en/a.md": "1", "content/en/figures/x.yaml": "2", "scenarios/b.yaml": "3", "mkdocs.yml": "4"}
    kept = page_deps(deps, tmp_path, str(tmp_path / "content"), str(tmp_path / "mkdocs.yml"))
    assert kept == {"content/en/figures/x.yaml": "2", "scenarios/b.yaml": "3"}


def test_the_first_dirty_build_audits_so_the_first_save_finds_the_audit_warm(project_copy, tmp_path, monkeypatch):
    """A build in another process leaves the audit in the cache; `serve --dirty`'s first build
    audits anyway (not replayed), so the parsed scenarios are in memory before the first save."""
    from tavla_docs.site.audit.project import _parsed

    root = project_copy(tmp_path / "project")
    env = {**os.environ, "TAVLA_DOCS_CACHE": str(tmp_path / "cache"), "NO_MKDOCS_2_WARNING": "1"}
    for k in ("TAVLA_DOCS_CACHE", "NO_MKDOCS_2_WARNING"):
        monkeypatch.setenv(k, env[k])
    monkeypatch.chdir(root)
    _clean_build(root, tmp_path / "first", env)  # fills the cache, audit included
    _parsed.cache_clear()
    s = Server(root, tmp_path / "served")
    try:
        assert _parsed.cache_info().currsize > 0
    finally:
        s.close()


def test_a_typed_fact_saved_fails_the_rebuild_and_its_fix_passes(server):
    """Saves after the first audit it without the cache (its memos are warm): what a save types
    is found all the same, and the rebuild after the fix is the clean build."""
    s, env, tmp = server
    page = s.root / "content/en/tapa.md"
    good = page.read_text(encoding="utf-8")
    page.write_text(good + "\nEach side has 15 checkers.\n", encoding="utf-8")
    os.utime(page, ns=(page.stat().st_atime_ns, page.stat().st_mtime_ns + 2_000_000_000))
    s.rebuild()
    failed = (s.site / "en/tapa/index.html").read_text(encoding="utf-8")
    assert "The build failed" in failed and "content/en/tapa.md" in failed and "&#x27;15&#x27;" in failed
    page.write_text(good, encoding="utf-8")
    os.utime(page, ns=(page.stat().st_atime_ns, page.stat().st_mtime_ns + 4_000_000_000))
    s.rebuild()
    _same(_outputs(s.site), _clean_build(s.root, tmp / "clean", env))


@pytest.mark.speed_layer
def test_under_the_pure_switch_every_dirty_rebuild_starts_over(tmp_path, monkeypatch):
    """`TAVLA_DOCS_PURE` (`buildspeed.PURE`): a `serve --dirty` rebuild is a full build into an emptied folder."""
    from tavla_docs.site import buildspeed

    site = tmp_path / "site"
    site.mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    state = buildspeed.Incremental()
    args = (str(site), str(tmp_path / "mkdocs.yml"), tmp_path, "code", tmp_path / "scenarios")
    assert buildspeed.dirty_start(state, *args)  # the first build starts over
    state.finish(ok=True)
    (site / "kept.html").write_text("x", encoding="utf-8")
    assert not buildspeed.dirty_start(state, *args) and (site / "kept.html").exists()  # dirty: kept
    state.finish(ok=True)
    monkeypatch.setattr(buildspeed, "PURE", True)
    assert buildspeed.dirty_start(state, *args) and not (site / "kept.html").exists()
    state.finish(ok=True)
    (site / "kept.html").write_text("x", encoding="utf-8")
    assert buildspeed.dirty_start(state, *args) and not (site / "kept.html").exists()
    state.finish(ok=True)
