"""`tavla-docs plays POSITION ROLL`: every legal play, as text, JSON or JSON lines."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ...engine.board import Position, Side
from ...engine.budget import PlayBudget, PlayBudgetExceeded, using
from ...engine.dice import Roll
from ...engine.movegen import legal_plays, max_dice, skips_roll
from ...engine.play import TurnContext
from ...engine.rules import Ruleset
from ...errors import TavlaError
from ...formats.errors import FormatError
from ...formats.positions import read_position
from ...formats.xgid import format_xgid
from ...formats.yamlmarks import YamlError, load_yaml, read_capped
from ...variants import ruleset, variants
from ..budgetargs import add_budget_options, command_budget


def add_parser(sub: Any) -> None:
    p = sub.add_parser("plays", help="list every legal play for a position and roll",
                       description="List every distinct legal play. POSITION is an XGID, a GNU Backgammon "
                                   "Position ID (optionally ID:MatchID) or a YAML file with white:/black: points.")
    p.add_argument("position", nargs="?", help="XGID, Position ID[:MatchID], or a YAML file")
    p.add_argument("roll", nargs="?", help="the dice, e.g. 3-1 or 66")
    p.add_argument("--variant", default=None, help=f"rules to use ({', '.join(variants())}); default tavla")
    p.add_argument("--turn", choices=["white", "black"], help="side to play (default: from the ID, else white)")
    p.add_argument("--turn-number", type=int, default=None, metavar="N",
                   help="game turn number, 1 = the opening turn (Uzun tavla's first-turn head exception, "
                        "Gülbara's normal doubles in turns 1-3); default: a later turn")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--jsonl", action="store_true", help="batch mode: one JSON request per stdin line")
    add_budget_options(p)
    p.set_defaults(run=run)


def load_position(text: str, turn: Side | None, rules: Ruleset) -> tuple[Position, Side]:
    path = Path(text)
    if path.is_dir():
        raise TavlaError(f"{text}: is a folder; give a position file, an XGID or a GNU Backgammon Position ID")
    if text.endswith((".yaml", ".yml")) or path.is_file():
        try:  # the scenarios' hardened reader: size cap, no anchors or aliases, depth limit, one line
            data = load_yaml(read_capped(path, "position file"), "position files").value
        except UnicodeDecodeError:
            raise TavlaError(f"{text}: not UTF-8 text; save the position file as UTF-8") from None
        except YamlError as e:
            if "nest" in e.message:
                raise TavlaError(f"{text}: the position file is too deeply nested") from None
            raise TavlaError(f"{text}:{e.line}:{e.col}: {e.message}") from None
        if isinstance(data, dict) and "position" in data:
            if turn is None and isinstance(data.get("turn"), str):
                turn = Side.parse(data["turn"])
            data = data["position"]
        pos, side, _ = read_position(data, turn=turn, geometry=rules.geometry)
    else:
        pos, side, _ = read_position(text, turn=turn, geometry=rules.geometry)
    return pos, side or Side.WHITE


def _xgid(position: Position, turn: Side) -> str | None:
    try:
        return format_xgid(position, turn)
    except FormatError:
        return None  # Uzun tavla, Gülbara and pinned Tapa boards have no XGID


def turn_context(turn_number: int | None) -> TurnContext:
    """Game turn N; the mover's own turn is ceil(N / 2) (the starter plays the odd turns)."""
    if turn_number is None:
        return TurnContext()
    if turn_number < 1:
        raise TavlaError(f"--turn-number counts from 1 (the opening turn), not {turn_number}")
    return TurnContext(game_turn=turn_number, player_turn=(turn_number + 1) // 2)


def result(position_text: str, roll_text: str, variant: str | None, turn: str | None,
           turn_number: int | None = None, budget: PlayBudget | None = None) -> dict[str, Any]:
    """Everything the command prints, as plain data; past the play `budget` (default: the
    current one), `PlayBudgetExceeded`."""
    rules = ruleset(variant or "tavla")
    pos, side = load_position(position_text, Side.parse(turn) if turn else None, rules)
    if pos.pinned and rules.blot != "pin":
        raise TavlaError(f"{position_text}: the position has pinned checkers, but {rules.variant} has no pins "
                         "(use --variant tapa)")
    roll = Roll.parse(roll_text)
    ctx = turn_context(turn_number)
    plays = () if skips_roll(pos, side, rules) else legal_plays(pos, side, roll, rules, ctx, budget=budget)
    moving = [p for p in plays if p.moves]
    extra: dict[str, Any] = {}
    unplayed = rules.abilities.unplayed
    if unplayed is not None:  # a progression's numbers left unplayed (Gülbara)
        extra = {"unplayable_remainder": "opponent" if rules.abilities.remainder_to_opponent else "forfeit"}
        leftovers = [list(unplayed(pos, p, roll, rules, ctx)) for p in plays]
        if any(leftovers):
            extra["unplayed"] = leftovers[0] if all(x == leftovers[0] for x in leftovers) else leftovers
    return {
        "variant": rules.variant, "turn": side.value, "roll": [roll.high, roll.low],
        "dice_used": max_dice(plays), "skips_roll": skips_roll(pos, side, rules),
        "pips": {"white": pos.pips(Side.WHITE), "black": pos.pips(Side.BLACK)},
        "plays": [{"notation": str(p), "xgid": _xgid(p.position, side.opponent), "board": p.position.to_json()}
                  for p in moving],
        **extra,
    }


def budget_hint(e: PlayBudgetExceeded) -> str:
    """How to raise the limit, for the commands that take only options (plays, odds)."""
    return "    raise the limit with " + ("--max-seconds" if e.by_time else "--max-plays")


def run(args: argparse.Namespace) -> int:
    budget = command_budget(args)
    with using(budget):
        if args.jsonl:
            return run_batch(budget)
        if not args.position or not args.roll:
            print("tavla-docs plays: error: POSITION and ROLL are required (or use --jsonl)", file=sys.stderr)
            return 2
        try:
            r = result(args.position, args.roll, args.variant, args.turn, args.turn_number, budget)
        except PlayBudgetExceeded as e:
            print(f"tavla-docs plays: error: {e}\n{budget_hint(e)}", file=sys.stderr)
            return 1
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
    if r.get("unplayed"):
        left = r["unplayed"]
        nums = " ".join(map(str, left)) if left and isinstance(left[0], int) else "see --json"
        who = "the opponent plays them" if r["unplayable_remainder"] == "opponent" else "forfeited"
        print(f"(unplayable from here: {nums}; {who})")
    return 0


MAX_REQUEST_BYTES = 16 * 1024  # one request line; a position and a roll take a few hundred


def _short(value: object, limit: int = 80) -> str:
    """`repr(value)` cut to about `limit` characters, for messages that echo a value."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def run_batch(budget: PlayBudget | None = None) -> int:
    """One JSON answer per request line; a request that fails (bad input, past the play budget)
    gets `{"error": …}` and the batch goes on."""
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            if len(line) > MAX_REQUEST_BYTES:
                raise TavlaError(f"the request is {len(line):,} characters; the limit is {MAX_REQUEST_BYTES:,}")
            try:
                req = json.loads(line)
            except json.JSONDecodeError as e:
                raise TavlaError(str(e)) from None
            except RecursionError:
                raise TavlaError("the request nests too deeply") from None
            if not isinstance(req, dict):
                raise TavlaError("each line is a JSON object with position and roll")
            for k in ("variant", "turn"):
                if req.get(k) is not None and not isinstance(req[k], str):
                    raise TavlaError(f"field {k!r} is a string, not {_short(req[k])}")
            tn = req.get("turn_number")
            if tn is not None and (not isinstance(tn, int) or isinstance(tn, bool)):
                raise TavlaError(f"field 'turn_number' is a whole number (1 = the opening turn), not {_short(tn)}")
            for k in ("position", "roll"):
                if k not in req:
                    raise TavlaError(f"missing field {k!r}")
            out = result(str(req["position"]), str(req["roll"]), req.get("variant"), req.get("turn"),
                         req.get("turn_number"), budget)
        except (TavlaError, OSError) as e:  # anything else is a bug: main() reports it
            out = {"error": str(e)}
        except (RecursionError, MemoryError) as e:  # input too big or too deep: this line fails, the batch goes on
            out = {"error": f"the request is too large to answer ({type(e).__name__})"}
        print(json.dumps(out, ensure_ascii=False), flush=True)
    return 0
