"""`tavla-docs export --offline OUT`: the site, every language, opened from `file://` with the network blocked.

A small two-language project (search plugin, colour schemes and language switch as on the
project's own site; a try-it board, a figure and a second page) is exported once; the folder is
read as files (no external URL in any HTML attribute or stylesheet, no search box, the zip holds
the folder's bytes) and opened in headless Chromium from `file://`, every request that is not
`file:` aborted and recorded: every page loads with no error, a figure is drawn, a try-it board is
played to the end and the language switch leads to the same page in English.
Skipped only when chromium is missing and CI is not set, like the other browser tests.
"""
from __future__ import annotations

import re
import shutil
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tavla_docs.cli.main import main
from tavla_docs.cli.offline import kept
from tavla_docs.engine.board import OFF
from tavla_docs.site import i18n
from tests.fixture import PROJECT

CONFIG = """site_name: Tavla kuralları
site_url: https://tavla-docs.example/
docs_dir: content
site_dir: site
strict: true
use_directory_urls: true
theme:
  name: material
  language: tr
  font: false
  features: [navigation.instant, navigation.footer]
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
      toggle: {icon: material/weather-night, name: Koyu renklere geç}
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
      toggle: {icon: material/weather-sunny, name: Açık renklere geç}
extra:
  alternate:
    - {name: Türkçe, link: /, lang: tr}
    - {name: English, link: /en/, lang: en}
  generator: false   # as on the project's site: no "Made with Material" link to the web
plugins:
  - search
  - tavla-docs:
      site_names: {tr: Tavla kuralları, en: Tavla rules}
      nav_order: [index.md, second.md]
"""
PAGES = {
    ("tr", "index.md"): "# Deneyin\n\n{{ try_it(\"bear-off/mid-move\") }}\n\n[İkinci sayfa](second.md)\n",
    ("en", "index.md"): "# Try it\n\n{{ try_it(\"bear-off/mid-move\") }}\n\n[The second page](second.md)\n",
    ("tr", "second.md"): "# İkinci sayfa\n\n{{ diagram(\"bear-off/order-matters\") }}\n",
    ("en", "second.md"): "# The second page\n\n{{ diagram(\"bear-off/order-matters\") }}\n",
}
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.I)  # a scheme, or a network-path reference
INERT = ("data:", "mailto:", "tel:", "javascript:void")


def make_project(dest: Path) -> Path:
    dest.mkdir(parents=True)
    (dest / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    for (lang, name), text in PAGES.items():
        (dest / "content" / lang).mkdir(parents=True, exist_ok=True)
        (dest / "content" / lang / name).write_text(text, encoding="utf-8")
    (dest / "scenarios" / "bear-off").mkdir(parents=True)
    for name in ("mid-move", "order-matters"):
        shutil.copy(PROJECT / "scenarios" / "bear-off" / f"{name}.yaml", dest / "scenarios" / "bear-off")
    return dest


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the project, OUT), exported once by the command line."""
    work = tmp_path_factory.mktemp("offline")
    project = make_project(work / "project")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TAVLA_DOCS_AUDIT", "off")  # the fixture's pages are not the audit's subject
        mp.setenv("SOURCE_DATE_EPOCH", "1700000000")
        assert main(["export", "-q", "--config", str(project / "mkdocs.yml"), "--offline", str(work / "out")]) == 0
    return project, work / "out"


class _Links(HTMLParser):
    """Every URL-bearing attribute of a page, with the tag and attribute it is in."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[tuple[str, str, str]] = []
        self.search = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None or name.startswith("xmlns"):  # an XML namespace names, it is never fetched
                continue
            if name in ("src", "href", "srcset", "action", "poster", "data", "xlink:href", "content") \
                    and EXTERNAL.match(value.strip()) and not value.strip().startswith(INERT):
                if not (name == "content" and not value.strip().startswith(("http", "//"))):
                    self.urls.append((tag, name, value))
            if name == "data-md-component" and value == "search":
                self.search = True


def test_the_folder_has_every_page_and_no_external_url(exported: tuple[Path, Path]) -> None:
    _, out = exported
    site = out / "site"
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    assert {"index.html", "second.html", "en/index.html", "en/second.html"} <= set(pages)
    for rel in pages:
        parser = _Links()
        parser.feed((site / rel).read_text(encoding="utf-8"))
        assert parser.urls == [], f"{rel}: external URLs {parser.urls}"
        assert not parser.search, f"{rel}: a search box, with no search behind it offline"
    for css in site.rglob("*.css"):
        text = css.read_text(encoding="utf-8")
        urls = [u.strip("'\" ") for u in re.findall(r"url\(([^)]*)\)", text)] + re.findall(r"@import\s+['\"]([^'\"]+)", text)
        assert [u for u in urls if EXTERNAL.match(u) and not u.startswith("data:")] == [], css
    assert not any(site.rglob("*.map")) and not (site / "sitemap.xml").exists() and not (site / "search").exists()


def test_the_zip_holds_the_folder_byte_for_byte(exported: tuple[Path, Path]) -> None:
    _, out = exported
    files = sorted(p.relative_to(out / "site").as_posix() for p in (out / "site").rglob("*") if p.is_file())
    with zipfile.ZipFile(out / "site.zip") as z:
        assert z.namelist() == files
        for name in files:
            assert z.read(name) == (out / "site" / name).read_bytes(), name
        assert {i.date_time for i in z.infolist()} == {(2023, 11, 14, 22, 13, 20)}


