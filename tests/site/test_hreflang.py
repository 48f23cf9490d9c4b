"""Per-page hreflang links, <html lang> and figure captions tied to their SVG, on the built site.

The expected pages come from content/{tr,en}/*.md and the expected URLs from mkdocs.yml's
site_url and each page's own `slug:` (its front matter), not from the plugin, so a wrong mapping
in the plugin shows up here.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]
SITE_URL = re.search(r"^site_url:\s*(\S+)\s*$", (PROJECT / "mkdocs.yml").read_text(encoding="utf-8"), re.MULTILINE).group(1)
NAMES = sorted(p.stem for p in (PROJECT / "content" / "tr").glob("*.md"))
LANGS = {"tr": "", "en": "en/"}  # language -> URL prefix (Turkish is the default, at the root)


def url_path(lang: str, name: str) -> str:
    """content/<lang>/<name>.md -> its path under the site root, with directory URLs (a `slug:` in
    its front matter moves it: authoring.md, "Slugs")."""
    if name == "index":
        return LANGS[lang]
    meta = yaml.safe_load((PROJECT / "content" / lang / f"{name}.md").read_text(encoding="utf-8").split("---", 2)[1])
    return LANGS[lang] + f"{meta.get('slug', name)}/"


class Head(HTMLParser):
    """<html lang>, the hreflang <link>s in <head>, and each figure's caption id and SVG attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None
        self.hreflang: list[dict[str, str]] = []
        self.canonical: str | None = None
        self.figures: list[dict[str, str | None]] = []
        self._in_head = False
        self._figure: dict[str, str | None] | None = None
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if a.get("id"):
            self.ids.append(a["id"])
        if tag == "html":
            self.lang = a.get("lang")
        elif tag == "head":
            self._in_head = True
        elif tag == "link" and self._in_head:
            tokens = a.get("rel", "").lower().split()
            if tokens == ["canonical"]:
                self.canonical = a.get("href")
            elif "alternate" in tokens and "hreflang" in a:
                self.hreflang.append(a)
        elif tag == "figure" and ("tavla-figure" in a.get("class", "").split()
                                  or "tavla-chart-figure" in a.get("class", "").split()):
            self._figure = {"id": a.get("id"), "describedby": None, "caption": None}
            self.figures.append(self._figure)
        elif tag == "svg" and self._figure is not None and self._figure["describedby"] is None:
            self._figure["describedby"] = a.get("aria-describedby", "")
        elif tag == "figcaption" and self._figure is not None:
            self._figure["caption"] = a.get("id", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "head":
            self._in_head = False
        elif tag == "figure":
            self._figure = None


def parse(site: Path, path: str) -> Head:
    h = Head()
    h.feed((site / path / "index.html").read_text(encoding="utf-8"))
    return h


def built_path(href: str) -> str:
    """An absolute hreflang URL -> the page's path under the site root."""
    assert href.startswith(SITE_URL), f"{href} is not under site_url {SITE_URL}"
    return href[len(SITE_URL):]


PAGES = [(lang, name) for lang in LANGS for name in NAMES]


def test_both_languages_have_the_same_pages() -> None:
    assert NAMES and NAMES == sorted(p.stem for p in (PROJECT / "content" / "en").glob("*.md"))


@pytest.mark.parametrize(("lang", "name"), PAGES)
def test_one_absolute_hreflang_link_per_language_plus_x_default(built_site: Path, lang: str, name: str) -> None:
    page = parse(built_site, url_path(lang, name))
    got = sorted(a["hreflang"] for a in page.hreflang)
    assert got == sorted([*LANGS, "x-default"])
    links = {a["hreflang"]: a["href"] for a in page.hreflang}
    for target in LANGS:  # the same page, in each language, absolute from site_url
        assert links[target] == SITE_URL + url_path(target, name)
    assert links["x-default"] == links["tr"]  # the default language
    assert links[lang] == page.canonical  # the page's own entry is its canonical URL


@pytest.mark.parametrize(("lang", "name"), PAGES)
def test_hreflang_targets_exist_say_their_language_and_link_back(built_site: Path, lang: str, name: str) -> None:
    page = parse(built_site, url_path(lang, name))
    assert page.lang == lang
    own = {(a["hreflang"], a["href"]) for a in page.hreflang}
    for a in page.hreflang:
        target_path = built_path(a["href"])
        assert (built_site / target_path / "index.html").is_file(), f"{a['href']}: no such built page"
        target = parse(built_site, target_path)
        if a["hreflang"] != "x-default":
            assert target.lang == a["hreflang"]
        # symmetry: the target lists the same cluster, so it links back to this page
        assert {(b["hreflang"], b["href"]) for b in target.hreflang} == own


def test_hreflang_links_escape_materials_sitemap_lookup(built_site: Path) -> None:
    """Material's script fetches <href>/sitemap.xml for every `link[rel=alternate]` (exact value):
    a 404 per language, or an external request. Ours carry the same single rel token, spelled so
    that selector misses them."""
    for html in sorted(built_site.rglob("*.html")):
        text = html.read_text(encoding="utf-8")
        for tag in re.findall(r"<link\b[^>]*>", text):
            rel = re.search(r'\brel="([^"]*)"', tag)
            assert rel is None or rel.group(1).lower() != "alternate", f"{html}: {tag} would be fetched by Material"


@pytest.mark.parametrize(("lang", "name"), PAGES)
def test_figure_captions_describe_their_svg(built_site: Path, lang: str, name: str) -> None:
    page = parse(built_site, url_path(lang, name))
    for fig in page.figures:
        assert fig["caption"], f"figure {fig['id']} has no <figcaption> with an id"
        assert fig["describedby"] == fig["caption"], f"figure {fig['id']}: SVG not described by its caption"
        assert page.ids.count(fig["caption"]) == 1


def test_some_pages_have_figures(built_site: Path) -> None:
    """The caption test above is not vacuous: diagrams and the chart are checked."""
    pages = [parse(built_site, url_path(lang, name)) for lang, name in PAGES]
    assert sum(len(p.figures) for p in pages) >= 20
    assert any(f["id"] and f["id"].startswith("chart-") for p in pages for f in p.figures)


def test_no_site_url_no_hreflang_links(tmp_path: Path, tiny) -> None:
    """Relative hreflang URLs are ignored by search engines; without site_url there are none."""
    from tavla_docs.cli.commands.build import build_site

    project = tiny(tmp_path, "---\ntitle: Ana sayfa\n---\n# Ana sayfa\n", "---\ntitle: Home\n---\n# Home\n", {})
    out = tmp_path / "out"
    build_site(project / "mkdocs.yml", out, quiet=True)
    assert parse(out, "").hreflang == [] and parse(out, "en/").hreflang == []
    assert parse(out, "").lang == "tr" and parse(out, "en/").lang == "en"
