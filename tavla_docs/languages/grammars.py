"""How a language writes numbers: the grammar hooks a registry entry names (`grammar:`).

Turkish and English are the project's reference languages and keep their own code
(`TurkishGrammar`, `EnglishGrammar`): Turkish vowel harmony (dördüncü, beşli) is rules,
not a table. Every other language is data (`DataGrammar`): its entry's own tables first,
then `num2words` where that library covers the language, then digits. A number without
words prints as digits, never in English.

A hook is looked up by name in `GRAMMARS`: an entry names one, it never imports code.

>>> t, e = TurkishGrammar(), EnglishGrammar()
>>> t.words(4), t.ordinal_words(4), t.ordinal(4), t.die_name(4), e.ordinal_words(21), e.plural_words("six")
('dört', 'dördüncü', '4.', 'dörtlü', 'twenty-first', 'sixes')
>>> g = DataGrammar("es", words={2: "dos"}, ordinal_words={}, ordinal_pattern="{n}º", library=False)
>>> g.words(2), g.words(3), g.ordinal(3), g.ordinal_words(3), g.die_name(2), g.die_names(2)
('dos', '3', '3º', '3º', 'dos', 'dos')
"""
from __future__ import annotations

from collections.abc import Callable, Mapping


def digits(n: int, locale: str) -> str:
    """`n` with the locale's digit grouping (1.500 / 1,500); Babel loads when a number is printed,
    not when a light command (`check --help`) imports the scenario layer."""
    from babel.numbers import format_decimal

    return format_decimal(n, locale=locale)


class Grammar:
    """Numbers in words for one language; the base writes digits (a language with no words)."""

    locale = "en"

    def words(self, n: int) -> str:
        return digits(n, self.locale)

    def ordinal(self, n: int) -> str:
        return f"{digits(n, self.locale)}."

    def ordinal_words(self, n: int) -> str:
        return self.ordinal(n)

    def plural_words(self, word: str) -> str:
        """A die's name in the plural after a count (English "fours"); most languages keep the word."""
        return word

    def die_name(self, n: int) -> str:
        """One die showing `n` (Turkish beşli, English five)."""
        return self.words(n)

    def die_names(self, n: int) -> str:
        """Dice showing `n` after a count."""
        return self.die_name(n)

    def capitalized(self, word: str) -> str:
        """The word starting a sentence."""
        return word[:1].upper() + word[1:]

    def before_lower(self, text: str) -> str:
        """The language's own lower-case letters put in before `str.lower` (Turkish I → ı)."""
        return text


