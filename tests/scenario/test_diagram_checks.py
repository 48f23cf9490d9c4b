"""What a figure draws is checked too (issue 11): crossed-out moves must be refused by the
rules, highlighted and labelled points must exist, labels speak the caption's languages,
and a drawn cube must exist in the game.

Every error goes through `tavla-docs check` as a user runs it, and its `path:line:col` is
counted from the file text written here.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tavla_docs.engine.written import legal_in_order
from tavla_docs.scenario import load_scenario
from tavla_docs.scenario.fact_claims import ForbiddenClaim
from tests.fixture import PROJECT

REAL_USES = ("scenarios/bear-off/order-matters.yaml", "scenarios/uzun/six-block.yaml",
             "scenarios/uzun/single-checker.yaml")


def write(tmp_path: Path, text: str, name: str = "s.yaml") -> Path:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return f


def errors(r) -> list[str]:
    return [ln for ln in r.stdout.splitlines() if ": error: " in ln]


def crossed(real: str, moves: str) -> str:
    """A real scenario's text with its `forbidden:` list replaced (its last line)."""
    text = (PROJECT / real).read_text(encoding="utf-8")
    last = text.rstrip("\n").splitlines()[-1]
    assert last.startswith("diagram: {forbidden: [")
    return text.replace(last, f"diagram: {{forbidden: {moves}}}")


# --- forbidden: the three real uses and their variations ----------------------------------

@pytest.mark.parametrize("real", REAL_USES)
def test_the_real_crossed_out_moves_are_refused(cli, real):
    r = cli("check", str(PROJECT / real))
    assert r.returncode == 0, r.stdout
    s = load_scenario(PROJECT / real)
    assert sum(isinstance(c, ForbiddenClaim) for c in s.expect) == 1  # counted as a claim


@pytest.mark.parametrize(("real", "moves", "message"), [
    # the 2 first, then the 4 bears off from 3: the shown play itself
    (REAL_USES[0], '["5/3"]', "forbidden: 5/3 is allowed with 4-2: the legal play 5/off can start with it"),
    (REAL_USES[0], '["5/1"]', "forbidden: 5/1 is allowed with 4-2: the legal play 5/1 3/1 can start with it"),
    (REAL_USES[1], '["8/4"]', "forbidden: 8/4 is allowed with 6-4: the legal play 24/18 8/4 can start with it"),
    # a move may take both dice, as in `in_order`
    (REAL_USES[2], '["20/11"]', "forbidden: 20/11 is allowed with 6-3: the legal play 20/11 can start with it"),
    (REAL_USES[2], '["24/21"]', "forbidden: 24/21 is allowed with 6-3: the legal play 24/15 can start with it"),
])
def test_an_allowed_move_cannot_be_crossed_out(cli, tmp_path, real, moves, message):
    f = write(tmp_path, crossed(real, moves))
    r = cli("check", str(f))
    assert r.returncode == 1
    line = len(f.read_text().splitlines())
    assert errors(r) == [f"{f}:{line}:24: error: {message}"]  # `diagram: {forbidden: [` is 22 wide, + a quote
    assert "remove it from `forbidden`" in r.stdout


def test_a_move_refused_first_may_be_crossed_out_though_a_later_order_allows_it(cli, tmp_path):
    # 9/3 9/5 is a legal play, but 9/5 first would close 10–5 (the six-block rule refuses that
    # step), so no legal play starts with 9/5: crossed out with or without the shown play
    text = crossed(REAL_USES[1], "[9/5]")
    s = load_scenario(write(tmp_path, text))
    assert legal_in_order(s.position, s.turn, s.roll, s.rules, "9/3 9/5")[0]
    assert not legal_in_order(s.position, s.turn, s.roll, s.rules, "9/5 9/3")[0]
    assert cli("check", str(write(tmp_path, text))).returncode == 0
    assert cli("check", str(write(tmp_path, text.replace("show: 24/18 10/6\n", ""), "no-show.yaml"))).returncode == 0
    f = write(tmp_path, crossed(REAL_USES[1], "[9/3]"), "nine-three.yaml")
    line = len(f.read_text().splitlines())
    assert errors(cli("check", str(f)))[0].startswith(f"{f}:{line}:23: error: forbidden: 9/3 is allowed with 6-4")


def test_each_entry_is_located(cli, tmp_path):
    f = write(tmp_path, crossed(REAL_USES[0], '["3/off", 5/1]'))
    line = len(f.read_text().splitlines())
    #            `diagram: {forbidden: ["3/off", 5/1]}`: 5/1 starts at column 32
    assert errors(cli("check", str(f))) == [
        f"{f}:{line}:32: error: forbidden: 5/1 is allowed with 4-2: the legal play 5/1 3/1 can start with it"]


