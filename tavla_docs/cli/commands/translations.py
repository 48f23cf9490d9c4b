"""`tavla-docs translations`: what each language still lacks, for translators and for CI.

Per language: the catalog's translated, fuzzy and missing entries against the translators'
template (`<locales>/messages.pot`), the pages not translated yet, the translations older
than their source page (`source_hash:`, `site.pagestatus`), and the scenario texts
(captions, labels) without that language, and what a project's own catalog lacks of the package's
messages, with what pages show instead (the package's translation, else the English msgid:
`catalogstatus.project_lacks`). `--json` prints the same as one JSON object.
`--check` prints only problems, one line each, and exits 1 on any: a stale template (where
the project extracts its own messages: babel.cfg), a catalog out of step with the template,
a fuzzy or untranslated entry. `--record PAGE…` writes the source's digest into translated
pages.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

HELP = "report what each language lacks: catalog entries, pages, captions, stale translations"


def add_parser(sub: Any) -> None:
    p = sub.add_parser("translations", help=HELP,
                       description="Report, per language, the catalog's translated, fuzzy and missing entries, "
                                   "the pages and scenario texts not translated yet, and the translations whose "
                                   "source page changed since they were recorded.")
    p.add_argument("--config", default="mkdocs.yml", help="the MkDocs configuration (default: mkdocs.yml)")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--check", action="store_true",
                   help="print only problems, one line each, and exit 1 on any: a stale messages.pot, a catalog "
                        "out of step with it, fuzzy or untranslated entries")
    p.add_argument("--record", nargs="+", metavar="PAGE", default=None,
                   help="record each translated page's source digest (`source_hash:` in its front matter)")
    p.set_defaults(run=run)


def _settings(config: Path) -> tuple[Path, Path, Path, Path, tuple[str, ...], dict[str, str]]:
    """(root, docs folder, scenarios folder, locales folder, languages with the source first, names)."""
    from ...site import i18n
    from ...site.languages import DEFAULT_LANGUAGES
    from ..siteconfig import _plugin_option_raw, read_site_config

    site = read_site_config(config)
    locales = _plugin_option_raw(config, "locales_dir")
    names = _plugin_option_raw(config, "languages") or dict(DEFAULT_LANGUAGES)
    return (site.root, site.docs_dir, site.root / site.scenarios_dir,
            site.root / str(locales) if locales else i18n.LOCALES_DIR, site.languages,
            {str(k): str(v) for k, v in dict(names).items()})


def run(args: argparse.Namespace) -> int:
    from ...site import catalogstatus as cs
    from ...site import i18n
    from ...site import pagestatus as ps

    config = Path(args.config)
    if not config.is_file():
        print(f"{config}: error: no such MkDocs configuration", file=sys.stderr)
        return 1
    root, docs, scenarios, locales, languages, names = _settings(config)
    if args.record is not None:
        return _record(args.record, docs, languages)
    package = i18n.LOCALES_DIR
    own = locales != package
    # A project's catalogs against its own template; without one, against the package's. A language
    # the project has no catalog for uses the package's (`i18n.catalog_folders`): reported as that.
    template_file = cs.template_path(locales if cs.template_path(locales).is_file() or not own else package)
    template = cs.read_template(template_file)
    package_template = cs.read_template(cs.template_path(package)) if own else template
    statuses = {lang: cs.catalog_status(lang, locales, template) if i18n.po_path(lang, locales).is_file() or not own
                else cs.catalog_status(lang, package, package_template) for lang in languages}
    lacks = {lang: cs.project_lacks(lang, locales, package) if own else () for lang in languages}
    if args.check:
        problems = []
        if cs.extraction_config(root) and locales.resolve().is_relative_to(root.resolve()):
            stale = cs.template_problem(root, _shown(template_file, root))
            problems += [stale] if stale else []
        for lang, status in statuses.items():
            used = template_file if status.path == i18n.po_path(lang, locales) else cs.template_path(package)
            problems += cs.catalog_problems(status, _shown(used, root), _shown(status.path.parents[2], root))
            problems += cs.lack_problems(_shown(status.path, root), lacks[lang], _shown(cs.template_path(package), root))
        for line in problems:
            print(line, file=sys.stderr)
        if not problems:
            print(f"tavla-docs translations: {_shown(template_file, root)} and {len(statuses)} catalogs are current",
                  file=sys.stderr)
        return 1 if problems else 0
    gaps = {lang: ps.page_gaps(docs, languages[0], lang) for lang in languages[1:]}
    texts = ps.text_gaps(scenarios, languages, root) if scenarios.is_dir() else []
    report = _report(root, docs, template_file, languages, names, statuses, gaps, texts, lacks)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        _print(report)
    return 0


def _record(pages: list[str], docs: Path, languages: tuple[str, ...]) -> int:
    """`--record`: every page's digest worked out first, then the pages written together
    (`writes.write_together`): a page refused, or a write that fails, changes none of them."""
    from ...site import pagestatus as ps
    from ...writes import write_together

    digests, writes = [], {}
    for page in pages:
        digest, text, changed = ps.recorded_text(Path(page), docs, languages)
        digests.append((page, digest))
        if changed:
            writes[Path(page)] = text
    write_together(writes)
    for page, digest in digests:
        print(f"{page}: source_hash {digest}")
    return 0


def _shown(path: Path, root: Path) -> Path:
    try:
        return path.resolve().relative_to(root.resolve())
    except ValueError:
        return path


def _key(key: tuple[str | None, str]) -> dict[str, str | None]:
    return {"context": key[0], "msgid": key[1]}


def _report(root: Path, docs: Path, template: Path, languages: tuple[str, ...], names: dict[str, str],
            statuses: dict[str, Any], gaps: dict[str, Any], texts: list[Any],
            lacks: dict[str, Any]) -> dict[str, Any]:
    docs_shown = _shown(docs, root).as_posix()
    out: dict[str, Any] = {"template": _shown(template, root).as_posix(), "source_language": languages[0],
                           "languages": {}}
    for lang in languages:
        st = statuses[lang]
        entry: dict[str, Any] = {
            "name": names.get(lang, lang),
            "catalog": {"path": _shown(st.path, root).as_posix(), "translated": st.translated,
                        "fuzzy": [_key(k) for k in st.fuzzy], "missing": [_key(k) for k in st.missing],
                        "obsolete": [_key(k) for k in st.obsolete]},
            "captions": {"untranslated": [{"file": t.file, "line": t.line, "key": t.key}
                                          for t in texts if lang in t.missing]},
            # what a project catalog lacks of the package's messages, and what pages show instead
            "lacks": [{**_key(x.key), "shown": x.shown} for x in lacks[lang]],
        }
        if lang in gaps:
            g = gaps[lang]
            entry["pages"] = {
                "untranslated": [f"{docs_shown}/{p}" for p in g.untranslated],
                "stale": [{"page": f"{docs_shown}/{p}", "source": f"{docs_shown}/{languages[0]}/{p.split('/', 1)[1]}",
                           "recorded": r, "current": c} for p, r, c in g.stale],
                "unrecorded": [f"{docs_shown}/{p}" for p in g.unrecorded],
            }
        out["languages"][lang] = entry
    return out


def _print(report: dict[str, Any]) -> None:
    print(f"template {report['template']}; source pages in {report['source_language']}/")
    for lang, e in report["languages"].items():
        c, caps = e["catalog"], e["captions"]["untranslated"]
        head = (f"{lang} ({e['name']}): catalog {c['translated']} translated, {len(c['fuzzy'])} fuzzy, "
                f"{len(c['missing'])} missing")
        if c["obsolete"]:
            head += f", {len(c['obsolete'])} obsolete"
        pages = e.get("pages")
        if pages is not None:
            head += (f"; pages {len(pages['untranslated'])} not translated, {len(pages['stale'])} stale, "
                     f"{len(pages['unrecorded'])} unrecorded")
        print(head + f"; scenario texts {len(caps)} not translated")
        instead = {(k["context"], k["msgid"]): "the package's translation" if k["shown"] == "package"
                   else "the msgid (English)" for k in e["lacks"]}
        for kind in ("fuzzy", "missing", "obsolete"):
            for k in c[kind]:
                shows = instead.pop((k["context"], k["msgid"]), None) if kind != "obsolete" else None
                print(f"  {c['path']}: {kind}: \"{k['msgid']}\"" + (f" ({k['context']})" if k["context"] else "")
                      + (f"; pages show {shows}" if shows else ""))
        for (context, msgid), shows in instead.items():  # the package's messages the project's template lacks too
            print(f"  {c['path']}: warning: \"{msgid}\"" + (f" ({context})" if context else "")
                  + f" is not in this catalog; pages show {shows}")
        if pages is not None:
            for p in pages["untranslated"]:
                print(f"  {p}: not translated")
            for s in pages["stale"]:
                print(f"  {s['page']}: stale: {s['source']} changed since the translation "
                      f"(recorded {s['recorded']}, now {s['current']})")
            for p in pages["unrecorded"]:
                print(f"  {p}: no source_hash recorded")
        for t in caps:
            print(f"  {t['file']}:{t['line']}: {t['key']} not translated")
