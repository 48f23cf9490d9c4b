"""Issue 25, rules of the dice and the bear-off stated falsely in words (`statements.d/fitrule2a.yaml`,
relations through `site/audit/relations.py`), and a verdict beside a checked play that says the
opposite of its check (`site/audit/playverdicts.py`). Each false sentence is reported under its fact
(or at the play's verdict), located at its page line, in en, tr and el; its true form passes. The red
team's own sentences (round 12) come first, then variants of the class they were not written from."""
from __future__ import annotations

import pytest

from tavla_docs.site.audit.lexicon import lexicon
from tavla_docs.site.audit.playverdicts import play_verdict_problems
from tavla_docs.site.audit.statements import judge, statement_problems
from tavla_docs.variants import ruleset

# (language, a false sentence, the fact it must be reported under, a true sentence)
CASES = [
    # the red team's (r1302, r1304, r1306, r1307, r1310, r1315, r1316, r1318, r1319, r1323)
    ("en", "But a larger die cannot bear off a checker from a lower point while you have a checker on a higher one; "
           "the die is then simply lost.", "empty_point_die",
     "But a larger die cannot bear off a checker from a lower point while you have a checker on a higher one; "
     "the die must then move a checker exactly its number."),
    ("en", "Doubles are played four times as usual, but only the first two of those moves may bear off a checker.",
     "double_bears_off", "Doubles are played four times as usual, and each of the four moves follows the same rules."),
    ("en", "In Uzun tavla you start as soon as your head point is empty.", "bear_off_start",
     "In Uzun tavla you start bearing off only when all 15 checkers are home."),
    ("en", "This is an approximation: each side plays to make its chance of winning the race as large as possible, "
           "and the distributions are combined.", "bearoff_best_play",
     "This is an approximation: each side plays to make its own expected number of rolls as small as possible, "
     "and the distributions are combined."),
    ("en", "Bring all 15 of your checkers into your opponent's home board and bear them off.", "bear_off_where",
     "Bring all 15 of your checkers into your home board and bear them off."),
    ("tr", "Çift atarsanız, yani zarların toplamı çift sayı olursa, iki hamle yerine dört hamle oynarsınız.", "double_is",
     "Çift atarsanız, yani zarlar aynı sayıyı gösterirse, iki hamle yerine dört hamle oynarsınız."),
    ("tr", "Oyunun başındaki açılış atışı dışında (bkz. Pul toplama) her pul, zarın gösterdiği sayı kadar hane "
           "ilerlemek zorundadır.", "die_exact_exception",
     "Oyunun sonundaki pul toplama dışında (bkz. Pul toplama) her pul, zarın gösterdiği sayı kadar hane ilerlemek "
     "zorundadır."),
    ("tr", "| O hane boş, daha ilerideki bir hanede pul var | Ev içinde bir pul oynanmak zorundadır |", "empty_point_side",
     "| O hane boş, daha gerideki bir hanede pul var | Ev içinde bir pul oynanmak zorundadır |"),
    ("tr", "| O hane de daha gerideki haneler de boş | Zar oynanamaz ve yanar |", "empty_point_die",
     "| O hane de daha gerideki haneler de boş | En uzaktaki pulu toplar |"),
    ("tr", "Siz de rakibiniz de pul topluyorsanız, zarı az önce atmış tarafın kazanma şansı her tarafın kendi "
           "dağılımından çıkar.", "race_chance_of",
     "Siz de rakibiniz de pul topluyorsanız, zar atacak tarafın kazanma şansı her tarafın kendi dağılımından çıkar."),
    # new variants of the class: other wordings, other pages' rules, both languages and Greek
    ("en", "A double, that is, a roll whose total is even, is played four times.", "double_is",
     "A double, that is, a roll where both dice show the same number, is played four times."),
    ("tr", "Çift zar, yani iki zar da çift sayı gelirse, dört hamle oynanır.", "double_is",
     "Çift zar, yani iki zar da aynı sayıyı gösterirse, dört hamle oynanır."),
    ("en", "Except for the opening roll, every checker moves exactly the number shown on its die.", "die_exact_exception",
     "Except for bearing off, every checker moves exactly the number shown on its die."),
    ("en", "If the die's point is empty and you cannot bear off, the die is lost.", "empty_point_die",
     "If the die's point is empty and you cannot bear off, the die must be played inside the board."),
    ("tr", "O hane boşsa ve daha yüksek bir hanede pul varsa zar yanar.", "empty_point_die",
     "O hane boşsa ve daha yüksek bir hanede pul varsa zar ev içinde oynanır."),
    ("en", "With a double, the third and fourth moves cannot bear off a checker.", "double_bears_off",
     "With a double, each of the four moves follows the same rules."),
    ("tr", "Çift zarda hamlelerin yalnızca ilk ikisiyle pul toplanabilir.", "double_bears_off",
     "Çift zarda hamlelerin her biri aynı kurallara uyar."),
    ("en", "The table gives the chance of winning for the player who has just rolled.", "race_chance_of",
     "The table gives the chance of winning for the player on roll."),
    ("tr", "Baş boşalınca pul toplamaya başlayabilirsiniz.", "bear_off_start",
     "Bütün pullarınız eve gelince pul toplamaya başlayabilirsiniz."),
    ("en", "Move all of your checkers into the opponent's home board, then bear them off.", "bear_off_where",
     "Move all of your checkers into your own home board, then bear them off."),
    ("en", "The tables assume that each player plays to maximise their chance of winning the race.", "bearoff_best_play",
     "The tables assume that each player plays to make their expected number of rolls as small as possible."),
    ("el", "Διπλή, δηλαδή όταν το άθροισμα των ζαριών είναι ζυγό, παίζεται τέσσερις φορές.", "double_is",
     "Διπλή, δηλαδή όταν τα ζάρια δείχνουν τον ίδιο αριθμό, παίζεται τέσσερις φορές."),
    ("el", "Η πιθανότητα νίκης της πλευράς που μόλις έριξε βγαίνει από τις κατανομές.", "race_chance_of",
     "Η πιθανότητα νίκης της πλευράς που έχει τη σειρά βγαίνει από τις κατανομές."),
]


