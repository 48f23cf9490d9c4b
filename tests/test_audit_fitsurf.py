"""Reader text that comes from catalogs, the glossary, partials and front matter (issue 25, fitsurf):
a translation's polarity, glossary terms and counted noun against its msgid; glossary terms one to
one and each entry's two sides naming one thing; the cube owner's definition; a partial's rule
sentences and typed arithmetic; a row label's typed numbers against its key; an opening double named
as a topic of a game whose first play is never one. Each fault is planted (new wordings, not the
red team's) and located; the real catalogs, glossary, partials and pages pass."""
from __future__ import annotations

from pathlib import Path

import pytest

import tavla_docs
from tavla_docs.site.audit.catalogcounts import recounted
from tavla_docs.site.audit.catalogglossary import entries_of, renamed
from tavla_docs.site.audit.catalogpolarity import flipped
from tavla_docs.site.audit.features import front_problems
from tavla_docs.site.audit.glossarycheck import glossary_problems
from tavla_docs.site.audit.glossaryunique import clashes
from tavla_docs.site.audit.pagekwargs import page_kwarg_problems
from tavla_docs.site.audit.pageparts import front_values
from tavla_docs.site.audit.project import split_front_matter
from tavla_docs.site.audit.rulesurfaces import catalog_statements
from tavla_docs.site.audit.statements import judge, visible
from tavla_docs.site.audit.templatesurface import arithmetic, rule_sentences, template_surface_problems
from tavla_docs.site.env import partial_files
from tavla_docs.site.glossary import GLOSSARY_FILE, load_glossary
from tests.fixture import PROJECT

SITE = Path(tavla_docs.__file__).parent / "site"


def _entries() -> list:
    return entries_of(load_glossary(GLOSSARY_FILE).sections)


# --- the real text passes -------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["tr", "el"])
def test_real_catalogs_pass(lang: str) -> None:
    po = SITE / "locales" / lang / "LC_MESSAGES" / "messages.po"
    assert [p.format() for p in catalog_statements(po, lang, "messages.po", "error")] == []


def test_real_glossary_and_partials_pass() -> None:
    assert [p.format() for p in glossary_problems(GLOSSARY_FILE, "glossary.yaml", "error")] == []
    files = partial_files(PROJECT / "templates")
    assert [p.format() for p in template_surface_problems(files, str, "error")] == []


def test_real_pages_rows_pass() -> None:
    for page in sorted((PROJECT / "content").glob("*/*.md")):
        _, body, first = split_front_matter(page.read_text(encoding="utf-8"))
        assert page_kwarg_problems(str(page), body, first, "error") == [], page


# --- a translation that says the opposite ------------------------------------------------------

@pytest.mark.parametrize("ids, string, lang, found", [
    (("Can hit",), "Kıramaz", "tr", (0, "affirms", "denies")),
    (("You cannot move this checker",), "Bu pulu oynayabilirsiniz", "tr", (0, "denies", "affirms")),
    (("Checkers that never leave the home board",), "Evden çıkan pullar", "tr", (0, "denies", "affirms")),
    (("No bar",), "Υπάρχει μπάρα", "el", (0, "denies", "affirms")),
    (("Doubles are played twice",), "Οι διπλές δεν παίζονται δύο φορές", "el", (0, "affirms", "denies")),
])
def test_flipped_polarity(ids: tuple[str, ...], string: str, lang: str, found: tuple[int, str, str]) -> None:
    assert flipped(ids, (string,), lang) == found


@pytest.mark.parametrize("ids, string, lang", [
    (("No bar",), "Bar yok", "tr"), (("Yes, no limit",), "Var, sınırsız", "tr"),
    (("%(rule)s (optional: played only by agreement)",), "%(rule)s (önceden anlaşılmadıkça uygulanmaz)", "tr"),
    (("Rolls; with no legal move the turn passes",), "Zar atar; oynayamazsa sıra geçer", "tr"),
])
def test_polarity_kept(ids: tuple[str, ...], string: str, lang: str) -> None:
    assert flipped(ids, (string,), lang) is None


