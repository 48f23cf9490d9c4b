"""The cube-action claims of a scenario's `expect:` (`may_double`, `double`), read and checked as
values: who may double now, and what each answer to a double leaves (`cube_claims`).
"""
from __future__ import annotations

from typing import Any

from ..engine.board import Side
from .claims import Claim
from .cube_claims import ACTIONS, CUBE_ANSWERS, DoubleClaim, MayDoubleClaim
from .fields import Collector, P, is_int, kind

SIDES = ("white", "black")


def _may_double(c: Collector, key: str, value: Any, kp: P, f: Any) -> list[Claim]:  # f: an `expect.Frame`
    """`may_double: true`: the side on turn may double now, before its roll."""
    if not f.rules.has_cube:
        c.err(kp, f"`may_double`: {f.rules.variant} has no doubling cube", key=True)
        return []
    if not isinstance(value, bool):
        c.err(kp, f"`may_double` takes true or false, not {kind(value)}")
        return []
    return [MayDoubleClaim(key, *c.doc.mark(kp), value=value)]


def _double(c: Collector, key: str, value: Any, kp: P, f: Any) -> list[Claim]:  # f: an `expect.Frame`
    """`double: {take: {value: 2, owner: black}, drop: {winner: white, points: 1}}`: what each answer
    to the double of the side on turn leaves."""
    if not f.rules.has_cube:
        c.err(kp, f"`double`: {f.rules.variant} has no doubling cube", key=True)
        return []
    example = "{take: {value: 2, owner: black}, drop: {winner: white, points: 1}}"
    if not c.mapping(value, kp, "double", example):
        return []
    c.keys(value, kp, ACTIONS, "double")
    out: list[Claim] = []
    for action, v in value.items():
        if action not in ACTIONS:
            continue
        ap = kp + (action,)
        if action.startswith("beaver") and not f.rules.beavers:
            c.err(ap, "beavers are off in this ruleset", "beavers are for money play: rules: {beavers: true, "
                  "match_length: null}", key=True)
            continue
        wants = ("value", "owner") if action in CUBE_ANSWERS else ("winner", "points")
        if not c.mapping(v, ap, f"double {action}", "{value: 2, owner: black}" if action in CUBE_ANSWERS
                         else "{winner: white, points: 1}"):
            continue
        c.keys(v, ap, wants, f"double {action}")
        if not any(k in v for k in wants):
            c.err(ap, f"double {action} takes {' and '.join(wants)}, or one of them")
            continue
        face, owner, points = v.get("value"), v.get("owner"), v.get("points")
        winner = v.get("winner")
        if "value" in v and (not is_int(face) or face < 2 or face & (face - 1)):
            c.err(ap + ("value",), f"a doubled cube shows 2, 4, 8, … (a power of 2), not {kind(face)}")
        elif "owner" in v and owner not in SIDES:
            c.err(ap + ("owner",), f"a taken cube's owner is white or black, not {kind(owner)}")
        elif "winner" in v and winner not in SIDES:
            c.err(ap + ("winner",), f"winner is `white` or `black`, not {kind(winner)}")
        elif "points" in v and (not is_int(points) or points < 1):
            c.err(ap + ("points",), f"points take a whole number ≥ 1, not {kind(points)}")
        else:
            out.append(DoubleClaim(f"double {action}", *c.doc.mark(ap), action=action, value=face, owner=owner,
                                   winner=Side.parse(winner) if winner else None, points=points))
    return out
