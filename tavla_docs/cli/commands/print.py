"""`tavla-docs print --lang tr OUT.pdf`: one language's pages as a printable rulebook, with WeasyPrint.

The site is built for files (`cli.standalone`) in a temporary folder, with every check of
`tavla-docs build`; its pages are put together in the navigation's order (`cli.book`): a cover
with the contents, then each page from a new page, the figures as the site's SVG (vector drawings
in the PDF), the tables, page numbers, and no interactive part (a try-it board prints as its
figure). WeasyPrint is an optional extra (`pip install 'tavla-docs[print]'`) and needs Pango from
the system; without them `print` says in one line what to install.

OUT must name a `.pdf` file outside the project's pages, scenarios, partials and site folders,
and is replaced only when an earlier `print` wrote it (its PDF identifier starts with `tavla-docs `).
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any

CREATOR = "tavla-docs print"
INSTALL = ("WeasyPrint is needed to print: install it with `pip install 'tavla-docs[print]'` (it also needs Pango: "
           "`apt-get install libpango-1.0-0 libpangoft2-1.0-0` on Debian and Ubuntu)")
#: The PDF's identifier starts with this (the trailer's `/ID`, never compressed): how `print` knows its own files.
IDENTIFIER = b"tavla-docs "
_OURS = re.compile(rb"/ID\s*\[\s*\(" + re.escape(IDENTIFIER))


def add_parser(sub: Any) -> None:
    p = sub.add_parser("print", help="write one language's pages as a printable PDF rulebook",
                       description="Check every scenario, build the site and print one language's pages, in the "
                                   "navigation's order, into a PDF (WeasyPrint: pip install 'tavla-docs[print]').")
    p.add_argument("out", metavar="OUT.pdf", help="the PDF to write; never inside the project's pages, scenarios, "
                                                  "partials or site, and never over a file an earlier print did not write")
    p.add_argument("--config", default="mkdocs.yml", help="the MkDocs configuration (default: mkdocs.yml)")
    p.add_argument("--lang", default=None, help="the language to print (default: the site's default language)")
    p.add_argument("--no-check", action="store_true",
                   help="skip the scenario check (the pages still check what they use)")
    p.add_argument("-q", "--quiet", action="store_true", help="print errors only")
    p.set_defaults(run=run)


def weasyprint_problem() -> str | None:
    """None when WeasyPrint and the libraries it loads (Pango) are there, else the line saying what to install."""
    try:
        import weasyprint  # noqa: F401 - imported to see whether it loads
    except ImportError:
        return INSTALL
    except OSError as e:  # WeasyPrint is installed, a system library it loads (Pango) is not
        return f"{INSTALL}; loading it failed: {' '.join(str(e).split())}"
    return None


def destination_problem(out: Path, protected: dict[str, Path]) -> str | None:
    """The located error line when `out` is no place for the book, else None."""
    where = Path(os.path.realpath(out))
    if out.suffix.lower() != ".pdf":
        return f"{out}: error: not a PDF file name; name the book's file, for example `rules.pdf`"
    for name, folder in protected.items():
        real = Path(os.path.realpath(folder))
        if where == real or real in where.parents:
            return f"{out}: error: inside the project's {name} folder ({folder.name}/); write the PDF elsewhere"
    if where.is_dir():
        return f"{out}: error: a folder; name the book's file, for example `{out / 'rules.pdf'}`"
    if os.path.lexists(out) and not _ours(out):
        return f"{out}: error: exists and was not written by tavla-docs print; not replaced (remove it, or name another file)"
    return None


def _ours(out: Path) -> bool:
    """Whether `out` is a PDF an earlier `print` wrote: a regular file whose identifier is ours (the
    creator's name is in a compressed object, the identifier in the trailer's plain dictionary)."""
    if out.is_symlink() or not out.is_file():
        return False
    with open(out, "rb") as f:
        data = f.read(64 << 20)
    return data.startswith(b"%PDF-") and _OURS.search(data) is not None


def run(args: argparse.Namespace) -> int:
    from ...site.cache import DEFAULT_CACHE_DIR
    from ..siteconfig import read_site_config
    from .build import _site_of, check_scenarios

    config = Path(args.config)
    if not config.is_file():
        print(f"tavla-docs print: error: no such file: {config}", file=sys.stderr)
        return 2
    site = read_site_config(config)
    lang = args.lang or site.default_language
    if lang not in site.languages:
        print(f"tavla-docs print: error: --lang {lang}: the site's languages are {', '.join(site.languages)}",
              file=sys.stderr)
        return 2
    root = site.root
    out = Path(args.out)
    problem = destination_problem(out, {
        "pages": site.docs_dir, "scenarios": root / site.scenarios_dir, "partials": root / site.templates_dir,
        "site": _site_of(config, None)})
    if problem is None:
        problem = weasyprint_problem()
        problem = None if problem is None else f"tavla-docs print: error: {problem}"
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    cache_dir = DEFAULT_CACHE_DIR if site.cache_dir is None else site.cache_dir
    if not args.no_check and not check_scenarios(root, root / site.scenarios_dir, args.quiet, cache_dir, "print"):
        print("tavla-docs print: error: scenario checks failed; nothing was printed", file=sys.stderr)
        return 1
    pages = print_book(config, lang, out, args.quiet)
    if pages is None:
        return 1
    if not args.quiet:
        print(f"tavla-docs print: {pages[0]} {lang} pages, {pages[1]} PDF pages into {out}", file=sys.stderr)
    return 0


def print_book(config: Path, lang: str, out: Path, quiet: bool) -> tuple[int, int] | None:
    """Build, assemble and print; returns (site pages, PDF pages), or None when the build failed (printed)."""
    import tempfile

    from ..buildrun import plugin_pages
    from ..standalone import build_for_files
    from .build import guarded, source_date_epoch

    with tempfile.TemporaryDirectory(prefix="tavla-docs-print-") as tmp:
        built = Path(tmp) / "site"
        result = guarded(config, "print", quiet, lambda progress: build_for_files(config, built, progress=progress))
        if result is None:
            return None
        _, plugin = result
        pages = plugin_pages(plugin, lang)
        document = _book(built, plugin, lang, pages, config)
        count = _write_pdf(document, built, out, source_date_epoch(config.resolve().parent))
    return len(pages), count


def _book(built: Path, plugin: Any, lang: str, pages: list[Any], config: Path) -> str:
    from ...site.i18n import catalog
    from ..book import BookPage, article, book_html, heading, printable

    sections = {p.file.dest_uri: f"page-{i}" for i, p in enumerate(pages, 1)}
    bodies: list[tuple[BookPage, str]] = []
    for p in pages:
        body = article((built / p.file.dest_uri).read_text(encoding="utf-8"))
        fallback = str(p.title or p.file.name)
        bodies.append((BookPage(p.file.dest_uri, heading(body, fallback)),
                       printable(body, p.file.dest_uri, built, sections)))
    names = getattr(getattr(plugin, "config", None), "site_names", None) or {}
    title = str(names.get(lang) or _site_name(config))
    here = Path(__file__).resolve().parents[2]
    css = (here / "site" / "theme" / "assets" / "stylesheets" / "tavla.css").read_text(encoding="utf-8") + "\n" + \
        (here / "cli" / "book.css").read_text(encoding="utf-8")
    return book_html(lang, title, catalog(lang).gettext("Contents"), bodies, css, generator=CREATOR)


def _site_name(config: Path) -> str:
    from .build import _raw_config

    raw = _raw_config(str(config))
    return str(raw.get("site_name", "")) if isinstance(raw, dict) else ""


def _write_pdf(document: str, base: Path, out: Path, epoch: str) -> int:
    """Render `document` with WeasyPrint into `out` (written beside it, then renamed over it); the PDF's pages."""
    import logging

    import weasyprint

    logging.getLogger("weasyprint").setLevel(logging.ERROR)  # its notes on CSS it skips (the site's screen rules)
    rendered = weasyprint.HTML(string=document, base_url=str(base) + os.sep).render()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.parent / f".{out.name}.{os.getpid()}.tmp"
    try:
        rendered.write_pdf(tmp, uncompressed_pdf=False, pdf_identifier=IDENTIFIER + epoch.encode())
        os.replace(tmp, out)
    finally:
        if tmp.exists():
            tmp.unlink()
    return len(rendered.pages)
