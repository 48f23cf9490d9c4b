"""Message catalogs: gettext .po files read with Babel at build time (no .mo on disk).

Plural forms come from each catalog's `Plural-Forms` header, exactly as gettext
applies them. Turkish has CLDR's two categories (Babel: `nplurals=2; plural=(n != 1)`),
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
import io
from functools import lru_cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ..errors import TavlaError

LOCALES_DIR = Path(__file__).parent / "locales"
LANGUAGES = ("tr", "en")


class CatalogError(TavlaError):
    """A catalog that is missing, unreadable or incomplete."""


def po_path(lang: str, locales_dir: Path = LOCALES_DIR) -> Path:
    return locales_dir / lang / "LC_MESSAGES" / "messages.po"


def read_catalog(lang: str, locales_dir: Path = LOCALES_DIR) -> Catalog:
    """The Babel catalog of `lang`; a syntax error is reported as path:line."""
    path = po_path(lang, locales_dir)
    try:
        with path.open("rb") as f:
            return read_po(f, locale=lang, abort_invalid=True)
    except FileNotFoundError:
        raise CatalogError(f"{path}: error: no message catalog for language {lang!r}") from None
    except Exception as e:  # babel raises PoFileError with a line number in its text
        raise CatalogError(f"{path}: error: {e}") from None


def translations(cat: Catalog) -> gettext.GNUTranslations:
    """GNU gettext translations built in memory from a Babel catalog (uses its Plural-Forms)."""
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


@lru_cache(maxsize=8)
def _catalog_cached(lang: str, locales_dir: str, stamp: tuple) -> gettext.GNUTranslations:
    return translations(read_catalog(lang, Path(locales_dir)))


def catalog(lang: str, locales_dir: Path = LOCALES_DIR) -> gettext.GNUTranslations:
    """Translations for `lang`, re-read when the .po file changes (mkdocs serve)."""
    path = po_path(lang, locales_dir)
    try:
        st = path.stat()
    except FileNotFoundError:
        raise CatalogError(f"{path}: error: no message catalog for language {lang!r}") from None
    return _catalog_cached(lang, str(locales_dir), (st.st_mtime_ns, st.st_size))


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
