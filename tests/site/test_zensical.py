"""Zensical builds the unchanged project: every page's body as MkDocs builds it, or it stops at one line.

Zensical (the Material team's successor to MkDocs) reads mkdocs.yml and loads its
`markdown_extensions`, ours (`tavla-docs`) among them, but drops the tavla-docs plugin, so
nothing checks or audits in its build: the extension renders a page only when the record
of a build or `tavla-docs audit` vouches for the files (`site.buildrecord`).

Zensical lives in a venv of its own (`make zensical`: `.venv-zensical/`, or the executable
named by $TAVLA_DOCS_ZENSICAL), never in the project's. The bodies are compared after one
normalisation: each link to a page names that page's file, since Zensical puts pages at their
files' URLs (`tr/bear-off/`) where the plugin serves the default language at the root under
its `slug:` (`pul-toplama/`).
"""
from __future__ import annotations

import os
import posixpath
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from .test_extension import PAGES, ROOT, page_url

ZENSICAL = Path(os.environ.get("TAVLA_DOCS_ZENSICAL") or ROOT / ".venv-zensical" / "bin" / "zensical")
pytestmark = pytest.mark.skipif(not ZENSICAL.is_file(), reason=f"Zensical is not installed at {ZENSICAL}: "
                                "`make zensical` installs it in .venv-zensical/")
REFUSAL = re.compile(r"(content/(?:tr|en)/[\w-]+\.md:1: error: [^\n]*; run `tavla-docs audit` [^\n]*then build again)")
SKIP_LINK = '<a id="__skip" tabindex="-1"></a>'  # Zensical's theme opens the article with it


def zensical(project: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(ZENSICAL), "build", "-f", "mkdocs.yml"], cwd=project, capture_output=True, text=True,
                          timeout=900, check=False)


def body(html_file: Path) -> str:
    text = html_file.read_text(encoding="utf-8")
    start = text.index(">", text.index('<article class="md-content__inner')) + 1
    return text[start:text.index("</article>", start)].replace(SKIP_LINK, "").strip()


def zensical_url(page: str) -> str:
    lang, _, name = page.partition("/")
    return f"{lang}/" + ("" if name == "index.md" else f"{name[:-3]}/")


def page_links(html: str, here: str, urls: dict[str, str]) -> str:
    """Each relative link to a page (`urls`: {URL: page}) written as `@page#anchor`."""
    def named(m: re.Match[str]) -> str:
        target, _, anchor = m.group(1).partition("#")
        url = posixpath.normpath(posixpath.join(here or ".", target or "."))
        page = urls.get("" if url == "." else url.strip("/") + "/")
        return m.group(0) if page is None else f'href="@{page}{"#" + anchor if anchor else ""}"'
    return re.sub(r'href="((?![a-z]+:|/|#)[^"]*)"', named, html)


def _project(tmp_path: Path, project_copy) -> Path:
    return project_copy(tmp_path / "project")


def test_unchecked_zensical_stops_at_one_line(tmp_path, project_copy):
    project = _project(tmp_path, project_copy)
    out = zensical(project)
    assert out.returncode != 0
    assert set(REFUSAL.findall(out.stderr)) and all("the scenarios have not been checked nor the pages audited" in line
                                                       for line in REFUSAL.findall(out.stderr))
    assert not [p for p in (project / "site").rglob("*.html") if "{{" in p.read_text(encoding="utf-8")]


def test_a_page_changed_after_the_audit_stops_zensical(tmp_path, built_site):
    project = shutil.copytree(built_site.parent / "project", tmp_path / "project", ignore=shutil.ignore_patterns("site"))
    page = project / "content" / "en" / "odds.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n{{ 6 * 7 }}\n", encoding="utf-8")
    out = zensical(project)
    assert out.returncode != 0
    assert {line.split(": error: ", 1)[1] for line in REFUSAL.findall(out.stderr)} == {
        "content/en/odds.md changed since the pages were audited; run `tavla-docs audit` (it checks the scenarios and "
        "audits the pages) or `tavla-docs build`, then build again"}
    assert not [p for p in (project / "site").rglob("*.html") if "{{" in p.read_text(encoding="utf-8")]


def test_zensical_renders_every_page_as_mkdocs(tmp_path, project_copy, built_site):
    """A cold copy (no page cache) with the record of the suite's build: every page body equals MkDocs'."""
    project = _project(tmp_path, project_copy)
    record = built_site.parent / "project" / ".tavla-cache" / "checked.json"
    (project / ".tavla-cache").mkdir()
    shutil.copy(record, project / ".tavla-cache" / "checked.json")
    out = zensical(project)
    assert out.returncode == 0, out.stderr[-3000:]
    site = project / "site"
    mk_urls = {page_url(p): p for p in PAGES}
    z_urls = {zensical_url(p): p for p in PAGES}
    differ = []
    for page in PAGES:
        theirs = page_links(body(site / zensical_url(page) / "index.html"), zensical_url(page), z_urls)
        ours = page_links(body(built_site / page_url(page) / "index.html"), page_url(page), mk_urls)
        assert "{{" not in theirs and "{%" not in theirs
        if theirs != ours:
            differ.append(page)
    assert len(PAGES) >= 20 and differ == []
    assert '<figure class="tavla-figure"' in (site / "en" / "bear-off" / "index.html").read_text(encoding="utf-8")
