"""Rule sentences about playing the dice and bearing off, stated falsely in words (issue 25, the
eleventh red team's class): the phrasing families of `statements.d/fitplay.yaml` and their Greek
ones in `lexicons/el.yaml`. The order of a roll's dice (the player chooses it), what bearing off is
(taking checkers off the board), bearing off with a checker on the bar, a quantifier in place of
"all home" ("most", "çoğu"), a restriction to doubles ("only", "yalnız"), and Gülbara's higher numbers
"still played" after one that cannot be. Each fault is planted in a page, its message located at
the false words and naming the rule; the true text passes. Most cases are new wordings, on other
pages and games than the red team's."""
from __future__ import annotations

import pytest

from tavla_docs.site.audit.statements import judge, statement_problems
from tavla_docs.variants import ruleset

# (language, game, a true sentence, its false rewording, the false words, the rule's words in the message)
CASES = [
    # the red team's six (rounds 11), as the fixture's sentences read
    ("tr", "uzun", "Kural her zardan sonra uygulanır; oyuncu zarların sırasını seçerek yasak duvardan kaçınabilir.",
     "Kural her zardan sonra uygulanır; zarlar atıldıkları sırayla oynanır, oyuncu sırayı seçemez.",
     "zarlar atıldıkları sırayla oynanır, oyuncu sırayı seçemez", "the player chooses the order"),
    ("tr", "tavla", "Pul toplama, pullarınızı tahtadan dışarı almaktır.",
     "Pul toplama, pullarınızı rakibin evine taşımaktır.",
     "Pul toplama, pullarınızı rakibin evine taşımaktır", "taking checkers off the board"),
    ("tr", "tavla", "Barda pulunuz varken 6-5 gelirse bu atışta hiç pul toplanamaz: pul 19. haneye girer.",
     "Barda pulunuz varken 6-5 gelirse bu atışta bir pul toplanabilir: pul 19. haneye girer.",
     "Barda pulunuz varken 6-5 gelirse bu atışta bir pul toplanabilir", "may not bear off until it has entered"),
    ("tr", "uzun", "Uzun tavlada 15 pulun hepsi evdeyken başlarsınız, zar kendi hanesinden pul toplar.",
     "Uzun tavlada 15 pulun çoğu evdeyken başlayabilirsiniz, zar kendi hanesinden pul toplar.",
     "pulun çoğu evdeyken başlayabilirsiniz", "only when every checker in play is in the home board"),
    ("tr", "backgammon", "Ondan sonra bir zarla, bir pulu evinizin son hanesinin ötesine götürerek tahtadan toplayabilirsiniz.",
     "Ondan sonra yalnız çift zarla, bir pulu evinizin son hanesinin ötesine götürerek tahtadan toplayabilirsiniz.",
     "yalnız çift zarla, bir pulu evinizin son hanesinin ötesine götürerek tahtadan toplayabilirsiniz",
     "every roll bears off"),
    ("en", "gulbara",
     "The turn stops at the first number that cannot be played. The rest of that number and all higher numbers are lost.",
     "The turn stops at the first number that cannot be played. "
     "Only the rest of that number is lost; the higher numbers are still played.",
     "the higher numbers are still played", "the turn stops at the first number"),
    # new variants of the class: other games, other wordings, both languages and Greek
    ("en", "tavla", "The two dice may be played in either order.",
     "The dice must be played in the order they were rolled.",
     "The dice must be played in the order they were rolled", "the player chooses the order"),
    ("en", "backgammon", "You choose which die to play first.",
     "The higher die is always played first.",
     "the higher die is always played first", "the player chooses the order"),
    ("tr", "tavla", "Zarlar istediğiniz sırayla oynanır.", "Büyük zar her zaman önce oynanır.",
     "Büyük zar her zaman önce oynanır", "the player chooses the order"),
    ("en", "backgammon", "Bearing off means taking your checkers off the board.",
     "Bearing off means moving your checkers into your home board.",
     "Bearing off means moving your checkers into your home board", "taking checkers off the board"),
    ("en", "tavla", "You may start bearing off once all of your checkers are home.",
     "You may start bearing off once most of your checkers are home.",
     "start bearing off once most of your checkers are home", "only when every checker in play is in the home board"),
    ("tr", "tavla", "Pullarınızın hepsi evinize girince toplamaya başlayabilirsiniz.",
     "Pullarınızın bir kısmı evinize girince toplamaya başlayabilirsiniz.",
     "Pullarınızın bir kısmı evinize girince toplamaya başlayabilirsiniz",
     "only when every checker in play is in the home board"),
    ("en", "backgammon", "With a checker on the bar you cannot bear off.",
     "Even with a checker on the bar, you can still bear off.",
     "Even with a checker on the bar, you can still bear off", "may not bear off until it has entered"),
    ("en", "tavla", "Once every checker is home, any roll bears off.",
     "Once every checker is home, you can only bear off with a double.",
     "can only bear off with a double", "every roll bears off"),
    ("tr", "uzun", "Her zar bir pul toplayabilir.", "Pul sadece çift zar gelince toplanır.",
     "Pul sadece çift zar gelince toplanır", "every roll bears off"),
    ("tr", "gulbara", "Oynanamayan ilk sayıda sıra biter.",
     "Oynanamayan sayıdan sonra daha büyük sayılar yine oynanır.",
     "daha büyük sayılar yine oynanır", "the turn stops at the first number"),
    ("el", "tavla", "Τα δύο ζάρια μπορούν να παιχτούν με όποια σειρά.",
     "Τα ζάρια παίζονται πάντα με τη σειρά που ήρθαν.",
     "Τα ζάρια παίζονται πάντα με τη σειρά που ήρθαν", "the player chooses the order"),
    ("el", "backgammon", "Το μάζεμα σημαίνει να βγάζεις τα πούλια έξω από το ταμπλό.",
     "Το μάζεμα σημαίνει να φέρνεις τα πούλια στο σπίτι του αντιπάλου.",
     "Το μάζεμα σημαίνει να φέρνεις τα πούλια στο σπίτι", "taking checkers off the board"),
]


