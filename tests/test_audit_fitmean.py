"""fitmean (issue 25): a translation or text whose words say another thing than its source.

Each test plants one fault of the class (an operation, an opposite word, a pin said to outlast its
last pinner, a plain win beside another result's score) and asserts the located message; the true
text passes. The variants are new (other strings, other pages, both languages), not the corpus's.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site.audit.antonyms import opposed
from tavla_docs.site.audit.glossarycheck import glossary_problems
from tavla_docs.site.audit.rulesurfaces import catalog_statements
from tavla_docs.site.audit.statements import statement_problems
from tavla_docs.site.audit.winwords import plain_win_problems
from tavla_docs.site.facts.numerals import Num
from tavla_docs.site.provenance import mark, recording
from tavla_docs.variants import ruleset


def _po(tmp_path: Path, lang: str, body: str) -> Path:
    po = tmp_path / "messages.po"
    po.write_text(f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n\n{body}', encoding="utf-8")
    return po


def _catalog(tmp_path: Path, lang: str, msgid: str, msgstr: str) -> list[tuple[int, str]]:
    po = _po(tmp_path, lang, f'msgid "{msgid}"\nmsgstr "{msgstr}"\n')
    return [(p.line, p.message) for p in catalog_statements(po, lang, "messages.po", "error")]


@pytest.mark.parametrize(("lang", "msgid", "bad", "good", "words"), [
    ("tr", "; times the cube", "; katlama zarına eklenir", "; katlama zarıyla çarpılır", ("adding", "multiplying")),
    ("tr", "; times the cube", "; katlama zarına bölünür", "; katlama zarıyla çarpılır", ("dividing", "multiplying")),
    ("el", "; times the cube", "· προστίθεται στην τιμή του κύβου", "· επί την τιμή του κύβου", ("adding", "multiplying")),
    ("tr", "Points are added to the score", "Puanlar skorla çarpılır", "Puanlar skora eklenir", ("multiplying", "adding")),
])
def test_a_translation_that_applies_another_operation_is_an_error(tmp_path: Path, lang: str, msgid: str, bad: str,
                                                                   good: str, words: tuple[str, str]) -> None:
    found = _catalog(tmp_path, lang, msgid, bad)
    assert [line for line, _ in found] == [6], found  # the msgstr's line
    assert f"the translation speaks of {words[0]}, where its msgid speaks of {words[1]}" in found[0][1]
    assert _catalog(tmp_path, lang, msgid, good) == []


@pytest.mark.parametrize(("lang", "msgid", "bad", "good", "said"), [
    ("tr", "Free again", "Hâlâ tapalı", "Yeniden serbest", ("pinned", "free")),
    ("el", "Closed point", "Ανοιχτή θέση", "Κλειστή θέση", ("open", "closed")),
    ("tr", "The side on roll wins", "Zar atacak taraf kaybeder", "Zar atacak taraf kazanır", ("losing", "winning")),
    ("tr", "Play the higher die first", "Önce küçük zarı oynayın", "Önce büyük zarı oynayın", ("lower", "higher")),
    ("tr", "Checkers outside the home board", "Ev içindeki pullar", "Evin dışındaki pullar", ("inside", "outside")),
])
def test_a_translation_that_says_the_opposite_word_is_an_error(tmp_path: Path, lang: str, msgid: str, bad: str,
                                                                good: str, said: tuple[str, str]) -> None:
    found = _catalog(tmp_path, lang, msgid, bad)
    assert [line for line, _ in found] == [6], found  # the msgstr's line
    assert f"says {said[0]} where its msgid {msgid!r} says {said[1]}: it states the opposite" in found[0][1]
    assert _catalog(tmp_path, lang, msgid, good) == []


def test_a_denial_may_say_the_same_with_the_opposite_word() -> None:
    assert opposed("The point is not closed", "en", "Hane açık", "tr") is None
    assert opposed("Free again", "en", "Hâlâ serbest değil", "tr") is None  # the polarity check's to judge


def _glossary(tmp_path: Path, entry: str) -> list[tuple[int, int, str]]:
    g = tmp_path / "glossary.yaml"
    g.write_text(f"sections:\n  - id: board\n    terms:\n      - {entry}\n", encoding="utf-8")
    return [(p.line, p.col, p.message) for p in glossary_problems(g, "glossary.yaml", "error")]


@pytest.mark.parametrize(("entry", "field", "said"), [
    ('{tr: "kapalı ev; evini kapatmak", en: "open board; to leave one\'s board open"}', "open board", "says open where its "
     "Turkish term 'kapalı ev; evini kapatmak' says closed"),
    ('{tr: "tapalı pul", en: "free checker", el: "πλακωμένο πούλι"}', "free checker", "says free where its Turkish term "
     "'tapalı pul' says pinned"),
    ('{tr: "kapalı ev", en: "closed board", el: "ανοιχτό σπίτι"}', "ανοιχτό", "says open where its Turkish term "
     "'kapalı ev' says closed"),
])
def test_a_glossary_language_that_says_the_opposite_of_its_term_is_located(tmp_path: Path, entry: str, field: str,
                                                                           said: str) -> None:
    found = _glossary(tmp_path, entry)
    col = len("      - ") + entry.index(field) + 1  # the field's first character
    assert [(line, c) for line, c, _ in found] == [(4, col)], found
    assert said in found[0][2]


def test_a_glossary_entry_whose_languages_agree_passes(tmp_path: Path) -> None:
    assert _glossary(tmp_path, '{tr: "kapalı ev; evini kapatmak", en: "closed board; to close one\'s board", '
                               'el: "κλειστό σπίτι· κλείνω το σπίτι"}') == []
    assert _glossary(tmp_path, '{tr: "açık pul; tek pul", en: "blot"}') == []


@pytest.mark.parametrize(("lang", "text"), [
    ("tr", "Beyaz oynar; üstteki son Beyaz pul ayrılsa da Siyah&#39;ın pulu tapalı kalır."),
    ("tr", "Son rakip pul da haneden kalktıktan sonra bile pul serbest kalmaz."),
    ("en", "A release: when the last White checker on top leaves, the Black checker under it stays pinned."),
    ("en", "The checker stays pinned even after the last opposing checker moves away."),
    ("el", "Ακόμη κι όταν φύγει και το τελευταίο λευκό πούλι, το μαύρο πούλι μένει πλακωμένο."),
])
def test_a_pin_said_to_outlast_its_last_pinner_is_an_error(lang: str, text: str) -> None:
    found = statement_problems(text, lang, "release.yaml", text, 1, ruleset("tapa"))
    assert len(found) == 1 and found[0].line == 1, found
    assert "stays pinned for the rest of the game" in found[0].message
    assert "free again only when the last opposing checker on top of it leaves" in found[0].message


@pytest.mark.parametrize(("lang", "text"), [
    ("tr", "Beyaz oynar; üstteki son Beyaz pul ayrılınca Siyah&#39;ın pulu serbest kalır."),
    ("tr", "Son rakip pul ayrılana kadar pul tapalı kalır."),
    ("tr", "Üstteki pullardan biri ayrılsa da pul tapalı kalır."),
    ("en", "The checker stays pinned until the last opposing checker leaves."),
    ("en", "When the last White checker on top leaves, the Black checker under it is free again."),
])
def test_the_release_rule_itself_passes(lang: str, text: str) -> None:
    assert statement_problems(text, lang, "release.yaml", text, 1, ruleset("tapa")) == []


def _scored(lang: str, before: str, meaning: str, after: str, value: int = 2) -> list[tuple[int, int, str]]:
    src = before + "{{ r.points." + meaning + " }}" + after
    with recording():
        text = before + mark(1, Num(value, lang).of_side(None, meaning), False, 0) + after
    return [(p.line, p.col, p.message) for p in plain_win_problems(text, lang, "x.md", src, 3)]


@pytest.mark.parametrize(("lang", "before", "meaning", "after", "name"), [
    ("tr", "- Pullarını ilk toplayan kazanır: ", "mars", " puan.", "a mars"),
    ("en", "- The first player to bear off every checker wins ", "gammon", " points.", "a gammon"),
    ("el", "- Όποιος μαζέψει πρώτος όλα του τα πούλια κερδίζει ", "mars", " πόντους.", "a mars"),
    ("tr", "Oyunu kazanan ", "mother_pin", " puan alır.", "a mother pin"),
])
def test_a_plain_win_beside_another_results_score_is_an_error(lang: str, before: str, meaning: str, after: str,
                                                              name: str) -> None:
    found = _scored(lang, before, meaning, after)
    assert [(line, col) for line, col, _ in found] == [(3, len(before) + 1)], found
    assert f"prints the points of {name} (2) in a sentence that names a plain win (a single game)" in found[0][2]
    assert _scored(lang, before, "single", after, 1) == []


@pytest.mark.parametrize(("lang", "before", "meaning", "after"), [
    ("en", "If the loser has borne off nothing, the winner scores ", "mars", " points."),
    ("tr", "Kaybeden hiç pul toplamadıysa kazanan ", "mars", " puan alır."),
    ("tr", "Beyaz&#39;ın kendi hanesinde pulu kalmadığı için oyun hemen biter: Beyaz kazanır, ", "mother_pin", " puan."),
    ("en", "The winner scores a gammon, ", "gammon", " points."),
    ("en", "Winning by pinning the mother also scores ", "mother_pin", " points."),
    ("tr", "Kazanan iki katı, ", "mars", " puan alır."),
])
def test_a_score_whose_sentence_describes_its_result_passes(lang: str, before: str, meaning: str, after: str) -> None:
    assert _scored(lang, before, meaning, after) == []
