"""The `%` conversions of a catalog's translations, checked against their msgid.

Every translated string is formatted with `%` and a mapping (Jinja's `_()` always
does; the site code does for every message with a placeholder), so a msgstr is a
small program: `%(side)20000000s` writes 20 MB, `%(secret)s` asks for a value no
caller passes, a lone `%` fails. A translation may use only the placeholders its
msgid (or msgid_plural) has, each with the msgid's conversion or `s`, a width and
a precision of at most 100, and `%%` for a percent sign.

>>> [c.name for c in conversions("%(num)d of %(count)d, 50%%")]
['num', 'count', None]
>>> problems("%(side)s moves", "%(side)20000000s moves")
[(0, 'the width 20000000 of %(side)20000000s is over 100')]
>>> problems("%(side)s moves", "%(secret)s moves")
[(0, "%(secret)s: the msgid has no placeholder 'secret' (it has %(side))")]
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

MAX_WIDTH = 100  # a width or precision above this is not typography but a memory bomb

# Python's printf conversions: %[(name)][flags][width][.precision][length]type
_CONVERSION = re.compile(r"%(?:\((?P<name>[^()]*)\))?(?P<flags>[-#0 +]*)(?P<width>\*|\d+)?"
                         r"(?:\.(?P<prec>\*|\d*))?[hlL]?(?P<type>[diouxXeEfFgGcrsa%])")


@dataclass(frozen=True)
class Conversion:
    start: int
    text: str
    name: str | None  # None for `%%` and for a conversion without a name
    type: str
    width: str
    precision: str


def conversions(text: str) -> list[Conversion]:
    """The conversions in `text`; a `%` that starts none is returned with type '' (an error)."""
    out = []
    i = text.find("%")
    while i >= 0:
        m = _CONVERSION.match(text, i)
        if m is None:
            out.append(Conversion(i, text[i:i + 2], None, "", "", ""))
            i = text.find("%", i + 1)
            continue
        out.append(Conversion(i, m.group(0), m.group("name"), m.group("type"), m.group("width") or "",
                              m.group("prec") or ""))
        i = text.find("%", m.end())
    return out


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def problems(msgid: str | Iterable[str], msgstr: str) -> list[tuple[int, str]]:
    """What is wrong with `msgstr` as a translation of `msgid`: (offset in msgstr, message) pairs."""
    ids = [msgid] if isinstance(msgid, str) else list(msgid)
    named: dict[str, set[str]] = {}
    unnamed = 0
    for source in ids:
        for c in conversions(source):
            if c.name is not None:
                named.setdefault(c.name, set()).add(c.type)
            elif c.type not in ("%", ""):
                unnamed += 1
    found: list[tuple[int, str]] = []
    for c in conversions(msgstr):
        shown = _short(c.text)
        if c.type == "":
            found.append((c.start, f"{shown!r}: a '%' that starts no placeholder (write %% for a percent sign)"))
            continue
        if c.type == "%":
            if c.text != "%%":
                found.append((c.start, f"{shown}: write a percent sign as %%"))
            continue
        for what, value in (("width", c.width), ("precision", c.precision)):
            if value == "*":
                found.append((c.start, f"{shown}: a {what} given by '*' is not allowed"))
            elif value and (len(value) > 3 or int(value) > MAX_WIDTH):
                found.append((c.start, f"the {what} {_short(value)} of {shown} is over {MAX_WIDTH}"))
        if c.name is None:
            if not unnamed:
                found.append((c.start, f"{shown}: a placeholder without a name, and the msgid has none"))
        elif c.name not in named:
            have = ", ".join(f"%({n})" for n in sorted(named)) or "none"
            found.append((c.start, f"{shown}: the msgid has no placeholder {_short(c.name)!r}"
                                   + ("" if not named else f" (it has {have})")))
        elif c.type != "s" and c.type not in named[c.name]:
            found.append((c.start, f"{shown}: the msgid writes %({c.name}) as "
                                   f"{'/'.join(sorted('%' + t for t in named[c.name]))}; use that or %({c.name})s"))
    return found
