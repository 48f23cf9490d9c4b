"""`tavla-docs check [PATH …]`: prove every scenario claim, report problems like a compiler.

Exit status: 0 when every claim holds, 1 when any problem is found, 2 for usage
errors (e.g. a path that does not exist).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ...engine.budget import DEFAULT_MAX_PLAYS, DEFAULT_MAX_SECONDS, PlayBudget, budget_from, using
from ...scenario import check_paths
from ...scenario.project import project_budget


def add_parser(sub: Any) -> None:
    p = sub.add_parser("check", help="check every claim of the scenario files",
                       description="Load every scenario (*.yaml) under the given files or directories "
                                   "(default: ./scenarios), check every claim with the engine and print "
                                   "one `path:line:col: error: message` line per problem.")
    p.add_argument("paths", nargs="*", metavar="PATH", help="scenario files or directories (default: scenarios/)")
    p.add_argument("--variant", default=None, metavar="V",
                   help="check only the scenarios of this game (tavla, backgammon, uzun, tapa, gulbara or an "
                        "alias such as narde); files of other variants are skipped and counted in the summary. "
                        "It filters, it does not override: a file's own `variant:` always decides its rules")
    p.add_argument("-q", "--quiet", action="store_true", help="print problems only, no summary")
    add_budget_options(p, project=True)
    p.set_defaults(run=run)


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


def run(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in (args.paths or ["scenarios"])]
    missing = [p for p in paths if not p.exists()]
    if missing:
        for p in missing:
            print(f"tavla-docs check: error: no such file or directory: {p}", file=sys.stderr)
        return 2
    variant = None
    if args.variant is not None:
        from ...variants import ALIASES, variants
        variant = ALIASES.get(args.variant.strip().lower(), args.variant.strip().lower())
        if variant not in variants():
            print(f"tavla-docs check: error: unknown variant {args.variant!r}; known: {', '.join(variants())}",
                  file=sys.stderr)
            return 2
    budget = project_budget(Path.cwd(), given=given_budget(args))
    with using(budget):
        report = check_paths(paths, variant=variant)
    if report.files == 0:
        # Nothing to check is a mistake (a wrong folder), not a pass.
        where = ", ".join(str(p) for p in paths)
        print(f"tavla-docs check: error: no scenario files (*.yaml, *.yml) under {where}", file=sys.stderr)
        return 1
    for d in report.diagnostics:
        print(d.format())
    if not args.quiet:
        print(report.summary())
    return 0 if report.ok else 1
