"""A sentence of page prose that states a fact of the position or play it prints, and the frame
of those values says otherwise.

"In the diagram {{ w.pip_lead.side }} leads … but Black is on roll", "enters on the
{{ hb.show.moves[0].dst }}-point, which is inside the home board", "with 5-5 each five bears
off the lowest checker, {{ d.show }}", "the order of the dice makes no difference here: with
{{ m.roll }}, …", "{{ play("9/6 6/off", at=…) }} bears off one checker fewer than {{ mm.show }}",
"only when both dice are ones: {{ p22.odds.bears_off.others }}": every printed value is true of
its own scenario, and the words around it claim something of that frame that the engine, the
position or the printed list decides. A changed word, or a `{% set %}` rebound to another
scenario, makes the claim false; this reads the claim families of `framewords` and binds each to
the frame of the nearest value its clause prints, as `situations` does (its binding is reused),
and judges it with `framejudge`. A clause that hedges ("if", "would", "olsaydı") is not read
for a side, a point or a play said to bear off.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .framewords import COUNTS, DIE_NUMBERS, HEDGE, PATTERNS, SENTENCE_KINDS
from .problems import Problem
from .situations import HINT, Binder, _bounds, _distance, _found_at, _short, _side, bound_reading, frame_name

_CLAUSE = re.compile(r"(?<!\d)[.!?;](?=\s|$)|:(?=\s)|\n")
_SENTENCE = re.compile(r"(?<!\d)[.!?](?=\s|$)|\n")
_POINT = re.compile(r"^\s*(\d{1,2})\.?\s*$")
_SHOW = re.compile(r"\{\{-?\s*\w+\s*\.\s*show\s*-?\}\}")
_HEDGED = frozenset({"turn", "home", "bears"})


def page_problems(marked: str, lang: str, path: str, source: str, first_line: int, names: dict[str, str],
                  load: Callable[[str], Any], severity: str = "error") -> list[Problem]:
    """One problem per claim of the page's prose about a frame's position or play that the frame
    it is bound to contradicts (`load(name)`: the scenario, its claims checked)."""
    patterns = PATTERNS.get(lang)
    if patterns is None or "scenario(" not in source and "at=" not in source:
        return []
    bound = bound_reading(marked, source, first_line, lambda read: _phrases(read, patterns))
    if bound is None:
        return []
    read, found, binders, _figures = bound
    out: list[Problem] = []
    for kind, asserted, m in found:
        lo, hi = _bounds(read, m.start(), m.end(), _SENTENCE if kind in SENTENCE_KINDS else _CLAUSE)
        if kind in _HEDGED and HEDGE[lang].search(read[lo:hi]):
            continue
        near = [b for b in binders if lo <= b.start < hi]
        binder = _pick(kind, near, m, read)
        if binder is None:
            continue
        try:
            scenario = load(binder.name)
            frame = scenario.frames[binder.step]
            rules = getattr(frame, "rules", None) or scenario.rules
            fault = _judge(kind, asserted, m, frame, rules, binder, near, read, lo, names, load)
        except Exception:  # noqa: BLE001 - the page's own render reports a scenario or play that cannot load
            continue
        if fault is None:
            continue
        where_ = frame_name(binder)
        said = f"this sentence says {' '.join(m.group().split())!r}"
        line, col = (binder.line, binder.col) if binder.line else _found_at(source, m.group(), first_line)
        out.append(Problem(path, line, col, severity, "situation",
                           f"{said} and prints `{_short(binder.tag)}`, a value of {where_}, but {fault}", HINT))
    return out


def _phrases(read: str, patterns: Any) -> list[tuple[str, bool, re.Match[str]]]:
    out: list[tuple[str, bool, re.Match[str]]] = []
    taken: list[tuple[int, int]] = []
    for kind, asserted, pattern in patterns:
        for m in pattern.finditer(read):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append(m.span())
            out.append((kind, asserted, m))
    return out


def _pick(kind: str, near: list[Binder], m: re.Match[str], read: str) -> Binder | None:
    """The value the claim is about: a point printed before `home`, a roll list after `dice`, a
    play for `extreme`, else the nearest value of the clause."""
    if kind == "home":
        points = [b for b in near if b.end <= m.start() and _POINT.match(read[b.start:b.end])
                  and re.search(r"\.(?:dst|src)\b", b.tag)]
        return points[-1] if points else None
    if kind == "dice":
        lists = [b for b in near if b.start >= m.end() and len(re.findall(r"\d-\d", read[b.start:b.end])) >= 1]
        return lists[0] if lists else None
    if kind == "compare":
        plays = [b for b in near if _is_play(b)]
        return plays[-1] if len(plays) >= 2 else None
    if kind == "count":  # the count or the point is printed from the frame
        inside = [b for b in near if m.start() <= b.start and b.end <= m.end()]
        return inside[-1] if inside else None
    if kind == "extreme":
        plays = [b for b in near if _is_play(b)]
        if plays:
            return min(plays, key=lambda b: _distance(b, m))
    return min(near, key=lambda b: _distance(b, m), default=None)


def _is_play(b: Binder) -> bool:
    return b.refused is None and (_SHOW.match(b.tag) is not None or b.tag.lstrip("{ -").startswith("play("))


def _play_of(b: Binder, frame: Any, rules: Any, read: str) -> tuple[str, Any, tuple[Any, ...]]:
    """(text, resulting position, moves) of a play the page prints: a frame's `show`, or a
    `play(…, at=…)` resolved on its frame."""
    from ...engine.written import match_play, resulting_position

    if _SHOW.match(b.tag):
        return getattr(frame, "show_text", None) or str(frame.show), frame.show.position, tuple(frame.show.moves)
    text = " ".join(read[b.start:b.end].split())
    position = resulting_position(frame.position, frame.turn, text, rules)
    found = match_play(frame.position, frame.turn, frame.roll, rules, text) if frame.roll is not None else None
    return text, position, tuple(found.moves) if found is not None else ()


def _judge(kind: str, asserted: bool, m: re.Match[str], frame: Any, rules: Any, binder: Binder,
           near: list[Binder], read: str, lo: int, names: dict[str, str], load: Callable[[str], Any]) -> str | None:
    from . import framejudge as j

    groups = {k: v for k, v in m.groupdict().items() if v}
    if kind == "turn":
        return j.turn_fault(frame, _named(groups, names) or _side(read, lo, m.start(), names), asserted)
    if kind == "home":
        point = int(_POINT.match(read[binder.start:binder.end]).group(1))  # type: ignore[union-attr]
        return j.home_fault(point, frame.turn, asserted)
    if kind == "bears":
        return j.bears_fault(frame, rules)
    if kind == "extreme":
        moves = _play_of(binder, frame, rules, read)[2] if _is_play(binder) else \
            tuple(frame.show.moves) if frame.show is not None else ()
        farthest = groups["which"].lower() not in {"lowest", "nearest", "closest", "alçaktaki", "düşükteki",
                                                    "yakındaki", "öndeki"}
        return j.extreme_fault(frame, moves, farthest) if moves else None
    if kind == "compare":
        plays = [b for b in near if _is_play(b)]
        first = plays[-2]
        frame_a = load(first.name).frames[first.step]
        a = _play_of(first, frame_a, rules, read)[:2]
        b = _play_of(binder, frame, rules, read)[:2]
        same = None if "fewer" in groups else asserted and "diff" not in groups
        return j.compare_fault(a, b, frame.turn, same, "fewer" in groups)
    if kind == "order":
        return j.order_fault(frame, rules, not ({"no", "no2"} & groups.keys()))
    if kind == "count":
        lang = "tr" if "pul" in m.group().lower() else "en"
        count = COUNTS[lang].get(groups["n"].lower()) or (int(groups["n"]) if groups["n"].isdigit() else 0)
        side = _side(read, lo, m.start(), names) or frame.turn
        return j.count_fault(frame, side, int(groups["p"]), count) if count else None
    if kind == "dice":
        word = (groups.get("n") or groups.get("n1") or "").lower()
        number = DIE_NUMBERS.get("tr" if "zar" in m.group().lower() else "en", {}).get(word) or \
            (int(word) if word.isdigit() else None)
        if number is None:
            return None
        return j.dice_fault(read[binder.start:binder.end], "both" in groups, number)
    return None


def _named(groups: dict[str, str], names: dict[str, str]) -> Any:
    from ...engine.board import Side

    said = (groups.get("side") or groups.get("side2") or "").lower()
    for key, side in (("white", Side.WHITE), ("black", Side.BLACK)):
        if said and said == names[key].lower():
            return side
    return None
