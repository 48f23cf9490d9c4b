"""Reference: `playjson.reference_json` (`xgid.xgid_board`, `Position.to_json` of each play's position)
Contract: tests/formats/test_plain_finals.py
Gain: 1.34× the whole `plays --jsonl` process (default fields 5.79 → 4.33 s CPU; benchmarks-history.md, third pass)

A play's XGID and board text straight from the plain walk's final, without a `Position`.

The plain walk (`engine/fast/plainwalk.py`) gives each play its final as one integer: the
mover's board 4 bits a slot (slot 0 = off, 25 = bar; slot p's nibble is `ONE[p]`'s) and
the opponent's hit blots as bits from `HIT_SHIFT` up, plus a `Recipe` (the mover, the
opponent's board and the geometry) that makes the `Position` when a play's position is
first read. Making 240,000 positions only to print them was a fifth of
a `plays --jsonl` batch; from the final the fields are a few C calls:

- the XGID board field: the mover's nibbles spread to one byte a slot (`hex`), in the
  field's order (White's points run up, Black's down: big- or little-endian), OR'd with
  the opponent's letters (shifted to the high nibble) and spelled by one `translate`;
- the board's pairs (`"b": n, …`): the mover's four groups of slots, each a memoised text
  by its bits of the final; the opponent's side (as it was, or with the hit blots on the
  bar) is made once per position and hit pattern.

`plain_finals` takes the finals and the recipe from the engine (`plainwalk.finals_of`);
plays it cannot read so (made by another generator, positions already read, several
positions' plays in one list) take the `Position` path. tests/formats/test_plain_finals.py
holds the text of every final equal to its position's.

>>> from tavla_docs.engine.board import Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.engine.movegen import fast_plays
>>> from tavla_docs.variants import TAVLA
>>> plays = fast_plays(TAVLA.starting_position(), Side.WHITE, Roll(6, 5), TAVLA)
>>> finals, ctx = plain_finals(plays)
>>> ctx.xgid(finals[0]) == xgid_board_of(plays[0].position)
True
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ...engine.board import BAR, OFF, Geometry, Position, Side
from ...engine.fast import plainwalk
from ...engine.play import Play
from ..errors import ID_COUNT

_ONE: list[int] = plainwalk.ONE
HIT_SHIFT: int = plainwalk.HIT_SHIFT
OFFSET = [one.bit_length() - 1 for one in _ONE]  # slot p's lowest bit in the final
KEEP = sum(15 << OFFSET[p] for p in range(1, 26))  # the board without the off slot and the hits
HEXVAL = plainwalk.HEX
# The slots of the four groups of the mover's board pairs (points only: no off, no bar).
_GROUPS = (range(1, 8), range(8, 14), range(14, 20), range(20, 25))
_MASKS = tuple(sum(15 << OFFSET[p] for p in g) for g in _GROUPS)

#: Entries each memo keeps before it is emptied (a few MB at most).
MEMO_MAX = 1 << 15


def _letters(mover_upper: bool) -> bytes:
    """Translation of a byte m | o << 4 (mover's count m, opponent's o) to its XGID character."""
    table = bytearray(b"-" * 256)
    mine, theirs = (65, 97) if mover_upper else (97, 65)
    for o in range(16):
        for m in range(16):
            if m:
                table[m | o << 4] = mine + m - 1
            elif o:
                table[o << 4] = theirs + o - 1
    return bytes(table)


_TABLE = {Side.WHITE: _letters(True), Side.BLACK: _letters(False)}


class _Pairs(dict[int, str]):
    """One group's `, "b": n` pairs (each with its leading ", ") by the group's bits of a final,
    in shared order for one mover colour."""

    def __init__(self, slots: range, white: bool) -> None:
        super().__init__()
        self.slots = slots if white else slots[::-1]
        self.labels = {p: p if white else 25 - p for p in slots}

    def __missing__(self, key: int) -> str:
        text = "".join(f', "{self.labels[p]}": {n}' for p in self.slots if (n := key >> OFFSET[p] & 15))
        self[key] = text
        return text


_PAIRS = {side: tuple(_Pairs(g, side is Side.WHITE) for g in _GROUPS) for side in Side}


def trim() -> None:
    """Keep the pair memos bounded: empty one past MEMO_MAX (checked once an answer, by `boards`)."""
    for groups in _PAIRS.values():
        for memo in groups:
            if len(memo) > MEMO_MAX:
                memo.clear()


class Context:
    """What every play of one position (one mover, one opponent board) shares: the mover's
    pair groups in shared order, and the opponent's XGID letters, pairs, bar and off count by
    the hit marks of a final (`opponent_side`, `board_template`, memoised)."""

    def __init__(self, side: Side, theirs: tuple[int, ...]) -> None:
        self.side = side
        self.theirs = theirs
        self.white = side is Side.WHITE
        self.order: Literal["big", "little"] = "big" if self.white else "little"  # the mover's slots in XGID order
        self.table = _TABLE[side]
        groups = tuple(zip(_PAIRS[side], _MASKS, strict=True))
        self.groups = groups if self.white else groups[::-1]
        self._opponent: dict[int, tuple[int, str, int]] = {}
        self._boards: dict[int, str] = {}

    def opponent_side(self, marks: int) -> tuple[int, str, int]:
        """The opponent's (XGID letters as a number, pairs, bar) after the blots `marks` marks
        (bits of the mover's points) were hit."""
        found = self._opponent.get(marks)
        if found is not None:
            return found
        t = list(self.theirs)
        for p in range(1, 25):
            if marks >> p & 1:
                t[25 - p] -= 1
                t[BAR] += 1
        # the XGID character of the opponent's own point q: White mover, character 25 - q; Black mover, q
        chars = [0] * 26
        for q in range(1, 25):
            chars[25 - q if self.white else q] = t[q] << 4
        chars[0 if self.white else 25] = t[BAR] << 4
        # the shared point of the opponent's own point q: Black's (mover White) is 25 - q, White's q
        labels = sorted((25 - q if self.white else q, t[q]) for q in range(1, 25) if t[q])
        found = self._opponent[marks] = (int.from_bytes(bytes(chars), "big"),
                                         ", ".join(f'"{b}": {n}' for b, n in labels), t[BAR])
        return found

    def board_template(self, marks: int) -> str:
        """`Position.to_json_text()` of a final with hit marks `marks`, as a `%` template of the
        mover's pairs, bar and off (`%s`, `%d`, `%d`)."""
        found = self._boards.get(marks)
        if found is not None:
            return found
        _, pairs, bar = self.opponent_side(marks)
        off = self.theirs[OFF]
        if self.white:
            found = ('{"white": {%s}, "black": {' + pairs + '}, "white_bar": %d, "black_bar": ' + str(bar) +
                     ', "white_off": %d, "black_off": ' + str(off) + "}")
        else:
            found = ('{"white": {' + pairs + '}, "black": {%s}, "white_bar": ' + str(bar) + ', "black_bar": %d, '
                     '"white_off": ' + str(off) + ', "black_off": %d}')
        self._boards[marks] = found
        return found

    def pairs(self, y: int) -> str:
        """The mover's `"b": n, …` pairs of final `y`, in shared order."""
        (a, ma), (b, mb), (c, mc), (d, md) = self.groups
        return (a[y & ma] + b[y & mb] + c[y & mc] + d[y & md])[2:]

    def xgid(self, y: int) -> str:
        """The XGID board field (26 characters) of final `y`."""
        spread = (y & KEEP).to_bytes(13, "little").hex().encode().translate(HEXVAL)
        letters = self.opponent_side(y >> HIT_SHIFT)[0]
        return (int.from_bytes(spread, self.order) | letters).to_bytes(26, "big").translate(self.table).decode()

    def xgids(self, finals: Sequence[int], before: str = "", after: str = "") -> list[str]:
        """`before + self.xgid(y) + after` for each final, in one loop."""
        order, table, opponent, from_bytes = self.order, self.table, self.opponent_side, int.from_bytes
        return [before + (from_bytes((y & KEEP).to_bytes(13, "little").hex().encode().translate(HEXVAL), order) |
                          opponent(y >> HIT_SHIFT)[0]).to_bytes(26, "big").translate(table).decode() + after
                for y in finals]

    def boards(self, finals: Sequence[int]) -> list[str]:
        """`Position.to_json_text()` for each final, in one loop (the pair memos trimmed first:
        an answer's one call; the default fields and the C path use none of them)."""
        trim()
        (a, ma), (b, mb), (c, mc), (d, md) = self.groups
        template = self.board_template
        return [template(y >> HIT_SHIFT) % ((a[y & ma] + b[y & mb] + c[y & mc] + d[y & md])[2:],
                                            y >> BAR_AT & 15, y >> OFF_AT & 15) for y in finals]


BAR_AT, OFF_AT = OFFSET[BAR], OFFSET[OFF]
_LAST: list[Context | None] = [None]


def context(side: Side, theirs: tuple[int, ...]) -> Context:
    """The last position's context, or a new one (a batch asks for a position's rolls in turn)."""
    last = _LAST[0]
    if last is not None and last.side is side and (last.theirs is theirs or last.theirs == theirs):
        return last
    ctx = _LAST[0] = Context(side, theirs)
    return ctx


def plain_finals(plays: Sequence[Play]) -> tuple[list[int], Context] | None:
    """The plays' finals and their position's context if every play is the plain walk's for one
    position and still carries its final (none has made its position yet); else None."""
    found = plainwalk.finals_of(plays)
    if found is None:
        return None
    finals, recipe = found
    known = _RECIPE[0]  # one read: another thread may replace it, never change it
    if known is None or known[0] is not recipe:  # a position's rolls share one recipe
        if recipe.geometry is not Geometry.OPPOSITE or sum(recipe.theirs) != ID_COUNT:
            return None  # no XGID for these boards: the plays' positions write them (`playtext`)
        known = _RECIPE[0] = (recipe, context(recipe.side, recipe.theirs))
    return finals, known[1]


_RECIPE: list[tuple[plainwalk.Recipe, Context] | None] = [None]  # the last recipe seen and its context


def xgid_board_of(position: Position) -> str:
    """`xgid.xgid_board`, imported here lazily (for the doctest)."""
    from ..xgid import xgid_board

    return xgid_board(position)
