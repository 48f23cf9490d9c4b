"""The keys of a figure as rules texts draw it: `alternatives:`, `partial:`, `omit:`, `source_figure:`.

- `alternatives: [24/21 6/5]`: more plays of the frame's roll drawn in the same figure as
  `show:`, each with its own mark (A is `show:`, then B, C, D).
- `partial: bar/21`: only the first move(s) of a play, labelled as partial; `expect: {rest: …}`
  says how the play can be finished.
- `omit: black` (top level): that side is left out of the figure, not drawn as borne off.
- `source_figure: 4`: the figure's number in the source text, printed apart from the page's own.

Each reader reports through the `Collector` at the value that is wrong, and returns what the
frame draws plus the claims it makes (`figure_claims`).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..engine import explain
from ..engine.board import Side
from ..engine.play import Play, TurnContext
from .claims import Claim, plays_text
from .expect import Frame, _hops, backwards, segments, written
from .fields import Collector, P, is_int, kind
from .figure_claims import AlternativeClaim, PartialClaim, PartialPlay, RestClaim, completions, partial_play
from .plays import play_text

__all__ = ["LETTERS", "MAX_ALTERNATIVES", "alternatives", "omit", "partial", "rest", "source_figure"]

MAX_ALTERNATIVES = 3  # with `show:`, four plays: A to D, each with a mark of its own
LETTERS = "ABCD"
_LABEL = re.compile(r"[0-9A-Za-z][0-9A-Za-z.\-]{0,7}\Z")  # "4", "4a", "12.3", "A-2"
REST_KEYS = ("plays", "legal", "illegal", "forced")


def omit(c: Collector, data: Mapping) -> Side | None:
    """`omit: black`: the side the figure leaves out. It must not be written in `position:` (its
    checkers are not in the example at all) and cannot be the side on turn."""
    if "omit" not in data:
        return None
    raw = data["omit"]
    try:
        side = Side.parse(raw) if isinstance(raw, str) else None
    except ValueError:
        side = None
    if side is None:
        c.err(("omit",), f"omit takes the side the figure leaves out, `white` or `black`, not {kind(raw)}")
        return None
    pos = data.get("position")
    if not isinstance(pos, Mapping):
        c.err(("omit",), "omit needs the position as a mapping of one side's checkers",
              f"write position: {{{side.opponent.value}: {{…}}}}; an XGID or Position ID places both sides", key=True)
        return None
    if side.value in pos:
        c.err(("position", side.value), f"{side.value} is left out of the figure (omit: {side.value}), so its "
              "checkers are not written", f"remove `{side.value}:` from position, or remove omit", key=True)
        return None
    if isinstance(data.get("turn"), str) and data["turn"].strip().lower() == side.value:
        c.err(("turn",), f"{side.value} is left out of the figure: it cannot be the side to play",
              f"turn: {side.opponent.value}")
        return None
    if "then" in data:
        c.err(("then",), "a story needs both sides on the board: a figure with omit has no `then:` steps",
              "draw each frame as its own scenario", key=True)
        return None
    return side


def source_figure(c: Collector, data: Mapping, path: P) -> str | None:
    """`source_figure: 4` (or "4a"): the figure's label in the source text."""
    if "source_figure" not in data:
        return None
    raw = data["source_figure"]
    text = str(raw) if (is_int(raw) and raw >= 1) or isinstance(raw, str) else None
    if text is None or not _LABEL.match(text):
        c.err(path + ("source_figure",), f"source_figure is the figure's number or label in the source, like 4 or "
              f"4a (letters, digits, `.` and `-`, up to 8), not {kind(raw)}")
        return None
    return text


def alternatives(c: Collector, raw: Any, path: P, f: Frame, ctx: TurnContext) -> tuple[tuple[Play, ...],
                                                                                     tuple[str, ...], list[Claim]]:
    """`alternatives: [24/21 6/5]` beside `show:`: each a legal play of the roll, all different."""
    if raw is None:
        return (), (), []
    if f.show is None:
        c.err(path, "alternatives are drawn beside the shown play: add `show:` (play A)", key=True)
        return (), (), []
    items = raw if isinstance(raw, list) else [raw]
    if not items or len(items) > MAX_ALTERNATIVES:
        c.err(path, f"alternatives take 1 to {MAX_ALTERNATIVES} plays beside `show:`, not {len(items)}")
        return (), (), []
    plays = c.engine.plays(f.pos, f.side, f.roll, f.rules, ctx)  # type: ignore[arg-type]  # show needs a roll
    drawn: list[Play] = []
    texts: list[str] = []
    claims: list[Claim] = []
    seen = [f.show.position.key()]
    for i, item in enumerate(items):
        ip = path + (i,) if isinstance(raw, list) else path
        letter = LETTERS[i + 1]
        text = play_text(c, item, ip, "alternatives")
        if text is None:
            continue
        target = written(c, text, ip, f, "alternatives")
        if target is None:
            continue
        found = next((p for p in plays if p.position.key() == target), None)
        if found is None:
            c.err(ip, f"alternatives: {text} is not a legal play with {f.roll}", plays_text(plays), offset=0)
            continue
        if target in seen:
            c.err(ip, f"alternatives: {text} (play {letter}) is the same play as one drawn before it",
                  "each play of the figure must reach a different position", offset=0)
            continue
        line, col = c.doc.char_mark(ip, 0)
        claims.append(AlternativeClaim("alternatives", line, col, text=text, target=target, others=tuple(seen),
                                       letter=letter))
        seen.append(target)
        drawn.append(found)
        texts.append(text)
    return tuple(drawn), tuple(texts), claims


