"""The claims about what a figure states beyond the plays (issue 11): `home`, `off`, `bar`,
`on_board`, `point` (and the same under `after:`), `cube`, and the `test_only:` key.

Each error is checked through `tavla-docs check` as a user runs it, with the exact
`path:line:col` counted from the file text written here. The property tests build the
claims from counts read off the board by hand (White's home is B1–B6; Black's is B19–B24
in the opposite-direction games and B13–B18 in Uzun tavla and Gülbara) and check that
those pass and that one checker more or fewer fails, at the claim's own line.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavla_docs.engine.board import Geometry, Position, Side
from tavla_docs.scenario import check_scenario, load_scenario
from tavla_docs.scenario.claims import DEFAULT_ENGINE, Subject
from tavla_docs.scenario.fact_claims import CheckerClaim, CubeClaim, PointClaim
from tavla_docs.variants import ruleset

BEAR_OFF = """\
variant: tavla
position:
  white: {5: 1, 3: 1}
  black: {19: 5, 20: 5, 21: 5}
turn: white
roll: 4-2
show: 5/3 3/off
"""


def write(tmp_path: Path, text: str, name: str = "s.yaml") -> Path:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return f


def errors(r) -> list[str]:
    """The diagnostic lines of a `check` run (hints, indented, and the summary left out)."""
    return [ln for ln in r.stdout.splitlines() if ": error: " in ln]


# --- claims that hold and claims that fail -------------------------------------------------

def test_true_counts_hold(cli, tmp_path):
    f = write(tmp_path, BEAR_OFF + """\
expect:
  home: {white: 2, black: 15}
  off: {white: 13, black: 0}
  bar: {white: 0, black: 0}
  on_board: {white: 2, black: 15}
  point: {5: white 1, 3: {white: 1}, 19: 5 black, 4: empty}
  after:
    off: {white: 14}
    home: {white: 1}
    point: {5: empty, 3: white 1}
    pips: {white: 3}
""")
    r = cli("check", str(f))
    assert r.returncode == 0, r.stdout
    # 1 show + 2 + 2 + 2 + 2 + 4 points = 13; after: 1 + 1 + 2 points + 1 pips = 5
    assert r.stdout == "1 scenario, 18 claims checked, all hold\n"


def test_wrong_counts_fail_where_they_are_written(cli, tmp_path):
    f = write(tmp_path, BEAR_OFF + """\
expect:
  home: {white: 3}
  off: {black: 1}
  bar: {black: 1}
  on_board: {white: 3}
  point: {5: empty, 6: 2 black}
  after:
    off: {white: 13}
    point: {3: white 2}
    pips: {white: 1}
