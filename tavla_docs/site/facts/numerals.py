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

from ..provenance import Subject, Word

_TR_UNITS = ("", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz")
_TR_TENS = ("", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan")
# The ordinal suffix of the last word (vowel harmony; dört → dördüncü, on → onuncu).
_TR_ORDINAL = {"bir": "birinci", "iki": "ikinci", "üç": "üçüncü", "dört": "dördüncü", "beş": "beşinci",
               "altı": "altıncı", "yedi": "yedinci", "sekiz": "sekizinci", "dokuz": "dokuzuncu", "on": "onuncu",
               "yirmi": "yirminci", "otuz": "otuzuncu", "kırk": "kırkıncı", "elli": "ellinci", "altmış": "altmışıncı",
               "yetmiş": "yetmişinci", "seksen": "sekseninci", "doksan": "doksanıncı", "yüz": "yüzüncü"}
_EN_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
             "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_EN_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_EN_ORDINAL = {"one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth",
               "nine": "ninth", "twelve": "twelfth"}
_EN_PLURAL = {"six": "sixes"}

#: The languages whose words this module knows.
LANGUAGES = ("tr", "en")


def words(n: int, lang: str) -> str:
    """`n` in words, 0–100 (larger numbers stay digits: no page states them in words)."""
    if not 0 <= n <= 100:
        return digits(n, lang)
    if lang == "tr":
        if n == 0:
            return "sıfır"
        if n == 100:
            return "yüz"
        return " ".join(w for w in (_TR_TENS[n // 10], _TR_UNITS[n % 10]) if w)
    if n < 20:
        return _EN_UNITS[n]
    if n == 100:
        return "one hundred"
    return _EN_TENS[n // 10] + (f"-{_EN_UNITS[n % 10]}" if n % 10 else "")


def ordinal_words(n: int, lang: str) -> str:
    """`n`th in words: dördüncü, fourth."""
    w = words(n, lang)
    if not 1 <= n <= 100:
        return ordinal(n, lang)
    head, _, last = w.rpartition(" " if lang == "tr" else "-")
    sep = " " if lang == "tr" else "-"
    if lang == "tr":
        last = _TR_ORDINAL[last]
    elif last in _EN_ORDINAL:
        last = _EN_ORDINAL[last]
    elif last.endswith("y"):
        last = last[:-1] + "ieth"
    else:
        last += "th"
    return f"{head}{sep}{last}" if head else last


def ordinal(n: int, lang: str) -> str:
    """`n`th in digits: Turkish `6.`, English `6th`."""
    if lang == "tr":
        return f"{digits(n, lang)}."
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{digits(n, lang)}{suffix}"


def digits(n: int, lang: str) -> str:
    """`n` with the language's digit grouping (1.500 / 1,500)."""
    return format_decimal(n, locale=lang)


def percent(x: Fraction, lang: str) -> str:
    """A probability to one decimal, rounded half up (81.25% → 81.3%), never 0% or 100% unless exact."""
    if not 0 <= x <= 1:
        raise ValueError(f"not a probability: {x}")
    d = (Decimal(x.numerator) / Decimal(x.denominator)).quantize(Decimal("0.001"), rounding=ROUND_HALF_UP)
    if x not in (0, 1):
        d = min(max(d, Decimal("0.001")), Decimal("0.999"))
    return format_percent(d, format="#,##0.#%" if lang != "tr" else "%#,##0.#", locale=lang)


# The words that join a list's last item, by language (msgids in the catalogs: babel.cfg, `tables_extract`).
CONJUNCTIONS = {"en": {"or": "or", "and": "and"}, "tr": {"or": "ya da", "and": "ve"}}


def joined(items: Sequence[str], lang: str, how: str = "and") -> str:
    """`a, b, c ve d` / `a, b, c and d` (no comma before the conjunction, in either language)."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {CONJUNCTIONS[lang][how]} " + items[-1]


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
        w = self.words
        head = "İ" if self.lang == "tr" and w[:1] == "i" else w[:1].upper()
        return self._word(head + w[1:])

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
        w = self.words
        if self.lang != "en":
            return w
        return self._word(_EN_PLURAL.get(w, w + "s"))

    @property
    def die_name(self) -> str:
        """The name of one die showing this number: Turkish beşli, altılı; English five, six.

        >>> Num(5, "tr").die_name, Num(4, "tr").die_name, Num(6, "en").die_name
        ('beşli', 'dörtlü', 'six')
        """
        if self.lang == "tr" and 1 <= self <= 6:
            return self._word(self.words + _TR_DIE_SUFFIX[int(self)])
        return self.words

    @property
    def die_names(self) -> str:
        """Dice showing this number after a count, "dört beşli" / "four fives": Turkish keeps the
        singular after a number, English takes the plural.

        >>> Num(5, "tr").die_names, Num(5, "en").die_names, Num(6, "en").die_names
        ('beşli', 'fives', 'sixes')
        """
        return self.die_name if self.lang != "en" else self.plural_words


# The adjective suffix of a die's name, by vowel harmony (iki → ikili, üç → üçlü, altı → altılı).
_TR_DIE_SUFFIX = {1: "li", 2: "li", 3: "lü", 4: "lü", 5: "li", 6: "lı"}

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
    return format_decimal(d, format="#,##0." + "0" * places, locale=lang, decimal_quantization=True)


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
