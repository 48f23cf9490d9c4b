"""What counts as a fact in text: numbers, rolls, plays and number words, per language.

The audit finds these in the text an author typed (prose, headings, table
cells, captions) and in literal values a page prints; a fact found there is
*literal*, one printed by a helper *computed*, one given to a checking helper
*checked*.

Number words are the cardinals and ordinals from two up, in every form (compounds
`onaltı`, `twenty-six`; any Turkish endings, `dördüncüsünden`, `altışar`; `half`,
`yarısı`, `a dozen`, `thrice`), die names in the plural, and the names of dice and
points (`düşeş`, `hep yek`, `şeşbeş`, `boxcars`, `the bar point`): "bir"/"one"/"first"
are left out, because in both languages they are as often an article or "the first
player" as a count, and so are "both" (`her iki`, `ikisi de`) and "another" (`a
second`). Words that only look like numbers (`onun` "his", `altında` "under",
`yarış` "race") are not facts. A number in another form of digits (`⅓`, `⑥`, `Ⅵ`,
`¹⁶`, full-width `６`), and a word hiding an invisible character or mixing scripts
(a soft hyphen, a Cyrillic "о" in "twо"), is a `unicode` fact: the checks cannot
read it, so it is never fine.

>>> [(f.kind, f.text) for f in find_facts("Altı 9/3 oynanır, 15 pulun 2-1 ile 27/36 ve %75.", "tr")]
[('word', 'Altı'), ('play', '9/3'), ('number', '15'), ('roll', '2-1'), ('number', '27/36'), ('number', '%75')]
>>> [(f.kind, f.text) for f in find_facts("the 6-point, four moves; one checker; dördüncü", "en")]
[('number', '6'), ('word', 'four')]
>>> [f.text for f in find_facts("ikisi de, dördüncü beşe, onun, on pul, altında", "tr")]
['dördüncü', 'beşe', 'on']
>>> [f.text for f in find_facts("onaltı pul, dördüncüsünden, altışar, yarısı, düşeş, şeşbeş, hep yek, yarış", "tr")]
['onaltı', 'dördüncüsünden', 'altışar', 'yarısı', 'düşeş', 'şeşbeş', 'hep yek']
>>> [f.text for f in find_facts("seventeen, twenty-six, a dozen, thrice, half, boxcars, the bar point; a second one", "en")]
['seventeen', 'twenty-six', 'dozen', 'thrice', 'half', 'boxcars', 'bar point']
>>> [f.text for f in find_facts("⅓ of ⑥, Ⅵ, 1¹⁶, fo\u00adur, twо", "en") if f.kind == "unicode"]
['⅓', '⑥', 'Ⅵ', '¹', '⁶', '\xad', 'twо']
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from ...languages import registry

_PLAY = r"(?:bar|\d{1,2})(?:/(?:\d{1,2}|off)\*?)+(?:\(\d\))?"
_FRACTION = r"\d+/(?:36|1[.,]?296)"
_ROLL = r"[1-6]-[1-6]"
_NUMBER = r"%\d+(?:[.,]\d+)*|\d+(?:[.,]\d+)*%?"

_TR_UNITS = ("iki", "üç", "dört", "dörd", "beş", "altı", "yedi", "sekiz", "dokuz")
_TR_TENS = ("yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan")
# A Turkish number word takes any chain of endings (dördüncüsünden, altışar, ikisini, yarısı), so
# the stem is matched with whatever follows, except the words that only look like one.
_TR_NOT_NUMBERS = re.compile(r"altın\w*|yedek\w*|yediğ\w*|yedir\w*|üçgen\w*|dörtgen\w*|beşik\w*|dokun\w*|"
                             r"ellerin\w*|yüzey\w*|yüzü\w*|yüzün\w*|yüzleş\w*|yüzme\w*|yüzer|yarış\w*|onay\w*|"
                             r"onu|onun|ona|onlar\w*|ondan|onca|onda|sekizgen\w*|ikindi\w*", re.IGNORECASE)
_TR_STEM = (r"(?:on|yirmi|otuz|kırk|elli|altmış|yetmiş|seksen|doksan)\s?(?:bir|iki|üç|dört|dörd|beş|altı|yedi|sekiz|"
            r"dokuz)\w*|(?:" + "|".join(sorted(_TR_UNITS + _TR_TENS, key=len, reverse=True)) + r")\w*"
            r"|on(?:uncu|ar|ları|lu|lar)?\w*?(?=[^\w]|$)|yarı(?:m|sı\w*)?|çeyre\w*|yüz(?:de|üncü\w*|lerce)?")
# Dice and their throws by their Persian-Turkish names: hep yek (1-1), dubara (2-2), düşeş (6-6),
# şeşbeş (6-5), yek-dü …; a name is a roll or a die, whatever the page meant by it.
# (`penci`, `pençi`: penç with the linking vowel, as in "penci dü" for 5-2)
_TR_DICE = (r"hep\s*yek|dubara|düşeş|dü\s?se|d[üu]\s?beş|(?:yek|dü|se|cihar|çihar|penç|pencü|penci|pençi|şeş)"
            r"(?:[\s-]?(?:yek|dü|se|cihar|çihar|penç|pencü|penci|pençi|şeş|beş))+|cihar|çihar|penç|pencü|şeş")
_EN_UNITS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
             "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty",
             "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand", "dozen")
_EN_ORDINALS = ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
                "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
                "nineteenth", "twentieth", "thirtieth", "fortieth", "fiftieth", "hundredth")
_EN_OTHER = ("twos", "threes", "fours", "fives", "sixes", "twice", "thrice", "half", "dozens", "hundreds",
             "deuce", "deuces", "trey", "treys", "aces", "ace", "boxcars", r"snake[\s-]eyes", "midpoint", "mid-point",
             r"(?:ace|bar|golden)[\s-]point", r"pairs?\s+of", r"couple\s+of",  # "a pair of turns": two
             r"half[\s-](?:a[\s-])?dozen", r"scores?\s+of", r"(?:two|three|four|five|six)fold")  # compounds: six
_EN_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")

_EN_DICE = r"(?:ace|deuce|trey|cater|cinque|six)[\s-](?:ace|deuce|trey|cater|cinque|six)"
_TR_WORD = re.compile(r"(?<![\w])(?:" + _TR_DICE + "|" + _TR_STEM + r")(?![\w])", re.IGNORECASE)
# The names of throws are the same facts in any page's language ("şeşbeş" on an English page).
_DICE_NAMES = re.compile(r"(?<![\w-])(?:" + _TR_DICE + "|" + _EN_DICE + r"|boxcars|snake[\s-]eyes)(?![\w-])",
                         re.IGNORECASE)
_EN_WORD = re.compile(r"(?<![\w-])(?:(?:" + "|".join(_EN_TENS) + r")[\s-](?:one|two|three|four|five|six|seven|eight|"
                      r"nine|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)"
                      r"|" + "|".join(sorted(_EN_UNITS + _EN_ORDINALS + _EN_OTHER, key=len, reverse=True))
                      + r")(?![\w-])", re.IGNORECASE)
# Not counts: "her iki"/"ikisi de" (both), "a second checker" (another one).
_NOT_A_COUNT = {"tr": re.compile(r"her\s+$", re.IGNORECASE), "en": re.compile(r"\ba\s+$", re.IGNORECASE)}
_TERM_AFTER = re.compile(r"\s+blo[kğ]", re.IGNORECASE)
_BOTH_AFTER = re.compile(r"(?:\s+\w+)?\s+d[ae]\b", re.IGNORECASE)  # "iki zar da", "ikisi de": both
_TOKENS = re.compile(rf"(?P<play>(?<![\w/.,]){_PLAY}(?![\w/]))|(?P<fraction>(?<![\w/]){_FRACTION}(?![\w/]))"
                     rf"|(?P<roll>(?<![\w\-–]){_ROLL}(?![\w\-]))|(?P<number>(?<![\w]){_NUMBER})")
# Characters that hide a fact from the checks: digits of other scripts and forms (⅓ ⑥ Ⅵ ¹⁶ ６),
# invisible characters inside a word (a soft hyphen, a zero-width space), private-use marks.
_HIDDEN = re.compile("[\u00ad\u200b-\u200f\u2060-\u2064\ufeff\ue000-\uf8ff\U000f0000-\U000ffffd]")
_WORD_RUN = re.compile(r"\w+")
# "one" and "bir" are left out as articles, but not where they can only be a die: "bir ile" (with a
# one), "birle", "with a one", "rolls a one"; nor where "one" is shared out: "birer zar" (one die
# each; not the idiom "birer birer", one by one), "one die each"
_DIE_ONE = {"tr": re.compile(r"(?<![\w])(?P<one>bir(?=\s+ile\b)|birle|(?<!birer\s)birer(?!\s+birer)(?=\s+\w))(?![\w])",
                             re.IGNORECASE),
            "en": re.compile(r"\b(?:with|by|using|rolls?|rolled|throws?|threw) an? (?P<one>one)(?![\w-])"
                             r"|(?<![\w-])(?P<each>one)(?=\s+(?:\w+\s+)?each\b)", re.IGNORECASE)}


@dataclass(frozen=True)
class Fact:
    """A fact found in text: its kind, the text and where it starts (offset in the text given)."""

    kind: str  # "number" | "roll" | "play" | "word" | "unicode" (a digit of another form, a hidden character)
    text: str
    start: int


# id(entry) -> (entry, its pattern): an entry is read again when a build re-reads the project's folder.
_DATA_WORDS: dict[int, tuple[registry.Language, re.Pattern[str] | None]] = {}


def _data_words(entry: registry.Language) -> re.Pattern[str] | None:
    """A data language's number words, from its entry (cardinals and ordinals 2–100 as its grammar
    writes them, and `audit_words:`): the audit is never blind in a registered language."""
    g = entry.grammar
    found = {w for n in range(2, 101) for w in (g.words(n), g.ordinal_words(n)) if not w[:1].isdigit()}
    found |= set(entry.audit_words) | {w for forms in entry.number_forms.values() for w in forms}
    if not found:
        return None
    alternatives = "|".join(re.escape(w) for w in sorted(found, key=lambda w: (-len(w), w)))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


@lru_cache(maxsize=16)
def _phrases(phrases: tuple[str, ...]) -> re.Pattern[str] | None:
    """An entry's `not_counts:` phrases, words apart by any space."""
    if not phrases:
        return None
    alternatives = "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in phrases)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def _in_a_phrase(text: str, m: re.Match[str], lang: str) -> bool:
    """The number word at `m` is part of one of the language's `not_counts:` phrases ("και τα δύο")."""
    entry = registry.lookup(lang)
    found = _phrases(entry.not_counts) if entry is not None else None
    if found is None:
        return False
    lo = max(0, m.start() - 40)
    return any(p.start() + lo <= m.start() and m.end() <= p.end() + lo for p in found.finditer(text[lo:m.end() + 40]))


