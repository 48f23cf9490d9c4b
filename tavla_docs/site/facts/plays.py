"""A play, its moves and its roll as a page prints them: code with a reading, dice as numbers."""
from __future__ import annotations

import gettext
from types import SimpleNamespace
from typing import Any

from markupsafe import Markup

from ...engine.board import BAR, OFF, Side
from ...engine.dice import Roll
from ...engine.play import Move, Play
from ..provenance import Subject, new_group, play_points, roll_group
from ..reading import read_play
from .numerals import Num
from .values import FactList, RollValue, Text


def play_markup(text: str, t: gettext.GNUTranslations, pins: bool = False) -> Markup:
    """A play as pages show it: `<code class="tavla-play" title="its reading">9/3 3/off</code>`;
    `pins`: the game pins where others hit, so its `*` is read as a pin."""
    shown = text or t.gettext("no move")
    return Markup('<code class="tavla-play" title="{}">{}</code>').format(
        read_play(text, t, pins) if text else shown, Markup(str(Markup.escape(shown)).replace("*", "&#42;")))


def side_name(side: Side, t: gettext.GNUTranslations) -> Text:
    return Text(t.gettext("White") if side is Side.WHITE else t.gettext("Black"))


def role(name: Text, meaning: str, about: Subject | None) -> Text:
    """A side's name saying its role in a position (on roll, the other side, the pip leader) and
    what that role is about (the frame's roll, the position's lead), for `audit.roles`."""
    name.meaning, name.about = meaning, about
    return name


def written_dice(text: str, roll: Roll) -> tuple[int, ...]:
    """The dice a written play uses, in the written order (`9/6 6/off` with 6-3: 3, 6); () when a
    step does not show its die (`24/18` with 4-2 could be either order). For a play in prose
    checked `in_order` or as the first moves (`part`), so "the six first" can be checked."""
    from ...engine.notation import NotationError, parse_play
    try:
        segments = parse_play(text)
    except NotationError:
        return ()
    left = sorted([roll.high, roll.low] * (2 if roll.is_double else 1))
    out: list[int] = []
    for seg in segments:
        for _ in range(seg.count):
            at = seg.src
            for stop, _hit in seg.stops:
                d = at - stop
                die = d if d in left else next((x for x in left if x > d), 0) if stop == OFF else 0
                if not die:
                    return ()
                left.remove(die)
                out.append(die)
                at = stop
    return tuple(out)


def play_subject(text: str, roll: Roll | None, side: Side | None = None, geometry: Any = None,
                 ordered: bool = True) -> Subject:
    """What a play in prose is about: its dice in the written order (`written_dice`, when the
    order is the one played: `ordered`) and, given the mover and the board, its points."""
    from ...engine.notation import NotationError, parse_play

    lands = starts = 0
    if side is not None and geometry is not None:
        try:
            legs = [SimpleNamespace(src=a, dst=b) for seg in parse_play(text)
                    for a, b in zip([seg.src] + [s for s, _ in seg.stops], [s for s, _ in seg.stops], strict=False)]
        except NotationError:
            legs = []
        lands, starts = play_points(legs, side, geometry)
    dice = written_dice(text, roll) if roll is not None and ordered else ()
    return Subject(group=new_group(), dice=dice, lands=lands, starts=starts)


class RollFact:
    """A roll: prints `6-3`; `.high`, `.low` are its dice (`Num`, so `.words` reads `altı`)."""

    tavla_fact = True  # computed, for the reader audit (`site.provenance`)

    def __init__(self, roll: Roll, lang: str, turn: str = "") -> None:
        self.roll = roll
        group = roll_group(roll.high, roll.low)
        # a die word names its die, and its roll (a double's two dice are equal: `audit.siblings`)
        self.high = Num(roll.high, lang).of_side(None, "die").on(Subject(group=group, die=roll.high))
        self.low = Num(roll.low, lang).of_side(None, "die").on(Subject(group=group, die=roll.low))
        self.double = roll.is_double
        # its own group, shared by its `.ways`: a roll's count printed beside another roll is `audit.rollkinds`';
        # and the side that rolls it, in a frame (`turn`): "{{ h.opponent }} rolls {{ h3.roll }}" (`audit.siblings`)
        self.about = Subject(group=group, outcome="double" if roll.is_double else "mixed", turn=turn)

    def __str__(self) -> str:
        return str(self.roll)

    __html__ = __str__

    @property
    def ways(self) -> Num:
        """How many of the 36 equally likely outcomes show this roll: 1 for a double, 2 otherwise."""
        return RollValue(self.roll.high, self.roll.low, self.high.lang).ways.on(self.about)

    @property
    def orders(self) -> FactList:
        """The outcomes of the two dice that make this roll (`6-5 ve 5-6`; a double has one)."""
        return RollValue(self.roll.high, self.roll.low, self.high.lang).orders


