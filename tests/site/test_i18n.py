"""Catalogs: complete, consistent, and plural forms the way gettext and Babel apply them."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel import Locale

from tavla_docs.site import i18n

ROOT = Path(__file__).resolve().parents[2]


def test_catalogs_have_the_same_messages_and_no_gaps() -> None:
    ids = {lang: {m.id if isinstance(m.id, str) else m.id[0] for m in i18n.read_catalog(lang) if m.id}
           for lang in i18n.LANGUAGES}
    assert ids["tr"] == ids["en"]
    for lang in i18n.LANGUAGES:
        assert i18n.missing_messages(lang) == []


def used_messages() -> set[str]:
    """Every literal msgid in the package's partials and the site code (`_()`, gettext, ngettext)."""
    found: set[str] = set()
    pat = re.compile(r'(?:\b_|gettext|ngettext)\(\s*"((?:[^"\\]|\\.)*)"')
    for p in list((ROOT / "tavla_docs" / "site" / "partials").glob("*.html")) + list((ROOT / "tavla_docs" / "site").glob("*.py")):
        found |= {m.replace('\\"', '"').replace("\\\\", "\\") for m in pat.findall(p.read_text(encoding="utf-8"))}
    return found


def test_every_string_the_site_uses_is_in_the_catalogs() -> None:
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in i18n.read_catalog("tr") if m.id}
    used = used_messages()
    assert len(used) > 50
    assert sorted(used - ids) == []


def test_plural_headers_follow_babel() -> None:
    # Babel's plural table for both languages is nplurals=2; plural=(n != 1).
    for lang in i18n.LANGUAGES:
        cat = i18n.read_catalog(lang)
        assert cat.plural_forms == "nplurals=2; plural=(n != 1);"
    assert Locale("tr").plural_form(3) == "other" and Locale("tr").plural_form(1) == "one"


@pytest.mark.parametrize("n, tr, en", [
    (1, "1 pul kaldı", "1 checker left"),
    (3, "3 pul kaldı", "3 checkers left"),  # Turkish nouns stay singular after a numeral
    (0, "0 pul kaldı", "0 checkers left"),
])
def test_plural_forms(n: int, tr: str, en: str) -> None:
    msg = ("%(num)d checker left", "%(num)d checkers left")
    assert i18n.catalog("tr").ngettext(*msg, n) % {"num": n} == tr
    assert i18n.catalog("en").ngettext(*msg, n) % {"num": n} == en


def test_turkish_plural_entries_repeat_the_singular() -> None:
    """Honest catalogs: every Turkish plural message has identical forms (no invented plural)."""
    for m in i18n.read_catalog("tr"):
        if m.pluralizable:
            assert len(set(m.string)) == 1, m.id


def test_a_broken_catalog_is_reported_with_its_path(tmp_path: Path) -> None:
    d = tmp_path / "tr" / "LC_MESSAGES"
    d.mkdir(parents=True)
    (d / "messages.po").write_text('msgid "a"\nbogus line\nmsgstr "b"\n', encoding="utf-8")
    with pytest.raises(i18n.CatalogError, match=r"messages\.po:2:1: error: Unknown or misformatted keyword"):
        i18n.read_catalog("tr", tmp_path)
