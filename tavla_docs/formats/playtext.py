"""Each play of a `plays --json`/`--jsonl` answer as its JSON object text, built fast.

`plays --jsonl` writes one object a play (a quarter of a million for ten thousand
requests), so this is where the output's time goes. The text is byte for byte what
`json.dumps({"notation": …, "xgid": …, "board": position.to_json()}, ensure_ascii=False)`
writes (tests/formats/test_play_text.py holds it to the old point-by-point code):

- the notation comes from `notation.spell_all` (memoised spellings);
- each side's counts tuple gives two things once, kept in a bounded memo: its XGID
  letters as a 26-byte number (White in the low nibbles, Black in the high ones; a point
  never holds both, so they combine by OR and one `translate` spells the board field)
  and its `"b": n, …` board pairs. A play leaves the opponent's side as it was and the
  mover's recurs across the rolls of a batch, so about half the look-ups hit;
- a play's object is one `str.join` of those pieces, not a dict encoded by `json`.

A board with Tapa pins (rare) takes `Position.to_json_text()` and has no XGID; Uzun
tavla's and Gülbara's boards (same direction) have none either.

>>> from tavla_docs.engine.board import Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.engine.movegen import legal_plays
>>> from tavla_docs.variants import TAVLA
>>> plays = legal_plays(TAVLA.starting_position(), Side.WHITE, Roll(6, 5), TAVLA)
>>> play_texts(plays, ("notation", "xgid"), ":0:0:-1:00:0:0:0:0:10")[0]
'{"notation": "24/13", "xgid": "XGID=-b----E-C---eF---c-e----A-:0:0:-1:00:0:0:0:0:10"}'
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import getitem, itemgetter

from ..engine.board import BAR, CHECKERS, OFF, Geometry
from ..engine.notation import spell_all
from ..engine.play import Play

FIELDS = ("notation", "xgid", "board")  # a play's fields, in the default order

# A side's memo entry: (its XGID letters as a number, its `"b": n, …` board pairs).
_Side = tuple[int, str]

#: Entries each side's memo keeps before it is emptied (a few MB at most).
MEMO_MAX = 1 << 15

# _PAIRS[b - 1][n]: `, "b": n` for shared point b holding n checkers ('' for none); a
# side's pairs are the join of its 24 with the first ", " cut.
_PAIRS = tuple(("",) + tuple(f', "{b}": {n}' for n in range(1, CHECKERS + 1)) for b in range(1, 25))
# Black's own points in shared order (b = 1..24), by geometry: opposite, own p is B(25 - p);
# same direction, own 13 is B1.
_BLACK_ORDER = {Geometry.OPPOSITE: itemgetter(*range(24, 0, -1)),
                Geometry.SAME: itemgetter(*range(13, 25), *range(1, 13))}
# The XGID board field's character for a byte w | b << 4 (w White's count, b Black's).
_LETTERS = bytes.maketrans(bytes(range(256)), b"-" + bytes(range(65, 80)) + b"".join(
    bytes([96 + high]) + b"-" * 15 for high in range(1, 16)))
_NOT_WHITE_OFF = (1 << 200) - 1  # clears byte 0 of White's 26 (its borne-off count)
_COUNT = tuple(str(n) for n in range(CHECKERS + 1))

_WHITE: dict[tuple[int, ...], _Side] = {}
_BLACK: dict[Geometry, dict[tuple[int, ...], _Side]] = {g: {} for g in Geometry}


def _white_side(counts: tuple[int, ...]) -> _Side:
    """White's entry: its counts are the XGID characters 0..25 as they stand (0, its borne
    off, is cleared: character 0 is Black's bar)."""
    entry = (int.from_bytes(bytes(counts), "big") & _NOT_WHITE_OFF,
             "".join(map(getitem, _PAIRS, counts[1:25]))[2:])
    _WHITE[counts] = entry
    return entry


def _black_side(memo: dict[tuple[int, ...], _Side], order: Callable[[tuple[int, ...]], tuple[int, ...]],
                counts: tuple[int, ...]) -> _Side:
    """Black's entry: XGID character i is its own point 25 - i, so its counts read backwards
    (little-endian; byte 0, its borne off, shifted out), in the high nibbles."""
    entry = ((int.from_bytes(bytes(counts), "little") >> 8) << 12, "".join(map(getitem, _PAIRS, order(counts)))[2:])
    memo[counts] = entry
    return entry


