"""`try_it(…)` boards at build time: the figure is `diagram(…)`'s, the embedded tree is the
engine's, the reasons are the catalogs' translations of the engine's sentences, and the data
and the script stay small. The script itself runs in tests/site/test_tryit_browser.py."""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from tavla_docs.engine.explain import MESSAGES
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.scenario import load_scenario
from tavla_docs.site import i18n
from tavla_docs.site.errors import PageError
from tavla_docs.site.renderer import SiteRenderer
from tavla_docs.site.terms import catalog_warnings
from tavla_docs.site.tryit import UI, OneOrMany
from tests.fixture import PROJECT, PROJECT_LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "tavla_docs" / "site" / "theme" / "assets"
DATA = re.compile(r'<script type="application/json" class="tavla-try__data">(.*?)</script>', re.DOTALL)
FIGURE = re.compile(r"<figure\b.*?</figure>", re.DOTALL)
MAX_BYTES = 20 * 1024


@pytest.fixture(scope="module")
def renderer() -> SiteRenderer:
    return SiteRenderer(PROJECT, cache_dir=None)


def fragment(r: SiteRenderer, source: str, lang: str = "tr") -> str:
    page = r.render_page(source, path="x.md", lang=lang)
    (html,) = page.fragments.values()
    return html


def board(r: SiteRenderer, name: str, lang: str = "tr", step: int = 0) -> tuple[str, dict]:
    html = fragment(r, f'{{{{ try_it("{name}", step={step}) }}}}', lang)
    m = DATA.search(html)
    assert m is not None
    return m.group(1), json.loads(m.group(1))


def site_scenarios() -> list[str]:
    """The project's scenarios with a roll to play (the others are positions to look at)."""
    out = []
    for p in sorted((PROJECT / "scenarios").rglob("*.yaml")):
        if any(f.roll is not None for f in load_scenario(p, PROJECT / "scenarios").frames):
            out.append(p.relative_to(PROJECT / "scenarios").with_suffix("").as_posix())
    return out


@pytest.mark.parametrize("name, step", [("bear-off/order-matters", 0), ("bear-off/mid-move", 0),
                                        ("bear-off/hit-story", 2), ("tapa/pin", 0), ("gulbara/progression", 0)])
def test_the_figure_is_the_one_diagram_draws(renderer: SiteRenderer, name: str, step: int) -> None:
    """Without JavaScript the page shows what `diagram(…)` shows: the same figure element."""
    call = f'diagram("{name}", step={step})' if step else f'diagram("{name}")'
    static = FIGURE.findall(fragment(renderer, "{{ " + call + " }}"))
    tried = FIGURE.findall(fragment(renderer, f'{{{{ try_it("{name}", step={step}) }}}}'))
    assert len(static) == len(tried) == 1 and tried == static


def test_the_data_is_the_engines_tree(renderer: SiteRenderer) -> None:
    text, data = board(renderer, "bear-off/order-matters")
    (frame,) = data["frames"]
    s = load_scenario(PROJECT / "scenarios" / "bear-off" / "order-matters.yaml", PROJECT / "scenarios")
    assert frame["plays"] == [str(p) for p in legal_plays(s.position, s.turn, s.roll, s.rules)]
    assert frame["dice"] == [4, 2] and frame["side"] == "w" and frame["pos"][0][5] == 1 and frame["pos"][0][3] == 1
    root = frame["n"][0]
    edges = [root[1][i:i + 4] for i in range(0, len(root[1]), 4)]
    assert sorted((e[0], e[1]) for e in edges) == [(3, 2), (5, 2), (5, 4)]  # 3/off with the 4 is refused
    refused = {(r[0], r[1]): data["why"][r[2]] for r in (root[2][i:i + 3] for i in range(0, len(root[2]), 3))}
    assert refused == {(3, 4): "Daha geride (5. hanede) pul varken bir pul, bulunduğu haneden büyük bir zarla toplanamaz"}
    assert frame["show"] == [[5, 3, 2, 0], [3, 0, 4, 0]] and frame["none"] == -1
    complete = {frame["plays"][n[0]] for n in frame["n"] if n[0] >= 0}
    assert complete == set(frame["plays"])


def test_the_reasons_are_in_the_pages_language(renderer: SiteRenderer) -> None:
    _, en = board(renderer, "bear-off/order-matters", "en")
    assert en["why"][0] == "A larger die cannot bear off while a checker stands farther back (on the 5-point)"
    assert en["ui"]["count"] == ["%(num)d checker", "%(num)d checkers"]
    _, tr = board(renderer, "bear-off/order-matters", "tr")
    assert tr["ui"]["count"] == ["%(num)d pul", "%(num)d pul"] and tr["ui"]["white"] == "Beyaz"
    _, closed = board(renderer, "bear-off/hit-story", "en", step=2)
    assert [f["label"] for f in closed["frames"]] == ["Step 1/3", "Step 2/3", "Step 3/3"] and closed["at"] == 2
    assert closed["frames"][1]["side"] == "b" and closed["frames"][1]["plays"][0].startswith("24/22*")


