"""Validation: a scenario file → a `Scenario`, or every problem with its line and column.

The loader keeps going after a problem where it can (an unknown key does not hide
a bad roll), but stops at problems that make the rest meaningless (no position).
"""
from __future__ import annotations

import difflib
from collections.abc import Hashable, Mapping
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..board import CHECKERS, Position, PositionError, Side
from ..dice import Roll, RollError
from ..ids import parse_position_text
from ..moves import Play, TurnContext
from ..notation import NotationError, parse_play
from ..odds import OUTCOMES
from ..render.options import DiagramOptionError, DiagramOptions, parse_diagram_options
from ..results import game_result
from ..rules import ALIASES, Ruleset, RulesetError, ruleset, variants
from ..written import ClosedPointError, original_column, resulting_position, segment_columns
from .claims import (
    DEFAULT_ENGINE, KINDS, Claim, CountClaim, Engine, InOrderClaim, NoPlayClaim, OddsClaim, PipsClaim, PlayClaim,
    ResultClaim, ShowClaim, plays_text,
)
from .diagnostics import Diagnostic, ScenarioError
from .model import Scenario, Step
from .yamlmarks import MarkedDoc, YamlError, load_yaml

P = tuple[Hashable, ...]

TOP_KEYS = ("variant", "rules", "position", "turn", "turn_number", "roll", "show", "expect", "caption", "diagram", "then", "notes")
STEP_KEYS = ("turn", "roll", "show", "expect", "caption", "diagram", "notes")
ROLL_CLAIMS = ("legal", "illegal", "plays", "in_order", "forced", "no_play", "dice_used")
ANY_CLAIMS = ("result", "pips")
EXPECT_KEYS = ROLL_CLAIMS + ("odds",) + ANY_CLAIMS
RESULT_KEYS = ("of", "winner", "kind", "points")
MAX_FILE_BYTES = 256 * 1024


