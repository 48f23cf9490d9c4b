"""A page's `slug:` gives it its own URL in its language; the pairing of languages stays by file name."""
from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

from tavla_docs.site.languages import Languages, SlugError, front_matter_slug

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
    assert tr.is_file() and en.is_file() and not (site / "bear-off").exists()
    # the language switcher pairs the two files by name, and points at each one's own URL
    assert posixpath.normpath(posixpath.join("/pul-toplama/", switcher(tr, "en"))) == "/en/bear-off"
    assert posixpath.normpath(posixpath.join("/en/bear-off/", switcher(en, "tr"))) == "/pul-toplama"
    home = (site / "index.html").read_text(encoding="utf-8")
    assert '<a href="pul-toplama/">Toplama</a>' in home  # a Markdown link to the file follows its slug
    assert '<li><a href="pul-toplama/">Pul toplama</a></li>' in home  # and so does the home list
    assert '<li><a href="bear-off/">Bearing off</a></li>' in (site / "en" / "index.html").read_text(encoding="utf-8")


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