""")
    r = cli("check", str(f))
    assert r.returncode == 1
    assert errors(r) == [
        f"{f}:9:17: error: home: white has 2 checkers in its home board, not 3",
        f"{f}:10:16: error: off: black has 0 checkers borne off, not 1",
        f"{f}:11:16: error: bar: black has 0 checkers on the bar, not 1",
        f"{f}:12:21: error: on_board: white has 2 checkers on the points, not 3",
        f"{f}:13:14: error: point 5: the point holds 1 white, not empty",
        f"{f}:13:24: error: point 6: the point is empty, not 2 black",
        f"{f}:15:18: error: after.off: white has 14 checkers borne off after the shown play, not 13",
        f"{f}:16:16: error: after.point 3: the point holds 1 white after the shown play, not 2 white",
        f"{f}:17:19: error: after.pips: white has 3 pips after the shown play, not 1",
    ]
    assert "after the shown play:\n" in r.stdout  # the point's hint draws the board it is about


def test_a_point_claim_names_every_colour_on_it(cli, tmp_path):
    # A Tapa pin: White's checker on B5 lies under Black's; `{black: 1}` leaves out the pinned one
    text = ("variant: tapa\nposition:\n  white: {24: 12, 13: 1, 10: 1, 5: 1}\n  black: {1: 13, 12: 1, 5: 1}\n"
            "  pinned: {white: [5]}\nturn: black\nexpect:\n  point: {5: {black: 1}}\n")
    f = write(tmp_path, text)
    assert errors(cli("check", str(f))) == [
        f"{f}:8:14: error: point 5: the point holds 1 white and 1 black, not 1 black"]
    write(tmp_path, text.replace("{5: {black: 1}}", "{5: {white: 1, black: 1}}"))
    assert cli("check", str(f)).returncode == 0


def test_uzun_home_boards_follow_the_geometry(cli, tmp_path):
    # Same direction: Black's home is B13–B18 (its own 1–6), not B19–B24
    f = write(tmp_path, "variant: uzun\nposition:\n  white: {3: 15}\n  black: {13: 4, 18: 5, 19: 6}\n"
                        "turn: white\nexpect:\n  home: {white: 15, black: 9}\n")
    assert cli("check", str(f)).returncode == 0
    write(tmp_path, "variant: uzun\nposition:\n  white: {3: 15}\n  black: {13: 4, 18: 5, 19: 6}\n"
                    "turn: white\nexpect:\n  home: {white: 15, black: 15}\n")
    assert errors(cli("check", str(f))) == [
        f"{f}:7:28: error: home: black has 9 checkers in its home board, not 15"]


# --- located errors for values that are not claims ------------------------------------------

@pytest.mark.parametrize(("claims", "line", "hint"), [
    ("  home: 15\n", "9:9: error: home takes a mapping, like {white: 15, black: 0}, not 15", None),
    ("  home: {whit: 15}\n", "9:10: error: unknown key 'whit' in home", "did you mean `white`?"),
    ("  off: {white: 16}\n", "9:16: error: off white takes a number of checkers 0–15, not 16", None),
    ("  on_board: {black: two}\n", "9:21: error: on_board black takes a number of checkers 0–15, not 'two'", None),
    ("  ofF: {white: 1}\n", "9:3: error: unknown key 'ofF' in expect", "did you mean `off`?"),
    ("  point: {25: empty}\n", "9:11: error: point 25 does not exist; points are 1–24 (White's numbering)", None),
    ("  point: {3: whit 1}\n", "9:14: error: point 3: cannot read 'whit 1'; write empty, white 2, or {white: 2}",
     None),
    ("  point: {3: white 0}\n", "9:14: error: point 3: cannot read 'white 0'; write empty, white 2, or {white: 2}",
     None),
    ("  point: {3: {blak: 1}}\n", "9:15: error: unknown key 'blak' in point 3", "did you mean `black`?"),
    ("  point: {3: {}}\n", "9:14: error: point 3: an empty mapping says nothing; write empty, white 2, or {white: 2}",
     None),
    ("  point: [3]\n", "9:10: error: point takes a mapping, like {5: empty, 3: white 2, 19: {black: 3}}, not a list",
     None),
    ("  after: {hom: {white: 1}}\n", "9:11: error: unknown key 'hom' in after", "did you mean `home`?"),
    ("  after: {off: {white: -1}}\n", "9:24: error: off white takes a number of checkers 0–15, not -1", None),
    ("  cube: {value: 2}\n", "9:3: error: `cube`: tavla has no doubling cube", None),
])
def test_bad_values_are_located(cli, tmp_path, claims, line, hint):
    f = write(tmp_path, BEAR_OFF + "expect:\n" + claims)
    r = cli("check", str(f))
    assert r.returncode == 1 and "Traceback" not in r.stdout + r.stderr
    assert r.stdout.splitlines()[0] == f"{f}:{line}"
    if hint:
        assert r.stdout.splitlines()[1].strip() == hint


def test_bar_and_after_need_what_they_talk_about(cli, tmp_path):
    f = write(tmp_path, "variant: uzun\nposition:\n  white: {3: 15}\n  black: {13: 15}\nturn: white\n"
                        "expect:\n  bar: {white: 0}\n  after: {off: {white: 1}}\n")
    assert errors(cli("check", str(f))) == [
        f"{f}:7:3: error: `bar`: uzun has no bar",
        f"{f}:8:3: error: `after` is about the position after the shown play: add `show:`",
    ]


# --- the cube -----------------------------------------------------------------------------

CUBE = """\
variant: backgammon
rules: {cube_max: 8}
position:
  white: {13: 4, 8: 3, 6: 5, 5: 2, 3: 1}
  black: {1: 2, 12: 4, 17: 3, 19: 4, 20: 2}