def _registered_words(lang: str) -> re.Pattern[str] | None:
    entry = registry.lookup(lang)
    if entry is None:
        return None
    if id(entry) not in _DATA_WORDS:
        if len(_DATA_WORDS) > 16:
            _DATA_WORDS.clear()
        _DATA_WORDS[id(entry)] = (entry, _data_words(entry))
    return _DATA_WORDS[id(entry)][1]


def find_facts(text: str, lang: str) -> list[Fact]:
    """Every number, roll, play and number word in `text`, in order."""
    found: list[Fact] = []
    for m in _TOKENS.finditer(text):
        kind = m.lastgroup or "number"
        if kind == "fraction":
            kind = "number"
        elif kind == "play" and _is_fraction(m.group()):
            kind = "number"
        found.append(Fact(kind, m.group(), m.start()))
    words = _TR_WORD if lang == "tr" else _EN_WORD if lang == "en" else _registered_words(lang)
    if words is not None:
        for m in words.finditer(text):
            if _not_a_count(text, m, lang):
                continue
            found.append(Fact("word", m.group(), m.start()))
    taken = {f.start for f in found}
    found += [Fact("word", m.group(), m.start()) for m in _DICE_NAMES.finditer(text) if m.start() not in taken]
    if lang in _DIE_ONE:  # "bir ile", "with a one": the die one, not the article
        found += [Fact("word", m.group(m.lastgroup or 0), m.start(m.lastgroup or 0))
                  for m in _DIE_ONE[lang].finditer(text)]
    found += _unicode_facts(text)
    return sorted(found, key=lambda f: f.start)