@pytest.mark.parametrize(("lang", "game", "true", "false", "words", "rule"), CASES,
                         ids=[f"{c[0]}-{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_a_false_rule_sentence_planted_in_a_page_is_located_and_named(lang, game, true, false, words, rule):
    rules = ruleset(game)
    source = f"# Title\n\nA first paragraph.\n\n{false}\n"
    (p,) = statement_problems(source, lang, "content/x.md", source, 1, rules)
    assert (p.path, p.line, p.col, p.rule, p.severity) == ("content/x.md", 5, false.lower().index(words.lower()) + 1,
                                                          "rule", "error")
    assert p.message.lower().startswith(repr(words).lower()), p.message
    assert rule in p.message, p.message
    good = source.replace(false, true)
    assert statement_problems(good, lang, "content/x.md", good, 1, rules) == []


@pytest.mark.parametrize(("lang", "game", "text"), [
    # a progression's numbers do go in a fixed order: the dice-order words are not read there
    ("en", "gulbara", "A progression's numbers are played in order: the dice of the progression cannot change the order."),
    ("tr", "gulbara", "İlerlemenin sayıları sırayla oynanır; zarların sırasını seçemezsiniz."),
    # with the opponent playing the rest, the higher numbers are played: by the opponent
    ("en", "gulbara", "The higher numbers are played by the opponent."),
    # a negated bar sentence states the true rule
    ("en", "tavla", "With a checker on the bar and a roll of 6-5, no checker can be borne off."),
    ("tr", "backgammon", "Yalnız çift zarla değil, her zarla pul toplanır."),
    # a definition that says where the checkers go after they come home, and then off
    ("en", "tavla", "Bearing off means taking the checkers off the board once they are all home."),
])
def test_true_sentences_of_the_same_words_pass(lang, game, text):
    rules = ruleset(game, unplayable_remainder="opponent") if "opponent" in text else ruleset(game)
    assert judge(text, lang, rules) == []
