"""`tavla-docs export`: one language as plain Markdown, built here with plain Python-Markdown.

The exported pages, through Python-Markdown with mkdocs.yml's extensions and no tavla
code at all, must give the built site's `<article>` for each page (MkDocs' `.md` link
rewriting applied, as in test_extension.py): the same figures, stories and tables. The site's
typography is a step after Markdown (`site.typography`: no-break spaces in units, the ¶ titles
in the page's language), left to the generator: it is applied here to the generator's HTML.
The export runs on the built project's copy, so its page cache is warm and the test quick.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import markdown
import pytest

from tavla_docs.cli.main import main
from tavla_docs.site import typography
from tavla_docs.site.extension import split_front_matter
from tavla_docs.site.figure_css import standalone
from tavla_docs.site.i18n import catalog
from tests.fixture import PROJECT

from .test_extension import article, site_links, site_markdown_config

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r'href="([^":#]*)(?:#([^"]*))?"')


def pages(lang: str) -> list[str]:
    return sorted(p.name for p in (PROJECT / "content" / lang).glob("*.md"))


def to_html(md_text: str, root: Path, lang: str) -> str:
    """An exported page through Python-Markdown alone: mkdocs.yml's extensions, none of ours. The
    `tavla-docs` extension among them renders only files an audit vouched for: `root` is the built
    project, whose audit record the build wrote (not the checkout's, which a test must not need)."""
    names, configs = site_markdown_config()
    configs = {**configs, "tavla-docs": {**configs.get("tavla-docs", {}), "root": str(root), "lang": lang}}
    body, _, _ = split_front_matter(md_text)
    return markdown.markdown(body, extensions=names, extension_configs=configs)


@pytest.fixture(scope="module")
def exported(built_site, tmp_path_factory):
    """{figures mode: (lang, OUT)}: English with inline SVG, Turkish with SVG files."""
    config = built_site.parent / "project" / "mkdocs.yml"
    out = {}
    for lang, figures in (("en", "inline"), ("tr", "files")):
        folder = tmp_path_factory.mktemp(f"export-{lang}")
        assert main(["export", "-q", "--config", str(config), "--lang", lang, "--figures", figures, str(folder)]) == 0
        out[figures] = (lang, folder)
    return out


def test_every_page_is_exported_with_its_front_matter_and_no_jinja(exported):
    for lang, out in exported.values():
        assert sorted(p.name for p in out.glob("*.md")) == pages(lang)
        for name in pages(lang):
            text = (out / name).read_text(encoding="utf-8")
            _, meta, _ = split_front_matter(text)
            assert meta == split_front_matter((PROJECT / "content" / lang / name).read_text(encoding="utf-8"))[1]
            assert "{{" not in text and "{%" not in text and "<!--tavla:" not in text
        assert (out / "assets" / "tavla.css").read_text(encoding="utf-8").strip()


@pytest.mark.parametrize("name", pages("en"))
def test_exported_pages_through_plain_markdown_are_the_sites_articles(exported, built_site, name):
    lang, out = exported["inline"]
    page = f"{lang}/{name}"
    html = to_html((out / name).read_text(encoding="utf-8"), built_site.parent / "project", lang)
    permalink = typography.permalink_of(site_markdown_config()[1].get("toc"), catalog(lang).gettext)
    assert site_links(typography.typeset(html, lang, permalink), page).strip() == article(built_site, page)


def test_links_and_anchors_resolve_within_the_tree(exported, built_site):
    project = built_site.parent / "project"
    for lang, out in exported.values():
        html = {name: to_html((out / name).read_text(encoding="utf-8"), project, lang) for name in pages(lang)}
        ids = {name: set(re.findall(r'\bid="([^"]+)"', h)) for name, h in html.items()}
        checked = 0
        for name, h in html.items():
            for target, anchor in LINK.findall(h):
                if target.startswith(("http:", "https:")) or target.endswith(".css"):
                    continue
                file = target or name
                assert file in html, f"{lang}/{name}: link to {target!r}, not in the export"
                if anchor:
                    assert anchor in ids[file], f"{lang}/{name}: no #{anchor} in {file}"
                checked += 1
        assert checked > 20


def _svgs(html: str) -> list[str]:
    """The page's <svg> elements, in order."""
    return re.findall(r"<svg\b.*?</svg>", html, re.S)


@pytest.mark.parametrize("name", pages("tr"))
def test_figures_as_files_are_the_sites_svgs(exported, built_site, name):
    lang, out = exported["files"]
    html = to_html((out / name).read_text(encoding="utf-8"), built_site.parent / "project", lang)
    site = article(built_site, f"{lang}/{name}")
    assert "<svg" not in html
    srcs = re.findall(r'<img class="tavla-diagram" src="([^"]+)" alt="[^"]*">', html)
    # the site's SVGs, each with its theme's style when the page's shared one is not in it: standalone
    assert [(out / s).read_text(encoding="utf-8").strip() for s in srcs] == [standalone(s) for s in _svgs(site)]
    for src in srcs:
        root = ET.parse(out / src).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        if "tavla-diagram" in root.get("class", ""):
            assert root.find("{http://www.w3.org/2000/svg}style") is not None, src
    assert html.count("<figure") == site.count("<figure") and html.count("<table") == site.count("<table")


def test_a_bad_language_is_a_usage_error(built_site, tmp_path, capsys):
    config = built_site.parent / "project" / "mkdocs.yml"
    assert main(["export", "--config", str(config), "--lang", "de", str(tmp_path / "out")]) == 2
    assert "--lang de: the site's languages are tr, en" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_page_error_names_the_page_line(tiny, tmp_path, capsys, monkeypatch):
    (tmp_path / "p").mkdir()
    project = tiny(tmp_path / "p", "# Sayfa\n\n{{ diagram('no-such') }}\n", "# Page\n", {})
    monkeypatch.chdir(project)
    assert main(["export", "--config", "mkdocs.yml", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert re.search(r"^tavla-docs: error: content/tr/index\.md:3: error: .*no-such", err, re.M), err


FIGURE = """variant: tavla
position:
  white: {6: 1, 5: 1}
  black: {19: 15}
turn: white
roll: 6-5
show: 6/off 5/off
caption:
  tr: "Son iki pul"
  en: "The last two checkers"
"""


def _tree(folder: Path) -> dict[str, bytes | None]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() if p.is_file() else None for p in sorted(folder.rglob("*"))}


@pytest.mark.parametrize("offline", [False, True])
def test_a_failed_export_leaves_the_earlier_one_as_it_was(tiny, tmp_path, capsys, monkeypatch, offline):
    """The first page renders, the second does not: neither the first page's new text nor anything
    else of this export may reach OUT, which keeps the earlier export byte for byte."""
    (tmp_path / "p").mkdir()
    project = tiny(tmp_path / "p", "# Sayfa\n\n{{ diagram('s/one') }}\n", "# Page\n\n{{ diagram('s/one') }}\n",
                   {"s/one": FIGURE})
    for lang in ("tr", "en"):
        (project / "content" / lang / "rules.md").write_text("# Kurallar\n\nBir.\n", encoding="utf-8")
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(project)
    out = tmp_path / "out"
    argv = ["export", "-q", str(out), *(["--offline"] if offline else ["--figures", "files"])]
    assert main(argv) == 0
    before = _tree(out)
    assert "figures" in {k.split("/")[0] for k in before} or offline
    (project / "content" / "tr" / "index.md").write_text("# Sayfa\n\nYeni metin.\n", encoding="utf-8")
    (project / "content" / "en" / "index.md").write_text("# Page\n\nNew text.\n", encoding="utf-8")
    (project / "content" / "tr" / "rules.md").write_text("# Kurallar\n\n{{ diagram('no-such') }}\n", encoding="utf-8")
    capsys.readouterr()
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert "content/tr/rules.md:3: error:" in err and "no-such" in err and "Traceback" not in err
    assert _tree(out) == before
