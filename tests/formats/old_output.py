"""The per-play fields as `plays --json` wrote them before they were rebuilt for speed
(copied from the code before the change), the oracle for the fast versions.

Not a test module: tests/formats and tests/cli import it.
"""
from __future__ import annotations

import json
from typing import Any

from tavla_docs.engine.board import BAR, OFF, Geometry, Position, Side


def old_format_moves(moves, *, bar: str = "bar", off: str = "off", empty: str = "(no move)") -> str:
    if not moves:
        return empty
    ordered = sorted(moves, key=lambda m: (-m.src, -m.dst))
    chains: list[list] = []  # [src, [(point, hit), ...]]
    for mv in ordered:
        for c in chains:
            if c[1][-1][0] == mv.src and mv.src != OFF:
                c[1].append((mv.dst, mv.hit))
                break
        else:
            chains.append([mv.src, [(mv.dst, mv.hit)]])

    def show(c: list) -> str:
        src, stops = c
        kept = [(p, h) for i, (p, h) in enumerate(stops) if h or i == len(stops) - 1]
        parts = [bar if src == BAR else str(src)]
        parts += [f"{off if p == OFF else p}{'*' if h else ''}" for p, h in kept]
        return "/".join(parts)

    counts: dict[str, int] = {}
    for c in chains:
        t = show(c)
        counts[t] = counts.get(t, 0) + 1
    return " ".join(t if n == 1 else f"{t}({n})" for t, n in counts.items())


def old_to_json(position: Position) -> dict:
    out: dict[str, Any] = {
        "white": {str(b): n for b, n in sorted(position.white_board().items())},
        "black": {str(b): n for b, n in sorted(position.black_board().items())},
        "white_bar": position.white[BAR], "black_bar": position.black[BAR],
        "white_off": position.white[OFF], "black_off": position.black[OFF],
    }
    if position.pinned:
        out["pinned"] = {s.value: sorted(position.geometry.to_board(s, p) for t, p in position.pinned if t is s)
                         for s in (Side.WHITE, Side.BLACK)}
    return out


def old_xgid(position: Position, turn: Side) -> str | None:
    """The old `_xgid`: money play, cube centred (the old command kept no match state)."""
    if position.geometry is not Geometry.OPPOSITE or position.pinned:
        return None
    chars = ["-"] * 26
    w, b = position.white, position.black
    chars[0] = "-" if not b[BAR] else chr(ord("a") + b[BAR] - 1)
    chars[25] = "-" if not w[BAR] else chr(ord("A") + w[BAR] - 1)
    for i in range(1, 25):
        if w[i]:
            chars[i] = chr(ord("A") + w[i] - 1)
        elif b[25 - i]:
            chars[i] = chr(ord("a") + b[25 - i] - 1)
    return f"XGID={''.join(chars)}:0:0:{1 if turn is Side.WHITE else -1}:00:0:0:0:0:10"


def old_answer(rules, pos: Position, side: Side, roll, plays, extra: dict) -> str:
    """The old `result()` dict for plays already generated, as the old batch printed it."""
    from tavla_docs.engine.movegen import max_dice, skips_roll
    out = {
        "variant": rules.variant, "turn": side.value, "roll": [roll.high, roll.low],
        "dice_used": max_dice(plays), "skips_roll": skips_roll(pos, side, rules),
        "pips": {"white": pos.pips(Side.WHITE), "black": pos.pips(Side.BLACK)},
        "plays": [{"notation": old_format_moves(p.moves), "xgid": old_xgid(p.position, side.opponent),
                   "board": old_to_json(p.position)} for p in plays if p.moves],
        **extra,
    }
    return json.dumps(out, ensure_ascii=False)
