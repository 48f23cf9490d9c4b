"""The catalog checks of a translation's surface that need no rule lexicon: its polarity
(`catalogpolarity`), its glossary terms (`catalogglossary`), what it counts (`catalogcounts`) and the roles
of its placeholders and sides (`catalogroles`) and its opposite words (`antonyms`), each at the msgstr line."""
from __future__ import annotations

from .antonyms import antonym_problems
from .catalogcounts import count_problems
from .catalogglossary import renamed_problems
from .catalogpolarity import polarity_problems
from .catalogroles import role_problems
from .problems import Problem


def catalog_surface_problems(ids: tuple[str, ...], strings: tuple[str, ...], lang: str, source_lang: str,
                             first: int, shown: str, level: str) -> list[Problem]:
    """Every surface fault of one message; `first` is the line of its first msgstr."""
    return (polarity_problems(ids, strings, lang, source_lang, first, shown, level)
            + renamed_problems(ids, strings, lang, first, shown, level)
            + count_problems(ids, strings, lang, source_lang, first, shown, level)
            + role_problems(ids, strings, lang, source_lang, first, shown, level)
            + antonym_problems(ids, strings, lang, source_lang, first, shown, level))
