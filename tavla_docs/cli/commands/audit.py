"""`tavla-docs audit [--json]`: every fact on every page, computed, checked or literal.

Lists, per page and language, each number, roll, play and number word in the
prose, headings, table cells and figure captions, and how it is known; then the
problems (literal facts, translation drift, unused scenarios, front matter that
does not parse, off-vocabulary terms) as `path:line:col: severity: message`
lines with a hint. Exit status 1 when any problem is an error: in a strict site
(`strict: true` in mkdocs.yml, or `--strict`) all of them are.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ...files import special_files


def add_parser(sub: Any) -> None:
    p = sub.add_parser("audit", help="list every fact on the site's pages and whether it is computed or checked",
                       description="Audit the pages of the site configured by mkdocs.yml: every number, roll, "
                                   "play and number word, classified computed / checked / literal, and the "
                                   "problems (literal facts, drift between languages, unused scenarios, "
                                   "front matter, terminology).")
    p.add_argument("--config", default="mkdocs.yml", help="the MkDocs configuration (default: mkdocs.yml)")
    p.add_argument("--json", action="store_true", help="print the audit as JSON")
    p.add_argument("--summary", action="store_true", help="print the counts and the problems, not every finding")
    strict = p.add_mutually_exclusive_group()
    strict.add_argument("--strict", dest="strict", action="store_true", default=None,
                        help="literal facts, unused scenarios and terminology are errors (default: mkdocs.yml's strict)")
    strict.add_argument("--no-strict", dest="strict", action="store_false", help="report them as warnings")
    p.set_defaults(run=run)


def special_pages(docs: Path) -> bool:
    """Print one located line per page file that is a FIFO, a device or a socket (reading it would
    block): True when there is any."""
    found = special_files(docs)
    for path, what in found:
        print(f"{_shown(path)}: error: not a regular file ({what})", file=sys.stderr)
    return bool(found)


def _shown(path: Path) -> str:
    try:
        return str(path.absolute().relative_to(Path.cwd().absolute()))
    except ValueError:
        return str(path)


def run(args: argparse.Namespace) -> int:
    from ...site.audit.project import audit_project
    from ...site.audit.report import json_report, text_report
    from ..siteconfig import read_site_config

    config = Path(args.config)
    if not config.is_file():
        print(f"tavla-docs audit: error: no such file: {config}", file=sys.stderr)
        return 2
    site = read_site_config(config)
    strict = site.strict if args.strict is None else args.strict
    if special_pages(site.docs_dir):
        return 1
    audit = audit_project(site.root, site.docs_dir, site.root / site.scenarios_dir, site.languages, strict=strict)
    print(json_report(audit) if args.json else text_report(audit, findings=not args.summary))
    return 1 if any(p.severity == "error" for p in audit.problems) else 0
