"""A page's `slug:` gives it its own URL in its language; the pairing of languages stays by file name."""
from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

import pytest

from tavla_docs.site.languages import Languages, SlugError, front_matter_slug
from tests.fixture import PROJECT

from .site_urls import PREFIX, page_path, slug_of

HOME = "---\ntitle: Ana sayfa\n---\n# Ana sayfa\n\n[Toplama](bear-off.md)\n\n{{ page_list() }}\n"
PAGE = "---\ntitle: {title}\n{slug}---\n# {title}\n\nText.\n"


def project(tmp_path: Path, tiny, tr_slug: str = "slug: pul-toplama\n", en_slug: str = "") -> Path:
    (tmp_path / "p").mkdir()
    proj = tiny(tmp_path / "p", HOME, HOME.replace("Ana sayfa", "Home"), {})
    for lang, title, slug in (("tr", "Pul toplama", tr_slug), ("en", "Bearing off", en_slug)):
        (proj / "content" / lang / "bear-off.md").write_text(PAGE.format(title=title, slug=slug), encoding="utf-8")
    return proj


def build(cli, proj: Path, site: Path):
    return cli("build", "-q", "--no-check", "--config", str(proj / "mkdocs.yml"), "--site-dir", str(site), cwd=proj)


REFRESH = re.compile(r'<meta http-equiv="refresh" content="0; url=([^"]*)">')


def redirect_target(site: Path, url: str) -> str | None:
    """Where the page at `url` sends its reader by `<meta http-equiv="refresh">`; None for a real page."""
    m = REFRESH.search((site / url / "index.html").read_text(encoding="utf-8"))
    return m.group(1) if m else None


def switcher(page: Path, lang: str) -> str:
    html = page.read_text(encoding="utf-8")
    found = re.findall(rf'<a href="([^"]*)" hreflang="{lang}"', html) or \
        re.findall(rf'<a [^>]*hreflang="{lang}"[^>]*href="([^"]*)"', html)
    assert len(found) == 1, found
    return found[0]


def test_a_slug_moves_one_language_and_links_follow(cli, tmp_path: Path, tiny) -> None:
    proj = project(tmp_path, tiny)
    site = tmp_path / "site"
    r = build(cli, proj, site)
    assert r.returncode == 0, r.stderr
    tr, en = site / "pul-toplama" / "index.html", site / "en" / "bear-off" / "index.html"
    assert tr.is_file() and en.is_file()
    # the file name's URL, where the page was before its slug, sends readers on (`site.redirects`)
    assert redirect_target(site, "bear-off/") == "../pul-toplama/"
    assert not (site / "en" / "bear-off" / "index.html").read_text(encoding="utf-8").count('http-equiv="refresh"')
    # the language switcher pairs the two files by name, and points at each one's own URL
    assert posixpath.normpath(posixpath.join("/pul-toplama/", switcher(tr, "en"))) == "/en/bear-off"
    assert posixpath.normpath(posixpath.join("/en/bear-off/", switcher(en, "tr"))) == "/pul-toplama"
    home = (site / "index.html").read_text(encoding="utf-8")
    assert '<a href="pul-toplama/">Toplama</a>' in home  # a Markdown link to the file follows its slug
    assert '<li><a href="pul-toplama/">Pul toplama</a></li>' in home  # and so does the home list
    assert '<li><a href="bear-off/">Bearing off</a></li>' in (site / "en" / "index.html").read_text(encoding="utf-8")


