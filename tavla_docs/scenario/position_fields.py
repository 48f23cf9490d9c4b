"""The game a scenario is about: `variant:`, `rules:` options and the `position:` (with `pinned:`).

These come first because everything else is checked against them; each returns
None after reporting, and the loader then skips what would only repeat the problem.
"""
from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from ..engine.board import Position, PositionError, Side
from ..engine.rules import Ruleset, RulesetError
from ..formats.errors import ID_COUNT
from ..formats.positions import parse_position_text
from ..variants import ALIASES, ruleset, variants
from ..variants.options import option_problems
from .fields import Collector, P, is_int, kind, suggest

SideCounts = tuple[dict[int, int], int, int | None]  # points, bar, off (None: the rest are off)


def variant(c: Collector, data: Mapping) -> str | None:
    """`variant: tavla` (aliases and case allowed) → the registered variant name."""
    if "variant" not in data:
        c.err((), "missing key `variant`", f"add e.g. `variant: tavla` (known: {', '.join(variants())})")
        return None
    v = data["variant"]
    if not isinstance(v, str):
        c.err(("variant",), f"variant takes a name, not {kind(v)}", f"known: {', '.join(variants())}")
        return None
    name = ALIASES.get(v.strip().lower(), v.strip().lower())
    if name not in variants():
        close = difflib.get_close_matches(v, variants(), n=1)
        hint = (f"did you mean `{close[0]}`? " if close else "") + f"known: {', '.join(variants())}"
        c.err(("variant",), f"unknown variant {v!r}", hint)
        return None
    return name


def rules(c: Collector, data: Mapping, variant: str) -> Ruleset | None:
    """The variant's ruleset with the `rules:` options applied; every bad option is reported."""
    rs = ruleset(variant)
    raw = data.get("rules")
    if raw is None:
        return rs
    if not c.mapping(raw, ("rules",), "rules", "{katmerli_mars: true}"):
        return None
    ok = True
    for k, v in raw.items():
        if isinstance(v, list) and isinstance(rs.options.get(str(k)), tuple):
            v = tuple(v)  # YAML has lists; tuple-valued options take them as written
        try:
            rs = rs.with_options(**{str(k): v})
        except RulesetError as e:
            ok = False
            if str(k) not in rs.options:
                c.err(("rules", k), f"{variant} has no rule option {k!r}",
                      suggest(k, tuple(sorted(rs.options))), key=True)
            else:
                c.err(("rules", k), str(e), e.hint)
    for key, message, hint in option_problems(rs.options) if ok else ():
        ok = False
        written = next((k for k in raw if str(k) == key), None)
        c.err(("rules", written) if written is not None else ("rules",), message, hint, key=written is not None)
    return rs if ok else None


def position(c: Collector, data: Mapping, rules: Ruleset | None) -> tuple[Position | None, Side | None]:
    """`position:` as a mapping or as XGID / Position ID text → (position, side on roll if the text says).

    Without a usable ruleset the position is still checked, in Tavla's geometry."""
    if "position" not in data:
        c.err((), "missing key `position`", "give `position: {white: {6: 5, …}, black: {19: 5, …}}`, an XGID or a Position ID")
        return None, None
    raw = data["position"]
    game = rules or ruleset("tavla")
    geometry = game.geometry
    if isinstance(raw, str):
        if game.checkers != ID_COUNT:
            c.err(("position",), f"position: XGID and GNU Backgammon IDs assume {ID_COUNT} checkers a side; "
                  f"{game.variant} has {game.checkers}", "write the position as a mapping: "
                  "{white: {24: 1}, black: {24: 1}}, the checkers not listed borne off")
            return None, None
        try:
            pos, side, _ = parse_position_text(raw, None)
        except ValueError as e:
            c.err(("position",), f"position: {e}")
            return None, None
        if pos.geometry != geometry:
            pos = Position(pos.white, pos.black, geometry)
        text = raw.strip()
        given = side if (text.upper().startswith("XGID=") or ":" in text) else None
        return pos, given
    if not c.mapping(raw, ("position",), "position", "{white: {6: 5}, black: {19: 5}}"):
        return None, None
    ok = True
    c.keys(raw, ("position",), ("white", "black", "pinned"), "position")
    counts: dict[str, SideCounts] = {}
    for name in ("white", "black"):
        got = side_counts(c, raw.get(name), ("position", name), name, rules, game.checkers)
        if got is None:
            ok = False
        else:
            counts[name] = got
    if not ok or any(k not in ("white", "black", "pinned") for k in raw):
        return None, None
    (wp, wbar, woff), (bp, bbar, boff) = counts["white"], counts["black"]
    pins = pinned(c, raw.get("pinned"), rules, wp, bp) if "pinned" in raw else frozenset()
    if pins is None:
        return None, None
    pinned_points = {b for _, b in pins}
    for b in sorted(set(wp) & set(bp)):
        if wp[b] and bp[b] and b not in pinned_points:
            c.err(("position", "black", b), f"point {b} holds both colours ({wp[b]} white, {bp[b]} black); "
                  "a point belongs to one side", key=True)
            ok = False
    if not ok:
        return None, None
    own_pins = frozenset((side, geometry.from_board(side, b)) for side, b in pins)
    try:
        return Position.from_board(wp, bp, white_bar=wbar, black_bar=bbar, white_off=woff, black_off=boff,
                                   geometry=geometry, pinned=own_pins, checkers=game.checkers), None
    except PositionError as e:
        c.err(("position",), f"impossible position: {e}")
        return None, None


