"""Issue 30, the audit in Greek by data (`site/lexicons/el.yaml`, read by `site/audit/langlex.py`):
false Greek rule sentences planted in a page and in a caption are located errors, true ones pass,
the phrase tables (roll kinds, play words, counts, names of throws) read Greek, and every fact of
statements.yaml has Greek phrasings. (Tests never read content/: the real Greek pages are checked by
the build, `tavla-docs audit` and `make site`, which render them with these checks.)"""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site.audit import langlex
from tavla_docs.site.audit.dicenames import roll_of
from tavla_docs.site.audit.lexicon import lexicon
from tavla_docs.site.audit.plays import statements as play_statements
from tavla_docs.site.audit.pointfacts import point_words
from tavla_docs.site.audit.printed import printed_text_problems
from tavla_docs.site.audit.statements import judge, statement_problems
from tavla_docs.site.provenance import mark, recording
from tavla_docs.variants import ruleset

SIDES = {"white": "Λευκά", "black": "Μαύρα"}

# (game, a false sentence, the fact it must be reported under, a true sentence)
FACTS = [
    ("tapa", "Στην Τάπα το χτυπημένο πούλι πηγαίνει στην μπάρα.", "bar", "Στην Τάπα δεν υπάρχει μπάρα."),
    ("tavla", "Στην τάβλα δεν υπάρχει μπάρα.", "bar", "Το χτυπημένο πούλι πηγαίνει στην μπάρα."),
    ("tapa", "Το ακάλυπτο πούλι του αντιπάλου το χτυπάτε.", "lone_checker",
     "Το ακάλυπτο πούλι του αντιπάλου δεν χτυπιέται: το πούλι που πέφτει πάνω του το πλακώνει."),
    ("tapa", "Οι παίκτες κινούνται προς την ίδια κατεύθυνση.", "directions",
     "Οι παίκτες κινούνται σε αντίθετες κατευθύνσεις."),
    ("uzun", "Τα Μαύρα κινούνται δεξιόστροφα.", "black_direction", "Τα Μαύρα κινούνται αριστερόστροφα."),
    ("tavla", "Η τάβλα παίζεται με κύβο διπλασιασμού.", "cube", "Κύβος διπλασιασμού δεν υπάρχει."),
    ("tavla", "Το μάζεμα είναι υποχρεωτικό.", "bear_off_compulsory", "Το μάζεμα δεν είναι υποχρεωτικό."),
    ("tavla", "Αν δεν υπάρχει καμία κίνηση, ο παίκτης ξαναρίχνει τα ζάρια.", "no_move",
     "Αν δεν υπάρχει καμία κίνηση, ο γύρος περνά."),
    ("tavla", "Αν μπορεί να παιχτεί μόνο ένα από τα ζάρια, παίζεται το μικρότερο.", "larger_die",
     "Αν μπορεί να παιχτεί μόνο ένα από τα ζάρια, παίζεται το μεγαλύτερο."),
    ("uzun", "Από το κεφάλι μπορούν να φύγουν όσα πούλια θέλετε.", "head_rule",
     "Σε κάθε γύρο μόνο ένα πούλι μπορεί να φύγει από το κεφάλι."),
    ("uzun", "Δεν υπάρχει κανόνας του φράγματος.", "six_block_rule",
     "Δεν επιτρέπεται να κρατάτε έξι συνεχόμενες θέσεις όσο μπροστά τους δεν υπάρχει πούλι του αντιπάλου."),
    ("tapa", "Το πλακωμένο πούλι μπορεί να κινηθεί.", "pinned_moves",
     "Το πλακωμένο πούλι δεν μπορεί να κινηθεί."),
    ("tapa", "Το πούλι που πλακώνει μπορεί να πλακωθεί.", "pinner_pinned",
     "Το πούλι που πλακώνει δεν μπορεί να πλακωθεί."),
    ("backgammon", "Αν ο αντίπαλος αρνηθεί, χάνει το παιχνίδι με τη διπλάσια αξία.", "pass_value",
     "Αν ο αντίπαλος αρνηθεί, χάνει το παιχνίδι με την τρέχουσα αξία."),
    ("uzun", "Ο αντίπαλος παίρνει μια τελευταία ζαριά.", "last_roll",
     "Ο αντίπαλος δεν παίρνει μια τελευταία ζαριά."),
    ("gulbara", "Ο γύρος συνεχίζεται με τον επόμενο αριθμό.", "progression_stop",
     "Ο γύρος σταματά στον πρώτο αριθμό που δεν μπορεί να παιχτεί."),
    ("tavla", "Όταν τα πούλια προσπεράσουν το ένα το άλλο, μπορούν ακόμη να χτυπηθούν.", "contact_hit",
     "Όταν τα πούλια προσπεράσουν το ένα το άλλο, κανείς δεν μπορεί πια να χτυπήσει κανέναν."),
]


def _fact_of(text: str, game: str) -> list[str]:
    return [s.statement.fact for s, _, _ in judge(text, "el", ruleset(game)) if hasattr(s, "statement")]


