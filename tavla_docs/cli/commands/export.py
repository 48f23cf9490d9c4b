"""`tavla-docs export --lang tr OUT/`: one language's pages as plain Markdown, for any static generator.

Each page's Jinja is rendered (`site.renderer.SiteRenderer`, the same core as the
MkDocs plugin and `site.extension`), and each figure, story and table goes in as
an HTML block: what is left is Markdown any generator can publish, one site per
language. Front matter is kept; relative `.md` links are left for the generator
to resolve. Every scenario's claims are checked first, as `tavla-docs build` does.

- `--figures inline` (the default): the SVG inside each `<figure>`, as on the site.
- `--figures files`: each SVG in `figures/<id>.svg` (self-contained: its theme's style is
  inside, `site.figure_css.standalone`), the figure showing it with `<img>`, its title as the
  alternative text.

`assets/tavla.css` is the site's stylesheet for figures and tables.

`--offline` writes the whole built site instead, every language, for an app to open from files
(`cli.offline`): `OUT/site/` and `OUT/site.zip`.

The export never writes into the project (`cli.exportdest`): not its root, pages, scenarios,
partials or site; not into a non-empty folder that holds no earlier export (unless `--force`);
and never over a file it did not write.
"""
from __future__ import annotations

import argparse
import html
import itertools
import posixpath
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..exportdest import ExportRefused, check_destination, refuse_foreign, write_export

DEFAULT_FIGURES = "inline"
_SVG = re.compile(r"<svg\b([^>]*)>.*?</svg>", re.S)
_ID = re.compile(r"(?:^|\s)id=\"([^\"]+)\"")
_TITLE = re.compile(r"<title\b[^>]*>(.*?)</title>", re.S)
_BLANK = re.compile(r"\n[ \t]*(?=\n)")


def add_parser(sub: Any) -> None:
    p = sub.add_parser("export", help="write one language's pages as plain Markdown for other generators",
                       description="Render one language's pages (figures, stories, tables, checked facts) into "
                                   "a plain Markdown tree under OUT, for any static site generator.")
    p.add_argument("out", metavar="OUT", help="the folder to write: new, empty or an earlier export (whose files "
                                             "are replaced); never the project or its pages, scenarios or site")
    p.add_argument("--force", action="store_true",
                   help="also write into a non-empty folder that holds no earlier export (its files are never replaced)")
    p.add_argument("--config", default="mkdocs.yml", help="the MkDocs configuration (default: mkdocs.yml)")
    p.add_argument("--lang", default=None, help="the language to export (default: the site's default language)")
    p.add_argument("--figures", choices=("inline", "files"), default=None,
                   help="SVG inside the pages, or one .svg file per figure (default: inline)")
    p.add_argument("--offline", action="store_true",
                   help="write the built site, every language, to open from files with no network "
                        "(an app's web view): OUT/site/ and OUT/site.zip")
    p.add_argument("--no-check", action="store_true",
                   help="skip the scenario check (the pages still check what they use)")
    p.add_argument("-q", "--quiet", action="store_true", help="print errors only")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ...site.cache import DEFAULT_CACHE_DIR
    from ..siteconfig import read_site_config
    from .audit import special_pages
    from .build import _site_of, check_scenarios

    config = Path(args.config)
    if not config.is_file():
        print(f"tavla-docs export: error: no such file: {config}", file=sys.stderr)
        return 2
    site = read_site_config(config)
    root, langs = site.root, list(site.languages)
    if args.offline and (args.lang or args.figures):
        option = "--lang" if args.lang else "--figures"
        print(f"tavla-docs export: error: {option} does not go with --offline: the offline site holds every "
              "language (its language switch needs them) and its figures as the site draws them", file=sys.stderr)
        return 2
    lang = args.lang or site.default_language
    if lang not in langs:
        print(f"tavla-docs export: error: --lang {lang}: the site's languages are {', '.join(langs)}", file=sys.stderr)
        return 2
    docs = site.docs_dir / lang
    if not docs.is_dir() and not args.offline:
        print(f"tavla-docs export: error: {docs}: no pages for language {lang}", file=sys.stderr)
        return 1
    if special_pages(docs):  # a FIFO page would stop the export: refused, located
        return 1
    scenarios = site.scenarios_dir
    try:
        ours = check_destination(Path(args.out), root, {
            "pages": site.docs_dir, "scenarios": root / scenarios, "partials": root / site.templates_dir,
            "site": _site_of(config, None)}, args.force)
    except ExportRefused as e:
        print(str(e), file=sys.stderr)
        return 1
    cache_dir = DEFAULT_CACHE_DIR if site.cache_dir is None else site.cache_dir
    if not args.no_check and not check_scenarios(root, root / scenarios, args.quiet, cache_dir, "export"):
        print("tavla-docs export: error: scenario checks failed; nothing was exported", file=sys.stderr)
        return 1
    if args.offline:
        return run_offline(config, Path(args.out), ours, args.quiet)
    from ...site.renderer import SiteRenderer

    renderer = SiteRenderer(root, scenarios_dir=scenarios,
                            templates_dir=site.templates_dir,
                            cache_dir=cache_dir, languages=langs, project_locales=site.locales_dir)
    try:
        pages = export_pages(renderer, docs, lang, Path(args.out), args.figures or DEFAULT_FIGURES, ours)
    except ExportRefused as e:
        print(str(e), file=sys.stderr)
        return 1
    if not args.quiet:
        print(f"tavla-docs export: {pages} {lang} pages into {args.out}", file=sys.stderr)
    return 0


