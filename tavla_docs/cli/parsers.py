"""The CLI's argparse parser class: argparse's own, with a help formatter that finds the
terminal's width without importing `shutil`.

argparse makes a help formatter for every argument it adds (only to check the metavar),
and the stock one imports `shutil` for `get_terminal_size`; `shutil` brings `bz2`, `lzma`
and `zlib` with it, a few milliseconds of every `tavla-docs plays` start-up
(tests/cli/test_startup.py). `columns()` is `shutil.get_terminal_size().columns`, so help
is wrapped exactly as before.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any


def columns(fallback: int = 80) -> int:
    """`shutil.get_terminal_size((fallback, 24)).columns`: $COLUMNS when it is a positive
    whole number, else the width of the terminal on `sys.__stdout__`, else `fallback`."""
    try:
        width = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        width = 0
    if width > 0:
        return width
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or fallback  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):  # no stdout, closed, detached or not a terminal
        return fallback


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter; the default width as argparse computes it (columns - 2)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, columns() - 2 if width is None else width)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose help uses `HelpFormatter` (unless told otherwise); its
    subcommands' parsers are of this class too (argparse makes them `type(parent)`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)
