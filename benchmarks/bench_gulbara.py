"""Gülbara's open positions: the progression doubles from the start and from a spread middle
game on turn 4, counted (`count_plays`), listed (`legal_plays`, the level walk) and, where it
ends within a time limit, listed by the old depth-first walk (`depth_first_plays`) beside them.

Each run is its own process, so its peak memory (`ru_maxrss`) is its own; the figures are
CPU seconds (the machine is shared: wall-clock time depends on the neighbours), and each
line prints the interpreter's own peak beside the case's. The old walk gets a time limit
(its budget's `max_seconds`); the cases it cannot finish report the new figures alone.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

RUN = r"""
import json, resource, sys, time
from tavla_docs.engine.board import Position, Side, Geometry
from tavla_docs.engine.budget import PlayBudget, PlayBudgetExceeded
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import count_plays, depth_first_plays, legal_plays
from tavla_docs.engine.play import TurnContext
from tavla_docs.variants import ruleset
where, die, mode, limit = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
rules = ruleset("gulbara")
board = {} if where == "start" else {k: {int(p): n for p, n in v.items()} for k, v in json.loads(where).items()}
pos = rules.starting_position() if where == "start" else Position.from_board(
    board["white"], board["black"], geometry=Geometry.SAME, checkers=15)
budget = PlayBudget(max_plays=None, max_seconds=limit or None)
ctx = TurnContext(game_turn=4, player_turn=2)
before = resource.getrusage(resource.RUSAGE_SELF)
out = {"rss0": before.ru_maxrss / 1024}
t = time.process_time()
try:
    if mode == "idle":
        n = 0
    elif mode == "count":
        n = count_plays(pos, Side.WHITE, Roll(die, die), rules, ctx, budget=budget).plays
    else:
        walk = legal_plays if mode == "list" else depth_first_plays
        n = len(walk(pos, Side.WHITE, Roll(die, die), rules, ctx, budget=budget))
    out["plays"] = n
except PlayBudgetExceeded:
    out["plays"] = None
out["cpu"] = time.process_time() - t
out["rss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(out))
"""

# The spread middle game of tests/cli/test_play_budget.py (shared numbering, White to move).
SPREAD = {"white": {24: 2, 22: 1, 21: 1, 20: 1, 19: 1, 18: 1, 17: 2, 16: 1, 15: 1, 14: 1, 13: 1, 10: 1, 9: 1},
          "black": {12: 3, 11: 1, 8: 1, 7: 1, 6: 2, 5: 1, 4: 1, 3: 2, 2: 1, 1: 2}}
# (name, position, die, list with the level walk, old walk's time limit in CPU-ish seconds (0: not run))
CASES = [
    ("start 1-1", "start", 1, False, 0),
    ("start 2-2", "start", 2, True, 0),
    ("start 3-3", "start", 3, True, 120),
    ("spread 1-1", json.dumps(SPREAD), 1, False, 0),
    ("spread 2-2", json.dumps(SPREAD), 2, True, 120),
    ("spread 3-3", json.dumps(SPREAD), 3, True, 120),
]


def _run(where: str, die: int, mode: str, limit: float = 0) -> dict:
    proc = subprocess.run([sys.executable, "-c", RUN, where, str(die), mode, str(limit)], capture_output=True,
                          text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    return json.loads(proc.stdout)


def _figure(r: dict) -> str:
    if r["plays"] is None:
        return f"stopped after {r['cpu']:.1f} s CPU (time limit)"
    return f"{r['plays']:>9,} plays  {r['cpu']:7.2f} s CPU  peak {r['rss']:7.0f} MiB"


def main(quick: bool = False) -> None:
    idle = _run("start", 1, "idle")
    print(f"Gülbara, White to move on turn 4 (progression doubles); each run in its own process, "
          f"whose own peak is {idle['rss']:.0f} MiB")
    for name, where, die, listed, limit in CASES:
        if quick and die == 1:
            continue
        count = _run(where, die, "count")
        print(f"{name:10}  count_plays: {_figure(count)}", flush=True)
        if listed:
            new = _run(where, die, "list")
            print(f"{'':10}  legal_plays: {_figure(new)}", flush=True)
            if limit and not quick:
                old = _run(where, die, "old", limit)
                print(f"{'':10}  old walk:    {_figure(old)}", flush=True)
                if old["plays"] is not None:
                    if old["plays"] != new["plays"] or new["plays"] != count["plays"]:
                        raise SystemExit(f"{name}: the walks disagree")
                    print(f"{'':10}  ratio old/new: listing {old['cpu'] / new['cpu']:.1f}x, "
                          f"counting {old['cpu'] / count['cpu']:.1f}x (time); listing peak "
                          f"{(old['rss'] - idle['rss']) / max(1.0, new['rss'] - idle['rss']):.1f}x (memory above idle)")
