"""Catalog translations and glossary notes that keep their msgid's facts but change their roles: a
placeholder moved from "from" to "to" (`catalogroles`), the side on roll turned into the opponent,
a bound turned round where the msgid says "up to" / "within" (`catalogbounds`, its words now in
`catalogroles.yaml`), and a glossary bracket or note that says another thing than another
language's (`glossreasons`). Each fault is planted in the real package catalog or glossary it
would spoil and located at its line; the true text passes."""
from __future__ import annotations

from pathlib import Path

import pytest

import tavla_docs
from tavla_docs.site.audit.catalogbounds import flipped
from tavla_docs.site.audit.catalogroles import swapped
from tavla_docs.site.audit.glossarycheck import glossary_problems
from tavla_docs.site.audit.glossreasons import mismatched
from tavla_docs.site.audit.rulesurfaces import catalog_statements
from tavla_docs.site.glossary import GLOSSARY_FILE

LOCALES = Path(tavla_docs.__file__).parent / "site" / "locales"


def _catalog(tmp_path: Path, lang: str, find: str, replace: str) -> list[str]:
    text = (LOCALES / lang / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    assert text.count(find) == 1, find
    po = tmp_path / "messages.po"
    po.write_text(text.replace(find, replace), encoding="utf-8")
    return [p.format() for p in catalog_statements(po, lang, "messages.po", "error")]


def _line(lang: str, text: str) -> int:
    lines = (LOCALES / lang / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


@pytest.mark.parametrize("lang", ["tr", "el"])
def test_the_real_catalogs_pass(tmp_path: Path, lang: str) -> None:
    po = LOCALES / lang / "LC_MESSAGES" / "messages.po"
    assert catalog_statements(po, lang, "messages.po", "error") == []


@pytest.mark.parametrize("lang, find, replace, message", [
    # the corpus's own (round 10): a placeholder's role, a side, two bounds
    ("tr", 'msgstr "%(src)s. haneden %(dst)s. haneye"', 'msgstr "%(dst)s. haneden %(src)s. haneye"',
     "the translation makes %(dst)s the point the move starts from, where its msgid makes it the point the move ends on"),
    ("tr", 'msgstr "Zar atacak taraf kazanır"', 'msgstr "Rakip kazanır"',
     "the translation speaks of the opponent, where its msgid speaks of the side on roll"),
    ("tr", 'msgstr "Var, en çok %(num)d"', 'msgstr "Var, en az %(num)d"',
     "the translation bounds its number 'at least' where its msgid says 'at most'"),
    ("tr", 'msgstr[1] "En çok %(num)d atışta biter"', 'msgstr[1] "En az %(num)d atışta biter"',
     "the translation bounds its number 'at least' where its msgid says 'at most'"),
    # new variants: Greek, numbers instead of placeholders, the other side, other bound words
    ("el", 'msgstr "από τη θέση %(src)s στη θέση %(dst)s"', 'msgstr "από τη θέση %(dst)s στη θέση %(src)s"',
     "the translation makes %(dst)s the point the move starts from, where its msgid makes it the point the move ends on"),
    ("tr", 'msgstr "13. haneden 7. haneye oynar ve 7. hanede kırar"',
     'msgstr "7. haneden 13. haneye oynar ve 7. hanede kırar"',
     "the translation makes 7 the point the move starts from, where its msgid makes it the point the move ends on"),
    ("el", 'msgstr "μαζεύει ένα πούλι από τη θέση 3"', 'msgstr "μαζεύει ένα πούλι στη θέση 3"',
     "the translation makes 3 the point the move ends on, where its msgid makes it the point the move starts from"),
    ("tr", 'msgstr "Rakip"', 'msgstr "Zar atacak taraf"',
     "the translation speaks of the side on roll, where its msgid speaks of the opponent"),
    ("el", 'msgstr "Κερδίζει όποιος έχει τη ζαριά"', 'msgstr "Κερδίζει ο αντίπαλος"',
     "the translation speaks of the opponent, where its msgid speaks of the side on roll"),
    ("tr", 'msgstr "Sıra Beyaz\'da"', 'msgstr "Sıra rakipte"',
     "the translation speaks of the opponent, where its msgid speaks of the side on roll"),
    ("tr", 'msgstr "Var, en çok %(num)d"', 'msgstr "Var, %(num)d ve üzeri"',
     "the translation bounds its number 'at least' where its msgid says 'at most'"),
    ("el", 'msgstr[1] "Μαζεύονται σε %(num)d ζαριές το πολύ"', 'msgstr[1] "Μαζεύονται σε %(num)d ζαριές τουλάχιστον"',
     "the translation bounds its number 'at least' where its msgid says 'at most'"),
])
def test_a_translation_that_changes_a_role_is_located(tmp_path: Path, lang: str, find: str, replace: str,
                                                      message: str) -> None:
    found = _catalog(tmp_path, lang, find, replace)
    line = _line(lang, find)
    assert any(f.startswith(f"messages.po:{line}:1: error: {message}") for f in found), found


@pytest.mark.parametrize("lang, find, replace", [
    ("tr", 'msgstr "Var, en çok %(num)d"', "msgstr \"Var, %(num)d'e kadar\""),
    ("tr", 'msgstr "Var, en çok %(num)d"', 'msgstr "Var, en fazla %(num)d"'),
    ("tr", 'msgstr "%(src)s. haneden %(dst)s. haneye"', "msgstr \"%(src)s'den %(dst)s'e\""),
    ("tr", 'msgstr "Zar atacak taraf kazanır"', 'msgstr "Sırası gelen taraf kazanır"'),
    ("el", 'msgstr "από τη θέση %(src)s στη θέση %(dst)s"', 'msgstr "από το %(src)s ως το %(dst)s"'),
])
def test_a_true_rewording_passes(tmp_path: Path, lang: str, find: str, replace: str) -> None:
    assert _catalog(tmp_path, lang, find, replace) == []


def test_roles_are_read_token_by_token_and_string_by_string() -> None:
    assert swapped(("moves two checkers from point 6 to point 2",), ("iki pulu 2. haneden 6. haneye oynar",), "tr") \
        == [(0, "2", "the point the move starts from", "the point the move ends on")]
    assert swapped(("Checker on the bar, opponent's board closed",), ("Barda pul var, zar atacak tarafın evi kapalı",),
                   "tr") == [(0, "", "the side on roll", "the opponent")]
    # a language without words is not judged, nor a token the msgid gives no role
    assert swapped(("from %(src)s to %(dst)s",), ("%(dst)s → %(src)s",), "tr") == []
    assert swapped(("from %(src)s to %(dst)s",), ("%(dst)s. haneden",), "xx") == []
    assert flipped(("Off within %(num)d rolls",), ("En az %(num)d atışta biter",), "tr") == (0, "at most", "at least")
    assert flipped(("Checkers within the home board",), ("En az iki pul evde",), "tr") is None  # 'within' a place


def _glossary(tmp_path: Path, find: str, replace: str) -> list[str]:
    text = GLOSSARY_FILE.read_text(encoding="utf-8")
    assert text.count(find) == 1, find
    p = tmp_path / "glossary.yaml"
    p.write_text(text.replace(find, replace), encoding="utf-8")
    return [x.format() for x in glossary_problems(p, "glossary.yaml", "error")]


def _glossary_line(text: str) -> int:
    lines = GLOSSARY_FILE.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def test_the_real_glossary_passes() -> None:
    assert glossary_problems(GLOSSARY_FILE, "glossary.yaml", "error") == []


@pytest.mark.parametrize("find, replace, message", [
    # the corpus's own (round 10)
    ('en: "the turn passes (no legal move)"', 'en: "the turn passes (after a double)"',
     "this entry's English brackets 'after a double' (to double) say another thing than its Greek "
     "'καμία νόμιμη κίνηση' (no legal move)"),
    # new variants: another entry, the Greek side, a note's game, a bracket's game
    ('en: "to enter (from the bar)"', 'en: "to enter (after a hit)"',
     "this entry's English brackets 'after a hit' (to hit) say another thing than its Greek 'από την μπάρα' (the bar)"),
    ('el: "σπίτι του αντιπάλου (εκεί μπαίνουν τα χτυπημένα πούλια)"',
     'el: "σπίτι του αντιπάλου (εκεί μαζεύονται τα πούλια)"',
     "this entry's Greek brackets 'εκεί μαζεύονται τα πούλια' (to bear off) say another thing than its English "
     "'where hit checkers enter' (to enter / to hit)"),
    ('note_tr: "Tapa oyununda", note_en: "in Tapa"', 'note_tr: "Tapa oyununda", note_en: "in Uzun tavla"',
     "this entry's English note 'in Uzun tavla' (Uzun tavla) says another thing than its Turkish 'Tapa oyununda' (Tapa)"),
    ('en: "draw (Tapa)"', 'en: "draw (Gülbara)"',
     "this entry's English brackets 'Gülbara' (Gülbara) say another thing than its Greek 'Τάπα' (Tapa)"),
])
def test_a_glossary_gloss_that_says_another_thing_is_located(tmp_path: Path, find: str, replace: str,
                                                             message: str) -> None:
    found = _glossary(tmp_path, find, replace)
    line = _glossary_line(find.split(",")[0] if "note_" in find else find)
    assert any(f.startswith(f"glossary.yaml:{line}:") and f"error: {message}" in f for f in found), found


def test_a_gloss_read_by_three_languages_blames_the_odd_one() -> None:
    entry = {"tr": "yarış (temas yok)", "en": "race (after a double)", "el": "κούρσα (χωρίς πια επαφή)"}
    assert [f for f, _ in mismatched(entry)] == ["en"]
    entry = {"tr": "yarış (katlamadan sonra)", "en": "race (no more contact)", "el": "κούρσα (χωρίς πια επαφή)"}
    assert [f for f, _ in mismatched(entry)] == ["tr"]
    assert mismatched({"tr": "yarış", "en": "race (no more contact)", "el": "κούρσα (χωρίς πια επαφή)"}) == []


def test_a_condition_in_brackets_is_read_against_the_catalogs_uses_of_the_term() -> None:
    from tavla_docs.site.audit.glossreasons import usage_mismatch

    bad = usage_mismatch({"tr": "sıra geçer; pas", "en": "the turn passes (after a double)"})
    assert bad is not None and bad.startswith("this entry explains 'the turn passes' by 'after a double' (to double), "
                                              "but where the catalog writes 'sıra geçer; pas' for it, it speaks of "), bad
    assert "no legal move" in bad
    assert usage_mismatch({"tr": "sıra geçer; pas", "en": "the turn passes (no legal move)"}) is None
    # a bracket that is another name, not a condition, is not read against the catalog
    assert usage_mismatch({"tr": "maç; el; puan", "en": "match; game; points (score)"}) is None