@pytest.mark.parametrize(("moves", "col", "message"), [
    ('["3/off", zz]', 32, "diagram option 'forbidden': 'zz' is not a move: cannot read 'zz' as a move; "
                          "write from/to like 24/18, 13/10*, bar/22, 6/off or 6/2(2)"),
    ('["3/off", "  4/x"]', 35, "diagram option 'forbidden': '  4/x' is not a move: cannot read '4/x' as a move; "
                               "write from/to like 24/18, 13/10*, bar/22, 6/off or 6/2(2)"),
    ('["3/off", "-"]', 32, "diagram option 'forbidden': '-' is not a move; write the move that is not allowed, "
                           "like 3/off"),
    ("[3/off, 3]", 30, "diagram option 'forbidden' takes a list of moves, e.g. ['3/off'], not 3"),
    ('["8/2"]', 24, "forbidden: 8/2: there is no checker on 8 to move"),
])
def test_a_crossed_out_move_must_be_a_move_there(cli, tmp_path, moves, col, message):
    f = write(tmp_path, crossed(REAL_USES[0], moves))
    line = len(f.read_text().splitlines())
    r = cli("check", str(f))
    assert r.returncode == 1 and "Traceback" not in r.stdout + r.stderr
    assert errors(r) == [f"{f}:{line}:{col}: error: {message}"]


def test_a_single_forbidden_move_may_be_written_alone(cli, tmp_path):
    f = write(tmp_path, crossed(REAL_USES[0], '"3/off"'))
    assert cli("check", str(f)).returncode == 0
    write(tmp_path, crossed(REAL_USES[0], '"5/3"'))
    line = len(f.read_text().splitlines())
    assert errors(cli("check", str(f)))[0].startswith(f"{f}:{line}:23: error: forbidden: 5/3 is allowed")


def test_forbidden_needs_a_roll(cli, tmp_path):
    f = write(tmp_path, "variant: tavla\nposition:\n  white: {5: 1, 3: 1}\n  black: {19: 15}\nturn: white\n"
                        "diagram:\n  forbidden: [3/off]\n")
    assert errors(cli("check", str(f))) == [
        f"{f}:7:3: error: `forbidden` needs a roll: a move is refused for some dice, so add `roll:`"]


def test_a_board_to_play_on_needs_a_roll(cli, tmp_path):
    f = write(tmp_path, "variant: tavla\nposition:\n  white: {5: 1, 3: 1}\n  black: {19: 15}\nturn: white\n"
                        "diagram:\n  try: true\n")
    r = cli("check", str(f))
    assert r.returncode == 1
    assert errors(r) == [f"{f}:7:3: error: a board to play on needs a roll: add `roll:`, or remove `try`"]
    f.write_text(f.read_text().replace("try: true", "try: yes please"), encoding="utf-8")
    assert errors(cli("check", str(f))) == [f"{f}:7:8: error: diagram option 'try' takes true or false, not 'yes please'"]
    f.write_text(f.read_text().replace("try: yes please", "try: true") + "roll: 4-2\n", encoding="utf-8")
    assert cli("check", str(f)).returncode == 0


def test_a_story_step_checks_its_own_crossed_out_moves(cli, tmp_path):
    # Black plays its own numbering: after White's 5/3 3/off, Black's 6/4 with the 2 is allowed
    text = (PROJECT / REAL_USES[0]).read_text(encoding="utf-8") + (
        "then:\n  - roll: 2-1\n    show: 6/4 6/5\n    diagram: {forbidden: [6/off]}\n")
    f = write(tmp_path, text)
    assert cli("check", str(f)).returncode == 0
    write(tmp_path, text.replace("forbidden: [6/off]", "forbidden: [6/4]"))
    line = len(text.splitlines())
    assert errors(cli("check", str(f))) == [
        f"{f}:{line}:27: error: forbidden: 6/4 is allowed with 2-1: the legal play 6/5 6/4 can start with it"]


# --- highlight and labels -------------------------------------------------------------

BASE = """\
variant: tavla
position:
  white: {5: 1, 3: 1}
  black: {19: 5, 20: 5, 21: 5}
turn: white
roll: 4-2
caption:
  tr: "Önce iki."
  en: "The two first."
"""


@pytest.mark.parametrize(("diagram", "where", "message"), [
    ("{highlight: [3, 30]}", "10:26", "diagram option 'highlight': 30 is not a point 1–24"),
    ("{highlight: [0]}", "10:23", "diagram option 'highlight': 0 is not a point 1–24"),
    ('{labels: {3: "a", 25: "b"}}', "10:28", "diagram option 'labels': 25 is not a point 1–24"),
    ("{labels: {3: true}}", "10:23", "label for point 3 must be text, not True"),
    ('{labels: {3: ""}}', "10:23", "label for point 3 must be text, not ''"),
    ("{labels: {3: {}}}", "10:23", "label for point 3 has no text"),
    ('{labels: {3: {tr: "son", de: "letzte"}}}', "10:35", "label for point 3: unknown language 'de'; "
                                                            "diagrams are drawn in en, tr"),
    ('{labels: {3: {tr: "son", en: 3.5}}}', "10:39", None),  # a number is text, as in the plain form
    ('{labels: {3: {tr: "son", en: [a]}}}', "10:39", "label for point 3 in en: expected text, not ['a']"),
    ('{labels: {3: {tr: "son"}}}', "10:23", "label for point 3 has no en text, but the caption has one"),
])
def test_points_and_labels_are_located(cli, tmp_path, diagram, where, message):
    f = write(tmp_path, BASE + f"diagram: {diagram}\n")
    r = cli("check", str(f))
    if message is None:
        assert r.returncode == 0, r.stdout
        return
    assert r.returncode == 1
    assert errors(r) == [f"{f}:{where}: error: {message}"]


