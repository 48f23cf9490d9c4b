"""The rules and backgammon pages' declared rule sentences (`statements.d/decA.yaml`): each new
fact and each phrasing family added for those pages' true sentences is read as that fact (a
declared paragraph passes), its false rewording is the rule check's error naming the false rule,
and an unknown rewording under a declaration is the declared check's error at the mark."""
from __future__ import annotations

import pytest

from tavla_docs.site.audit.declared import declared_problems
from tavla_docs.site.audit.statements import statement_problems
from tavla_docs.site.declare import states
from tavla_docs.site.provenance import mark, recording
from tavla_docs.variants import ruleset


def _page(text: str, *facts: str) -> tuple[str, str]:
    """(marked text, source) of one paragraph declaring `facts` at its end."""
    with recording():
        marked = text + "".join(" " + mark(1, states(f), False, i) for i, f in enumerate(facts))
    return marked, text + "".join(' {{ states("' + f + '") }}' for f in facts)


# (language, game, fact, the page's true sentence, its false rewording, the false value's words in
# the message, an unknown rewording)
CASES = [
    ("en", "backgammon", "enter_closed",
     "Entering follows the same rule as any other move: a checker on the bar cannot land on a point the opponent has closed.",
     "A checker on the bar may land on a point the opponent has closed.",
     "a checker on the bar may enter on a closed point",
     "A checker on the bar is not bothered by anything the opponent has built."),
    ("tr", "tavla", "enter_closed", "Bardaki pul rakibin kapısına da giremez.", "Bardaki pul rakibin kapısına da girebilir.",
     "a checker on the bar may enter on a closed point", "Bardaki pul nereye isterse oraya yerleşir."),
    ("en", "backgammon", "crawford_game",
     "The first time a player needs one point to win the match, the next game (the Crawford game) is played without the cube.",
     "The first time a player needs one point to win the match, the next game (the Crawford game) is played with the cube.",
     "the doubling cube is used in the Crawford game as well",
     "The first time a player needs one point to win the match, the next game is a normal game."),
    ("tr", "backgammon", "crawford_game",
     "Bir oyuncunun maçı kazanmasına ilk kez bir puan kaldığında, sonraki el (Crawford eli) küpsüz oynanır.",
     "Bir oyuncunun maçı kazanmasına ilk kez bir puan kaldığında, sonraki el (Crawford eli) küple oynanır.",
     "the doubling cube is used in the Crawford game as well",
     "Bir oyuncunun maçı kazanmasına ilk kez bir puan kaldığında, sonraki el her zamanki gibidir."),
    ("en", "backgammon", "cube_multiplies", "These points are multiplied by the cube's value.",
     "These points are not multiplied by the cube.", "the cube's value is not multiplied into a game's points",
     "These points stay what they are."),
    ("tr", "backgammon", "cube_multiplies", "Bu puanlar küpün değeriyle çarpılır.", "Bu puanlar küpün değeriyle çarpılmaz.",
     "the cube's value is not multiplied into a game's points", "Bu puanlar olduğu gibi kalır."),
    # phrasing families of existing facts
    ("en", "tavla", "opening_tie", "If the dice are equal, they are rolled again.",
     "If the dice are equal, they are not rolled again.", "one player starts anyway",
     "If the dice are equal, nothing special happens."),
    ("en", "tavla", "die_exact", "Each die moves one checker forward that many points.",
     "Each die moves one checker forward up to that many points.", "a checker may move fewer points than its die shows",
     "Each die moves one checker forward as it likes."),
    ("tr", "tavla", "die_exact", "Her zar bir pulu o kadar hane ilerletir.", "Her zar bir pulu en çok o kadar hane ilerletir.",
     "a checker may move fewer points than its die shows", "Her zar bir pulu keyfe göre ilerletir."),
    ("en", "tavla", "double_count", "A double is played as four moves.", "A double is played as two moves.",
     "a double is played only twice", "A double is played like magic."),
    ("tr", "tavla", "double_count", "Çift atınca dört hamle oynanır.", "Çift atınca iki hamle oynanır.",
     "a double is played only twice", "Çift atınca bayram edilir."),
    ("en", "tavla", "closed_by", "You may not move to a point held by two or more opposing checkers.",
     "You may not move to a point held by one or more opposing checkers.", "a single opposing checker closes a point",
     "You may not move to a point you dislike."),
    ("tr", "tavla", "closed_by", "Rakibin iki ya da daha fazla pulu olan haneye (kapıya) gidemezsiniz.",
     "Rakibin bir ya da daha fazla pulu olan haneye (kapıya) gidemezsiniz.", "a single opposing checker closes a point",
     "Sevmediğiniz haneye gidemezsiniz."),
    ("tr", "tavla", "lone_checker", "Rakibin tek pulunun üstüne gelirseniz onu kırarsınız.",
     "Rakibin tek pulunun üstüne gelirseniz onu kıramazsınız.", "hits it",
     "Rakibin tek pulunun üstüne gelirseniz selam verirsiniz."),
    ("en", "tavla", "enter_where",
     "The hit checker goes to the bar; its owner must enter it in your home board before moving anything else.",
     "The hit checker goes to the bar; its owner must enter it in their own home board before moving anything else.",
     "a checker on the bar enters in its own home board",
     "The hit checker goes to the bar; its owner must put it somewhere before moving anything else."),
    ("en", "tavla", "enter_first", "Try it on the board below: the checker on the bar must enter first.",
     "Try it on the board below: the checker on the bar need not enter first.",
     "other checkers may move while one is on the bar", "Try it on the board below: the checker on the bar is special."),
    ("tr", "tavla", "enter_first", "Aşağıdaki tahtada deneyin: barda duran pul önce oyuna girmelidir.",
     "Aşağıdaki tahtada deneyin: barda duran pulun önce oyuna girmesi gerekmez.",
     "other checkers may move while one is on the bar", "Aşağıdaki tahtada deneyin: barda duran pul özeldir."),
    ("en", "tavla", "bear_off_overshoot",
     "If no checkers stand on higher points, the higher die bears off your farthest checker.",
     "If no checkers stand on higher points, the higher die cannot bear off your farthest checker.",
     "a checker is borne off only with the exact number",
     "If no checkers stand on higher points, the higher die does something else."),
    ("tr", "tavla", "bear_off_overshoot", "Zar, en uzaktaki pulunuzun bulunduğu haneden büyükse o pulu toplar.",
     "Zar, en uzaktaki pulunuzun bulunduğu haneden büyükse bile o pulu toplayamaz.",
     "a checker is borne off only with the exact number", "Zar, en uzaktaki pulunuzun bulunduğu haneden büyükse bir şey olmaz."),
    ("en", "backgammon", "mars_when", "A gammon (mars), two points: the loser has not borne off any checker.",
     "A gammon (mars), two points: the loser has borne off at least one checker.",
     "a player who has borne off checkers can still lose a mars", "A gammon (mars), two points: the loser was slow."),
    ("en", "tavla", "made_point_safe", "Checkers on a point where you have two or more cannot be hit.",
     "Checkers on a point where you have two or more can still be hit.", "a point held by two or more checkers can still be hit",
     "Checkers on a point where you have two or more are pretty."),
    ("en", "tavla", "contact_hit",
     "Once the checkers have passed each other and nobody can hit anybody, the game becomes a pure race.",
     "Once the checkers have passed each other, players can still hit.",
     "checkers can still be hit after the two sides have passed each other",
     "Once the checkers have passed each other, the game goes on."),
    ("tr", "backgammon", "white_direction", "Siyah'ın pulları saat yönünde, Beyaz'ın pulları saat yönünün tersine ilerler.",
     "Siyah'ın pulları saat yönünde, Beyaz'ın pulları saat yönünde ilerler.", "White moves clockwise",
     "Siyah'ın pulları saat yönünde, Beyaz'ınkiler başka türlü ilerler."),
    ("en", "backgammon", "redouble", "Later, the player who owns the cube may offer to raise the stakes again.",
     "Later, either player may raise the stakes again.", "either player may double at any time",
     "Later, the stakes may change."),
    ("tr", "backgammon", "opening",
     "Büyük zarı atan oyuna başlar ve ilk hamlesinde yeniden zar atmadan, atılan bu iki zarı oynar.",
     "Büyük zarı atan oyuna başlar ve ilk hamlesinde yeniden zar atarak, yeni iki zarı oynar.",
     "rolls both dice again", "Büyük zarı atan oyuna başlar ve ne isterse yapar."),
    ("tr", "backgammon", "one_checker_both_dice",
     "Her zar bir pulu, zarın gösterdiği sayı kadar hane ilerletir: önce bir pul bir zarı oynar, "
     "sonra aynı pul ya da başka bir pul öteki zarı.",
     "Her zar bir pulu, zarın gösterdiği sayı kadar hane ilerletir: önce bir pul bir zarı oynar, "
     "sonra mutlaka başka bir pul öteki zarı.",
     "the two dice must be played by different checkers",
     "Her zar bir pulu, zarın gösterdiği sayı kadar hane ilerletir: sonra bakarsınız."),
]


