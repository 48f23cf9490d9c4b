"""eXtreme Gammon's XGID: parse and format.

Field by field in formats.md §2.3 (the parse follows gnubg `set.c` `SetXGID()`). White is
the bottom player: upper case letters are White's checkers, lower case Black's, and board
character i is White's point i (Black's point 25 - i).

>>> from tavla_docs.variants import TAVLA
>>> start = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
>>> pos, match = parse_xgid(start)
>>> pos == TAVLA.starting_position(), match.turn, match.length
(True, <Side.WHITE: 'white'>, 0)
>>> format_xgid(pos, Side.WHITE) == start
True
>>> ex3 = "XGID=-D-CA------------------a--:1:1:1:00:4:2:0:5:10"   # formats.md example 3
>>> pos, match = parse_xgid(ex3)
>>> match.cube, match.cube_owner, (match.score_white, match.score_black, match.length)
(2, <Side.WHITE: 'white'>, (4, 2, 5))
>>> format_xgid(pos, Side.WHITE, match) == ex3
True
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..engine.board import BAR, OFF, Position, PositionError, Side
from .errors import ID_COUNT, FormatError, reject_deadlock, require_encodable
from .match import MatchState


def parse_xgid(text: str) -> tuple[Position, MatchState]:
    """Parse an XGID (the `XGID=` prefix is optional) into the position and its match state."""
    t = text.strip()
    if t.upper().startswith("XGID="):
        t = t[5:]
    fields = t.split(":")
    if len(fields) < 5:
        raise FormatError(f"an XGID has 10 fields separated by ':', this has {len(fields)}")
    pos = fields[0]
    if len(pos) != 26:
        raise FormatError(f"the XGID board field has 26 characters, not {len(pos)}")
    w, b = [0] * 26, [0] * 26
    for i, ch in enumerate(pos):
        if ch == "-":
            continue
        if "A" <= ch <= "P":
            n, arr, p = ord(ch) - 64, w, (BAR if i == 25 else i)
            if i == 0:
                raise FormatError("XGID character 0 is the top player's bar; it takes a–p, not upper case")
        elif "a" <= ch <= "p":
            n, arr, p = ord(ch) - 96, b, (BAR if i == 0 else 25 - i)
            if i == 25:
                raise FormatError("XGID character 25 is the bottom player's bar; it takes A–P, not lower case")
        else:
            raise FormatError(f"XGID board character {i} is {ch!r}; use '-', A–P or a–p")
        arr[p] += n
    for arr, side in ((w, Side.WHITE), (b, Side.BLACK)):
        n = sum(arr)
        if n > ID_COUNT:
            raise FormatError(f"XGID gives {side.value} {n} checkers; a side has at most {ID_COUNT}")
        arr[OFF] = ID_COUNT - n
    try:
        position = Position(tuple(w), tuple(b))
    except PositionError as e:
        raise FormatError(f"XGID decodes to an impossible position: {e}") from None
    reject_deadlock(position, "XGID")

    def num(i: int, default: int = 0) -> int:
        if i >= len(fields) or fields[i] == "":
            return default
        # int() also reads '１２', ' 1', '+1' and '1_0'; the format writes ASCII digits only, as rolls do
        if not (fields[i].isascii() and fields[i].lstrip("-").isdigit() and fields[i].count("-") <= 1):
            shown = fields[i] if len(fields[i]) <= 20 else fields[i][:19] + "…"
            raise FormatError(f"XGID field {i + 1} should be a number written with the digits 0–9, not {shown!r}")
        return int(fields[i])

    for i in (1, 2, 3, 5, 6, 7, 8, 9):  # every number field, the max-cube one (10) too, though unused
        num(i)
    # formats.md 2.3: cube = log2 of the value (a Match ID holds 0–15), cubepos 1/0/-1, turn 1/-1.
    if not 0 <= num(1) <= 15:
        raise FormatError(f"XGID cube field {fields[1]!r}: log2 of the cube value, 0–15")
    if num(2) not in (-1, 0, 1):
        raise FormatError(f"XGID cube owner field {fields[2]!r}: 1 (bottom), -1 (top) or 0 (centred)")
    if num(3, 1) not in (-1, 1):
        raise FormatError(f"XGID turn field {fields[3]!r}: 1 (bottom on roll) or -1 (top)")
    if num(8) < 0 or num(5) < 0 or num(6) < 0:
        raise FormatError("XGID score and match length fields cannot be negative")
    if num(8) and (num(5) >= num(8) or num(6) >= num(8)):
        raise FormatError(f"XGID score {num(5)}–{num(6)} reaches the match length {num(8)}")
    turn = Side.WHITE if num(3, 1) == 1 else Side.BLACK
    dice_f = fields[4] if len(fields) > 4 else "00"
    dice = None
    doubled = False
    if dice_f.upper() == "D":
        doubled = True
    elif dice_f not in ("00", "0"):
        if len(dice_f) != 2 or not dice_f.isdigit() or not all("1" <= c <= "6" for c in dice_f):
            raise FormatError(f"XGID dice field {dice_f!r}: two dice 1–6, 00 or D")
        dice = (max(int(dice_f[0]), int(dice_f[1])), min(int(dice_f[0]), int(dice_f[1])))
    owner_n = num(2)
    length = num(8)
    match = MatchState(
        turn=turn, cube=1 << num(1), cube_owner=None if owner_n == 0 else (Side.WHITE if owner_n == 1 else Side.BLACK),
        dice=dice, crawford=bool(num(7)) if length else False, length=length,
        score_white=num(5), score_black=num(6), doubled=doubled, jacoby=bool(num(7) & 1) if not length else False,
    )
    return position, match


def format_xgid(position: Position, turn: Side, match: MatchState | None = None) -> str:
    """The XGID with White as the bottom player; `match` adds cube, dice and score
    (default: money play, cube centred, `turn` to roll)."""
    require_encodable(position)
    return "XGID=" + xgid_board(position) + xgid_fields(turn, match)


def xgid_board(position: Position) -> str:
    """The 26-character board field of an encodable position (see `require_encodable`).

    Character i is White's point i (25: White's bar) or Black's point 25 - i (0: Black's
    bar), so White's counts map straight onto it and Black's reversed; a point never holds
    both colours, so the two sides' letters combine by OR. Built in C (bytes, int) rather
    than point by point: `plays --jsonl` writes one XGID per play.

    >>> from tavla_docs.variants import TAVLA
    >>> xgid_board(TAVLA.starting_position())
    '-b----E-C---eE---c-e----B-'
    """
    return (_white_bits(position.white) | _black_bits(position.black)).to_bytes(26, "big").translate(_EMPTY).decode()


# One side's letters as a 26-byte big-endian number (0 bytes where it has no checker).
# Memoised by value, like Position.to_json_text's sides: most plays leave one side as it was.
@lru_cache(maxsize=8192)
def _white_bits(counts: tuple[int, ...]) -> int:
    return int.from_bytes(bytes(counts).translate(_WHITE_LETTERS), "big") & _NOT_FIRST


@lru_cache(maxsize=8192)
def _black_bits(counts: tuple[int, ...]) -> int:
    return int.from_bytes(bytes(reversed(counts)).translate(_BLACK_LETTERS), "big") & _NOT_LAST


def xgid_boards(positions: Sequence[Position]) -> list[str]:
    """`[xgid_board(p) for p in positions]` in one loop (the plays of one `plays --jsonl` answer)."""
    white, black, empty = _white_bits, _black_bits, _EMPTY
    return [(white(p.white) | black(p.black)).to_bytes(26, "big").translate(empty).decode() for p in positions]


def xgid_fields(turn: Side, match: MatchState | None = None) -> str:
    """Everything after the board field (`:cube:owner:turn:dice:score…:10`), the same for
    every play of one listing, so it is built once."""
    m = match or MatchState(turn=turn)
    owner = 0 if m.cube_owner is None else (1 if m.cube_owner is Side.WHITE else -1)
    dice = "D" if m.doubled else (f"{m.dice[0]}{m.dice[1]}" if m.dice else "00")
    rules = int(m.crawford) if m.length else int(m.jacoby)
    return (f":{m.cube.bit_length() - 1}:{owner}:{1 if turn is Side.WHITE else -1}:"
            f"{dice}:{m.score_white}:{m.score_black}:{rules}:{m.length}:10")


# A count n (1-15) as its letter, 0 as byte 0 (no checker: '-' once both sides are combined).
# The off counts are not written: White's is slot 0 (the first byte), Black's slot 0 is the
# last byte once reversed; the masks clear them.
_NOT_FIRST = (1 << 200) - 1
_NOT_LAST = ((1 << 208) - 1) ^ 0xFF
_WHITE_LETTERS = bytes([0] + [64 + n for n in range(1, 16)] + [0] * 240)
_BLACK_LETTERS = bytes([0] + [96 + n for n in range(1, 16)] + [0] * 240)
_EMPTY = bytes.maketrans(b"\0", b"-")
