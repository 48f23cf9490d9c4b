"""Numbers as a page prints them: digits, words and ordinals in the page's language.

A page never types a number that states a fact of the game (`audit`); it prints
one computed by the engine, and `Num` is how: an `int` (so a page can compare
and add) that prints itself in the page's language and offers the other forms
a sentence needs.

>>> n = Num(4, "tr")
>>> str(n), n.words, n.ordinal, n.ordinal_words
('4', 'dört', '4.', 'dördüncü')
>>> e = Num(4, "en")
>>> str(e), e.words, e.ordinal, e.ordinal_words, e.plural_words
('4', 'four', '4th', 'fourth', 'fours')
>>> Num(2, "tr").Words, Num(2, "en").Words
('İki', 'Two')
>>> Num(1500, "tr"), Num(1500, "en")
(Num(1.500), Num(1,500))
>>> str(Num(4, "tr") + 1)   # arithmetic gives a plain int
'5'
>>> percent(Fraction(13, 16), "tr"), percent(Fraction(13, 16), "en"), percent(Fraction(1, 3), "en")
('%81,3', '81.3%', '33.3%')
>>> joined(["3-3", "4-4", "5-5", "6-6"], "tr", "or"), joined(["a", "b"], "en", "and")
('3-3, 4-4, 5-5 ya da 6-6', 'a and b')
"""
from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

from babel.numbers import format_decimal, format_percent

from ...languages import registry
from ...languages.grammars import Grammar
from ..provenance import Subject, Word


def _grammar(lang: str) -> Grammar:
    """The registry's grammar of `lang` (LanguageError, naming the entry to write, when it has none)."""
    return registry.get(lang).grammar


def _locale(lang: str) -> str:
    entry = registry.lookup(lang)
    return entry.locale if entry is not None else lang


def words(n: int, lang: str) -> str:
    """`n` in words, 0–100 (larger numbers stay digits: no page states them in words)."""
    return _grammar(lang).words(n)


def ordinal_words(n: int, lang: str) -> str:
    """`n`th in words: dördüncü, fourth."""
    return _grammar(lang).ordinal_words(n)


def ordinal(n: int, lang: str) -> str:
    """`n`th in digits: Turkish `6.`, English `6th`."""
    return _grammar(lang).ordinal(n)


def digits(n: int, lang: str) -> str:
    """`n` with the language's digit grouping (1.500 / 1,500)."""
    return format_decimal(n, locale=_locale(lang))


def percent(x: Fraction, lang: str) -> str:
    """A probability to one decimal, rounded half up (81.25% → 81.3%), never 0% or 100% unless exact."""
    if not 0 <= x <= 1:
        raise ValueError(f"not a probability: {x}")
    d = (Decimal(x.numerator) / Decimal(x.denominator)).quantize(Decimal("0.001"), rounding=ROUND_HALF_UP)
    if x not in (0, 1):
        d = min(max(d, Decimal("0.001")), Decimal("0.999"))
    return format_percent(d, format="#,##0.#%" if lang != "tr" else "%#,##0.#", locale=_locale(lang))


# The words that join a list's last item: msgids for the catalogs (babel.cfg, `tables_extract`). A page
# prints its language's registry entry (`conjunctions:`); a test keeps tr.yaml and en.yaml equal to these.
CONJUNCTIONS = {"en": {"or": "or", "and": "and"}, "tr": {"or": "ya da", "and": "ve"}}


