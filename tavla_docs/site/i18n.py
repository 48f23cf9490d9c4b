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
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from markupsafe import Markup

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
