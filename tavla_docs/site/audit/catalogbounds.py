"""A translation keeps the direction of its msgid's bound: "2 or more" is not "at most 2".

A catalog string that bounds a number ("%(num)d opposing checkers or more", "at least …") states a
rule through that bound; a translation that turns it round ("rakibin en çok %(num)d pulu": at most)
states the opposite rule while every number still matches. Each side is read for the bound words of
its language (the `bound` family of `catalogroles.yaml`: "or more", "up to", "within n"; "en az",
"en çok", "%(num)d'e kadar"; "τουλάχιστον", "το πολύ"); a translation whose bounds point only the other
way than its msgid's is an error at the `msgstr` line. A string with no bound word, or a language with
no words here, is not judged.

>>> flipped(("%(num)d opposing checkers or more",), ("rakibin en çok %(num)d pulu",), "tr")
(0, 'at least', 'at most')
>>> flipped(("%(num)d opposing checkers or more",), ("rakibin en az %(num)d pulu",), "tr") is None
True
"""
from __future__ import annotations

from .catalogroles import patterns
from .lexicon import fold

_ROLES = ("lower", "upper")  # the `bound` family of `catalogroles.yaml`: each language's words
_NAMES = ("at least", "at most")
HINT = "a translation bounds its number the way its msgid does: 'or more' / 'at least' is 'en az', 'ya da daha fazla'"


def _direction(texts: tuple[str, ...], lang: str) -> set[int]:
    words = patterns("bound", lang)
    if not words:
        return set()
    folded = [fold(t, lang) for t in texts]
    return {k for k, role in enumerate(_ROLES) if any(p.search(f) for p in words.get(role, ()) for f in folded)}


def flipped(ids: tuple[str, ...], strings: tuple[str, ...], lang: str,
            source_lang: str = "en") -> tuple[int, str, str] | None:
    """(which translation, the msgid's bound, its bound) for the first translation that bounds
    only the other way than its msgid."""
    source = _direction(ids, source_lang)
    if len(source) != 1:
        return None
    for k, text in enumerate(strings):
        said = _direction((text,), lang)
        if said and not said & source:
            return k, _NAMES[next(iter(source))], _NAMES[next(iter(said))]
    return None
