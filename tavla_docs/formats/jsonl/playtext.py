"""Reference: `playjson.reference_json`: byte for byte
Contract: tests/formats/test_play_text.py
Gain: 1.47× the whole `plays --jsonl` process (default fields 6.63 → 4.52 s CPU; benchmarks-history.md, `jsonl`)

Each play of a `plays --json`/`--jsonl` answer as its JSON object text, built fast.

`plays --jsonl` writes one object a play (a quarter of a million for ten thousand
requests), so this is where the output's time goes. The text is byte for byte what
`json.dumps({"notation": …, "xgid": …, "board": position.to_json()}, ensure_ascii=False)`
writes (tests/formats/test_play_text.py holds it to the old point-by-point code):

- the notation comes from `plainnames.spell_plays` (memoised spellings by the moves' table
  codes; other moves by their ids, `notation.spell_all`);
- the plain walk's plays (Tavla, Backgammon) are read from their finals, without making
  their positions: the default fields (and the notation alone) by the optional compiled
  accelerator where it is built (`formats.jsonl.accel`, `_speedups.c`: the same bytes, about a
  sixth of the formatting time), else from memoised slot groups, one join and one translate an answer
  (`formats.jsonl.finaltext`); other field orders one `%` a play into columns
  (`formats.jsonl.plainfinals`);
- other plays (Tapa, Uzun, Gülbara, positions already made): each side's counts tuple
  gives two things once, kept in a bounded memo: its XGID letters as a 26-byte number
  (White in the low nibbles, Black in the high ones; a point never holds both, so they
  combine by OR and one `translate` spells the board field) and its `"b": n, …` board
  pairs. A play leaves the opponent's side as it was and the mover's recurs across the
  rolls of a batch, so about half the look-ups hit;
- a play's object is one `str.join` of those pieces, not a dict encoded by `json`.

A board with Tapa pins (rare) takes `Position.to_json_text()` and has no XGID; Uzun
tavla's and Gülbara's boards (same direction) have none either.

>>> from tavla_docs.engine.board import Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.engine.movegen import fast_plays
>>> from tavla_docs.variants import TAVLA
>>> plays = fast_plays(TAVLA.starting_position(), Side.WHITE, Roll(6, 5), TAVLA)
>>> play_texts(plays, ("notation", "xgid"), ":0:0:-1:00:0:0:0:0:10")[0]
'{"notation": "24/13", "xgid": "XGID=-b----E-C---eF---c-e----A-:0:0:-1:00:0:0:0:0:10"}'
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ...engine.board import BAR, OFF, Geometry, Side
from ...engine.play import Play
from ..errors import ID_COUNT
from ..playjson import FIELDS

if TYPE_CHECKING:
    from . import accel, finaltext, plainfinals
    from .plainfinals import Context


# A side's memo entry: (its XGID letters as a number, its `"b": n, …` board pairs).
_Side = tuple[int, str]

#: Entries each side's memo keeps before it is emptied (a few MB at most).
MEMO_MAX = 1 << 15


class _Quarter(dict[bytes, str]):
    """Six shared points' `, "b": n` pairs (each with its leading ", "), by that side's
    six counts as bytes. A side's pairs are its four quarters joined with the first ", "
    cut; quarters repeat far more than whole sides (a batch of 10,500 requests meets
    142,502 White sides but at most 10,162 distinct sets of White's points 1-6)."""

    def __init__(self, own: range, labels: tuple[int, ...]) -> None:
        super().__init__()
        self.at = slice(own.start, own.stop)  # the own points, a slice of the side's bytes
        self.labels = labels  # the shared point of each, in own order

    def __missing__(self, counts: bytes) -> str:
        text = "".join(f', "{b}": {n}' for b, n in sorted(zip(self.labels, counts, strict=True)) if n)
        self[counts] = text
        return text


def _quarters(geometry: Geometry, side: Side) -> tuple[_Quarter, ...]:
    """The four quarters of `side`'s board, in shared order (1-6 first)."""
    out = []
    for first in (1, 7, 13, 19):
        own = sorted(geometry.from_board(side, b) for b in range(first, first + 6))
        out.append(_Quarter(range(own[0], own[-1] + 1), tuple(geometry.to_board(side, p) for p in own)))
    return tuple(out)


class _SideMemo(dict[tuple[int, ...], _Side]):
    """One colour's entries by its counts tuple (one geometry); a miss builds the entry
    from the counts' bytes: XGID letters by `letters` (White's counts are the XGID
    characters 0..25 as they stand, Black's read backwards) and the pairs by quarters."""

    def __init__(self, geometry: Geometry, side: Side) -> None:
        super().__init__()
        self.white = side is Side.WHITE
        self.quarters = _quarters(geometry, side)

    def __missing__(self, counts: tuple[int, ...]) -> _Side:
        entry = self[counts] = self.entry(counts)
        return entry

    def entry(self, counts: tuple[int, ...]) -> _Side:
        """The entry of `counts`, made and not kept (the mover's side: seven in eight are new)."""
        raw = bytes(counts)
        if self.white:  # byte 0 (borne off) cleared: character 0 is Black's bar
            letters = int.from_bytes(raw, "big") & _NOT_WHITE_OFF
        else:  # character i is own point 25 - i; byte 0 (borne off) shifted out; high nibbles
            letters = (int.from_bytes(raw, "little") >> 8) << 12
        q1, q2, q3, q4 = self.quarters
        return letters, (q1[raw[q1.at]] + q2[raw[q2.at]] + q3[raw[q3.at]] + q4[raw[q4.at]])[2:]


# The XGID board field's character for a byte w | b << 4 (w White's count, b Black's).
_LETTERS = bytes.maketrans(bytes(range(256)), b"-" + bytes(range(65, 80)) + b"".join(
    bytes([96 + high]) + b"-" * 15 for high in range(1, 16)))
_NOT_WHITE_OFF = (1 << 200) - 1  # clears byte 0 of White's 26 (its borne-off count)
_COUNT = tuple(str(n) for n in range(ID_COUNT + 1))  # the counts of a board with an XGID

_MEMOS = {g: (_SideMemo(g, Side.WHITE), _SideMemo(g, Side.BLACK)) for g in Geometry}
_PARTS: dict[Geometry, tuple[dict[Any, Any], ...]] = {
    g: (white, black, *white.quarters, *black.quarters) for g, (white, black) in _MEMOS.items()}


def _sides(plays: Sequence[Play], geometry: Geometry) -> tuple[Callable[[tuple[int, ...]], _Side], ...]:
    """(White's, Black's) entry of a counts tuple for one answer's plays: the opponent's
    memoised (a play seldom changes it), the mover's made afresh (a batch of 10,500 requests
    met 240,791 mover sides, 208,747 of them distinct)."""
    _trim(geometry)
    white, black = _MEMOS[geometry]
    if plays[0].side is Side.WHITE:
        return white.entry, black.__getitem__
    return white.__getitem__, black.entry


def _trim(geometry: Geometry) -> None:
    """Keep the memos bounded: empty one that has grown past MEMO_MAX (checked per answer that
    uses them; the quarters too, which real boards keep far smaller)."""
    for part in _PARTS[geometry]:
        if len(part) > MEMO_MAX:
            part.clear()


def _names(plays: Sequence[Play]) -> list[str]:
    """Each play's notation (`plainnames.spell_plays`, imported here: the text listing needs
    none of it, start-up)."""
    from .plainnames import spell_plays

    return spell_plays([p.moves for p in plays])


_LOADED = [False]


def _load() -> None:
    """Import what an answer's text needs, once (not at start-up: the text listing needs none
    of it; and not per answer: a `from . import` in a function costs about a microsecond, a
    hundredth of an answer's formatting)."""
    global accel, finaltext, plainfinals
    from . import accel, finaltext, plainfinals

    _LOADED[0] = True


def plays_json(plays: Sequence[Play], fields: tuple[str, ...], xgid_tail: str) -> str:
    """`", ".join(play_texts(plays, fields, xgid_tail))`: the inside of an answer's `"plays"`
    array; the notation alone is one join for the whole answer (`--fields notation`), the
    plain walk's plays one `%` (`formats.jsonl.finaltext`)."""
    if not plays:
        return ""
    if not _LOADED[0]:
        _load()
    fast = accel.SPEEDUPS
    if fields == ("notation",):
        text = fast.notation_text(plays) if fast is not None else None
        return text if text is not None else '{"notation": "' + '"}, {"notation": "'.join(_names(plays)) + '"}'
    found = plainfinals.plain_finals(plays)
    if found is None:
        return ", ".join(_position_texts(plays, fields, xgid_tail))
    if fields == FIELDS:
        return _default_answer(plays, found[0], found[1], xgid_tail)
    return ", ".join(_final_texts(plays, found[0], found[1], fields, xgid_tail))


def _default_answer(plays: Sequence[Play], finals: list[int], ctx: Context, xgid_tail: str) -> str:
    """The default-field objects of the plain walk's plays joined by ", ": the compiled
    accelerator's text (`formats.jsonl.accel`) where it answers, else `finaltext.answer_text`'s
    (the same bytes)."""
    fast = accel.SPEEDUPS
    if fast is not None:
        text = fast.answer_text(plays, finals, ctx.white, ctx.theirs, xgid_tail)
        if text is not None:
            return text
    return finaltext.answer_text(finals, _names(plays), ctx, xgid_tail)


def play_texts(plays: Sequence[Play], fields: tuple[str, ...], xgid_tail: str) -> list[str]:
    """Each play's JSON object with `fields` in that order. `xgid_tail` is every XGID field
    after the board (`:cube:owner:turn:dice:…:10`, the same for every play of an answer)."""
    if not plays:
        return []
    if not _LOADED[0]:
        _load()
    found = plainfinals.plain_finals(plays)
    if found is None:
        return _position_texts(plays, fields, xgid_tail)
    if fields == FIELDS:
        first, *rest = _default_answer(plays, found[0], found[1], xgid_tail).split(finaltext.SEP)
        return [first, *[finaltext.OPEN + t for t in rest]]
    return _final_texts(plays, found[0], found[1], fields, xgid_tail)


def _position_texts(plays: Sequence[Play], fields: tuple[str, ...], xgid_tail: str) -> list[str]:
    """Each play's object from its `Position` (plays the plain walk did not make, or read)."""
    if fields == FIELDS and plays[0].position.geometry is Geometry.OPPOSITE and \
            plays[0].position.checkers == ID_COUNT and not any(p.position.pinned for p in plays):
        return _default_text(plays, xgid_tail)
    return _columns_text(plays, fields, xgid_tail)


def _default_text(plays: Sequence[Play], xgid_tail: str) -> list[str]:
    """The default fields of pin-free opposite-direction plays, one join a play."""
    white, black = _sides(plays, Geometry.OPPOSITE)
    letters, count = _LETTERS, _COUNT
    tail = xgid_tail + '", "board": {"white": {'
    out = []
    for text, play in zip(_names(plays), plays, strict=True):
        pos = play.position
        w, b = pos.white, pos.black
        ws, bs = white(w), black(b)
        out.append("".join(('{"notation": "', text, '", "xgid": "XGID=',
                            (ws[0] | bs[0]).to_bytes(26, "big").translate(letters).decode(), tail,
                            ws[1], '}, "black": {', bs[1], '}, "white_bar": ', count[w[BAR]], ', "black_bar": ',
                            count[b[BAR]], ', "white_off": ', count[w[OFF]], ', "black_off": ', count[b[OFF]], "}}")))
    return out


def _columns_text(plays: Sequence[Play], fields: tuple[str, ...], xgid_tail: str) -> list[str]:
    """Any fields in any order, from the plays' positions (`_columns`)."""
    return _columns(plays, fields, lambda: _xgid_column(plays, xgid_tail), lambda: _board_column(plays))


def _columns(plays: Sequence[Play], fields: tuple[str, ...], xgids: Callable[[], list[str]],
             boards: Callable[[], list[str]]) -> list[str]:
    """Each field's JSON text for every play (the XGIDs and boards by the caller's way of making
    them), then one `%` a play."""
    columns = []
    for f in fields:
        if f == "notation":
            columns.append(['"' + t + '"' for t in _names(plays)])
        elif f == "xgid":
            columns.append(xgids())
        elif f == "board":
            columns.append(boards())
        else:
            raise ValueError(f"unknown field {f!r}; the fields are {', '.join(FIELDS)}")
    template = "{" + ", ".join(f'"{f}": %s' for f in fields) + "}"
    return list(map(template.__mod__, zip(*columns, strict=True)))


def _xgid_column(plays: Sequence[Play], xgid_tail: str) -> list[str]:
    """`"XGID=…"` a play; `null` where there is none (same direction; a board with Tapa pins)."""
    if plays[0].position.geometry is not Geometry.OPPOSITE or plays[0].position.checkers != ID_COUNT:
        return ["null"] * len(plays)  # no XGID: the same direction, or not 15 checkers (Hypergammon)
    white, black = _sides(plays, Geometry.OPPOSITE)
    letters = _LETTERS
    tail = xgid_tail + '"'
    out = []
    for play in plays:
        pos = play.position
        if pos.pinned:
            out.append("null")
            continue
        out.append('"XGID=' + (white(pos.white)[0] | black(pos.black)[0]).to_bytes(26, "big").translate(letters).decode() + tail)
    return out


def _board_column(plays: Sequence[Play]) -> list[str]:
    """`Position.to_json_text()` a play, from the memoised sides (a pinned board: its own)."""
    white, black = _sides(plays, plays[0].position.geometry)
    count = _COUNT
    out = []
    for play in plays:
        pos = play.position
        if pos.pinned or pos.checkers > ID_COUNT:  # the memos' tables hold at most 15 on a point
            out.append(pos.to_json_text())
            continue
        w, b = pos.white, pos.black
        out.append("".join(('{"white": {', white(w)[1], '}, "black": {', black(b)[1], '}, "white_bar": ', count[w[BAR]],
                            ', "black_bar": ', count[b[BAR]], ', "white_off": ', count[w[OFF]],
                            ', "black_off": ', count[b[OFF]], "}")))
    return out


def _final_texts(plays: Sequence[Play], finals: list[int], ctx: Context, fields: tuple[str, ...],
                 xgid_tail: str) -> list[str]:
    """Other field orders of the plain walk's plays, from their finals (`formats.jsonl.plainfinals`)."""
    return _columns(plays, fields, lambda: ctx.xgids(finals, '"XGID=', xgid_tail + '"'), lambda: ctx.boards(finals))
