"""Values as a diagnostic quotes them: `repr`, cut to about 80 characters.

A page's arguments come from contributors, so an error that names one must not
print a megabyte, or a structure that repeats one list a million times. Short
values read exactly as `{value!r}` always did.

>>> quote("bear-off/mid-move")
"'bear-off/mid-move'"
>>> q = quote("x" * 500); len(q), q[-3:]
(80, "x…'")
>>> len(quote([list(range(1000))] * 1000)) <= 80
True
"""
from __future__ import annotations

import reprlib
from typing import Any

LIMIT = 80  # characters of a quoted value


def clip(text: str, limit: int = LIMIT) -> str:
    """`text` cut to `limit` characters, the last one an ellipsis when anything was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def non_utf8_name(path: str) -> str | None:
    r"""`path` shown with its undecodable bytes as `\xNN` when its name is not UTF-8 (Python keeps
    such bytes as lone surrogates, which no page, URL or terminal can carry), else None.

    >>> non_utf8_name("content/en/a\udcffb.md"), non_utf8_name("content/en/kapı.md")
    ('content/en/a\\xffb.md', None)
    """
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return None


def quote(value: Any, limit: int = LIMIT) -> str:
    """`repr(value)` for short values; a cut repr (with …) for long ones, never built in full."""
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(clip(value, limit - 2))
    r = reprlib.Repr()
    r.maxlevel, r.maxlist, r.maxtuple, r.maxdict, r.maxset = 3, 8, 8, 6, 6
    r.maxstring = r.maxother = r.maxlong = limit
    return clip(r.repr(value), limit)
