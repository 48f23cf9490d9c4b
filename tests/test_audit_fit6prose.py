"""The sixth red team's prose faults, caught by general checks: rule-sentence families
(`statements.yaml`, gen6), comparisons of two games bound to their rulesets (`comparisons.py`),
a translation's bound turned round (`catalogbounds.py`) and a glossary meaning whose brackets or
Turkish name another thing (`glossgloss.py`, `glossaryterms.py`). Each fault is planted and its
located message asserted; the true wording passes."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site.audit.glossarycheck import glossary_problems
from tavla_docs.site.audit.rulesurfaces import catalog_statements, front_matter_statements
from tavla_docs.site.audit.statements import judge, statement_problems
from tavla_docs.variants import ruleset

# (language, game, a false sentence, words of the true rule the message must give, a true sentence)
FAMILIES = [
    ("en", "tavla", "The hit checker goes back to its owner's starting point.", "goes to the bar",
     "The hit checker goes to the bar."),
    ("tr", "tavla", "Barda duran pulu sokmadan önce başka pullarınızı da oynayabilirsiniz.", "must enter before",
     "Barda duran pul önce oyuna girmelidir."),
    ("en", "backgammon", "Bring all of your checkers into your opponent's home board and take them off.",
     "their own home board", "Bring all of your checkers into your home board and take them off."),
    ("en", "backgammon", "It may end its move on an empty point, but never on a point with an opposing checker.",
     "hits it", "It may not end its move on a point with two or more opposing checkers."),
    ("en", "backgammon", "After that, only a double can take checkers off the board.", "every roll bears off",
     "After that, a die can take a checker off the board."),
    ("tr", "tavla", "Pul yalnızca çift zarla toplanır.", "every roll bears off", "Her zar bir pul toplar."),
    ("en", "tapa", "The checker that lands on it pins it and carries it along when it moves on.", "cannot move",
     "The checker that lands on it pins it, holding it where it stands."),
    ("tr", "tapa", "Tapalanan haneye sahibi pul koyabilir.", "closed to its owner",
     "Tapalanan hane sahibine de kapalıdır."),
    ("tr", "tapa", "Ana pul tapalanırsa, tapalayanın başta pulu kalsa da kalmasa da oyun hemen biter.", "play goes on",
     "Ana pul tapalanırsa ve tapalayanın başta hiç pulu kalmamışsa oyun hemen biter."),
    ("en", "uzun", "A player may pass instead of playing a die that can be played.", "as many dice",
     "Every die that can be played must be played."),
    ("en", "gulbara", "In a progression every number from one up to the die's own is played like a double.",
     "from the rolled number up", "In a progression every number from the die's own up to six is played."),
    ("tr", "tavla", "Son pulu eve getiren atışın öteki zarıyla pul toplanamaz.", "middle of a roll",
     "Son pulu eve getiren atışın öteki zarı hemen pul toplayabilir."),
    ("en", "uzun", "When someone bears off the last checker the opponent gets one more roll.", "no last roll",
     "The game ends the moment someone bears off the last checker."),
    ("en", "tavla", "The odds assume best play: each roll is played to take off as many checkers as possible.",
     "as small as possible", "The odds assume best play: each roll makes the expected rolls as small as possible."),
    ("en", "tavla", "A player's 1-point is at the end where their checkers start.", "borne off",
     "A player's 1-point is at the end where their checkers are borne off."),
    ("tr", "tavla", "Kırılınca toplanan pulların neden tahtaya geri döndüğü.", "stays off",
     "Toplanan pullar dışarıda kalır."),
    ("en", "backgammon", "The rules of backgammon, played without a doubling cube.", "with the doubling cube",
     "The rules of backgammon, played with a doubling cube."),
    ("tr", "backgammon", "Küp onun; yeniden katlayabilecek tek oyuncu ise rakibidir.", "owns the cube",
     "Küp onun; yeniden katlayabilecek tek oyuncu odur."),
    ("en", "backgammon", "A backgammon: the loser still has a checker anywhere outside their own home board.",
     "on the bar or in the winner's home board",
     "A backgammon: the loser still has a checker on the bar or in the winner's home board."),
    ("tr", "backgammon", "Katmerli mars: kaybeden kendi evinin dışında herhangi bir yerde hâlâ pulu vardır.",
     "on the bar or in the winner's home board", "Katmerli mars: kaybedenin barda ya da kazananın evinde pulu vardır."),
    ("en", "tavla", "As soon as that checker has come back in from the bar you may bear off again.", "come home",
     "Once that checker is home again you may bear off again."),
    ("tr", "tavla", "O pul bardan oyuna girer girmez yeniden pul toplayabilirsiniz.", "come home",
     "O pul evinize dönünce yeniden pul toplayabilirsiniz."),
    ("en", "tavla", "A side's pip count is the total distance its checkers have already travelled.", "still have to travel",
     "A side's pip count is the total distance its checkers still have to travel to bear off."),
    ("tr", "tavla", "Pip sayısı, pullarının başlangıçtan bu yana gittiği yolların toplamıdır.", "still have to travel",
     "Pip sayısı, pulların daha gitmesi gereken yolların toplamıdır."),
]


@pytest.mark.parametrize(("lang", "game", "false", "real", "true"), FAMILIES,
                         ids=[f"{f[0]}-{i}" for i, f in enumerate(FAMILIES)])
def test_a_false_rule_sentence_is_reported_and_the_true_one_passes(lang: str, game: str, false: str, real: str,
                                                                   true: str) -> None:
    found = judge(false, lang, ruleset(game))
    assert found and any(real in message for _, message, _ in found), found
    assert judge(true, lang, ruleset(game)) == [], true


def test_planted_in_a_page_the_rule_error_is_at_its_line() -> None:
    false = "After that, only a double can take checkers off the board."
    source = '# Backgammon\n\n{% set r = rules("backgammon") %}\nA first line.\n' + false + "\n"
    page = source.replace('{% set r = rules("backgammon") %}', "")
    found = statement_problems(page, "en", "content/en/x.md", source, 1, ruleset("backgammon"))
    assert [(p.path, p.line, p.col) for p in found] == [("content/en/x.md", 5, 13)], found


@pytest.mark.parametrize(("lang", "text", "said"), [
    ("en", "## Turkish rules and backgammon\n\nBoth games are played on the same board, but from different setups.\n",
     "start from different setups; both start from the same one, 2 on the 24-point"),
    ("tr", "## Türk kuralları ve backgammon\n\nİki oyun aynı tahtada ama farklı dizilişlerle oynanır.\n",
     "start from different setups"),
    ("en", "Tavla and Uzun tavla start from the same setup.\n", "they do not: Tavla 2 on the 24-point"),
    ("en", "A summary of Turkish tavla and backgammon, which share every rule.\n",
     "share every rule; their rules differ in: cube"),
    ("tr", "Türk tavlası ve backgammon bütün kuralları ortaktır.\n", "share every rule; their rules differ in"),
])
def test_a_comparison_of_two_games_is_judged_against_both_rulesets(lang: str, text: str, said: str) -> None:
    found = judge(text, lang, ruleset("tavla"))
    assert len(found) == 1 and said in found[0][1], found


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "## Turkish rules and backgammon\n\nBoth games are played on the same board, from the same setup.\n"),
    ("tr", "Türk tavlası ve backgammon aynı tahtada, aynı dizilişle oynanır.\n"),
    ("en", "Tavla and Uzun tavla start from different setups.\n"),
    ("en", "A summary of Turkish tavla and backgammon, and how they differ.\n"),
    ("en", "Both games start from different setups.\n"),  # no two games named: not judged
])
def test_a_true_comparison_passes(lang: str, text: str) -> None:
    assert judge(text, lang, ruleset("tavla")) == []


def test_a_comparison_in_front_matter_is_located() -> None:
    front = 'title: Rules\nsummary: "a summary of Turkish tavla and backgammon, which share every rule."'
    found = front_matter_statements("content/en/rules.md", front, "en", "error", 'rules("tavla")')
    assert [p.line for p in found] == [3] and "their rules differ in" in found[0].message, found


def _po(tmp_path: Path, lang: str, body: str) -> Path:
    po = tmp_path / "messages.po"
    po.write_text(f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n\n{body}', encoding="utf-8")
    return po


def test_a_translation_that_turns_its_bound_round_is_an_error(tmp_path: Path) -> None:
    body = ('msgid "%(num)d opposing checker or more"\nmsgid_plural "%(num)d opposing checkers or more"\n'
            'msgstr[0] "rakibin en az %(num)d pulu"\nmsgstr[1] "rakibin en çok %(num)d pulu"\n')
    found = catalog_statements(_po(tmp_path, "tr", body), "tr", "messages.po", "error")
    assert [(p.line, p.rule) for p in found] == [(8, "rule")], found
    assert "'at most' where its msgid says 'at least'" in found[0].message
    good = body.replace("en çok", "en az")
    assert catalog_statements(_po(tmp_path, "tr", good), "tr", "messages.po", "error") == []
    assert catalog_statements(_po(tmp_path, "tr", body.replace("en çok", "ya da daha fazla")), "tr",
                              "messages.po", "error") == []


def test_a_catalog_row_that_turns_a_direction_round_is_an_error(tmp_path: Path) -> None:
    body = 'msgid "Same direction (both counter-clockwise)"\nmsgstr "Aynı yönde (ikisi de saat yönünde)"\n'
    found = catalog_statements(_po(tmp_path, "tr", body), "tr", "messages.po", "error")
    assert {p.line for p in found} == {6} and all("White moves counter-clockwise" in p.message for p in found), found
    good = body.replace("saat yönünde)", "saat yönünün tersine)")
    assert catalog_statements(_po(tmp_path, "tr", good), "tr", "messages.po", "error") == []


def test_a_glossary_meaning_that_names_another_thing_is_located(tmp_path: Path) -> None:
    glossary = tmp_path / "glossary.yaml"
    glossary.write_text(
        "sections:\n  - id: board\n    terms:\n"
        "      - {tr: \"baş (hane)\", en: \"head (home board, Uzun tavla)\"}\n"
        "      - {tr: \"gerideki pullar\", en: \"checkers already borne off\"}\n"
        "      - {tr: \"rakibin evi\", en: \"opponent's home board (where hit checkers enter)\"}\n", encoding="utf-8")
    found = [(p.line, p.rule, p.message) for p in glossary_problems(glossary, "glossary.yaml", "error")]
    assert [(line, rule) for line, rule, _ in found] == [(4, "glossary"), (5, "glossary")], found
    assert "explains 'head' (the head, a side's starting point) as 'home board, Uzun tavla'" in found[0][2]
    assert "gives 'gerideki pullar' (the back checkers, farthest from home) as 'checkers already borne off'" in found[1][2]
    glossary.write_text(
        "sections:\n  - id: board\n    terms:\n"
        "      - {tr: \"baş (hane)\", en: \"head (start point, Uzun tavla)\"}\n"
        "      - {tr: \"gerideki pullar\", en: \"back checkers\"}\n", encoding="utf-8")
    assert glossary_problems(glossary, "glossary.yaml", "error") == []
