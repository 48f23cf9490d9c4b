"""`tavla-docs import`: the listing, the scenario it writes, and bad files. Every problem in a
match file is one `path:line:col: error: message` line with a hint and exit status 1; a fuzzed
corpus of broken files (hypothesis, mutations of gnubg-made files) never gets a traceback."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavla_docs.formats.gamerecord import MAX_DEPTH, MAX_LINE

DATA = Path(__file__).resolve().parent.parent / "data" / "gnubg"
MAT = (DATA / "match3.mat").read_text()
SGF = (DATA / "match3.sgf").read_text()


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_listing_numbers_games_and_moves_as_the_options_take_them(cli):
    r = cli("import", str(DATA / "match3.mat"))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].endswith("match3.mat: backgammon, match to 3; White: root, Black: gnubg; 4 games")
    assert "Game 2 (White 2, Black 0, Crawford game)" in lines
    assert "    1  white  2-1  13/11 6/5" in lines and "   16  black  6-5  (no move)" in lines
    assert lines[lines.index("   18  black  6-3  (no move)") + 1:][:2] == ["       white  doubles to 2",
                                                                         "       black  takes"]
    assert cli("import", str(DATA / "match3.sgf")).stdout.splitlines()[1:-1] == lines[1:-1]  # the SGF's RE[] wins too


def test_a_move_as_a_scenario_names_its_source_and_the_engines_claims(cli, tmp_path):
    out = tmp_path / "s" / "m.yaml"
    r = cli("import", str(DATA / "match3.mat"), "--game", "1", "--move", "19", "-o", str(out))
    assert r.returncode == 0 and r.stdout.strip() == f"wrote {out}"
    text = out.read_text()
    assert text.startswith("# Imported from ") and "match3.mat, game 1, move 19: root (white) to play 6-2." in text
    for line in ("variant: backgammon", "rules: {match_length: 3}", "match: {white: 0, black: 0}", "turn: white",
                 "roll: 6-2", "show: 13/11 13/7", "  legal: 13/11 13/7", "  plays: 19", "  dice_used: 2",
                 "  cube: {value: 2, owner: black}", "diagram: {cube: {value: 2, owner: black}}"):
        assert line in text.splitlines(), line
    again = cli("import", str(DATA / "match3.mat"), "--game", "1", "--move", "19", "-o", str(out))
    assert again.returncode == 1 and "already exists" in again.stderr and out.read_text() == text
    crawford = cli("import", str(DATA / "match3.mat"), "--game", "2", "--move", "1").stdout
    assert "match: {white: 2, black: 0, crawford: true}" in crawford.splitlines()
    dance = cli("import", str(DATA / "match3.mat"), "--game", "1", "--move", "16").stdout
    assert "  no_play: true" in dance.splitlines() and "show:" not in dance


@pytest.mark.parametrize(("argv", "code", "message"), [
    (["--game", "9", "--move", "1"], 1, "--game 9: the file has no game 9; its games are 1–4"),
    (["--game", "3", "--move", "3"], 1, "--move 3: game 3 has 2 moves (1–2)"),
    (["--game", "1"], 2, "--game and --move go together"),
    (["-o", "x.yaml"], 2, "-o writes one move's scenario"),
])
def test_options_the_file_cannot_answer(cli, argv, code, message):
    r = cli("import", str(DATA / "match3.mat"), *argv)
    assert r.returncode == code and message in r.stderr and "Traceback" not in r.stderr


def test_a_missing_file_is_a_usage_error(cli, tmp_path):
    r = cli("import", str(tmp_path / "nope.mat"))
    assert r.returncode == 2 and r.stderr.strip() == f"tavla-docs import: error: no such file: {tmp_path}/nope.mat"


MONEY = """; [Site "eXtreme Gammon"]
; [Player 1 "Ayşe"]
; [Player 2 "Mehmet"]
; [Variation "Backgammon"]
; [Jacoby "On"]

0 point match

 Game 1
 Ayşe : 0                            Mehmet : 0
  1) 43: 24/20 13/10                 64: bar/18 13/9
  2)  Doubles => 2                   Takes
  3) 65: 24/13
