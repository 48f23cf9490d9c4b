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
from ..engine.notation import Segment
from ..engine.play import Play
from ..engine.results import Match
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
from .cube_fields import _double, _may_double
from .fact_claims import CheckerClaim, CubeClaim, ForbiddenClaim, PointClaim
from .fields import Collector, P, backwards_hint, is_int, kind
from .plays import PositionKey, play_text
from .plays import segments as _segments
from .plays import written as _written

ROLL_CLAIMS = ("legal", "illegal", "plays", "in_order", "forced", "no_play", "dice_used", "rest")
COUNT_CLAIMS = ("home", "off", "bar", "on_board")  # checkers of a side in a place (fact_claims.PLACES)
AFTER_KEYS = COUNT_CLAIMS + ("point", "pips")  # what `after:` may say about the position after the play
ANY_CLAIMS = ("result", "pips") + COUNT_CLAIMS + ("point", "cube", "after", "may_double", "double")
EXPECT_KEYS = ROLL_CLAIMS + ("odds",) + ANY_CLAIMS
RESULT_KEYS = ("of", "winner", "kind", "points", "score", "crawford")
SIDES = ("white", "black")


@dataclass(frozen=True)
class Frame:
    """What the claims of one frame are about: the side to move in `pos`, its roll and shown play."""

    pos: Position
    side: Side
    roll: Roll | None
    rules: Ruleset
    show: Play | None
    cube: tuple[int, str] | None = None  # the frame's `diagram: {cube: …}`
    match: Match | None = None  # the scenario's match score (None: money play)
    omit: Side | None = None  # the side the figure leaves out (`omit:`): no claim may count its checkers


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
        if frame.omit is not None and key == "result":
            c.err(kp, f"`result`: {frame.omit.value} is left out of the figure, so how the game ends is not shown",
                  "a result needs both sides: remove omit, or the claim", key=True)
            continue
        reader = READERS.get(key)  # `rest` is read with the frame's `partial:` (figure_fields.rest)
        if reader is not None:
            claims.extend(reader(c, key, value, kp, frame))
    return claims



def backwards(c: Collector, text: str, path: P, f: Frame, what: str) -> bool:
    """Report a move written uphill (`1/7`) with the mover's own numbering in the hint; True if so."""
    found = backwards_hint(text, f.side, f.pos, f.rules)
    if found is not None:
        col, move, hint = found
        c.err(path, f"{what}: {move!r} moves backwards: checkers move from higher to lower points", hint, offset=col)
    return found is not None


def segments(c: Collector, text: str, path: P, what: str, f: Frame) -> tuple[Segment, ...] | None:
    """`plays.segments`, with the backwards hint first."""
    return None if backwards(c, text, path, f, what) else _segments(c, text, path, what)


def written(c: Collector, text: str, path: P, f: Frame, what: str, closed_ok: bool = False) -> PositionKey | None:
    """`plays.written` for this frame, with the backwards hint first."""
    if backwards(c, text, path, f, what):
        return None
    return _written(c, text, path, f.pos, f.side, f.rules, what, closed_ok=closed_ok)

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
        target = written(c, text, ip, f, key, closed_ok=key == "illegal")
        if target is not None:
            line, col = c.doc.char_mark(ip, 0)
            out.append(PlayClaim(key, line, col, text=text, target=target))
    return out


def _forced(c: Collector, key: str, value: Any, kp: P, f: Frame) -> list[Claim]:
    """`forced: 9/off`: the one legal play."""
    text = play_text(c, value, kp, key)
    if text is None:
        return []
    target = written(c, text, kp, f, key)
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
            if text is None or segments(c, text, ip, f"in_order {sub}", f) is None:
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


def _per_side(c: Collector, key: str, value: Any, kp: P, example: str, takes: str,
              valid: Callable[[Any], bool]) -> list[tuple[Side, int, P]]:
    """`{white: N, black: M}` read once for every per-side claim: (side, N, where) of each valid entry."""
    if not c.mapping(value, kp, key, example):
        return []
    c.keys(value, kp, SIDES, key)
    out: list[tuple[Side, int, P]] = []
    for name, v in value.items():
        if name not in SIDES:
            continue
        if not valid(v):
            c.err(kp + (name,), f"{key} {name} takes {takes}, not {kind(v)}")
            continue
        out.append((Side.parse(name), v, kp + (name,)))
    return out


def _shown(c: Collector, entries: list[tuple[Side, int, P]], f: Frame, key: str) -> list[tuple[Side, int, P]]:
    """The entries about a side the figure draws; one about the omitted side (`omit:`) is reported."""
    for side, _, where in entries:
        if side is f.omit:
            c.err(where, f"{key}: {side.value} is left out of the figure (omit: {side.value}); its checkers are "
                  "not in the example", f"claim only what the figure shows: {side.opponent.value}", key=True)
    return [e for e in entries if e[0] is not f.omit]


