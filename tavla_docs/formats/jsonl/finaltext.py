"""Reference: `playjson.reference_json`: byte for byte
Contract: tests/formats/test_final_text.py
Gain: 1.41× the whole `plays --jsonl` process, with plainnames (3.55 → 2.52 s CPU; benchmarks-history.md, fourth pass)

The default fields of the plain walk's plays from their finals, a dozen operations a play.

`formats.jsonl.plainfinals` spells a final's XGID board field with ten C calls (bytes, hex,
translate, two conversions) and its object with one `%`: about 3.7 us a play, and a batch
prints a quarter of a million. Here the mover's board is read in four groups of slots, each
a memoised entry by the final's bits of that group (its counts and the hit marks of its
points), shared by every position of one mover colour:

- the group's XGID characters: the mover's letters where it stands, `-` where it hit a blot
  and moved on (`13/7*/5`) or on its empty bar, and where the point is empty otherwise a
  code (the control character of the slot's number) for "the opponent's letter here";
- the group's `, "b": n` board pairs;
- the mover's off count (the second group's key holds slot 0) or bar count (the last group's
  holds slot 25, which is also its XGID character).

A play is then the pieces of its template (by hit pattern: the opponent's bar and board
pairs) around those entries, and the whole answer is one join and one `str.translate` that
turns the codes into the opponent's letters of this position (a 128-character table: the
text is ASCII). tests/formats/test_final_text.py holds the text to the old serialiser.
Where the optional C accelerator is built it writes this text instead (`formats.jsonl.accel`,
`_speedups.c`); this is the pure-Python path, and the reference tests/formats/test_speedups.py
holds it to.
"""
from __future__ import annotations

from collections.abc import Sequence

from ...engine.board import BAR, OFF
from .plainfinals import HIT_SHIFT, OFFSET, Context

SEP = ', {"notation": "'  # between two plays' objects, with the next one's start (playtext.play_texts splits on it)
OPEN = '{"notation": "'
# the groups of the mover's slots: points 1..24, the off count (slot 0) with the second, the bar
# (25) with the last (a batch of 10,500 requests meets 26,454 distinct entries; 41,680 with the
# off count in the first group and points 1..7, 8..13, 14..19, 20..24)
_GROUPS = (tuple(range(1, 6)), (0, *range(6, 12)), tuple(range(12, 19)), (*range(19, 25), 25))
_COUNT = tuple(str(n) for n in range(16))


def _key_mask(slots: tuple[int, ...]) -> int:
    """The bits of a final that decide a group's entry: its slots' counts, its points' hit marks."""
    return sum(15 << OFFSET[p] for p in slots) | sum(1 << (HIT_SHIFT + p) for p in slots if 1 <= p <= 24)


class _Group(dict[int, tuple[str, str, str]]):
    """One group's (XGID characters, pairs with their leading ", ", off or bar count) by its key."""

    def __init__(self, slots: tuple[int, ...], white: bool) -> None:
        super().__init__()
        self.white = white
        self.points = tuple(p for p in (slots if white else slots[::-1]) if p != OFF)  # XGID and shared order
        self.extra = OFF if OFF in slots else BAR if BAR in slots else -1
        self.mask = _key_mask(slots)

    def __missing__(self, key: int) -> tuple[str, str, str]:
        letter = 64 if self.white else 96
        chars = []
        pairs = []
        for p in self.points:
            n = key >> OFFSET[p] & 15
            if n:
                chars.append(chr(letter + n))
                if p != BAR:
                    pairs.append(f', "{p if self.white else 25 - p}": {n}')
            elif p == BAR or key >> (HIT_SHIFT + p) & 1:
                chars.append("-")
            else:
                chars.append(chr(p))  # the opponent's letter, filled in per position
        extra = _COUNT[key >> OFFSET[self.extra] & 15] if self.extra >= 0 else ""
        entry = self[key] = ("".join(chars), "".join(pairs), extra)
        return entry


_BY_SIDE = {white: tuple(_Group(g, white) for g in _GROUPS) for white in (True, False)}

#: Entries each group keeps before it is emptied (a batch of 10,500 requests meets 6,660 in the
#: largest group, 26,454 in all: about 8 MB; the bound, about 10 MB a group).
MEMO_MAX = 1 << 15


def trim() -> None:
    """Keep the group memos bounded: empty one past MEMO_MAX (checked once an answer)."""
    for groups in _BY_SIDE.values():
        for memo in groups:
            if len(memo) > MEMO_MAX:
                memo.clear()


