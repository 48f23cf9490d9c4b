"""A figure's caption against what the figure shows (`audit.exhibited`, `audit.emptypoints`,
`audit.pointnumbers`, `variants.exhibits`): a rule the caption states must be at work in the shown
play, a point it calls empty must be empty in the drawn position, and a point it prints must be in
the numbers the figure draws. Each fault is planted in a real scenario of the red-team fixture (its
`show:`, `roll:`, `turn_number:` or `diagram:` changed, as a contributor would), the captions are
rendered by the build's own helpers and checked by the build's own entry point
(`figure_word_errors`); the message must name the fault at the caption's line, and the true
scenario must pass. The edits here are new variants of the corpus's misses, not its sentences."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.scenario.load import load_scenario
from tavla_docs.site.audit.emptypoints import empty_faults
from tavla_docs.site.audit.figurewords import figure_word_errors
from tavla_docs.site.caption_check import _env
from tavla_docs.site.captions import render_caption
from tavla_docs.site.facts.frame import FrameFacts
from tavla_docs.site.figures import caption_mark
from tavla_docs.site.i18n import catalog
from tavla_docs.site.provenance import recording

FIXTURE = Path(__file__).parent / "redteam" / "project" / "scenarios"
SIDES = {"en": {"white": "White", "black": "Black"}, "tr": {"white": "Beyaz", "black": "Siyah"}}


def errors(tmp_path: Path, name: str, find: str = "", replace: str = "") -> list[str]:
    """Every located caption error of scenario `name` with `find` replaced (all frames, en and tr)."""
    text = (FIXTURE / f"{name}.yaml").read_text(encoding="utf-8")
    if find:
        assert text.count(find) == 1, find
        text = text.replace(find, replace)
    root = tmp_path / "scenarios"
    path = root / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    s = load_scenario(path, root)
    out: list[str] = []
    for index, frame in enumerate(s.frames):
        for lang in ("en", "tr"):
            source = dict(frame.caption or {}).get(lang)
            if source is None:
                continue
            t = catalog(lang)
            with recording():
                marked = str(render_caption(_env(t, lang), source, {"s": FrameFacts(s, index, lang, t)}, s.id))
            found = figure_word_errors(marked, lang, s, index, SIDES[lang], path, f"scenarios/{name}.yaml",
                                       lambda index=index, lang=lang: caption_mark(path, index, lang))
            out += [e for e in found.split("\n") if ": error: " in e]
    return out


@pytest.mark.parametrize("name", ["uzun/head-rule", "uzun/six-block-ahead", "uzun/start", "tapa/release",
                                  "bear-off/larger-die-takes-farthest", "bear-off/doubles-end-game", "gulbara/stop",
                                  "gulbara/game-ends", "bear-off/bar-counts-outside", "rules/cannot-enter",
                                  "uzun/black-first-turn", "tapa/mother-pin"])
def test_true_captions_pass(tmp_path: Path, name: str) -> None:
    assert errors(tmp_path, name) == []


def test_head_rule_caption_under_a_play_that_leaves_no_head(tmp_path: Path) -> None:
    # r726's class, another play: both dice by the checker on the 18-point (a new tr/en variant)
    found = errors(tmp_path, "uzun/head-rule", "show: 24/16", "show: 18/10")
    assert any("head-rule.yaml:16:7: error: caption: the caption states that only one checker may leave the head"
               in e and "the shown play 18/10 moves no checker off the head (the 24-point)" in e for e in found)
    assert any("head-rule.yaml:15:7: error:" in e for e in found)  # the Turkish caption, at its own line


def test_head_leaver_must_move_on(tmp_path: Path) -> None:
    # "that checker may play the whole roll" under a play where the checker off the head stops at once
    found = errors(tmp_path, "uzun/head-rule", "show: 24/16", "show: 24/19 18/15")
    assert any("a checker that has left the head may go on moving in the same turn" in e
               and "no checker that leaves the head (the 24-point) moves on" in e for e in found)


def test_higher_die_caption_under_exact_dice(tmp_path: Path) -> None:
    # r1025's class, another roll: 3-2 bears both checkers off with their own numbers
    found = errors(tmp_path, "bear-off/larger-die-takes-farthest", "roll: 6-5", "roll: 3-2")
    assert any("larger-die-takes-farthest.yaml:16:7: error: caption: the caption states that a die higher than the "
               "highest occupied point bears off from that point" in e and "none with a higher die" in e for e in found)
    assert any("the caption says 'The 3- and 2-points are empty', but White has a checker on the 3-point" in e
               for e in found)
    assert any("3. ve 2. hanelerde pul yok" in e for e in found)


def test_points_called_empty_are_read_in_the_drawn_position(tmp_path: Path) -> None:
    found = errors(tmp_path, "bear-off/larger-die-takes-farthest", "roll: 6-5", "roll: 4-3")
    assert any("larger-die-takes-farthest.yaml:16:7: error: caption: the caption says 'The 4- and 3-points are "
               "empty', but White has a checker on the 3-point before the play" in e for e in found)


def test_empty_words_after_the_play_or_in_a_condition_are_not_read() -> None:
    from types import SimpleNamespace

    from tavla_docs.engine.board import Position, Side

    frame = SimpleNamespace(position=Position.from_board({6: 2, 3: 1}, {19: 5}, checkers=15), turn=Side.WHITE)
    assert empty_faults("6/off leaves the 6-point empty.", "en", frame, "white") == []
    assert empty_faults("If the 6-point is empty, a six bears off from the 3-point.", "en", frame, "white") == []
    assert empty_faults("6. hane boşsa altı 3. haneden toplar.", "tr", frame, "white") == []
    assert empty_faults("6. hane boş kalır.", "tr", frame, "white") == []
    assert empty_faults("6. hane boştur.", "tr", frame, "white")[0][0].startswith("the caption says '6. hane boştur'")


def test_progression_caption_on_an_ordinary_turn(tmp_path: Path) -> None:
    # r830's class, the first turn
    found = errors(tmp_path, "gulbara/stop", "turn_number: 8", "turn_number: 1")
    assert any("stop.yaml:15:7: error: caption: the caption states that the turn stops at the first number of a "
               "progression that cannot be played" in e and "on turn 1 of the game 5-5 is played as 4 ordinary moves"
               in e for e in found)


def test_freed_checker_caption_under_a_play_that_leaves_it(tmp_path: Path) -> None:
    # r733's class, another play of the 4-1 that leaves the freed checker where it is
    found = errors(tmp_path, "tapa/release", "show: 20/16 24/23", "show: 13/9 24/23")
    assert any("release.yaml:23:11: error: caption: the caption states that a checker freed from a pin may move at "
               "once" in e and "does not move the checker freed on its 20-point" in e for e in found)


def test_six_block_caption_without_the_block(tmp_path: Path) -> None:
    # r729's class: the English caption is read too ("… six points in a row are allowed")
    found = errors(tmp_path, "uzun/six-block-ahead", "show: 24/18 9/5", "show: 24/14")
    assert any("six-block-ahead.yaml:14:7: error: caption: the caption states that a six-point block is allowed"
               in e and "after the shown play 24/14, White holds no six points in a row" in e for e in found)
    assert any("six-block-ahead.yaml:13:7: error:" in e for e in found)


def test_printed_points_in_other_numbers_than_the_figure(tmp_path: Path) -> None:
    # r731's class, another scenario: the checkers' points printed in White's numbers, figure numbered from Black
    found = errors(tmp_path, "bear-off/larger-die-takes-farthest", "show: 3/off 2/off",
                   "show: 3/off 2/off\ndiagram: {numbers: black}")
    assert any("larger-die-takes-farthest.yaml:17:7: error: caption: it prints the point" in e
               and "in White's numbers, but the figure numbers its points from Black's side" in e for e in found)


def test_a_side_named_before_the_point_says_whose_it_is(tmp_path: Path) -> None:
    # tapa/mother-pin prints Black's own 24-point ("on its own 24-point") under White's numbers: not judged
    assert errors(tmp_path, "tapa/mother-pin") == []
