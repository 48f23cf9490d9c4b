"""The bear-off page's declared rules (`statements.d/decB.yaml`): for each phrasing family, the
true sentence passes under its `{{ states(…) }}` mark, its flipped wording is the rule check's
error naming the false value, and a rewording into unknown words is the declared check's error at
the mark. The sentences are the pages' own (content/*/bear-off.md and the captions of
scenarios/bear-off/), so the families are tested on what readers read."""
from __future__ import annotations

import pytest

from tavla_docs.site.audit.declared import declared_problems
from tavla_docs.site.audit.statements import statement_problems
from tavla_docs.site.declare import states
from tavla_docs.site.provenance import mark, recording
from tavla_docs.variants import ruleset

TAVLA = ruleset("tavla")


def _marked(text: str, fact: str) -> tuple[str, str]:
    """(marked text, source) of one paragraph that declares `fact` at its end."""
    with recording():
        marked = text + " " + mark(1, states(fact), False, 0)
    return marked, text + ' {{ states("' + fact + '") }}'


def _problems(text: str, fact: str, lang: str) -> list[str]:
    marked, source = _marked(text, fact)
    return [p.message for p in statement_problems(marked, lang, "p.md", source, 1, TAVLA)
            + declared_problems(marked, lang, "p.md", source, 1, TAVLA)]


