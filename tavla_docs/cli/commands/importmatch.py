"""`tavla-docs import MATCHFILE [--game N --move M] [-o PATH]`: positions from real games.

Reads a GNU Backgammon or eXtreme Gammon `.mat` match file or a GNU Backgammon `.sgf`
(`formats.matfile`, `formats.sgf`), replays every game with the engine (`formats.replay`: each
play must be legal) and lists the games and their moves; with `--game N --move M` it writes the
scenario of that move instead: the position before it, the roll, the play made as `show:`, the
claims the engine computes (the play is legal or forced, how many plays, the dice used, the
pips, the cube), the match score and cube, and a comment naming the source. The file is data:
a problem in it is one `path:line:col: error:` line with a hint, exit status 1.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ...errors import TavlaError
from ...formats.gamerecord import MAX_BYTES, MatchRecord, RecordError
from ...formats.replay import Game, Turn
from ...writes import write_together

COMMAND_HELP = "list the games and moves of a .mat or .sgf match file, or write one move as a scenario"


class MatchImportError(TavlaError):
    """A game or move that the file does not have, or an output file that exists."""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("import", help=COMMAND_HELP,
                       description="Read a GNU Backgammon or eXtreme Gammon .mat match file or a GNU Backgammon "
                                   ".sgf file, replay its games with the engine and list every move; with --game "
                                   "and --move, write that move as a scenario whose claims the engine computed.")
    p.add_argument("file", metavar="MATCHFILE", help="a .mat or .sgf file")
    p.add_argument("--game", type=int, metavar="N", help="the game (1 = the first, as the listing numbers them)")
    p.add_argument("--move", type=int, metavar="M", help="the move within the game (as the listing numbers them)")
    p.add_argument("-o", "--output", metavar="PATH", help="write the scenario to PATH (never overwritten); "
                                                          "default: standard output")
    p.add_argument("--format", choices=["mat", "sgf"], help="the file's format (default: from its name, "
                                                             ".mat or .sgf, else from its first character)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if (args.game is None) != (args.move is None):
        print("tavla-docs import: error: --game and --move go together: --game N --move M", file=sys.stderr)
        return 2
    if args.output is not None and args.game is None:
        print("tavla-docs import: error: -o writes one move's scenario: add --game N --move M", file=sys.stderr)
        return 2
    path = Path(args.file)
    if not path.is_file():
        print(f"tavla-docs import: error: no such file: {_clean(args.file)}", file=sys.stderr)
        return 2
    try:
        match, games = read_match(path, args.format)
    except RecordError as e:
        print(e.located(_clean(args.file)), file=sys.stderr)
        return 1
    if args.game is None:
        sys.stdout.write(listing(args.file, match, games))
        return 0
    turn, game = pick(games, args.game, args.move)
    text = scenario_text(args.file, match, game, turn)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    out = Path(args.output)
    if out.exists():
        raise MatchImportError(f"{args.output}: already exists; `import` never overwrites a file\n"
                           "    hint: choose another path, or remove the file")
    write_together({out: text})  # whole or not at all: a failed write leaves no partial file
    print(f"wrote {args.output}")
    return 0


def read_match(path: Path, fmt: str | None) -> tuple[MatchRecord, list[Game]]:
    """The file's match and its replayed games; a RecordError says where the file goes wrong."""
    from ...formats.matfile import parse_mat
    from ...formats.replay import replay
    from ...formats.sgf import parse_sgf

    with path.open("rb") as f:
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise RecordError(f"the file is larger than {MAX_BYTES:,} bytes", 1, 1,
                          "split the match, or export the games you need")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")  # XG's files on Windows
    text = text.removeprefix("\ufeff")
    if fmt is None:
        suffix = path.suffix.lower()
        fmt = "sgf" if suffix == ".sgf" else "mat" if suffix in (".mat", ".txt") else (
            "sgf" if text.lstrip().startswith("(") else "mat")
    match = parse_sgf(text) if fmt == "sgf" else parse_mat(text)
    return match, replay(match)


def pick(games: list[Game], number: int, move: int) -> tuple[Turn, Game]:
    """Game `number` (the file's own numbering, as the listing shows it) and its move `move`."""
    found = [g for g in games if g.number == number]
    if not found:
        numbers = [g.number for g in games]
        known = f"{numbers[0]}–{numbers[-1]}" if numbers == list(range(numbers[0], numbers[-1] + 1)) else \
            ", ".join(map(str, numbers[:10])) + (", …" if len(numbers) > 10 else "")
        raise MatchImportError(f"--game {number}: the file has no game {number}; its games are {known}")
    game = found[0]
    if not 1 <= move <= len(game.turns):
        raise MatchImportError(f"--move {move}: game {number} has {len(game.turns)} moves (1–{len(game.turns)}); "
                               "run without --game to list them")
    return game.turns[move - 1], game


