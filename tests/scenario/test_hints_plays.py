"""Issue 14's hints about written plays, through a real `tavla-docs check` (or `render`): a move
written backwards names the mover's own numbering, and a cut list of legal plays says how many more."""
from __future__ import annotations

import textwrap
from itertools import pairwise
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tavla_docs.engine.board import Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.formats.xgid import format_xgid
from tavla_docs.scenario.fields import backwards_hint
from tavla_docs.variants import TAVLA

# White's last checkers (seed 1's mid-move), Black's in White's numbering B19-B21 (Black's own 6, 5, 4).
POSITION = """\
variant: tavla
position:
  white: {9: 1, 6: 4, 5: 4, 4: 3, 3: 2, 2: 1}
  black: {19: 5, 20: 5, 21: 5}
"""


def scenario(tmp_path: Path, body: str) -> Path:
    p = tmp_path / "s.yaml"
    p.write_text(POSITION + textwrap.dedent(body), encoding="utf-8")
    return p


def check(cli, path: Path) -> list[str]:
    r = cli("check", path.name, cwd=path.parent)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    return r.stdout.splitlines()


def test_white_move_written_upwards_hints_the_reversed_move(cli, tmp_path: Path) -> None:
    path = scenario(tmp_path, """\
        turn: white
        roll: 6-3
        expect:
          legal: [6/off 3/9]
        """)
    first, hint = check(cli, path)[:2]
    assert first == "s.yaml:8:17: error: legal: '3/9' moves backwards: checkers move from higher to lower points"
    assert hint == "    moves go from higher to lower points in the mover's own numbering; did you mean 9/3?"


def test_the_shown_play_written_upwards_gets_the_same_hint(cli, tmp_path: Path) -> None:
    path = scenario(tmp_path, """\
        turn: white
        roll: 6-3
        show: 6/off 3/9
        """)
    first, hint = check(cli, path)[:2]
    assert first == "s.yaml:7:13: error: show: '3/9' moves backwards: checkers move from higher to lower points"
    assert hint == "    moves go from higher to lower points in the mover's own numbering; did you mean 9/3?"


def test_black_move_in_whites_numbering_hints_25_minus_p(cli, tmp_path: Path) -> None:
    # Black has checkers on its own 6 (White's 19) but none on its own 22: the author meant 6/3.
    path = scenario(tmp_path, """\
        turn: black
        roll: 6-3
        expect:
          forced: 19/22
        """)
    first, hint = check(cli, path)[:2]
    assert first == "s.yaml:8:11: error: forced: '19/22' moves backwards: checkers move from higher to lower points"
    assert hint == ("    moves go from higher to lower points in the mover's own numbering; Black's own point is "
                    "25−p of White's p (White's 19 is Black's 6); did you mean 6/3?")


def test_the_hinted_move_is_read_by_the_checker(cli, tmp_path: Path) -> None:
    """The suggestion is a real fix: writing it makes the claim readable (and here true)."""
    path = scenario(tmp_path, """\
        turn: black
        roll: 6-3
        expect:
          legal: [6/off 6/3]
        """)
    r = cli("check", path.name, cwd=tmp_path)
    assert r.returncode == 0, r.stdout


@given(st.lists(st.integers(1, 24), min_size=2, max_size=4, unique=True))
def test_hint_is_given_exactly_for_climbing_moves(points: list[int]) -> None:
    text = "/".join(map(str, points))
    found = backwards_hint(text, Side.WHITE, TAVLA.starting_position(), TAVLA)
    climbing = any(a < b for a, b in pairwise(points))
    assert (found is not None) == climbing
    if found is not None:
        guess = found[2].rsplit("did you mean ", 1)[1].rstrip("?")
        assert [int(p) for p in guess.split("/")] == points[::-1]


def test_cut_list_of_legal_plays_says_how_many_more(cli, tmp_path: Path) -> None:
    p = tmp_path / "s.yaml"
    p.write_text("variant: tavla\nposition:\n  white: {24: 2, 13: 5, 8: 3, 6: 5}\n  black: {1: 2, 12: 5, 17: 3, 19: 5}\n"
                 "turn: white\nroll: 1-1\nexpect:\n  legal: [6/2(2)]\n", encoding="utf-8")
    n = sum(1 for play in legal_plays(TAVLA.starting_position(), Side.WHITE, Roll(1, 1), TAVLA) if play.moves)
    assert n > 40
    lines = check(cli, p)
    assert lines[0].endswith("error: 6/2(2) is not a legal play with 1-1")
    assert lines[1].startswith(f"    the {n} legal plays: ")
    assert lines[1].endswith(f", … and {n - 40} more")
    assert lines[1].count(", ") == 40  # 40 plays shown, then the count of the rest


def test_render_names_how_many_legal_plays_it_left_out(cli) -> None:
    xgid = format_xgid(TAVLA.starting_position(), Side.WHITE)
    n = len(legal_plays(TAVLA.starting_position(), Side.WHITE, Roll(2, 1), TAVLA))
    r = cli("render", xgid, "--roll", "2-1", "--play", "24/21 6/5")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.rstrip().endswith(f", … and {n - 8} more")
