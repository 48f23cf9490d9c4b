"""Stories on pages: `story(...)` draws every frame of a `then:` scenario, `diagram(..., step=k)` one
frame, each a numbered figure labelled "Step k/N" in the page's language (the session's one build)."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from tavla_docs.site.errors import PageError
from tavla_docs.site.i18n import catalog
from tavla_docs.site.renderer import SiteRenderer
from tests.fixture import PROJECT

from .site_urls import page_file

ROOT = Path(__file__).resolve().parents[2]
STEP = {"tr": "Adım", "en": "Step"}


@pytest.fixture(scope="module")
def renderer() -> SiteRenderer:
    return SiteRenderer(PROJECT, cache_dir=None)


def page_html(site: Path, lang: str, name: str) -> str:
    return page_file(site, lang, name).read_text(encoding="utf-8")


def captions(name: str, lang: str) -> list[str]:
    """Each frame's caption as its figure shows it: captions are templates over the frame's facts,
    so they are rendered (tags dropped, as `figures` reads the page)."""
    data = yaml.safe_load((PROJECT / "scenarios" / f"{name}.yaml").read_text(encoding="utf-8"))
    r = SiteRenderer(PROJECT, cache_dir=None)
    return [" ".join(re.sub(r"<[^>]+>", "", r.figure_data(name, lang, step=k)["caption"]).split())
            for k in range(1 + len(data["then"]))]


def svg_ids(html: str) -> list[str]:
    """Every id inside the page's SVG diagrams, each SVG read with an XML parser."""
    out = []
    for svg in re.findall(r"<svg\b.*?</svg>", html, re.S):
        out += [el.get("id") for el in ET.fromstring(svg).iter() if el.get("id")]
    return out


def figures(html: str) -> list[tuple[str, str | None, str]]:
    """(scenario, data-step, figcaption text) for each diagram figure, in page order."""
    found = re.findall(r'<figure class="tavla-figure" id="[^"]+" data-scenario="([^"]+)"(?: data-step="(\d+)")?>'
                       r".*?<figcaption[^>]*>(.*?)</figcaption>", html, re.S)
    return [(s, k or None, " ".join(re.sub(r"<[^>]+>", "", c).split())) for s, k, c in found]


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_bear_off_page_tells_the_hit_story(built_site: Path, lang: str) -> None:
    html = page_html(built_site, lang, "bear-off")
    story = re.search(r'<div class="tavla-story"[^>]*>(.*?)</div>\s*(?=<h2)', html, re.S)
    assert story, "no story group on the page"
    head = story.group(0)[:300]
    assert 'data-frames="3"' in head
    label = {"tr": "3 adımlık oyun akışı", "en": "A story in 3 steps"}[lang]
    assert f'aria-label="{label}"' in head
    frames = [f for f in figures(story.group(1))]
    assert [(s, k) for s, k, _ in frames] == [("bear-off/hit-story", str(k)) for k in range(3)]
    for k, ((_, _, text), caption) in enumerate(zip(frames, captions("bear-off/hit-story", lang), strict=True)):
        assert f"{STEP[lang]} {k + 1}/3. {caption}" in text
    # Figure numbers run on through the story: it follows the page's five single diagrams.
    assert [re.search(r"(\d+)\.", t).group(1) for _, _, t in frames] == ["6", "7", "8"]
    ids = svg_ids(html)
    assert len(ids) == len(set(ids)), "an SVG id repeats on the page"


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_tapa_page_shows_blacks_follow_up(built_site: Path, lang: str) -> None:
    html = page_html(built_site, lang, "tapa")
    release = [f for f in figures(html) if f[0] == "tapa/release"]
    assert [k for _, k, _ in release] == ["0", "1"]
    # Both frames are drawn with step=, so the first is labelled too: no "Step 2/2" without a "Step 1/2".
    assert f"{STEP[lang]} 1/2. {captions('tapa/release', lang)[0]}" in release[0][2]
    assert f"{STEP[lang]} 2/2. {captions('tapa/release', lang)[1]}" in release[1][2]
    assert {"tr": "Siyah oynar, atış 4-1", "en": "Black to play 4-1"}[lang] in release[1][2]
    ids = svg_ids(html)
    assert len(ids) == len(set(ids))


def test_out_of_range_step_names_the_page_line_and_the_frames(renderer: SiteRenderer) -> None:
    with pytest.raises(PageError) as e:
        renderer.render_page('# T\n\n{{ diagram("bear-off/hit-story", step=3) }}\n', path="content/en/x.md",
                             lang="en")
    lines = str(e.value).splitlines()
    assert lines[0] == "content/en/x.md:3: error: scenario scenarios/bear-off/hit-story.yaml: step=3 is out of range"
    assert lines[1] == "    it has 3 frames: step=0 is its own position, step=1 to step=2 are its `then:` steps"
    with pytest.raises(PageError, match=r"^content/tr/x\.md:1: error: .*step=1 is out of range\n"
                                        r"    it has 1 frame: step=0 only"):
        renderer.render_page('{{ diagram("bear-off/mid-move", step=1) }}', path="content/tr/x.md", lang="tr")


def test_a_frame_drawn_twice_on_a_page_gets_fresh_ids(renderer: SiteRenderer) -> None:
    page = renderer.render_page('{{ diagram("bear-off/hit-story") }}\n\n{{ story("bear-off/hit-story") }}\n'
                                '{{ diagram("bear-off/hit-story", step=2) }}\n', path="x.md", lang="en")
    html = "\n".join(page.fragments[k] for k in sorted(page.fragments))
    ids = svg_ids(html)
    assert len(ids) == len(set(ids)) and page.figures == 5
    anchors = re.findall(r'<figure class="tavla-figure" id="([^"]+)"', html)
    assert len(anchors) == len(set(anchors)) == 5


def test_a_story_without_steps_is_one_plain_figure(renderer: SiteRenderer) -> None:
    page = renderer.render_page('{{ story("bear-off/mid-move") }}', path="x.md", lang="en")
    html = page.fragments[0]
    assert page.figures == 1 and 'data-frames="1"' in html and 'aria-label="A story in 1 step"' in html
    assert "Step " not in html


@pytest.mark.parametrize("n, tr, en", [(1, "1 adımlık oyun akışı", "A story in 1 step"),
                                       (3, "3 adımlık oyun akışı", "A story in 3 steps")])
def test_story_label_plural(n: int, tr: str, en: str) -> None:
    msg = ("A story in %(num)d step", "A story in %(num)d steps")
    assert catalog("tr").ngettext(*msg, n) % {"num": n} == tr
    assert catalog("en").ngettext(*msg, n) % {"num": n} == en
