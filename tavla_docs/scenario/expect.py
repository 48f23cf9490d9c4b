"""The `expect:` block → `Claim` objects, each remembering where it was written.

Only the shape of each claim is checked here (a play that reads and can be
played, a whole number, an exact fraction); whether the claim is true is for
`claims.py` and the engine. One reader per key keeps each claim's grammar in
one place.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..analysis.odds import OUTCOMES
from ..engine.board import Position, Side
from ..engine.dice import Roll
from ..engine.play import Play
from ..engine.rules import Ruleset
from .claims import (
    KINDS,
    Claim,
    CountClaim,
    InOrderClaim,
    NoPlayClaim,
    OddsClaim,
    PipsClaim,
    PlayClaim,
    ResultClaim,
)
from .fields import Collector, P, is_int, kind
from .plays import PositionKey, play_text, segments, written

ROLL_CLAIMS = ("legal", "illegal", "plays", "in_order", "forced", "no_play", "dice_used")
ANY_CLAIMS = ("result", "pips")
EXPECT_KEYS = ROLL_CLAIMS + ("odds",) + ANY_CLAIMS
RESULT_KEYS = ("of", "winner", "kind", "points")


@dataclass(frozen=True)
class Frame:
    """What the claims of one frame are about: the side to move in `pos`, its roll and shown play."""

    pos: Position
    side: Side
    roll: Roll | None
    rules: Ruleset
    show: Play | None


def expect(c: Collector, raw: Any, path: P, frame: Frame) -> list[Claim]:
    """Every well-formed claim in `expect:`, in the order written; the rest are reported."""
    claims: list[Claim] = []
    if raw is None:
        return claims
    if not c.mapping(raw, path, "expect", "{legal: [9/3 3/off], plays: 4}"):
        return claims
    c.keys(raw, path, EXPECT_KEYS, "expect")
    for key, value in raw.items():
        kp = path + (key,)
        if key in ROLL_CLAIMS and frame.roll is None:
            c.err(kp, f"`{key}` needs a roll: add `roll:` to this scenario", key=True)
            continue
        if key == "odds" and frame.roll is not None:
            c.err(kp, "`odds` are over all 36 rolls: remove `roll:` (or move the odds to their own scenario)",
                  key=True)
            continue
        reader = READERS.get(key)
        if reader is not None:
            claims.extend(reader(c, key, value, kp, frame))
    return claims


def _play_list(c: Collector, key: str, value: Any, kp: P, f: Frame) -> list[Claim]:
    """`legal:` / `illegal:`: one play or a list of them."""
    out: list[Claim] = []
    items = value if isinstance(value, list) else [value]
    if isinstance(value, list) and not value:
        c.err(kp, f"`{key}` lists no plays")
    for i, item in enumerate(items):
        ip = kp + (i,) if isinstance(value, list) else kp
        text = play_text(c, item, ip, key)
        if text is None:
            continue
        target = written(c, text, ip, f.pos, f.side, f.rules, key, closed_ok=key == "illegal")
        if target is not None:
            line, col = c.doc.char_mark(ip, 0)
            out.append(PlayClaim(key, line, col, text=text, target=target))
    return out


def _forced(c: Collector, key: str, value: Any, kp: P, f: Frame) -> list[Claim]:
    """`forced: 9/off`: the one legal play."""
    text = play_text(c, value, kp, key)
    if text is None:
        return []
    target = written(c, text, kp, f.pos, f.side, f.rules, key)
    if target is None:
        return []
    line, col = c.doc.char_mark(kp, 0)
    return [PlayClaim(key, line, col, text=text, target=target)]


def _count(c: Collector, key: str, value: Any, kp: P, f: Frame) -> list[Claim]:
    """`plays: 4`, `dice_used: 2`."""
    if not is_int(value) or value < 0:
        c.err(kp, f"`{key}` takes a whole number, not {kind(value)}")
        return []
    return [CountClaim(key, *c.doc.mark(kp), value=value)]


def _no_play(c: Collector, key: str, value: Any, kp: P, f: Frame) -> list[Claim]:
    """`no_play: true`."""
    if not isinstance(value, bool):
        c.err(kp, f"`no_play` takes true or false, not {kind(value)}")
        return []
    return [NoPlayClaim(key, *c.doc.mark(kp), value=value)]


def _in_order(c: Collector, key: str, value: Any, kp: P, f: Frame) -> list[Claim]:
    """`in_order: {legal: […], illegal: […]}`: plays that can (not) be made in the written order.
    Only the notation is checked here: playing the order is the claim itself."""
    if not c.mapping(value, kp, "in_order", "{legal: [5/3 3/off], illegal: [3/off 5/3]}"):
        return []
    c.keys(value, kp, ("legal", "illegal"), "in_order")
    out: list[Claim] = []
    for sub in ("legal", "illegal"):
        if sub not in value:
            continue
        items = value[sub] if isinstance(value[sub], list) else [value[sub]]
        for i, item in enumerate(items):
            ip = kp + (sub, i) if isinstance(value[sub], list) else kp + (sub,)
            text = play_text(c, item, ip, f"in_order {sub}")
            if text is None or segments(c, text, ip, f"in_order {sub}") is None:
                continue
            line, col = c.doc.char_mark(ip, 0)
            out.append(InOrderClaim("in_order", line, col, text=text, legal=sub == "legal"))
    return out


def _odds(c: Collector, key: str, value: Any, kp: P, f: Frame) -> list[Claim]:
    """`odds: {bears_off: 27/36}` over all 36 rolls."""
    if not c.mapping(value, kp, "odds", "{bears_off: 27/36}"):
        return []
    c.keys(value, kp, OUTCOMES, "odds")
    out: list[Claim] = []
    for outcome, v in value.items():
        if outcome not in OUTCOMES:
            continue
        op = kp + (outcome,)
        frac = fraction(c, v, op)
        if frac is not None:
            out.append(OddsClaim("odds", *c.doc.mark(op), outcome=outcome, value=frac, text=str(v)))
    return out


def _pips(c: Collector, key: str, value: Any, kp: P, f: Frame) -> list[Claim]:
    """`pips: {white: 90, black: 270}`."""
    if not c.mapping(value, kp, "pips", "{white: 90, black: 270}"):
        return []
    c.keys(value, kp, ("white", "black"), "pips")
    out: list[Claim] = []
    for name, v in value.items():
        if name not in ("white", "black"):
            continue
        if not is_int(v) or v < 0:
            c.err(kp + (name,), f"pips {name} takes a whole number, not {kind(v)}")
            continue
        out.append(PipsClaim("pips", *c.doc.mark(kp + (name,)), side=Side.parse(name), value=v))
    return out


def _result(c: Collector, key: str, value: Any, kp: P, f: Frame) -> list[Claim]:
    claim = result(c, value, kp, f)
    return [claim] if claim is not None else []


Reader = Callable[[Collector, str, Any, P, Frame], list[Claim]]
READERS: dict[str, Reader] = {
    "legal": _play_list, "illegal": _play_list, "forced": _forced, "plays": _count, "dice_used": _count,
    "no_play": _no_play, "in_order": _in_order, "odds": _odds, "result": _result, "pips": _pips,
}


def fraction(c: Collector, v: Any, path: P) -> Fraction | None:
    """An exact probability like `27/36` (decimals are refused: 0.75 hides which rolls count)."""
    if isinstance(v, float):
        c.err(path, f"odds are exact: write N/36, not the decimal {v!r}")
        return None
    if isinstance(v, bool) or not isinstance(v, str | int):
        c.err(path, f"odds take a fraction like 27/36, not {kind(v)}")
        return None
    try:
        text = str(v).replace(" ", "")
        frac = Fraction(text)
        if "." in text or "e" in text.lower():
            raise ValueError
    except (ValueError, ZeroDivisionError):
        c.err(path, f"odds take a fraction like 27/36, not {str(v)!r}")
        return None
    if not 0 <= frac <= 1:
        c.err(path, f"odds {v} are not between 0/36 and 36/36")
        return None
    return frac


def result(c: Collector, value: Any, kp: P, f: Frame) -> ResultClaim | None:
    """`result: {of: …, winner: …, kind: …, points: …}` or `result: none` (the game goes on).
    `of` defaults to the shown play, else the position as given."""
    line, col = c.doc.mark(kp)
    default_of = "show" if f.show is not None else "position"
    if isinstance(value, str) and value.strip().lower() in ("none", "continues", "goes on"):
        return ResultClaim("result", line, col, of=default_of, ends=False)
    if not c.mapping(value, kp, "result", "{winner: white, kind: mars, points: 2}"):
        return None
    c.keys(value, kp, RESULT_KEYS, "result")
    if any(k not in RESULT_KEYS for k in value):
        return None
    of, text = default_of, ""
    target: PositionKey = ()
    if "of" in value:
        raw = value["of"]
        if raw in ("show", "position", "every", "some"):
            of = raw
            if of == "show" and f.show is None:
                c.err(kp + ("of",), "result of `show`: this scenario has no `show:` play")
                return None
            if of in ("every", "some") and f.roll is None:
                c.err(kp + ("of",), f"result of `{of}` legal play needs a roll: add `roll:`")
                return None
        else:
            t = play_text(c, raw, kp + ("of",), "result of")
            if t is None:
                return None
            if f.roll is None:
                c.err(kp + ("of",), "result of a play needs a roll: add `roll:`")
                return None
            key = written(c, t, kp + ("of",), f.pos, f.side, f.rules, "result of")
            if key is None:
                return None
            of, text, target = "play", t, key
    winner = None
    if "winner" in value:
        try:
            winner = Side.parse(str(value["winner"])) if isinstance(value["winner"], str) else None
        except ValueError:
            winner = None
        if winner is None:
            c.err(kp + ("winner",), f"winner is `white` or `black`, not {kind(value['winner'])}")
            return None
    result_kind = value.get("kind")
    own = tuple(k for k, _, _ in f.rules.facts.extra_results)  # e.g. Tapa's mother_pin and draw
    if (result_kind is not None and result_kind not in KINDS + own
            and result_kind not in (f.rules.gammon_name, f.rules.backgammon_name)):
        c.err(kp + ("kind",), f"unknown result kind {result_kind!r}", "kinds: " + ", ".join(KINDS + own))
        return None
    points = value.get("points")
    if points is not None and (not is_int(points) or points < 1):
        c.err(kp + ("points",), f"points take a whole number ≥ 1, not {kind(points)}")
        return None
    return ResultClaim("result", line, col, of=of, winner=winner, kind=result_kind, points=points, text=text,
                       target=target)