# (fact, language, the page's true sentence, its flipped wording, words the lexicon does not know)
FAMILIES = [
    ("bear_off_start", "en", "It starts only once all 15 of your checkers are in your home board.",
     "It starts even before all 15 of your checkers are in your home board.",
     "It starts whenever you feel like it."),
    ("bear_off_start", "en", "Whatever order the dice are played in, checkers come off only once the last one is home.",
     "Whatever order the dice are played in, checkers come off even before the last one is home.",
     "Whatever order the dice are played in, checkers come off as you please."),
    ("bear_off_start", "tr", "Ancak 15 pulun hepsi evinize girince başlar.",
     "15 pulun hepsi evinize girmeden de başlar.",
     "İstediğiniz zaman başlar."),
    ("bear_off_start", "tr", "Zarlar hangi sırayla oynanırsa oynansın, pul ancak son pul eve girdikten sonra toplanır.",
     "Zarlar hangi sırayla oynanırsa oynansın, pul son pul eve girmeden de toplanabilir.",
     "Zarlar hangi sırayla oynanırsa oynansın, pul dilediğiniz an toplanır."),
    ("bear_off_mid_roll", "en", "You do not wait for the next roll: one die brings the last checker home, and the "
     "other die can bear off at once.",
     "One die brings the last checker home, and the other die cannot bear off yet.",
     "One die brings the last checker home, and the other die rests."),
    ("bear_off_mid_roll", "en", "Bearing off can start in the middle of a move.",
     "Bearing off cannot start in the middle of a move.",
     "Bearing off is a leisurely affair."),
    ("bear_off_mid_roll", "tr", "Bir sonraki atışı beklemeniz gerekmez: bir zar son pulu eve getirir, öteki zar "
     "hemen pul toplayabilir.",
     "Bir zar son pulu eve getirir, öteki zar henüz pul toplayamaz.",
     "Bir zar son pulu eve getirir, öteki zar dinlenir."),
    ("bear_off_mid_roll", "tr", "Pul toplama hamlenin ortasında başlayabilir.",
     "Pul toplama hamlenin ortasında başlayamaz.",
     "Pul toplama keyifli bir iştir."),
    ("one_checker_both_dice", "en", "The two dice can also work on the same checker.",
     "The two dice cannot work on the same checker.",
     "The two dice are a pair."),
    ("one_checker_both_dice", "tr", "İki zar aynı pul üzerinde birlikte de çalışabilir.",
     "İki zar aynı pul üzerinde birlikte çalışamaz.",
     "İki zar bir çifttir."),
    ("larger_die", "en", "If only one of them can be played, the higher one is played when possible.",
     "If only one of them can be played, the lower one is played.",
     "If only one of them can be played, toss a coin."),
    ("double_count", "en", "Doubles are played four times as usual.",
     "Doubles are played twice as usual.",
     "Doubles are a treat."),
    ("double_count", "tr", "Çift zar her zamanki gibi dört kez oynanır.",
     "Çift zar her zamanki gibi iki kez oynanır.",
     "Çift zar her zamanki gibi sevindirir."),
    ("hit_in_bear_off", "en", "Your opponent may still have checkers in your home board; a blot you leave there can be hit.",
     "Your opponent may still have checkers in your home board; a blot you leave there cannot be hit.",
     "Your opponent may still have checkers in your home board; a blot you leave there is fine."),
    ("hit_in_bear_off", "tr", "Rakibin evinizde hâlâ pulu olabilir; orada tek pul bırakırsanız kırılabilir.",
     "Rakibin evinizde hâlâ pulu olabilir; orada tek pul bırakırsanız kırılamaz.",
     "Rakibin evinizde hâlâ pulu olabilir; orada tek pul bırakmak serbesttir."),
    ("enter_where", "en", "You must bring that checker back in from your opponent's home board.",
     "You must bring that checker back in from your own home board.",
     "You must bring that checker back somehow."),
    ("enter_where", "tr", "O pulu rakibin evinden oyuna geri sokmanız gerekir.",
     "O pulu kendi evinizden oyuna geri sokmanız gerekir.",
     "O pulu bir şekilde geri getirmeniz gerekir."),
    ("enter_first", "en", "A checker on the bar must wait; it must enter first.",
     "A checker on the bar must wait; it does not have to enter first.",
     "A checker on the bar must wait."),
    ("enter_first", "tr", "Barda duran pul önce oyuna girmelidir.",
     "Barda duran pul önce oyuna girmek zorunda değildir.",
     "Barda duran pul bekler."),
    ("hit_stops_bear_off", "en", "The checker on the bar must enter and come back home; until then White cannot bear off.",
     "The checker on the bar must enter and come back home; until then White can still bear off.",
     "The checker on the bar must enter and come back home."),
    ("hit_stops_bear_off", "tr", "Bardaki pul oyuna girmek ve eve dönmek zorundadır; Beyaz ondan önce pul toplayamaz.",
     "Bardaki pul oyuna girmek ve eve dönmek zorundadır; Beyaz ondan önce de pul toplayabilir.",
     "Bardaki pul oyuna girmek ve eve dönmek zorundadır."),
    ("mars_when", "en", "If your opponent bears off all 15 checkers before you have borne off a single one, you lose a gammon.",
     "If your opponent bears off all 15 checkers even if you have borne off a few, you lose a gammon.",
     "If your opponent bears off all 15 checkers first, you are sad."),
    ("mars_when", "en", "If the loser has not borne off any checker, the winner scores a gammon (mars).",
     "If the loser has borne off some checkers, the winner still scores a gammon (mars).",
     "If the loser is slow, the winner is happy."),
    ("mars_when", "tr", "Siz tek pul bile toplayamadan rakip 15 pulunu toplarsa mars olursunuz.",
     "Siz birkaç pul toplamış olsanız da rakip 15 pulunu toplarsa mars olursunuz.",
     "Rakip 15 pulunu önce toplarsa üzülürsünüz."),
    ("game_win", "tr", "15 pulunu ilk toplayan oyunu kazanır.",
     "15 pulunun çoğunu ilk toplayan oyunu kazanır.",
     "15 pulunu ilk toplayan sevinir."),
    ("die_bears_from", "tr", "Sonra her zar, kendi numarasındaki haneden bir pul toplar.",
     "Sonra her zar, herhangi bir haneden bir pul toplar.",
     "Sonra her zar bir işe yarar."),
    ("bear_off_overshoot", "tr", "Zar, en uzaktaki pulunuzun bulunduğu haneden büyükse o pulu toplar.",
     "Zar, en uzaktaki pulunuzun bulunduğu haneden büyükse o pulu toplayamaz.",
     "Zar, en uzaktaki pulunuzdan büyükse bir şey olmaz."),
    ("bear_off_overshoot", "en", "The die need not match exactly.",
     "To bear off, the die must match exactly.",
     "The die is a cube."),
    ("higher_die_inside", "tr", "Daha gerideki bir hanede pul dururken, bir pulu bulunduğu haneden büyük bir zarla "
     "toplayamazsınız.",
     "Daha gerideki bir hanede pul dururken, bir pulu bulunduğu haneden büyük bir zarla da toplayabilirsiniz.",
     "Daha gerideki bir hanede pul dururken sabırlı olun."),
    ("higher_die_inside", "en", "A higher die cannot jump over a checker that is farther back.",
     "A higher die can jump over a checker that is farther back.",
     "A higher die is a higher number."),
    ("bear_off_overshoot", "tr", "Daha büyük bir zar, daha gerideki hanelerde pul kalmamışsa, en uzaktaki pulu toplar.",
     "Daha büyük bir zar, daha gerideki hanelerde pul kalmamışsa bile, en uzaktaki pulu toplayamaz.",
     "Daha büyük bir zar daha büyük bir sayıdır."),
    ("bearoff_best_play", "en", "The values assume best play: each roll is played to make the average number of "
     "rolls still needed as small as possible.",
     "The values assume best play: each roll is played to make the chance of finishing as large as possible.",
     "The values assume best play: each roll is played well."),
    ("bearoff_best_play", "tr", "Değerler en iyi oyunla hesaplanır: her atışta, pulları toplamak için gereken atış "
     "sayısını ortalamada en aza indiren hamle oynanır.",
     "Değerler en iyi oyunla hesaplanır: her atışta, bitirme ihtimalini en yükseğe çıkaran hamle oynanır.",
     "Değerler en iyi oyunla hesaplanır: her atışta iyi bir hamle oynanır."),
]


@pytest.mark.parametrize("fact,lang,true,false,unknown", FAMILIES, ids=[f"{f[0]}-{f[1]}-{i}" for i, f in enumerate(FAMILIES)])
def test_the_true_sentence_passes_its_flip_is_the_false_rule_and_new_words_are_the_declared_error(
        fact: str, lang: str, true: str, false: str, unknown: str) -> None:
    assert _problems(true, fact, lang) == []
    flipped = _problems(false, fact, lang)
    assert flipped and all("states(" not in m for m in flipped), flipped  # the rule check's error, not the mark's
    assert any("this sentence says" in m or "says that" in m for m in flipped), flipped
    (declared,) = _problems(unknown, fact, lang)
    assert declared.startswith(f"`states({fact!r})` says this paragraph states"), declared


def test_sentences_that_say_something_else_are_not_read_as_these_families() -> None:
    """The families are held to their sentence: a blot on some point, or a die that is "not exact", states none
    of these facts."""
    from tavla_docs.site.audit.statements import find_statements
    assert [s.statement.fact for s in find_statements("The blot on the 20-point can be hit.", "en")] == []
    assert [s.statement.fact for s in find_statements("The die is not exact here.", "en")] == []
