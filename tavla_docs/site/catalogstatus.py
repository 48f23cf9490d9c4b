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


def catalog_problems(status: CatalogStatus, template: Path) -> list[str]:
    """`--check`'s lines for one catalog: one line per kind of problem, never a traceback."""
    where = status.path
    fix = UPDATE_HINT.format(template=template, locales=template.parent)
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
