"""`plays XGID` without a roll plays the XGID's dice; output XGIDs keep the cube, score and match length."""
from __future__ import annotations

import json

import pytest

from tavla_docs.formats.gnubg import parse_match_id
from tavla_docs.formats.xgid import parse_xgid

BOARD = "-b----E-C---eE---c-e----B-"
MATCH = f"XGID={BOARD}:1:1:1:31:4:2:1:5:10"  # cube 2 owned by White, 4-2 to 5, Crawford, 3-1 rolled


def test_the_xgid_dice_are_the_roll(cli):
    rolled = cli("plays", f"XGID={BOARD}:0:0:1:31:0:0:0:0:10")
    given = cli("plays", f"XGID={BOARD}:0:0:1:00:0:0:0:0:10", "3-1")
    assert rolled.returncode == given.returncode == 0
    assert rolled.stdout == given.stdout and "white to play 3-1" in rolled.stdout and "16 legal plays" in rolled.stdout


def test_a_roll_given_wins_over_the_xgid_dice(cli):
    r = json.loads(cli("plays", MATCH, "6-5", "--json").stdout)
    assert r["roll"] == [6, 5]


def test_a_match_id_gives_its_dice(cli):
    r = json.loads(cli("plays", "4HPwATDgc/ABMA:QYkqASAAIAAA", "--json").stdout)  # the manual's example: 5-2 rolled
    assert r["roll"] == [5, 2] and r["turn"] == parse_match_id("QYkqASAAIAAA").turn.value


@pytest.mark.parametrize("position, why", [
    (f"XGID={BOARD}:0:0:1:00:0:0:0:0:10", "its dice field is 00 (no dice rolled)"),
    (f"XGID={BOARD}:0:0:1:D:0:0:0:0:10", "its dice field is D (a double offered): no dice are rolled"),
    ("4HPwATDgc/ABMA", "the position gives no dice"),
])
def test_no_dice_is_a_usage_error_with_a_hint(cli, position, why):
    r = cli("plays", position)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == (f"tavla-docs plays: error: ROLL is required: {position}: {why}; give the roll, "
                        "like `tavla-docs plays POSITION 3-1`\n")


def test_jsonl_takes_the_dice_from_the_xgid(cli):
    lines = [{"position": MATCH}, {"position": f"XGID={BOARD}:0:0:1:00:0:0:0:0:10"}]
    r = cli("plays", "--jsonl", stdin="".join(json.dumps(x) + "\n" for x in lines))
    out = [json.loads(line) for line in r.stdout.splitlines()]
    assert out[0]["roll"] == [3, 1] and len(out[0]["plays"]) == 16
    assert out[1] == {"error": "missing field 'roll'"}


@pytest.mark.parametrize("args", [("--json",), ("--jsonl",)])
def test_output_xgids_keep_the_cube_and_score(cli, args):
    stdin = json.dumps({"position": MATCH}) + "\n"
    r = cli("plays", *args, *((MATCH,) if args == ("--json",) else ()), stdin=stdin)
    plays = json.loads(r.stdout)["plays"]
    assert len(plays) == 16
    _, before = parse_xgid(MATCH)
    for p in plays:
        assert p["xgid"].endswith(":1:1:-1:00:4:2:1:5:10")  # Black to roll, no dice yet; the rest as given
        _, after = parse_xgid(p["xgid"])
        assert (after.cube, after.cube_owner, after.score_white, after.score_black, after.length, after.crawford) == \
            (before.cube, before.cube_owner, before.score_white, before.score_black, before.length, before.crawford)
        assert after.dice is None and after.turn is before.turn.opponent


def test_a_money_game_keeps_the_jacoby_rule_and_a_match_id_its_score(cli):
    jacoby = json.loads(cli("plays", f"XGID={BOARD}:2:-1:1:00:0:0:1:0:10", "3-1", "--json").stdout)
    assert {p["xgid"].split(":", 1)[1] for p in jacoby["plays"]} == {"2:-1:-1:00:0:0:1:0:10"}
    gnubg = json.loads(cli("plays", "4HPwATDgc/ABMA:QYkqASAAIAAA", "--json").stdout)  # 9-point match, 4-2, cube 2 Black's
    assert gnubg["turn"] == "white"
    assert {p["xgid"].split(":", 1)[1] for p in gnubg["plays"]} == {"1:-1:-1:00:4:2:0:9:10"}
