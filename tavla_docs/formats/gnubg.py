"""GNU Backgammon's Position ID and Match ID: parse and format, one pair each.

Facts from formats.md §2.1–2.2 (gnubg `positionid.c`, `matchid.c`). gnubg's player 1
(X, bottom) is White and player 0 (O, top) is Black. The Position ID encodes the side
*not* on roll first: the manual says otherwise, the code and every real ID agree with this.

>>> from tavla_docs.variants import TAVLA
>>> start = parse_position_id("4HPwATDgc/ABMA")
>>> start == TAVLA.starting_position(), format_position_id(start, Side.WHITE)
(True, '4HPwATDgc/ABMA')
>>> m = parse_match_id("QYkqASAAIAAA")            # the manual's example (doc/id.texi)
>>> m.length, m.score_black, m.score_white, m.cube, m.cube_owner, m.dice
(9, 2, 4, 2, <Side.BLACK: 'black'>, (5, 2))
>>> format_match_id(m)
'QYkqASAAIAAA'
"""
from __future__ import annotations

from ..engine.board import BAR, OFF, Position, PositionError, Side
from .errors import ID_COUNT, FormatError, reject_deadlock, require_encodable
from .match import MatchState

# ---- bits -----------------------------------------------------------------

def _pack(bits: list[int], nbytes: int) -> bytes:
    out = bytearray(nbytes)
    for i, b in enumerate(bits):
        if b:
            out[i // 8] |= 1 << (i % 8)
    return bytes(out)


def _unpack(data: bytes) -> list[int]:
    return [(data[i // 8] >> (i % 8)) & 1 for i in range(len(data) * 8)]


def _b64decode(text: str, nbytes: int, what: str) -> bytes:
    import base64  # here and below: reading an XGID needs no Base64 (start-up)

    want = (nbytes * 8 + 5) // 6
    if len(text) != want:
        raise FormatError(f"a {what} has {want} characters, not {len(text)}")
    try:
        data = base64.b64decode(text + "=" * (-len(text) % 4), validate=True)[:nbytes]
    except ValueError:
        data = b""
    if len(data) != nbytes:  # a character outside the alphabet, or padding ('=') inside the ID
        raise FormatError(f"{text[:40]!r} is not a {what}: it has characters outside A–Z a–z 0–9 + /")
    return data


# ---- Position ID -------------------------------------------------------------

def parse_position_id(pid: str, on_roll: Side = Side.WHITE) -> Position:
    """Decode a Position ID; the player on roll is given separately (Match ID or the caller)."""
    bits = _unpack(_b64decode(pid.strip(), 10, "GNU Backgammon Position ID"))
    groups: list[list[int]] = [[0] * 26, [0] * 26]
    g, slot = 0, 1
    for b in bits:
        if g == 2:
            if b:
                raise FormatError("Position ID has more than 30 checkers' worth of bits")
            continue
        if b:
            groups[g][slot] += 1
        else:
            slot = slot + 1 if slot < 24 else (BAR if slot == 24 else 26)
            if slot == 26:
                g, slot = g + 1, 1
    for arr, side in ((groups[0], on_roll.opponent), (groups[1], on_roll)):
        n = sum(arr)
        if n > ID_COUNT:
            raise FormatError(f"Position ID gives {side.value} {n} checkers; a side has at most {ID_COUNT}")
        arr[OFF] = ID_COUNT - n
    try:
        position = Position.from_own(on_roll, tuple(groups[1]), tuple(groups[0]))
    except PositionError as e:
        raise FormatError(f"Position ID decodes to an impossible position: {e}") from None
    reject_deadlock(position, "Position ID")
    return position


def format_position_id(position: Position, on_roll: Side) -> str:
    """The 14-character Position ID with `on_roll` to play."""
    require_encodable(position)
    bits: list[int] = []
    for side in (on_roll.opponent, on_roll):
        arr = position.own(side)
        for p in list(range(1, 25)) + [BAR]:
            bits += [1] * arr[p] + [0]
    import base64

    return base64.b64encode(_pack(bits, 10)).decode().rstrip("=")


# ---- Match ID ------------------------------------------------------------------

def _field(bits: list[int], start: int, width: int) -> int:
    return sum(bits[start + i] << i for i in range(width))


def _put(bits: list[int], start: int, width: int, value: int) -> None:
    for i in range(width):
        bits[start + i] = (value >> i) & 1


def _player(side: Side) -> int:
    return 1 if side is Side.WHITE else 0


def _side(player: int) -> Side:
    return Side.WHITE if player == 1 else Side.BLACK


def parse_match_id(mid: str) -> MatchState:
    """Decode a Match ID, with the checks of gnubg's `MatchFromKey()` (dice, owner, score, Crawford)."""
    bits = _unpack(_b64decode(mid.strip(), 9, "GNU Backgammon Match ID"))
    log_cube = _field(bits, 0, 4)
    owner = _field(bits, 4, 2)
    d1, d2 = _field(bits, 15, 3), _field(bits, 18, 3)
    length = _field(bits, 21, 15)
    s0, s1 = _field(bits, 36, 15), _field(bits, 51, 15)
    if d1 > 6 or d2 > 6 or (d1 == 0) != (d2 == 0):
        raise FormatError(f"Match ID gives dice {d1} and {d2}; a die shows 1–6 (0 and 0 = not rolled)")
    if owner == 2:
        raise FormatError("Match ID gives cube owner 2; it is 0, 1 or 3 (centred)")
    if length and (s0 >= length or s1 >= length):
        raise FormatError(f"Match ID score {s1}–{s0} reaches the match length {length}")
    if not length and bits[7]:
        raise FormatError("Match ID marks a Crawford game in a money game")
    if _field(bits, 8, 3) > 4:
        raise FormatError(f"Match ID game state {_field(bits, 8, 3)} does not exist; it is 0–4 "
                          "(none, playing, over, resigned, dropped cube)")
    return MatchState(
        turn=_side(bits[6]), cube=1 << log_cube, cube_owner=None if owner == 3 else _side(owner),
        dice=(max(d1, d2), min(d1, d2)) if d1 else None, crawford=bool(bits[7]), length=length,
        score_white=s1, score_black=s0, doubled=bool(bits[12]), resigned=_field(bits, 13, 2),
        jacoby=not bits[66] if length == 0 else False, ext_bit=bits[66],
    )


def format_match_id(m: MatchState) -> str:
    """The 12-character Match ID (a game being played; bit 66 as read, or `!jacoby` in money play)."""
    bits = [0] * 72
    _put(bits, 0, 4, m.cube.bit_length() - 1)
    _put(bits, 4, 2, 3 if m.cube_owner is None else _player(m.cube_owner))
    bits[6] = _player(m.turn)
    bits[7] = int(m.crawford)
    _put(bits, 8, 3, 1)
    bits[11] = _player(m.acting)
    bits[12] = int(m.doubled)
    _put(bits, 13, 2, m.resigned)
    if m.dice:
        _put(bits, 15, 3, m.dice[0])
        _put(bits, 18, 3, m.dice[1])
    _put(bits, 21, 15, m.length)
    _put(bits, 36, 15, m.score_black)
    _put(bits, 51, 15, m.score_white)
    bits[66] = int(not m.jacoby) if m.length == 0 else m.ext_bit
    import base64

    return base64.b64encode(_pack(bits, 9)).decode()
