"""`tavla-docs plays POSITION ROLL`: every legal play, as text, JSON or JSON lines."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml

from ..board import Position, Side
from ..dice import Roll
from ..ids import xgid_of
from ..moves import legal_plays, max_dice, skips_roll
from ..positions import read_position
from ..rules import Ruleset, ruleset, variants


def add_parser(sub: Any) -> None:
    p = sub.add_parser("plays", help="list every legal play for a position and roll",
                       description="List every distinct legal play. POSITION is an XGID, a GNU Backgammon "
                                   "Position ID (optionally ID:MatchID) or a YAML file with white:/black: points.")
    p.add_argument("position", nargs="?", help="XGID, Position ID[:MatchID], or a YAML file")
    p.add_argument("roll", nargs="?", help="the dice, e.g. 3-1 or 66")
    p.add_argument("--variant", default=None, help=f"rules to use ({', '.join(variants())}); default tavla")
    p.add_argument("--turn", choices=["white", "black"], help="side to play (default: from the ID, else white)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--jsonl", action="store_true", help="batch mode: one JSON request per stdin line")
    p.set_defaults(run=run)


def load_position(text: str, turn: Side | None, rules: Ruleset) -> tuple[Position, Side]:
    path = Path(text)
    if text.endswith((".yaml", ".yml")) or path.is_file():
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "position" in data:
            if turn is None and isinstance(data.get("turn"), str):
                turn = Side.parse(data["turn"])
            data = data["position"]
        pos, side, _ = read_position(data, turn=turn, geometry=rules.geometry)
    else:
        pos, side, _ = read_position(text, turn=turn, geometry=rules.geometry)
    return pos, side or Side.WHITE


def result(position_text: str, roll_text: str, variant: str | None, turn: str | None) -> dict[str, Any]:
    rules = ruleset(variant or "tavla")
    pos, side = load_position(position_text, Side.parse(turn) if turn else None, rules)
    roll = Roll.parse(roll_text)
    plays = () if skips_roll(pos, side, rules) else legal_plays(pos, side, roll, rules)
    moving = [p for p in plays if p.moves]
    return {
        "variant": rules.variant, "turn": side.value, "roll": [roll.high, roll.low],
        "dice_used": max_dice(plays), "skips_roll": skips_roll(pos, side, rules),
        "pips": {"white": pos.pips(Side.WHITE), "black": pos.pips(Side.BLACK)},
        "plays": [{"notation": str(p), "xgid": xgid_of(p.position, side.opponent), "board": p.position.to_json()}
                  for p in moving],
    }


def run(args: argparse.Namespace) -> int:
    if args.jsonl:
        return run_batch()
    if not args.position or not args.roll:
        print("tavla-docs plays: error: POSITION and ROLL are required (or use --jsonl)", file=sys.stderr)
        return 2
    r = result(args.position, args.roll, args.variant, args.turn)
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
        return 0
    n = len(r["plays"])
    print(f"{r['variant']}  {r['turn']} to play {r['roll'][0]}-{r['roll'][1]}  "
          f"pips white {r['pips']['white']} black {r['pips']['black']}  "
          f"{n} legal play{'s' if n != 1 else ''}, {r['dice_used']} dice")
    if r["skips_roll"]:
        print("(closed board: the side on the bar does not roll)")
    elif not n:
        print("(no move)")
    for p in r["plays"]:
        print(p["notation"])
    return 0


def run_batch() -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise ValueError("each line is a JSON object with position and roll")
            out = result(str(req["position"]), str(req["roll"]), req.get("variant"), req.get("turn"))
        except KeyError as e:
            out = {"error": f"missing field {e.args[0]!r}"}
        except (ValueError, OSError) as e:
            out = {"error": str(e)}
        print(json.dumps(out, ensure_ascii=False), flush=True)
    return 0
