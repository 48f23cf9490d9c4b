"""The catalog labels that head each row field of the site's tables (`audit.tablecolumns`): a project's
own partial may order its columns as it likes, but a header must stand above the field it names, and
a label that heads a column of one table must not head another kind of column in another.

A label can also say more than which field it heads: "Where the last checker is" heads the odds
table's positions only when its rows have one checker (`odds_columns`), and "Off within 2 rolls" heads
only the column of two rolls (`COUNTED`: the helper passes each column's number, `numbers=`).
"""
from __future__ import annotations

from collections.abc import Mapping

RACE_COLUMNS = {"on_roll": ("Side on roll",), "other": ("Opponent",), "chance": ("Side on roll wins",)}
BEAROFF_COLUMNS = {"label": ("Position",), "expected": ("Expected rolls",)}
ODDS_COLUMNS = {"label": ("Where the last checker is", "Where the last two checkers are", "Where the last checkers are"),
                "count": ("Rolls that bear it off", "Rolls that bear off both", "Rolls that bear them all off"),
                "expected": ("Expected rolls",),
                "within": ("Off in 1 roll", ("Off within %(num)d roll", "Off within %(num)d rolls"))}

#: Every table's columns: a header that is a label of one of them names that kind of column.
ALL_COLUMNS = (RACE_COLUMNS, BEAROFF_COLUMNS, ODDS_COLUMNS)


#: The labels whose number says which of a repeated column it heads (`audit.headnumbers`): the
#: helper passes the numbers of those columns in their order (`numbers={"within": (1, 2, 3)}`).
COUNTED: Mapping[str, tuple[str | tuple[str, str], ...]] = {"within": ODDS_COLUMNS["within"]}


def odds_columns(checkers: int) -> dict[str, tuple[str | tuple[str, str], ...]]:
    """The odds table's columns for rows of `checkers` checkers each (0: rows of different sizes):
    its position and count headers say how many checkers the rows have."""
    k = {1: 0, 2: 1}.get(checkers, 2)
    return {**ODDS_COLUMNS, "label": (ODDS_COLUMNS["label"][k],), "count": (ODDS_COLUMNS["count"][k],)}