def _facts(text: str, lang: str) -> list[str]:
    return [s.statement.fact for s, _, _ in judge(text, lang, ruleset("tavla")) if hasattr(s, "statement")]


@pytest.mark.parametrize(("lang", "false", "fact", "true"), CASES, ids=[f"{c[0]}-{c[2]}-{i}" for i, c in enumerate(CASES)])
def test_a_false_rule_sentence_is_reported_and_its_true_form_passes(lang: str, false: str, fact: str, true: str) -> None:
    assert fact in _facts(false, lang)
    assert judge(true, lang, ruleset("tavla")) == []


@pytest.mark.parametrize(("lang", "false", "fact", "true"), CASES[:10], ids=[c[2] + "-" + c[0] for c in CASES[:10]])
def test_planted_in_a_page_the_error_is_at_its_line_and_names_the_fault(lang: str, false: str, fact: str, true: str) -> None:
    source = f"# Rules\n\nA first sentence.\n\n{false}\n"
    found = statement_problems(source, lang, f"content/{lang}/rules.md", source, 1, ruleset("tavla"))
    assert [(p.path, p.line, p.rule) for p in found][:1] == [(f"content/{lang}/rules.md", 5, "rule")], found
    assert "says that" in found[0].message and "is stated here" not in found[0].message
    assert statement_problems(source.replace(false, true), lang, f"content/{lang}/rules.md",
                              source.replace(false, true), 1, ruleset("tavla")) == []


def test_the_new_facts_have_their_true_values_and_greek_both_ways() -> None:
    lex = lexicon()
    new = {"double_is": "same_number", "die_exact_exception": "bear_off", "empty_point_die": "kept",
           "empty_point_side": "higher_inside", "double_bears_off": "every_move", "race_chance_of": "on_roll"}
    for fact, value in new.items():
        assert lex.facts[fact].value == value
        assert len({s.value for s in lex.statements if s.fact == fact and "el" in s.patterns}) == 2, fact


