"""A match file's games replayed by the engine: every turn's position, roll, the legal play the
file names, the cube and the score, so a chosen turn can become a scenario (`tavla-docs import`).

Each game starts from its variant's starting position; each play must be one of the engine's
legal plays for its roll (any spelling of it, rules.md §1.3), a turn without a play must have no
legal play, and cube actions must follow each other as the rules allow. Anything else is a
RecordError at the file's line and column.

>>> from tavla_docs.formats.matfile import parse_mat
>>> text = " 1 point match\\n Game 1\\n a : 0     b : 0\\n  1)                31: 8/5 6/5\\n  2) 62: 24/18 13/11\\n"
>>> game = replay(parse_mat(text))[0]
>>> [(t.number, t.side.value, str(t.roll), str(t.play)) for t in game.turns]
[(1, 'white', '3-1', '8/5 6/5'), (2, 'black', '6-2', '24/18 13/11')]
>>> game.turns[1].before.pips(game.turns[1].side)
167
"""
from __future__ import annotations

from typing import NamedTuple

from ..engine.board import Position, Side
from ..engine.dice import Roll
from ..engine.movegen import legal_plays
from ..engine.notation import NotationError
from ..engine.play import Play
from ..engine.rules import Ruleset
from ..engine.written import match_play
from ..variants import ruleset
from .gamerecord import GameRecord, MatchRecord, RecordError, side_of


class Turn(NamedTuple):
    """One roll of a game: the position before it, who rolled what, the play made (the empty play
    when none was legal), and the cube as it stood."""

    number: int
    side: Side
    roll: Roll
    before: Position
    play: Play
    plays: tuple[Play, ...]
    cube: int
    owner: Side | None
    line: int
    col: int


class Event(NamedTuple):
    """A cube action or the game's end, after `after` turns: `doubles to 2`, `takes`, `wins 2 points`."""

    after: int
    side: Side
    text: str


class Game(NamedTuple):
    """A replayed game: the score before it (White, Black), whether it is the Crawford game, its
    turns and its cube actions."""

    number: int
    score_white: int
    score_black: int
    crawford: bool
    turns: tuple[Turn, ...]
    events: tuple[Event, ...]


def replay(match: MatchRecord) -> list[Game]:
    """Every game of `match`, replayed; a RecordError at the first action the rules refuse."""
    rules = ruleset(match.variant)
    games, crawford_seen = [], False
    for g in match.games:
        white, black = g.score[1], g.score[0]
        at = [s for s in (white, black) if match.length > 1 and s == match.length - 1]
        if g.crawford is not None:
            crawford = g.crawford
        else:  # the file does not say: the first game in which a side stands one point from the match
            crawford = match.crawford_rule and len(at) == 1 and not crawford_seen
        crawford_seen = crawford_seen or bool(at)
        if match.length and (white >= match.length or black >= match.length):
            raise RecordError(f"game {g.number} starts at {black}–{white}, and the match is to {match.length}",
                              g.line, 1, "a side with the match's length has won it; no game follows")
        games.append(_replay_game(g, rules, white, black, crawford))
    return games


def _replay_game(g: GameRecord, rules: Ruleset, white: int, black: int, crawford: bool) -> Game:
    pos = rules.starting_position()
    cube, owner = 1, None
    offered: tuple[Side, int] | None = None
    last: Side | None = None
    turns: list[Turn] = []
    events: list[Event] = []
    over = False
    for a in g.actions:
        side = side_of(a.player)
        if over and a.kind != "win":
            raise RecordError("the game is over (a double was dropped), yet the file goes on", a.line, a.col,
                              "a game ends at a drop; the next one starts with `Game N`")
        if a.kind == "move":
            if offered is not None:
                raise RecordError(f"{offered[0].opponent.value} has not answered the double yet", a.line, a.col,
                                  "a double is followed by Takes or Drops")
            if last is side:
                raise RecordError(f"{side.value} rolls twice in a row", a.line, a.col,
                                  "the players take turns; is an entry in the wrong column?")
            assert a.dice is not None
            roll = Roll(*a.dice)
            plays = legal_plays(pos, side, roll, rules)
            play = _the_play(pos, side, roll, rules, a.play, plays, a.line, a.col)
            turns.append(Turn(len(turns) + 1, side, roll, pos, play, plays, cube, owner, a.line, a.col))
            pos, last = play.position, side
        elif a.kind == "double":
            if not rules.has_cube:
                raise RecordError(f"{rules.variant} has no doubling cube", a.line, a.col)
            if crawford:
                raise RecordError("a double in the Crawford game", a.line, a.col,
                                  "no side may double in the Crawford game")
            if owner is side.opponent or offered is not None or last is side or last is None:
                why = ("the cube is its opponent's" if owner is side.opponent else "a double is already offered"
                       if offered is not None else "no side doubles before the opening roll" if last is None
                       else "a side doubles before its own roll, not after it")
                raise RecordError(f"{side.value} may not double here: {why}", a.line, a.col)
            if a.value and a.value != cube * 2:
                raise RecordError(f"a double turns the cube from {cube} to {cube * 2}, not {a.value}", a.line, a.col)
            offered = (side, cube * 2)
            events.append(Event(len(turns), side, f"doubles to {cube * 2}"))
        elif a.kind in ("take", "drop"):
            if offered is None or offered[0] is side:
                raise RecordError(f"{side.value} {a.kind}s, but no double of its opponent is waiting for an answer",
                                  a.line, a.col)
            if a.kind == "take":
                cube, owner = offered[1], side
            else:
                over = True
            offered = None
            events.append(Event(len(turns), side, f"{a.kind}s"))
        else:
            events.append(Event(len(turns), side, f"wins {a.value} point{'s' if a.value != 1 else ''}"))
    return Game(g.number, white, black, crawford, tuple(turns), tuple(events))


def _the_play(pos: Position, side: Side, roll: Roll, rules: Ruleset, text: str, plays: tuple[Play, ...],
              line: int, col: int) -> Play:
    moving = [p for p in plays if p.moves]
    if not text:
        if moving:
            raise RecordError(f"the file plays nothing with {roll}, but {side.value} has {len(moving)} legal "
                              f"play{'s' if len(moving) != 1 else ''}", line, col,
                              "the legal plays: " + ", ".join(str(p) for p in moving[:8])
                              + (", …" if len(moving) > 8 else ""))
        return plays[0]
    try:
        found = match_play(pos, side, roll, rules, text, plays=plays)
    except NotationError as e:
        found, why = None, str(e)
    else:
        why = ""
    if found is None or not found.moves:
        shown = ", ".join(str(p) for p in moving[:8]) + (", …" if len(moving) > 8 else "")
        raise RecordError(f"{text} is not a legal play for {side.value} with {roll}" + (f": {why}" if why else ""),
                          line, col, f"the legal plays: {shown}" if moving else "no play is legal with this roll")
    return found
