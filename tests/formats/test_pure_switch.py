"""`TAVLA_DOCS_PURE=1` sends the play text to the reference (`formats/playjson.py`): a child
process with the switch set writes `plays --json`'s plays without importing `formats/jsonl/`,
the same bytes as this process's speed layers; without it, the child imports them."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tavla_docs.engine.board import Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.formats.plays import FIELDS, plays_json
from tavla_docs.variants import ruleset

ROOT = Path(__file__).resolve().parents[2]
TAIL = ":0:0:-1:00:0:0:0:0:10"

CHILD = """
import sys
sys.path.insert(0, sys.argv[1])
from tests.formats.test_pure_switch import texts
print(texts())
print(sorted(m for m in sys.modules if m.startswith("tavla_docs.formats.jsonl")))
"""


def texts() -> str:
    """The plays of a few answers (Tavla, Backgammon, Tapa, Uzun tavla), every field order kind."""
    out = []
    for game, roll in (("tavla", Roll(6, 5)), ("backgammon", Roll(3, 3)), ("tapa", Roll(4, 2)), ("uzun", Roll(6, 1))):
        rules = ruleset(game)
        plays = legal_plays(rules.starting_position(), Side.WHITE, roll, rules)
        for fields in (FIELDS, ("notation",), ("board", "notation")):
            out.append(plays_json(plays, fields, TAIL))
    return "\n".join(out)


def _child(pure: bool) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "TAVLA_DOCS_PURE"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    if pure:
        env["TAVLA_DOCS_PURE"] = "1"
    r = subprocess.run([sys.executable, "-c", CHILD, str(ROOT)], capture_output=True, text=True, env=env,
                       cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout.splitlines()


def test_the_switch_writes_the_reference_text_without_the_speed_layers():
    *written, loaded = _child(pure=True)
    assert loaded == "[]"
    assert "\n".join(written) == texts()


def test_without_the_switch_the_speed_layers_write_it():
    *written, loaded = _child(pure=False)
    assert "tavla_docs.formats.jsonl.playtext" in loaded
    assert "\n".join(written) == texts()