def suggest(word: Any, known: tuple[str, ...]) -> str:
    """A "did you mean" hint for an unknown key."""
    close = difflib.get_close_matches(str(word), known, n=1, cutoff=0.6)
    if close:
        return f"did you mean `{close[0]}`?"
    return "known keys: " + ", ".join(known)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class _Loader:
    def __init__(self, source: str, doc: MarkedDoc, engine: Engine) -> None:
        self.source = source
        self.doc = doc
        self.engine = engine
        self.diags: list[Diagnostic] = []

    # --- reporting ---------------------------------------------------------
    def err(self, path: P, message: str, hint: str | None = None, *, key: bool = False,
            offset: int | None = None) -> None:
        if offset is not None:
            line, col = self.doc.char_mark(path, offset)
        elif key:
            line, col = self.doc.key_mark(path)
        else:
            line, col = self.doc.mark(path)
        # A diagnostic is one line: author text quoted into it (odd keys, values) may not break it.
        message = message.replace("\r", "\\r").replace("\n", "\\n")
        self.diags.append(Diagnostic(self.source, line, col, message, hint))

    def keys(self, data: Mapping, path: P, known: tuple[str, ...], where: str) -> None:
        for k in data:
            if k not in known:
                self.err(path + (k,), f"unknown key {k!r} in {where}", suggest(k, known), key=True)

    def mapping(self, v: Any, path: P, what: str, example: str) -> bool:
        if isinstance(v, Mapping):
            return True
        self.err(path, f"{what} takes a mapping, like {example}, not {_kind(v)}")
        return False

    # --- pieces -------------------------------------------------------------
    def variant(self, data: Mapping) -> str | None:
        if "variant" not in data:
            self.err((), "missing key `variant`", f"add e.g. `variant: tavla` (known: {', '.join(variants())})")
            return None
        v = data["variant"]
        if not isinstance(v, str):
            self.err(("variant",), f"variant takes a name, not {_kind(v)}", f"known: {', '.join(variants())}")
            return None
        name = ALIASES.get(v.strip().lower(), v.strip().lower())
        if name not in variants():
            close = difflib.get_close_matches(v, variants(), n=1)
            hint = (f"did you mean `{close[0]}`? " if close else "") + f"known: {', '.join(variants())}"
            self.err(("variant",), f"unknown variant {v!r}", hint)
            return None
        return name

    def rules(self, data: Mapping, variant: str) -> Ruleset | None:
        rs = ruleset(variant)
        raw = data.get("rules")
        if raw is None:
            return rs
        if not self.mapping(raw, ("rules",), "rules", "{katmerli_mars: true}"):
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
                    self.err(("rules", k), f"{variant} has no rule option {k!r}",
                             suggest(k, tuple(sorted(rs.options))), key=True)
                else:
                    self.err(("rules", k), str(e))
        return rs if ok else None

    def position(self, data: Mapping, rules: Ruleset | None) -> tuple[Position | None, Side | None]:
        if "position" not in data:
            self.err((), "missing key `position`", "give `position: {white: {6: 5, …}, black: {19: 5, …}}`, an XGID or a Position ID")
            return None, None
        raw = data["position"]
        geometry = rules.geometry if rules else ruleset("tavla").geometry
        if isinstance(raw, str):
            try:
                pos, side, _ = parse_position_text(raw, None)
            except ValueError as e:
                self.err(("position",), f"position: {e}")
                return None, None
            if pos.geometry != geometry:
                pos = Position(pos.white, pos.black, geometry)
            text = raw.strip()
            given = side if (text.upper().startswith("XGID=") or ":" in text) else None
            return pos, given
        if not self.mapping(raw, ("position",), "position", "{white: {6: 5}, black: {19: 5}}"):
            return None, None
        ok = True
        self.keys(raw, ("position",), ("white", "black", "pinned"), "position")
        counts: dict[str, tuple[dict[int, int], int, int | None]] = {}
        for name in ("white", "black"):
            got = self.side(raw.get(name), ("position", name), name, rules)
            if got is None:
                ok = False
            else:
                counts[name] = got
        if not ok or any(k not in ("white", "black", "pinned") for k in raw):
            return None, None
        (wp, wbar, woff), (bp, bbar, boff) = counts["white"], counts["black"]
        pins = self.pinned(raw.get("pinned"), rules, wp, bp) if "pinned" in raw else frozenset()
        if pins is None:
            return None, None
        pinned_points = {b for _, b in pins}
        for b in sorted(set(wp) & set(bp)):
            if wp[b] and bp[b] and b not in pinned_points:
                self.err(("position", "black", b), f"point {b} holds both colours ({wp[b]} white, {bp[b]} black); "
                         "a point belongs to one side", key=True)
                ok = False
        if not ok:
            return None, None
        own_pins = frozenset((side, geometry.from_board(side, b)) for side, b in pins)
        try:
            return Position.from_board(wp, bp, white_bar=wbar, black_bar=bbar, white_off=woff, black_off=boff,
                                       geometry=geometry, pinned=own_pins), None
        except PositionError as e:
            self.err(("position",), f"impossible position: {e}")
            return None, None

    def pinned(self, raw: Any, rules: Ruleset | None, wp: dict[int, int], bp: dict[int, int]) -> frozenset | None:
        """`pinned: {black: [20]}`: lone checkers held under an opposing checker (variants that pin)."""
        path: P = ("position", "pinned")
        if rules is not None and rules.blot != "pin":
            self.err(path, f"{rules.variant} does not pin checkers: `pinned` is for variants like tapa", key=True)
            return None
        if not self.mapping(raw, path, "pinned", "{black: [20]}"):
            return None
        self.keys(raw, path, ("white", "black"), "pinned")
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
                if not _is_int(b) or not 1 <= b <= 24:
                    self.err(ip, f"pinned {name}: {_kind(b)} is not a point 1–24")
                    ok = False
                elif mine.get(b) != 1 or not theirs.get(b):
                    self.err(ip, f"pinned {name} {b}: a pinned checker stands alone under at least one "
                             f"opposing checker ({name} has {mine.get(b, 0)} there, the other side {theirs.get(b, 0)})")
                    ok = False
                else:
                    out.add((side, b))
        return frozenset(out) if ok else None

    def side(self, raw: Any, path: P, name: str, rules: Ruleset | None) -> tuple[dict[int, int], int, int | None] | None:
        if raw is None:
            return {}, 0, None
        if not self.mapping(raw, path, f"position {name}", "{6: 5, 8: 3, bar: 1}"):
            return None
        points: dict[int, int] = {}
        bar, off, ok = 0, None, True
        for k, v in raw.items():
            if not _is_int(v) or v < 0:
                self.err(path + (k,), f"{name} {k}: a checker count is a whole number 0–15, not {_kind(v)}")
                ok = False
                continue
            if k == "bar":
                if v and rules is not None and not rules.has_bar:
                    self.err(path + (k,), f"{rules.variant} has no bar: a checker cannot be on the bar", key=True)
                    ok = False
                bar = v
            elif k == "off":
                off = v
            elif _is_int(k) and 1 <= k <= 24:
                points[k] = v
            elif _is_int(k):
                self.err(path + (k,), f"point {k} does not exist; points are 1–24",
                         "use `bar:` for checkers on the bar and `off:` for checkers borne off", key=True)
                ok = False
            else:
                self.err(path + (k,), f"{k!r} is not a point; points are 1–24, or `bar` / `off`",
                         suggest(k, ("bar", "off")) if isinstance(k, str) else None, key=True)
                ok = False
        if not ok:
            return None
        total = sum(points.values()) + bar
        if total > CHECKERS:
            terms = [f"{p}:{n}" for p, n in sorted(points.items(), reverse=True) if n] + ([f"bar:{bar}"] if bar else [])
            self.err(path, f"{name} has {total} checkers on the board and bar; a side has {CHECKERS}",
                     " + ".join(terms) + f" = {total}", key=True)
            return None
        if off is not None and total + off != CHECKERS:
            self.err(path + ("off",), f"{name} has {total} checkers in play and {off} off: "
                     f"that is {total + off}, not {CHECKERS}", f"leave out `off:` and the rest count as borne off",
                     key=True)
            return None
        return points, bar, off

    def turn(self, raw: Any, path: P, default: Side | None, required: bool) -> Side | None:
        if raw is None:
            if default is None and required:
                self.err(path[:-1], "missing key `turn`", "add `turn: white` or `turn: black`")
            return default
        if not isinstance(raw, str):
            self.err(path, f"turn is `white` or `black`, not {_kind(raw)}")
            return None
        try:
            return Side.parse(raw)
        except ValueError:
            self.err(path, f"turn is `white` or `black`, not {raw!r}")
            return None

    def roll(self, raw: Any, path: P) -> tuple[Roll | None, bool]:
        if raw is None:
            return None, True
        if isinstance(raw, bool) or not isinstance(raw, str | int):
            self.err(path, f"a roll is two dice like 6-3 or 5-5, not {_kind(raw)}")
            return None, False
        try:
            return Roll.parse(str(raw)), True
        except RollError as e:
            self.err(path, f"bad roll {str(raw)!r}: {e}".replace(f": not a roll: {str(raw)!r}; ", ": "))
            return None, False

    def turn_number(self, data: Mapping) -> int | None:
        """`turn_number: N`: the game turn of the first frame (1 = the opening turn); later
        `then:` steps are turns N+1, N+2, …. Without it a roll counts as a later turn."""
        if "turn_number" not in data:
            return None
        v = data["turn_number"]
        if not _is_int(v) or v < 1:
            self.err(("turn_number",), f"turn_number counts game turns from 1 (the opening turn), not {_kind(v)}",
                     "the head rule's first-turn exception is turn 1 or 2; Gülbara plays doubles normally in turns 1–3")
            return None
        return v

    def play_text(self, raw: Any, path: P, what: str) -> str | None:
        if isinstance(raw, bool) or raw is None or not isinstance(raw, str | int):
            self.err(path, f"{what} takes a play in notation like 9/3 3/off, not {_kind(raw)}")
            return None
        return str(raw)

    def written(self, text: str, path: P, pos: Position, side: Side, rules: Ruleset, what: str,
                closed_ok: bool = False) -> tuple | None:
        """The resulting position key of a written play, or None after reporting where it fails.

        With `closed_ok` (illegal: claims), a play onto a closed point gives the key `()`:
        no legal play matches it, so the claim holds."""
        try:
            segments = parse_play(text)
        except NotationError as e:
            self.err(path, f"{what}: {e}", offset=original_column(text, e.column))
            return None
        try:
            return resulting_position(pos, side, segments, rules, columns=segment_columns(text)).key()
        except ClosedPointError as e:
            if closed_ok:
                return ()
            self.err(path, f"{what}: {e}", offset=e.column)
            return None
        except NotationError as e:
            self.err(path, f"{what}: {e}", f"{side.value} to play:\n{pos}", offset=e.column)
            return None

    def caption(self, raw: Any, path: P) -> Mapping[str, str]:
        if raw is None:
            return MappingProxyType({})
        if not self.mapping(raw, path, "caption", '{tr: "…", en: "…"}'):
            return MappingProxyType({})
        out: dict[str, str] = {}
        for lang, text in raw.items():
            if not isinstance(lang, str) or not (2 <= len(lang) <= 8 and lang.replace("-", "").isalpha()):
                self.err(path + (lang,), f"caption language {lang!r} is not a language code like tr or en", key=True)
            elif not isinstance(text, str) or not text.strip():
                self.err(path + (lang,), f"caption {lang}: expected text, not {_kind(text)}")
            else:
                out[lang] = text
        return MappingProxyType(dict(sorted(out.items())))

    def diagram(self, raw: Any, path: P) -> DiagramOptions:
        try:
            return parse_diagram_options(raw)
        except DiagramOptionError as e:
            if e.key == "diagram" or not isinstance(raw, Mapping):
                self.err(path, e.message)
            else:
                key = next((k for k in raw if str(k) == e.key), e.key)
                self.err(path + (key,), e.message, key=key not in raw or e.message.startswith("unknown diagram option"))
            return DiagramOptions()

    # --- claims ---------------------------------------------------------------
    def expect(self, raw: Any, path: P, pos: Position, side: Side, roll: Roll | None, rules: Ruleset,
               show: Play | None) -> list[Claim]:
        claims: list[Claim] = []
        if raw is None:
            return claims
        if not self.mapping(raw, path, "expect", "{legal: [9/3 3/off], plays: 4}"):
            return claims
        self.keys(raw, path, EXPECT_KEYS, "expect")
        for key, value in raw.items():
            kp = path + (key,)
            if key in ROLL_CLAIMS and roll is None:
                self.err(kp, f"`{key}` needs a roll: add `roll:` to this scenario", key=True)
                continue
            if key == "odds" and roll is not None:
                self.err(kp, "`odds` are over all 36 rolls: remove `roll:` (or move the odds to their own scenario)",
                         key=True)
                continue
            line, col = self.doc.mark(kp)
            if key in ("legal", "illegal"):
                items = value if isinstance(value, list) else [value]
                if isinstance(value, list) and not value:
                    self.err(kp, f"`{key}` lists no plays")
                for i, item in enumerate(items):
                    ip = kp + (i,) if isinstance(value, list) else kp
                    text = self.play_text(item, ip, key)
                    target = (self.written(text, ip, pos, side, rules, key, closed_ok=key == "illegal")
                              if text is not None else None)
                    if target is not None:
                        l, c = self.doc.char_mark(ip, 0)
                        claims.append(PlayClaim(key, l, c, text=text, target=target))
            elif key == "forced":
                text = self.play_text(value, kp, key)
                target = self.written(text, kp, pos, side, rules, key) if text is not None else None
                if target is not None:
                    l, c = self.doc.char_mark(kp, 0)
                    claims.append(PlayClaim(key, l, c, text=text, target=target))
            elif key in ("plays", "dice_used"):
                if not _is_int(value) or value < 0:
                    self.err(kp, f"`{key}` takes a whole number, not {_kind(value)}")
                else:
                    claims.append(CountClaim(key, line, col, value=value))
            elif key == "no_play":
                if not isinstance(value, bool):
                    self.err(kp, f"`no_play` takes true or false, not {_kind(value)}")
                else:
                    claims.append(NoPlayClaim(key, line, col, value=value))
            elif key == "in_order":
                if not self.mapping(value, kp, "in_order", "{legal: [5/3 3/off], illegal: [3/off 5/3]}"):
                    continue
                self.keys(value, kp, ("legal", "illegal"), "in_order")
                for sub in ("legal", "illegal"):
                    if sub not in value:
                        continue
                    items = value[sub] if isinstance(value[sub], list) else [value[sub]]
                    for i, item in enumerate(items):
                        ip = kp + (sub, i) if isinstance(value[sub], list) else kp + (sub,)
                        text = self.play_text(item, ip, f"in_order {sub}")
                        if text is None:
                            continue
                        try:
                            parse_play(text)
                        except NotationError as e:
                            self.err(ip, f"in_order {sub}: {e}", offset=original_column(text, e.column))
                            continue
                        l, c = self.doc.char_mark(ip, 0)
                        claims.append(InOrderClaim("in_order", l, c, text=text, legal=sub == "legal"))
            elif key == "odds":
                if not self.mapping(value, kp, "odds", "{bears_off: 27/36}"):
                    continue
                self.keys(value, kp, OUTCOMES, "odds")
                for outcome, v in value.items():
                    if outcome not in OUTCOMES:
                        continue
                    op = kp + (outcome,)
                    frac = self.fraction(v, op)
                    if frac is not None:
                        l, c = self.doc.mark(op)
                        claims.append(OddsClaim("odds", l, c, outcome=outcome, value=frac, text=str(v)))
            elif key == "result":
                c = self.result(value, kp, pos, side, roll, rules, show)
                if c is not None:
                    claims.append(c)
            elif key == "pips":
                if not self.mapping(value, kp, "pips", "{white: 90, black: 270}"):
                    continue
                self.keys(value, kp, ("white", "black"), "pips")
                for name, v in value.items():
                    if name not in ("white", "black"):
                        continue
                    if not _is_int(v) or v < 0:
                        self.err(kp + (name,), f"pips {name} takes a whole number, not {_kind(v)}")
                        continue
                    l, c2 = self.doc.mark(kp + (name,))
                    claims.append(PipsClaim("pips", l, c2, side=Side.parse(name), value=v))
        return claims

    def fraction(self, v: Any, path: P) -> Fraction | None:
        if isinstance(v, float):
            self.err(path, f"odds are exact: write N/36, not the decimal {v!r}")
            return None
        if isinstance(v, bool) or not isinstance(v, str | int):
            self.err(path, f"odds take a fraction like 27/36, not {_kind(v)}")
            return None
        try:
            text = str(v).replace(" ", "")
            frac = Fraction(text)
            if "." in text or "e" in text.lower():
                raise ValueError
        except (ValueError, ZeroDivisionError):
            self.err(path, f"odds take a fraction like 27/36, not {str(v)!r}")
            return None
        if not 0 <= frac <= 1:
            self.err(path, f"odds {v} are not between 0/36 and 36/36")
            return None
        return frac

    def result(self, value: Any, kp: P, pos: Position, side: Side, roll: Roll | None, rules: Ruleset,
               show: Play | None) -> ResultClaim | None:
        line, col = self.doc.mark(kp)
        default_of = "show" if show is not None else "position"
        if isinstance(value, str) and value.strip().lower() in ("none", "continues", "goes on"):
            return ResultClaim("result", line, col, of=default_of, ends=False)
        if not self.mapping(value, kp, "result", "{winner: white, kind: mars, points: 2}"):
            return None
        self.keys(value, kp, RESULT_KEYS, "result")
        if any(k not in RESULT_KEYS for k in value):
            return None
        of, text, target = default_of, "", ()
        if "of" in value:
            raw = value["of"]
            if raw in ("show", "position", "every", "some"):
                of = raw
                if of == "show" and show is None:
                    self.err(kp + ("of",), "result of `show`: this scenario has no `show:` play")
                    return None
                if of in ("every", "some") and roll is None:
                    self.err(kp + ("of",), f"result of `{of}` legal play needs a roll: add `roll:`")
                    return None
            else:
                t = self.play_text(raw, kp + ("of",), "result of")
                if t is None:
                    return None
                if roll is None:
                    self.err(kp + ("of",), "result of a play needs a roll: add `roll:`")
                    return None
                target = self.written(t, kp + ("of",), pos, side, rules, "result of")
                if target is None:
                    return None
                of, text = "play", t
        winner = None
        if "winner" in value:
            try:
                winner = Side.parse(str(value["winner"])) if isinstance(value["winner"], str) else None
            except ValueError:
                winner = None
            if winner is None:
                self.err(kp + ("winner",), f"winner is `white` or `black`, not {_kind(value['winner'])}")
                return None
        kind = value.get("kind")
        own = tuple(k for k, _, _ in rules.facts.extra_results)  # e.g. Tapa's mother_pin and draw
        if kind is not None and kind not in KINDS + own and kind not in (rules.gammon_name, rules.backgammon_name):
            self.err(kp + ("kind",), f"unknown result kind {kind!r}", "kinds: " + ", ".join(KINDS + own))
            return None
        points = value.get("points")
        if points is not None and (not _is_int(points) or points < 1):
            self.err(kp + ("points",), f"points take a whole number ≥ 1, not {_kind(points)}")
            return None
        return ResultClaim("result", line, col, of=of, winner=winner, kind=kind, points=points, text=text,
                           target=target)

    # --- frames ---------------------------------------------------------------
    def show(self, raw: Any, path: P, pos: Position, side: Side, roll: Roll | None, rules: Ruleset,
             ctx: TurnContext | None = None) -> tuple[Play | None, str | None, bool]:
        if raw is None:
            return None, None, True
        text = self.play_text(raw, path, "show")
        if text is None:
            return None, None, False
        if roll is None:
            self.err(path, "`show` needs a roll: add `roll:`", key=True)
            return None, None, False
        target = self.written(text, path, pos, side, rules, "show")
        if target is None:
            return None, None, False
        plays = self.engine.plays(pos, side, roll, rules, ctx)
        found = next((p for p in plays if p.position.key() == target), None)
        if found is None:
            self.err(path, f"show: {text} is not a legal play with {roll}{_turn_note(ctx)}", plays_text(plays), offset=0)
            return None, None, False
        return found, text, True

    def frame(self, data: Mapping, path: P, pos: Position, side: Side | None, rules: Ruleset,
              turn_required: bool, turn_number: int | None = None) -> Step | None:
        turn = self.turn(data.get("turn"), path + ("turn",), side, turn_required)
        roll, roll_ok = self.roll(data.get("roll"), path + ("roll",))
        caption = self.caption(data.get("caption"), path + ("caption",))
        diagram = self.diagram(data.get("diagram"), path + ("diagram",))
        if "notes" in data and not isinstance(data["notes"], str):
            self.err(path + ("notes",), f"notes take text, not {_kind(data['notes'])}")
        if turn is None or not roll_ok:
            return None
        if roll is not None and data.get("show") is None and "show" in data:
            self.err(path + ("show",), "show takes a play in notation like 9/3 3/off, not nothing")
        ctx = turn_context(turn_number)
        show, show_text, show_ok = self.show(data.get("show"), path + ("show",), pos, turn, roll, rules, ctx)
        claims = self.expect(data.get("expect"), path + ("expect",), pos, turn, roll, rules, show)
        if show is not None:
            line, col = self.doc.char_mark(path + ("show",), 0)
            claims.insert(0, ShowClaim("show", line, col, text=show_text or ""))
        if not show_ok:
            return None
        line = self.doc.mark(path)[0] if path else 1
        return Step(pos, turn, roll, show, caption, diagram, tuple(claims), show_text, line, rules, turn_number)

    def steps(self, raw: Any, first: Step | None, rules: Ruleset) -> tuple[Step, ...]:
        if raw is None:
            return ()
        if not isinstance(raw, list):
            self.err(("then",), f"then takes a list of steps, like [{{roll: 4-2, show: 6/2 2/off}}], not {_kind(raw)}")
            return ()
        out: list[Step] = []
        prev = first
        for i, item in enumerate(raw):
            path: P = ("then", i)
            if not self.mapping(item, path, f"step {i + 1}", "{roll: 4-2, show: 6/2 2/off}"):
                prev = None
                continue
            self.keys(item, path, STEP_KEYS, f"step {i + 1}")
            if prev is None:
                continue  # the previous frame is broken: its end position is unknown
            if prev.show is None and prev.roll is not None:
                plays = self.engine.plays(prev.position, prev.turn, prev.roll, rules, prev.ctx)
                if any(p.moves for p in plays):
                    self.err(path, f"step {i + 1} starts after the previous play, but the frame before it has no `show:`")
                    prev = None
                    continue
            if game_result(prev.after, rules) is not None:
                self.err(path, f"step {i + 1}: the game is already over after the previous play")
                prev = None
                continue
            nxt = prev.turn_number + 1 if prev.turn_number is not None else None
            step = self.frame(item, path, prev.after, prev.turn.opponent, rules, False, nxt)
            if step is not None:
                out.append(step)
            prev = step
        return tuple(out)


