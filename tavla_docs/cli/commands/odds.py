"""`tavla-docs odds POSITION`: what each of the 21 rolls achieves, and bear-off odds.

For a side whose remaining checkers are all in its home board it also prints
the expected number of rolls to bear off and P(off within n rolls) under best
play (the play that minimises expected rolls, `tavla_docs.analysis.bearoff`), exact
fractions for small homes (computed once per home: `bearoff.exact_store` keeps them on
disk). Where the bear-off or race section cannot be given it prints one line saying why.
A finished game (a side with 15 off) is an error. The dice of an XGID or Match ID
are ignored, and the output says so: the odds are over all 36 rolls.
Same input, same bytes out.
"""
from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import yaml

from ...analysis import bearoff
from ...analysis.bearoff.cache import DatabaseRefused
from ...analysis.odds import OUTCOMES, GameOver, check_in_progress, roll_odds
from ...engine.board import BAR, Position, Side
from ...engine.budget import PlayBudget, PlayBudgetExceeded, using
from ...errors import TavlaError
from ...formats.yamlmarks import load_yaml, read_capped
from ...variants import ruleset, variants
from ..budgetargs import add_budget_options, command_budget
from .plays import budget_hint, load_position_and_match

#: Homes with at most this many checkers also get exact fractions (the exact recursion is quick there).
EXACT_CHECKERS = 6

_NAMES = {"bears_off": "bears off", "hits": "hits", "enters": "enters", "no_play": "no play"}


