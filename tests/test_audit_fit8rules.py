"""Rule sentences of `statements.d/fit8rules.yaml`: the cube's multiplier, an unplayable die, how
many checkers a roll bears off, bearing off before every checker is home, the last roll, the side
on roll in a race, checkers piled on the low points, what the pip count shows and how a pip lead
turns into rolls. Each false value, planted in a page (or its front matter), is the rule check's
error at the words that state it, naming the rule; the true wording passes, in every language."""
from __future__ import annotations

import pytest

from tavla_docs.site.audit.declared import declared_problems
from tavla_docs.site.audit.statements import judge, statement_problems, text_problems
from tavla_docs.site.declare import states
from tavla_docs.site.provenance import mark, recording
from tavla_docs.variants import ruleset

# (language, game, a true sentence, its false rewording, the false words, the rule's words in the message)
CASES = [
    ("en", "backgammon", "The opponent must either take, and play on for the doubled stake, or pass.",
     "The opponent must either take, and play on for the stake tripled, or pass.",
     "play on for the stake tripled", "a double that is taken doubles the stake"),
    ("tr", "backgammon", "Rakip ya teklifi kabul eder ve oyun katlanmış değerle sürer ya da pas geçer.",
     "Rakip ya teklifi kabul eder ve oyun üç katı değerle sürer ya da pas geçer.",
     "oyun üç katı değerle sürer", "a double that is taken doubles the stake"),
    ("en", "tavla", "A number that cannot be played is lost.",
     "The players move by the numbers rolled; a number that cannot be used may be rolled again.",
     "number that cannot be used may be rolled again", "a number that cannot be played is lost"),
    ("tr", "tavla", "Oynanamayan zar yanar.", "Oynanamayan bir zar yeniden atılabilir.",
     "Oynanamayan bir zar yeniden atılabilir", "a number that cannot be played is lost"),
    ("en", "tavla", "Bearing off means taking your checkers off the board.",
     "Bearing off means taking your checkers off the board, at most one checker per roll.",
     "at most one checker per roll", "each die of a roll may bear off a checker"),
    ("tr", "tavla", "Pul toplamak, pulları tahtadan çıkarmaktır.",
     "Pul toplamak, pulları tahtadan çıkarmaktır; atış başına en çok bir pul toplanır.",
     "atış başına en çok bir pul", "each die of a roll may bear off a checker"),
    ("en", "tavla", "Until that moment no checker can be borne off.",
     "Until that moment only a die that matches a point exactly may bear a checker off.",
     "Until that moment only a die that matches a point exactly may bear a checker off",
     "bearing off starts only when every checker in play is in the home board"),
    ("tr", "tavla", "O ana kadar hiç pul toplanamaz.", "O ana kadar yalnızca tam zarla pul toplanabilir.",
     "O ana kadar yalnızca tam zarla pul toplanabilir",
     "bearing off starts only when every checker in play is in the home board"),
    ("en", "uzun", "The game ends the moment the winner bears off the last checker.",
     "The game ends only after the opponent has had one more roll.",
     "game ends only after the opponent has had one more roll", "there is no last roll"),
    ("tr", "uzun", "Kazanan son pulunu topladığı anda oyun biter.", "Oyun ancak rakip bir kez daha attıktan sonra biter.",
     "Oyun ancak rakip bir kez daha attıktan sonra biter", "there is no last roll"),
    ("en", "tavla", "When both sides are bearing off, the side on roll does not always win.",
     "When both sides are bearing off with the same checkers left, the side on roll is sure to win.",
     "same checkers left, the side on roll is sure to win", "being on roll makes no race sure"),
    ("tr", "tavla", "Zar atacak taraf her zaman kazanmaz.", "Aynı pullar kaldığında zar atacak taraf kesin kazanır.",
     "Aynı pullar kaldığında zar atacak taraf kesin kazanır", "being on roll makes no race sure"),
    ("en", "tavla", "A side that piles its checkers on the low points wastes many pips.",
     "A side that piles its checkers on the low points wastes no pips at all.",
     "piles its checkers on the low points wastes no pips", "checkers piled on the low points waste pips"),
    ("tr", "tavla", "Pullarını alçak hanelere yığan taraf çok pipi boşa harcar.",
     "Pullarını alçak hanelere yığan taraf hiç pipi boşa harcamaz.",
     "Pullarını alçak hanelere yığan taraf hiç pipi boşa harcamaz", "checkers piled on the low points waste pips"),
    ("en", "tavla", "Divide a pip lead by this number: it tells you roughly how many rolls ahead you are.",
     "Multiply a pip lead by this number: the result tells you roughly how many rolls ahead you are.",
     "Multiply a pip lead by this number", "a pip lead divided by the average roll"),
    ("tr", "tavla", "Pip farkını bu sayıya bölün: kabaca kaç atış önde olduğunuzu gösterir.",
     "Pip farkını bu sayıyla çarpın: sonuç kabaca kaç atış önde olduğunuzu gösterir.",
     "Pip farkını bu sayıyla çarpın", "a pip lead divided by the average roll"),
    ("el", "backgammon", "Ο αντίπαλος ή δέχεται, και το παιχνίδι συνεχίζεται με διπλασιασμένη αξία, ή αρνείται.",
     "Ο αντίπαλος ή δέχεται, και το παιχνίδι συνεχίζεται με τριπλάσια αξία, ή αρνείται.",
     "συνεχίζεται με τριπλάσια αξία", "a double that is taken doubles the stake"),
    ("el", "tavla", "Ζάρι που δεν μπορεί να παιχτεί χάνεται.", "Ζάρι που δεν μπορεί να παιχτεί ξαναρίχνεται.",
     "Ζάρι που δεν μπορεί να παιχτεί ξαναρίχνεται", "a number that cannot be played is lost"),
    ("el", "tavla", "Μια ζαριά μπορεί να μαζέψει περισσότερα από ένα πούλια.", "Μαζεύετε το πολύ ένα πούλι ανά ζαριά.",
     "το πολύ ένα πούλι ανά ζαριά", "each die of a roll may bear off a checker"),
    ("el", "tavla", "Η πλευρά που έχει τη ζαριά δεν κερδίζει πάντα.", "Η πλευρά που έχει τη ζαριά κερδίζει πάντα.",
     "Η πλευρά που έχει τη ζαριά κερδίζει πάντα", "being on roll makes no race sure"),
    ("el", "tavla", "Μια πλευρά που στοιβάζει τα πούλια της στις χαμηλές θέσεις χάνει πολλά πιπ.",
     "Μια πλευρά που στοιβάζει τα πούλια της στις χαμηλές θέσεις δεν χάνει κανένα πιπ.",
     "στοιβάζει τα πούλια της στις χαμηλές θέσεις δεν χάνει κανένα πιπ", "checkers piled on the low points waste pips"),
    ("el", "tavla", "Διαιρέστε ένα προβάδισμα σε πιπ με αυτόν τον αριθμό.",
     "Πολλαπλασιάστε ένα προβάδισμα σε πιπ με αυτόν τον αριθμό.",
     "Πολλαπλασιάστε ένα προβάδισμα σε πιπ με αυτόν τον αριθμό", "a pip lead divided by the average roll"),
]


