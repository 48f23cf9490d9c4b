"""The catalog labels that head each row field of the site's tables (`audit.tablecolumns`): a project's
own partial may order its columns as it likes, but a header must stand above the field it names, and
a label that heads a column of one table must not head another kind of column in another."""
from __future__ import annotations

RACE_COLUMNS = {"on_roll": ("Side on roll",), "other": ("Opponent",), "chance": ("Side on roll wins",)}
BEAROFF_COLUMNS = {"label": ("Position",), "expected": ("Expected rolls",)}
ODDS_COLUMNS = {"label": ("Where the last checker is", "Where the last two checkers are", "Where the last checkers are"),
                "count": ("Rolls that bear it off", "Rolls that bear off both", "Rolls that bear them all off"),
                "expected": ("Expected rolls",),
                "within": ("Off in 1 roll", ("Off within %(num)d roll", "Off within %(num)d rolls"))}

#: Every table's columns: a header that is a label of one of them names that kind of column.
ALL_COLUMNS = (RACE_COLUMNS, BEAROFF_COLUMNS, ODDS_COLUMNS)
