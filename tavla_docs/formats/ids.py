"""Position formats players share: GNU Backgammon Position ID / Match ID and XGID.

Facts from `../shared/formats.md`. gnubg's player 1 (X, bottom) is White and
player 0 (O, top) is Black; the Position ID encodes the side *not* on roll first
(the manual says otherwise; the code, and every real ID, agree with this).

>>> pos = position_from_gnubg("4HPwATDgc/ABMA")
>>> pos == TAVLA.starting_position(), gnubg_position_id(pos, Side.WHITE)
(True, '4HPwATDgc/ABMA')
>>> xgid_of(pos, Side.WHITE)
'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
"""
from __future__ import annotations

import base64
from dataclasses import dataclass, replace

from ..engine.board import BAR, CHECKERS, OFF, Geometry, Position, PositionError, Side
from ..errors import TavlaError
from ..variants import TAVLA


class FormatError(TavlaError):
    """A Position ID, Match ID or XGID that does not decode to a real position."""


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
    want = (nbytes * 8 + 5) // 6
    if len(text) != want:
        raise FormatError(f"a {what} has {want} characters, not {len(text)}")
    try:
        return base64.b64decode(text + "=" * (-len(text) % 4), validate=True)[:nbytes]
    except ValueError:
        raise FormatError(f"{text!r} is not a {what}: it has characters outside A–Z a–z 0–9 + /") from None


# ---- Position ID -------------------------------------------------------------

def require_encodable(position: Position) -> None:
    """XGID and Position IDs describe opposite-direction boards without pins (Tavla, Backgammon).

    Uzun tavla / Gülbara boards (same direction) and Tapa pins have no ID; say so plainly.
    """
    if position.geometry is not Geometry.OPPOSITE:
        raise FormatError("XGID and GNU Backgammon IDs only describe opposite-direction boards; "
                          "a same-direction (Uzun tavla, Gülbara) position has no ID: write it as YAML")
    if position.pinned:
        raise FormatError("XGID and GNU Backgammon IDs cannot show pinned checkers (Tapa); write the position "
                          "as YAML with pinned: {white: [...], black: [...]}")


def gnubg_position_id(position: Position, on_roll: Side) -> str:
    """The 14-character Position ID with `on_roll` to play."""
    require_encodable(position)
    bits: list[int] = []
    for side in (on_roll.opponent, on_roll):
        arr = position.own(side)
        for p in list(range(1, 25)) + [BAR]:
            bits += [1] * arr[p] + [0]
    return base64.b64encode(_pack(bits, 10)).decode().rstrip("=")


def position_from_gnubg(pid: str, on_roll: Side = Side.WHITE) -> Position:
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
        if n > CHECKERS:
            raise FormatError(f"Position ID gives {side.value} {n} checkers; a side has at most 15")
        arr[OFF] = CHECKERS - n
    try:
        position = Position.from_own(on_roll, tuple(groups[1]), tuple(groups[0]))
    except PositionError as e:
        raise FormatError(f"Position ID decodes to an impossible position: {e}") from None
    _reject_deadlock(position, "Position ID")
    return position


def _reject_deadlock(position: Position, what: str) -> None:
    """gnubg's CheckPosition(): both sides on the bar against both boards closed can never
    happen (the second hit needs a free point to hit from)."""
    w, b = position.white, position.black
    if w[BAR] and b[BAR] and all(w[p] >= 2 for p in range(1, 7)) and all(b[p] >= 2 for p in range(1, 7)):
        raise FormatError(f"{what} gives both sides checkers on the bar against closed home boards; "
                          "no game reaches that position")


# ---- Match ID ------------------------------------------------------------------

@dataclass(frozen=True)
class MatchState:
    """Cube, turn, dice and score (the parts of a Match ID / XGID beyond the checkers)."""

    turn: Side = Side.WHITE
    cube: int = 1
    cube_owner: Side | None = None
    dice: tuple[int, int] | None = None
    crawford: bool = False
    length: int = 0  # 0 = money game
    score_white: int = 0
    score_black: int = 0
    doubled: bool = False
    resigned: int = 0  # 0 none, 1 single, 2 gammon, 3 backgammon offered by `turn`
    jacoby: bool = False
    ext_bit: int = 1  # Match ID bit 66 as read (gnubg's `!fJacoby`; 0 in older IDs)

    @property
    def acting(self) -> Side:
        """Who must act now: the opponent while a double or resignation is pending."""
        return self.turn.opponent if (self.doubled or self.resigned) else self.turn


def _field(bits: list[int], start: int, width: int) -> int:
    return sum(bits[start + i] << i for i in range(width))


def _put(bits: list[int], start: int, width: int, value: int) -> None:
    for i in range(width):
        bits[start + i] = (value >> i) & 1


def _player(side: Side) -> int:
    return 1 if side is Side.WHITE else 0


def _side(player: int) -> Side:
    return Side.WHITE if player == 1 else Side.BLACK


def match_from_gnubg(mid: str) -> MatchState:
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
        score_white=s1, score_black=s0, doubled=bool(bits[12]), resigned=_field(bits, 13, 2), jacoby=not bits[66] if length == 0 else False, ext_bit=bits[66],
    )


def gnubg_match_id(m: MatchState) -> str:
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
    return base64.b64encode(_pack(bits, 9)).decode()


# ---- XGID --------------------------------------------------------------------

def xgid_of(position: Position, turn: Side, match: MatchState | None = None) -> str:
    """XGID with White as the bottom player."""
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


def from_xgid(text: str) -> tuple[Position, MatchState]:
    """Parse an XGID (the `XGID=` prefix is optional)."""
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
    _reject_deadlock(position, "XGID")

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


def parse_position_text(text: str, turn: Side | None = None) -> tuple[Position, Side, MatchState | None]:
    """Read an XGID, a Position ID or `PositionID:MatchID`; returns position, side on roll, match."""
    t = text.strip()
    if t.upper().startswith("XGID=") or t.count(":") >= 4:
        pos, m = from_xgid(t)
        return pos, turn or m.turn, m
    if ":" in t:
        pid, mid = t.split(":", 1)
        m = match_from_gnubg(mid)
        side = turn or m.turn
        return position_from_gnubg(pid, side), side, replace(m, turn=side)
    side = turn or Side.WHITE
    return position_from_gnubg(t, side), side, None


__all__ = [
    "FormatError", "MatchState", "from_xgid", "gnubg_match_id", "gnubg_position_id", "match_from_gnubg",
    "parse_position_text", "position_from_gnubg", "xgid_of", "TAVLA",
]
