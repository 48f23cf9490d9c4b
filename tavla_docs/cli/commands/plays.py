"""`tavla-docs plays POSITION [ROLL]`: every legal play, as text, JSON or JSON lines.

Without ROLL the dice come from the position (an XGID's or a Match ID's dice field).
Output XGIDs keep the input's cube, score and match length (the same game goes on).
"""
from __future__ import annotations

import argparse
import errno
import os
import stat
import sys
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any, NamedTuple, TextIO

from ...engine.board import Geometry, Position, Side
from ...engine.budget import PlayBudget, PlayBudgetExceeded, using
from ...engine.dice import Roll
from ...engine.movegen import legal_plays, max_dice, skips_roll
from ...engine.play import Play, TurnContext
from ...engine.rules import Ruleset
from ...errors import TavlaError
from ...formats.errors import ID_COUNT
from ...formats.match import MatchState
from ...formats.plays import FIELDS, plays_json
from ...formats.positions import read_position
from ...formats.xgid import xgid_board, xgid_fields
from ...variants import ruleset, variants
from ..budgetargs import add_budget_options, command_budget


def add_parser(sub: Any) -> None:
    p = sub.add_parser("plays", help="list every legal play for a position and roll",
                       description="List every distinct legal play. POSITION is an XGID, a GNU Backgammon "
                                   "Position ID (optionally ID:MatchID) or a YAML file with white:/black: points.")
    p.add_argument("position", nargs="?", help="XGID, Position ID[:MatchID], or a YAML file")
    p.add_argument("roll", nargs="?", help="the dice, e.g. 3-1 or 66 (default: the dice in the XGID or Match ID)")
    p.add_argument("--variant", default=None, help=f"rules to use ({', '.join(variants())}); default tavla")
    p.add_argument("--turn", choices=["white", "black"], help="side to play (default: from the ID, else white)")
    p.add_argument("--turn-number", type=int, default=None, metavar="N",
                   help="game turn number, 1 = the opening turn (Uzun tavla's first-turn head exception, "
                        "Gülbara's normal doubles in turns 1-3); default: a later turn")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--jsonl", action="store_true", help="batch mode: one JSON request per stdin line")
    p.add_argument("--fields", metavar="F,F", default=None,
                   help=f"with --json/--jsonl, each play's fields, in this order (default and all: {','.join(FIELDS)})")
    add_budget_options(p)
    p.set_defaults(run=run)


def load_position(text: str, turn: Side | None, rules: Ruleset) -> tuple[Position, Side]:
    pos, side, _ = load_position_and_match(text, turn, rules)
    return pos, side


def _file_kind(text: str) -> str | None:
    """"folder", "file" or None (no such path) for `text`, with one `stat` (a batch asks per
    request); errors as `Path.is_dir()` / `is_file()` treat them (a bad name is no file)."""
    try:
        mode = os.stat(text).st_mode
    except ValueError:
        return None
    except OSError as e:
        if e.errno in (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP):
            return None
        raise
    return "folder" if stat.S_ISDIR(mode) else "file" if stat.S_ISREG(mode) else None


def load_position_and_match(text: str, turn: Side | None, rules: Ruleset) -> tuple[Position, Side, MatchState | None]:
    """The position, the side to play and (XGID, Match ID) the match state: cube, score, dice."""
    kind = _file_kind(text)
    if kind == "folder":
        raise TavlaError(f"{text}: is a folder; give a position file, an XGID or a GNU Backgammon Position ID")
    if text.endswith((".yaml", ".yml")) or kind == "file":
        from pathlib import Path  # here: an ID needs neither (start-up)

        from ...formats.yamlmarks import YamlError, load_yaml, read_capped

        path = Path(text)
        try:  # the scenarios' hardened reader: size cap, no anchors or aliases, depth limit, one line
            data = load_yaml(read_capped(path, "position file"), "position files").value
        except UnicodeDecodeError:
            raise TavlaError(f"{text}: not UTF-8 text; save the position file as UTF-8") from None
        except YamlError as e:
            if "nest" in e.message:
                raise TavlaError(f"{text}: the position file is too deeply nested") from None
            raise TavlaError(f"{text}:{e.line}:{e.col}: {e.message}") from None
        if isinstance(data, dict) and "position" in data:
            if turn is None and isinstance(data.get("turn"), str):
                turn = Side.parse(data["turn"])
            data = data["position"]
        pos, side, match = read_position(data, turn=turn, geometry=rules.geometry, checkers=rules.checkers)
    else:
        pos, side, match = read_position(text, turn=turn, geometry=rules.geometry, checkers=rules.checkers)
    return pos, side or Side.WHITE, match


