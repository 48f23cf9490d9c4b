"""Message catalogs: gettext .po files read with Babel at build time (no .mo on disk).

A catalog comes from contributors like a page does, so it is data with limits
(`read_catalog`): at most 1 MB of UTF-8; its `Plural-Forms` header read by our own
small grammar (`plural`), never evaluated as code, before Babel sees a plural
message; every translation's `%` placeholders checked against its msgid
(`msgformat`). Each problem is one `…/messages.po:LINE:COL: error: …` line. The
translations are then built in memory from the checked catalog (`translations`),
without a .mo file and without gettext's own reading of the header.

Turkish has CLDR's two categories (Babel: `nplurals=2; plural=(n != 1)`),
but a Turkish noun stays singular after a numeral, so both msgstr forms are the
same text ("3 pul"); English uses two different forms ("3 checkers").

>>> tr, en = catalog("tr"), catalog("en")
>>> tr.ngettext("%(num)d checker left", "%(num)d checkers left", 3) % {"num": 3}
'3 pul kaldı'
>>> en.ngettext("%(num)d checker left", "%(num)d checkers left", 3) % {"num": 3}
'3 checkers left'
>>> en.ngettext("%(num)d checker left", "%(num)d checkers left", 1) % {"num": 1}
'1 checker left'
"""
from __future__ import annotations

import gettext
import os
import stat
from collections.abc import Callable, Iterable, Sequence
from email.parser import HeaderParser
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, PoFileParser
from markupsafe import Markup

from ..errors import TavlaError
from ..languages import registry
from . import msgformat
from .plural import PluralFormsError, PluralRule, parse_plural_forms

LOCALES_DIR = Path(__file__).parent / "locales"
LANGUAGES = registry.codes()  # the package's languages (tr, en); a project's own come from the plugin's options
MAX_CATALOG_BYTES = 1 << 20  # 1 MB; the site's catalogs are about 12 KB
DEFAULT_PLURALS = "nplurals=2; plural=(n != 1);"  # gettext's own default, for a catalog without the header


class CatalogError(TavlaError):
    """A catalog that is missing, unreadable, incomplete or outside the limits."""


def po_path(lang: str, locales_dir: Path = LOCALES_DIR) -> Path:
    return locales_dir / lang / "LC_MESSAGES" / "messages.po"


# The project's own catalogs (the plugin's `locales_dir`) for this build; the audit reads the catalog
# a language's pages are built with (`site_po_path`), not the package's one it falls back to.
_project_locales: list[Path | None] = [None]


def use_project_locales(folder: Path | None) -> None:
    _project_locales[0] = folder


def site_po_path(lang: str) -> Path:
    """The catalog the site's pages in `lang` are built with first: the project's, else the package's."""
    return po_path(lang, catalog_folders(lang, _project_locales[0])[0])


def catalog_folders(lang: str, project_dir: Path | None, default: Path = LOCALES_DIR) -> tuple[Path, ...]:
    """The folders `lang`'s messages are looked up in, first match wins: the project's `locales_dir`
    when it has a catalog for the language, then the package's when it has one. A project catalog
    older than the tool lacks its newer messages; they come from the package's catalog, not as the
    English msgid (`catalog_chain`). No folder at all: the one whose catalog is missing, for the error."""
    found = tuple(d for d in (project_dir, default) if d is not None and po_path(lang, d).is_file())
    return found or (project_dir if project_dir is not None else default,)


def _read_bytes(path: Path, lang: str) -> bytes:
    """The file's bytes: a regular file of at most MAX_CATALOG_BYTES (a FIFO never blocks the build)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise CatalogError(f"{path}: error: no message catalog for language {lang!r}") from None
    except OSError as e:
        raise CatalogError(f"{path}: error: cannot read the catalog: {e.strerror}") from None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise CatalogError(f"{path}: error: the catalog is not a regular file")
        if st.st_size > MAX_CATALOG_BYTES:
            raise CatalogError(f"{path}: error: the catalog is {st.st_size:,} bytes; the limit is "
                               f"{MAX_CATALOG_BYTES:,}")
        data = f.read(MAX_CATALOG_BYTES + 1)
    if len(data) > MAX_CATALOG_BYTES:
        raise CatalogError(f"{path}: error: the catalog is over {MAX_CATALOG_BYTES:,} bytes")
    return data


def _located(path: Path, line: int, col: int, message: str, hint: str = "") -> CatalogError:
    text = f"{path}:{line}:{col}: error: {message}"
    return CatalogError(text + (f"\n    hint: {hint}" if hint else ""))


class _Lines:
    """The catalog's lines, to find where a message's header field or msgstr is written."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def entry(self, first: int) -> Iterable[tuple[int, str]]:
        """(1-based line, text) from line `first` to the entry's end (a blank line or the next msgid)."""
        for i in range(max(first - 1, 0), len(self.lines)):
            text = self.lines[i]
            if i >= first and (not text.strip() or text.lstrip().startswith(("msgid ", "msgctxt "))):
                return
            yield i + 1, text

    def find(self, first: int, needle: str, after: str = "") -> tuple[int, int]:
        """The line and 1-based column of `needle` in the entry at `first` (searched from the line
        starting with `after`); the entry's first line if it is not written there verbatim."""
        started = not after
        fallback = (first, 1)
        for line, text in self.entry(first):
            if not started and text.lstrip().startswith(after):
                started, fallback = True, (line, len(text) - len(text.lstrip()) + 1)
            if started and needle and needle in text:
                return line, text.index(needle) + 1
        return fallback