def turn_context(turn_number: int | None) -> TurnContext:
    """Game turn N as the engine's context; the mover's own turn is ceil(N / 2) (the starter
    plays the odd turns), as `tavla-docs plays --turn-number` does."""
    if turn_number is None:
        return TurnContext()
    return TurnContext(game_turn=turn_number, player_turn=(turn_number + 1) // 2)


def _turn_note(ctx: TurnContext | None) -> str:
    return f" on turn {ctx.game_turn}" if ctx is not None and ctx.game_turn is not None else ""


def _kind(v: Any) -> str:
    if v is None:
        return "nothing"
    if isinstance(v, bool):
        return f"{str(v).lower()}"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, Mapping):
        return "a mapping"
    return repr(v)


def scenario_id(path: Path, root: Path | None) -> str:
    """`bear-off/mid-move` for `<root>/bear-off/mid-move.yaml` (the file stem without a root)."""
    p = Path(path)
    if root is not None:
        try:
            rel = p.resolve().relative_to(Path(root).resolve())
            return rel.with_suffix("").as_posix()
        except ValueError:
            pass
    return p.with_suffix("").name


def load_scenario(path: Path | str, root: Path | str | None = None, *, engine: Engine | None = None,
                  text: str | None = None, source: str | None = None) -> Scenario:
    """Read and validate one scenario file; raises ScenarioError with every problem found."""
    path = Path(path)
    source = source if source is not None else str(path)
    if text is None:
        try:
            raw = path.read_bytes()
        except OSError as e:
            raise ScenarioError([Diagnostic(source, 1, 1, f"cannot read the file: {e.strerror or e}")]) from None
        if len(raw) > MAX_FILE_BYTES:
            raise ScenarioError([Diagnostic(source, 1, 1, f"the file is {len(raw)} bytes; a scenario is at most {MAX_FILE_BYTES}")])
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            before = raw[: e.start]
            line = before.count(b"\n") + 1
            col = len(before[before.rfind(b"\n") + 1:].decode("utf-8", "replace")) + 1
            raise ScenarioError([Diagnostic(source, line, col, "the file is not UTF-8 text")]) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        doc = load_yaml(text)
    except YamlError as e:
        raise ScenarioError([Diagnostic(source, e.line, e.col, e.message)]) from None
    return _build(doc, path, root, engine or DEFAULT_ENGINE, source)