def run_offline(config: Path, out: Path, ours: set[str], quiet: bool) -> int:
    """`--offline`: build the site for files (`cli.standalone`) in a temporary folder, then bundle it
    (`cli.offline`). The build's errors are `tavla-docs build`'s, printed the same way."""
    import tempfile

    from ..offline import bundle
    from ..standalone import build_for_files
    from .build import guarded, source_date_epoch

    with tempfile.TemporaryDirectory(prefix="tavla-docs-offline-") as tmp:
        built = Path(tmp) / "site"
        if guarded(config, "export", quiet, lambda progress: build_for_files(config, built, progress=progress)) is None:
            return 1
        try:
            made = bundle(built, out, ours, source_date_epoch(config.resolve().parent))
        except ExportRefused as e:
            print(str(e), file=sys.stderr)
            return 1
    if not quiet:
        print(f"tavla-docs export: {made.files} files ({made.size / 1e6:.1f} MB) into {out / 'site'}, "
              f"zipped into {out / 'site.zip'} ({made.zip_size / 1e6:.1f} MB)", file=sys.stderr)
    return 0


def export_pages(renderer: Any, docs: Path, lang: str, out: Path, figures: str = DEFAULT_FIGURES,
                 ours: set[str] | None = None) -> int:
    """Render every page under `docs` (one language's folder) into `out`; returns the number of pages.

    `ours`: the files an earlier export wrote there (`exportdest`), the only ones replaced.
    Every page is rendered before anything is written, and the files are written together: a page
    that does not render raises PageError (`path:line: error: …`), and a page, figure or the
    stylesheet that would replace a file no export wrote raises ExportRefused, with `out` as it was.
    """
    from ...site.extension import FRONT_MATTER, split_front_matter

    ours = set() if ours is None else ours
    files: dict[str, str | bytes] = {}
    sources = sorted(docs.rglob("*.md"))
    refuse_foreign(out, [s.relative_to(docs).as_posix() for s in sources] + ["assets/tavla.css"], ours)  # early
    for source in sources:
        rel = source.relative_to(docs).as_posix()
        text = source.read_text(encoding="utf-8-sig")
        body, meta, first = split_front_matter(text)
        rendered = renderer.render_page(body, path=renderer.display(source), lang=lang, meta=meta, first_line=first)
        fragments = {n: block_html(h) for n, h in rendered.fragments.items()}
        if figures == "files":
            unnamed = itertools.count(1)  # the page's SVGs without an id, in order
            fragments = {n: svg_files(h, files, rel, unnamed) for n, h in sorted(fragments.items())}
        head = m.group(0) + "\n" if (m := FRONT_MATTER.match(text)) and meta else ""
        files[rel] = head + renderer.fill(rendered.markdown, fragments)
    css = Path(__file__).resolve().parents[2] / "site" / "theme" / "assets" / "stylesheets" / "tavla.css"
    files["assets/tavla.css"] = css.read_text(encoding="utf-8")
    refuse_foreign(out, sorted(files), ours)  # the figures' names too, now that they are known
    write_export(out, files, ours)
    return len(sources)


def block_html(fragment: str) -> str:
    """A fragment as one HTML block: CommonMark ends an HTML block at a blank line, so none is left
    (outside `<pre>`, where blank lines are text).

    >>> block_html("<div>\\n\\n<p>a</p>\\n  \\n</div>")
    '<div>\\n<p>a</p>\\n</div>'
    """
    return fragment if "<pre" in fragment else _BLANK.sub("", fragment.strip())


def svg_files(fragment: str, files: dict[str, str | bytes], page: str, unnamed: Iterator[int]) -> str:
    """Each SVG of a fragment put in `files` as `figures/<id>.svg`, shown with `<img>` (its title as `alt`).

    A diagram's id is a hash of what it shows; an SVG without one (a chart) is named after
    the page and its place there.
    """
    from ...site.figure_css import standalone

    def write(m: re.Match[str]) -> str:
        found = _ID.search(m.group(1))
        svg_id = found.group(1) if found else f"{page[:-3].replace('/', '-')}-{next(unnamed)}"
        files[f"figures/{svg_id}.svg"] = standalone(m.group(0)) + "\n"
        title = _TITLE.search(m.group(0))
        alt = html.escape(html.unescape(title.group(1)) if title else "", quote=True)
        src = posixpath.relpath(f"figures/{svg_id}.svg", posixpath.dirname(page) or ".")
        return f'<img class="tavla-diagram" src="{src}" alt="{alt}">'
    return _SVG.sub(write, fragment)