class _CheckedCatalog(Catalog):
    """A Babel catalog whose header is checked before Babel applies it: `nplurals` sizes every
    plural message, so 300,000,000 would allocate that many strings per message."""

    def __init__(self, path: Path, lines: _Lines, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.path, self.lines = path, lines
        self.rule: PluralRule | None = None
        self.header_error: CatalogError | None = None  # the header's problem, as _check_header located it

    def __setitem__(self, id: Any, message: Message) -> None:
        if id == "":
            try:
                self._check_header(message)
            except CatalogError as e:
                # Kept: Babel adds the header while it reads the next line, and a comment line
                # (`#, …`) turns a ValueError raised there into its own PoFileError at that line.
                self.header_error = e
                raise
        super().__setitem__(id, message)

    def _check_header(self, message: Message) -> None:
        first = message.lineno or 1
        string = message.string if isinstance(message.string, str) else ""
        headers = HeaderParser().parsestr(string)
        values = headers.get_all("Plural-Forms") or []
        if len(values) > 1:
            line, col = self.lines.find(first, "Plural-Forms", "msgstr")
            raise _located(self.path, line, col, "the header has Plural-Forms twice")
        value = str(values[0]) if values else DEFAULT_PLURALS
        try:
            self.rule = parse_plural_forms(value)
        except PluralFormsError as e:
            line, col = self.lines.find(first, "Plural-Forms", "msgstr")
            at = self.lines.lines[line - 1].find(value) if values else -1
            col = at + e.col + 1 if at >= 0 else col  # inside the value, when it is written on one line
            raise _located(self.path, line, col, f"Plural-Forms: {e}", e.hint) from None


def read_catalog(lang: str, locales_dir: Path = LOCALES_DIR) -> Catalog:
    """The Babel catalog of `lang`, checked: every problem raises CatalogError as path:line:col."""
    path = po_path(lang, locales_dir)
    data = _read_bytes(path, lang)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise _located(path, line, col, "the catalog is not UTF-8 text") from None
    lines = text.splitlines()
    cat = _CheckedCatalog(path, _Lines(lines), locale=lang, domain=None)
    try:
        PoFileParser(cat, ignore_obsolete=True, abort_invalid=True).parse(lines)
    except CatalogError:
        raise
    except PoFileError as e:
        if cat.header_error is not None:  # the header's own located error, not Babel's wrapping of it
            raise cat.header_error from None
        message = str(e).rsplit(" on ", 1)[0]
        if message == "msg has more translations than num_plurals of catalog":
            message = f"more msgstr[…] forms than the header's nplurals={cat.num_plurals}"
        raise _located(path, e.lineno + 1, 1, message) from None
    except Exception as e:  # Babel's other complaints (a header date, a bad escape): at the file's start
        raise CatalogError(f"{path}:1:1: error: {type(e).__name__}: {str(e)[:200]}") from None
    if cat.rule is None:  # no header entry at all: gettext's default, checked the same way
        cat.rule = parse_plural_forms(DEFAULT_PLURALS)
    _check_messages(cat, path)
    return cat


def _check_messages(cat: _CheckedCatalog, path: Path) -> None:
    """Every translation's placeholders against its msgid (`msgformat.problems`), located."""
    assert cat.rule is not None
    for m in cat:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        for k, s in enumerate(strings):
            if not s:
                continue
            found = msgformat.problems(m.id, s)
            if found:
                offset, message = found[0]
                keyword = f"msgstr[{k}]" if m.pluralizable else "msgstr"
                needle = msgformat.conversions(s[offset:])[0].text
                line, col = cat.lines.find(m.lineno or 1, needle, keyword)
                raise _located(path, line, col, message,
                               "a translation uses the msgid's own %(name)s placeholders, "
                               f"widths up to {msgformat.MAX_WIDTH}, and %% for a percent sign")


class CatalogTranslations(gettext.GNUTranslations):
    """gettext's lookups over a checked catalog, built in memory: the same table a .mo file
    gives (`context\\x04msgid`, plural forms under `(msgid, index)`, an empty or fuzzy
    translation left out, and a plural one with any empty form: the fallback, else the msgid,
    says it), and the plural rule of `plural`, not gettext's eval of the header."""

    def __init__(self, cat: Catalog, rule: PluralRule) -> None:
        super().__init__()  # no file: nothing for gettext to parse
        table: dict[Any, str] = {}
        for m in cat:
            if not m.id or m.fuzzy:
                continue
            prefix = f"{m.context}\x04" if m.context else ""
            ids = [m.id] if isinstance(m.id, str) else list(m.id)
            strings = [m.string] if isinstance(m.string, str) else list(m.string or ())
            if m.pluralizable:
                if strings and all(strings):  # one empty form leaves the whole message to the fallback
                    for i, s in enumerate(strings):
                        table[(prefix + ids[0], i)] = s
            elif strings[0]:
                table[prefix + ids[0]] = strings[0]
        self._catalog = table
        self._charset = "utf-8"
        # The header's fields, as gettext would read them from a .mo file (`info()["language"]`).
        self._info = {"language": str(cat.locale) if cat.locale is not None else "",
                      "content-type": "text/plain; charset=utf-8"}
        self.plural = rule
        self.rule = rule


def translations(cat: Catalog) -> gettext.GNUTranslations:
    """Translations of a catalog `read_catalog` checked (its plural rule is our parse of the header)."""
    rule = getattr(cat, "rule", None)
    if not isinstance(rule, PluralRule):
        rule = parse_plural_forms(cat.plural_forms)
    return CatalogTranslations(cat, rule)


@lru_cache(maxsize=8)
def _chain_cached(lang: str, folders: tuple[str, ...], stamps: tuple) -> gettext.GNUTranslations:
    """A fresh chain per change of any file (`stamps`): the translations are never shared with
    another chain, so linking their fallbacks changes no one else's lookups."""
    chain = [translations(read_catalog(lang, Path(f))) for f in folders]
    for t in chain[1:]:
        chain[0].add_fallback(t)
    return chain[0]


def catalog_chain(lang: str, folders: Sequence[Path]) -> gettext.GNUTranslations:
    """Translations for `lang` from the first folder's catalog, each message it lacks (absent,
    empty or fuzzy) from the next one's, and the msgid when none has it: gettext's fallback chain.
    Re-read when a .po file changes (mkdocs serve)."""
    stamps = []
    for folder in folders:
        path = po_path(lang, folder)
        try:
            st = path.stat()
        except FileNotFoundError:
            raise CatalogError(f"{path}: error: no message catalog for language {lang!r}") from None
        stamps.append((st.st_mtime_ns, st.st_size))
    return _chain_cached(lang, tuple(str(f) for f in folders), tuple(stamps))


def catalog(lang: str, locales_dir: Path = LOCALES_DIR) -> gettext.GNUTranslations:
    """Translations for `lang` from one folder's catalog, re-read when the .po file changes."""
    return catalog_chain(lang, (locales_dir,))


def missing_messages(lang: str, locales_dir: Path = LOCALES_DIR) -> list[str]:
    """Message ids without a translation (a test keeps this empty for every language)."""
    out = []
    for m in read_catalog(lang, locales_dir):
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        if not all(strings):
            out.append(m.id if isinstance(m.id, str) else m.id[0])
    return out


def escape_text(text: str) -> str:
    """A catalog string as HTML text: `&`, `<`, `>` and `"` escaped.

    Translations come from contributors like pages do, and no message is markup:
    a template writes the markup and translates only the words. An apostrophe is
    left as typed ("player's"), since partials quote attributes with `"`.

    >>> escape_text('<b id="x">A & B</b>'), escape_text("the player's")
    ('&lt;b id=&#34;x&#34;&gt;A &amp; B&lt;/b&gt;', "the player's")
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&#34;")


def text_callables(t: gettext.GNUTranslations, markup: bool) -> dict[str, Callable[..., Any]]:
    """gettext, ngettext, pgettext and npgettext for Jinja, each returning escaped text.

    `markup=True` (autoescaping partials) returns it as `Markup`, so Jinja does not
    escape it twice and still escapes the `%(name)s` values put into it; pages
    (Markdown, no autoescape) get a plain string.
    """
    def wrap(text: str) -> Any:
        return Markup(escape_text(text)) if markup else escape_text(text)

    return {
        "gettext": lambda message: wrap(t.gettext(message)),
        "ngettext": lambda singular, plural, n: wrap(t.ngettext(singular, plural, n)),
        "pgettext": lambda context, message: wrap(t.pgettext(context, message)),
        "npgettext": lambda context, singular, plural, n: wrap(t.npgettext(context, singular, plural, n)),
    }
