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

from ..engine.board import BAR, CHECKERS, OFF, Position, PositionError, Side
from .errors import FormatError, reject_deadlock, require_encodable
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
        if n > CHECKERS:
            raise FormatError(f"XGID gives {side.value} {n} checkers; a side has at most 15")
        arr[OFF] = CHECKERS - n
    try:
        position = Position(tuple(w), tuple(b))
    except PositionError as e:
        raise FormatError(f"XGID decodes to an impossible position: {e}") from None
    reject_deadlock(position, "XGID")

    def num(i: int, default: int = 0) -> int:
        if i >= len(fields) or fields[i] == "":
            return default
        try:
            return int(fields[i])
        except ValueError:
            raise FormatError(f"XGID field {i + 1} should be a number, not {fields[i]!r}") from None

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
    m = match or MatchState(turn=turn)
    chars = ["-"] * 26
    w, b = position.white, position.black
    chars[0] = "-" if not b[BAR] else chr(ord("a") + b[BAR] - 1)
    chars[25] = "-" if not w[BAR] else chr(ord("A") + w[BAR] - 1)
    for i in range(1, 25):
        if w[i]:
            chars[i] = chr(ord("A") + w[i] - 1)
        elif b[25 - i]:
            chars[i] = chr(ord("a") + b[25 - i] - 1)
    owner = 0 if m.cube_owner is None else (1 if m.cube_owner is Side.WHITE else -1)
    dice = "D" if m.doubled else (f"{m.dice[0]}{m.dice[1]}" if m.dice else "00")
    rules = int(m.crawford) if m.length else int(m.jacoby)
    return (f"XGID={''.join(chars)}:{m.cube.bit_length() - 1}:{owner}:{1 if turn is Side.WHITE else -1}:"
            f"{dice}:{m.score_white}:{m.score_black}:{rules}:{m.length}:10")
