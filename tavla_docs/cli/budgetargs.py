"""The play-budget options every engine command shares (`--max-plays`, `--max-seconds`).

Kept apart from `check` so that `plays` and `odds` parse them without importing the
scenario package (start-up: tests/cli/test_startup.py).
"""
from __future__ import annotations

import argparse

from ..engine.budget import DEFAULT_MAX_PLAYS, DEFAULT_MAX_SECONDS, PlayBudget, budget_from


def _count(text: str) -> int:
    try:
        n = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number, not {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"at least 1, not {n}")
    return n


def _seconds(text: str) -> float:
    try:
        s = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of seconds, not {text!r}") from None
    if not 0 < s < float("inf"):
        raise argparse.ArgumentTypeError(f"a number of seconds above 0, not {text}")
    return s


def add_budget_options(p: argparse.ArgumentParser, project: bool = False) -> None:
    """--max-plays and --max-seconds: the play budget of each roll (`engine.budget`)."""
    where = " (default: max_plays in mkdocs.yml's tavla-docs plugin, else [tool.tavla-docs] in pyproject.toml, " \
            f"else {DEFAULT_MAX_PLAYS:,})" if project else f" (default: {DEFAULT_MAX_PLAYS:,})"
    p.add_argument("--max-plays", type=_count, default=None, metavar="N",
                   help="stop with an error when a roll has more than N distinct plays (counting the partial "
                        "plays the generator keeps)" + where)
    p.add_argument("--max-seconds", type=_seconds, default=None, metavar="S",
                   help="stop with an error when listing one roll's plays takes more than S seconds"
                        + (" (default: max_seconds in mkdocs.yml or pyproject.toml, else " if project else " (default: ")
                        + f"{DEFAULT_MAX_SECONDS:g})")


def given_budget(args: argparse.Namespace) -> dict[str, int | float | None]:
    """The budget options given on the command line (None: not given)."""
    return {"max_plays": getattr(args, "max_plays", None), "max_seconds": getattr(args, "max_seconds", None)}


def command_budget(args: argparse.Namespace) -> PlayBudget:
    """The budget of a command that reads no project files (plays, odds): its options, else the default."""
    return budget_from(given_budget(args))