def add_parser(sub: Any) -> None:
    p = sub.add_parser("odds", help="what each of the 36 rolls achieves; bear-off odds",
                       description="Enumerate the 21 distinct rolls (36 with weights) for the side to play and "
                                   "say what its legal plays can achieve. If all of that side's checkers are in "
                                   "its home board, also print expected rolls to bear off and P(off within n "
                                   "rolls) under best play (minimum expected rolls). POSITION is an XGID, a GNU "
                                   "Backgammon Position ID or a YAML file with white:/black: points.")
    p.add_argument("position", help="XGID, Position ID[:MatchID], or a YAML file")
    p.add_argument("--variant", default=None, help=f"rules to use ({', '.join(variants())}); default tavla")
    p.add_argument("--turn", choices=["white", "black"], help="side to play (default: from the ID, else white)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_budget_options(p)
    p.set_defaults(run=run)


def _frac(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


class Located(TavlaError):
    """A user error with where it was found (the position argument, or `file:line:col`) and a hint."""

    def __init__(self, where: str, message: str, hint: str) -> None:
        super().__init__(message)
        self.where, self.hint = where, hint


def _is_file(text: str) -> bool:
    """The test `load_position` uses to read `text` as a file rather than an ID."""
    return text.endswith((".yaml", ".yml")) or Path(text).is_file()


def _where(text: str, side: Side | None) -> str:
    """`file:line:col` of the finished side's key in a position file (else of its position), or the ID itself."""
    if not _is_file(text):
        return text
    doc = load_yaml(read_capped(Path(text), "position file"), "position files")  # read fine a moment ago
    base: tuple[str, ...] = ("position",) if isinstance(doc.value, dict) and "position" in doc.value else ()
    line, col = doc.key_mark(base + (side.value,)) if side else doc.mark(base)
    return f"{text}:{line}:{col}"


def outside_home(pos: Position, side: Side) -> str | None:
    """Why `side` has no bear-off numbers (its checkers outside the home board), or None when it has."""
    own = pos.own(side)
    outside = own[BAR] + sum(own[7:25])
    if not outside:
        return None
    bar = f" ({own[BAR]} on the bar)" if own[BAR] else ""
    return f"{side.value} has {outside} checker{'s' if outside != 1 else ''} outside its home board{bar}"


def result(position_text: str, variant: str | None, turn: str | None,
           budget: PlayBudget | None = None) -> dict[str, Any]:
    """Everything the command prints, as plain data (also the --json output). Each roll's
    generation has the play `budget` (default: the current one). A finished game: `Located`."""
    rules = ruleset(variant or "tavla")
    pos, side, match = load_position_and_match(position_text, Side.parse(turn) if turn else None, rules)
    try:
        check_in_progress(pos)
    except GameOver as e:
        raise Located(_where(position_text, e.side), str(e), e.hint) from None
    odds = roll_odds(pos, side, rules, budget)
    dice = f"{match.dice[0]}-{match.dice[1]}" if match and match.dice else None  # an ID's roll: ignored
    out: dict[str, Any] = {
        "variant": rules.variant, "turn": side.value, "dice_ignored": dice,
        "pips": {"white": pos.pips(Side.WHITE), "black": pos.pips(Side.BLACK)},
        "rolls": [{"roll": str(o.roll), "weight": o.weight, "plays": o.plays, "most_off": o.most_off,
                   **{name: getattr(o, name) for name in OUTCOMES}} for o in odds.outcomes],
        "totals": {name: {"count": odds.count(name), "of": 36} for name in OUTCOMES},
        "bearoff": None, "race": None,
        "bearoff_absent": outside_home(pos, side), "race_absent": None,
    }
    if out["bearoff_absent"]:
        return out
    home = bearoff.home_of(pos, side)
    db = bearoff.database()
    exact = sum(home) <= EXACT_CHECKERS
    last = db.max_rolls(home)
    out["bearoff"] = {
        "home": {str(p): home[p - 1] for p in range(6, 0, -1) if home[p - 1]},
        "criterion": "best play = the play that minimises expected rolls",
        "expected_rolls": db.expected_rolls(home),
        "expected_rolls_exact": _frac(bearoff.exact_expected_rolls(home)) if exact else None,
        "off_within": [{"n": n, "p": db.off_within(home, n),
                        "exact": _frac(bearoff.exact_off_within(home, n)) if exact else None}
                       for n in range(1, last + 1)],
    }
    out["race_absent"] = outside_home(pos, side.opponent)
    if not out["race_absent"]:
        other = bearoff.home_of(pos, side.opponent)
        exact_race = exact and sum(other) <= EXACT_CHECKERS
        out["race"] = {
            "win_on_roll": db.race_win_chance(home, other),
            "win_on_roll_exact": _frac(bearoff.race_win_chance(home, other)) if exact_race else None,
            "note": "one-sided approximation: each side plays to minimise its own expected rolls",
        }
    return out


def run(args: argparse.Namespace) -> int:
    budget = command_budget(args)
    try:
        with using(budget):
            r = result(args.position, args.variant, args.turn, budget)
    except (TavlaError, OSError, yaml.YAMLError) as e:  # anything else is a bug: main() reports it
        msg = " ".join(str(e).split()) or type(e).__name__
        hint = f"\n{budget_hint(e)}" if isinstance(e, PlayBudgetExceeded) else ""
        where = args.position
        if isinstance(e, DatabaseRefused):  # located at the database file itself
            print(f"{msg}\n    {e.hint}", file=sys.stderr)
            return 1
        if isinstance(e, Located):
            where, hint = e.where, f"\n    {e.hint}"
        print(f"tavla-docs odds: error: {where}: {msg}{hint}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(r, ensure_ascii=False, sort_keys=True))
        return 0
    print(f"{r['variant']}  {r['turn']} to roll  pips white {r['pips']['white']} black {r['pips']['black']}")
    if r["dice_ignored"]:
        print(f"dice {r['dice_ignored']} in the position ignored: the odds are over all 36 rolls")
    print("roll  weight  plays  achieves")
    for o in r["rolls"]:
        what = ["bears off all" if n == "bears_off" else _NAMES[n] for n in OUTCOMES if o[n]]
        if not o["bears_off"] and o["most_off"]:
            what.insert(0, f"{o['most_off']} off")
        print(f"{o['roll']:<4}  {o['weight']:>6}  {o['plays']:>5}  {', '.join(what) or '-'}")
    print("totals: " + ", ".join(f"{_NAMES[n]} {t['count']}/36" for n, t in r["totals"].items()))
    b = r["bearoff"]
    if b:
        home = " ".join(f"{p}:{n}" for p, n in b["home"].items())
        exact = f" = {b['expected_rolls_exact']}" if b["expected_rolls_exact"] else ""
        print(f"bear-off ({r['turn']}, home {home}; best play = fewest expected rolls):")
        print(f"  expected rolls {b['expected_rolls']:.6f}{exact}")
        for row in b["off_within"]:
            ex = f"  = {row['exact']}" if row["exact"] else ""
            print(f"  off within {row['n']:>2} roll{'s' if row['n'] != 1 else ' '}  {100 * row['p']:10.6f}%{ex}")
    else:
        print(f"bearing off: not shown; {r['bearoff_absent']}, and expected rolls and P(off within n) "
              "need all of them on points 1–6")
    if r["race_absent"]:
        print(f"race: not shown; {r['race_absent']}, and a race needs both sides bearing off")
    if r["race"]:
        ex = f" = {r['race']['win_on_roll_exact']}" if r["race"]["win_on_roll_exact"] else ""
        print(f"race: {r['turn']} on roll wins {100 * r['race']['win_on_roll']:.6f}%{ex} "
              f"({r['race']['note']})")
    return 0
