"""A translation that names a rival rule of its msgid's: "(hits on %(point)s)" as "… tapa yapar".

Some rule features are alternatives of one fact (`features.yaml`: hitting and pinning are both what
a checker does to a lone opposing checker, `lone_checker`). A catalog string whose msgid names one
of them and whose translation names another of the same fact, and not the msgid's, states the other
rule: an error at the `msgstr` line. A string naming both, or neither, is not judged.

>>> rivals(("(hits on %(point)s)",), ("(%(point)s. hanede tapa yapar)",), "tr")
(0, 'hits', 'hitting', 'tapa', 'pinning')
>>> rivals(("(hits on %(point)s)",), ("(%(point)s. hanede kırar)",), "tr") is None
True
"""
from __future__ import annotations

from typing import Any

HINT = "translate the msgid's rule word with its term in the glossary (site/glossary.yaml), not another rule's"


def _named(text: str, lang: str) -> list[tuple[Any, str]]:
    from .features import _table

    out = []
    for f in _table()[0]:
        p = f.words.get(lang)
        m = p.search(text) if p is not None else None
        if m is not None:
            out.append((f, m.group()))
    return out


def rivals(ids: tuple[str, ...], strings: tuple[str, ...], lang: str,
           source_lang: str = "en") -> tuple[int, str, str, str, str] | None:
    """(index of the msgstr, msgid's word, its feature, the translation's word, its feature) for the
    first translation that names only a rival of its msgid's feature; None when none does."""
    source = [fw for text in ids for fw in _named(text, source_lang)]
    if not source:
        return None
    for k, text in enumerate(strings):
        said = _named(text or "", lang)
        keys = {f.key for f, _ in said}
        for f, word in said:
            for g, id_word in source:
                if g.key in keys or f.key in {s.key for s, _ in source}:
                    continue
                if f.fact == g.fact and not set(f.has) & set(g.has):
                    return k, id_word, g.name, word, f.name
    return None
