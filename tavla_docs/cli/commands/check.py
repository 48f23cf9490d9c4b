"""`tavla-docs check [PATH …]`: prove every scenario claim, report problems like a compiler.

Exit status: 0 when every claim holds, 1 when any problem is found, 2 for usage
errors (e.g. a path that does not exist).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ...engine.budget import using
from ...scenario import check_paths
from ...scenario.project import project_budget
from ..budgetargs import add_budget_options, given_budget


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
    from ...site import i18n
    from ...site.caption_check import caption_diagnostics

    for lang in i18n.LANGUAGES:  # captions render with the catalogs: a broken one is reported once, here
        try:
            i18n.catalog(lang)
        except i18n.CatalogError as e:
            print(str(e), file=sys.stderr)
            return 1
    budget = project_budget(Path.cwd(), given=given_budget(args))
    with using(budget):
        report = check_paths(paths, variant=variant,
                             extra=lambda s: caption_diagnostics(s, s.path, s.source or str(s.path)))
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