def partial(c: Collector, raw: Any, path: P, f: Frame, ctx: TurnContext,
            has_show: bool) -> tuple[PartialPlay | None, str | None, tuple[tuple[int, int], ...], list[Claim]]:
    """`partial: bar/21`: the first move(s) of a legal play, drawn alone and labelled as partial."""
    if raw is None:
        return None, None, (), []
    if has_show:
        c.err(path, "a frame draws either a whole play (`show:`) or the start of one (`partial:`), not both",
              key=True)
        return None, None, (), []
    if f.roll is None:
        c.err(path, "`partial` needs a roll: add `roll:`", key=True)
        return None, None, (), []
    text = play_text(c, raw, path, "partial")
    if text is None or backwards(c, text, path, f, "partial"):
        return None, None, (), []
    parsed = segments(c, text, path, "partial", f)
    if parsed is None:
        return None, None, (), []
    if not parsed:
        c.err(path, "partial: write the first move(s) of the play, like bar/21")
        return None, None, (), []
    hops = _hops(parsed)
    try:
        found = partial_play(f.pos, f.side, f.roll, f.rules, ctx, hops)
    except explain.TreeTooBig as e:
        c.err(path[:-1] + ("roll",), f"partial: {e}", "draw a shorter part, or the whole play with `show:`")
        return None, None, (), []
    if found is None:
        plays = c.engine.plays(f.pos, f.side, f.roll, f.rules, ctx)
        c.err(path, f"partial: no legal play with {f.roll} starts with {text}", plays_text(plays), offset=0)
        return None, None, (), []
    if found.whole:
        c.err(path, f"partial: {text} is a whole legal play with {f.roll}, not part of one",
              "write it as `show:`; a partial figure draws the first moves of a longer play", key=True)
        return None, None, (), []
    line, col = c.doc.char_mark(path, 0)
    return found, text, hops, [PartialClaim("partial", line, col, text=text, hops=hops)]


def rest(c: Collector, value: Any, kp: P, f: Frame, found: PartialPlay | None,
         hops: tuple[tuple[int, int], ...]) -> list[Claim]:
    """`expect: {rest: {plays: 3, legal: [24/18], forced: …}}`: how the partial play can be finished,
    each rest written from the position the partial moves reach."""
    if not hops:
        c.err(kp, "`rest` is about finishing a partial play: add `partial:`", key=True)
        return []
    if found is None or not c.mapping(value, kp, "rest", "{plays: 3, legal: [24/18]}"):
        return []
    c.keys(value, kp, REST_KEYS, "rest")
    after = Frame(found.position, f.side, f.roll, f.rules, None)
    out: list[Claim] = []
    for sub, v in value.items():
        sp = kp + (sub,)
        if sub == "plays":
            if not is_int(v) or v < 1:
                c.err(sp, f"rest plays takes a whole number ≥ 1, not {kind(v)}")
                continue
            out.append(RestClaim("rest", *c.doc.mark(sp), sub="plays", value=v, hops=hops))
        elif sub in ("legal", "illegal", "forced"):
            listed = isinstance(v, list) and sub != "forced"
            for i, item in enumerate(v if listed else [v]):
                ip = sp + (i,) if listed else sp
                text = play_text(c, item, ip, f"rest {sub}")
                if text is None:
                    continue
                target = written(c, text, ip, after, f"rest {sub}", closed_ok=sub == "illegal")
                if target is not None:
                    out.append(RestClaim("rest", *c.doc.char_mark(ip, 0), sub=sub, text=text, target=target,
                                         hops=hops))
    return out


def completion_count(found: PartialPlay) -> int:
    """How many whole plays start with the partial moves (the figure's `<desc>` and facts line say it)."""
    return len(completions(found))