def _build(doc: MarkedDoc, path: Path, root: Path | str | None, engine: Engine, source: str) -> Scenario:
    L = _Loader(source, doc, engine)
    data = doc.value
    if data is None:
        raise ScenarioError([Diagnostic(source, 1, 1, "empty scenario",
                                        "a scenario is a mapping with variant, position, turn, roll, show, expect, caption")])
    if not isinstance(data, Mapping):
        raise ScenarioError([Diagnostic(source, *doc.mark(()), f"a scenario is a mapping of keys, not {_kind(data)}")])
    L.keys(data, (), TOP_KEYS, "the scenario")
    variant = L.variant(data)
    rules = L.rules(data, variant) if variant else None
    pos, given_turn = L.position(data, rules)
    turn_number = L.turn_number(data)
    first: Step | None = None
    if rules is not None and pos is not None and (turn_number is not None or "turn_number" not in data):
        if isinstance(data.get("position"), str) and given_turn is None and data.get("turn") is None:
            L.err(("position",), "a Position ID does not say who is on roll: add `turn:`", key=True)
        else:
            first = L.frame(data, (), pos, given_turn, rules, True, turn_number)
    else:  # still report problems in the parts that do not need a position
        L.roll(data.get("roll"), ("roll",))
        L.caption(data.get("caption"), ("caption",))
        L.diagram(data.get("diagram"), ("diagram",))
        L.turn(data.get("turn"), ("turn",), None, False)
    steps = L.steps(data.get("then"), first, rules) if rules is not None and first is not None else ()
    if L.diags or first is None or rules is None or variant is None:
        diags = sorted(set(L.diags), key=lambda d: (d.line, d.col, d.message))
        raise ScenarioError(diags or [Diagnostic(source, 1, 1, "invalid scenario")])
    return Scenario(
        id=scenario_id(path, Path(root) if root is not None else None), path=path, variant=variant, rules=rules,
        position=first.position, turn=first.turn, roll=first.roll, show=first.show, caption=first.caption,
        diagram=first.diagram, expect=first.expect, steps=steps, show_text=first.show_text,
        notes=data.get("notes") if isinstance(data.get("notes"), str) else None, source=source,
        turn_number=turn_number,
    )
