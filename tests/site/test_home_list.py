"""The home page's list of pages (`{{ page_list() }}`) comes from each language's navigation."""
from __future__ import annotations

import posixpath
import re
from pathlib import Path

import yaml

from tests.fixture import PROJECT

LIST = re.compile(r'<ul class="tavla-page-list">(.*?)</ul>', re.DOTALL)
ITEM = re.compile(r'<li><a href="([^"]*)">([^<]*)</a>(?:: ([^<]*))?</li>')


def home_list(site: Path, url: str) -> list[tuple[str, str, str]]:
    found = LIST.findall((site / url / "index.html").read_text(encoding="utf-8"))
    assert len(found) == 1, f"{url}: {len(found)} page lists"
    return ITEM.findall(found[0])


def front_matter(page: Path) -> dict:
    return yaml.safe_load(page.read_text(encoding="utf-8").split("---", 2)[1])


def nav_order(root: Path = PROJECT) -> list[str]:
    text = (root / "mkdocs.yml").read_text(encoding="utf-8")
    return [x.strip() for x in re.search(r"nav_order: \[(.*)\]", text).group(1).split(",")]


def assert_home_lists_every_page(site: Path, root: Path = PROJECT) -> None:
    """Each language's home page lists every other page of the project at `root`, in nav_order, with
    its title and summary (whatever pages the project has)."""
    order = [n for n in nav_order(root) if n != "index.md"]
    for lang, prefix in (("tr", ""), ("en", "en/")):
        items = home_list(site, prefix)
        pages = sorted(p.name for p in (root / "content" / lang).glob("*.md") if p.name != "index.md")
        assert len(items) == len(pages) and sorted(order) == pages
        for (href, title, about), name in zip(items, order, strict=True):
            meta = front_matter(root / "content" / lang / name)
            assert title == meta["title"] and about == meta.get("summary", meta["description"])
            target = posixpath.normpath(posixpath.join(prefix, href))
            slug = meta.get("slug") or name.removesuffix(".md")
            assert target == prefix + slug, (lang, href)
            assert (site / target / "index.html").is_file()


def test_the_home_page_lists_every_page_in_both_languages(built_site: Path) -> None:
    assert_home_lists_every_page(built_site)


PAGE = "---\ntitle: {title}\ndescription: {about}\n---\n# {title}\n\nText.\n"
HOME = "---\ntitle: Home\n---\n# Home\n\n{{ page_list() }}\n"


def small_site(tmp_path: Path, tiny) -> Path:
    (tmp_path / "p").mkdir()
    proj = tiny(tmp_path / "p", HOME, HOME, {})
    for lang in ("tr", "en"):
        (proj / "content" / lang / "bravo.md").write_text(PAGE.format(title=f"Bravo {lang}", about="b & c"), encoding="utf-8")
    return proj


def test_a_new_page_is_listed_at_the_next_build_even_from_the_cache(cli, tmp_path: Path, tiny) -> None:
    proj = small_site(tmp_path, tiny)
    site = tmp_path / "site"
    args = ("build", "-q", "--no-check", "--config", str(proj / "mkdocs.yml"), "--site-dir", str(site))
    r = cli(*args, cwd=proj)
    assert r.returncode == 0, r.stderr
    assert home_list(site, "") == [("bravo/", "Bravo tr", "b &amp; c")]
    assert home_list(site, "en/") == [("bravo/", "Bravo en", "b &amp; c")]
    for lang in ("tr", "en"):  # the home pages are unchanged, so they come from the cache
        (proj / "content" / lang / "alpha.md").write_text(PAGE.format(title=f"Alpha {lang}", about="a"), encoding="utf-8")
    r = cli(*args, cwd=proj)
    assert r.returncode == 0, r.stderr
    assert [t for _, t, _ in home_list(site, "")] == ["Alpha tr", "Bravo tr"]
    assert [h for h, _, _ in home_list(site, "en/")] == ["alpha/", "bravo/"]


def test_folder_pages_parses_each_text_once_and_sees_edits(tmp_path: Path) -> None:
    """Every home page of a build lists the same folder: its pages' front matter is parsed once per
    text (`languages._front_and_title`), and an edited page is read again."""
    from tavla_docs.site import languages

    (tmp_path / "a.md").write_text("---\ntitle: A\nsummary: first\n---\n# x\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("# Bee page\n", encoding="utf-8")
    languages._front_and_title.cache_clear()
    first = languages.folder_pages(tmp_path, ["b.md"])
    assert [(rel, meta, title) for rel, _, meta, title in first] == [
        ("b.md", {}, "Bee page"), ("a.md", {"title": "A", "summary": "first"}, "A")]
    first[1][2]["summary"] = "changed by a caller"  # each call's front matter is its own copy
    again = languages.folder_pages(tmp_path, ["b.md"])
    assert languages._front_and_title.cache_info().hits == 2 and again[1][2]["summary"] == "first"
    (tmp_path / "a.md").write_text("---\ntitle: A2\n---\n", encoding="utf-8")
    assert [title for _, _, _, title in languages.folder_pages(tmp_path, [])] == ["A2", "Bee page"]


def test_a_renderer_reads_a_language_folder_once_per_build(tmp_path: Path) -> None:
    """`page_list()` on every home page of a build takes one listing of its folder (the renderer's,
    `SiteRenderer.page_listing`): the same pages, titles and file hashes; the next build's renderer
    reads the folder again and sees an edit."""
    import hashlib

    from tavla_docs.site.renderer import SiteRenderer

    (tmp_path / "mkdocs.yml").write_text("site_name: x\ndocs_dir: content\n", encoding="utf-8")
    folder = tmp_path / "content" / "tr"
    folder.mkdir(parents=True)
    (folder / "index.md").write_text("# Home\n\n{{ page_list() }}\n", encoding="utf-8")
    (folder / "a.md").write_text("---\nsummary: first\n---\n# Alpha\n", encoding="utf-8")
    r = SiteRenderer(tmp_path, cache_dir=None)
    first = r.render_page("{{ page_list() }}", path="content/tr/index.md", lang="tr")
    assert "Alpha" in first.fragments[0] and "first" in first.fragments[0]
    assert first.deps == {"content/tr/a.md": hashlib.sha256((folder / "a.md").read_bytes()).hexdigest(),
                          "mkdocs.yml": hashlib.sha256((tmp_path / "mkdocs.yml").read_bytes()).hexdigest()}
    listing = r.page_listing("tr")
    (folder / "a.md").write_text("# Alpha two\n", encoding="utf-8")
    again = r.render_page("{{ page_list() }} ", path="content/tr/index2.md", lang="tr")
    assert r.page_listing("tr") is listing and "Alpha two" not in again.fragments[0]  # one build: one read
    fresh = SiteRenderer(tmp_path, cache_dir=None).render_page("{{ page_list() }}", path="content/tr/index.md", lang="tr")
    assert "Alpha two" in fresh.fragments[0] and "first" not in fresh.fragments[0]
    assert fresh.deps["content/tr/a.md"] == hashlib.sha256(b"# Alpha two\n").hexdigest()
