"""`tavla-docs new page`: both language files, the navigation entry, and a site that builds with the page listed."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from tavla_docs.cli.commands.new import add_to_nav
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]

# A small site shaped like the project's: comments, block mappings, nav_order in the flow form, the audit on.
CONFIG = """# a comment that must survive
site_name: small
docs_dir: content
site_dir: site
strict: true
theme: {name: material, font: false, language: tr}
extra:
  alternate:
    - {name: Türkçe, link: /, lang: tr}
    - {name: English, link: /en/, lang: en}
plugins:
  - tavla-docs:
      languages: {tr: Türkçe, en: English}
      nav_order: [index.md, zeta.md]   # the order of the pages
"""
HOME = "---\ntitle: {t}\n---\n# {t}\n\n{{{{ page_list() }}}}\n"


def small_site(dest: Path) -> Path:
    dest.mkdir(parents=True)
    (dest / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    for lang, title in (("tr", "Ana sayfa"), ("en", "Home")):
        (dest / "content" / lang).mkdir(parents=True)
        (dest / "content" / lang / "index.md").write_text(HOME.format(t=title), encoding="utf-8")
        (dest / "content" / lang / "zeta.md").write_text(f"---\ntitle: Zeta {lang}\n---\n# Zeta\n\nText.\n", encoding="utf-8")
    (dest / "scenarios").mkdir()  # no templates/: the package's partials serve it
    return dest


def test_new_page_writes_both_languages_and_the_site_lists_it(cli, tmp_path: Path) -> None:
    proj = small_site(tmp_path / "p")
    r = cli("new", "page", "opening-moves", "--title", "tr=Açılış hamleleri", "--title", "en=Opening moves: the first roll",
            "--slug", "tr=acilis-hamleleri", cwd=proj)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["wrote content/tr/opening-moves.md", "wrote content/en/opening-moves.md",
                                     "added opening-moves.md to the end of nav_order in mkdocs.yml (move it where it belongs)"]
    assert (proj / "mkdocs.yml").read_text(encoding="utf-8") == CONFIG.replace(
        "[index.md, zeta.md]", "[index.md, zeta.md, opening-moves.md]")
    for lang, title in (("tr", "Açılış hamleleri"), ("en", "Opening moves: the first roll")):
        text = (proj / "content" / lang / "opening-moves.md").read_text(encoding="utf-8")
        meta = yaml.safe_load(text.split("---")[1])
        assert meta["title"] == title and meta["description"]
        assert f"\n# {title}\n" in text
    r = cli("build", "-q", "--config", str(proj / "mkdocs.yml"), "--site-dir", str(tmp_path / "site"), cwd=proj)
    assert r.returncode == 0, r.stderr
    tr = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    en = (tmp_path / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert '<li><a href="acilis-hamleleri/">Açılış hamleleri</a>' in tr
    assert tr.index("Zeta tr") < tr.index("Açılış hamleleri")  # last in the navigation
    assert '<li><a href="opening-moves/">Opening moves: the first roll</a>' in en
    assert (tmp_path / "site" / "acilis-hamleleri" / "index.html").is_file()


def test_new_page_refuses_to_overwrite(cli, tmp_path: Path) -> None:
    proj = small_site(tmp_path / "p")
    (proj / "content" / "en" / "intro.md").write_text("mine\n", encoding="utf-8")
    r = cli("new", "page", "intro", cwd=proj)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.splitlines() == ["tavla-docs: error: content/en/intro.md: already exists; `new` never overwrites a file",
                                     "    hint: choose another NAME, or edit the file"]
    assert not (proj / "content" / "tr" / "intro.md").exists()  # nothing is written, in no language
    assert (proj / "mkdocs.yml").read_text(encoding="utf-8") == CONFIG


@pytest.mark.parametrize("argv, message", [
    (["Intro"], "page name 'Intro': a file name of lower-case letters"),
    (["intro", "--slug", "tr=Giriş Sayfası"], "--slug: slug 'Giriş Sayfası' is not one URL segment"),
    (["intro", "--title", "de=Einleitung"], "--title 'de=Einleitung': write LANG=TEXT with LANG one of tr, en"),
])
def test_new_page_bad_input(cli, tmp_path: Path, argv: list[str], message: str) -> None:
    proj = small_site(tmp_path / "p")
    r = cli("new", "page", *argv, cwd=proj)
    assert r.returncode == 1 and r.stderr.startswith("tavla-docs: error: " + message), r.stderr
    assert sorted(p.name for p in (proj / "content" / "tr").iterdir()) == ["index.md", "zeta.md"]


def test_new_page_without_a_config(cli, tmp_path: Path) -> None:
    r = cli("new", "page", "intro", cwd=tmp_path)
    assert r.returncode == 1 and "mkdocs.yml: no such file" in r.stderr and "--config" in r.stderr


def plugin_options(config: Path) -> dict:
    data = yaml.load(config.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)  # tags read as text
    return next(p["tavla-docs"] for p in data["plugins"] if isinstance(p, dict) and "tavla-docs" in p)


def test_the_projects_own_config_keeps_every_other_line(cli, tmp_path: Path) -> None:
    """On the project's own mkdocs.yml, whatever pages it lists: one line changes, and the new page
    lands just before the site's nav_last page (or last, without one)."""
    proj = tmp_path / "p"
    proj.mkdir()
    shutil.copy(PROJECT / "mkdocs.yml", proj / "mkdocs.yml")
    shutil.copytree(PROJECT / "content", proj / "content")
    before = (proj / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    options = plugin_options(proj / "mkdocs.yml")
    r = cli("new", "page", "opening-moves", cwd=proj)
    assert r.returncode == 0, r.stderr
    after = (proj / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    changed = [(a, b) for a, b in zip(before, after, strict=False) if a != b]
    order = list(options["nav_order"])
    last = options.get("nav_last")
    at = order.index(last) if last in order else len(order)
    assert plugin_options(proj / "mkdocs.yml")["nav_order"] == [*order[:at], "opening-moves.md", *order[at:]]
    assert len(after) == len(before) and len(changed) == 1  # the flow form: one line


def test_new_page_goes_before_nav_last_and_the_build_keeps_it_last(cli, tmp_path: Path) -> None:
    proj = small_site(tmp_path / "p")
    config = proj / "mkdocs.yml"
    config.write_text(CONFIG.replace("   # the order", "\n      nav_last: zeta.md   # the order"), encoding="utf-8")
    r = cli("new", "page", "alpha", cwd=proj)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1] == ("added alpha.md to nav_order in mkdocs.yml just before zeta.md, the site's "
                                         "nav_last (move it where it belongs)")
    assert "nav_order: [index.md, alpha.md, zeta.md]" in config.read_text(encoding="utf-8")
    build = ("build", "-q", "--config", str(config), "--site-dir", str(tmp_path / "site"))
    r = cli(*build, cwd=proj)
    assert r.returncode == 0, r.stderr
    # The author moves the page after the glossary-like page: the build says where, and why.
    text = config.read_text(encoding="utf-8").replace("[index.md, alpha.md, zeta.md]", "[index.md, zeta.md, alpha.md]")
    config.write_text(text, encoding="utf-8")
    r = cli(*build, cwd=proj)
    line = next(i for i, x in enumerate(text.splitlines(), 1) if x.startswith("      nav_last: zeta.md"))
    assert r.returncode == 1
    assert f"mkdocs.yml:{line}:7: error: nav_last: zeta.md should end the navigation, but alpha.md comes after it " \
           "(en, tr)" in r.stderr, r.stderr
    assert "hint: list alpha.md before zeta.md in nav_order" in r.stderr
    assert "Traceback" not in r.stderr
    config.write_text(text.replace("nav_last: zeta.md", "nav_last: omega.md"), encoding="utf-8")
    r = cli(*build, cwd=proj)
    assert r.returncode == 1 and f"mkdocs.yml:{line}:7: error: nav_last: omega.md is no page of the site" in r.stderr


@pytest.mark.parametrize("text, expected", [
    ("p:\n  nav_order: []\n", "p:\n  nav_order: [a.md]\n"),
    ("p:\n  nav_order: [x.md]\n", "p:\n  nav_order: [x.md, a.md]\n"),
    ("p:\n  nav_order:   # order\n    - x.md  # first\n\n    - y.md\nq: 1\n",
     "p:\n  nav_order:   # order\n    - x.md  # first\n\n    - y.md\n    - a.md\nq: 1\n"),
    ("p:\n  nav_order:\n  - x.md\n  other: 1\n", "p:\n  nav_order:\n  - x.md\n  - a.md\n  other: 1\n"),
    ("p:\n  nav_order: [a.md]\n", "p:\n  nav_order: [a.md]\n"),
    ("site_name: x\n", None),
])
def test_add_to_nav(text: str, expected: str | None) -> None:
    assert add_to_nav(text, "a.md") == expected
    if expected is not None:
        assert yaml.safe_load(expected)["p"]["nav_order"][-1] == "a.md"


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every path under `folder`, with a file's bytes (None for a folder)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() if p.is_file() else None for p in sorted(folder.rglob("*"))}


def test_a_write_that_fails_changes_no_file(cli, tmp_path: Path) -> None:
    proj = small_site(tmp_path / "p")
    shutil.rmtree(proj / "content" / "en")
    (proj / "content" / "en").write_text("a file where the English pages' folder should be\n", encoding="utf-8")
    before = tree(proj)
    r = cli("new", "page", "intro", cwd=proj)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.startswith("tavla-docs: error: content/en/intro.md: error: cannot write it (Not a directory); "
                               "no file was changed"), r.stderr
    assert tree(proj) == before  # not the Turkish page, not mkdocs.yml