def turn_context(turn_number: int | None) -> TurnContext:
    """Game turn N; the mover's own turn is ceil(N / 2) (the starter plays the odd turns)."""
    if turn_number is None:
        return _NO_TURN_NUMBER
    if turn_number < 1:
        raise TavlaError(f"--turn-number counts from 1 (the opening turn), not {turn_number}")
    return TurnContext(game_turn=turn_number, player_turn=(turn_number + 1) // 2)


_NO_TURN_NUMBER = TurnContext()  # frozen: one for every request without a turn number


# rolls by their text, as read (a Roll is a value; a batch writes the 21 rolls the same way)
_parse_roll = lru_cache(maxsize=256)(Roll.parse)


class NoDice(TavlaError):
    """No ROLL given and none in the position (an XGID with dice 00, a YAML file)."""


def roll_of(roll_text: str | None, match: MatchState | None, position_text: str) -> Roll:
    """The roll given, else the dice the position carries (an XGID's or a Match ID's)."""
    if roll_text is not None:
        return _parse_roll(roll_text)
    if match is not None and match.dice:
        return Roll(*match.dice)
    if match is None:
        why = "the position gives no dice"
    elif match.doubled:
        why = "its dice field is D (a double offered): no dice are rolled"
    else:
        why = "its dice field is 00 (no dice rolled)"
    where = position_text if len(position_text) <= 80 else position_text[:80] + "…"
    raise NoDice(f"{where}: {why}; give the roll, like `tavla-docs plays POSITION 3-1`")


def result(position_text: str, roll_text: str | None, variant: str | None, turn: str | None,
           turn_number: int | None = None, budget: PlayBudget | None = None) -> Listing:
    """Everything the command prints (`Listing.as_dict()` as plain data); without `roll_text`
    the position's dice (else `NoDice`); past the play `budget` (default: the current one),
    `PlayBudgetExceeded`."""
    rules = ruleset(variant or "tavla")
    pos, side, match = load_position_and_match(position_text, Side.parse(turn) if turn else None, rules)
    if pos.pinned and rules.blot != "pin":
        raise TavlaError(f"{position_text}: the position has pinned checkers, but {rules.variant} has no pins "
                         "(use --variant tapa)")
    roll = roll_of(roll_text, match, position_text)
    ctx = turn_context(turn_number)
    skips = skips_roll(pos, side, rules)
    plays = () if skips else legal_plays(pos, side, roll, rules, ctx, budget=budget)
    extra: dict[str, Any] = {}
    unplayed = rules.abilities.unplayed
    if unplayed is not None:  # a progression's numbers left unplayed (Gülbara)
        extra = {"unplayable_remainder": "opponent" if rules.abilities.remainder_to_opponent else "forfeit"}
        leftovers = [list(unplayed(pos, p, roll, rules, ctx)) for p in plays]
        if any(leftovers):
            extra["unplayed"] = leftovers[0] if all(x == leftovers[0] for x in leftovers) else leftovers
    return Listing(rules.variant, side, roll, pos, tuple([p for p in plays if p.moves]), max_dice(plays), skips,
                   xgid_tail(side, match), extra)


def xgid_tail(side: Side, match: MatchState | None) -> str:
    """Every XGID field after the board for the positions after `side`'s play: the opponent
    to roll, no dice, the input's cube and score. Kept for the last (side, match) by identity
    (a batch asks for a position's rolls in turn, and the reading of the ID is memoised)."""
    last = _TAIL[0]  # one read: another thread may replace it, never change it
    if last is not None and last[0] is side and last[1] is match:
        return last[2]
    after = match._replace(turn=side.opponent, dice=None, doubled=False, resigned=0) if match else None
    tail = xgid_fields(side.opponent, after)
    _TAIL[0] = (side, match, tail)
    return tail


_TAIL: list[tuple[Side, MatchState | None, str] | None] = [None]


# ---- the listing and its fields ------------------------------------------------------------



class Listing(NamedTuple):
    """One answer: the legal plays that move (a turn with no move lists none) and the facts
    printed beside them. `xgid_tail` is every XGID field after the board, for the position
    after a play: the opponent to roll, the input's cube and score. (A NamedTuple, not a
    dataclass: a tenth of the cost to define, which every `plays` start-up pays.)"""

    variant: str
    side: Side
    roll: Roll
    position: Position
    plays: tuple[Play, ...]
    dice_used: int
    skips_roll: bool
    xgid_tail: str
    extra: dict[str, Any]  # e.g. Gülbara's unplayed numbers

    def xgid(self, play: Play) -> str | None:
        p = play.position
        if p.geometry is not Geometry.OPPOSITE or p.pinned or p.checkers != ID_COUNT:
            return None  # Uzun tavla, Gülbara, pinned Tapa and Hypergammon boards have no XGID
        return "XGID=" + xgid_board(p) + self.xgid_tail

    def as_dict(self, fields: tuple[str, ...] = FIELDS) -> dict[str, Any]:
        """The answer as plain data (what `--json` prints)."""
        get: dict[str, Callable[[Play], Any]] = {"notation": str, "xgid": self.xgid, "board": lambda p: p.position.to_json()}
        return {
            "variant": self.variant, "turn": self.side.value, "roll": [self.roll.high, self.roll.low],
            "dice_used": self.dice_used, "skips_roll": self.skips_roll,
            "pips": {"white": self.position.pips(Side.WHITE), "black": self.position.pips(Side.BLACK)},
            "plays": [{f: get[f](p) for f in fields} for p in self.plays],
            **self.extra,
        }

    def as_json(self, fields: tuple[str, ...] = FIELDS) -> str:
        """`json.dumps(self.as_dict(fields), ensure_ascii=False)`, from prebuilt pieces: one JSON
        line of `--jsonl` (the plays' objects from `formats.plays`; no dicts)."""
        import json  # here: the text listing needs no JSON (start-up)

        head = (f'{{"variant": {json.dumps(self.variant, ensure_ascii=False)}, "turn": "{self.side.value}", '
                f'"roll": [{self.roll.high}, {self.roll.low}], "dice_used": {self.dice_used}, '
                f'"skips_roll": {"true" if self.skips_roll else "false"}, "pips": {_pips_text(self.position)}, "plays": [')
        plays = plays_json(self.plays, fields, self.xgid_tail)
        tail = "".join(f", {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in self.extra.items())
        return head + plays + "]" + tail + "}"


def _pips_text(position: Position) -> str:
    """`{"white": n, "black": n}` of `position`, kept for the last one (a batch asks for the 21
    rolls of a position in turn, and the reading of the position is memoised: the same object)."""
    last = _PIPS[0]  # one read: another thread may replace it, never change it
    if last is not None and last[0] is position:
        return last[1]
    text = f'{{"white": {position.pips(Side.WHITE)}, "black": {position.pips(Side.BLACK)}}}'
    _PIPS[0] = (position, text)
    return text


_PIPS: list[tuple[Position, str] | None] = [None]


def parse_fields(text: str) -> tuple[str, ...]:
    """`--fields notation,xgid`: known fields, each once; a mistake names its column."""
    out: list[str] = []
    col = 1
    import difflib

    for name in text.split(","):
        where = f"--fields {text}: column {col}"
        word = name.strip()
        if word not in FIELDS:
            close = difflib.get_close_matches(word, FIELDS, n=1)
            what = f"unknown field {word!r}" if word else "an empty field name"
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise TavlaError(f"{where}: {what}{hint}; the fields are {', '.join(FIELDS)}")
        if word in out:
            raise TavlaError(f"{where}: {word!r} is listed twice; the fields are {', '.join(FIELDS)}")
        out.append(word)
        col += len(name) + 1
    return tuple(out)


def budget_hint(e: PlayBudgetExceeded) -> str:
    """How to raise the limit, for the commands that take only options (plays, odds)."""
    return "    raise the limit with " + ("--max-seconds" if e.by_time else "--max-plays")


def run(args: argparse.Namespace) -> int:
    budget = command_budget(args)
    if args.fields is not None and not (args.json or args.jsonl):
        print("tavla-docs plays: error: --fields goes with --json or --jsonl (the text lists the notation)",
              file=sys.stderr)
        return 2
    fields = FIELDS if args.fields is None else parse_fields(args.fields)
    with using(budget):
        if args.jsonl:
            return run_batch(budget, fields)
        if not args.position:
            print("tavla-docs plays: error: POSITION is required (or use --jsonl)", file=sys.stderr)
            return 2
        try:
            r = result(args.position, args.roll, args.variant, args.turn, args.turn_number, budget)
        except NoDice as e:
            print(f"tavla-docs plays: error: ROLL is required: {e}", file=sys.stderr)
            return 2
        except PlayBudgetExceeded as e:
            print(f"tavla-docs plays: error: {e}\n{budget_hint(e)}", file=sys.stderr)
            return 1
    if args.json:
        print(r.as_json(fields))
        return 0
    n = len(r.plays)
    print(f"{r.variant}  {r.side.value} to play {r.roll.high}-{r.roll.low}  "
          f"pips white {r.position.pips(Side.WHITE)} black {r.position.pips(Side.BLACK)}  "
          f"{n} legal play{'s' if n != 1 else ''}, {r.dice_used} dice")
    if r.skips_roll:
        print("(closed board: the side on the bar does not roll)")
    elif not n:
        print("(no move)")
    for p in r.plays:
        print(p)
    if r.extra.get("unplayed"):
        left = r.extra["unplayed"]
        nums = " ".join(map(str, left)) if left and isinstance(left[0], int) else "see --json"
        who = "the opponent plays them" if r.extra["unplayable_remainder"] == "opponent" else "forfeited"
        print(f"(unplayable from here: {nums}; {who})")
    return 0


MAX_REQUEST_BYTES = 16 * 1024  # one request line; a position and a roll take a few hundred


def _short(value: object, limit: int = 80) -> str:
    """`repr(value)` cut to about `limit` characters, for messages that echo a value."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def run_batch(budget: PlayBudget | None = None, fields: tuple[str, ...] = FIELDS) -> int:
    """One JSON answer per request line; a request that fails (bad input, past the play budget)
    gets `{"error": …}` and the batch goes on.

    Answers are written as they are made and flushed once the input that has arrived is
    answered, that is before waiting for more: a caller that sends one request and waits
    gets its answer at once, and a piped batch is flushed every 64 KiB of requests rather
    than every line. (A terminal's stdout is line-buffered anyway.)
    """
    out = sys.stdout
    for group in arrivals(sys.stdin):
        for line in group:
            text = answer(line, budget, fields)
            if text is not None:
                out.write(text + "\n")
        out.flush()
    return 0


def answer(line: str | bytes | Overlong, budget: PlayBudget | None, fields: tuple[str, ...]) -> str | None:
    """The JSON answer to one request line (None for a blank line)."""
    import json

    try:
        if isinstance(line, Overlong):
            raise TavlaError(f"the request is {line.chars:,} characters; the limit is {MAX_REQUEST_BYTES:,}")
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as e:
                raise TavlaError(f"the request is not UTF-8 text ({e.reason} at byte {e.start})") from None
        if not line.strip():
            return None
        if len(line) > MAX_REQUEST_BYTES:
            raise TavlaError(f"the request is {len(line):,} characters; the limit is {MAX_REQUEST_BYTES:,}")
        try:
            req = json.loads(line)
        except json.JSONDecodeError as e:
            raise TavlaError(str(e)) from None
        except RecursionError:
            raise TavlaError("the request nests too deeply") from None
        if not isinstance(req, dict):
            raise TavlaError("each line is a JSON object with position and roll")
        for k in ("variant", "turn"):
            if req.get(k) is not None and not isinstance(req[k], str):
                raise TavlaError(f"field {k!r} is a string, not {_short(req[k])}")
        tn = req.get("turn_number")
        if tn is not None and (not isinstance(tn, int) or isinstance(tn, bool)):
            raise TavlaError(f"field 'turn_number' is a whole number (1 = the opening turn), not {_short(tn)}")
        if "position" not in req:
            raise TavlaError("missing field 'position'")
        roll = str(req["roll"]) if "roll" in req else None
        try:
            return result(str(req["position"]), roll, req.get("variant"), req.get("turn"), tn,
                          budget).as_json(fields)
        except NoDice:
            raise TavlaError("missing field 'roll'") from None  # and the position has no dice
    except (TavlaError, OSError) as e:  # anything else is a bug: main() reports it
        return json.dumps({"error": str(e)}, ensure_ascii=False)
    except (RecursionError, MemoryError) as e:  # input too big or too deep: this line fails, the batch goes on
        return json.dumps({"error": f"the request is too large to answer ({type(e).__name__})"}, ensure_ascii=False)


class Overlong(NamedTuple):
    """A request line past the limit, dropped as it was read; `chars` counts its characters."""

    chars: int


READ_SIZE = 1 << 16
# UTF-8 continuation bytes (10xxxxxx): deleting them leaves one byte per character
_CONTINUATION = bytes(range(0x80, 0xC0))


def arrivals(stdin: TextIO) -> Iterator[list[str | bytes | Overlong]]:
    """The request lines in the groups they arrive in: what one read of the byte stream
    returns (from a pipe, up to 64 KiB already written; from a terminal, a line). Lines end
    at \\n, \\r or \\r\\n, as in text mode. A text stream without bytes below it (a test's
    StringIO) gives one line a group. A line past 4 × MAX_REQUEST_BYTES bytes (more than the
    limit in any UTF-8) is not kept: it is counted as it streams past and answered as too long."""
    read1 = getattr(getattr(stdin, "buffer", None), "read1", None)
    if read1 is None:
        for text in stdin:
            yield [text]
        return
    rest = b""
    dropped = -1  # characters of an overlong line dropped so far (-1: none being dropped)
    while chunk := read1(READ_SIZE):
        lines: list[str | bytes | Overlong] = []
        for piece in chunk.splitlines(keepends=True):
            ended = piece.endswith((b"\n", b"\r"))
            if dropped >= 0:
                dropped += len(piece.translate(None, _CONTINUATION))
                if ended:
                    lines.append(Overlong(dropped))
                    dropped = -1
                continue
            if rest:
                piece, rest = rest + piece, b""
            if ended:
                lines.append(piece)
            elif len(piece) > 4 * MAX_REQUEST_BYTES:
                dropped = len(piece.translate(None, _CONTINUATION))
            else:
                rest = piece
        yield lines
    if dropped >= 0:
        yield [Overlong(dropped)]
    elif rest:
        yield [rest]