class MoveFact:
    """One single-die move of a play: prints as code (`9/3`); `.die`, `.src`, `.dst` are `Num`s
    in the mover's numbering (`.src` is None from the bar, `.dst` None when bearing off)."""

    tavla_fact = True  # computed, for the reader audit (`site.provenance`)

    def __init__(self, move: Move, lang: str, t: gettext.GNUTranslations, pins: bool = False,
                 group: int = 0, place: int = 0, side: str = "") -> None:
        self.move = move
        self._pins = pins
        # the die word knows its move: "the three bears off" must be said of a move that does,
        # and "from the 4-point" of this move's points (`audit.subjects`)
        self.die = Num(move.die, lang).of_side(None, "die").on(
            Subject(group=group, die=move.die, off=move.dst == OFF, move=place))
        self.about = Subject(group=group, dice=(move.die,), move=place)  # and its place: `audit.siblings`
        # its points are in the mover's own numbering, and the mover is on roll (`audit.sideroles`)
        at = Subject(group=group, move=place, turn=side, own=side)
        self.src = None if move.src == BAR else Num(move.src, lang).of_side(None, "point").on(at)
        self.dst = None if move.dst == OFF else Num(move.dst, lang).of_side(None, "point").on(
            Subject(group=group, move=place, landing=True, turn=side, own=side))  # not where it stands (`audit.landing`)
        self.from_bar = move.src == BAR
        self.bears_off = move.dst == OFF
        self.hit = move.hit
        self._t = t

    @property
    def text(self) -> str:
        """The plain notation, `9/3`."""
        return str(self.move)

    def __str__(self) -> str:  # pages are Markdown: a play prints as its code element
        return str(play_markup(str(self.move), self._t, self._pins))

    __html__ = __str__


class PlayFact:
    """A legal play: prints as code with its reading; `.moves` its single moves in order, `.off` the
    checkers it bears off, `.hits` whether it hits."""

    tavla_fact = True  # computed, for the reader audit (`site.provenance`)

    def __init__(self, play: Play, lang: str, t: gettext.GNUTranslations, text: str | None = None,
                 pins: bool = False, geometry: Any = None) -> None:
        self.play = play
        self.text = text or str(play)
        self._pins = pins
        group = new_group()
        side = getattr(play.side, "value", "")
        self.moves = tuple(MoveFact(m, lang, t, pins, group, i, side) for i, m in enumerate(play.moves, start=1))
        lands, starts = play_points(play.moves, play.side, geometry) if geometry is not None else (0, 0)
        # its moves are in the notation's order, not the order played; its points, for `audit.playpoints`
        self.about = Subject(group=group, lands=lands, starts=starts)
        self.off = Num(sum(1 for m in play.moves if m.dst == OFF), lang).of_side(None, "checkers")
        self.hits = play.hits
        self.dice_used = Num(play.dice_used, lang).of_side(None, "dice")
        self._t = t

    def __str__(self) -> str:  # pages are Markdown: a play prints as its code element
        return str(play_markup(self.text, self._t, self._pins))

    __html__ = __str__

    @property
    def checkers(self) -> Num:
        """How many checkers the play moves: the fewest that make its moves, so a checker that goes
        on from where another move landed is one checker (`24/21/15` moves one, `24/18(2)` two)."""
        gone: dict[int, int] = {}
        for m in self.play.moves:
            gone[m.src] = gone.get(m.src, 0) + 1
            gone[m.dst] = gone.get(m.dst, 0) - 1
        return Num(sum(n for n in gone.values() if n > 0), self.off.lang).of_side(None, "checkers")
