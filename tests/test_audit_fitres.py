"""A computed value of the wrong result or die, in words that name another (`audit.resultwords`,
`audit.doublecounts`, `audit.dieverbs`, `audit.diepoints`, `audit.diepointwords`, and the mother pin
and the draw in `reader.meaning_problems`' result family).

Each fault is planted in the red-team fixture (a page's `{{ … }}` or a scenario's `roll:` changed, as
a contributor would) and the build's own checks run on the copy (`tests.redteam.runner.build_errors`):
the message must name the fault at the source line, and the unedited fixture must pass. The edits
are new variants of round 10's misses (r1172, r1167, r1140, r1127), on other pages and sentences, in
both languages: not the corpus's sentences.
"""
from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import chdir
from pathlib import Path

import pytest

from tests.redteam.runner import FIXTURE, _is_real_fault, _package_files, build_errors

# (name, file, find, replace, where the error must be, words the message must hold)
VARIANTS = [
    ("draw-and-mother-swapped-en", "content/en/tapa.md",
     "also scores {{ r.points.mother_pin }} points; if both mothers are pinned, the game is a draw ({{ r.points.draw }}",
     "also scores {{ r.points.draw }} points; if both mothers are pinned, the game is a draw ({{ r.points.mother_pin }}",
     "content/en/tapa.md:62:", "prints the points of a mother pin (2) where the nearest words name a draw"),
    ("single-beside-mother-tr", "content/tr/tapa.md", "kazanmak da {{ r.points.mother_pin }} puandır",
     "kazanmak da {{ r.points.single }} puandır", "content/tr/tapa.md:62:", "where the words around it speak of mother pin"),
    ("double-gives-dice-en", "content/en/uzun-tavla.md", "a double gives {{ r.double_moves.words }} moves",
     "a double gives {{ r.dice.words }} moves", "content/en/uzun-tavla.md:24:",
     "prints the number of dice in a roll (two) where the words speak of what a double does"),
    ("double-played-dice-tr", "content/tr/pip-count.md", "Çift zar {{ r.double_moves.words }} kez oynandığı",
     "Çift zar {{ r.dice.words }} kez oynandığı", "content/tr/pip-count.md:39:",
     "prints the number of dice in a roll (iki) where the words speak of what a double does"),
    ("six-brings-home-en", "content/en/bear-off.md", "Playing the {{ mm.roll.low.words }} first, {{ play(",
     "Letting the {{ mm.roll.high.words }} bring the checker home, {{ play(", "content/en/bear-off.md:22:",
     "names the six as the die that brings a checker home, but in the play its sentence shows"),
    ("three-bears-off-en", "content/en/bear-off.md", "Playing the {{ mm.roll.low.words }} first, {{ play(",
     "Playing the {{ mm.roll.low.words }} to bear a checker off, {{ play(", "content/en/bear-off.md:22:",
     "names the three as the die that bears a checker off, but in the play its sentence shows"),
    ("six-brings-home-tr", "content/tr/bear-off.md", "önce {{ o7.roll.low.words }} o pulu eve getirmelidir",
     "{{ o7.roll.high.words }} o pulu eve getirmelidir", "content/tr/bear-off.md:25:",
     "names the six as the die that brings a checker home"),
    ("die-point-not-empty-tr", "scenarios/bear-off/die-takes-farthest.yaml", "roll: 6-1", "roll: 3-1",
     "content/tr/bear-off.md:37:", "bears a checker off the 3-point with a three, so that point is not empty"),
]


@pytest.fixture(scope="module")
def faults(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, list[str]]]:
    """Each variant's errors on a copy of the fixture (the unedited copy must have none)."""
    work = tmp_path_factory.mktemp("fitres")
    project = work / "project"
    shutil.copytree(FIXTURE, project)
    cache = work / "cache"
    with _package_files(project), chdir(project):
        base = set(build_errors(project, cache))
    assert not base, sorted(base)[:5]
    out: dict[str, list[str]] = {}
    for name, file, find, replace, _, _ in VARIANTS:
        target = project / file
        text = target.read_text(encoding="utf-8")
        assert text.count(find) == 1, name
        target.write_text(text.replace(find, replace), encoding="utf-8")
        try:
            with _package_files(project), chdir(project):
                out[name] = [e for e in build_errors(project, cache) if _is_real_fault(e)]
        finally:
            target.write_text(text, encoding="utf-8")
    yield out


@pytest.mark.parametrize("variant", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_variant_is_caught_at_its_line(faults: dict[str, list[str]], variant: tuple[str, ...]) -> None:
    name, _, _, _, where, says = variant
    assert any(e.startswith(where) and says in e for e in faults[name]), faults[name]


def test_both_results_of_a_swapped_pair_are_reported(faults: dict[str, list[str]]) -> None:
    # the draw's points beside the mother: `reader`'s family; the mother's beside the draw: the nearest words
    found = faults["draw-and-mother-swapped-en"]
    assert any("prints the draw count (0) where the words around it speak of mother pin" in e for e in found), found


def test_die_point_in_both_languages(faults: dict[str, list[str]]) -> None:
    found = faults["die-point-not-empty-tr"]
    assert any(e.startswith("content/en/bear-off.md:37:") for e in found), found


def _caption_errors(tmp_path: Path, find: str, replace: str) -> list[str]:
    from tavla_docs.scenario.load import load_scenario
    from tavla_docs.site.audit.figurewords import figure_word_errors
    from tavla_docs.site.caption_check import _env
    from tavla_docs.site.captions import render_caption
    from tavla_docs.site.facts.frame import FrameFacts
    from tavla_docs.site.figures import caption_mark
    from tavla_docs.site.i18n import catalog
    from tavla_docs.site.provenance import recording

    name = "bear-off/die-takes-farthest"
    text = (FIXTURE / "scenarios" / f"{name}.yaml").read_text(encoding="utf-8").replace(find, replace)
    root = tmp_path / "scenarios"
    path = root / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    s = load_scenario(path, root)
    sides = {"en": {"white": "White", "black": "Black"}, "tr": {"white": "Beyaz", "black": "Siyah"}}
    out: list[str] = []
    for lang in ("en", "tr"):
        t = catalog(lang)
        with recording():
            marked = str(render_caption(_env(t, lang), dict(s.frames[0].caption or {})[lang],
                                        {"s": FrameFacts(s, 0, lang, t)}, s.id))
        out += figure_word_errors(marked, lang, s, 0, sides[lang], path, f"scenarios/{name}.yaml",
                                  lambda lang=lang: caption_mark(path, 0, lang)).splitlines()
    return [e for e in out if ": error: " in e]


def test_caption_die_point_true_passes(tmp_path: Path) -> None:
    assert _caption_errors(tmp_path, "", "") == []


def test_caption_die_point_under_an_exact_die(tmp_path: Path) -> None:
    found = _caption_errors(tmp_path, "roll: 6-1", "roll: 3-1")
    assert any("die-takes-farthest.yaml:17:" in e and "O hane de daha gerideki haneler de boş" in e
               and "3/off is played with a three" in e for e in found), found
    assert any("die-takes-farthest.yaml:18:" in e and "The die's point and every higher point are empty" in e
               for e in found), found


def test_hypothetical_die_point_is_not_read() -> None:
    from tavla_docs.site.audit.diepoints import _said

    assert _said("If the die's point is empty, the die bears off the farthest checker.", "en") == []
    assert _said("Zarın hanesi boşsa en uzaktaki pul toplanır.", "tr") == []