turn: black
"""


def test_the_cube_claim_reads_the_figure(cli, tmp_path):
    f = write(tmp_path, CUBE + "expect:\n  cube: {value: 2, owner: black}\ndiagram:\n  cube: {value: 2, owner: black}\n")
    assert cli("check", str(f)).stdout == "1 scenario, 1 claim checked, all hold\n"
    write(tmp_path, CUBE + "expect:\n  cube: {value: 4, owner: white}\ndiagram:\n  cube: {value: 2, owner: black}\n")
    r = cli("check", str(f))
    assert r.returncode == 1
    assert errors(r) == [f"{f}:8:9: error: cube: the figure shows the cube at 2 owned by black, not at 4 owned by white"]


def test_no_cube_drawn_is_a_fresh_cube(cli, tmp_path):
    f = write(tmp_path, CUBE + "expect:\n  cube: {value: 1, owner: centre}\n")
    assert cli("check", str(f)).returncode == 0
    write(tmp_path, CUBE + "expect:\n  cube: {owner: white}\n")
    assert errors(cli("check", str(f))) == [
        f"{f}:8:9: error: cube: the figure shows the cube at 1 in the centre, not owned by white"]


@pytest.mark.parametrize(("cube", "line"), [
    ("{value: 16, owner: black}", "8:17: error: the cube's highest face in backgammon is 8, not 16"),
    ("{value: 3}", "8:17: error: a cube face is 1, 2, 4, 8, … (a power of 2), not 3"),
    ("{value: 0}", "8:17: error: a cube face is 1, 2, 4, 8, … (a power of 2), not 0"),
    ("{value: 2, owner: center}", "8:27: error: cube owner is white, black or centre, not 'center'"),
    ("{vaule: 2}", "8:10: error: unknown key 'vaule' in cube"),
    ("{}", "8:9: error: cube takes a value, an owner or both, like {value: 2, owner: black}"),
])
def test_a_cube_face_must_exist_in_the_game(cli, tmp_path, cube, line):
    f = write(tmp_path, CUBE + f"expect:\n  cube: {cube}\n")
    r = cli("check", str(f))
    assert r.returncode == 1
    assert r.stdout.splitlines()[0] == f"{f}:{line}"


def test_unlimited_cube_takes_any_power_of_two(cli, tmp_path):
    f = write(tmp_path, CUBE.replace("rules: {cube_max: 8}", "rules: {cube_max: null}")
              + "expect:\n  cube: {value: 128}\n")
    assert errors(cli("check", str(f))) == [
        f"{f}:8:9: error: cube: the figure shows the cube at 1 in the centre, not at 128"]


# --- test_only ----------------------------------------------------------------------------

def test_test_only_keeps_its_reason(tmp_path):
    f = write(tmp_path, BEAR_OFF + 'test_only: "the head rule on turn 7; no page draws it"\n')
    assert load_scenario(f).test_only == "the head rule on turn 7; no page draws it"
    assert load_scenario(write(tmp_path, BEAR_OFF, "plain.yaml")).test_only is None


@pytest.mark.parametrize(("value", "shown"), [('""', "''"), ("true", "true"), ("[a]", "a list"), ("", "nothing"),
                                              ('"  "', "'  '")])
def test_test_only_needs_a_reason(cli, tmp_path, value, shown):
    f = write(tmp_path, BEAR_OFF + f"test_only: {value}\n")
    r = cli("check", str(f))
    assert r.returncode == 1
    col = 12 if value else 11  # `test_only:` with nothing after it: the value is where it would start
    assert r.stdout.splitlines()[:2] == [
        f"{f}:8:{col}: error: test_only takes the reason no page shows this scenario, as text, not {shown}",
        '    like test_only: "checks the head rule on turn 7; no page draws it"']


# --- properties: claims built from the board as drawn -------------------------------------

VARIANTS = ("tavla", "backgammon", "uzun", "gulbara", "tapa")
CUBES = [(2, "black"), (4, "white"), (1, "centre"), (64, "white"), (2, "centre")]


def home_points(geometry: Geometry, side: str) -> range:
    """A side's home board in White's numbering, as the rules describe it."""
    if side == "white":
        return range(1, 7)
    return range(19, 25) if geometry is Geometry.OPPOSITE else range(13, 19)


@st.composite
def boards(draw):
    """(variant, white, black, white_bar, black_bar): disjoint points, bars where the game has one."""
    variant = draw(st.sampled_from(VARIANTS))
    rules = ruleset(variant)
    points = draw(st.permutations(range(1, 25)))
    split = draw(st.integers(0, 24))
    out: list = [variant]
    for side_points in (points[:split], points[split:]):
        total = draw(st.integers(0, 15))
        bar = draw(st.integers(0, min(total, 3))) if rules.has_bar else 0
        counts: dict[int, int] = {}
        for _ in range(total - bar):
            if not side_points:
                break
            b = draw(st.sampled_from(side_points))
            counts[b] = counts.get(b, 0) + 1
        out += [counts, bar]
    return out[0], out[1], out[3], out[2], out[4]


def scenario_text(variant: str, white: dict, black: dict, wbar: int, bbar: int, claims: str) -> str:
    def side(counts: dict, bar: int) -> str:
        items = [f"{b}: {n}" for b, n in sorted(counts.items())] + ([f"bar: {bar}"] if bar else [])
        return "{" + ", ".join(items) + "}"
    return (f"variant: {variant}\nposition:\n  white: {side(white, wbar)}\n  black: {side(black, bbar)}\n"
            f"turn: white\nexpect:\n{claims}")


def truths(variant: str, white: dict, black: dict, wbar: int, bbar: int) -> list[tuple[str, str, int]]:
    """(key, side, count) for every count claim, worked out from the board as written."""
    rules = ruleset(variant)
    out = []
    for key in ("home", "off", "on_board") + (("bar",) if rules.has_bar else ()):
        for side, counts, bar in (("white", white, wbar), ("black", black, bbar)):
            on = sum(counts.values())
            n = {"home": sum(n for b, n in counts.items() if b in home_points(rules.geometry, side)),
                 "off": 15 - on - bar, "on_board": on, "bar": bar}[key]
            out.append((key, side, n))
    return out


def claims_text(facts: list[tuple[str, str, int]]) -> str:
    """One line per key, both sides on it: `  home: {white: 3, black: 0}`."""
    keys = list(dict.fromkeys(k for k, _, _ in facts))
    return "".join(f"  {key}: {{" + ", ".join(f"{side}: {n}" for k, side, n in facts if k == key) + "}\n"
                   for key in keys)


PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(boards(), st.data())
def test_count_claims_from_the_board_hold_and_one_off_fails(board, data):
    variant, white, black, wbar, bbar = board
    facts = truths(*board)
    s = load_scenario(Path("prop.yaml"), text=scenario_text(*board, claims_text(facts)))
    assert check_scenario(s) == []
    assert sum(isinstance(c, CheckerClaim) for c in s.expect) == len(facts)
    k = data.draw(st.integers(0, len(facts) - 1))
    key, side, n = facts[k]
    delta = 1 if n == 0 else -1 if n == 15 else data.draw(st.sampled_from([-1, 1]))
    wrong = facts[:k] + [(key, side, n + delta)] + facts[k + 1:]
    s = load_scenario(Path("prop.yaml"), text=scenario_text(*board, claims_text(wrong)))
    found = check_scenario(s)
    assert [(d.line, d.message.split(":")[0]) for d in found] == [(7 + k // 2, key)]
    assert found[0].message.endswith(f", not {n + delta}")


@PROPERTY
@given(boards(), st.data())
def test_point_claims_from_the_board_hold_and_one_off_fails(board, data):
    variant, white, black, wbar, bbar = board
    points = data.draw(st.lists(st.integers(1, 24), min_size=1, max_size=6, unique=True))

    def spec(w: int, b: int) -> str:
        return "{" + f"white: {w}, black: {b}" + "}"

    lines = [f"    {b}: {spec(white.get(b, 0), black.get(b, 0))}\n" for b in points]
    s = load_scenario(Path("prop.yaml"), text=scenario_text(*board, "  point:\n" + "".join(lines)))
    assert check_scenario(s) == []
    assert sum(isinstance(c, PointClaim) for c in s.expect) == len(points)
    k = data.draw(st.integers(0, len(points) - 1))
    b = points[k]
    w, k_black = white.get(b, 0), black.get(b, 0)
    colour = data.draw(st.sampled_from(["white", "black"]))
    n = w if colour == "white" else k_black
    n2 = n + (1 if n == 0 else -1 if n == 15 else data.draw(st.sampled_from([-1, 1])))
    lines[k] = f"    {b}: {spec(n2, k_black) if colour == 'white' else spec(w, n2)}\n"
    found = check_scenario(load_scenario(Path("prop.yaml"), text=scenario_text(*board, "  point:\n" + "".join(lines))))
    assert [(d.line, d.message.split(":")[0]) for d in found] == [(8 + k, f"point {b}")]


@given(st.sampled_from(CUBES), st.sampled_from([*CUBES, None]))
def test_the_cube_claim_holds_exactly_when_it_says_what_is_drawn(claimed, drawn):
    shown = drawn or (1, "centre")  # no cube drawn: a fresh cube
    pos = Position.from_board({6: 1}, {19: 1}, checkers=15)
    s = Subject(pos, Side.WHITE, None, ruleset("backgammon"))
    both = CubeClaim("cube", 1, 1, value=claimed[0], owner=claimed[1], shown=shown)
    assert (both.check(s, DEFAULT_ENGINE) == []) == (claimed == shown)
    value_only = CubeClaim("cube", 1, 1, value=claimed[0], shown=shown)
    assert (value_only.check(s, DEFAULT_ENGINE) == []) == (claimed[0] == shown[0])