def test_the_old_url_is_a_small_page_in_the_pages_language(cli, tmp_path: Path, tiny) -> None:
    proj = project(tmp_path, tiny, en_slug="slug: bearing-off\n")
    site = tmp_path / "site"
    r = build(cli, proj, site)
    assert r.returncode == 0, r.stderr
    tr = (site / "bear-off" / "index.html").read_text(encoding="utf-8")
    assert tr.startswith('<!doctype html>\n<html lang="tr">')
    assert '<link rel="canonical" href="../pul-toplama/">' in tr  # no site_url: relative
    assert '<meta name="robots" content="noindex">' in tr and "<script" not in tr
    assert '<p>Bu sayfa taşındı: <a href="../pul-toplama/">Pul toplama</a></p>' in tr
    en = (site / "en" / "bear-off" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in en and '<p>This page has moved: <a href="../bearing-off/">Bearing off</a></p>' in en
    assert redirect_target(site, "en/bear-off/") == "../bearing-off/"
    assert redirect_target(site, "en/bearing-off/") is None and redirect_target(site, "pul-toplama/") is None


def test_no_redirect_where_another_page_is(cli, tmp_path: Path, tiny) -> None:
    """Two pages that swap their URLs: each old URL is the other page, which wins."""
    proj = project(tmp_path, tiny, tr_slug="slug: other\n")
    (proj / "content" / "tr" / "other.md").write_text(PAGE.format(title="Öteki", slug="slug: bear-off\n"),
                                                      encoding="utf-8")
    (proj / "content" / "en" / "other.md").write_text(PAGE.format(title="Other", slug=""), encoding="utf-8")
    site = tmp_path / "site"
    r = build(cli, proj, site)
    assert r.returncode == 0, r.stderr
    assert redirect_target(site, "bear-off/") is None and redirect_target(site, "other/") is None
    assert "<h1" in (site / "bear-off" / "index.html").read_text(encoding="utf-8")
    assert "Öteki" in (site / "bear-off" / "index.html").read_text(encoding="utf-8")


def test_a_bad_slug_is_an_error_at_its_line(cli, tmp_path: Path, tiny) -> None:
    proj = project(tmp_path, tiny, tr_slug="slug: Pul Toplama\n")
    r = build(cli, proj, tmp_path / "site")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "content/tr/bear-off.md:3:7: error: slug 'Pul Toplama' is not one URL segment" in r.stderr, r.stderr
    assert "hint: lower-case letters, digits and hyphens" in r.stderr


def test_a_slug_that_takes_another_pages_url_is_an_error(cli, tmp_path: Path, tiny) -> None:
    proj = project(tmp_path, tiny, tr_slug="slug: other\n")
    (proj / "content" / "tr" / "other.md").write_text(PAGE.format(title="Öteki", slug=""), encoding="utf-8")
    (proj / "content" / "en" / "other.md").write_text(PAGE.format(title="Other", slug=""), encoding="utf-8")
    r = build(cli, proj, tmp_path / "site")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "content/tr/bear-off.md: error: its URL other/ is also the URL of content/tr/other.md" in r.stderr, r.stderr


def test_a_missing_translation_names_the_file_to_create(cli, tmp_path: Path, tiny) -> None:
    proj = project(tmp_path, tiny)
    (proj / "content" / "en" / "bear-off.md").unlink()
    r = build(cli, proj, tmp_path / "site")
    assert r.returncode == 1  # strict: the warning fails the build
    assert "content/tr/bear-off.md: warning: page has no English version (en/)" in r.stderr, r.stderr
    assert "hint: create content/en/bear-off.md" in r.stderr


@pytest.mark.parametrize("text, slug", [
    ("---\nslug: pul-toplama\n---\n", "pul-toplama"),
    ("---\ntitle: x\nslug: 'kırma-2'   # Turkish letters are fine\n---\n", "kırma-2"),
    ("---\ntitle: x\n---\nslug: not-front-matter\n", None),
    ("slug: no-front-matter\n", None),
    ("---\nsummary: \"slug: no\"\n---\n", None),
])
def test_front_matter_slug(text: str, slug: str | None) -> None:
    assert front_matter_slug(text, "tr/x.md") == slug


@pytest.mark.parametrize("text", ["---\nslug: a/b\n---\n", "---\nslug: -a\n---\n", "---\nslug:\n---\n",
                                  "---\nslug: A\n---\n", "---\nslug: a b\n---\n"])
def test_front_matter_slug_refuses_what_is_not_one_segment(text: str) -> None:
    with pytest.raises(SlugError, match=r"^tr/x\.md:2:\d+: error: slug .* is not one URL segment"):
        front_matter_slug(text, "tr/x.md")


def test_an_index_page_takes_no_slug() -> None:
    with pytest.raises(SlugError, match="index page"):
        front_matter_slug("---\nslug: home\n---\n", "en/index.md")


def test_missing_versions_hint_names_the_counterpart_file() -> None:
    layout = Languages({"tr": "Türkçe", "en": "English"}, "tr")
    [w] = layout.missing_versions([("en/a/b.md", "en")], {"en/a/b.md"}, "docs")
    assert w.splitlines() == ["docs/en/a/b.md: page has no Türkçe version (tr/)",
                              "    hint: create docs/tr/a/b.md (the same file name; a `slug:` in its front matter "
                              "gives it its own URL)"]


# --- the project's site ------------------------------------------------------------------

NAMES = sorted(p.stem for p in (PROJECT / "content" / "tr").glob("*.md"))
SITE_URL = re.search(r"^site_url:\s*(\S+)\s*$", (PROJECT / "mkdocs.yml").read_text(encoding="utf-8"), re.M).group(1)
MOVED = [(lang, name) for lang in PREFIX for name in NAMES if name != "index" and slug_of(lang, name) != name]


def test_the_turkish_pages_have_turkish_urls() -> None:
    """The site is Turkish first (issue 25): its Turkish pages have Turkish slugs, and those moved
    from their file name's URL are the ones redirected below. (Which pages a project slugs is the
    author's; a new page without a slug is fine.)"""
    assert slug_of("tr", "bear-off") == "pul-toplama" and slug_of("tr", "glossary") == "sozluk"
    assert slug_of("en", "bear-off") == "bear-off"
    assert ("tr", "bear-off") in MOVED and ("tr", "odds") in MOVED and not [m for m in MOVED if m[0] == "en"]


@pytest.mark.parametrize("lang, name", MOVED)
def test_the_old_url_of_a_moved_page_redirects_to_it(built_site: Path, lang: str, name: str) -> None:
    old = PREFIX[lang] + f"{name}/"
    new = page_path(lang, name)
    html = (built_site / old / "index.html").read_text(encoding="utf-8")
    assert posixpath.normpath(posixpath.join("/" + old, redirect_target(built_site, old))) == "/" + new.rstrip("/")
    assert f'<link rel="canonical" href="{SITE_URL}{new}">' in html and f'<html lang="{lang}">' in html
    assert redirect_target(built_site, new) is None  # the page itself is a page


def test_the_sitemap_and_the_search_index_have_the_new_urls_only(built_site: Path) -> None:
    pages = {page_path(lang, name) for lang in PREFIX for name in NAMES}
    sitemap = re.findall(r"<loc>([^<]*)</loc>", (built_site / "sitemap.xml").read_text(encoding="utf-8"))
    assert sorted(sitemap) == sorted(SITE_URL + p for p in pages)
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert {d["location"].split("#")[0] for d in index["docs"]} == pages


def test_no_page_links_to_an_old_url(built_site: Path) -> None:
    """Links between pages, the navigation, the switcher and the home lists all lead to pages,
    never through a redirect."""
    checked = 0
    for lang in PREFIX:
        for name in NAMES:
            url = page_path(lang, name)
            html = (built_site / url / "index.html").read_text(encoding="utf-8")
            for href in re.findall(r'<a\b[^>]*\shref="([^"#:?]+/)(?:#[^"]*)?"', html):
                target = posixpath.normpath(posixpath.join("/" + url, href)).lstrip("/")
                target = f"{target}/" if target else ""
                if (built_site / target / "index.html").is_file():
                    assert redirect_target(built_site, target) is None, f"{url}: link {href} is an old URL"
                    checked += 1
    assert checked > 200
