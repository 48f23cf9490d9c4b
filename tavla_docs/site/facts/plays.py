"""A play, its moves and its roll as a page prints them: code with a reading, dice as numbers."""
from __future__ import annotations

import gettext

from markupsafe import Markup

from ...engine.board import BAR, OFF, Side
from ...engine.dice import Roll
from ...engine.play import Move, Play
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


class RollFact:
    """A roll: prints `6-3`; `.high`, `.low` are its dice (`Num`, so `.words` reads `altı`)."""

    tavla_fact = True  # computed, for the reader audit (`site.provenance`)

    def __init__(self, roll: Roll, lang: str) -> None:
        self.roll = roll
        self.high = Num(roll.high, lang)
        self.low = Num(roll.low, lang)
        self.double = roll.is_double

    def __str__(self) -> str:
        return str(self.roll)

    __html__ = __str__

    @property
    def ways(self) -> Num:
        """How many of the 36 equally likely outcomes show this roll: 1 for a double, 2 otherwise."""
        return RollValue(self.roll.high, self.roll.low, self.high.lang).ways

    @property
    def orders(self) -> FactList:
        """The outcomes of the two dice that make this roll (`6-5 ve 5-6`; a double has one)."""
        return RollValue(self.roll.high, self.roll.low, self.high.lang).orders


class MoveFact:
    """One single-die move of a play: prints as code (`9/3`); `.die`, `.src`, `.dst` are `Num`s
    in the mover's numbering (`.src` is None from the bar, `.dst` None when bearing off)."""

    tavla_fact = True  # computed, for the reader audit (`site.provenance`)

    def __init__(self, move: Move, lang: str, t: gettext.GNUTranslations, pins: bool = False) -> None:
        self.move = move
        self._pins = pins
        self.die = Num(move.die, lang)
        self.src = None if move.src == BAR else Num(move.src, lang)
        self.dst = None if move.dst == OFF else Num(move.dst, lang)
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
                 pins: bool = False) -> None:
        self.play = play
        self.text = text or str(play)
        self._pins = pins
        self.moves = tuple(MoveFact(m, lang, t, pins) for m in play.moves)
        self.off = Num(sum(1 for m in play.moves if m.dst == OFF), lang)
        self.hits = play.hits
        self.dice_used = Num(play.dice_used, lang)
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
        return Num(sum(n for n in gone.values() if n > 0), self.off.lang)
