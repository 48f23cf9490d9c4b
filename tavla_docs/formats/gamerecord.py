"""A match file's games as plain values: what `matfile` and `sgf` read, before the engine
replays them (`replay`). Both formats name the same things (two players, a score before each
game, rolls and plays, cube actions), so one set of values carries either file's content.

Players are numbered as GNU Backgammon numbers them: player 0 is the left column of a `.mat`
file and SGF's `W`, player 1 the right column and SGF's `B`. gnubg draws player 1 (X) at the
bottom, so player 1 is White here and player 0 Black, as in `gnubg.py`.

>>> side_of(1), side_of(0)
(<Side.WHITE: 'white'>, <Side.BLACK: 'black'>)
>>> variant_of("HyperGammon (3)"), variant_of("NackGammon"), variant_of("Backgammon")
('hypergammon', 'nackgammon', 'backgammon')
>>> variant_of("HyperGammon (2)") is None
True
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ..engine.board import Side
from .errors import FormatError

# Limits on what a match file may hold: a long real match is far below each; a hostile file
# meets one of them, with a located error, before it costs time or memory.
MAX_BYTES = 8 * 1024 * 1024  # gnubg's SGF with its analysis is ~100 KB a game
MAX_LINE = 4096  # characters of one .mat line (a row is under 80)
MAX_VALUE = 1024 * 1024  # characters of one SGF property value (gnubg's analysis lines are a few KB)
MAX_DEPTH = 64  # nested SGF variations (gnubg writes none)
MAX_GAMES = 1000  # games in one file
MAX_ACTIONS = 2000  # rolls and cube actions in one game (a long game has ~100)
MAX_TOTAL = 20_000  # rolls and cube actions in one file (a 25-point match has ~4,000; replaying one takes ~0.2 ms)
MAX_NAME = 80  # characters of a player's name kept for listings


class RecordError(FormatError):
    """A match file that cannot be read, at a line and column, with a hint."""

    def __init__(self, message: str, line: int, col: int, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.col = col
        self.hint = hint

    def located(self, path: str) -> str:
        """`path:line:col: error: message`, then the indented hint (the project's diagnostic form)."""
        text = f"{path}:{self.line}:{self.col}: error: {self.message}"
        return text + (f"\n    hint: {self.hint}" if self.hint else "")


class Action(NamedTuple):
    """One thing a player did: `move` (dice, and the play in the mover's numbering, "" for none),
    `double` (to `value`), `take`, `drop`, or `win` (`value` points), where the file says it."""

    player: int
    kind: str
    line: int
    col: int
    dice: tuple[int, int] | None = None
    play: str = ""
    value: int = 0


class GameRecord(NamedTuple):
    """One game: its number (1-based), the score before it (player 0, player 1), what was done,
    whether the file marks it as the Crawford game (None: the file does not say)."""

    number: int
    score: tuple[int, int]
    actions: tuple[Action, ...]
    line: int
    crawford: bool | None = None


class MatchRecord(NamedTuple):
    """A whole file: players' names, match length (0: money play), the engine's variant name,
    the Crawford rule, the Jacoby rule (money play), and the games in order."""

    names: tuple[str, str]
    length: int
    variant: str
    crawford_rule: bool
    jacoby: bool
    games: tuple[GameRecord, ...]


def side_of(player: int) -> Side:
    """gnubg's player 1 (X, bottom) is White, player 0 (O) Black."""
    return Side.WHITE if player == 1 else Side.BLACK


_VARIANTS = {"backgammon": "backgammon", "standard": "backgammon", "nackgammon": "nackgammon",
             "hypergammon(3)": "hypergammon", "hypergammon3": "hypergammon", "hypergammon": "hypergammon"}


def variant_of(name: str) -> str | None:
    """The engine's variant for a file's variant name (gnubg's `.mat` `Variation` header, SGF `RU`), or
    None for one it does not play (1- and 2-checker Hypergammon)."""
    return _VARIANTS.get(re.sub(r"[\s_-]", "", name.lower()))


def clean_name(text: str) -> str:
    """A player's name fit to print on one line: control characters as '?', at most MAX_NAME characters."""
    name = "".join(c if c.isprintable() else "?" for c in text.strip())
    return name if len(name) <= MAX_NAME else name[:MAX_NAME - 1] + "…"
