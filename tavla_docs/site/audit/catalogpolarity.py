"""A translation says yes where its msgid says yes: "No bar" is not "Bar var", "Yes" is not "Yok".

A catalog string that affirms or denies ("Yes", "No bar", "Rolls that bear it off", "cannot move")
states a rule, or a table's answer, through its polarity; a translation that turns it round states
the opposite while every word else still matches. Each side is read for its language's words of
negation (English "no", "not", "cannot", "-n't", "without"; Turkish "yok", "değil", "-maz/-mez",
"-mıyor", "-mayan", "-madan", "-sız", "yasak"; Greek "δεν", "μην", "όχι", "κανένα", "χωρίς");
a translation that denies where its msgid affirms, or affirms where it denies, is an error at the
`msgstr` line. A string that restricts ("only", "unless", "yalnızca", "-madıkça") may say the
same thing with the opposite words, and is not judged; nor is a language without words here.

>>> flipped(("No bar",), ("Bar var",), "tr")
(0, 'denies', 'affirms')
>>> flipped(("Rolls that bear it off",), ("Onu toplayamayan atışlar",), "tr")
(0, 'affirms', 'denies')
>>> flipped(("Yes, no limit",), ("Var, sınırsız",), "tr") is None
True
"""
from __future__ import annotations

import re

from .lexicon import fold
from .problems import Problem

_NEGATION: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"\b(?:not|no|never|cannot|none|nothing|nor|neither|without)\b|n't\b"),
    "tr": re.compile(r"\byok\w*|\bdeğil\w*|\bhiç\b|\byasa[kğ]\w*|\w+m[ae]z\b|\w+m[ae]zs[ae]\w*|\w+m[ae]zl[ae]r\w*"
                     r"|\w+m[ıiuü]yor\w*|\w+m[ae]y[ae]n\w*|\w+m[ae]d[ıi]\w*|\w+m[ae]d[ae]n\b|\w+s[ıiuü]z\b"
                     r"|\w+s[ıiuü]zl[ae]r\w*"),
    "el": re.compile(r"(?<!\w)(?:δεν|μην|οχι|ουτε|χωρισ|καμια|κανενα|κανεισ|κανενασ)(?!\w)"),
}
# Words that restrict rather than deny: a translation may turn "only by agreement" into "not unless agreed".
_RESTRICT: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"\b(?:only|unless|except|until)\b"),
    "tr": re.compile(r"\b(?:yalnız\w*|sadece|hariç)\b|\w+m[ae]d[ıi]kç[ae]\b|\w+[ae]n[ae] kadar\b"),
    "el": re.compile(r"(?<!\w)(?:μονο|εκτοσ|μεχρι|εφοσον)(?!\w)"),
}
_SAYS = ("affirms", "denies")
HINT = "a translation affirms what its msgid affirms and denies what it denies ('No bar' is 'Bar yok', 'Yes' is 'Var' or 'Evet')"


def _words(table: dict[str, re.Pattern[str]], lang: str) -> re.Pattern[str] | None:
    return table.get(lang) or table.get(lang.split("_")[0])


def _denies(texts: tuple[str, ...], lang: str) -> bool | None:
    """Whether the texts deny; None when the language has no words here or a text restricts."""
    negation, restrict = _words(_NEGATION, lang), _words(_RESTRICT, lang)
    if negation is None or restrict is None:
        return None
    folded = [fold(t, lang) for t in texts if t]
    if not folded or any(restrict.search(f) for f in folded):
        return None
    return any(negation.search(f) for f in folded)


def flipped(ids: tuple[str, ...], strings: tuple[str, ...], lang: str,
            source_lang: str = "en") -> tuple[int, str, str] | None:
    """(index of the msgstr, what the msgid does, what the translation does) for the first
    translation whose polarity is the opposite of its msgid's; None when none is."""
    source = _denies(ids, source_lang)
    if source is None:
        return None
    for k, text in enumerate(strings):
        said = _denies((text or "",), lang)
        if said is not None and said != source:
            return k, _SAYS[source], _SAYS[said]
    return None


def polarity_problems(ids: tuple[str, ...], strings: tuple[str, ...], lang: str, source_lang: str, first: int,
                      shown: str, level: str) -> list[Problem]:
    """The flipped translation (`flipped`), at its msgstr line (`first` is the first msgstr's)."""
    found = flipped(ids, strings, lang, source_lang)
    if found is None:
        return []
    k, theirs, ours = found
    return [Problem(shown, first + k, 1, level, "rule",
                    f"the translation {ours} where its msgid {theirs}: {strings[k]!r} says the opposite of "
                    f"{ids[0]!r}", HINT)]
