"""Where each printed value of a page or caption comes from: the engine, or the template itself.

The audit must judge what the reader reads, not the source. A number typed as a
helper's argument (`{{ s.point(19).point }}` prints the 19 that was typed), made by
template arithmetic (`{{ t.checkers + 1 }}`, `{{ loop.index }}`, `{{ "%d"|format(16) }}`)
or taken from a catalog string looks computed in the source and is not. So while a
page or caption renders, every `{{ … }}` output is wrapped in invisible marks
(private-use characters) saying which it is:

- `COMPUTED` + a line character … `CLOSE`: a fact object of the page helpers (`is_fact`);
- `PRINTED` + a line character … `CLOSE`: anything else;

four characters follow the mark: the template line of the `{{ … }}` that printed the
value, its place among the template's `{{ … }}` in source order (`sandbox.MeteredCode`),
and the side a computed count belongs to and what it counts (`Num.side`, `Num.meaning`);
then what the fact is about (`Subject`: its point, die, play, success or failure, kind of
roll), as a length and that many characters, so the words around it can be judged
(`audit.subjects`).

`reader_problems` then finds the facts (numbers, rolls, plays, number words) that
the reader sees in printed-but-not-computed text, and `strip` removes every mark
before the text goes on (the site's bytes do not change). Text outside the marks
is the template's own text, which the source audit already reads line by line.

Marks are only written while `recording()` is active (the site renderer's page and
caption renders); elsewhere `mark` returns the value untouched.

>>> from tavla_docs.site.facts.numerals import Num
>>> with recording():
...     text = "a " + mark(3, Num(4, "en"), False) + " b " + mark(5, 16, False)
>>> strip(text)
'a 4 b 16'
>>> [(s.text, s.line, s.computed) for s in spans(text) if s.line]
[('4', 3, True), ('16', 5, False)]
"""
from __future__ import annotations

import contextvars
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from markupsafe import Markup, escape

# What a computed count counts, for the reader audit's check of the words around it (index 0: nothing known).
MEANINGS = ("", "home", "off", "left", "bar", "on_board", "pips", "single", "mars", "katmerli_mars", "gammon",
            "backgammon", "lead",  # lead: a pip lead (`pip_lead.by`), the leader's
            # what other numbers measure, for the noun after them (`audit.units`): a die's pips, a point's
            # number, a count of moves, of ways a roll comes up, of rolls, of checkers, of dice
            "die", "point", "moves", "ways", "rolls", "checkers", "dice",
            # a side's name by its role in a frame (`audit.roles`): the side on roll, the other side
            "turn", "opponent",
            # the points of the results a game adds (`Abilities.extra_results`): `audit.resultwords`
            "mother_pin", "draw")
COMPUTED = "\ue000"
PRINTED = "\ue001"
CLOSE = "\ue002"
DECLARE = "\ue003"  # + the template line + a fact's number: `{{ states("fact") }}`, what its paragraph states
_LINE_BASE = 0xF0000  # a printed value's template line, as one character of plane 15 (private use)
_MAX_LINE = 0xFFFD

#: Every character a mark uses (a contributor's text holding one is refused: it could forge a mark).
MARK_CHARS = re.compile("[\ue000-\ue003\U000F0000-\U000FFFFD]")

#: What a fact says of rolls, or what kind of roll it is (index 0: nothing).
OUTCOMES = ("", "success", "fail", "double", "mixed")


@dataclass(frozen=True)
class Subject:
    """What a computed fact is about, beyond its side and meaning, for the reader audit
    (`audit.subjects`): a true number about the wrong thing is the fault it finds.

    `group`: the object the fact belongs to (one odds outcome, one play), so siblings compare;
    `point`: the point the fact is about (a frame whose mover stands on one point); `names`:
    the point number the fact *is* (`points_of(…).first`); `die`: the die a word names, and
    `off` whether that die's move bears off (None: not a move's die); `dice`: a play's dice in
    the order played; `outcome`: `OUTCOMES`; `many`: a list of rolls, not a count;
    `move`: the place of a move's die or point in its play; `lands`, `starts`: a play's points
    (the shared numbering, bit `b` for point `b`) where its moves end and start, so a fact about a
    point can be held against the play its sentence names (`audit.playpoints`)."""

    group: int = 0
    point: int = 0
    names: int = 0
    die: int = 0
    off: bool | None = None
    dice: tuple[int, ...] = ()
    outcome: str = ""
    many: bool = False  # a list of rolls, not a count of them
    move: int = 0  # the place of the fact's move in its play (1: the first), for a move's die and points
    lands: int = 0  # a play's landing points, as bits (1 << b)
    starts: int = 0  # a play's starting points, as bits
    landing: bool = False  # a move's point where it lands (`….dst`), not where its checker stood
    turn: str = ""  # the side on roll in the frame the fact comes from ("white", "black"; "": none): `audit.sideroles`
    own: str = ""  # whose own numbering a point's number is in ("": a rule's number, the same for every side)
    place: int = 0  # an item's place in a sequence (`group`), in the order it is travelled or played (1: first)
    game: int = 0  # the game and rule a ruleset's number states (`game_fact`; 0: none): `audit.gamefacts`
    hits: int = 0  # which sides hit in the story a side's name comes from (`hit_bits`; 0: unknown): `audit.sideroles`

    def encode(self) -> str:
        fields = [self.group, self.point, self.names, self.die, {None: 0, True: 1, False: 2}[self.off],
                  OUTCOMES.index(self.outcome) if self.outcome in OUTCOMES else 0, int(self.many), self.move,
                  *_halves(self.lands), *_halves(self.starts), int(self.landing), _SIDES.index(self.turn),
                  _SIDES.index(self.own), self.place, self.game, self.hits, *self.dice]
        return "".join(_number(n) for n in [len(fields), *fields])

    @staticmethod
    def decode(text: str, i: int) -> tuple[Subject | None, int]:
        """The subject encoded at `text[i]`, and the index after it."""
        n = _read(text, i)
        f = [_read(text, i + 1 + k) for k in range(n)]
        if n < _FIXED:
            return None, i + 1 + n
        return Subject(f[0], f[1], f[2], f[3], {1: True, 2: False}.get(f[4]), tuple(f[_FIXED:]),
                       OUTCOMES[f[5]] if f[5] < len(OUTCOMES) else "", bool(f[6]), f[7],
                       f[8] | f[9] << 12, f[10] | f[11] << 12, bool(f[12]), _side(f[13]), _side(f[14]), f[15], f[16],
                       f[17]), i + 1 + n


