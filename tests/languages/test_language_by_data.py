"""Issue 30, item 1: a language is data. A throw-away language (Greek, a handful of words) is added
to a new project by data alone (its registry entry, its catalog, its content folder, the caption
in its language) and a page with a figure builds in it; no Python file is written or edited."""
from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from tavla_docs.languages import registry
from tavla_docs.site import i18n

SVG = "{http://www.w3.org/2000/svg}"

ENTRY = """\
code: el
name: Ελληνικά
direction: ltr
locale: el
conjunctions: {and: και, or: ή}
number_words: {1: ένα, 2: δύο, 3: τρία, 4: τέσσερα, 5: πέντε, 6: έξι}
ordinal: "{n}η"
words:
  white: Λευκά
  black: Μαύρα
  to_play_white: Παίζουν τα Λευκά
  roll: ζαριά {roll}
pinner: {white: λευκό, black: μαύρο}
"""
CAPTION = "Η αρχική θέση· παίζουν τα Λευκά."


@pytest.fixture(autouse=True)
def _forget_project_languages():
    yield
    registry.use_project(None)  # the registry is per process: later tests see the package's languages only


def _add_greek(proj: Path, *, strict: bool) -> None:
    """Everything a contributor adds for a language, all of it data."""
    (proj / "languages").mkdir()
    (proj / "languages" / "el.yaml").write_text(ENTRY, encoding="utf-8")
    # The template with one message translated: the others are empty, so they print their English
    # msgid, and the audit (which reads the catalog the pages use) sees no English text passed off as Greek.
    po = (i18n.LOCALES_DIR / "messages.pot").read_text(encoding="utf-8")
    po = po.replace('msgid "Dice"\nmsgstr ""', 'msgid "Dice"\nmsgstr "Ζάρια"')
    po = po.replace('"Language: \\n"', '"Language: el\\n"') if '"Language: \\n"' in po else po
    catalog = i18n.po_path("el", proj / "locales")
    catalog.parent.mkdir(parents=True)
    catalog.write_text(po, encoding="utf-8")
    (proj / "content" / "el").mkdir()
    page = (proj / "content" / "en" / "index.md").read_text(encoding="utf-8")
    (proj / "content" / "el" / "index.md").write_text(page.replace("Tavla rules", "Κανόνες του τάβλι"), encoding="utf-8")
    scenario = proj / "scenarios" / "start" / "first-roll.yaml"
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(text.replace("caption:\n", f'caption:\n  el: "{CAPTION}"\n'), encoding="utf-8")
    config = (proj / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("languages: {tr: Türkçe, en: English}", "languages: {tr: Türkçe, en: English, el: Ελληνικά}")
    config = config.replace("      default_language: tr\n", "      default_language: tr\n      locales_dir: locales\n")
    if not strict:
        config = config.replace("strict: true", "strict: false")
    (proj / "mkdocs.yml").write_text(config, encoding="utf-8")


def _new_site(cli, tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    assert cli("new", "site", "rules", "--lang", "tr,en", cwd=tmp_path).returncode == 0
    return tmp_path / "rules"


def test_a_language_added_by_data_builds_a_page_with_its_figure_in_its_words(cli, tmp_path, monkeypatch) -> None:
    proj = _new_site(cli, tmp_path, monkeypatch)
    _add_greek(proj, strict=False)
    added = sorted(p.relative_to(proj).as_posix() for p in proj.rglob("*") if p.is_file())
    assert not [p for p in added if p.endswith(".py")]

    r = cli("build", "-q", cwd=proj)
    assert r.returncode == 0, r.stderr
    html = (proj / "site" / "el" / "index.html").read_text(encoding="utf-8")
    assert CAPTION in html and "Κανόνες του τάβλι" in html
    start = html.rindex("<svg", 0, html.index('<desc id="td-'))  # the figure, not an icon
    svg = ET.fromstring(html[start:html.index("</svg>", start) + 6])
    desc = "".join(svg.find(f"{SVG}desc").itertext())
    # the entry's words, where it has them; English where it lacks one, and the build said so
    assert "Παίζουν τα Λευκά, ζαριά 3-1." in desc and desc.count("Λευκά:") == 1 and "Μαύρα:" in desc
    assert "pip count 167" in desc
    assert "languages/el.yaml: warning: 59 figure words of 'el' are not translated and print in English" in r.stderr
    # the other languages are untouched by the third
    tr = (proj / "site" / "index.html").read_text(encoding="utf-8")
    assert "Sıra Beyaz'da, atış 3-1." in tr
    assert 'hreflang' not in html or 'lang="el"' in html


def test_a_strict_build_fails_on_words_a_language_lacks(cli, tmp_path, monkeypatch) -> None:
    proj = _new_site(cli, tmp_path, monkeypatch)
    _add_greek(proj, strict=True)
    r = cli("build", "-q", cwd=proj)
    assert r.returncode == 1
    assert "el.yaml: warning: 59 figure words of 'el' are not translated" in r.stderr
    assert "Traceback" not in r.stderr


def test_a_site_language_without_an_entry_names_the_file_to_write(cli, tmp_path, monkeypatch) -> None:
    proj = _new_site(cli, tmp_path, monkeypatch)
    _add_greek(proj, strict=False)
    # Greek ships with the package now, so the language without an entry is Cypriot Greek (el_CY):
    # the site lists it, its content folder exists, and no registry entry has it.
    (proj / "content" / "el").rename(proj / "content" / "el_CY")
    (proj / "languages" / "el.yaml").unlink()
    config = (proj / "mkdocs.yml").read_text(encoding="utf-8").replace("el: Ελληνικά", "el_CY: Ελληνικά (Κύπρος)")
    (proj / "mkdocs.yml").write_text(config, encoding="utf-8")
    r = cli("build", "-q", cwd=proj)
    assert r.returncode == 1
    assert f"{proj / 'languages'}/el_CY.yaml: error: no registry entry for language 'el_CY'" in r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize(("edit", "expected"), [
    ("direction: ltr", "el.yaml:3:12: error: direction 'sideways' is neither ltr nor rtl"),
    ("locale: el", "el.yaml:4:9: error: Babel knows no locale 'zz'"),
    ("conjunctions: {and: και, or: ή}", "el.yaml:5:15: error: `conjunctions` lacks or"),
    ("ordinal: \"{n}η\"", "el.yaml:7:1: error: unknown key 'ordinals'"),
    ("code: el", "el.yaml:1:7: error: code 'gr' must be the file's name"),
])
def test_a_bad_entry_is_one_located_error(tmp_path: Path, edit: str, expected: str) -> None:
    bad = {"direction: ltr": "direction: sideways", "locale: el": "locale: zz",
           "conjunctions: {and: και, or: ή}": "conjunctions: {and: και}",
           "ordinal: \"{n}η\"": "ordinals: \"{n}η\"", "code: el": "code: gr"}[edit]
    path = tmp_path / "el.yaml"
    path.write_text(ENTRY.replace(edit, bad), encoding="utf-8")
    with pytest.raises(registry.LanguageError) as e:
        registry.read_entry(path)
    assert str(e.value).startswith(f"{tmp_path}/{expected}")
    assert "\n    hint: " in str(e.value)


def test_numbers_and_lists_of_a_data_language_never_fall_back_to_english(tmp_path: Path) -> None:
    from tavla_docs.site.facts.numerals import Num, joined

    (tmp_path / "languages").mkdir()
    (tmp_path / "languages" / "el.yaml").write_text(ENTRY, encoding="utf-8")
    registry.use_project(tmp_path)
    assert (Num(3, "el").words, Num(3, "el").Words, Num(3, "el").ordinal) == ("τρία", "Τρία", "3η")
    assert Num(7, "el").words == "7"  # no word in the entry, none in num2words: digits, not "seven"
    assert Num(1500, "el").words == "1.500" and str(Num(1500, "el")) == "1.500"
    assert joined(["5-5", "6-6"], "el", "or") == "5-5 ή 6-6"
    assert registry.get("el").plural_categories == ("one", "other")


def test_num2words_gives_a_language_it_covers_its_words_and_cldr_its_plural_forms(tmp_path: Path) -> None:
    (tmp_path / "languages").mkdir()
    (tmp_path / "languages" / "ar.yaml").write_text(textwrap.dedent("""\
        code: ar
        name: العربية
        direction: rtl
        locale: ar
        conjunctions: {and: و, or: أو}
    """), encoding="utf-8")
    registry.use_project(tmp_path)
    ar = registry.get("ar")
    assert (ar.direction, ar.grammar.words(3), ar.grammar.ordinal_words(2)) == ("rtl", "ثلاثة", "ثاني")
    assert ar.plural_categories == ("zero", "one", "two", "few", "many", "other")


def test_the_reference_languages_are_the_entries_and_match_the_extracted_tables() -> None:
    from tavla_docs.site.facts.numerals import CONJUNCTIONS
    from tavla_docs.site.languages import DEFAULT_LANGUAGE, DEFAULT_LANGUAGES

    assert registry.codes() == i18n.LANGUAGES == ("tr", "en", "el")  # el: the package's third language (issue 30)
    # a project that names no languages keeps tr and en: shipping el does not make it translate to Greek
    assert (dict(DEFAULT_LANGUAGES), DEFAULT_LANGUAGE) == ({"tr": "Türkçe", "en": "English"}, "tr")
    for code in ("tr", "en"):
        assert dict(registry.get(code).conjunctions) == CONJUNCTIONS[code]
        assert yaml.safe_load((Path(registry.PACKAGE_DIR) / f"{code}.yaml").read_text(encoding="utf-8"))["code"] == code


def test_english_words_agree_with_num2words() -> None:
    # English is our own code (and pinned by the numerals tests); num2words, which data languages
    # use, writes the same cardinals and ordinals, so the two sources cannot drift apart unseen.
    from num2words import num2words

    en = registry.get("en").grammar
    assert [en.words(n) for n in range(101)] == [num2words(n, lang="en") for n in range(101)]
    assert [en.ordinal_words(n) for n in range(1, 101)] == [num2words(n, lang="en", to="ordinal") for n in range(1, 101)]


def test_the_audit_sees_number_words_of_a_data_language(tmp_path: Path) -> None:
    from tavla_docs.site.audit.patterns import find_facts

    (tmp_path / "languages").mkdir()
    (tmp_path / "languages" / "el.yaml").write_text(ENTRY + "audit_words: [δωδεκάδα]\n", encoding="utf-8")
    registry.use_project(tmp_path)
    words = [f.text for f in find_facts("Τρία πούλια, μια δωδεκάδα, ένα πούλι και 4-2.", "el") if f.kind == "word"]
    assert words == ["Τρία", "δωδεκάδα"]  # "ένα" (one) is not a count the audit asks for, as in tr and en