@pytest.mark.parametrize(("lang", "game", "fact", "true", "false", "says", "unknown"), CASES,
                         ids=[f"{c[0]}-{c[2]}-{i}" for i, c in enumerate(CASES)])
def test_true_false_and_unknown_rewordings(lang, game, fact, true, false, says, unknown):
    rules = ruleset(game)
    marked, source = _page(true, fact)
    assert statement_problems(marked, lang, "p.md", source, 1, rules) == []
    assert declared_problems(marked, lang, "p.md", source, 1, rules) == []

    marked, source = _page(false, fact)
    problems = statement_problems(marked, lang, "p.md", source, 1, rules)
    assert problems and all(p.severity == "error" for p in problems)
    assert any(says in p.message for p in problems), [p.message for p in problems]

    marked, source = _page(unknown, fact)
    assert statement_problems(marked, lang, "p.md", source, 1, rules) == []
    (p,) = declared_problems(marked, lang, "p.md", source, 1, rules)
    assert p.message.startswith(f"`states({fact!r})` says this paragraph states ")
    assert (p.line, p.col) == (1, len(unknown) + 2)


def test_a_new_fact_that_does_not_apply_to_the_page_game_is_not_judged_but_still_declared():
    # tavla has no Crawford rule, so the Crawford game's cube is not a rule of it: nothing is judged
    marked, source = _page("The next game is played with the doubling cube.", "crawford_game")
    assert statement_problems(marked, "en", "p.md", source, 1, ruleset("tavla")) == []
    assert declared_problems(marked, "en", "p.md", source, 1, ruleset("tavla")) == []