_FIXED = 18  # a subject's fields before its dice
_SIDES = ("", "white", "black")


def hit_bits(plays: Any) -> int:
    """`Subject.hits` of a story's turns, each (side, hits) for a turn whose play is shown: per side
    two bits, its turns known (1 White, 4 Black) and one of them hits (2 White, 8 Black)."""
    bits = 0
    for side, hits in plays:
        k = 2 * _SIDES.index(side) - 2
        bits |= (1 | (2 if hits else 0)) << k
    return bits


def hitter(bits: int, side: str) -> bool | None:
    """Whether `side` hits in the story `bits` (`hit_bits`) describes (None: its turns are not known)."""
    k = 2 * _SIDES.index(side) - 2
    return None if not bits >> k & 1 else bool(bits >> k & 2)


def _side(n: int) -> str:
    return _SIDES[n] if n < len(_SIDES) else ""


def _halves(bits: int) -> tuple[int, int]:
    """A 24-bit set of points as two numbers a mark character holds."""
    return bits & 0xFFF, bits >> 12 & 0xFFF


def play_points(moves: Any, side: Any, geometry: Any) -> tuple[int, int]:
    """(lands, starts): the shared-board points where `moves` (each with `src`, `dst` in `side`'s
    numbering; 25 the bar, 0 off) end and start, as bits for `Subject`."""
    lands = starts = 0
    for m in moves:
        if 1 <= m.dst <= 24:
            lands |= 1 << (geometry.to_board(side, m.dst) - 1)
        if 1 <= m.src <= 24:
            starts |= 1 << (geometry.to_board(side, m.src) - 1)
    return lands, starts


_GROUPS = iter(range(1, 1 << 62))


_ROLL_GROUPS = 60000  # groups from here on are rolls' (`roll_group`), apart from the fresh ones


def new_group() -> int:
    """A fresh group number (a fact's siblings share one): only compared, never printed."""
    return next(_GROUPS) % (_ROLL_GROUPS - 1) + 1


#: The group of a rule's most a turn can play (`rules().double_moves`): a figure's turn plays at most that
#: many, so "only" before it says the figure plays fewer than it prints (`audit.roles`).
MOST_GROUP = 61000


def roll_group(high: int, low: int) -> int:
    """The group of a roll and its counts: the same roll, however a page makes it, is one subject."""
    return _ROLL_GROUPS + high * 10 + low


_GAME_FACTS: dict[tuple[str, str], int] = {}


def game_fact(variant: str, rule: str) -> int:
    """The number (1, 2, …) a subject gives a ruleset's fact: `("uzun", "starting_pips")`."""
    return _GAME_FACTS.setdefault((variant, rule), len(_GAME_FACTS) + 1)


def game_fact_of(number: int) -> tuple[str, str] | None:
    """The (variant, rule) of a subject's `game` number (None: not a ruleset's fact)."""
    return next((k for k, v in _GAME_FACTS.items() if v == number), None)


_ACTIVE: contextvars.ContextVar[bool] = contextvars.ContextVar("tavla_provenance", default=False)


@contextmanager
def recording() -> Iterator[None]:
    """Marks are written while this is active (one page's or caption's render)."""
    token = _ACTIVE.set(True)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def is_fact(value: Any) -> bool:
    """Whether a printed value is a helper's computed fact (not an echo of a typed argument)."""
    return bool(getattr(value, "tavla_fact", False)) and not getattr(value, "echo", False)


