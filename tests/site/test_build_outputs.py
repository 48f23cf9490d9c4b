"""Real builds of temporary projects: escaping, reproducible bytes, failures that keep the last good site."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tavla_docs.cli.commands.build import build_site
from tavla_docs.cli.main import main as cli_main

SCENARIO = """variant: tavla
position:
  white: {{6: 1, 5: 1}}
  black: {{19: 15}}
turn: white
roll: 6-5
show: 6/off 5/off
expect:
  legal: [6/off 5/off]
caption:
  tr: "{caption}"
  en: "{caption}"
"""
EVIL = "<script>alert(1)</script> & Co"


def tree_digest(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_captions_and_arguments_render_as_text(tmp_path: Path, tiny) -> None:
    page = ('# Sayfa\n\n{{ diagram("evil") }}\n\n'
            '{{ diagram("evil", caption="<img src=x onerror=alert(2)> & more") }}\n')
    proj = tiny(tmp_path, page, page.replace("Sayfa", "Page"), {"evil": SCENARIO.format(caption=EVIL)})
    site, _ = build_site(proj / "mkdocs.yml", proj / "site", quiet=True)
    for html_file in (site / "index.html", site / "en" / "index.html"):
        html = html_file.read_text(encoding="utf-8")
        assert "<script>alert(1)" not in html and "<img src=x" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co" in html  # the figcaption, as text
        assert "&lt;img src=x onerror=alert(2)&gt; &amp; more" in html
        svg = html[html.index("<svg"):html.index("</svg>")]
        assert "<script" not in svg  # the renderer escapes the caption in <title>/<desc> too


def test_two_builds_give_identical_bytes(tmp_path: Path, project_copy, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    proj = project_copy(tmp_path)
    cold, _ = build_site(proj / "mkdocs.yml", tmp_path / "a", quiet=True)  # empty cache: everything computed
    warm, plugin = build_site(proj / "mkdocs.yml", tmp_path / "b", quiet=True)  # everything from the cache
    assert plugin.renderer.cache.misses == 0 and plugin.renderer.cache.hits > 0
    a, b = tree_digest(cold), tree_digest(warm)
    assert a.keys() == b.keys() and len(a) > 50
    assert [k for k in a if a[k] != b[k]] == []


def test_a_broken_scenario_fails_the_build_and_keeps_the_last_site(tmp_path: Path, project_copy, capsys,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    proj = project_copy(tmp_path)
    site, _ = build_site(proj / "mkdocs.yml", proj / "site", quiet=True)
    before = tree_digest(site)
    scenario = proj / "scenarios" / "bear-off" / "mid-move.yaml"
    text = scenario.read_text(encoding="utf-8")
    lines = text.splitlines()
    n = next(i for i, line in enumerate(lines) if line.strip().startswith("show:"))
    lines[n] = "show: 9/3 6/off"  # not a legal play with 6-3
    scenario.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.chdir(proj)
    for extra in ([], ["--no-check"]):  # caught by the scenario check, or by the page that uses it
        capsys.readouterr()
        assert cli_main(["build", "--config", "mkdocs.yml", "-q", *extra]) == 1
        err = capsys.readouterr().err
        assert f"scenarios/bear-off/mid-move.yaml:{n + 1}:" in err, err
        assert "Traceback" not in err
        assert tree_digest(site) == before
    assert not list(proj.glob(".site.*"))  # no temporary folders left behind


def test_a_missing_scenario_names_the_page_line(tmp_path: Path, tiny, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    page = "---\ntitle: x\n---\n# Sayfa\n\nMetin.\n\n{{ diagram(\"evl\") }}\n"
    proj = tiny(tmp_path, page, "# Page\n", {"evil": SCENARIO.format(caption="ok")})
    monkeypatch.chdir(proj)
    assert cli_main(["build", "-q"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["content/tr/index.md:8: error: no scenario 'evl' (scenarios/evl.yaml does not exist); "
                   "did you mean 'evil'?"]
    assert not (proj / "site").exists()


def test_mkdocs_warnings_name_the_authored_file(tmp_path: Path, tiny, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    proj = tiny(tmp_path, "# Sayfa\n\n[kırık](yok.md)\n", "# Page\n", {})
    monkeypatch.chdir(proj)
    assert cli_main(["build", "-q"]) == 1  # strict: a warning fails the build
    err = capsys.readouterr().err
    assert err.startswith("content/tr/index.md: warning: contains a link 'yok.md'"), err
    assert "Traceback" not in err
