"""Rule words bound to the games they are said of (round 8's surfaces): a topic the page's games
lack (front matter, headings), another game's setup, a translation naming a rival rule, a glossary
term given to a game without its rule, and the order of Gülbara's doubles. Each fault is planted in
the real text it would spoil and located; the true text passes."""
from __future__ import annotations

from pathlib import Path

import pytest

import tavla_docs
from tavla_docs.site.audit.catalogterms import rivals
from tavla_docs.site.audit.features import absent, front_problems, page_games
from tavla_docs.site.audit.glossarycheck import glossary_problems
from tavla_docs.site.audit.pageparts import front_values
from tavla_docs.site.audit.project import split_front_matter
from tavla_docs.site.audit.rulesurfaces import catalog_statements
from tavla_docs.site.audit.setupnames import setup_problems, wrong_setups
from tavla_docs.site.audit.statements import text_problems
from tavla_docs.site.glossary import GLOSSARY_FILE
from tavla_docs.variants import ruleset
from tests.fixture import PROJECT

CONTENT = PROJECT / "content"
PO = Path(tavla_docs.__file__).parent / "site" / "locales" / "tr" / "LC_MESSAGES" / "messages.po"


def _page(lang: str, name: str, find: str = "", replace: str = "") -> tuple[str, str, int]:
    text = (CONTENT / lang / name).read_text(encoding="utf-8")
    if find:
        assert text.count(find) == 1, find
        text = text.replace(find, replace)
    front, body, first = split_front_matter(text)
    return front or "", body, first


def _topics(lang: str, name: str, find: str = "", replace: str = "") -> list[str]:
    front, body, first = _page(lang, name, find, replace)
    return [p.format() for p in front_problems(f"{lang}/{name}", list(front_values(front)), body, lang, "error", first)]


# --- a topic the page's games lack ----------------------------------------------------------

def test_every_pages_topics_pass() -> None:
    for page in sorted(CONTENT.glob("*/*.md")):
        lang = page.parent.name
        assert _topics(lang, page.name) == [], page


@pytest.mark.parametrize("lang, name, find, replace, message", [
    ("en", "backgammon.md", 'summary: "the board, the setup, the opening roll, moving, doubles,',
     'summary: "the board, the setup, the opening roll, moving, pinning, doubles,',
     "en/backgammon.md:4:59: error: the summary lists 'pinning' among the page's topics, but Backgammon, "
     "Hypergammon and Nackgammon have no pinning"),
    ("en", "tapa.md", "the mother checker, bearing off and scoring.", "the mother checker, the doubling cube, bearing "
     "off and scoring.", "en/tapa.md:3:124: error: the description lists 'doubling cube' among the page's topics, "
     "but Tapa has no doubling cube"),
    ("tr", "tapa.md", "ana pul, pul toplama ve puanlar.", "ana pul, katlama zarı, pul toplama ve puanlar.",
     "tr/tapa.md:3:107: error: the description lists 'katlama zarı' among the page's topics, but Tapa has no "
     "doubling cube"),
    ("tr", "uzun-tavla.md", "baş kuralı, altılı blok yasağı,", "baş kuralı, Crawford kuralı, altılı blok yasağı,",
     "the description lists 'Crawford' among the page's topics, but Uzun tavla has no Crawford rule"),
    ("en", "uzun-tavla.md", "## Bearing off", "## Bearing off and the bar",
     "en/uzun-tavla.md:60:20: error: the heading 'Bearing off and the bar' names 'the bar', but Uzun tavla has no bar"),
    ("tr", "tapa.md", "## Ana pul", "## Ana pul ve Crawford kuralı",
     "error: the heading 'Ana pul ve Crawford kuralı' names 'Crawford', but Tapa has no Crawford rule"),
])
def test_a_topic_the_game_lacks_is_located(lang: str, name: str, find: str, replace: str, message: str) -> None:
    found = _topics(lang, name, find, replace)
    assert len(found) == 1 and message in found[0], found


def test_a_topic_taken_back_or_of_another_game_passes() -> None:
    tapa, tavla, backgammon = ruleset("tapa"), ruleset("tavla"), ruleset("backgammon")
    assert absent("no hitting, pinning instead", "en", [tapa]) == []
    assert absent("kırmasız oyun, tapalama", "tr", [tapa]) == []
    assert absent("single games; in backgammon, also the doubling cube", "en", [tavla]) == []
    assert absent("single games, the doubling cube", "en", [tavla, backgammon]) == []
    assert [w for _, w, _ in absent("single games, the doubling cube", "en", [tavla])] == ["doubling cube"]


def test_the_pages_games_are_its_rules_calls() -> None:
    _, body, _ = _page("en", "scoring.md")
    assert [g.variant for g in page_games(body)] == ["tavla", "backgammon"]


# --- another game's setup ---------------------------------------------------------------------