class _Parts(dict[int, tuple[str, str, str, str, str]]):
    """A play's template pieces by its hit marks, for one context and XGID tail: the text
    before its XGID characters, between them and its pairs, between the pairs and its bar or
    off count, between those, and after."""

    def __init__(self, ctx: Context, tail: str) -> None:
        super().__init__()
        self.ctx, self.tail = ctx, tail

    def __missing__(self, marks: int) -> tuple[str, str, str, str, str]:
        ctx, tail = self.ctx, self.tail
        _, pairs, bar = ctx.opponent_side(marks)
        off = str(ctx.theirs[OFF])
        if ctx.white:  # the mover's off count is the first group's, its bar the last's
            entry = ('", "xgid": "XGID=' + (chr(96 + bar) if bar else "-"),
                     tail + '", "board": {"white": {',
                     '}, "black": {' + pairs + '}, "white_bar": ',
                     ', "black_bar": ' + str(bar) + ', "white_off": ',
                     ', "black_off": ' + off + "}}")
        else:  # in XGID order the bar's group comes first
            entry = ('", "xgid": "XGID=',
                     (chr(64 + bar) if bar else "-") + tail + '", "board": {"white": {' + pairs + '}, "black": {',
                     '}, "white_bar": ' + str(bar) + ', "black_bar": ',
                     ', "white_off": ' + off + ', "black_off": ',
                     "}}")
        self[marks] = entry
        return entry


_LAST: list[tuple[Context, str, _Parts, str] | None] = [None]


def _memos(ctx: Context, tail: str) -> tuple[_Parts, str]:
    """The template pieces and the code-to-letter table of the last answer's context and
    tail, or new ones (a batch asks for a position's rolls in turn)."""
    last = _LAST[0]  # one read: another thread may replace it, never change it
    if last is not None and last[0] is ctx and last[1] == tail:
        return last[2], last[3]
    chars = ctx.opponent_side(0)[0].to_bytes(26, "big")  # the opponent's count << 4 by XGID character, unhit
    # every ASCII character as itself but the codes 1..24 (a string: indexing it is cheaper than a
    # dict's miss for each character the text holds)
    table = "\0" + "".join(chr(ctx.table[chars[p if ctx.white else 25 - p]]) for p in range(1, 25)) + \
        "".join(map(chr, range(25, 128)))
    found = _LAST[0] = (ctx, tail, _Parts(ctx, tail), table)
    return found[2], found[3]


def _pieces(finals: Sequence[int], names: Sequence[str], ctx: Context, tail: str) -> tuple[list[str], str]:
    """Every play's pieces in order, each play ending with `SEP`, and the table for the codes."""
    parts, table = _memos(ctx, tail)
    trim()
    g1, g2, g3, g4 = _BY_SIDE[ctx.white] if ctx.white else _BY_SIDE[False][::-1]
    k1, k2, k3, k4 = g1.mask, g2.mask, g3.mask, g4.mask
    out: list[str] = []
    if ctx.white:  # g2 holds the off count, g4 the bar
        for y, name in zip(finals, names, strict=True):
            b, c, d, e, f = parts[y >> HIT_SHIFT]
            x1, p1, _ = g1[y & k1]
            x2, p2, off = g2[y & k2]
            x3, p3, _ = g3[y & k3]
            x4, p4, bar = g4[y & k4]
            out += (name, b, x1, x2, x3, x4, c, (p1 + p2 + p3 + p4)[2:], d, bar, e, off, f, SEP)
    else:  # XGID order: g1 holds the bar, g3 the off count
        for y, name in zip(finals, names, strict=True):
            b, c, d, e, f = parts[y >> HIT_SHIFT]
            x1, p1, bar = g1[y & k1]
            x2, p2, _ = g2[y & k2]
            x3, p3, off = g3[y & k3]
            x4, p4, _ = g4[y & k4]
            out += (name, b, x1, x2, x3, x4, c, (p1 + p2 + p3 + p4)[2:], d, bar, e, off, f, SEP)
    return out, table


def answer_text(finals: Sequence[int], names: Sequence[str], ctx: Context, xgid_tail: str) -> str:
    """The default-field objects of the plays, joined by ", " (inside an answer's `"plays"`)."""
    pieces, table = _pieces(finals, names, ctx, xgid_tail)
    pieces[-1] = ""
    return (OPEN + "".join(pieces)).translate(table)

