"""What captions and pages say a figure's play does, per language: the lexicon `plays` reads.

Data only. Each entry is a statement *kind* and a pattern of the words that state it; the kind
says what the statement asserts about the shown play's result or the figure's options
(`playview.PlayView.judge`). Patterns are written over the text a reader reads (tags dropped,
entities read) and use these slots:

- `{P}`: a point, as "the 5-point", "point 5" or "the marked point" (English), "5. hane",
  "5 numaralı hane" or "işaretli hane" (Turkish; the case ending follows in the pattern);
- `{SIDE}`: a side's name as the site's catalog writes it (`White`, `Beyaz`, with a suffix);
- `{PLAY}`: a play in notation (`13/7 8/7`), as a page prints it.

A statement inside a clause that negates it or makes it hypothetical ("cannot bear off",
"if your opponent bears off", "toplayamaz", "toplarsa") asserts nothing about the shown
play: `GUARDS` lists those words per language, read from the clause's start to the statement.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import langlex

# The kinds, and what each asserts (`playview`):
#   make(P)        the play makes the point: it holds two or more of the mover's checkers (at least
#                  what closes a point in the game) after the play, and fewer before
#   blot(P)        the play leaves a blot there: one checker after, not one before
#   enter(P)       a move from the bar ends on the point
#   hit(P)         a move that hits ends on the point
#   hits(SIDE)     SIDE is on roll and the play hits
#   hit_any        the play hits (in a game that pins, pins)
#   enters         a move of the play comes in from the bar
#   land(P)        a move ends on the point
#   reach(P)       a checker of the play ends the play there: moves end on the point more often than they
#                  leave it ("takes it to the 3-point" is not said of 6/4/3's 4-point); said of one die's
#                  move ("the six moves it to the 18-point"), it is read as land(P)
#   leave(P)       a move starts from the point
#   off_from(P)    a move bears a checker off from the point
#   off            the play bears off at least one checker
#   none_off       the play bears off no checker
#   on_roll(SIDE)  SIDE is the side to play
#   numbers(SIDE)  the figure numbers the points from SIDE's side
#   sense(SIDE)    the figure draws SIDE (or both, without a SIDE) moving in the named sense
#   ahead(SIDE)    the marked point holds a checker of SIDE that has passed the other side's row
#   cube_centre    the figure's doubling cube is in the middle: either player may double
#   cube_owner(SIDE) the figure's doubling cube belongs to SIDE
#
# Each language's tables are its file's `plays:` section (`langlex`): `point` (the `{P}` slot, with
# named groups `n` or `m` a number, `mk` the marked point), `statements` (kind and pattern pairs, in
# order), `guards` and `refusals`, `labels` (the first kind that matches is the one a label means),
# `senses` (the words of a drawn movement's sense, to `ccw` or `cw`), `die_words`, `die_move` and
# `die_off` (below).
# What a figure's label may say of the point it labels, per language (the first kind that matches
# is the one the label means, so "outside home" is read as outside):
#   outside   a checker stands there outside its own home board
#   home      the point is in the home board of the side whose checker stands there (either side's when empty)
#   blot      one checker stands there
#   made      two or more checkers of one side stand there
#   empty     no checker stands there
#   no_waste  no pip of a roll is wasted on the checkers there: none could be borne off by a larger die
#
# `die_move`: a die named before the move it plays ("the six 13/7", "altı ile 13/7"): the move must go
# that many pips. `die_off`: a die that bears a checker off a point ("the three bears off from the
# 4-point"): it must be at least the point's number. Both use `{DIE}`, the language's `die_words`.


def _section(lang: str, key: str) -> Any:
    plays = langlex.section(lang, "plays") or {}
    return plays.get(key) if isinstance(plays, dict) else None


def _by_lang(key: str, shape: Callable[[Any], Any]) -> dict[str, Any]:
    return {lang: shape(value) for lang in langlex.codes() if (value := _section(lang, key)) is not None}


def _pairs(value: Any) -> tuple[tuple[str, str], ...]:
    return tuple((str(k), str(p)) for k, p in value)


STATEMENTS: dict[str, tuple[tuple[str, str], ...]] = _by_lang("statements", _pairs)
POINT: dict[str, str] = _by_lang("point", str)
GUARDS: dict[str, str] = _by_lang("guards", str)
REFUSALS: dict[str, str] = _by_lang("refusals", str)
LABELS: dict[str, tuple[tuple[str, str], ...]] = _by_lang("labels", _pairs)
DIE_WORDS: dict[str, dict[str, int]] = _by_lang("die_words", lambda v: {str(k): int(n) for k, n in v.items()})
DIE_MOVE: dict[str, str] = _by_lang("die_move", str)
DIE_OFF: dict[str, str] = _by_lang("die_off", str)
# Languages whose guard words may stand after the statement's start, up to its end (Turkish
# subordinates with suffixes, inside the statement: "toplarsa"): `guard_to_end: true`.
GUARD_TO_END: dict[str, bool] = _by_lang("guard_to_end", bool)

# A play in notation, as the reader reads it (its code element's text).
PLAY = r"(?P<play>(?:bar|\d{1,2})/[\w/*()]+(?:\s+(?:bar|\d{1,2})/[\w/*()]+)*)"

# The senses of a drawn movement (`sense`), by the words above.
SENSES: dict[str, str] = {w: sense for table in _by_lang("senses", dict).values() for w, sense in table.items()}

# Where a clause ends (a full stop after a number is a Turkish ordinal, not an end).
CLAUSE_END = r"(?<!\d)[.!?;](?=\s|$)|:(?=\s)|,\s+(?:so|but|then|and\s+then)\b|\n"