def _not_a_count(text: str, m: re.Match[str], lang: str) -> bool:
    word = m.group()
    if lang not in _NOT_A_COUNT:
        return _in_a_phrase(text, m, lang)
    if lang == "tr" and _TR_NOT_NUMBERS.fullmatch(word):
        return True
    if lang == "tr" and word.lower() == "altılı" and _TERM_AFTER.match(text, m.end()):
        return True  # "altılı blok", the six-point prime: a term (rules.md), as "six-point prime" is in English
    before = text[max(0, m.start() - 8):m.start()]
    if lang == "tr" and word.replace("İ", "i").lower().startswith("iki") and (_NOT_A_COUNT["tr"].search(before)
                                                             or _BOTH_AFTER.match(text, m.end())):
        return True
    return lang == "en" and word.lower() == "second" and bool(_NOT_A_COUNT["en"].search(before))


def _unicode_facts(text: str) -> list[Fact]:
    """Numbers in characters other than ASCII digits, and words with something hidden inside
    (an invisible character, letters of two scripts: a Cyrillic "о" in "twо")."""
    out = []
    for i, c in enumerate(text):
        if c.isascii():
            continue
        if _HIDDEN.match(c) or (unicodedata.category(c)[0] == "N" and not "0" <= c <= "9"):
            out.append(Fact("unicode", c, i))
    for m in _WORD_RUN.finditer(text):
        w = m.group()
        if w.isascii() or not any(c.isascii() and c.isalpha() for c in w):
            continue
        scripts = {unicodedata.name(c, "?").split()[0] for c in w if c.isalpha()}
        if len(scripts & {"LATIN", "CYRILLIC", "GREEK", "ARMENIAN"}) > 1:
            out.append(Fact("unicode", w, m.start()))
    return out


def _is_fraction(text: str) -> bool:
    """`3/4` written as a fraction rather than a move (the second number beyond the board)."""
    a, _, b = text.partition("/")
    return a.isdigit() and b.isdigit() and int(b) > 25