def _trim() -> None:
    """Keep the memos bounded: empty one that has grown past MEMO_MAX (checked per answer)."""
    for memo in (_WHITE, *_BLACK.values()):
        if len(memo) > MEMO_MAX:
            memo.clear()


def play_texts(plays: Sequence[Play], fields: tuple[str, ...], xgid_tail: str) -> list[str]:
    """Each play's JSON object with `fields` in that order. `xgid_tail` is every XGID field
    after the board (`:cube:owner:turn:dice:…:10`, the same for every play of an answer)."""
    if not plays:
        return []
    _trim()
    if fields == FIELDS and plays[0].position.geometry is Geometry.OPPOSITE and \
            not any(p.position.pinned for p in plays):
        return _default_text(plays, xgid_tail)
    return _columns_text(plays, fields, xgid_tail)


def _default_text(plays: Sequence[Play], xgid_tail: str) -> list[str]:
    """The default fields of pin-free opposite-direction plays, one join a play."""
    white, black = _WHITE, _BLACK[Geometry.OPPOSITE]
    white_get, black_get, order = white.get, black.get, _BLACK_ORDER[Geometry.OPPOSITE]
    letters, count = _LETTERS, _COUNT
    tail = xgid_tail + '", "board": {"white": {'
    out = []
    for text, play in zip(spell_all([p.moves for p in plays]), plays, strict=True):
        pos = play.position
        w, b = pos.white, pos.black
        ws = white_get(w) or _white_side(w)
        bs = black_get(b) or _black_side(black, order, b)
        out.append("".join(('{"notation": "', text, '", "xgid": "XGID=',
                            (ws[0] | bs[0]).to_bytes(26, "big").translate(letters).decode(), tail,
                            ws[1], '}, "black": {', bs[1], '}, "white_bar": ', count[w[BAR]], ', "black_bar": ',
                            count[b[BAR]], ', "white_off": ', count[w[OFF]], ', "black_off": ', count[b[OFF]], "}}")))
    return out


def _columns_text(plays: Sequence[Play], fields: tuple[str, ...], xgid_tail: str) -> list[str]:
    """Any fields in any order: each field's JSON text for every play, then one `%` a play."""
    columns = []
    for f in fields:
        if f == "notation":
            columns.append(['"' + t + '"' for t in spell_all([p.moves for p in plays])])
        elif f == "xgid":
            columns.append(_xgid_column(plays, xgid_tail))
        elif f == "board":
            columns.append(_board_column(plays))
        else:
            raise ValueError(f"unknown field {f!r}; the fields are {', '.join(FIELDS)}")
    template = "{" + ", ".join(f'"{f}": %s' for f in fields) + "}"
    return list(map(template.__mod__, zip(*columns, strict=True)))


def _xgid_column(plays: Sequence[Play], xgid_tail: str) -> list[str]:
    """`"XGID=…"` a play; `null` where there is none (same direction; a board with Tapa pins)."""
    if plays[0].position.geometry is not Geometry.OPPOSITE:
        return ["null"] * len(plays)
    white, black = _WHITE, _BLACK[Geometry.OPPOSITE]
    white_get, black_get, order, letters = white.get, black.get, _BLACK_ORDER[Geometry.OPPOSITE], _LETTERS
    tail = xgid_tail + '"'
    out = []
    for play in plays:
        pos = play.position
        if pos.pinned:
            out.append("null")
            continue
        ws = white_get(pos.white) or _white_side(pos.white)
        bs = black_get(pos.black) or _black_side(black, order, pos.black)
        out.append('"XGID=' + (ws[0] | bs[0]).to_bytes(26, "big").translate(letters).decode() + tail)
    return out


def _board_column(plays: Sequence[Play]) -> list[str]:
    """`Position.to_json_text()` a play, from the memoised sides (a pinned board: its own)."""
    geometry = plays[0].position.geometry
    white, black = _WHITE, _BLACK[geometry]
    white_get, black_get, order, count = white.get, black.get, _BLACK_ORDER[geometry], _COUNT
    out = []
    for play in plays:
        pos = play.position
        if pos.pinned:
            out.append(pos.to_json_text())
            continue
        w, b = pos.white, pos.black
        ws = white_get(w) or _white_side(w)
        bs = black_get(b) or _black_side(black, order, b)
        out.append("".join(('{"white": {', ws[1], '}, "black": {', bs[1], '}, "white_bar": ', count[w[BAR]],
                            ', "black_bar": ', count[b[BAR]], ', "white_off": ', count[w[OFF]],
                            ', "black_off": ', count[b[OFF]], "}")))
    return out
