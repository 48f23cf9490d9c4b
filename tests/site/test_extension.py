"""The site's core as a Python-Markdown extension (`tavla_docs.site.extension`), without MkDocs.

The main check: a page rendered by plain `markdown.markdown()` with the extension and
mkdocs.yml's own `markdown_extensions` is exactly the `<article>` of that page in the
built site. MkDocs does one more thing to a page's HTML: it rewrites relative `.md`
links to the pages' URLs. The comparison applies that same rewriting (`site_links`) to
the plain output and nothing else, so every figure, table, story frame, heading anchor
and caption is compared byte for byte.

The extension renders only files a build or `tavla-docs audit` vouched for (`site.buildrecord`):
these tests render against the suite's built copy of the project (`built_site`), whose build
wrote that record; the last ones show the refusal.
"""
from __future__ import annotations

import json
import posixpath
import re
import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import markdown
import pytest
import yaml

from tavla_docs.site.buildrecord import Record
from tavla_docs.site.errors import PageError
from tavla_docs.site.extension import TavlaExtension, split_front_matter, use_in
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted(p.relative_to(PROJECT / "content").as_posix() for p in (PROJECT / "content").glob("*/*.md"))
DEFAULT_LANGUAGE = "tr"  # mkdocs.yml: served from the root, the others under /<lang>/


def site_markdown_config(config: Path = PROJECT / "mkdocs.yml") -> tuple[list[str], dict[str, Any]]:
    """mkdocs.yml's `markdown_extensions`: (names, {name: options}), read as MkDocs reads them
    (with Python tags: the toc's slugify is `pymdownx.slugs.slugify(case=lower)`)."""
    data = yaml.unsafe_load(config.read_text(encoding="utf-8"))  # the project's own file, as MkDocs loads it
    names: list[str] = []
    options: dict[str, Any] = {}
    for item in data.get("markdown_extensions") or []:
        if isinstance(item, dict):
            (name, opts), = item.items()
            names.append(name)
            options[name] = opts or {}
        else:
            names.append(item)
    return names, options


def page_url(page: str) -> str:
    """The URL path of a page (`en/odds.md` -> `en/odds/`), as the site's layout and directory URLs give it;
    a `slug:` in the page's front matter moves it (`tr/pip-count.md` -> `pip-sayimi/`)."""
    lang, _, name = page.partition("/")
    prefix = "" if lang == DEFAULT_LANGUAGE else f"{lang}/"
    stem = name[:-3]
    source = PROJECT / "content" / page
    if stem != "index" and source.is_file():
        stem = (split_front_matter(source.read_text(encoding="utf-8"))[1] or {}).get("slug", stem)
    return prefix + ("" if stem == "index" else f"{stem}/")


def site_links(html: str, page: str) -> str:
    """MkDocs' rewriting of relative `.md` links: `odds.md#x` -> `../odds/#x` (the same language's page)."""
    lang = page.partition("/")[0]
    here = page_url(page)

    def url(m: re.Match[str]) -> str:
        target = page_url(f"{lang}/{posixpath.normpath(m.group(1))}.md")
        rel = posixpath.relpath(target or ".", here or ".")
        rel = "./" if rel == "." else rel + "/"
        return f'href="{rel}{m.group(2) or ""}"'
    return re.sub(r'href="([^":#/][^":#]*)\.md(#[^"]*)?"', url, html)


def article(site: Path, page: str) -> str:
    """The content of the built page's `<article>`: what MkDocs' Markdown and the plugin made of the page."""
    text = (site / page_url(page) / "index.html").read_text(encoding="utf-8")
    start = text.index(">", text.index('<article class="md-content__inner')) + 1
    return text[start:text.index("</article>", start)].strip()


def plain_html(page: str, root: Path, **options: Any) -> str:
    """The page through plain Python-Markdown: mkdocs.yml's extensions, ours configured in its place."""
    names, configs = site_markdown_config()
    lang = page.partition("/")[0]
    ext = TavlaExtension(root=root, lang=lang, path=f"content/{page}", **options)
    use_in(names, configs, ext)
    source = (PROJECT / "content" / page).read_text(encoding="utf-8")
    return markdown.markdown(source, extensions=names, extension_configs=configs)