def test_flipped_translation_is_located(tmp_path: Path) -> None:
    po = tmp_path / "messages.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Crawford rule"\n'
                  'msgstr "Crawford kuralı"\n\nmsgid "Yes"\nmsgstr "Yok"\n', encoding="utf-8")
    assert [p.format().splitlines()[0] for p in catalog_statements(po, "tr", "messages.po", "error")] == [
        "messages.po:9:1: error: the translation denies where its msgid affirms: 'Yok' says the opposite of 'Yes'"]


# --- a translation that names another thing, or counts another ----------------------------------

@pytest.mark.parametrize("msgid, string, found", [
    ("A checker on the bar must enter first", "Dış sahadaki pul önce girmeli", (0, "bar", "dış sahadaki", "outer board")),
    ("Checkers in the outer board", "Evdeki pullar", None),  # "ev" is a word of other terms: too common to judge
    ("Checkers in the outer board", "Rakibin evindeki pullar", (0, "outer board", "rakibin evindeki",
                                                                "opponent's home board")),
    ("Move to a quadrant", "Bir haneye git", (0, "quadrant", "haneye", "point")),
    ("Roll the dice", "Pulları topla", None),  # different sections of the glossary: not judged
])
def test_renamed_terms(msgid: str, string: str, found: tuple[int, str, str, str] | None) -> None:
    assert renamed((msgid,), (string,), "tr", _entries()) == found


@pytest.mark.parametrize("msgid, string, found", [
    ("Number of checkers borne off", "Toplanan pip sayısı", (0, "checkers", "checkers", "pip", "distance")),
    ("How many rolls it takes", "Kaç hamle sürer", (0, "rolls", "rolls", "hamle", "moves")),
    ("Pip count after the roll", "Atıştan sonra pul sayısı", (0, "pip", "distance", "pul", "checkers")),
    ("Pip count after the roll", "Atıştan sonra pip sayısı", None),
])
def test_recounted(msgid: str, string: str, found: tuple[int, str, str, str, str] | None) -> None:
    assert recounted((msgid,), (string,), "tr") == found


# --- the glossary: one term, one thing; two sides, one thing ------------------------------------

def _glossary(tmp_path: Path, find: str, replace: str) -> list[str]:
    text = GLOSSARY_FILE.read_text(encoding="utf-8")
    assert text.count(find) == 1, find
    path = tmp_path / "glossary.yaml"
    path.write_text(text.replace(find, replace), encoding="utf-8")
    return [p.format() for p in glossary_problems(path, "glossary.yaml", "error")]


@pytest.mark.parametrize("find, replace, message", [
    ('{tr: "kapalı ev; evini kapatmak", en: "closed board; to close one\'s board"',
     '{tr: "kapalı ev; evini kapatmak", en: "prime; to close one\'s board"',
     "glossary.yaml:19:48: error: this entry gives 'kapalı ev; evini kapatmak' (the home board) as \"prime; to close"),
    ('{tr: "blok; duvar; altılı blok", en: "prime; six-prime"', '{tr: "blok; duvar; altılı blok", en: "blot; six-prime"',
     "glossary.yaml:20:47: error: 'blot' is already the glossary's en term for 'açık pul; tek pul'"),
    ('{tr: "kadran", en: "quadrant"', '{tr: "hane", en: "quadrant"',
     "glossary.yaml:15:15: error: 'hane' is already the glossary's tr term for 'hane; nokta'"),
    ('{tr: "küpün sahibi", en: "cube owner"', '{tr: "küpün sahibi", en: "cube owner (the one who doubled)"',
     "glossary.yaml:53:35: error: 'cube owner (the one who doubled' says that the player who doubles keeps the cube"),
    ('{tr: "dış saha; dış bölge", en: "outer board"', '{tr: "dış saha; dış bölge", en: "quadrant"',
     "glossary.yaml:13:42: error: this entry gives 'dış saha; dış bölge' (the outer board) as 'quadrant'"),
])
def test_glossary_faults(tmp_path: Path, find: str, replace: str, message: str) -> None:
    assert any(p.startswith(message) for p in _glossary(tmp_path, find, replace)), _glossary(tmp_path, find, replace)


