"""`tavla-docs audit [--json]`: every fact on every page, computed, checked or literal.

Lists, per page and language, each number, roll, play and number word in the
prose, headings, table cells and figure captions, and how it is known; then the
problems (literal facts, translation drift, unused scenarios, front matter that
does not parse, off-vocabulary terms) as `path:line:col: severity: message`
lines with a hint; then what each page prints, rendered as the build renders it
(`site.audit.reader`). Exit status 1 when any problem is an error: in a strict audit
(the default; `--no-strict` or TAVLA_DOCS_AUDIT=warn in the environment makes them warnings) all of them are.
A clean strict audit then checks every scenario and, when all hold, writes the record that lets a generator
without the plugin render the pages (`site.buildrecord`: Zensical).
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
                        help="literal facts, unused scenarios and terminology are errors (default, unless "
                             "TAVLA_DOCS_AUDIT=warn in the environment)")
    strict.add_argument("--no-strict", dest="strict", action="store_false", help="report them as warnings")
    p.set_defaults(run=run)


def rendered_problems(site: Any, strict: bool) -> list[Any]:
    """What the pages print (`site.audit.reader`): every page rendered as the build renders it,
    its printed-but-not-computed facts and the numbers Markdown swallows; a page that cannot
    render is a problem at its line, as in the build."""
    from mkdocs.utils.meta import get_data

    from ...site.audit.problems import Problem
    from ...site.audit.project import _pages
    from ...site.errors import PageError
    from ...site.quoting import non_utf8_name
    from ...site.renderer import SiteRenderer
    from ...site.sourcefiles import front_matter_lines as _front_matter_lines

    renderer = SiteRenderer(site.root, scenarios_dir=site.scenarios_dir, templates_dir=site.templates_dir,
                            cache_dir=site.cache_dir if site.cache_dir is not None else ".tavla-cache",
                            languages=site.languages, project_locales=site.locales_dir)
    out: list[Problem] = []
    for page_path, lang, _ in _pages(site.docs_dir, site.languages):
        if non_utf8_name(str(page_path)) is not None:
            continue  # the audit reports the name; nothing can print it
        shown = renderer.display(page_path)
        try:
            body, meta = get_data(page_path.read_text(encoding="utf-8"))
            page = renderer.render_page(body, path=shown, lang=lang, meta=meta,
                                        first_line=_front_matter_lines(page_path))
        except PageError as e:
            out.append(_render_problem(str(e), shown))
            continue
        except (OSError, UnicodeDecodeError, ValueError) as e:
            out.append(Problem(shown, 1, 1, "error", "render", f"the page cannot be read: {e}"))
            continue
        out += [p if strict else Problem(p.path, p.line, p.col, "warning", p.rule, p.message, p.hint)
                for p in page.problems]
    return out


def _render_problem(text: str, shown: str) -> Any:
    """A page's render error (`path:line[:col]: error: message`, then its hint and notes) as one
    problem at the place it names.

    >>> p = _render_problem("s.yaml:14:7: error: caption: x\\n    hint: say y\\nx.md:3: note: used here", "x.md")
    >>> (p.path, p.line, p.col, p.message, p.hint)
    ('s.yaml', 14, 7, 'caption: x', 'say y\\nx.md:3: note: used here')
    """
    import re

    from ...site.audit.problems import Problem

    first_line, _, rest = text.partition("\n")
    where, _, message = first_line.partition(": error: ")
    m = re.fullmatch(r"(.*?):(\d+)(?::(\d+))?", where)
    path, line, col = (m.group(1), int(m.group(2)), int(m.group(3) or 1)) if m else (shown, 1, 1)
    hint = rest.strip()
    hint = hint[len("hint:"):].strip() if hint.startswith("hint:") else hint
    return Problem(path or shown, line, col, "error", "render", message or first_line, hint or None)


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
    if site.audit_switch is not None:  # a committed file may not soften the audit (`site.auditmode`)
        print(site.audit_switch, file=sys.stderr)
        return 1
    strict = site.strict if args.strict is None else args.strict
    if special_pages(site.docs_dir):
        return 1
    audit = audit_project(site.root, site.docs_dir, site.root / site.scenarios_dir, site.languages, strict=strict,
                          templates_dir=site.templates_dir)
    audit.problems += rendered_problems(site, strict)
    print(json_report(audit) if args.json else text_report(audit, findings=not args.summary))
    if any(p.severity == "error" for p in audit.problems):
        return 1
    return 0 if not strict or _vouch(site, config) else 1


def _vouch(site: Any, config: Path) -> bool:
    """After a clean strict audit: check every scenario and write the record that lets a generator
    without the plugin (Zensical) render the pages (`site.buildrecord`). False when a claim fails."""
    from ...site.buildrecord import vouch
    from ...site.renderer import SiteRenderer

    cache_dir = site.cache_dir if site.cache_dir is not None else ".tavla-cache"
    renderer = SiteRenderer(site.root, scenarios_dir=site.scenarios_dir, templates_dir=site.templates_dir,
                            cache_dir=cache_dir, languages=site.languages, project_locales=site.locales_dir)
    if vouch(renderer, site.docs_dir, config, cache_dir):
        return True
    print(f"{config}: error: a scenario's claims do not hold; `tavla-docs check` lists them (the pages are not vouched for)",
          file=sys.stderr)
    return False
