"""`tavla-docs new site DIR`: a project that builds strictly as it stands (issue 31, item 2)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml


@pytest.mark.parametrize("langs", ["tr,en", "en"])
def test_new_site_builds_strictly_as_written(cli, tmp_path: Path, monkeypatch, langs: str) -> None:
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    r = cli("new", "site", "my-rules", "--lang", langs, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    proj = tmp_path / "my-rules"
    order = langs.split(",")
    assert sorted(p.relative_to(proj).as_posix() for p in proj.rglob("*") if p.is_file()) == sorted(
        [".gitignore", "README.md", "mkdocs.yml", "scenarios/start/first-roll.yaml"]
        + [f"content/{x}/index.md" for x in order])
    assert not (proj / "templates").exists()  # the partials come from the package
    assert (proj / ".gitignore").read_text(encoding="utf-8").split() == ["site/", ".tavla-cache/"]
    readme = (proj / "README.md").read_text(encoding="utf-8")
    assert "tavla-docs build" in readme and "mkdocs serve" in readme
    config = yaml.load((proj / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    assert config["strict"] == "true"
    plugin = next(p["tavla-docs"] for p in config["plugins"] if isinstance(p, dict))
    assert list(plugin["languages"]) == order and plugin["default_language"] == order[0]
    scenario = yaml.safe_load((proj / "scenarios" / "start" / "first-roll.yaml").read_text(encoding="utf-8"))
    assert scenario["expect"]["plays"] == 16 and list(scenario["caption"]) == order  # 3-1 from the start

    r = cli("build", "-q", cwd=proj)
    assert r.returncode == 0, r.stderr
    for i, x in enumerate(order):
        html = (proj / "site" / ("" if i == 0 else x) / "index.html").read_text(encoding="utf-8")
        assert "<svg" in html and scenario["caption"][x].replace("'", "&#39;") in html


def test_new_site_never_overwrites(cli, tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "mkdocs.yml").write_text("site_name: mine\n", encoding="utf-8")
    r = cli("new", "site", "p", cwd=tmp_path)
    assert r.returncode == 1 and "p/mkdocs.yml: already exists" in r.stderr and "Traceback" not in r.stderr
    assert sorted(p.name for p in (tmp_path / "p").iterdir()) == ["mkdocs.yml"]


@pytest.mark.parametrize("langs", ["de", "tr,tr", ""])
def test_new_site_bad_languages(cli, tmp_path: Path, langs: str) -> None:
    r = cli("new", "site", "p", "--lang", langs, cwd=tmp_path)
    assert r.returncode == 1 and r.stderr.startswith("tavla-docs: error: --lang"), r.stderr
    assert not (tmp_path / "p").exists()


def test_a_write_that_fails_leaves_no_half_made_project(cli, tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "content").write_text("a file where the pages' folder should be\n", encoding="utf-8")
    r = cli("new", "site", "p", cwd=tmp_path)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "p/content/tr/index.md: error: cannot write it (Not a directory); no file was changed" in r.stderr
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == ["p", "p/content"]
    assert (tmp_path / "p" / "content").read_text(encoding="utf-8") == "a file where the pages' folder should be\n"