def _pips(c: Collector, key: str, value: Any, kp: P, f: Frame, after: bool = False) -> list[Claim]:
    """`pips: {white: 90, black: 270}`."""
    label = "after.pips" if after else "pips"
    return [PipsClaim(label, *c.doc.mark(where), side=side, value=v, after=after)
            for side, v, where in _shown(c, _per_side(c, key, value, kp, "{white: 90, black: 270}", "a whole number",
                                                      lambda v: is_int(v) and v >= 0), f, label)]


def _checkers(c: Collector, key: str, value: Any, kp: P, f: Frame, after: bool = False) -> list[Claim]:
    """`home: {white: 15}`, `off: {white: 3}`, `bar: {black: 1}`, `on_board: {white: 2}`: checkers
    of a side in that place."""
    if key == "bar" and not f.rules.has_bar:
        c.err(kp, f"`bar`: {f.rules.variant} has no bar", key=True)
        return []
    label = f"after.{key}" if after else key
    return [CheckerClaim(label, *c.doc.mark(where), place=key, side=side, value=v, after=after)
            for side, v, where in _shown(c, _per_side(c, key, value, kp, "{white: 15, black: 0}",
                                                      f"a number of checkers 0–{f.rules.checkers}",
                                                      lambda v: is_int(v) and 0 <= v <= f.rules.checkers), f, label)]


def _point(c: Collector, key: str, value: Any, kp: P, f: Frame, after: bool = False) -> list[Claim]:
    """`point: {5: empty, 3: white 2, 19: {black: 3}}`: everything on those board points."""
    if not c.mapping(value, kp, key, "{5: empty, 3: white 2, 19: {black: 3}}"):
        return []
    out: list[Claim] = []
    for b, v in value.items():
        bp = kp + (b,)
        if not is_int(b) or not 1 <= b <= 24:
            c.err(bp, f"point {b!r} does not exist; points are 1–24 (White's numbering)", key=True)
            continue
        counts = point_contents(c, v, bp, b, f.rules.checkers)
        if counts is not None:
            out.append(PointClaim("after.point" if after else "point", *c.doc.mark(bp), point=b,
                                  white=counts[0], black=counts[1], after=after))
    return out


def point_contents(c: Collector, v: Any, bp: P, b: int, most: int) -> tuple[int, int] | None:
    """`empty`, `white 2` (or `2 white`), `{white: 1, black: 1}` → (white, black) on the point
    (`most`: the game's checkers a side)."""
    example = "empty, white 2, or {white: 2}"
    if isinstance(v, str):
        words = v.split()
        if [w.lower() for w in words] == ["empty"]:
            return 0, 0
        if len(words) == 2 and words[1].lower() in SIDES:
            words.reverse()
        if len(words) == 2 and words[0].lower() in SIDES and words[1].isdigit() and 1 <= int(words[1]) <= most:
            n = int(words[1])
            return (n, 0) if words[0].lower() == "white" else (0, n)
        c.err(bp, f"point {b}: cannot read {v!r}; write {example}")
        return None
    if not c.mapping(v, bp, f"point {b}", example):
        return None
    if not v:
        c.err(bp, f"point {b}: an empty mapping says nothing; write {example}")
        return None
    c.keys(v, bp, SIDES, f"point {b}")
    counts = {"white": 0, "black": 0}
    for name, k in v.items():
        if name not in SIDES:
            return None
        if not is_int(k) or not 0 <= k <= most:
            c.err(bp + (name,), f"point {b} {name} takes a number of checkers 0–{most}, not {kind(k)}")
            return None
        counts[name] = k
    return counts["white"], counts["black"]


def _cube(c: Collector, key: str, value: Any, kp: P, f: Frame) -> list[Claim]:
    """`cube: {value: 2, owner: black}`: the cube the figure shows (either key may be left out)."""
    if not f.rules.has_cube:
        c.err(kp, f"`cube`: {f.rules.variant} has no doubling cube", key=True)
        return []
    if not c.mapping(value, kp, "cube", "{value: 2, owner: black}"):
        return []
    c.keys(value, kp, ("value", "owner"), "cube")
    face, owner, top = value.get("value"), value.get("owner"), f.rules.cube_max
    if not value:
        c.err(kp, "cube takes a value, an owner or both, like {value: 2, owner: black}")
    elif "value" in value and (not is_int(face) or face < 1 or face & (face - 1)):
        c.err(kp + ("value",), f"a cube face is 1, 2, 4, 8, … (a power of 2), not {kind(face)}")
    elif "value" in value and top is not None and face > top:
        c.err(kp + ("value",), f"the cube's highest face in {f.rules.variant} is {top}, not {face}",
              "the rule option cube_max sets it")
    elif "owner" in value and owner not in ("white", "black", "centre"):
        c.err(kp + ("owner",), f"cube owner is white, black or centre, not {kind(owner)}")
    elif any(k in value for k in ("value", "owner")):
        return [CubeClaim("cube", *c.doc.mark(kp), value=face, owner=owner, shown=f.cube or (1, "centre"))]
    return []


