"""`tavla-docs pins [PATH …]`: does every checker a figure shows matter to one of its claims?

Moves each checker set of every scenario one point either way and checks the claims again
(`scenario.pins`); a move no claim notices leaves the checker *loose*: the figure could show
it on the wrong point. Prints one `path:line:col: warning: …` line per loose checker set,
with the claim that pins them as the hint, then the score: the share of moves noticed.
Exit status 1 when the score is below the minimum (`--min-score`, else the plugin's
`min_pin_score` in mkdocs.yml, else 100); the build runs the same check with its audit.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ...engine.budget import using
from ...scenario.project import project_budget


def add_parser(sub: Any) -> None:
    p = sub.add_parser("pins", help="report the checkers of a figure that no claim pins, and the site's pin score",
                       description="Move each checker of every scenario one point either way and check its "
                                   "claims again: a move no claim notices is reported at the checker's point. "
                                   "Exit status 1 when the share of moves noticed is below the minimum.")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="scenario files or folders (default: the site's scenarios_dir, else scenarios/)")
    p.add_argument("--config", default="mkdocs.yml", help="the MkDocs configuration (default: mkdocs.yml)")
    p.add_argument("--min-score", type=float, default=None, metavar="PERCENT",
                   help="the lowest share of moves noticed that passes, 0–100 (default: the plugin's "
                        "min_pin_score in mkdocs.yml, else 100)")
    p.add_argument("-q", "--quiet", action="store_true", help="print the loose checkers only, no score line")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ...site.gates import DEFAULT_MIN_PIN_SCORE, option_mark, pin_gate, scenario_files
    from ..siteconfig import read_site_config
    from .build import _plugin_option_raw, _raw_config_of
    from .new import shown

    _raw_config_of.cache_clear()  # this run reads the file as it is now (a long process may have read it before)
    config = Path(args.config)
    root = Path.cwd()
    scenarios = Path("scenarios")
    min_score: Any = DEFAULT_MIN_PIN_SCORE
    if config.is_file():
        site = read_site_config(config.resolve())
        root, scenarios = site.root, site.root / site.scenarios_dir
        raw = _plugin_option_raw(config.resolve(), "min_pin_score")
        if raw is not None:
            if isinstance(raw, bool) or not isinstance(raw, int | float) or not 0 <= raw <= 100:
                line, col = option_mark(config.read_text(encoding="utf-8"), "min_pin_score")
                print(f"{shown(config)}:{line}:{col}: error: min_pin_score: {raw!r} is not a percentage 0–100\n"
                      "    hint: e.g. `min_pin_score: 100` (every checker move noticed), or 0 to turn the check off",
                      file=sys.stderr)
                return 1
            min_score = raw
    elif args.config != "mkdocs.yml":
        print(f"tavla-docs pins: error: no such file: {config}", file=sys.stderr)
        return 2
    if args.min_score is not None:
        if not 0 <= args.min_score <= 100:
            print(f"tavla-docs pins: error: --min-score {args.min_score:g}: give a percentage 0–100", file=sys.stderr)
            return 2
        min_score = args.min_score
    paths = [Path(p) for p in args.paths] or [scenarios]
    missing = [p for p in paths if not p.exists()]
    for p in missing:
        print(f"tavla-docs pins: error: no such file or directory: {p}", file=sys.stderr)
    if missing:
        return 2
    files = sorted({f.resolve() for p in paths for f in ([p] if p.is_file() else scenario_files(p))})
    with using(project_budget(root)):
        gate = pin_gate(scenarios.resolve(), float(min_score), shown, files)
    for m in gate.messages("warning")[:-1]:
        print(m)
    if not args.quiet:
        print(gate.summary.line(gate.min_score))
    return 1 if gate.failed else 0
