"""The bear-off page's facts (issue 11): the facts members it added, its captions as templates,
and the false or repeated statements the issue found on it.

- `s.occupied.white` / `.black`: where a side's checkers stand, farthest from that side's home first;
- `FactList.ordinal`: a list of numbers as ordinals ("6., 5. ve 3. hanelerde");
- `Num.Words` in Turkish keeps the dotted capital (İki);
- every caption of the page's own scenarios prints its numbers from the frame;
- the hit story's last step says what the engine says: the checker has entered but is not home;
- no caption drawn on the page is repeated word for word in its prose.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from tavla_docs.engine.board import Geometry, Position, Side
from tavla_docs.site.audit.scan import scan_page
from tavla_docs.site.facts.frame import FrameFacts, PositionFacts
from tavla_docs.site.facts.numerals import Num, words
from tavla_docs.site.facts.values import FactList
from tavla_docs.site.i18n import catalog
from tavla_docs.site.renderer import SiteRenderer
from tavla_docs.variants import ruleset
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]
# The bear-off page's own scenarios (the odds-* ones belong to the odds tables).
OWN = sorted(p for p in (PROJECT / "scenarios" / "bear-off").glob("*.yaml") if not p.name.startswith("odds-"))


@pytest.fixture(scope="module")
def renderer() -> SiteRenderer:
    return SiteRenderer(PROJECT, cache_dir=None)


def facts(position: Position, lang: str = "en", variant: str = "tavla") -> PositionFacts:
    return PositionFacts(position, ruleset(variant), lang, catalog(lang))


def test_occupied_lists_the_points_farthest_first() -> None:
    pos = Position.from_board({6: 2, 5: 2, 4: 2, 3: 2}, {2: 1, 19: 3, 24: 2}, checkers=15)
    tr, en = facts(pos, "tr"), facts(pos, "en")
    assert str(tr.occupied.white.ordinal) == "6., 5., 4. ve 3."
    assert str(en.occupied.white) == "6, 5, 4 and 3"
    # Black's home is 19–24 in White's numbering: its checker on White's 2 is its farthest.
    assert [int(p) for p in en.occupied.black] == [2, 19, 24]
    assert str(en.occupied.black.ordinal) == "2nd, 19th and 24th"


def test_occupied_in_a_same_direction_game() -> None:
    # Uzun tavla: both sides move the same way; Black's home is 13–18, its head is White's 12.
    pos = Position.from_board({24: 1, 1: 2}, {12: 1, 13: 2, 20: 1}, geometry=Geometry.SAME, checkers=15)
    f = facts(pos, "en", "uzun")
    assert [int(p) for p in f.occupied.white] == [24, 1]
    assert [int(p) for p in f.occupied.black] == [12, 20, 13]  # Black's own 24, 8 and 1


points = st.dictionaries(st.integers(1, 24), st.integers(1, 3), max_size=5)


@given(points, points)
def test_occupied_is_every_point_with_checkers_in_pip_order(white: dict[int, int], black: dict[int, int]) -> None:
    black = {p: n for p, n in black.items() if p not in white}
    pos = Position.from_board(white, black, checkers=15)
    f = facts(pos)
    for side, board, got in ((Side.WHITE, white, f.occupied.white), (Side.BLACK, black, f.occupied.black)):
        assert sorted(int(p) for p in got) == sorted(board)
        pips = [pos.geometry.from_board(side, int(p)) for p in got]
        assert pips == sorted(pips, reverse=True)
        assert got.how == "and" and all(isinstance(p, Num) for p in got)


def test_ordinal_keeps_the_join() -> None:
    tr = FactList([Num(2, "tr"), Num(1, "tr")], "tr")
    assert str(tr.ordinal) == "2. ya da 1." and str(tr.ordinal.and_list) == "2. ve 1."
    assert str(FactList([Num(22, "en"), Num(3, "en")], "en", "and").ordinal) == "22nd and 3rd"
    assert str(FactList([], "en").ordinal) == ""


@given(st.integers(0, 100))
def test_turkish_words_capitalise_with_the_dotted_i(n: int) -> None:
    w, cap = words(n, "tr"), Num(n, "tr").Words
    assert cap[1:] == w[1:]
    assert cap[0] == ("İ" if w[0] == "i" else w[0].upper())
    assert Num(n, "en").Words[0] == words(n, "en")[0].upper()


def _captions(path: Path) -> list[tuple[int, str, str]]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    frames = [data, *data.get("then", [])]
    return [(k, lang, f["caption"][lang]) for k, f in enumerate(frames) for lang in ("tr", "en")
            if f.get("caption")]


@pytest.mark.parametrize("path", OWN, ids=lambda p: p.stem)
def test_captions_print_their_numbers_from_the_frame(renderer: SiteRenderer, path: Path) -> None:
    name = f"bear-off/{path.stem}"
    for k, lang, source in _captions(path):
        literal = [f.text for f in scan_page(source, lang) if f.status == "literal"]
        assert not literal, f"{name} step {k} ({lang}): typed facts {literal}"
        shown = renderer.figure_data(name, lang, step=k if k else None)["caption"]
        assert shown and "{" not in shown and "}" not in shown


@pytest.mark.parametrize(("lang", "says"), [("tr", "haneye girer, ama henüz evde değildir"),
                                             ("en", "it has entered but is not home yet")])
def test_the_hit_story_says_the_checker_entered(renderer: SiteRenderer, lang: str, says: str) -> None:
    scenario = renderer.checked_scenario("bear-off/hit-story")
    last = FrameFacts(scenario, 2, lang, catalog(lang))
    enters = last.show.moves[0]
    assert enters.from_bar and int(enters.dst) > last.rules.home.last  # entered, and outside home
    caption = renderer.figure_data("bear-off/hit-story", lang, step=2)["caption"]
    assert says in caption and f"{enters.dst}" in re.sub(r"<[^>]+>", "", caption)


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_no_caption_is_repeated_in_the_prose(renderer: SiteRenderer, lang: str) -> None:
    text = (PROJECT / "content" / lang / "bear-off.md").read_text(encoding="utf-8").split("---", 2)[2]
    page = renderer.render_page(text, path="x.md", lang=lang)
    prose = " ".join(re.sub(r"<[^>]+>", "", page.markdown).split())
    captions = [re.sub(r"<[^>]+>", "", c) for f in page.fragments.values()
                for c in re.findall(r"<figcaption[^>]*>(.*?)</figcaption>", f, re.S)]
    assert len(captions) >= 7  # four diagrams and the story's three frames
    for caption in captions:
        for sentence in re.split(r"(?<=[.;:])\s+", " ".join(caption.split())):
            words_ = sentence.split()
            if len(words_) >= 6 and not re.match(r"^(Şekil|Figure|Adım|Step)\b", sentence):
                assert sentence not in prose, f"repeated from a caption: {sentence!r}"