@pytest.mark.parametrize(("game", "false", "fact", "true"), FACTS, ids=[f[2] for f in FACTS])
def test_a_false_greek_sentence_is_reported_and_a_true_one_passes(game: str, false: str, fact: str, true: str) -> None:
    assert fact in _fact_of(false, game)
    assert judge(true, "el", ruleset(game)) == []


@pytest.mark.parametrize(("game", "false", "fact", "true"), FACTS[:6], ids=[f[2] for f in FACTS[:6]])
def test_planted_in_a_page_the_error_is_at_its_line(game: str, false: str, fact: str, true: str) -> None:
    source = f"# Κανόνες\n\n{{% set r = rules(\"{game}\") %}}\nΠρώτη πρόταση.\n{false}\n"
    page = source.replace(f'{{% set r = rules("{game}") %}}', "")
    found = statement_problems(page, "el", "content/el/x.md", source, 4, ruleset(game))
    assert [(p.path, p.line, p.rule) for p in found] == [("content/el/x.md", 8, "rule")], found
    assert statement_problems(page.replace(false, true), "el", "content/el/x.md", source.replace(false, true), 4,
                              ruleset(game)) == []


def test_planted_in_a_caption_the_error_is_located_at_the_caption_and_names_the_game() -> None:
    caption = "Στην Τάπα δεν υπάρχει μπάρα. Τα {{ s.side }} παίζουν και το χτυπημένο πούλι πηγαίνει στην μπάρα."
    with recording():
        marked = "Στην Τάπα δεν υπάρχει μπάρα. Τα " + mark(1, "Λευκά", False, 0) + \
            " παίζουν και το χτυπημένο πούλι πηγαίνει στην μπάρα."
    found = [p for p in printed_text_problems(marked, "el", "scenarios/tapa/x.yaml", caption, 12, SIDES,
                                              ruleset("tapa")) if p.rule == "rule"]
    assert [(p.path, p.line) for p in found] == [("scenarios/tapa/x.yaml", 12)]
    assert "'πηγαίνει στην μπάρα' says that there is a bar" in found[0].message
    assert "in Tapa, there is no bar" in found[0].message


# Sentences about where a point lies (site/audit/pointfacts.py, the `points` section of el.yaml):
# (game, a false sentence, words of its message, the true sentence)
POINTS = [
    ("backgammon", "Η θέση 24 των Λευκών είναι η θέση 6 των Μαύρων.", "Black's 1-point",
     "Η θέση 24 των Λευκών είναι η θέση 1 των Μαύρων."),
    ("uzun", "Η θέση 24 για τα Λευκά είναι η θέση 1 για τα Μαύρα.", "Black's 12-point",
     "Η θέση 24 για τα Λευκά είναι η θέση 12 για τα Μαύρα."),
    ("tavla", "Το πούλι στη θέση 3 είναι ακόμη έξω από το σπίτι.", "outside the home board",
     "Το πούλι στη θέση 9 είναι ακόμη έξω από το σπίτι."),
    ("tavla", "ΤΟ ΠΟΥΛΙ ΣΤΗ ΘΕΣΗ 4 ΒΡΙΣΚΕΤΑΙ ΕΚΤΟΣ ΣΠΙΤΙΟΥ.", "outside the home board",  # accents do not count
     "Το πούλι στη θέση 8 βρίσκεται εκτός σπιτιού."),
    ("tavla", "Το πούλι στη θέση 9 είναι ήδη στο σπίτι.", "in the home board",
     "Το πούλι στη θέση 4 είναι ήδη στο σπίτι."),
]


@pytest.mark.parametrize(("game", "false", "words", "true"), POINTS)
def test_a_false_greek_point_sentence_is_reported_and_a_true_one_passes(game: str, false: str, words: str,
                                                                        true: str) -> None:
    found = judge(false, "el", ruleset(game))
    assert len(found) == 1 and words in found[0][1], found
    assert false[found[0][0].start:found[0][0].end] == found[0][0].text  # located in the sentence as written
    assert judge(true, "el", ruleset(game)) == []


def test_a_false_greek_point_sentence_planted_in_a_page_is_at_its_line() -> None:
    false, true = POINTS[0][1], POINTS[0][3]
    source = f"# Κανόνες\n\nΠρώτη πρόταση.\n{false}\n"
    found = statement_problems(source, "el", "content/el/x.md", source, 4, ruleset("backgammon"))
    assert [(p.path, p.line, p.rule) for p in found] == [("content/el/x.md", 7, "rule")], found
    assert statement_problems(source.replace(false, true), "el", "content/el/x.md", source.replace(false, true), 4,
                              ruleset("backgammon")) == []


def test_the_shared_numbering_is_not_judged_in_greek() -> None:
    assert judge("Το πούλι των Μαύρων στη θέση 3 του ταμπλό είναι έξω από το σπίτι τους.", "el", ruleset("tavla")) == []