def test_clash_names_the_first_entry() -> None:
    sections = [{"terms": [{"tr": "dış saha", "en": "outer board"}, {"tr": "ev", "en": "outer board (outfield)"}]}]
    assert [m for _, _, _, m in clashes(sections)] == ["'outer board' is already the glossary's en term for 'dış saha'"]


@pytest.mark.parametrize("text, lang, says", [
    ("The cube owner is the player who offered the double.", "en", "doubler"),
    ("The cube owner is the player who took the double.", "en", None),
    ("Küpün sahibi, katlamayı teklif eden oyuncudur.", "tr", "doubler"),
    ("Küpün sahibi katlamayı kabul eden oyuncudur.", "tr", None),
    ("Ο κάτοχος του κύβου είναι ο παίκτης που πρότεινε τον διπλασιασμό.", "el", "doubler"),
])
def test_cube_owner_definitions(text: str, lang: str, says: str | None) -> None:
    found = judge(visible(text), lang, None)
    assert bool(found) == (says is not None), found


# --- a partial's rule sentences and arithmetic; a row label's typed numbers ---------------------

@pytest.mark.parametrize("source, found", [
    ('{{ _("%(n)d checkers left", n=total + 1) }}', "'total + 1' changes a computed number by a typed 1"),
    ('{{ rolls * 2 }}', "'rolls * 2' changes a computed number by a typed 2"),
    ('{% set l = ngettext("%(num)d frame", "%(num)d frames", frames - 1) %}{{ l }}',
     "'frames - 1' changes a computed number by a typed 1"),
    ('{{ loop.index + 1 }} {{ _("Step %(num)d", num=step + 1) }}', None),
])
def test_template_arithmetic(source: str, found: str | None) -> None:
    got = [m for _, m, _ in arithmetic(source)]
    assert (got[0].startswith(found) if found else got == []), got


def test_template_rule_sentence() -> None:
    source = '<p>\n{{ _("Points are numbered from Black\'s side for both players.") }}</p>'
    assert [(line, msgid[:6]) for line, msgid, _, _ in rule_sentences(source)] == [(2, "Points")]
    assert rule_sentences('{{ _("Points are numbered from the player\'s own side.") }}') == []


@pytest.mark.parametrize("row, message", [
    ('["6x3", _("%(n)s on %(p)s", n=2, p=6)]', "x.md:2:47: error: the label types n=2 beside the row '6x3', which has no 2"),
    ('["5x4", _("%(n)s on %(p)s", n=4, p=6)]', "x.md:2:52: error: the label types p=6 beside the row '5x4', which has no 6"),
    ('["5x4", _("%(n)s on %(p)s", n=4, p=5)]', None),
])
def test_row_label_numbers(row: str, message: str | None) -> None:
    body = "Text.\n{{ bearoff_chart([" + row + "]) }}\n"
    got = [p.format().splitlines()[0] for p in page_kwarg_problems("x.md", body, 1, "error")]
    assert got == ([message] if message else []), got


# --- an opening double as a topic -----------------------------------------------------------

@pytest.mark.parametrize("lang, find, replace, found", [
    ("en", 'summary: "the board, the setup, the opening roll,', 'summary: "the board, the setup, opening doubles,',
     "opening doubles"),
    ("tr", 'summary: "tahta, diziliş, açılış,', 'summary: "tahta, diziliş, açılışta çift zar,', "açılışta çift"),
])
def test_opening_double_topic(lang: str, find: str, replace: str, found: str) -> None:
    text = (PROJECT / "content" / lang / "backgammon.md").read_text(encoding="utf-8")
    assert text.count(find) == 1
    front, body, first = split_front_matter(text.replace(find, replace))
    got = [p.message for p in front_problems("b.md", list(front_values(front or "")), body, lang, "error", first)]
    assert any(found in m and "opening double" in m for m in got), got
    front, body, first = split_front_matter(text)
    assert front_problems("b.md", list(front_values(front or "")), body, lang, "error", first) == []