"""


def test_an_xg_style_money_game_becomes_a_money_scenario_with_the_jacoby_rule(cli, tmp_path):
    path = write(tmp_path, "money.mat", MONEY.replace("bar/18", "24/18"))
    listing = cli("import", path)
    assert listing.returncode == 0, listing.stderr
    assert listing.stdout.splitlines()[0].endswith("money.mat: backgammon, money play; White: Mehmet, Black: Ayşe; "
                                                   "1 game")
    assert listing.stdout.splitlines()[1] == "Game 1"
    root = tmp_path / "scenarios"
    r = cli("import", path, "--game", "1", "--move", "3", "-o", str(root / "money.yaml"))
    assert r.returncode == 0, r.stderr
    text = (root / "money.yaml").read_text()
    assert "rules: {match_length: null, jacoby: true}" in text.splitlines() and "match:" not in text
    assert "  cube: {value: 2, owner: white}" in text.splitlines()  # Black (left) doubled, White took
    check = cli("check", str(root))
    assert check.returncode == 0 and check.stdout.strip().endswith("all hold"), check.stdout


BROKEN = [
    ("a.mat", MAT.replace("21: 13/11 6/5", "21: 13/10 6/5"), 7, 34,
     "13/10 6/5 is not a legal play for white with 2-1", "the legal plays:"),
    ("b.mat", MAT.replace("52: 13/8 24/22", "52: 13/8 24/2x"), 8, 6, "cannot read '24/2x' as a move", "from/to"),
    ("c.mat", MAT.replace(" 3 point match", " three point match"), 3, 2, "expected the match length", "N point match"),
    ("d.mat", '; [Variation "HyperGammon (2)"]\n' + MAT, 1, 15, "the variant 'HyperGammon (2)' is not one",
     "3-checker hypergammon"),
    ("e.mat", MAT.replace("  9) 65:   ", "  9) 65: 24/18"), 15, 6, "24/18 is not a legal play for black", "legal"),
    ("f.mat", MAT.replace("  1)                             21: 13/11 6/5",
                          "  1) 21: 13/11 6/5"), 8, 6, "black rolls twice in a row", "wrong column"),
    ("g.mat", MAT.replace("Takes", "Frobs"), 17, 7, "cannot read 'Frobs' here", "a row is"),
    ("h.mat", MAT[:200] + "x" * (MAX_LINE + 5) + "\n", MAT[:200].count("\n") + 1, MAX_LINE + 1,
     "a .mat line has at most", "70 characters"),
    ("a.sgf", SGF.replace("GM[6]", "GM[1]"), 1, SGF.index("GM[6]") + 4, "GM[1] is not backgammon (GM[6])", "Go"),
    ("b.sgf", SGF.replace(";W[52mhxv]", ";W[52mhxa]"), 3, 2, "13/8 24/1 is not a legal play for black with 5-2",
     "the legal plays: "),
    ("c.sgf", SGF.replace(";W[52mhxv]", ";W[5mhxv]"), 3, 4, "expected two dice 1–6", "B[63qvsv]"),
    ("d.sgf", SGF.replace("RU[Crawford]", "RU[Crawford:Hypergammon1]"), 1, SGF.index("RU[") + 4, "'Hypergammon1' is not one",
     "hypergammon"),
    ("e.sgf", SGF[:SGF.index("\n;W[52")], 2, len(";B[21lnst]MR[]") + 1, "a ')' is missing", "one game tree per game"),
    ("f.sgf", SGF.replace(";B[21lnst]", ";AB[a][b];B[21lnst]"), 2, 2, "sets up a position by hand", "starting"),
    ("g.sgf", "(" * (MAX_DEPTH + 1) + ";GM[6]" + ")" * (MAX_DEPTH + 1), 1, MAX_DEPTH + 1, "nest more than",
     "no variations"),
    ("h.sgf", "(;GM[6]C[never closed", 1, 9, "never closes with ']'", None),
    ("i.sgf", SGF.replace(";W[take]", ";W[take];W[double]"), 21, 10, "black may not double here", None),
    ("i.mat", MAT.replace("Game 3", "Game 2"), MAT[:MAT.index("Game 3")].count("\n") + 1, 7,
     "Game 2 after Game 2: the games' numbers go up",
     "in the order played"),
    ("k.sgf", SGF.replace("[game:2]", "[game:0]"), SGF[:SGF.index("[game:2]")].count("\n") + 1,
     SGF.index("[game:2]") - SGF.rindex("\n", 0, SGF.index("[game:2]")) + 1,
     "MI[game:0] after MI[game:1]", "in the order played"),
    ("j.sgf", SGF.replace(";B[21lnst]", ";B[double];W[take];B[21lnst]", 1), 2, 2,
     "white may not double here: no side doubles before the opening roll", None),
]


@pytest.mark.parametrize(("name", "text", "line", "col", "message", "hint"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_file_is_one_located_error_with_a_hint(cli, tmp_path, name, text, line, col, message, hint):
    path = write(tmp_path, name, text)
    r = cli("import", path)
    assert r.returncode == 1 and r.stdout == ""
    first, *rest = r.stderr.splitlines()
    assert first.startswith(f"{path}:{line}:{col}: error: ") and message in first, r.stderr
    if hint is not None:
        assert rest and rest[0].startswith("    hint: ") and hint in rest[0], r.stderr
    assert "Traceback" not in r.stderr


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(cli, tmp_path, monkeypatch):
    monkeypatch.setattr("tavla_docs.cli.commands.importmatch.MAX_BYTES", 1000)
    r = cli("import", write(tmp_path, "big.mat", MAT))
    assert r.returncode == 1 and r.stderr.startswith(f"{tmp_path}/big.mat:1:1: error: the file is larger than 1,000")


@pytest.mark.parametrize("name", ["long.mat", "long.sgf"])
def test_too_many_actions_in_one_file_is_refused_where_the_limit_is_passed(cli, tmp_path, name):
    from tavla_docs.formats.gamerecord import MAX_TOTAL
    if name.endswith(".mat"):
        game = MAT[MAT.index(" Game 1"):MAT.index(" Game 2")]
        games = [game.replace("Game 1", f"Game {i + 1}") for i in range(MAX_TOTAL // 50 + 2)]
        text = MAT[:MAT.index(" Game 1")] + "".join(games)
    else:
        game = SGF[:SGF.index(")") + 1]  # game 1's tree: 51 actions
        text = "".join(game.replace("[game:0]", f"[game:{i}]") for i in range(MAX_TOTAL // 50 + 2))
    path = write(tmp_path, name, text)
    r = cli("import", path)
    assert r.returncode == 1 and f"error: more than {MAX_TOTAL:,} actions in one file" in r.stderr, r.stderr[:500]
    assert "hint: split the match" in r.stderr


@st.composite
def mutated(draw: st.DrawFn, seed: str) -> str:
    """`seed` with a few characters or whole lines replaced, inserted, deleted or duplicated."""
    lines = seed.splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["char", "char", "char", "drop", "dup", "swap"]))
        if op == "drop" and len(lines) > 1:
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        else:
            chars = list(lines[i])
            k = draw(st.integers(0, len(chars)))
            c = draw(st.sampled_from(list("0123456789/*:;()[]abxyz =>\\\n") + ["Doubles", "Takes", "25", "\x00",
                                                                              "é", "Game 9"]))
            chars[k:k + draw(st.integers(0, 2))] = [c]
            lines[i] = "".join(chars)
    return "".join(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(st.one_of(st.tuples(st.just("x.mat"), mutated(MAT)), st.tuples(st.just("x.sgf"), mutated(SGF)),
                 st.tuples(st.sampled_from(["x.mat", "x.sgf"]), st.text(max_size=200))))
def test_broken_match_files_never_get_a_traceback(cli, tmp_path, case):
    name, text = case
    path = write(tmp_path, name, text)
    r = cli("import", path)
    assert r.returncode in (0, 1), r.stderr
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr
    if r.returncode == 1:
        assert r.stderr.startswith(f"{path}:"), r.stderr
        assert r.stderr.split(":", 3)[1].isdigit() and r.stderr.split(":", 3)[2].isdigit(), r.stderr


def test_the_format_comes_from_the_name_the_first_character_or_format(cli, tmp_path):
    want = cli("import", str(DATA / "match3.sgf")).stdout.splitlines()[1:-1]
    for name, extra in (("game", ()), ("game.txt", ("--format", "sgf"))):
        path = write(tmp_path, name, SGF)
        r = cli("import", path, *extra)
        assert r.returncode == 0 and r.stdout.splitlines()[1:-1] == want, r.stderr
    wrong = cli("import", write(tmp_path, "match.sgf", MAT))
    assert wrong.returncode == 1 and ":1:1: error: a node (';') outside a game tree" in wrong.stderr, wrong.stderr


def test_a_write_that_fails_leaves_no_partial_scenario(tmp_path):
    """A real failure part-way through the write: the process may not write a file past 256 bytes
    (RLIMIT_FSIZE; the scenario is longer). No half-written scenario is left, and no temporary."""
    import resource
    import signal
    import subprocess
    import sys

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write fails with EFBIG instead of killing the process
        resource.setrlimit(resource.RLIMIT_FSIZE, (256, 256))

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}
    r = subprocess.run([sys.executable, "-m", "tavla_docs", "import", str(DATA / "match3.mat"), "--game", "1",
                        "--move", "19", "-o", "s/m.yaml"], cwd=tmp_path, env=env, preexec_fn=limited,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr == "tavla-docs: error: s/m.yaml: error: cannot write it (File too large); no file was changed\n"
    assert list(tmp_path.iterdir()) == []  # not the file, nor the folder made for it