@pytest.mark.parametrize("lang, find, replace, message", [
    ("en", 'summary: "the Uzun tavla setup', 'summary: "the Tapa setup',
     "en/gulbara.md:4:11: error: 'the Tapa setup' gives Gülbara the setup of Tapa, but they start differently: "
     "board point 1 holds 15 black checkers in Tapa's setup and none in Gülbara's"),
    ("tr", "- Uzun tavla dizilişi", "- Tapa dizilişi", "tr/gulbara.md:3:45: error: 'Tapa dizilişi' gives Gülbara"),
    ("en", "is set up and played like Uzun tavla", "is set up and played like backgammon",
     "'set up and played like backgammon' gives Gülbara the setup of Backgammon"),
])
def test_another_games_setup_is_located(lang: str, find: str, replace: str, message: str) -> None:
    front, body, first = _page(lang, "gulbara.md", find, replace)
    found = [p.format() for p in setup_problems(f"{lang}/gulbara.md", list(front_values(front)), body, lang, "error", first)]
    assert len(found) == 1 and message in found[0], found


def test_a_setup_that_is_the_same_passes() -> None:
    for page in sorted(CONTENT.glob("*/*.md")):
        front, body, first = _page(page.parent.name, page.name)
        assert setup_problems(page.name, list(front_values(front)), body, page.parent.name, "error", first) == [], page
    assert wrong_setups("the backgammon setup", "en", [ruleset("tavla")]) == []


# --- a translation naming a rival rule ---------------------------------------------------------

def test_a_translation_naming_a_rival_rule_is_located(tmp_path: Path) -> None:
    text = PO.read_text(encoding="utf-8")
    find = 'msgstr "(%(point)s. hanede kırar)"'
    assert text.count(find) == 1
    line = text[:text.index(find)].count("\n") + 1
    po = tmp_path / "messages.po"
    po.write_text(text.replace(find, 'msgstr "(%(point)s. hanede tapa yapar)"'), encoding="utf-8")
    found = [p.format() for p in catalog_statements(po, "tr", "messages.po", "error")]
    assert [f for f in found if f.startswith(f"messages.po:{line}:1: error: the translation says 'tapa' (pinning) "
                                             "where its msgid says 'hits' (hitting): it states another rule")], found


def test_a_translation_of_its_own_rule_passes() -> None:
    assert catalog_statements(PO, "tr", "messages.po", "error") == []
    assert rivals(("(pins on %(point)s)",), ("(%(point)s. hanede tapa yapar)",), "tr") is None
    assert rivals(("(pins on %(point)s)",), ("(χτυπά στη θέση %(point)s)",), "el") == (0, "pins", "pinning", "χτυπά",
                                                                                          "hitting")


# --- a glossary term given to a game without its rule -----------------------------------------

def _glossary(tmp_path: Path, find: str, replace: str) -> list[str]:
    text = GLOSSARY_FILE.read_text(encoding="utf-8")
    assert text.count(find) == 1
    p = tmp_path / "glossary.yaml"
    p.write_text(text.replace(find, replace), encoding="utf-8")
    return [x.format() for x in glossary_problems(p, "glossary.yaml", "error")]


@pytest.mark.parametrize("find, replace, message", [
    ('en: "draw (Tapa)"', 'en: "draw (Gülbara)"', "error: this entry gives 'draw' as a term of Gülbara, but Gülbara "
                                                  "has no draw"),
    ('tr: "beraberlik"', 'tr: "beraberlik (Tavla)"', "error: this entry gives 'beraberlik' as a term of Tavla, but "
                                                     "Tavla has no draw"),
    ('note_en: "in Tapa"', 'note_en: "in backgammon"', "error: this entry gives 'pin' as a term of Backgammon, but "
                                                       "Backgammon has no pinning"),
])
def test_a_glossary_term_of_a_game_without_its_rule_is_located(tmp_path: Path, find: str, replace: str,
                                                                message: str) -> None:
    found = _glossary(tmp_path, find, replace)
    assert any(message in f and f.startswith("glossary.yaml:") for f in found), found


def test_the_glossary_terms_games_pass() -> None:
    assert glossary_problems(GLOSSARY_FILE, "glossary.yaml", "error") == []


# --- the order of Gülbara's doubles ------------------------------------------------------------

@pytest.mark.parametrize("lang, text", [
    ("tr", "Uzun tavla dizilişi, ilk sıralarda çift zar ilerlemesi, sonra normal çift zar, pul toplama."),
    ("tr", "Önce çift zar ilerlemesi, sonra da normal çift zar."),
    ("en", "The progression comes first, then ordinary doubles."),
    ("en", "In the first turns doubles are played as a progression."),
    ("el", "Πρώτα η κλιμάκωση και μετά οι κανονικές διπλές."),
])
def test_the_progression_put_first_is_an_error(lang: str, text: str) -> None:
    found = [p.message for p in text_problems(text, lang, "p.md", 1, 1, ruleset("gulbara"), "error")]
    assert any("says that doubles are played as a progression from the first turns" in m
               and "in Gülbara, the first turns' doubles are four ordinary moves" in m for m in found), found


@pytest.mark.parametrize("lang, text", [
    ("tr", "Uzun tavla dizilişi, ilk sıralarda çift zar, çift zar ilerlemesi, pul toplama ve puanlar."),
    ("tr", "Önce normal çift zar, sonra çift zar ilerlemesi."),
    ("en", "Ordinary doubles first, then the progression."),
    ("en", "In the first turns doubles are played as four ordinary moves."),
    ("el", "Πρώτα οι κανονικές διπλές και μετά η κλιμάκωση."),
])
def test_ordinary_doubles_first_pass(lang: str, text: str) -> None:
    assert text_problems(text, lang, "p.md", 1, 1, ruleset("gulbara"), "error") == []
