"""`TAVLA_DOCS_PURE=1` sends every engine call to the reference (`engine/walk.py`).

A child process replaces the speed layers that `movegen` (the one dispatch point) holds by
tripwires that raise, then lists and counts plays of Tavla, Backgammon and Gülbara. With the
switch set it must answer, with the plays this process gets by the fast paths; without it the
same child must hit a tripwire (so the test can fail)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tavla_docs.engine.board import Side
from tavla_docs.engine.dice import ALL_ROLLS, Roll
from tavla_docs.engine.movegen import count_plays, legal_plays
from tavla_docs.engine.play import TurnContext
from tavla_docs.variants import ruleset

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import json, sys
from tavla_docs.engine import movegen

class Tripwire:
    def __getattr__(self, name):
        raise AssertionError(f"a speed layer was called: {name}")

def tripped(*args, **kwargs):
    raise AssertionError("a speed layer was called: plain_plays")

movegen.kernels = movegen.levels = Tripwire()
movegen.plain_plays = tripped
sys.path.insert(0, sys.argv[1])
from tests.engine.test_pure_switch import answers
print(json.dumps(answers()))
"""


def answers() -> list[list[str] | list[int]]:
    """Plays of every roll from Tavla's and Backgammon's start, and Gülbara's turn-4 counts."""
    out: list[list[str] | list[int]] = []
    for game in ("tavla", "backgammon"):
        rules = ruleset(game)
        for roll in ALL_ROLLS:
            out.append([str(p) for p in legal_plays(rules.starting_position(), Side.WHITE, roll, rules)])
    gulbara = ruleset("gulbara")
    for die in (4, 5, 6):
        counted = count_plays(gulbara.starting_position(), Side.WHITE, Roll(die, die), gulbara, TurnContext(game_turn=4))
        out.append(list(counted))
    return out


def _child(pure: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "TAVLA_DOCS_PURE"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    if pure:
        env["TAVLA_DOCS_PURE"] = "1"
    return subprocess.run([sys.executable, "-c", CHILD, str(ROOT)], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=300)


def test_the_switch_runs_the_engine_on_the_reference_alone_with_the_same_plays():
    r = _child(pure=True)
    assert r.returncode == 0, r.stderr[-2000:]
    assert json.loads(r.stdout) == answers()


def test_without_the_switch_the_speed_layers_run():
    r = _child(pure=False)
    assert r.returncode != 0 and "a speed layer was called" in r.stderr
