"""Typography of the built pages: no line break inside a unit, ¶ titles and the tab title in the page's language."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tavla_docs.site.typography import keep_units, permalink_titles
from tests.fixture import PROJECT

from .site_urls import page_file

NB = "\u00a0"
NAMES = sorted(p.stem for p in (PROJECT / "content" / "tr").glob("*.md"))


@pytest.mark.parametrize("lang, text, want", [
    # Turkish ordinals and the word after them
    ("tr", "6. hanede, 24. haneye, 1–6. haneler", f"6.{NB}hanede, 24.{NB}haneye, 1–6.{NB}haneler"),
    ("tr", "sonra 6.\nhanede", f"sonra 6.{NB}hanede"),  # a line break of the source is a space too
    # a number and its unit, in both languages
    ("tr", "15 pul, 3 puan, 1,25 atış, 1/6 ihtimal", f"15{NB}pul, 3{NB}puan, 1,25{NB}atış, 1/6{NB}ihtimal"),
    ("en", "15 checkers, 2 points, 1.25 rolls", f"15{NB}checkers, 2{NB}points, 1.25{NB}rolls"),
    ("en", "8 1/6 rolls", f"8{NB}1/6{NB}rolls"),
    # left alone: a capital (a new sentence or a name), plays, an English "6.", numbers inside words
    ("tr", "6. Beyaz 24 Siyah", "6. Beyaz 24 Siyah"),
    ("tr", "13/11 8/5 oynar", f"13/11 8/5{NB}oynar"),
    ("en", "the 6. then", "the 6. then"),
    ("tr", "x2 pul, 2x pul", "x2 pul, 2x pul"),
])
def test_units_are_joined_in_text(lang: str, text: str, want: str) -> None:
    assert keep_units(f"<p>{text}</p>", lang) == f"<p>{want}</p>"


@pytest.mark.parametrize("html", [
    '<p title="6. hanede 15 pul">x</p>',  # attributes
    "<code>6. hanede</code>", "<pre><code>15 pul\n3 puan</code></pre>", "<kbd>3 puan</kbd>",
    '<svg><title>15 pul</title><text x="1">6. hanede</text></svg>', "<script>var a = '15 pul';</script>",
    "<!-- 15 pul -->", "<style>p::after{content:'15 pul'}</style>",
])
def test_tags_attributes_code_and_drawings_are_left_alone(html: str) -> None:
    assert keep_units(html, "tr") == html


def test_text_after_code_and_drawings_is_joined_again() -> None:
    html = "<p><code>6. x</code> 6. hanede <svg><text>15 pul</text></svg> 15 pul<br/>3 puan</p>"
    assert keep_units(html, "tr") == (f"<p><code>6. x</code> 6.{NB}hanede <svg><text>15 pul</text></svg> "
                                      f"15{NB}pul<br/>3{NB}puan</p>")


def test_permalink_titles_change_only_headerlinks() -> None:
    html = ('<h2 id="a">A<a class="headerlink" href="#a" title="Permanent link">&para;</a></h2>'
            '<a href="#b" title="Permanent link">b</a>')
    out = permalink_titles(html, "Permanent link", "Kalıcı bağlantı")
    assert out.count('title="Kalıcı bağlantı"') == 1 and out.count('title="Permanent link"') == 1


def article(html: str) -> str:
    start = html.index(">", html.index('<article class="md-content__inner')) + 1
    return html[start:html.index("</article>", start)]


@pytest.mark.parametrize("name", NAMES)
def test_permalinks_are_titled_in_the_pages_language(built_site: Path, name: str) -> None:
    for lang, title in (("tr", "Kalıcı bağlantı"), ("en", "Permanent link")):
        html = page_file(built_site, lang, name).read_text(encoding="utf-8")
        titles = re.findall(r'<a class="headerlink" href="[^"]*" title="([^"]*)"', html)
        assert titles and set(titles) == {title}, (lang, name, set(titles))


def test_built_pages_keep_units_on_one_line(built_site: Path) -> None:
    tr = article(page_file(built_site, "tr", "bear-off").read_text(encoding="utf-8"))
    en = article(page_file(built_site, "en", "bear-off").read_text(encoding="utf-8"))
    assert f'<span class="tavla-figure__number">Şekil{NB}1.</span>' in tr
    assert f'<span class="tavla-figure__number">Figure{NB}1.</span>' in en
    assert f"15{NB}pulun" in tr and f"15{NB}checkers" in en
    assert re.search(rf"\d\.{NB}hane", tr)
    # what a reader reads has no ordinal or unit split by a plain space; code and drawings keep theirs
    prose = re.sub(r"<(svg|code|script|style)\b.*?</\1>", "", tr, flags=re.S)
    prose = re.sub(r"<[^>]+>", "", prose)
    assert not re.search(r"(?<![\w.,/])\d+\. hane", prose)
    for svg in re.findall(r"<svg\b.*?</svg>", tr, re.S):
        assert NB not in svg


def test_the_search_index_reads_the_units_as_words(built_site: Path) -> None:
    """The search splits words with the index's `separator` (`[\\s\\-]+`; `\\s` takes U+00A0 in
    JavaScript as in Python), so '15 pul' is still two words to it."""
    import json

    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert any(f"15{NB}pul" in d["text"] for d in index["docs"])
    assert re.fullmatch(index["config"]["separator"], NB)