def test_the_comparison_reads_mkdocs_yml():
    names, configs = site_markdown_config()
    assert names == ["tables", "attr_list", "admonition", "toc", "tavla-docs"]
    assert configs["toc"]["permalink"] is True and configs["toc"]["slugify"]("Pul Kırılırsa", "-") == "pul-kırılırsa"
    ext = TavlaExtension()
    use_in(names, configs, ext)
    assert names == ["tables", "attr_list", "admonition", "toc", ext] and "tavla-docs" not in configs


def test_the_extension_is_registered_for_python_markdown():
    (ours,) = [e for e in entry_points(group="markdown.extensions") if e.name == "tavla-docs"]
    assert ours.load() is TavlaExtension
    assert isinstance(markdown.Markdown(extensions=["tavla-docs"]).registeredExtensions[0], TavlaExtension)


@pytest.fixture(scope="module")
def project(built_site: Path) -> Path:
    """The suite's built copy of the project: its build checked, audited and wrote the record."""
    root = built_site.parent / "project"
    assert Record(root).refusal(TavlaExtension(root=root).site_renderer().fingerprint) is None
    return root


def test_site_links_are_mkdocs_urls():
    assert site_links('<a href="odds.md">', "en/bear-off.md") == '<a href="../odds/">'
    assert site_links('<a href="index.md#x">', "tr/odds.md") == '<a href="../#x">'
    assert site_links('<a href="odds.md">', "en/index.md") == '<a href="odds/">'
    assert site_links('<a href="#x"><a href="https://a.md">', "en/odds.md") == '<a href="#x"><a href="https://a.md">'


BEAR_OFF = "en/bear-off.md"  # diagrams, a `then:` story, odds tables, checked plays and links

COLD = """
import json, sys, markdown
from pathlib import Path
sys.path.insert(0, {tests!r})
from test_extension import plain_html
html = plain_html({page!r}, root=Path({root!r}), cache_dir="")
print(json.dumps({{"html": html, "mkdocs": sorted(m for m in sys.modules if m.split(".")[0] in ("mkdocs", "material"))}}))
"""


