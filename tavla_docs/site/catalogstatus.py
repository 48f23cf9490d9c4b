"""What each language's catalog lacks against the translators' template (`messages.pot`), and
whether the template itself is current with the code (`pybabel extract`).

The template is the list translators work from (Weblate, Crowdin and Transifex read it as
it is); a catalog is current when it has exactly the template's messages. An entry is
*translated* when every msgstr is filled and it is not fuzzy, *fuzzy* when a tool or a
translator flagged it for review (the build never shows a fuzzy translation: `i18n`
leaves it out, and `--check` fails on it), *missing* when it is absent or empty, and
*obsolete* when the catalog has a message the template no longer has.
"""
from __future__ import annotations

import contextlib
import io
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from . import i18n

TEMPLATE_NAME = "messages.pot"
UPDATE_HINT = "pybabel update -i {template} -d {locales} --no-fuzzy-matching"

Key = tuple[str | None, str]  # (msgctxt, msgid)


def template_path(locales_dir: Path) -> Path:
    return locales_dir / TEMPLATE_NAME


def key_of(m: Message) -> Key:
    return m.context, m.id if isinstance(m.id, str) else m.id[0]


def shown(key: Key) -> str:
    """A message as a report names it: `"White" (diagram:white)`."""
    context, msgid = key
    return f'"{msgid}"' + (f" ({context})" if context else "")


def read_template(path: Path) -> Catalog:
    """The template, read as gettext data (a broken file is one located error, `i18n`'s way)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise i18n.CatalogError(f"{path}: error: no translators' template\n"
                                "    hint: run `pybabel extract` in the project's root") from None
    try:
        return read_po(io.BytesIO(data), ignore_obsolete=True, abort_invalid=True)
    except Exception as e:  # Babel's PoFileError and its other complaints: one line, no traceback
        line = getattr(e, "lineno", 0) + 1
        raise i18n.CatalogError(f"{path}:{line}:1: error: the template is not a gettext file: "
                                f"{str(e).rsplit(' on ', 1)[0][:200]}") from None


def messages(cat: Catalog) -> dict[Key, Message]:
    return {key_of(m): m for m in cat if m.id}


@dataclass(frozen=True)
class CatalogStatus:
    """One language's catalog against the template."""

    lang: str
    path: Path
    exists: bool
    translated: int
    fuzzy: tuple[Key, ...] = field(default=())
    missing: tuple[Key, ...] = field(default=())
    obsolete: tuple[Key, ...] = field(default=())


def catalog_status(lang: str, locales_dir: Path, template: Catalog) -> CatalogStatus:
    """Count and list the catalog's entries of each kind (a missing catalog lacks every message)."""
    path = i18n.po_path(lang, locales_dir)
    wanted = messages(template)
    if not path.is_file():
        return CatalogStatus(lang, path, False, 0, missing=tuple(wanted))
    have = messages(i18n.read_catalog(lang, locales_dir))
    fuzzy, missing = [], []
    for key in wanted:
        m = have.get(key)
        strings = () if m is None else (m.string if isinstance(m.string, tuple | list) else (m.string,))
        if m is None or not all(strings):
            missing.append(key)
        elif m.fuzzy:
            fuzzy.append(key)
    obsolete = tuple(k for k in have if k not in wanted)
    return CatalogStatus(lang, path, True, len(wanted) - len(fuzzy) - len(missing), tuple(fuzzy), tuple(missing), obsolete)


@dataclass(frozen=True)
class Lack:
    """A message the code can show that a project's catalog lacks (absent, empty or fuzzy), and what a
    page shows in its place: the package's translation (`shown="package"`) or the msgid (`"msgid"`)."""

    key: Key
    shown: str


def _translated(m: Message | None) -> bool:
    strings = () if m is None else (m.string if isinstance(m.string, tuple | list) else (m.string,))
    return m is not None and bool(strings) and all(strings) and not m.fuzzy


def project_lacks(lang: str, project_dir: Path, package_dir: Path = i18n.LOCALES_DIR) -> tuple[Lack, ...]:
    """What the project's catalog for `lang` lacks of the messages a page can show: the package's
    template (its catalog's messages when the template is not there) and the project's own template,
    when it has one. Empty when the project has no catalog for `lang` (the package's is used whole).

    A project catalog is written against one release of tavla-docs; the messages a later release
    adds come from the package's catalog for the language (`i18n.catalog_folders`), else print as
    the English msgid. Either way the project's translators should know."""
    if not i18n.po_path(lang, project_dir).is_file():
        return ()
    own = messages(i18n.read_catalog(lang, project_dir))
    package_po = i18n.po_path(lang, package_dir)
    package = messages(i18n.read_catalog(lang, package_dir)) if package_po.is_file() else {}
    wanted: dict[Key, None] = {}
    for folder in (package_dir, project_dir):
        pot = template_path(folder)
        if pot.is_file():
            wanted.update(dict.fromkeys(messages(read_template(pot))))
        elif folder == package_dir:
            wanted.update(dict.fromkeys(package))
    return tuple(Lack(k, "package" if _translated(package.get(k)) else "msgid")
                 for k in wanted if not _translated(own.get(k)))


