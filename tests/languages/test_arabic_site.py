"""Issue 30, item 3: right to left, by data. The Arabic test site (tests/languages/arabic/: a registry
entry with `direction: rtl`, a catalog with Arabic's six plural forms, pages and captions; no Python)
builds strictly, its pages say their direction, its plays are isolated left to right inside Arabic
text, and each count takes the plural form CLDR gives it. Chromium checks what a reader sees in
test_arabic_browser.py."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.pofile import read_po

from tavla_docs.site import i18n
from tavla_docs.site.plural import parse_plural_forms

from .conftest import ARABIC

CATALOG = i18n.po_path("ar", ARABIC / "locales")
CATEGORIES = ("zero", "one", "two", "few", "many", "other")  # CLDR's order: gettext's msgstr[0…5]
LRI, FSI, PDI = "\u2066", "\u2068", "\u2069"
LEFT = {"rtl/left-2": 2, "rtl/left-5": 5, "rtl/left-11": 11}  # white checkers left in each bear-off figure


def category(n: int) -> str:
    """CLDR's plural category of n in Arabic, from Babel: the test's source, not a table of its own."""
    return Locale.parse("ar").plural_form(n)


def form(msgid: str, n: int) -> str:
    """The catalog's form of a plural message for n, picked by CLDR's category."""
    with CATALOG.open("rb") as f:
        message = read_po(f).get(msgid)
    assert message is not None and len(message.string) == 6, msgid
    return message.string[CATEGORIES.index(category(n))] % {"num": n}


def page(site: Path, lang: str = "ar") -> str:
    return (site / ("index.html" if lang == "ar" else f"{lang}/index.html")).read_text(encoding="utf-8")


def facts_line(text: str, scenario: str) -> str:
    figure = text[text.index(f'data-scenario="{scenario}"'):]
    return html.unescape(re.search(r'<span class="tavla-figure__facts">([^<]*)</span>', figure).group(1))


def test_the_catalog_header_is_cldrs_arabic_rule() -> None:
    with CATALOG.open("rb") as f:
        header = read_po(f).plural_forms
    rule = parse_plural_forms(header)  # the project's own reader of a contributor's header
    assert rule.nplurals == 6
    assert [CATEGORIES[rule(n)] for n in range(1001)] == [category(n) for n in range(1001)]


def test_the_page_says_its_direction_and_the_other_language_keeps_its_own(arabic_site: Path) -> None:
    ar, en = page(arabic_site), page(arabic_site, "en")
    assert re.search(r'<html lang="ar" dir="rtl"[ >]', ar) and '<body dir="rtl"' in ar
    assert re.search(r'<html lang="en" class', en) and '<body dir="ltr"' in en  # ltr: HTML's default, unwritten
    assert 'hreflang="en"' in ar and 'hreflang="ar"' in en  # the switcher, page to page


def test_each_count_takes_the_plural_form_cldr_gives_it(arabic_site: Path) -> None:
    ar = page(arabic_site)
    seen = set()
    for scenario, n in LEFT.items():
        assert form("%(num)d checker left", n) in facts_line(ar, scenario).split(" · ")
        seen.add(category(n))
    assert len(seen) >= 3, seen  # two, few, many: forms a one/other language never has
    # a play's reading (its tooltip) counts checkers too: 6/off(3)
    reading = html.unescape(re.search(r'<code class="tavla-play" title="([^"]*)">6/off\(3\) 5/off</code>', ar).group(1))
    assert form("(%(num)d checker)", 3) in reading and category(3) == "few"


def test_plays_in_plain_text_are_isolated_only_in_the_rtl_language(arabic_site: Path) -> None:
    ar, en = page(arabic_site), page(arabic_site, "en")
    assert f"{LRI}24/18 13/11{PDI}" in facts_line(ar, "rtl/opening")
    assert f"{LRI}6/off(3) 5/off{PDI}" in facts_line(ar, "rtl/left-11")
    assert not re.search(f"[{LRI}{FSI}{PDI}]", en)
    # in HTML a play is an element, which the stylesheet isolates (checked in Chromium)
    assert '<code class="tavla-play" title="' in ar


def test_the_widgets_plural_words_follow_cldrs_categories(arabic_site: Path) -> None:
    ar, en = page(arabic_site), page(arabic_site, "en")

    def ui(text: str) -> dict:
        return json.loads(re.search(r'class="tavla-try__data">(.*?)</script>', text, re.S).group(1))["ui"]

    count = ui(ar)["count"]
    assert set(count) == set(CATEGORIES)
    for n in (1, 2, 5, 11, 100):
        assert count[category(n)] % {"num": n} == form("%(num)d checker", n)
    assert ui(en)["count"] == ["%(num)d checker", "%(num)d checkers"]  # two forms: the list, as before


@pytest.mark.parametrize("msgid", ["%(num)d checker left", "%(num)d checker", "(%(num)d checker)"])
def test_every_plural_message_has_its_six_forms(msgid: str) -> None:
    assert len({form(msgid, n) for n in (0, 1, 2, 3, 11, 100)}) == 6


def test_the_test_catalog_translates_only_messages_the_template_has() -> None:
    with CATALOG.open("rb") as f:
        ours = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    with (i18n.LOCALES_DIR / "messages.pot").open("rb") as f:
        template = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    assert ours <= template, sorted(ours - template)
