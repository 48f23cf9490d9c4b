"""Plays read aloud: the words behind `{{ play("9/3 3/off") }}`'s tooltip, in the page's language.

A `*` in the notation marks a hit, except in a game where landing on a blot pins it (Tapa):
there it is read as a pin, never as a hit (`pins=True`, from the ruleset's `blot`).

A checker that comes home and off in one path (`20/off`, `20/15/10/5/off` with 5-5) is read as
a move and a bear-off: "bear off from 20" would say it comes off the 20-point, which no die does.
Only a path from inside the home board with no stop written (`3/off`) bears off "from" its point."""
from __future__ import annotations

import gettext
from typing import TYPE_CHECKING

from ..engine.board import BAR, OFF

if TYPE_CHECKING:
    from ..engine.notation import Segment


HOME_TOP = 6  # a side's home board is its own points 1–6 in every game (written plays use them)
ENTRY_LOW = 19  # a checker on the bar enters on its own points 19–24 (the opponent's home board)


def read_play(text: str, t: gettext.GNUTranslations, pins: bool = False) -> str:
    """A play read aloud in the page's language, e.g. for `9/3 3/off`.

    >>> from tavla_docs.site import i18n
    >>> read_play("9/3 3/off", i18n.catalog("en"))
    'from 9 to 3; bear off from 3'
    >>> read_play("bar/23 6/2(2)", i18n.catalog("tr"))
    'bardan 23. haneye giriş; 6. haneden 2. haneye (2 pul)'
    >>> read_play("8/5* 24/23", i18n.catalog("tr"), pins=True)
    '8. haneden 5. haneye (5. hanede tapa yapar); 24. haneden 23. haneye'
    >>> read_play("8/5*", i18n.catalog("en")), read_play("8/5*", i18n.catalog("en"), pins=True)
    ('from 8 to 5 (hits on 5)', 'from 8 to 5 (pins on 5)')
    >>> read_play("bar/14 bar/20", i18n.catalog("en"))
    'enter and move on to 14; enter on 20'
    >>> read_play("20/off 5/off(4)", i18n.catalog("en"))
    'move from 20 and bear off; bear off from 5 (4 checkers)'
    """
    from ..engine.notation import parse_play

    parts = []
    for seg in parse_play(text):
        parts.append(_read_segment(seg, t, pins))
    from ..languages import registry

    sep = registry.separator(str(t.info().get("language", "")))  # the catalog's language: Greek "· "
    return sep.join(parts) if parts else t.gettext("no move")


def _read_segment(seg: Segment, t: gettext.GNUTranslations, pins: bool) -> str:
    dst = seg.dst
    if seg.src == BAR:
        if not dst:
            s = t.gettext("enter and bear off")
        elif dst < ENTRY_LOW or len(seg.stops) > 1:  # entered, then moved on in one path
            s = t.gettext("enter and move on to %(dst)s") % {"dst": dst}
        else:
            s = t.gettext("enter on %(dst)s") % {"dst": dst}
    elif dst == OFF and (seg.src > HOME_TOP or len(seg.stops) > 1):  # home and off in one path
        s = t.gettext("move from %(src)s and bear off") % {"src": seg.src}
    elif dst == OFF:
        s = t.gettext("bear off from %(src)s") % {"src": seg.src}
    else:
        s = t.gettext("from %(src)s to %(dst)s") % {"src": seg.src, "dst": dst}
    hits = [p for p, h in seg.stops if h]
    if hits:
        # One point or a list of points: two sentences (Turkish "7. hanede", "7, 5 numaralı hanelerde").
        if len(hits) == 1:
            msg = t.gettext("(pins on %(point)s)") if pins else t.gettext("(hits on %(point)s)")
        else:
            msg = t.gettext("(pins on %(points)s)") if pins else t.gettext("(hits on %(points)s)")
        s += " " + msg % {"point": hits[0], "points": ", ".join(str(p) for p in hits)}
    if seg.count > 1:
        s += " " + t.ngettext("(%(num)d checker)", "(%(num)d checkers)", seg.count) % {"num": seg.count}
    return s
