"""The real site, built strictly: every page in both languages, every figure and table where asked."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.fixture import PROJECT

from .site_urls import page_file, page_path, site_names

ROOT = Path(__file__).resolve().parents[2]

PAGES = ("index", "bear-off", "odds", "rules", "backgammon", "glossary")  # files; `site_urls` gives their URLs


class Outline(HTMLParser):
    """Collects what the tests look for: figures with an SVG, table rows by table class, links, <html lang>."""

    def __init__(self) -> None:
        super().__init__()
        self.lang = None
        self.figures: list[str] = []  # data-scenario of each figure that contains an <svg>
        self._figure: str | None = None
        self.tables: list[tuple[str, list[list[str]]]] = []
        self._table: list[list[str]] | None = None
        self._cell: list[str] | None = None
        self.links: list[dict[str, str]] = []
        self.srcs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "html":
            self.lang = a.get("lang")
        elif tag == "figure" and "tavla-figure" in a.get("class", ""):
            self._figure = a.get("data-scenario", "")
        elif tag == "svg" and self._figure is not None:
            self.figures.append(self._figure)
            self._figure = None
        elif tag == "table":
            self._table = []
            self.tables.append((a.get("data-tavla", ""), self._table))
        elif tag == "tr" and self._table is not None:
            self._table.append([])
        elif tag in ("td", "th") and self._table is not None and self._table:
            self._cell = []
        elif tag == "a":
            self.links.append(a)
        if a.get("src"):
            self.srcs.append(a["src"])
        loads = {"stylesheet", "preload", "icon", "preconnect", "modulepreload"}
        if tag == "link" and a.get("href") and set(a.get("rel", "").split()) & loads:
            self.srcs.append(a["href"])

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._table:
            self._table[-1].append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "table":
            self._table = None
        elif tag == "figure":
            self._figure = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def table(self, cls: str) -> list[list[list[str]]]:
        return [rows for c, rows in self.tables if cls in c.split()]


def outline(site: Path, url: str) -> Outline:
    o = Outline()
    o.feed((site / url / "index.html").read_text(encoding="utf-8"))
    return o


def jinja_calls(page: Path, helper: str) -> list[str]:
    """The first argument of each `{{ helper(...) }}` call in an authored page."""
    return re.findall(helper + r'\(\s*"([^"]+)"', page.read_text(encoding="utf-8"))


def figures_asked(page: Path) -> list[str]:
    """The scenario of each figure a page asks for, in order: one per `diagram(...)` or `try_it(...)` (the same
    figure), and one per frame (the scenario plus its `then:` steps, read from the file) for each `story(...)`."""
    import yaml

    out: list[str] = []
    for helper, name in re.findall(r'\b(diagram|story|try_it)\(\s*"([^"]+)"', page.read_text(encoding="utf-8")):
        if helper == "story":
            data = yaml.safe_load((PROJECT / "scenarios" / f"{name}.yaml").read_text(encoding="utf-8"))
            out += [name] * (1 + len(data.get("then") or []))
        else:
            out.append(name)
    return out


@pytest.mark.parametrize("lang", ["tr", "en"])
@pytest.mark.parametrize("name", PAGES)
def test_every_page_exists_in_both_languages(built_site: Path, lang: str, name: str) -> None:
    o = outline(built_site, page_path(lang, name))
    assert o.lang == lang
    html = page_file(built_site, lang, name).read_text(encoding="utf-8")
    assert "<!--tavla:" not in html, "a placeholder was not replaced"
    assert "{{" not in html and "{%" not in html, "unrendered Jinja in the page"


@pytest.mark.parametrize("lang", ["tr", "en"])
@pytest.mark.parametrize("name", PAGES)
def test_each_diagram_appears_where_the_page_asks(built_site: Path, lang: str, name: str) -> None:
    asked = figures_asked(PROJECT / "content" / lang / f"{name}.md")
    assert outline(built_site, page_path(lang, name)).figures == asked


def test_bear_off_page_has_the_seed_diagrams_and_tables(built_site: Path) -> None:
    o = outline(built_site, page_path("tr", "bear-off"))
    assert o.figures == ["bear-off/mid-move", "bear-off/larger-die-takes-farthest", "bear-off/order-matters",
                         "bear-off/doubles-end-game", "bear-off/hit-during-bear-off"] + \
        ["bear-off/hit-story"] * 3  # the story: 2 `then:` steps
    odds = o.table("odds")
    assert len(odds) == 2
    # Seed 1's two tables, row for row (the site computes them by enumerating the 36 rolls).
    assert [r[1] for r in odds[0][1:]] == ["36/36", "34/36", "31/36", "27/36"]
    assert odds[0][0][:2] == ["Son pul hangi hanede", "Onu toplayan atışlar"]
    assert [r[0] for r in odds[0][1:]] == ["1., 2. ya da 3. hane", "4. hane", "5. hane", "6. hane"]
    assert [tuple(r[:2]) for r in odds[1][1:]] == [
        ("2. ve 1. haneler", "36/36"), ("3. ve 1. haneler", "34/36"), ("2. hane (ikisi de)", "26/36"),
        ("4. ve 1. haneler", "29/36"), ("3. ve 2. haneler", "25/36"), ("3. hane (ikisi de)", "17/36"),
        ("5. ve 1. haneler", "23/36"), ("6. ve 1. haneler", "15/36"), ("4. hane (ikisi de)", "11/36"),
        ("6. ve 5. haneler", "6/36"), ("6. hane (ikisi de)", "4/36")]
    en = outline(built_site, page_path("en", "bear-off")).table("odds")
    assert en[0][0][:2] == ["Where the last checker is", "Rolls that bear it off"]
    assert en[1][3][:2] == ["both on the 2-point", "26/36"]


def test_rules_page_tables_come_from_the_rulesets(built_site: Path) -> None:
    tables = outline(built_site, page_path("tr", "rules")).table("summary")
    assert len(tables) == 2
    two, five = tables
    assert two[0] == ["Kural", "Tavla (Türk kuralları)", "Backgammon"]
    assert len(five[0]) == 6
    rows = {r[0]: r[1:] for r in two[1:]}
    assert rows["Katlama zarı"] == ["Yok", "Var, en çok 64"]
    assert rows["Başlangıçta pip sayısı"] == ["167", "167"]
    # Katmerli mars is an option of Türk tavla (rules.md D1), off by default: the table says it is optional,
    # as the user's page states it; backgammon scores it always.
    assert rows["Puan"][0].endswith("; isteğe bağlı: katmerli mars 3 puan") and "katmerli mars 3 puan;" in rows["Puan"][1]


def test_glossary_has_every_section(built_site: Path) -> None:
    for lang in ("tr", "en"):
        tables = outline(built_site, page_path(lang, "glossary")).table("glossary")
        assert len(tables) == 4 and all(len(t) > 3 for t in tables)


@pytest.mark.parametrize("name", PAGES)
def test_language_switcher_links_to_the_same_page(built_site: Path, name: str) -> None:
    url, en_url = page_path("tr", name), page_path("en", name)
    tr = outline(built_site, url)
    en = outline(built_site, en_url)
    to_en = [a["href"] for a in tr.links if a.get("hreflang") == "en"]
    to_tr = [a["href"] for a in en.links if a.get("hreflang") == "tr"]
    assert len(to_en) == 1 and len(to_tr) == 1
    # Resolve the relative links against each page's own URL.
    import posixpath
    assert posixpath.normpath(posixpath.join("/" + url, to_en[0])) == posixpath.normpath("/" + en_url)
    assert posixpath.normpath(posixpath.join("/" + en_url, to_tr[0])) == posixpath.normpath("/" + url)


def test_no_external_requests(built_site: Path) -> None:
    for html in built_site.rglob("index.html"):
        for src in outline(built_site, str(html.parent.relative_to(built_site))).srcs:
            assert not src.startswith(("http:", "https:", "//")), f"{html}: external resource {src}"


def test_turkish_pages_keep_bar_and_off_with_a_reading(built_site: Path) -> None:
    html = page_file(built_site, "tr", "bear-off").read_text(encoding="utf-8")
    assert '<code class="tavla-play" title="9. haneden 3. haneye; 3. haneden pul toplama">9/3 3/off</code>' in html


def test_site_name_follows_the_language(built_site: Path) -> None:
    tr = page_file(built_site, "tr", "bear-off").read_text(encoding="utf-8")
    en = page_file(built_site, "en", "bear-off").read_text(encoding="utf-8")
    assert "<title>Tavlada pul toplama - Tavla kuralları</title>" in tr
    assert "<title>Bearing off in tavla - Tavla rules</title>" in en


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_a_home_page_named_as_the_site_says_the_name_once(built_site: Path, lang: str) -> None:
    """The home page's title is the site's name: the tab reads it once, not "Tavla kuralları - Tavla kuralları"."""
    html = page_file(built_site, lang, "index").read_text(encoding="utf-8")
    title = site_names()[lang]
    assert f"title: {title}\n" in (PROJECT / "content" / lang / "index.md").read_text(encoding="utf-8")
    assert re.findall(r"<title>(.*?)</title>", html) == [title]


def test_turkish_ordinals_do_not_start_lists() -> None:
    """'6. hanedeki …' at the start of a line would be a Markdown list item; write '6\\. hanedeki'."""
    for page in (PROJECT / "content").rglob("*.md"):
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            assert not re.match(r"^\d+\. [a-zçğıöşü]", line), f"{page}:{n}: escape the ordinal: {line[:30]}"


def test_bear_off_page_has_no_accidental_list(built_site: Path) -> None:
    html = page_file(built_site, "tr", "bear-off").read_text(encoding="utf-8")
    article = html[html.index("<article"):html.index("</article>")]
    assert "<ol" not in article