def _players(match: MatchRecord) -> str:
    return f"White: {match.names[1] or 'player 2'}, Black: {match.names[0] or 'player 1'}"


def _kind(match: MatchRecord) -> str:
    return f"match to {match.length}" if match.length else "money play"


def listing(source: str, match: MatchRecord, games: list[Game]) -> str:
    """Every game and move, numbered as `--game` and `--move` take them."""
    lines = [f"{_clean(source)}: {match.variant}, {_kind(match)}; {_players(match)}; "
             f"{len(games)} game{'s' if len(games) != 1 else ''}"]
    for g in games:
        crawford = ", Crawford game" if g.crawford else ""
        score = f" (White {g.score_white}, Black {g.score_black}{crawford})" if match.length else ""
        lines.append(f"Game {g.number}{score}")
        events = list(g.events)
        for t in g.turns:
            while events and events[0].after < t.number:
                e = events.pop(0)
                lines.append(f"       {e.side.value:<5}  {e.text}")
            lines.append(f"  {t.number:>3}  {t.side.value:<5}  {t.roll}  {t.play}")
        lines += [f"       {e.side.value:<5}  {e.text}" for e in events]
    lines.append(f"write a move as a scenario: tavla-docs import {_clean(source)} --game N --move M [-o PATH]")
    return "\n".join(lines) + "\n"


def scenario_text(source: str, match: MatchRecord, game: Game, turn: Turn) -> str:
    """The scenario of one move: position, roll, the play made as `show:` and the engine's claims."""
    from ...engine.board import Side
    from ...engine.movegen import max_dice
    from ...scenario.claims import count_plays
    from ...variants import ruleset
    from .new import CAPTION

    rules = ruleset(match.variant)
    pos, side = turn.before, turn.side
    name = match.names[1] if side is Side.WHITE else match.names[0]
    lines = [f"# Imported from {_clean(source)}, game {game.number}, move {turn.number}: {name or side.value} "
             f"({side.value}) to play {turn.roll}.",
             f"# {_players(match)}; {_kind(match)}"
             + (f", White {game.score_white}, Black {game.score_black} before this game." if match.length else "."),
             "# The claims are what the engine computes; keep those the page relies on, and `pips:`.",
             f"variant: {match.variant}"]
    options = [f"match_length: {match.length or 'null'}"]
    if match.length > 1 and not match.crawford_rule and rules.has_cube:
        options.append("crawford: false")
    if not match.length and match.jacoby:
        options.append("jacoby: true")
    if turn.cube > 64:
        options.append("cube_max: null")
    lines.append("rules: {" + ", ".join(options) + "}")
    if match.length:
        at = [s for s in (game.score_white, game.score_black) if s == match.length - 1]
        crawford = f", crawford: {str(game.crawford).lower()}" if match.crawford_rule and len(at) == 1 else ""
        lines.append(f"match: {{white: {game.score_white}, black: {game.score_black}{crawford}}}")
    lines.append("position:")
    board = pos.to_json()
    for s in (Side.WHITE, Side.BLACK):
        entries = [f"{b}: {n}" for b, n in sorted(((int(k), v) for k, v in board[s.value].items()), reverse=True)]
        if board[f"{s.value}_bar"]:
            entries.append(f"bar: {board[f'{s.value}_bar']}")
        lines.append(f"  {s.value}: {{{', '.join(entries)}}}")
    lines += [f"turn: {side.value}", f"roll: {turn.roll}"]
    moving = [p for p in turn.plays if p.moves]
    if moving:
        lines.append(f"show: {turn.play}")
    lines.append("expect:")
    if not moving:
        lines.append("  no_play: true")
    elif count_plays(turn.plays) == 1:
        lines.append(f"  forced: {turn.play}")
    else:
        lines += [f"  legal: {turn.play}", f"  plays: {count_plays(turn.plays)}"]
    if moving:
        lines.append(f"  dice_used: {max_dice(turn.plays)}")
    lines.append(f"  pips: {{white: {pos.pips(Side.WHITE)}, black: {pos.pips(Side.BLACK)}}}"
                 "   # pins every checker drawn (tavla-docs pins)")
    cube = ""
    if rules.has_cube:
        owner = turn.owner.value if turn.owner is not None else "centre"
        cube = f"{{value: {turn.cube}, owner: {owner}}}"
        lines.append(f"  cube: {cube}")
    lines.append("caption:")
    lines += [f"  {lang}: \"{text}\"" for lang, text in CAPTION.items()]
    lines.append(f"diagram: {{cube: {cube}}}" if cube else "diagram: {}")
    return "\n".join(lines) + "\n"


def _clean(text: str) -> str:
    """A path or name on one line of output or a YAML comment: control characters as '?'."""
    return "".join(c if c.isprintable() else "?" for c in text)
