"""Printable fact values: lists of numbers, rolls and plays, and side names, in a page's language.

Each prints itself the way a sentence needs it (`str()`), so a page writes
`{{ s.odds.bears_off.rolls }}` and gets `3-3, 4-4, 5-5 ya da 6-6`; other forms
are attributes (`.and_list`, `.count`).

>>> FactList(["3-3", "4-4", "6-6"], "en")
FactList('3-3, 4-4 or 6-6')
>>> str(FactList(["3-3", "4-4", "6-6"], "tr").and_list), FactList([], "en").count
('3-3, 4-4 ve 6-6', Num(0))
>>> str(FactList([Num(6, "tr"), Num(5, "tr"), Num(3, "tr")], "tr", "and").ordinal)
'6., 5. ve 3.'
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from markupsafe import Markup

from ..provenance import Subject, Word, roll_group
from .numerals import Num, joined


class FactList:
    """Computed items joined as a list: `a, b ya da c` (default, "or"), `.and_list` with "and"."""

    tavla_fact = True  # computed, for the reader audit (`site.provenance`)
    about: Subject | None = None  # what the list is about (`provenance.Subject`), when a helper knows
    side: str | None = None  # whose points they are (`occupied.black`): words about the other side must not print them

    def __init__(self, items: Sequence[Any], lang: str, how: str = "or", about: Subject | None = None,
                 side: str | None = None) -> None:
        self.items = tuple(items)
        self.lang = lang
        self.how = how
        self.side = side
        if about is None and len(self.items) == 1 and isinstance(self.items[0], Num):
            about = self.items[0].about  # a list of one point names that point
        self.about = about

    def __str__(self) -> str:
        return joined([str(i) for i in self.items], self.lang, self.how)

    def __html__(self) -> str:
        return joined([i.__html__() if hasattr(i, "__html__") else str(Markup.escape(i)) for i in self.items],
                      self.lang, self.how)

    def __repr__(self) -> str:
        return f"FactList({str(self)!r})"

    def __iter__(self) -> Iterator[Any]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, i: int) -> Any:
        return self.items[i]

    def __bool__(self) -> bool:
        return bool(self.items)

    @property
    def and_list(self) -> FactList:
        return FactList(self.items, self.lang, "and", self.about, self.side)

    @property
    def or_list(self) -> FactList:
        return FactList(self.items, self.lang, "or", self.about, self.side)

    @property
    def count(self) -> Num:
        return Num(len(self.items), self.lang)

    @property
    def first(self) -> Any:
        return self.items[0] if self.items else None

    @property
    def last(self) -> Any:
        return self.items[-1] if self.items else None

    @property
    def ordinal(self) -> FactList:
        """The same numbers as ordinals, joined the same way: `6., 5. ve 3.` / `6th, 5th and 3rd`
        (a Turkish sentence names points so: "6., 5. ve 3. hanelerde")."""
        return FactList([i.ordinal for i in self.items], self.lang, self.how, self.about, self.side)


class Span:
    """A range of points or numbers, `1–6` (an en dash), with its ends as `Num`s."""

    tavla_fact = True
    side: str | None = None  # whose range it is (`rules.home_of("black")`): a clause about the other side must not print it
    about: Subject | None = None  # the frame's side on roll, for "the opponent's home" (`audit.sideroles`)

    def __init__(self, first: int, last: int, lang: str) -> None:
        self.first = Num(first, lang)
        self.last = Num(last, lang)

    def __str__(self) -> str:
        return f"{self.first}–{self.last}"

    __html__ = __str__

    def __repr__(self) -> str:
        return f"Span({self})"

    @property
    def count(self) -> Num:
        """How many numbers the span holds: the home board `1–6` has six points."""
        return Num(int(self.last) - int(self.first) + 1, self.first.lang)


class Text(str):
    """A word from the catalogs (a side's or game's name) that a sentence may capitalise or not.

    >>> Text("beyaz").Cap
    'Beyaz'
    """

    tavla_fact = True
    about: Subject | None = None  # what it is about (a point's owner names that point: `audit.playpoints`)
    meaning: str | None = None  # a side's role (`provenance.MEANINGS`: "turn", "opponent", "lead")

    @property
    def Cap(self) -> str:  # noqa: N802 - the capitalised form
        return Text(self[:1].upper() + self[1:])


class Amount(str):
    """A computed number that is not a whole one, as the page prints it (`1,25` / `1.25`), with
    `.exact`, its exact fraction (`5/4`), or "" when only a rounded value is known, and `.mixed`,
    the exact value as a whole number and a fraction (`1 1/4`, what a sentence reads; else `.exact`).

    >>> a = Amount("1,25", "5/4", "1\u00a01/4")
    >>> str(a), a.exact, a.mixed
    ('1,25', '5/4', '1\xa01/4')
    """

    exact: str
    tavla_fact = True
    side: str | None = None  # whose amount it is ("white", "black"), for the reader audit
    about: Subject | None = None  # what it is about (`provenance.Subject`)
    mixed: str

    def __new__(cls, text: str, exact: str = "", mixed: str = "") -> Amount:
        a = super().__new__(cls, text)
        a.exact = Word(exact)  # computed forms of a computed number
        a.mixed = Word(mixed or exact)
        return a


class RollValue:
    """A roll a sentence names as its example (`rules().roll(6, 5)`): prints `6-5`; `.high`, `.low`
    (`Num`s), `.ways` (how many of the 36 equally likely outcomes show it: 1 for a double, 2
    otherwise) and `.orders` (the dice outcomes that make it, `6-5 ve 5-6`).

    >>> r = RollValue(5, 6, "tr")
    >>> str(r), r.ways, str(r.orders), RollValue(3, 3, "en").ways
    ('6-5', Num(2), '6-5 ve 5-6', Num(1))
    """

    tavla_fact = True
    echo = False  # set by `rules().roll(a, b)`: the dice the page typed

    def __init__(self, a: int, b: int, lang: str) -> None:
        from ...engine.dice import Roll
        self.roll = Roll(int(a), int(b))
        self.high = Num(self.roll.high, lang).of_side(None, "die")
        self.low = Num(self.roll.low, lang).of_side(None, "die")
        self.double = self.roll.is_double
        self.lang = lang
        # "a mixed roll such as …"; its group is shared by its `.ways`, so a count of this roll printed
        # in a clause about another roll is found (`audit.rollkinds`)
        self.about = Subject(group=roll_group(self.roll.high, self.roll.low), outcome="double" if self.double else "mixed")

    def __str__(self) -> str:
        return str(self.roll)

    __html__ = __str__

    def __repr__(self) -> str:
        return f"RollValue({self})"

    @property
    def ways(self) -> Num:
        return Num(self.roll.weight, self.lang).of_side(None, "ways").on(self.about)

    @property
    def orders(self) -> FactList:
        shown = dict.fromkeys((f"{self.high}-{self.low}", f"{self.low}-{self.high}"))
        return FactList(list(shown), self.lang, "and")
