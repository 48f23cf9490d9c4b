"""The site's core as a Python-Markdown extension (`tavla_docs.site.extension`), without MkDocs.

The main check: a page rendered by plain `markdown.markdown()` with the extension and
mkdocs.yml's own `markdown_extensions` is exactly the `<article>` of that page in the
built site. MkDocs does one more thing to a page's HTML: it rewrites relative `.md`
links to the pages' URLs. The comparison applies that same rewriting (`site_links`) to
the plain output and nothing else, so every figure, table, story frame, heading anchor
and caption is compared byte for byte.
"""
from __future__ import annotations

import json
import posixpath
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import markdown
import pytest
import yaml

from tavla_docs.site.errors import PageError
from tavla_docs.site.extension import TavlaExtension, split_front_matter

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted(p.relative_to(ROOT / "content").as_posix() for p in (ROOT / "content").glob("*/*.md"))
DEFAULT_LANGUAGE = "tr"  # mkdocs.yml: served from the root, the others under /<lang>/


def site_markdown_config(config: Path = ROOT / "mkdocs.yml") -> tuple[list[str], dict[str, Any]]:
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
    source = ROOT / "content" / page
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


def plain_html(page: str, root: Path = ROOT, **options: Any) -> str:
    """The page through plain Python-Markdown: mkdocs.yml's extensions and ours."""
    names, configs = site_markdown_config()
    lang = page.partition("/")[0]
    ext = TavlaExtension(root=root, lang=lang, path=f"content/{page}", **options)
    source = (ROOT / "content" / page).read_text(encoding="utf-8")
    return markdown.markdown(source, extensions=[*names, ext], extension_configs=configs)


def test_the_comparison_reads_mkdocs_yml():
    names, configs = site_markdown_config()
    assert names == ["tables", "attr_list", "admonition", "toc"]
    assert configs["toc"]["permalink"] is True and configs["toc"]["slugify"]("Pul Kırılırsa", "-") == "pul-kırılırsa"


def test_site_links_are_mkdocs_urls():
    assert site_links('<a href="odds.md">', "en/bear-off.md") == '<a href="../odds/">'
    assert site_links('<a href="index.md#x">', "tr/odds.md") == '<a href="../#x">'
    assert site_links('<a href="odds.md">', "en/index.md") == '<a href="odds/">'
    assert site_links('<a href="#x"><a href="https://a.md">', "en/odds.md") == '<a href="#x"><a href="https://a.md">'


BEAR_OFF = "en/bear-off.md"  # diagrams, a `then:` story, odds tables, checked plays and links

COLD = """
import json, sys, markdown
sys.path.insert(0, {tests!r})
from test_extension import plain_html
html = plain_html({page!r}, cache_dir="")
print(json.dumps({{"html": html, "mkdocs": sorted(m for m in sys.modules if m.split(".")[0] in ("mkdocs", "material"))}}))
"""


def test_a_page_through_plain_markdown_is_the_sites_article(built_site):
    """Cold (no cache), in a fresh interpreter that never imports MkDocs."""
    source = (ROOT / "content" / BEAR_OFF).read_text(encoding="utf-8")
    assert all(call in source for call in ("diagram(", "story(", "odds_table(", "play("))
    out = subprocess.run([sys.executable, "-c", COLD.format(tests=str(Path(__file__).parent), page=BEAR_OFF)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    result = json.loads(out.stdout)
    assert result["mkdocs"] == []
    html = site_links(result["html"], BEAR_OFF)
    assert html.count("<figure") >= 4 and "<table" in html and "tavla-story" in html
    assert html.strip() == article(built_site, BEAR_OFF)


@pytest.mark.parametrize("page", PAGES)
def test_every_page_through_plain_markdown_is_the_sites_article(built_site, page):
    """Every page, with the built project's page cache (so this is quick): the Markdown side and the
    placeholders are what is compared here; the cold test above renders the Jinja afresh."""
    project = built_site.parent / "project"
    assert (project / "mkdocs.yml").is_file()
    assert site_links(plain_html(page, root=project), page).strip() == article(built_site, page)


TINY = """---
title: Küçük
---
# {{ meta.title }}

{{ diagram("bear-off/mid-move") }}

[TOC]

See [the odds](odds.md).
"""


def test_by_name_with_extension_configs():
    """As generators configure extensions: by module name, options in extension_configs."""
    html = markdown.markdown(TINY, extensions=["toc", "tavla_docs.site.extension"],
                             extension_configs={"tavla_docs.site.extension": {"root": str(ROOT), "lang": "tr",
                                                                               "cache_dir": ""}})
    assert html.startswith('<h1 id="kucuk">Küçük</h1>')
    assert '<figure class="tavla-figure" id="fig-bear-off-mid-move"' in html
    assert "<!--tavla:" not in html  # toc runs the postprocessors on its own HTML too: the page's survive it
    assert '<div class="toc">' in html and 'href="odds.md"' in html


def test_one_markdown_instance_converts_page_after_page():
    md = markdown.Markdown(extensions=[TavlaExtension(root=ROOT, lang="en", cache_dir="")])
    first = md.convert('{{ diagram("bear-off/mid-move") }}')
    md.reset()
    second = md.convert('{{ diagram("bear-off/order-matters") }}\n\n'
                        'No figure: {{ play("6/off", at="bear-off/mid-move", part=True, legal=False) }}')
    assert 'id="fig-bear-off-mid-move"' in first and "order-matters" not in first
    assert 'id="fig-bear-off-order-matters"' in second and 'id="fig-bear-off-mid-move"' not in second


def test_an_error_names_the_page_line_after_front_matter():
    ext = TavlaExtension(root=ROOT, lang="en", path="content/en/x.md", cache_dir="")
    with pytest.raises(PageError, match=r"^content/en/x\.md:6: error: .*no-such-scenario"):
        markdown.markdown("---\ntitle: X\n---\n# X\n\n{{ diagram('no-such-scenario') }}\n", extensions=[ext])


def test_meta_and_first_line_for_text_without_front_matter():
    ext = TavlaExtension(root=ROOT, lang="en", path="p.md", cache_dir="", meta={"title": "Given"}, first_line=10)
    assert markdown.markdown("{{ meta.title }}", extensions=[ext]) == "<p>Given</p>"
    with pytest.raises(PageError, match=r"^p\.md:11: error"):
        markdown.markdown("ok\n{{ nothing_here() }}", extensions=[ext])


def test_front_matter_is_split_as_mkdocs_splits_it():
    from mkdocs.utils.meta import get_data

    for text in ("---\ntitle: A\nn: 2\n---\n\n\nBody\n", "---\n- a list\n---\nBody", "Body\n---\nx: 1\n---\n",
                 "---\ntitle: A\n...\nBody"):
        body, meta, _ = split_front_matter(text)
        assert (body, meta) == get_data(text)
