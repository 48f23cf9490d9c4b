"""The game a frame is part of: the cube the figure shows and the match score (`match:`).

A result's points, who may double and what a double leaves all depend on these, so
the claims read them from here and never from the caption. The cube is the frame's
`diagram: {cube: …}` (a `then:` step without one keeps the scenario's); the match score
is the scenario's top-level `match: {white: 4, black: 2, crawford: true}`.
"""
from __future__ import annotations

from collections.abc import Mapping

from ..engine.board import Side
from ..engine.results import Cube, Match
from ..engine.rules import Ruleset
from .fields import Collector, is_int, kind

MATCH_KEYS = ("white", "black", "crawford")


def cube_of(shown: tuple[int, str] | None) -> Cube:
    """The engine's cube for a figure's `(value, owner)`; a fresh cube when the figure has none."""
    if shown is None:
        return Cube()
    value, owner = shown
    return Cube(value, None if owner == "centre" else Side(owner))


def match(c: Collector, data: Mapping, rules: Ruleset | None) -> Match | None:
    """`match: {white: N, black: M, crawford: …}` → the score before this game; in match play
    without it, 0–0; None in money play (`match_length: null`)."""
    length = rules.match_length if rules is not None else None
    if "match" not in data:
        return Match(length) if length is not None else None
    raw, path = data["match"], ("match",)
    if rules is None:
        return None
    if length is None:
        c.err(path, "money play has no match score: this ruleset has match_length: null",
              "set rules: {match_length: 5}, or remove `match`", key=True)
        return None
    if not c.mapping(raw, path, "match", "{white: 4, black: 2, crawford: true}"):
        return None
    c.keys(raw, path, MATCH_KEYS, "match")
    score = {"white": 0, "black": 0}
    for name in ("white", "black"):
        v = raw.get(name, 0)
        if not is_int(v) or not 0 <= v < length:
            c.err(path + (name,), f"match {name} takes the points scored before this game, 0–{length - 1} in a "
                  f"match to {length}, not {kind(v)}", "a side with the match's length has won it")
            return None
        score[name] = v
    at = [s for s in ("white", "black") if score[s] == length - 1]
    crawford = raw.get("crawford")
    if crawford is not None and not isinstance(crawford, bool):
        c.err(path + ("crawford",), f"crawford takes true (this is the Crawford game) or false, not {kind(crawford)}")
        return None
    if crawford is not None and not rules.crawford:
        c.err(path + ("crawford",), f"{rules.variant} is played here without the Crawford rule",
              "remove `crawford`, or set rules: {crawford: true}", key=True)
        return None
    if crawford and len(at) != 1:
        c.err(path + ("crawford",), "the Crawford game is the game after one side first reaches "
              f"{length - 1} points of {length}; " + ("both sides are there: the Crawford game has been played"
                                                       if at else "no side is there"))
        return None
    if rules.crawford and len(at) == 1 and crawford is None:
        c.err(path, f"{at[0]} is {length - 1} points of {length}: say whether this is the Crawford game",
              "add crawford: true (no doubling in this game) or crawford: false (a game after it)", key=True)
        return None
    return Match(length, score["white"], score["black"], crawford_game=bool(crawford),
                 crawford_done=bool(at) and rules.crawford)