@pytest.mark.parametrize(("lang", "game", "true", "false", "words", "rule"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_a_false_value_planted_in_a_page_is_located_and_named(lang, game, true, false, words, rule):
    rules = ruleset(game)
    source = f"# Title\n\nA first paragraph.\n\n{false}\n"
    (p,) = statement_problems(source, lang, "content/x.md", source, 1, rules)
    assert (p.path, p.line, p.col, p.rule, p.severity) == ("content/x.md", 5, false.index(words) + 1, "rule", "error")
    assert p.message.startswith(repr(words)), p.message
    assert rule in p.message, p.message
    good = source.replace(false, true)
    assert statement_problems(good, lang, "content/x.md", good, 1, rules) == []


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "how many rolls the last checkers take, typical positions, and why the side on roll always wins a bear-off race."),
    ("tr", "pip sayısı nedir, nasıl sayılır, yarışta ne söyler ve neden her şeyi gösterir."),
    ("el", "τι είναι το σύνολο πιπ, πώς μετριέται, τι λέει για μια κούρσα και γιατί δείχνει τα πάντα."),
])
def test_a_false_summary_is_an_error_at_the_front_matter_value(lang, text):
    (p,) = text_problems(text, lang, "content/x.md", 4, 10, ruleset("tavla"))
    assert (p.line, p.col, p.rule) == (4, 10, "rule")
    assert "in every game" in p.message and ("no race sure" in p.message or "does not decide a race" in p.message)


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "how many rolls the last checkers take, typical positions, and who wins a bear-off race."),
    ("en", "what the pip count is, how to count it, what it says about a race and what it misses."),
    ("tr", "pip sayısı nedir, nasıl sayılır, yarışta ne söyler ve neyi göstermez."),
    ("el", "τι είναι το σύνολο πιπ, πώς μετριέται, τι λέει για μια κούρσα και τι δεν δείχνει."),
    # the side on roll is sure to win when it finishes this roll: a condition, not the rule
    ("en", "With one checker left on the 1-point, the side on roll is sure to win if it is on roll first."),
    ("en", "The pip count does not show everything."),
    ("tr", "Pip farkını bu sayıyla karşılaştırın: kabaca kaç atış önde olduğunuzu gösterir."),
    ("en", "Compare a pip lead with this number: it tells you roughly how many rolls ahead or behind you are."),
    ("en", "After a redouble the game is played on for four times the stake."),
])
def test_true_text_passes(lang, text):
    assert judge(text, lang, ruleset("backgammon")) == []


def test_a_declared_paragraph_that_also_states_another_rule_falsely_is_the_rule_checks_error():
    # the paragraph still states its declared fact truly ("no last roll"), and a new sentence of it
    # states that very fact falsely: the rule check names the false value, the declaration is kept
    text = "The game ends only after the opponent has had one more roll; the opponent gets no last roll."
    with recording():
        marked = text + " " + mark(1, states("last_roll"), False, 0)
    source = text + ' {{ states("last_roll") }}'
    rules = ruleset("uzun")
    assert declared_problems(marked, "en", "p.md", source, 1, rules) == []
    (p,) = statement_problems(marked, "en", "p.md", source, 1, rules)
    assert p.col == 5 and "there is no last roll" in p.message