def test_every_site_scenario_embeds_a_small_walkable_tree(renderer: SiteRenderer) -> None:
    """Every node is reachable, leads to a legal play, and points at nodes and reasons that exist."""
    sizes = {}
    names = site_scenarios()
    assert len(names) > 20
    for name in names:
        for lang in PROJECT_LANGUAGES:
            text, data = board(renderer, name, lang)
            sizes[name, lang] = len(text.encode())
            assert "</" not in text and "<!--" not in text
            for frame in data["frames"]:
                if not frame["dice"]:
                    assert frame["n"] == [[-1, [], []]] and frame["plays"] == []
                    continue
                nodes = frame["n"]
                seen = {0}
                for k, (play, edges, refused) in enumerate(nodes):
                    assert play >= 0 or edges, (name, k)
                    assert play < len(frame["plays"])
                    for i in range(0, len(edges), 4):
                        assert 0 < edges[i + 3] < len(nodes)
                        seen.add(edges[i + 3])
                    for i in range(0, len(refused), 3):
                        assert 0 <= refused[i + 2] < len(data["why"])
                assert seen == set(range(len(nodes))), name
    assert max(sizes.values()) <= MAX_BYTES, max(sizes.items(), key=lambda kv: kv[1])


def test_every_reason_and_word_is_in_both_catalogs() -> None:
    for lang in i18n.LANGUAGES:
        ids = {m.id if isinstance(m.id, str) else m.id[0]: m for m in i18n.read_catalog(lang) if m.id}
        for text in MESSAGES.values():
            assert text in ids and ids[text].string, (lang, text)
            if lang == "tr":
                assert ids[text].string != text, text
        for msg in UI.values():
            if isinstance(msg, OneOrMany):  # two sentences, each its own msgid
                assert msg.one in ids and msg.many in ids and not isinstance(ids[msg.one].id, tuple)
            elif isinstance(msg, tuple):
                assert isinstance(ids[msg[0]].id, tuple) and ids[msg[0]].id[1] == msg[1]
            else:
                assert msg in ids


def test_the_new_catalog_entries_use_the_sites_words() -> None:
    for lang in i18n.LANGUAGES:
        po = ROOT / "tavla_docs" / "site" / "locales" / lang / "LC_MESSAGES" / "messages.po"
        lines = po.read_text(encoding="utf-8").splitlines()
        section = "# Try-it boards (tavla_docs/site/tryit.py) and the engine's reasons for a refused step (engine/explain.py)"
        start = lines.index(section) if section in lines else 0  # a catalog written after that section: all of it
        assert [w for w in catalog_warnings(po, lang) if w.line > start] == []


def test_a_bad_name_or_step_is_a_page_error(renderer: SiteRenderer) -> None:
    with pytest.raises(PageError, match=r"x\.md:1: error: .*no scenario 'bear-off/order-matter'"):
        renderer.render_page('{{ try_it("bear-off/order-matter") }}', path="x.md", lang="tr")
    with pytest.raises(PageError, match=r"x\.md:1: error: .*step=5 is out of range"):
        renderer.render_page('{{ try_it("bear-off/hit-story", step=5) }}', path="x.md", lang="tr")
    with pytest.raises(PageError, match=r"x\.md:1: error: try_it\('backgammon/cube'\): the scenario has no roll to play"):
        renderer.render_page('{{ try_it("backgammon/cube") }}', path="x.md", lang="tr")


def test_the_data_is_cached_by_the_scenario_file(tmp_path: Path) -> None:
    r = SiteRenderer(PROJECT, cache_dir=tmp_path / "cache")
    first = fragment(r, '{{ try_it("bear-off/mid-move") }}')
    hits = r.cache.hits
    again = fragment(r, 'Again: {{ try_it("bear-off/mid-move") }}')  # another page: not the page cache
    assert again == first and r.cache.hits >= hits + 2  # the figure and the board's data


def test_script_and_stylesheet_are_small() -> None:
    script = (ASSETS / "javascripts" / "tavla-try.js").read_bytes()
    css = (ASSETS / "stylesheets" / "tavla-try.css").read_bytes()
    assert len(gzip.compress(script, 9)) + len(gzip.compress(css, 9)) <= 12 * 1024
    assert b"http" not in script.replace(b"http://www.w3.org/2000/svg", b"")  # nothing from the network