def lack_lines(lang: str, po: str, lacks: tuple[Lack, ...], template: str) -> list[tuple[bool, str]]:
    """The build's report of `project_lacks`, one line per kind: (whether a reader sees the msgid,
    the line). Shown from the package's catalog, a page reads right in its language; shown as the
    msgid, it does not (a strict build fails on that line, as on a figure word in English)."""
    out = []
    for kind, fails, says in (("package", False, f"pages in {lang!r} show the package's translation"),
                              ("msgid", True, "pages show the msgid (English)")):
        keys = [x.key for x in lacks if x.shown == kind]
        if keys:
            listed = ", ".join(shown(k) for k in keys[:8]) + (", …" if len(keys) > 8 else "")
            out.append((fails, f"{po}: warning: {_count(len(keys), 'message')} of the template not in this "
                               f"catalog; {says}: {listed}\n    hint: add them to the catalog from {template} "
                               "and translate them (`tavla-docs translations` lists each)"))
    return out


def lack_problems(po: str | Path, lacks: tuple[Lack, ...], template: str | Path) -> list[str]:
    """`--check`'s line for the messages a project catalog lacks that a page shows as the msgid (no
    catalog has them); those the package's catalog gives are listed by the report, not failed on."""
    keys = [x.key for x in lacks if x.shown == "msgid"]
    if not keys:
        return []
    return [f"{po}: error: {_count(len(keys), 'message')} of the package's template in no catalog of this "
            f"language, shown in English (first: {shown(keys[0])}): add them from {template} and translate them"]


def catalog_problems(status: CatalogStatus, template: Path, locales: Path | None = None) -> list[str]:
    """`--check`'s lines for one catalog: one line per kind of problem, never a traceback.
    `locales`: the catalogs' folder, when it is not the template's (a project's catalogs kept
    against the package's template)."""
    where = status.path
    fix = UPDATE_HINT.format(template=template, locales=locales or template.parent)
    if not status.exists:
        return [f"{where}: error: no catalog for language {status.lang!r}: run `pybabel init -i {template} "
                f"-d {template.parent} -l {status.lang}`"]
    out = []
    if status.obsolete:
        out.append(f"{where}: error: {_count(len(status.obsolete), 'message')} not in the template "
                   f"(first: {shown(status.obsolete[0])}): run `{fix}`")
    if status.fuzzy:
        out.append(f"{where}: error: {_count(len(status.fuzzy), 'fuzzy entry', 'fuzzy entries')} "
                   f"(first: {shown(status.fuzzy[0])}): review each and remove its `#, fuzzy` line")
    if status.missing:
        out.append(f"{where}: error: {_count(len(status.missing), 'message')} of the template not translated "
                   f"(first: {shown(status.missing[0])}): run `{fix}` and translate them")
    return out


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def extraction_config(root: Path) -> bool:
    """Whether `root` extracts its own messages: a babel.cfg beside a pyproject.toml that sets
    `[tool.babel.extract_messages]` (this repository; a site that only uses the package has none)."""
    pyproject = root / "pyproject.toml"
    if not (root / "babel.cfg").is_file() or not pyproject.is_file():
        return False
    import tomllib

    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return False
    return isinstance(data.get("tool", {}).get("babel", {}).get("extract_messages"), dict)


def extract(root: Path) -> Catalog:
    """What `pybabel extract` finds now in `root`, with the project's own configuration, written
    to a temporary file instead of the template (the same code path as the command)."""
    from babel.messages.frontend import CommandLineInterface

    with tempfile.TemporaryDirectory(prefix="tavla-pot-") as tmp:
        out = Path(tmp) / TEMPLATE_NAME
        here = Path.cwd()
        os.chdir(root)  # pybabel reads pyproject.toml and babel.cfg from the working directory
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                code = CommandLineInterface().run(["pybabel", "-q", "extract", "-o", str(out)])
        except SystemExit as e:  # optparse's usage errors
            code = e.code if isinstance(e.code, int) else 1
        finally:
            os.chdir(here)
        if code not in (0, None) or not out.is_file():
            raise i18n.CatalogError(f"{root / 'babel.cfg'}: error: `pybabel extract` failed (status {code})")
        return read_template(out)


def _signature(m: Message) -> tuple:
    return (m.id, tuple(m.auto_comments), tuple(sorted(m.flags - {"fuzzy"})))


def template_problem(root: Path, template: Path) -> str | None:
    """One line when the committed template differs from what `pybabel extract` finds now."""
    fresh = messages(extract(root))
    committed = messages(read_template(template))
    new = [k for k in fresh if k not in committed]
    gone = [k for k in committed if k not in fresh]
    changed = [k for k in fresh if k in committed and _signature(fresh[k]) != _signature(committed[k])]
    if not (new or gone or changed):
        return None
    parts = [f"{len(new)} new" if new else "", f"{len(gone)} gone" if gone else "",
             f"{len(changed)} changed" if changed else ""]
    first = (new or gone or changed)[0]
    return (f"{template}: error: the template is stale ({', '.join(p for p in parts if p)} "
            f"message{'s' if len(new) + len(gone) + len(changed) != 1 else ''}; first: {shown(first)}): "
            "run `pybabel extract` in the project's root, then update the catalogs")
