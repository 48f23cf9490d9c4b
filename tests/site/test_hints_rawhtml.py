"""Issue 14: raw HTML that runs code or loads from the network is an audit problem, located:
an error in a strict site (the build fails), a warning otherwise. Links to the web stay allowed."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tavla_docs.site.audit.rawhtml import raw_html_problems

from .conftest import TINY_CONFIG


def found(body: str) -> list[tuple[int, int, str]]:
    return [(p.line, p.col, p.message) for p in raw_html_problems(body, "p.md", 1, "error")]


@pytest.mark.parametrize(("body", "line", "col", "says"), [
    ("Metin.\n\n<script>alert(1)</script>\n", 3, 1, "raw <script> runs code"),
    ("a <iframe src=\"x.html\"></iframe>", 1, 3, "raw <iframe> embeds"),
    ("<p>\n  <img src=\"a.svg\"\n       onerror=\"x()\">\n</p>", 3, 8, "onerror= runs a script"),
    ("![logo](https://cdn.example/logo.png)", 1, 9, "the image https://cdn.example/logo.png loads from the network"),
    ("<img alt=\"x\" src=\"//cdn.example/a.png\">", 1, 14, "<img src=\"//cdn.example/a.png\"> loads"),
    ("<link rel=\"stylesheet\" href=\"https://fonts.example/a.css\">", 1, 24, "<link href="),
    ("<span style=\"background: url(https://t.example/p.gif)\">x</span>", 1, 7, "style= attribute loads"),
    ("<style>\nbody { background: url('http://t.example/p.gif') }\n</style>", 2, 20, "<style> element loads"),
    ("<a href=\"javascript:alert(1)\">x</a>", 1, 4, "javascript: URL"),
    ("# Başlık { onclick=\"x()\" }", 1, 12, "onclick= runs a script"),
    ("<video poster=\"https://v.example/p.jpg\"></video>", 1, 8, "poster="),
])
def test_each_refused_form_is_located(body: str, line: int, col: int, says: str) -> None:
    problems = found(body)
    assert problems, body
    assert (problems[0][0], problems[0][1]) == (line, col), problems
    assert says in problems[0][2]


@pytest.mark.parametrize("body", [
    "[the rules](https://example.com/rules) and <https://example.com>",
    "<a href=\"https://example.com\">a link is not a load</a>",
    "![board](board.svg) <img src=\"images/a.png\" alt=\"a\">",
    "`<script>` in code is text\n\n```html\n<script src=\"https://x.example/a.js\"></script>\n```\n",
    "{{ diagram('a', caption='<script>') }} {# <iframe> #}",
    "<span class=\"x\">one</span> {: .note }",
])
def test_links_code_and_jinja_are_allowed(body: str) -> None:
    assert found(body) == []


def test_front_matter_shifts_the_line() -> None:
    (p,) = raw_html_problems("<script></script>", "content/en/x.md", 5, "warning")
    assert (p.path, p.line, p.col, p.severity, p.rule) == ("content/en/x.md", 5, 1, "warning", "raw-html")


AUDITED = TINY_CONFIG  # audited: each test unsets the `tiny` fixture's local switch (TAVLA_DOCS_AUDIT=off)
PAGE_TR = "---\ntitle: T\n---\n# Sayfa\n\nMetin <img src=\"https://t.example/p.gif\" alt=\"\">.\n"
PAGE_EN = "# Page\n\n[A link out](https://example.com) is fine.\n"


def test_strict_build_fails_at_the_remote_image(cli, tiny, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    project = tiny(tmp_path, PAGE_TR, PAGE_EN, {})
    monkeypatch.delenv("TAVLA_DOCS_AUDIT")
    (project / "mkdocs.yml").write_text(AUDITED, encoding="utf-8")
    r = cli("build", cwd=project)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    i = next(i for i, ln in enumerate(lines) if "raw" in ln or "network" in ln)
    assert lines[i].endswith('content/tr/index.md:6:12: error: <img src="https://t.example/p.gif"> loads from the '
                             "network"), lines[i]
    assert lines[i + 1].startswith("    hint: put the file under content/")
    assert "example.com" not in r.stderr  # the outbound link is not a problem


def test_a_site_whose_audit_warns_builds(cli, tiny, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    project = tiny(tmp_path, PAGE_TR, PAGE_EN, {})
    monkeypatch.delenv("TAVLA_DOCS_AUDIT")
    # MkDocs' `strict: false` alone does not soften the audit, nor does a committed `audit: warn`:
    # only the drafting author's local switch does (`--draft`, or TAVLA_DOCS_AUDIT=warn)
    (project / "mkdocs.yml").write_text(AUDITED.replace("strict: true", "strict: false"), encoding="utf-8")
    assert cli("build", cwd=project).returncode == 1
    r = cli("build", "--draft", cwd=project)
    assert r.returncode == 0, r.stdout + r.stderr
    assert 'content/tr/index.md:6:12: warning: <img src="https://t.example/p.gif"> loads' in r.stderr
    monkeypatch.setenv("TAVLA_DOCS_AUDIT", "warn")
    r = cli("build", cwd=project)
    assert r.returncode == 0, r.stdout + r.stderr
    assert 'content/tr/index.md:6:12: warning: <img src="https://t.example/p.gif"> loads' in r.stderr


def test_the_audit_command_counts_raw_html(cli, tiny, tmp_path: Path, monkeypatch) -> None:
    project = tiny(tmp_path, PAGE_TR, PAGE_EN + "\n<script>x()</script>\n", {})
    monkeypatch.delenv("TAVLA_DOCS_AUDIT")
    (project / "mkdocs.yml").write_text(AUDITED, encoding="utf-8")
    r = cli("audit", "--config", str(project / "mkdocs.yml"), "--no-strict", "--summary")
    assert r.returncode == 0, r.stdout + r.stderr  # warnings only
    assert "content/en/index.md:5:1: warning: raw <script> runs code in the page" in r.stdout
    assert r.stdout.rstrip().endswith(", 2 raw HTML")
    r = cli("audit", "--config", str(project / "mkdocs.yml"), "--json")
    assert r.returncode == 1 and json.loads(r.stdout)["totals"]["raw_html"] == 2