_TR_UNITS = ("", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz")
_TR_TENS = ("", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan")
# The ordinal suffix of the last word (vowel harmony; dört → dördüncü, on → onuncu).
_TR_ORDINAL = {"bir": "birinci", "iki": "ikinci", "üç": "üçüncü", "dört": "dördüncü", "beş": "beşinci",
               "altı": "altıncı", "yedi": "yedinci", "sekiz": "sekizinci", "dokuz": "dokuzuncu", "on": "onuncu",
               "yirmi": "yirminci", "otuz": "otuzuncu", "kırk": "kırkıncı", "elli": "ellinci", "altmış": "altmışıncı",
               "yetmiş": "yetmişinci", "seksen": "sekseninci", "doksan": "doksanıncı", "yüz": "yüzüncü"}
# The adjective suffix of a die's name, by vowel harmony (iki → ikili, üç → üçlü, altı → altılı).
_TR_DIE_SUFFIX = {1: "li", 2: "li", 3: "lü", 4: "lü", 5: "li", 6: "lı"}


class TurkishGrammar(Grammar):
    """Turkish numbers: words 0–100 written apart (on bir), ordinals by vowel harmony."""

    locale = "tr"

    def words(self, n: int) -> str:
        if not 0 <= n <= 100:
            return digits(n, self.locale)
        if n == 0:
            return "sıfır"
        if n == 100:
            return "yüz"
        return " ".join(w for w in (_TR_TENS[n // 10], _TR_UNITS[n % 10]) if w)

    def ordinal(self, n: int) -> str:
        return f"{digits(n, self.locale)}."

    def ordinal_words(self, n: int) -> str:
        if not 1 <= n <= 100:
            return self.ordinal(n)
        head, _, last = self.words(n).rpartition(" ")
        last = _TR_ORDINAL[last]
        return f"{head} {last}" if head else last

    def die_name(self, n: int) -> str:
        return self.words(n) + _TR_DIE_SUFFIX[n] if 1 <= n <= 6 else self.words(n)

    def capitalized(self, word: str) -> str:
        """Turkish dotted i keeps its dot (İki, not Iki)."""
        return ("İ" if word[:1] == "i" else word[:1].upper()) + word[1:]

    def before_lower(self, text: str) -> str:
        """Turkish dotless and dotted capitals (I → ı, İ → i)."""
        return text.replace("I", "ı").replace("İ", "i")


_EN_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
             "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_EN_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_EN_ORDINAL = {"one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth",
               "nine": "ninth", "twelve": "twelfth"}
_EN_PLURAL = {"six": "sixes"}


class EnglishGrammar(Grammar):
    """English numbers: twenty-one, twenty-first, 21st; dice in the plural after a count (fours)."""

    locale = "en"

    def words(self, n: int) -> str:
        if not 0 <= n <= 100:
            return digits(n, self.locale)
        if n < 20:
            return _EN_UNITS[n]
        if n == 100:
            return "one hundred"
        return _EN_TENS[n // 10] + (f"-{_EN_UNITS[n % 10]}" if n % 10 else "")

    def ordinal(self, n: int) -> str:
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{digits(n, self.locale)}{suffix}"

    def ordinal_words(self, n: int) -> str:
        if not 1 <= n <= 100:
            return self.ordinal(n)
        head, _, last = self.words(n).rpartition("-")
        if last in _EN_ORDINAL:
            last = _EN_ORDINAL[last]
        elif last.endswith("y"):
            last = last[:-1] + "ieth"
        else:
            last += "th"
        return f"{head}-{last}" if head else last

    def plural_words(self, word: str) -> str:
        return _EN_PLURAL.get(word, word + "s")

    def die_names(self, n: int) -> str:
        return self.plural_words(self.words(n))


def _library(lang: str, to: str) -> Callable[[int], str] | None:
    """num2words' converter for `lang` (`to`: "cardinal" or "ordinal"), None where it has none."""
    try:
        from num2words import CONVERTER_CLASSES, num2words
    except ImportError:  # pragma: no cover - a declared dependency
        return None
    if lang not in CONVERTER_CLASSES:
        return None

    def convert(n: int) -> str:
        try:
            return str(num2words(n, lang=lang, to=to))
        except (NotImplementedError, OverflowError, ValueError):
            return ""
    return convert


class DataGrammar(Grammar):
    """A language written as data: the entry's tables, then num2words, then digits (0–100 in words)."""

    def __init__(self, locale: str, *, words: Mapping[int, str], ordinal_words: Mapping[int, str],
                 ordinal_pattern: str, library: bool = True, die_name: Mapping[int, str] | None = None,
                 die_names: Mapping[int, str] | None = None) -> None:
        self.locale = locale
        self._words, self._ordinal_words, self._pattern = dict(words), dict(ordinal_words), ordinal_pattern
        # A die's own name where the language has one (Greek πεντάρι, after a count πεντάρια).
        self._die_name, self._die_names = dict(die_name or {}), dict(die_names or {})
        lang = locale.split("_")[0]
        self._cardinal = _library(lang, "cardinal") if library else None
        self._ordinal = _library(lang, "ordinal") if library else None

    def words(self, n: int) -> str:
        if n in self._words:
            return self._words[n]
        if 0 <= n <= 100 and self._cardinal is not None:
            return self._cardinal(n) or digits(n, self.locale)
        return digits(n, self.locale)

    def ordinal(self, n: int) -> str:
        return self._pattern.replace("{n}", digits(n, self.locale))

    def die_name(self, n: int) -> str:
        return self._die_name.get(n) or self.words(n)

    def die_names(self, n: int) -> str:
        return self._die_names.get(n) or self.die_name(n)

    def ordinal_words(self, n: int) -> str:
        if n in self._ordinal_words:
            return self._ordinal_words[n]
        if 1 <= n <= 100 and self._ordinal is not None:
            return self._ordinal(n) or self.ordinal(n)
        return self.ordinal(n)


# The hooks an entry may name; everything else about a language is its entry's data.
GRAMMARS: dict[str, type[Grammar]] = {"turkish": TurkishGrammar, "english": EnglishGrammar}
