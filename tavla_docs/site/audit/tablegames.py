"""Which games the rules table prints each catalog string for.

The rules table (`site/summary.py`) picks each cell's words from the game's ruleset ("Pins it: the
checker cannot move" only where a lone checker is pinned, "Rolls; with no legal move the turn
passes" only where a player on the bar facing a closed board still rolls). So a cell's msgid is
bound to the games that print it, and its translation must state nothing that is false in every
one of them, even where the msgid's own words name no rule the lexicon knows. The games are found
by rendering the table for every registered game with a translation that records the msgids it is
asked for: nothing here repeats `summary.py`'s choices.

>>> shown_for("Pins it: the checker cannot move")
('tapa',)
>>> "backgammon" in shown_for("Rolls; with no legal move the turn passes")
True
>>> shown_for("not a table string")
()
"""
from __future__ import annotations

import gettext
import re
from functools import lru_cache
from typing import cast


class _Recording(gettext.NullTranslations):
    """A translation that returns each msgid tagged with its number (private-use marks around it,
    which `%` formatting keeps), so the cells a row prints say which msgids they print: a row may ask
    for every choice's words and print one (`{"hit": _(…), "pin": _(…)}[kind]`)."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    def _tag(self, msgid: str, text: str) -> str:
        self.asked.append(msgid)
        return f"\ue100{len(self.asked) - 1}\ue101{text}"

    def gettext(self, message: str) -> str:
        return self._tag(message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._tag(msgid1, msgid1 if n == 1 else msgid2)  # a catalog keys a plural by its singular


_TAG = re.compile("\ue100(\\d+)\ue101")


@lru_cache(maxsize=1)
def _table() -> dict[str, tuple[str, ...]]:
    from ...variants import ruleset, variants
    from ..summary import summary_rows

    out: dict[str, set[str]] = {}
    for name in variants():
        record = _Recording()
        rows = summary_rows([ruleset(name)], cast(gettext.GNUTranslations, record))  # only gettext, ngettext, info
        for row in rows:
            for cell in row.cells:
                for m in _TAG.finditer(cell):
                    out.setdefault(record.asked[int(m.group(1))], set()).add(name)
    return {msgid: tuple(sorted(games)) for msgid, games in out.items()}


def shown_for(msgid: str) -> tuple[str, ...]:
    """The games whose rules table prints `msgid` (by their registry names), or () when the table
    never prints it or prints it for every game (then it binds nothing)."""
    from ...variants import variants

    games = _table().get(msgid, ())
    return () if len(games) == len(variants()) else games