HEAD = '{{ play("24/19 24/21", at="uzun/head-rule", legal=False) }}'
LEGAL = '{{ play("24/18", at="uzun/head-rule") }}'
# (language, a sentence whose verdict contradicts the play's check, the same sentence told truly)
VERDICTS = [
    ("en", f"In the position below, {HEAD} is allowed with {{{{ head.roll }}}} on this turn.",
     f"In the position below, {HEAD} is not allowed with {{{{ head.roll }}}}."),
    ("tr", f"Aşağıdaki konumda {{{{ head.roll }}}} ile {HEAD} bu sırada oynanabilir.",
     f"Aşağıdaki konumda {{{{ head.roll }}}} ile {HEAD} oynanamaz."),
    # new variants: a legal play said to be refused, other verdict words, Greek
    ("en", f"With {{{{ head.roll }}}}, {LEGAL} is illegal.", f"With {{{{ head.roll }}}}, {LEGAL} is legal."),
    ("en", f"So {HEAD} can be played here.", f"So {HEAD} cannot be played here."),
    ("tr", f"{LEGAL} yasaktır.", f"{LEGAL} serbesttir."),
    ("tr", f"Bu yüzden {HEAD} geçerlidir.", f"Bu yüzden {HEAD} olmaz."),
    ("el", f"Στο παρακάτω σχήμα το {HEAD} επιτρέπεται.", f"Στο παρακάτω σχήμα το {HEAD} δεν επιτρέπεται."),
]


@pytest.mark.parametrize(("lang", "false", "true"), VERDICTS, ids=[f"{c[0]}-{i}" for i, c in enumerate(VERDICTS)])
def test_a_verdict_against_the_plays_check_is_located_at_the_verdict(lang: str, false: str, true: str) -> None:
    body = f"# Head\n\nA first line.\n{false}\n"
    found = play_verdict_problems(body, f"content/{lang}/uzun-tavla.md", 1, lang)
    assert len(found) == 1, found
    p = found[0]
    assert (p.path, p.line, p.rule, p.severity) == (f"content/{lang}/uzun-tavla.md", 4, "play", "error")
    assert body.splitlines()[3][p.col - 1:].split()[0] in false.split()
    assert ("may be played" in p.message) == ("legal=False" in false)
    assert "uzun/head-rule" in p.message and p.hint
    assert play_verdict_problems(f"# Head\n\nA first line.\n{true}\n", "x.md", 1, lang) == []


@pytest.mark.parametrize("text", [
    f"{HEAD} would be legal without the head rule.",  # a counterfactual
    f"{HEAD}, which is allowed in backgammon, is refused here.",  # the clause ends first: not read as its verdict
    '{{ play("24/19 24/21") }} is not allowed.',  # notation only: nothing was checked
    f"{HEAD} is not legal, because it is allowed only once.",
])
def test_what_is_not_a_verdict_on_the_play_passes(text: str) -> None:
    assert play_verdict_problems(text, "x.md", 1, "en") == []


def test_a_turkish_counterfactual_passes() -> None:
    assert play_verdict_problems(f"Baş kuralı olmasaydı {HEAD} oynanabilirdi.", "x.md", 1, "tr") == []


@pytest.mark.parametrize(("lang", "text"), [
    ("en", f'Neither {HEAD} nor {{{{ play("24/18 24/13", at="uzun/head-rule", legal=False) }}}} can be played.'),
    ("en", f"Instead of {HEAD}, {LEGAL} is played, and it is allowed."),
    ("tr", f'{HEAD} yerine {LEGAL} oynanır.'),
    ("tr", f'Ne {HEAD} ne de {{{{ play("24/18 24/13", at="uzun/head-rule", legal=False) }}}} oynanabilir.'),
])
def test_a_verdict_that_belongs_to_another_play_or_denies_both_passes(lang: str, text: str) -> None:
    assert play_verdict_problems(text, "x.md", 1, lang) == []