def pinned(c: Collector, raw: Any, rules: Ruleset | None, wp: dict[int, int],
           bp: dict[int, int]) -> frozenset[tuple[Side, int]] | None:
    """`pinned: {black: [20]}`: lone checkers held under an opposing checker (variants that pin)."""
    path: P = ("position", "pinned")
    if rules is not None and rules.blot != "pin":
        c.err(path, f"{rules.variant} does not pin checkers: `pinned` is for variants like tapa", key=True)
        return None
    if not c.mapping(raw, path, "pinned", "{black: [20]}"):
        return None
    c.keys(raw, path, ("white", "black"), "pinned")
    out: set[tuple[Side, int]] = set()
    ok = True
    for name, points in raw.items():
        if name not in ("white", "black"):
            ok = False
            continue
        side = Side.parse(name)
        mine, theirs = (wp, bp) if side is Side.WHITE else (bp, wp)
        items = points if isinstance(points, list) else [points]
        for i, b in enumerate(items):
            ip = path + (name, i) if isinstance(points, list) else path + (name,)
            if not is_int(b) or not 1 <= b <= 24:
                c.err(ip, f"pinned {name}: {kind(b)} is not a point 1–24")
                ok = False
            elif mine.get(b) != 1 or not theirs.get(b):
                c.err(ip, f"pinned {name} {b}: a pinned checker stands alone under at least one "
                      f"opposing checker ({name} has {mine.get(b, 0)} there, the other side {theirs.get(b, 0)})")
                ok = False
            else:
                out.add((side, b))
    return frozenset(out) if ok else None


def side_counts(c: Collector, raw: Any, path: P, name: str, rules: Ruleset | None, checkers: int) -> SideCounts | None:
    """One side's `{6: 5, bar: 1, off: 3}` in White's shared numbering; totals must make the
    game's `checkers` (`Ruleset.checkers`)."""
    if raw is None:
        return {}, 0, None
    if not c.mapping(raw, path, f"position {name}", "{6: 5, 8: 3, bar: 1}"):
        return None
    points: dict[int, int] = {}
    bar, off, ok = 0, None, True
    for k, v in raw.items():
        if not is_int(v) or v < 0:
            c.err(path + (k,), f"{name} {k}: a checker count is a whole number 0–{checkers}, not {kind(v)}")
            ok = False
            continue
        if k == "bar":
            if v and rules is not None and not rules.has_bar:
                c.err(path + (k,), f"{rules.variant} has no bar: a checker cannot be on the bar", key=True)
                ok = False
            bar = v
        elif k == "off":
            off = v
        elif is_int(k) and 1 <= k <= 24:
            points[k] = v
        elif is_int(k):
            c.err(path + (k,), f"point {k} does not exist; points are 1–24",
                  "use `bar:` for checkers on the bar and `off:` for checkers borne off", key=True)
            ok = False
        else:
            c.err(path + (k,), f"{k!r} is not a point; points are 1–24, or `bar` / `off`",
                  suggest(k, ("bar", "off")) if isinstance(k, str) else None, key=True)
            ok = False
    if not ok:
        return None
    total = sum(points.values()) + bar
    if total > checkers:
        terms = [f"{p}:{n}" for p, n in sorted(points.items(), reverse=True) if n] + ([f"bar:{bar}"] if bar else [])
        c.err(path, f"{name} has {total} checkers on the board and bar; a side has {checkers}",
              " + ".join(terms) + f" = {total}", key=True)
        return None
    if off is not None and total + off != checkers:
        c.err(path + ("off",), f"{name} has {total} checkers in play and {off} off: "
              f"that is {total + off}, not {checkers}", "leave out `off:` and the rest count as borne off",
              key=True)
        return None
    return points, bar, off