def _after(c: Collector, key: str, value: Any, kp: P, f: Frame) -> list[Claim]:
    """`after: {home: …, off: …, bar: …, on_board: …, point: …, pips: …}`: the same claims about
    the position once the shown play is made."""
    if f.show is None:
        c.err(kp, "`after` is about the position after the shown play: add `show:`", key=True)
        return []
    if not c.mapping(value, kp, "after", "{off: {white: 3}, point: {5: empty}}"):
        return []
    c.keys(value, kp, AFTER_KEYS, "after")
    out: list[Claim] = []
    for k, v in value.items():
        if k in COUNT_CLAIMS:
            out.extend(_checkers(c, k, v, kp + (k,), f, after=True))
        elif k == "point":
            out.extend(_point(c, k, v, kp + (k,), f, after=True))
        elif k == "pips":
            out.extend(_pips(c, k, v, kp + (k,), f, after=True))
    return out


def _result(c: Collector, key: str, value: Any, kp: P, f: Frame) -> list[Claim]:
    claim = result(c, value, kp, f)
    return [claim] if claim is not None else []


def forbidden(c: Collector, moves: tuple[str, ...], raw: Any, dp: P, f: Frame) -> list[Claim]:
    """`diagram: {forbidden: [3/off]}`: each crossed-out move is a claim that the rules refuse it
    (`fact_claims.ForbiddenClaim`); here it must be a move there is a checker for."""
    if not moves:
        return []
    fp = dp + ("forbidden",)
    if f.roll is None:
        c.err(fp, "`forbidden` needs a roll: a move is refused for some dice, so add `roll:`", key=True)
        return []
    listed = isinstance(raw.get("forbidden"), list)
    out: list[Claim] = []
    for i, text in enumerate(moves):
        ip = fp + (i,) if listed else fp
        parsed = segments(c, text, ip, "forbidden", f)
        if parsed is None or _written(c, text, ip, f.pos, f.side, f.rules, "forbidden", closed_ok=True) is None:
            continue
        out.append(ForbiddenClaim("forbidden", *c.doc.char_mark(ip, 0), text=text, legs=_hops(parsed)))
    return out


def _hops(parsed: tuple[Segment, ...]) -> tuple[tuple[int, int], ...]:
    """The written (from, to) hops of a play, a repeated segment once per checker."""
    out = []
    for seg in parsed:
        for _ in range(seg.count):
            cur = seg.src
            for dst, _hit in seg.stops:
                out.append((cur, dst))
                cur = dst
    return tuple(out)


Reader = Callable[[Collector, str, Any, P, Frame], list[Claim]]
READERS: dict[str, Reader] = {
    "legal": _play_list, "illegal": _play_list, "forced": _forced, "plays": _count, "dice_used": _count,
    "no_play": _no_play, "in_order": _in_order, "odds": _odds, "result": _result, "pips": _pips,
    "home": _checkers, "off": _checkers, "bar": _checkers, "on_board": _checkers, "point": _point, "cube": _cube,
    "after": _after, "may_double": _may_double, "double": _double,
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
            key = written(c, t, kp + ("of",), f, "result of")
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
    score, crawford = None, value.get("crawford")
    if ("score" in value or "crawford" in value) and f.match is None:
        c.err(kp + ("score" if "score" in value else "crawford",), "money play has no match score: this ruleset "
              "has match_length: null", "set rules: {match_length: 5}", key=True)
        return None
    if "score" in value:
        entries = _per_side(c, "score", value["score"], kp + ("score",), "{white: 3, black: 1}", "a whole number",
                            lambda v: is_int(v) and v >= 0)
        if not entries or len(entries) != len(value["score"]):
            return None
        got = {side: v for side, v, _ in entries}
        score = (got.get(Side.WHITE), got.get(Side.BLACK))
    if crawford is not None and not isinstance(crawford, bool):
        c.err(kp + ("crawford",), f"crawford takes true (the next game is the Crawford game) or false, "
              f"not {kind(crawford)}")
        return None
    if (score is not None or crawford is not None) and of in ("every", "some"):
        c.err(kp + ("of",), f"a match score follows one result: write the play, not `of: {of}`")
        return None
    return ResultClaim("result", line, col, of=of, winner=winner, kind=result_kind, points=points, text=text,
                       target=target, score=score, crawford=crawford)
