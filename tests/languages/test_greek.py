"""Greek (el), the package's third language: its catalog is complete with CLDR's two plural forms,
its word tables are the registry entry's, and the audit reads every form of a Greek number word."""
from __future__ import annotations

from babel import Locale
from babel.messages.pofile import read_po

from tavla_docs.languages import registry
from tavla_docs.site import i18n
from tavla_docs.site.audit.hints import word_value
from tavla_docs.site.audit.patterns import find_facts
from tavla_docs.site.catalogstatus import template_path


def _catalog():
    with i18n.po_path("el").open("rb") as f:
        return read_po(f)


def test_the_greek_catalog_translates_every_message_of_the_template() -> None:
    with template_path(i18n.LOCALES_DIR).open("rb") as f:
        template = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in read_po(f) if m.id}
    el = _catalog()
    done = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in el
            if m.id and not m.fuzzy and all(m.string if isinstance(m.string, tuple) else (m.string,))}
    assert template - done == set()
    assert i18n.missing_messages("el") == []


def test_greek_plural_forms_are_cldrs_and_each_plural_entry_has_both() -> None:
    el = _catalog()
    assert el.plural_forms == "nplurals=2; plural=(n != 1);"
    assert len(Locale.parse("el").plural_form.tags | {"other"}) == el.num_plurals == 2
    plurals = [m for m in el if m.id and isinstance(m.id, tuple)]
    assert len(plurals) == 23
    t = i18n.catalog("el")
    assert t.ngettext("%(num)d checker", "%(num)d checkers", 1) % {"num": 1} == "1 πούλι"
    assert t.ngettext("%(num)d checker", "%(num)d checkers", 3) % {"num": 3} == "3 πούλια"
    assert t.ngettext("%(num)d checker", "%(num)d checkers", 0) % {"num": 0} == "0 πούλια"


def test_the_catalogs_word_tables_are_the_registry_entrys() -> None:
    entry = registry.get("el")
    tables = {"diagram": entry.words, "pinner": entry.pinner, "list": entry.conjunctions}
    seen = 0
    for m in _catalog():
        if m.context:
            table, _, key = m.context.partition(":")
            assert m.string == tables[table][key], m.context
            seen += 1
    assert seen == len(entry.words) + 2 + 2


def test_the_audit_finds_greek_number_words_in_every_gender_and_reads_their_value() -> None:
    text = "τρεις ζαριές, τέσσερα πούλια, η τέταρτη θέση, του δεύτερου παίκτη, μια εξάρα, είκοσι τρία"
    words = [f.text for f in find_facts(text, "el") if f.kind == "word"]
    assert words == ["τρεις", "τέσσερα", "τέταρτη", "δεύτερου", "εξάρα", "είκοσι τρία"]
    assert [word_value(w, "el") for w in words] == [3, 4, 4, 2, 6, 23]


def test_both_is_not_a_count_and_a_question_mark_is_not_a_separator() -> None:
    assert [f.text for f in find_facts("παίζονται και τα δύο ζάρια, δύο πούλια", "el")] == ["δύο"]
    assert registry.separator("el") == "· " and registry.separator("tr") == "; "
    from tavla_docs.site.reading import read_play

    assert read_play("8/5 6/5", i18n.catalog("el")) == "από τη θέση 8 στη θέση 5· από τη θέση 6 στη θέση 5"


def test_greek_dice_have_their_own_names_in_the_progression_and_after_a_count() -> None:
    # Round 9 of the native review: "τέσσερα τρία, τέσσερα τέσσερα" became the dice's names.
    from tavla_docs.site.facts.numerals import Num
    from tavla_docs.site.facts.rules import RuleFacts
    from tavla_docs.variants import ruleset

    assert (Num(5, "el").die_name, Num(6, "el").die_names) == ("πεντάρι", "εξάρια")
    gulbara = RuleFacts(ruleset("gulbara"), "el")
    assert str(gulbara.progression_runs(3)) == "τέσσερα τριάρια, τέσσερα τεσσάρια, τέσσερα πεντάρια και τέσσερα εξάρια"
    assert str(gulbara.progression_runs(6)) == "τέσσερα εξάρια"
    # the ace is masculine (τέσσερις άσσοι): no neuter name, so the entry leaves it to the number word
    assert Num(1, "el").die_names == "ένα"


def test_a_greek_figure_says_one_borne_off_checker_in_the_singular() -> None:
    from tavla_docs.diagram.words import plural, words

    w = words("el")
    assert plural(w, "off", 1).format(n=1) == "1 μαζεμένο"
    assert plural(w, "off", 14).format(n=14) == "14 μαζεμένα"
    assert plural(words("en"), "off", 1).format(n=1) == "1 borne off"
    assert plural(words("tr"), "off", 1).format(n=1) == "1 pul toplanmış"


def test_a_greek_figure_names_its_highlighted_point_in_the_boards_numbers() -> None:
    from tavla_docs.diagram.words import plural, words

    w = words("el")
    assert plural(w, "highlight", 1).format(points="2") == "Επισημασμένη θέση: η θέση 2 του ταμπλό."


def test_greek_figure_descriptions_name_the_games_in_greek_as_the_catalog_does() -> None:
    """The registry's `games:` are the catalog's own translations of the rulesets' diagram names."""
    from tavla_docs.diagram.describe import game_name
    from tavla_docs.languages import registry
    from tavla_docs.site import i18n

    t = i18n.catalog("el")
    games = registry.get("el").games
    assert games and all(t.gettext(name) == greek for name, greek in games.items())
    assert game_name("Uzun tavla", "el") == "Ουζούν τάβλα" and game_name("Uzun tavla", "en") == "Uzun tavla"