def test_a_label_speaks_only_the_caption_languages(cli, tmp_path):
    f = write(tmp_path, BASE.replace('  en: "The two first."\n', "") + 'diagram: {labels: {3: {tr: "son", en: "last"}}}\n')
    r = cli("check", str(f))
    assert errors(r) == [f"{f}:9:35: error: label for point 3 in en: the caption has no en text"]
    assert "captions: tr" in r.stdout


def test_without_a_caption_any_diagram_language_will_do(cli, tmp_path):
    text = BASE[:BASE.index("caption:")] + 'diagram: {labels: {3: {tr: "son"}}}\n'
    assert cli("check", str(write(tmp_path, text))).returncode == 0


def label_texts(svg: str) -> list[str]:
    return re.findall(r'class="label"[^>]*>([^<]*)<', svg)


def test_each_figure_draws_its_own_language(cli, tmp_path):
    f = write(tmp_path, BASE + 'diagram: {labels: {3: {tr: "son pul", en: "last checker"}, 5: "iki"}}\n')
    assert cli("check", str(f)).returncode == 0
    tr = cli("render", str(f), "--lang", "tr").stdout
    en = cli("render", str(f), "--lang", "en").stdout
    assert label_texts(tr) == ["son pul", "iki"] and label_texts(en) == ["last checker", "iki"]
    assert "Etiketler: 3: son pul; 5: iki." in tr and "Labels: 3: last checker; 5: iki." in en  # the <desc> too


# --- the cube as drawn --------------------------------------------------------------------

def test_a_drawn_cube_needs_a_game_with_one(cli, tmp_path):
    f = write(tmp_path, BASE + "diagram:\n  cube: {value: 2, owner: black}\n")
    assert errors(cli("check", str(f))) == [f"{f}:11:3: error: tavla has no doubling cube: remove `cube`"]


@pytest.mark.parametrize(("cube", "where", "message"), [
    ("{value: 16, owner: black}", "8:17", "the cube's highest face in backgammon is 8, not 16"),
    ("{value: 3}", "8:17", "diagram option 'cube' is {value: 1|2|4|…|64|128|…, owner: white|black|centre}: the "
                           "value is a power of 2 (the game's cube_max caps it)"),
    ("{value: 2, ownr: black}", "8:20", "unknown key 'ownr' in diagram option 'cube'; did you mean 'owner'?"),
    ("{value: 2, owner: red}", "8:27", "cube owner is white, black or centre, not 'red'"),
])
def test_a_drawn_cube_face_exists_in_the_game(cli, tmp_path, cube, where, message):
    f = write(tmp_path, "variant: backgammon\nrules: {cube_max: 8}\nposition:\n  white: {6: 15}\n  black: {19: 15}\n"
                        f"turn: black\ndiagram:\n  cube: {cube}\n")
    assert errors(cli("check", str(f))) == [f"{f}:{where}: error: {message}"]


@pytest.mark.parametrize("face", [128, 1024, 65536])
def test_an_unlimited_cube_is_drawn_past_64(cli, tmp_path, face):
    """`cube_max: null` is unlimited: the figure draws what the rules allow, its face inside the cube."""
    from xml.etree import ElementTree as ET
    f = write(tmp_path, "variant: backgammon\nrules: {cube_max: null}\nposition:\n  white: {6: 15}\n  black: {19: 15}\n"
                        f"turn: black\ndiagram:\n  cube: {{value: {face}, owner: white}}\nexpect:\n"
                        f"  cube: {{value: {face}, owner: white}}\n")
    assert cli("check", str(f)).returncode == 0
    out = tmp_path / "c.svg"
    assert cli("render", str(f), "-o", str(out)).returncode == 0
    texts = [t for t in ET.parse(out).iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "cube-n"]
    assert [t.text for t in texts] == [str(face)]
    size = float(texts[0].get("style", "font-size:15px").split(":")[1].rstrip("px"))
    assert size * 0.62 * len(str(face)) <= 28  # the face's width stays inside the 32-unit cube
    capped = write(tmp_path, "variant: backgammon\nposition:\n  white: {6: 15}\n  black: {19: 15}\n"
                             f"turn: black\ndiagram:\n  cube: {{value: {face}}}\n", "capped.yaml")
    assert errors(cli("check", str(capped))) == [f"{capped}:7:17: error: the cube's highest face in backgammon is 64, not {face}"]