def mark(line: int, value: Any, autoescape: bool, index: int = -1) -> Any:
    """`value` as `{{ … }}` prints it, inside marks saying where it comes from."""
    if not _ACTIVE.get():
        return value
    if autoescape:
        inner: str = escape(value)
    elif hasattr(value, "__html__"):
        inner = value.__html__()
    else:
        inner = str(value)
    side = {"white": 1, "black": 2}.get(getattr(value, "side", None) or "", 0)  # whose count a fact is
    meaning = MEANINGS.index(m) if (m := getattr(value, "meaning", None)) in MEANINGS else 0  # of what
    about = getattr(value, "about", None)
    head = (COMPUTED if is_fact(value) else PRINTED) + _number(line) + _number(index + 1) + _number(side) \
        + _number(meaning) + (about.encode() if isinstance(about, Subject) else _number(0))
    text = head + inner + CLOSE
    return Markup(text) if autoescape or isinstance(value, Markup) else text


def _number(n: int) -> str:
    return chr(_LINE_BASE + max(0, min(int(n), _MAX_LINE)))


def strip(text: str) -> str:
    """The text without its marks: what the reader gets."""
    return MARK_CHARS.sub("", text) if ("\ue000" in text or "\ue001" in text or "\ue002" in text
                                        or DECLARE in text) else text


def declaration(fact: int) -> str:
    """The mark `{{ states(…) }}` prints: the number of the fact its paragraph states (nothing
    outside a recorded render, so no mark reaches a reader)."""
    return DECLARE + _number(fact) if _ACTIVE.get() else ""


def declarations(text: str) -> list[tuple[int, int, int, int]]:
    """Each `states(…)` mark of the marked text: (where it stands in the plain text, the fact's
    number, the template line and `{{ … }}` index of the tag that printed it)."""
    if DECLARE not in text:
        return []
    found: list[tuple[int, int, int, int]] = []
    _walk(text, found)
    return found


@dataclass(frozen=True)
class Span:
    """A stretch of the marked text: its plain text, where it starts in `strip(text)`, the
    template line of the `{{ … }}` that printed it (0: the template's own text), and whether a
    helper computed it."""

    text: str
    start: int
    line: int
    computed: bool
    index: int = -1  # the n-th `{{ … }}` of the template (-1: unknown, or the template's own text)
    side: str | None = None  # the side a computed count belongs to
    meaning: str | None = None  # what it counts (`MEANINGS`)
    about: Subject | None = None  # what it is about (`Subject`)


def spans(text: str) -> list[Span]:
    """The marked text cut into spans of one provenance (the innermost mark wins). Every check of a
    rendered text reads its spans, so they are cut once per text (the spans are frozen)."""
    return list(_spans(text))


@lru_cache(maxsize=256)
def _spans(text: str) -> tuple[Span, ...]:
    return tuple(_walk(text, None))


def _walk(text: str, declared: list[tuple[int, int, int, int]] | None) -> list[Span]:
    """`spans`, and each declaration (`declarations`) into `declared` when it is a list."""
    out: list[Span] = []
    stack: list[tuple[int, bool, int, str | None, str | None, Subject | None]] = []
    buf: list[str] = []
    pos = 0
    i = 0
    n = len(text)

    def flush() -> None:
        nonlocal pos
        if buf:
            chunk = "".join(buf)
            line, computed, index, side, meaning, about = stack[-1] if stack else (0, False, -1, None, None, None)
            out.append(Span(chunk, pos, line, computed, index, side, meaning, about))
            pos += len(chunk)
            buf.clear()

    while i < n:
        c = text[i]
        if c in (COMPUTED, PRINTED):
            flush()
            line, index, side, meaning = _read(text, i + 1), _read(text, i + 2) - 1, _read(text, i + 3), \
                _read(text, i + 4)
            about, after = Subject.decode(text, i + 5)
            stack.append((line, c == COMPUTED, index, {1: "white", 2: "black"}.get(side),
                          MEANINGS[meaning] if 0 < meaning < len(MEANINGS) else None, about))
            i = after - 1
        elif c == CLOSE:
            flush()
            if stack:
                stack.pop()
        elif c == DECLARE:
            if declared is not None:  # a declaration is no text, only a place
                line, _, index, *_ = stack[-1] if stack else (0, False, -1)
                declared.append((pos + len(buf), _read(text, i + 1), line, index))
            i += 1
        else:
            buf.append(c)
        i += 1
    flush()
    return out


def _read(text: str, i: int) -> int:
    n = ord(text[i]) - _LINE_BASE if i < len(text) else -1
    return n if 0 <= n <= _MAX_LINE else 0


class FactMarkup(Markup):
    """HTML a helper computed (a checked play, a block's placeholder): printed as a fact."""

    tavla_fact = True
    about: Subject | None = None


class Word(str):
    """A word or form a fact prints (`.words`, `.ordinal`, a side's name): printed as a fact."""

    tavla_fact = True
    side: str | None = None
    meaning: str | None = None
    about: Subject | None = None