def test_a_greek_question_states_nothing() -> None:
    assert judge("Είναι υποχρεωτικό το μάζεμα;", "el", ruleset("tavla")) == []
    assert judge("Το μάζεμα είναι υποχρεωτικό.", "el", ruleset("tavla")) != []


def test_accents_and_capitals_do_not_count() -> None:
    assert _fact_of("ΣΤΗΝ ΤΑΠΑ ΤΟ ΧΤΥΠΗΜΕΝΟ ΠΟΥΛΙ ΠΗΓΑΙΝΕΙ ΣΤΗΝ ΜΠΑΡΑ.", "tapa") == ["bar"]
    assert langlex.fold_text("Ο ΚΎΒΟΣ", "el") == "ο κυβοσ"


def test_a_game_named_in_comparison_is_not_the_subject() -> None:
    text = "Η Τάπα παίζεται όπως στην τάβλα. Μπάρα δεν υπάρχει."
    assert judge(text, "el", ruleset("tapa")) == []


def test_every_fact_has_greek_phrasings_and_most_both_ways() -> None:
    lex = lexicon()
    greek = [s for s in lex.statements if "el" in s.patterns]
    facts = {s.fact for s in greek}
    assert facts == set(lex.facts)
    # a fact is stated in Greek with more than one value (or denied): its negation is there too
    both = {f for f in facts if len({(s.value, s.negated) for s in greek if s.fact == f}) >= 2}
    assert len(both) >= len(facts) - 3, sorted(facts - both)


def test_a_roll_of_the_other_kind_is_reported_in_greek() -> None:
    class Roll(str):
        tavla_fact = True

    with recording():
        marked = "Μια διπλή, για παράδειγμα " + mark(1, Roll("6-5"), False) + ", παίζεται τέσσερις φορές."
    found = printed_text_problems(marked, "el", "x.md", "Μια διπλή, για παράδειγμα {{ m }}, παίζεται τέσσερις φορές.",
                                  1, SIDES, None)
    assert [p.rule for p in found] == ["roll-kind"]


def test_greek_play_words_and_throw_names_are_read() -> None:
    kinds = {s.kind for s in play_statements("Τα Λευκά χτυπούν και κάνουν πόρτα στη θέση 5.", "el", SIDES)}
    assert {"hits", "make"} <= kinds
    assert not play_statements("Τα Λευκά δεν κάνουν πόρτα στη θέση 5.", "el", SIDES)
    assert roll_of("ντόρτια") == (4, 4) and roll_of("Εξάρες") == (6, 6) and roll_of("ασσόδυο") == (2, 1)


def test_a_mistake_in_the_language_file_is_located(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "el.yaml").write_text("text:\n  marks: strip\nstatements:\n  - fact: bar\n    says: maybe\n"
                                      "    patterns: ['x']\n", encoding="utf-8")
    monkeypatch.setattr(langlex, "LEXICONS_DIR", tmp_path)
    for f in (langlex.document, langlex.text_rules, langlex._table, lexicon):
        f.cache_clear()
    try:
        with pytest.raises(langlex.LanguageWordsError) as e:
            lexicon()
        assert str(e.value).startswith(f"{tmp_path / 'el.yaml'}:5:11: error: 'maybe' is not a value of fact 'bar'")
    finally:
        monkeypatch.undo()
        for f in (langlex.document, langlex.text_rules, langlex._table, lexicon):
            f.cache_clear()


def test_a_point_pattern_without_its_groups_is_located(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "el.yaml").write_text("text:\n  marks: strip\npoints:\n  sides: {λευκά: white}\n"
                                      "  outside: ['θέση (\\d+) έξω']\n", encoding="utf-8")
    monkeypatch.setattr(langlex, "LEXICONS_DIR", tmp_path)
    caches = (langlex.document, langlex.text_rules, langlex._table, point_words)
    for f in caches:
        f.cache_clear()
    try:
        with pytest.raises(langlex.LanguageWordsError) as e:
            point_words("el")
        assert str(e.value).startswith(f"{tmp_path / 'el.yaml'}:5:13: error: a pattern of outside names the groups n")
        assert "\n    hint: the `points` section has" in str(e.value)
    finally:
        monkeypatch.undo()
        for f in caches:
            f.cache_clear()


def test_the_greek_vocabulary_rules_flag_a_calque_and_pass_the_glossary_words() -> None:
    from tavla_docs.site.terms import term_warnings

    found = [w.message for w in term_warnings("Τα πιόνια στο σημείο 6.", "el")]
    assert found == ["'πιόνια' is not the site's term; write 'πούλι'",
                     "'σημείο 6' is a calque from the backgammon source; write 'θέση 6'"]
    assert term_warnings("Τα πούλια στη σημειωμένη θέση 6 είναι στο σπίτι.", "el") == []
    assert term_warnings("Ο πίνακας δείχνει τα σημεία όπου διαφέρουν τα δύο παιχνίδια.", "el") == []