def test_a_second_export_is_byte_identical_and_replaces_its_own_files(exported: tuple[Path, Path],
                                                                      tmp_path: Path, monkeypatch) -> None:
    project, out = exported
    monkeypatch.setenv("TAVLA_DOCS_AUDIT", "off")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    stale = out / "site" / "gone.html"
    again = tmp_path / "again"
    assert main(["export", "-q", "--config", str(project / "mkdocs.yml"), "--offline", str(again)]) == 0
    assert (again / "site.zip").read_bytes() == (out / "site.zip").read_bytes()
    # an earlier export's page that this one does not write is removed; nobody else's file is touched
    (again / "site" / "gone.html").write_text("old page", encoding="utf-8")
    manifest = (again / ".tavla-docs-export.json").read_text(encoding="utf-8")
    (again / ".tavla-docs-export.json").write_text(manifest.replace('"site.zip"', '"site.zip",\n  "site/gone.html"'),
                                                    encoding="utf-8")
    (again / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["export", "-q", "--config", str(project / "mkdocs.yml"), "--offline", "--force", str(again)]) == 0
    assert not (again / "site" / "gone.html").exists() and (again / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert not stale.exists()


def test_bad_destinations_and_options_are_one_line_errors(exported: tuple[Path, Path], tmp_path: Path,
                                                          monkeypatch, capsys) -> None:
    project, _ = exported
    monkeypatch.setenv("TAVLA_DOCS_AUDIT", "off")
    config = str(project / "mkdocs.yml")
    full = tmp_path / "full"
    full.mkdir()
    (full / "README.md").write_text("someone's", encoding="utf-8")
    cases = [
        ([str(project)], 1, f"{project}: error: this is the project's own folder"),
        ([str(project / "content" / "out")], 1, f"{project / 'content' / 'out'}: error: inside the project's pages folder"),
        ([str(full)], 1, f"{full}: error: the folder is not empty and holds no earlier export"),
        (["--lang", "en", str(tmp_path / "x")], 2, "tavla-docs export: error: --lang does not go with --offline"),
    ]
    for extra, status, start in cases:
        assert main(["export", "-q", "--config", config, "--offline", *extra]) == status
        err = capsys.readouterr().err
        assert err.startswith(start) and err.count("\n") == 1 and "Traceback" not in err, err
    (full / "site").mkdir()
    (full / "site" / "index.html").write_text("someone's page", encoding="utf-8")
    assert main(["export", "-q", "--config", config, "--offline", "--force", str(full)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{full / 'site' / 'index.html'}: error: exists and was not written by tavla-docs export")
    assert (full / "site" / "index.html").read_text(encoding="utf-8") == "someone's page"


def test_server_only_files_are_left_out() -> None:
    assert [kept(p) for p in ("index.html", "en/second.html", "assets/javascripts/tavla-try.js")] == [True] * 3
    assert not any(kept(p) for p in ("404.html", "sitemap.xml.gz", "search/search_index.json",
                                     "assets/javascripts/lunr/tinyseg.js", "assets/javascripts/workers/search.js",
                                     "assets/javascripts/bundle.js.map"))


# ---- in Chromium, from file://, the network blocked ------------------------------------


def open_file(browser, url: str, blocked: list[str]):
    """A page opened from `url` (file://) with every other request aborted and recorded, and its problems."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})

    def route(r) -> None:
        if r.request.url.startswith("file:"):
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()
    context.route("**/*", route)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url} ({r.failure})"))
    page.goto(url, wait_until="load")
    page.wait_for_timeout(150)
    return page, problems


def test_every_page_opens_from_files_with_the_network_blocked(exported: tuple[Path, Path], chromium) -> None:
    _, out = exported
    site = out / "site"
    blocked: list[str] = []
    for html in sorted(site.rglob("*.html")):
        page, problems = open_file(chromium, html.as_uri(), blocked)
        try:
            assert problems == [], f"{html.relative_to(site)}: {problems}"
            assert page.locator("article h1").count() == 1, html
            figure = page.locator("figure.tavla-figure svg").first
            box = figure.bounding_box()
            assert box is not None and box["width"] > 200 and box["height"] > 150, html
            assert page.locator(".md-search").count() == 0
        finally:
            page.context.close()
    assert blocked == []


def word(lang: str, msgid: str, **args: object) -> str:
    return i18n.catalog(lang).gettext(msgid) % args


def test_a_board_is_played_to_the_end_links_work_and_the_language_switch(exported: tuple[Path, Path],
                                                                         chromium) -> None:
    _, out = exported
    blocked: list[str] = []
    page, problems = open_file(chromium, (out / "site" / "index.html").as_uri(), blocked)
    try:
        board = page.locator("[data-tavla-try]").first
        board.scroll_into_view_if_needed()
        for own in (9, 3, 3, OFF):
            board.locator(f'rect.try-hit[data-own="{own}"]').click()
        status = board.locator(".tavla-try__status").inner_text()
        assert word("tr", "The play is complete: %(play)s", play="9/off") in status, status
        assert board.locator('svg g.checkers use.checker.white[data-point="off"]').count() == 1
        # the page's own link, then the language switch: the same page in English
        page.locator("article a", has_text="İkinci sayfa").click()
        page.wait_for_load_state("load")
        assert page.url.endswith("/site/second.html"), page.url
        page.locator(".md-header__option .md-select").first.hover()
        page.locator('a.tavla-lang-link[hreflang="en"]').click()
        page.wait_for_load_state("load")
        assert page.url.endswith("/site/en/second.html"), page.url
        assert page.locator("html").get_attribute("lang") == "en"
        assert page.locator("article h1").inner_text() == "The second page"
        assert page.locator("figure.tavla-figure svg").count() == 1
        assert problems == [] and blocked == []
    finally:
        page.context.close()