def joined(items: Sequence[str], lang: str, how: str = "and") -> str:
    """`a, b, c ve d` / `a, b, c and d` (no comma before the conjunction, in either language)."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {registry.get(lang).conjunctions[how]} " + items[-1]


class Num(int):
    """An engine-computed integer that prints in its page's language.

    `tavla_fact` marks it as computed for the reader audit (`site.provenance`); `echo` is set on
    a number a helper only repeats from its own arguments (`s.point(19).point`), which the audit
    treats as typed. Its forms (`.words`, `.ordinal`, …) are computed words, `Word`s."""

    lang: str
    tavla_fact = True
    echo = False
    side: str | None = None  # the side the number belongs to ("white", "black"), when it is one's
    meaning: str | None = None  # what it counts ("home", "off", "left", "mars", …), when a helper knows
    about: Subject | None = None  # what it is about (a point, a die, success or failure), when a helper knows

    def __new__(cls, value: int, lang: str) -> Num:
        n = super().__new__(cls, value)
        n.lang = lang
        return n

    def __str__(self) -> str:
        return digits(int(self), self.lang)

    __html__ = __str__

    def __repr__(self) -> str:
        return f"Num({self})"

    def echoed(self) -> Num:
        """The same number, marked as a repeat of what the page typed (printed, it is a literal)."""
        n = Num(int(self), self.lang)
        n.echo = True
        return n

    def of_side(self, side: str | None, meaning: str | None = None) -> Num:
        """The same number, as a count of `side`'s and of what (`meaning`): a sentence about the
        other side, or about another count, must not print it (`audit.reader`)."""
        n = Num(int(self), self.lang)
        n.side, n.meaning, n.about = side, meaning, self.about
        return n

    def on(self, about: Subject) -> Num:
        """The same number, saying what it is about (`provenance.Subject`): printed beside words
        that name another point, die or outcome, it is a fault (`audit.subjects`)."""
        n = self.of_side(self.side, self.meaning)
        n.about = about
        return n

    def _word(self, text: str) -> str:
        if self.echo:
            return text
        w = Word(text)
        w.side, w.meaning, w.about = self.side, self.meaning, self.about
        return w

    @property
    def value(self) -> int:
        return int(self)

    @property
    def words(self) -> str:
        """dört / four."""
        return self._word(words(int(self), self.lang))

    @property
    def Words(self) -> str:  # noqa: N802 - the capitalised form a sentence starts with
        """Dört / Four (a sentence's first word); Turkish dotted i keeps its dot (İki, not Iki)."""
        return self._word(_grammar(self.lang).capitalized(self.words))

    @property
    def ordinal(self) -> str:
        """4. / 4th."""
        return self._word(ordinal(int(self), self.lang))

    @property
    def ordinal_words(self) -> str:
        """dördüncü / fourth."""
        return self._word(ordinal_words(int(self), self.lang))

    @property
    def plural_words(self) -> str:
        """English die names in the plural (fours, sixes); Turkish keeps the word (dört)."""
        return self._word(_grammar(self.lang).plural_words(self.words))

    @property
    def die_name(self) -> str:
        """The name of one die showing this number: Turkish beşli, altılı; English five, six.

        >>> Num(5, "tr").die_name, Num(4, "tr").die_name, Num(6, "en").die_name
        ('beşli', 'dörtlü', 'six')
        """
        return self._word(_grammar(self.lang).die_name(int(self)))

    @property
    def die_names(self) -> str:
        """Dice showing this number after a count, "dört beşli" / "four fives": Turkish keeps the
        singular after a number, English takes the plural.

        >>> Num(5, "tr").die_names, Num(5, "en").die_names, Num(6, "en").die_names
        ('beşli', 'fives', 'sixes')
        """
        return self._word(_grammar(self.lang).die_names(int(self)))


def fixed(x: Fraction | float, lang: str, places: int = 2) -> str:
    """A non-whole number to `places` decimals, as the odds tables print one (`1,25` / `1.25`): an
    exact fraction is rounded once, a float (the bear-off database's value) from its shortest repr.

    >>> fixed(Fraction(5, 4), "tr"), fixed(Fraction(41, 36), "en"), fixed(12.2695, "en")
    ('1,25', '1.14', '12.27')
    """
    if isinstance(x, Fraction):
        with localcontext() as ctx:
            ctx.prec = 30
            d = Decimal(x.numerator) / Decimal(x.denominator)
    else:
        d = Decimal(repr(float(x)))
    return format_decimal(d, format="#,##0." + "0" * places, locale=_locale(lang), decimal_quantization=True)


def mixed(x: Fraction, lang: str) -> str:
    """An exact fraction as a sentence reads it: the whole part, a no-break space, the rest
    (`8 1/6`); a whole number alone (`8`), a proper fraction alone (`1/6`).

    >>> mixed(Fraction(49, 6), "tr"), mixed(Fraction(8), "en"), mixed(Fraction(1, 6), "en")
    ('8\\xa01/6', '8', '1/6')
    """
    whole, rest = divmod(x.numerator, x.denominator)
    if not rest:
        return digits(whole, lang)
    part = f"{rest}/{x.denominator}"
    return f"{digits(whole, lang)}\u00a0{part}" if whole else part