def test_both_entry_rules_of_one_turkish_sentence_are_read():
    # "başka bir şey oynamadan önce" (enter_first) must not swallow "sizin evinizden oyuna sokmak" (enter_where)
    text = "Kırık pul bara gider; sahibi başka bir şey oynamadan önce onu sizin evinizden oyuna sokmak zorundadır."
    marked, source = _page(text, "bar", "enter_first", "enter_where")
    assert declared_problems(marked, "tr", "p.md", source, 1, ruleset("tavla")) == []


def test_a_captions_declaration_is_not_compared_between_languages():
    from tavla_docs.site.audit.drift import drift_problems
    from tavla_docs.site.audit.scan import Finding

    def f(key: str) -> Finding:
        return Finding(1, 5, "computed", "fact", "x", "caption", key)
    keys = {("rules", "en"): [("scenarios/rules/x.yaml", f("caption[rules/x#0] states('no_move')")),
                              ("scenarios/rules/x.yaml", f("caption[rules/x#0] s.roll"))],
            ("rules", "el"): [("content/el/rules.md", f("caption[rules/x#0] s.roll"))]}
    assert drift_problems(keys, ["en", "el"]) == []
    keys[("rules", "el")] = []
    (p,) = drift_problems(keys, ["en", "el"])  # a printed fact still drifts
    assert "s.roll" in p.message or "'x'" in p.message