def test_a_page_through_plain_markdown_is_the_sites_article(built_site, project):
    """Cold (no cache), in a fresh interpreter that never imports MkDocs."""
    source = (PROJECT / "content" / BEAR_OFF).read_text(encoding="utf-8")
    assert all(call in source for call in ("diagram(", "story(", "odds_table(", "play("))
    code = COLD.format(tests=str(Path(__file__).parent), page=BEAR_OFF, root=str(project))
    out = subprocess.run([sys.executable, "-c", code],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    result = json.loads(out.stdout)
    assert result["mkdocs"] == []
    html = site_links(result["html"], BEAR_OFF)
    assert html.count("<figure") >= 4 and "<table" in html and "tavla-story" in html
    assert html.strip() == article(built_site, BEAR_OFF)


@pytest.mark.parametrize("page", PAGES)
def test_every_page_through_plain_markdown_is_the_sites_article(built_site, project, page):
    """Every page, with the built project's page cache (so this is quick): the Markdown side and the
    placeholders are what is compared here; the cold test above renders the Jinja afresh."""
    assert site_links(plain_html(page, root=project), page).strip() == article(built_site, page)


TINY = """---
title: Küçük
---
# {{ meta.title }}

{{ diagram("bear-off/mid-move") }}

[TOC]

See [the odds](odds.md).
"""


@pytest.mark.parametrize("name", ["tavla-docs", "tavla_docs.site.extension"])
def test_by_name_with_extension_configs(project, name):
    """As generators configure extensions: by entry point or module name, options in extension_configs."""
    html = markdown.markdown(TINY, extensions=["toc", name],
                             extension_configs={name: {"root": str(project), "lang": "tr", "cache_dir": ""}})
    assert html.startswith('<h1 id="kucuk">Küçük</h1>')
    assert '<figure class="tavla-figure" id="fig-bear-off-mid-move"' in html
    assert "<!--tavla:" not in html  # toc runs the postprocessors on its own HTML too: the page's survive it
    assert '<div class="toc">' in html and 'href="odds.md"' in html


def test_one_markdown_instance_converts_page_after_page(project):
    md = markdown.Markdown(extensions=[TavlaExtension(root=project, lang="en", cache_dir="")])
    first = md.convert('{{ diagram("bear-off/mid-move") }}')
    md.reset()
    second = md.convert('{{ diagram("bear-off/order-matters") }}\n\n'
                        'No figure: {{ play("6/off", at="bear-off/mid-move", part=True, legal=False) }}')
    assert 'id="fig-bear-off-mid-move"' in first and "order-matters" not in first
    assert 'id="fig-bear-off-order-matters"' in second and 'id="fig-bear-off-mid-move"' not in second


def test_an_error_names_the_page_line_after_front_matter(project):
    ext = TavlaExtension(root=project, lang="en", path="content/en/x.md", cache_dir="")
    with pytest.raises(PageError, match=r"^content/en/x\.md:6: error: .*no-such-scenario"):
        markdown.markdown("---\ntitle: X\n---\n# X\n\n{{ diagram('no-such-scenario') }}\n", extensions=[ext])


def test_meta_and_first_line_for_text_without_front_matter(project):
    ext = TavlaExtension(root=project, lang="en", path="p.md", cache_dir="", meta={"title": "Given"}, first_line=10)
    assert markdown.markdown("{{ meta.title }}", extensions=[ext]) == "<p>Given</p>"
    with pytest.raises(PageError, match=r"^p\.md:11: error"):
        markdown.markdown("ok\n{{ nothing_here() }}", extensions=[ext])


def test_front_matter_is_split_as_mkdocs_splits_it():
    from mkdocs.utils.meta import get_data

    for text in ("---\ntitle: A\nn: 2\n---\n\n\nBody\n", "---\n- a list\n---\nBody", "Body\n---\nx: 1\n---\n",
                 "---\ntitle: A\n...\nBody"):
        body, meta, _ = split_front_matter(text)
        assert (body, meta) == get_data(text)


REFUSED = "error: {why}; run `tavla-docs audit` (it checks the scenarios and audits the pages) or `tavla-docs build`, " \
          "then build again"


def test_no_record_no_page(tmp_path, project_copy):
    """A project nobody checked or audited: not a page renders, and the one line says what to run."""
    root = project_copy(tmp_path / "p")
    ext = TavlaExtension(root=root, lang="en", path="content/en/odds.md", cache_dir="")
    why = "the scenarios have not been checked nor the pages audited for these files"
    with pytest.raises(PageError) as e:
        markdown.markdown((root / "content/en/odds.md").read_text(encoding="utf-8"), extensions=[ext])
    assert str(e.value) == "content/en/odds.md:1: " + REFUSED.format(why=why)


def _with_record(tmp_path: Path, project: Path) -> Path:
    root = shutil.copytree(project, tmp_path / "p", ignore=shutil.ignore_patterns("site"))
    assert (root / ".tavla-cache" / "checked.json").is_file()
    return root


@pytest.mark.parametrize("change, why", [
    (lambda r: (r / "content/en/odds.md").write_text("{{ 2 + 2 }}", encoding="utf-8"),
     "content/en/odds.md changed since the pages were audited"),
    (lambda r: (r / "content/en/new.md").write_text("New", encoding="utf-8"),
     "content/en/new.md is new since the pages were audited"),
    (lambda r: (r / "scenarios/bear-off/mid-move.yaml").unlink(), "scenarios/bear-off/mid-move.yaml is gone since the pages "
     "were audited"),
    (lambda r: (r / "mkdocs.yml").write_text((r / "mkdocs.yml").read_text(encoding="utf-8") + "\n", encoding="utf-8"),
     "mkdocs.yml changed since the pages were audited"),
    (lambda r: (r / "templates" / "figure.html").write_text("{{ 1 }}", encoding="utf-8"),
     "the pages were audited by other tavla-docs code or partials"),
])
def test_a_change_since_the_audit_stops_every_page(tmp_path, project, change, why):
    root = _with_record(tmp_path, project)
    ext = TavlaExtension(root=root, lang="en", path="content/en/index.md")
    source = (root / "content/en/index.md").read_text(encoding="utf-8")
    assert "<p>" in markdown.markdown(source, extensions=[TavlaExtension(root=root, lang="en", path="x.md")])
    change(root)
    with pytest.raises(PageError) as e:
        markdown.markdown(source, extensions=[ext])
    assert str(e.value) == "content/en/index.md:1: " + REFUSED.format(why=why)
