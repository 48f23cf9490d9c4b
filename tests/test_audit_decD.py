"""The rule phrasings of `site/statements.d/decD.yaml` (the Tapa, Gülbara and Uzun tavla pages'
declared rules): for each family, the true sentence passes under its declaration, the flipped one is
the rule check's error naming the false rule, and an unknown rewording is the declared check's error."""
from __future__ import annotations

import pytest

from tavla_docs.site.audit.declared import declared_problems
from tavla_docs.site.audit.statements import statement_problems
from tavla_docs.site.declare import states
from tavla_docs.site.provenance import mark, recording
from tavla_docs.variants import ruleset


def _marked(sentence: str, fact: str) -> tuple[str, str]:
    """(marked text, source) of one paragraph ending in `{{ states(fact) }}`."""
    with recording():
        text = sentence + " " + mark(1, states(fact), False, 0)
    return text, sentence + ' {{ states("' + fact + '") }}'


def _errors(sentence: str, lang: str, game: str, fact: str) -> tuple[list[str], list[str]]:
    """(the rule check's messages, the declared check's messages) of the paragraph."""
    text, source = _marked(sentence, fact)
    rules = ruleset(game)
    said = [p.message for p in statement_problems(text, lang, "p.md", source, 1, rules)]
    declared = [p.message for p in declared_problems(text, lang, "p.md", source, 1, rules)]
    return said, declared


# (game, fact, language, the true sentence, its flipped rewording, the words the flip names)
CASES = [
    ("tapa", "closed_by", "en", "A point with two or more opposing checkers is closed.",
     "A point with even one opposing checker on it is closed.", "a single opposing checker closes a point"),
    ("uzun", "closed_by", "en", "A point with even one opposing checker on it is closed.",
     "A point with two or more opposing checkers is closed.", "closed only by two or more"),
    ("tapa", "closed_by", "tr", "Rakibin iki ya da daha fazla pulu olan haneye gidilemez.",
     "Rakibin bir pulu bile olan haneye gidilemez.", "a single opposing checker closes a point"),
    ("uzun", "closed_by", "tr", "Rakibin bir pulu bile olan haneye gidilemez.",
     "Rakibin tek pulu olan haneye de gidilebilir.", "closed only by two or more"),
    ("tapa", "lone_checker", "en", "A checker that lands on an opposing blot pins it.",
     "A checker that lands on an opposing blot hits it.", "hits it and sends it to the bar"),
    ("tapa", "lone_checker", "tr", "Rakibin tek pulunun bulunduğu haneye gelen pul onu tapalar.",
     "Rakibin tek pulunun bulunduğu haneye gelen pul onu kırar.", "hits it and sends it to the bar"),
    ("tapa", "pinned_moves", "en", "The pinned checker stays underneath and cannot move until the checker on top leaves.",
     "The pinned checker stays underneath but can still move.", "a pinned checker may still move"),
    ("tapa", "pinned_moves", "tr", "Tapalı pul altta kalır ve üstünde rakip pul durdukça oynayamaz.",
     "Tapalı pul altta kalır, üstünde rakip pul olsa da oynayabilir.", "a pinned checker may still move"),
    ("tapa", "pinned_point_closed", "tr", "Tapalanan hane sahibine de kapalıdır.",
     "Tapalanan hane sahibine ise açıktır.", "may move onto a point where their own checker is pinned"),
    ("tapa", "mother_pin_head", "tr", "Tapalayanın kendi 24 numaralı hanesinde hâlâ pulu varsa oyun sürer.",
     "Tapalayanın kendi 24 numaralı hanesinde hâlâ pulu varsa da oyun biter.", "wins at once"),
    ("tapa", "bear_off_start", "tr", "15 pulun hepsi evdeyken pul toplanır.",
     "Pulların bir kısmı evdeyken de pul toplanır.", "before every checker is home"),
    ("tapa", "game_win", "en", "The first player to bear off every checker wins 1 point.",
     "The first player to bear off most of their checkers wins.", "most of their checkers"),
    ("tapa", "mars_when", "en", "If the loser has borne off nothing, it is a **mars**: 2 points.",
     "If the loser has borne off fewer than five checkers, it is a mars.", "can still lose a mars"),
    ("tapa", "next_game_starter", "tr", "Sonraki oyuna önceki oyunun kazananı başlar.",
     "Sonraki oyuna önceki oyunun kaybedeni başlar.", "the loser of a game starts"),
    ("uzun", "opening_tie", "en", "To start, each player rolls one die; equal dice are rolled again.",
     "To start, each player rolls one die; equal dice go to White.", "one player starts anyway"),
    ("uzun", "directions", "tr", "Beyaz da Siyah da saatin tersine oynar.",
     "Beyaz saatin tersine, Siyah ise saat yönünde oynar.", "opposite directions"),
    ("uzun", "double_count", "en", "Each die is a separate move, and a double gives four moves.",
     "Each die is a separate move, and a double gives two moves.", "only twice"),
    ("uzun", "double_count", "tr", "Çift zar dört hamledir.", "Çift zar iki hamledir.", "only twice"),
    ("uzun", "play_max", "en", "Every die that can be played must be played.",
     "A die that can be played need not be played.", "must use as many dice"),
    ("uzun", "play_max", "tr", "Oynanabilen bütün zarlar oynanmak zorundadır.",
     "Oynanabilen bir zar oynanmak zorunda değildir.", "must use as many dice"),
    ("gulbara", "doubles_progression", "en", "From the game's fourth turn on, a double is played as a **progression**.",
     "A double is always played as four moves of its own number.", "as a progression up to the 6s"),
    ("gulbara", "doubles_progression", "tr", "Oyunun dördüncü sırasından itibaren çift zar bir **ilerleme** olarak oynanır.",
     "Çift zar her zaman dört hamledir.", "as a progression up to the 6s"),
    ("gulbara", "progression_from", "en", "Every number from the die's own up to six is played like a double.",
     "Every number from one up to the die's own is played like a double.", "from the rolled number up"),
    ("gulbara", "progression_from", "tr", "Zarın sayısından başlayarak altı sayısına kadar her sayı oynanır.",
     "Birden başlayarak zarın sayısına kadar her sayı oynanır.", "from the rolled number up"),
    ("gulbara", "progression_order", "tr", "Sayılar bu sırayla oynanır.",
     "Sayılar istenen sırayla oynanabilir.", "in order, from the die's own number up"),
    ("gulbara", "last_roll", "tr", "Son pul toplandığı anda oyun biter.",
     "Son pul toplandığında rakip son bir kez atar.", None),
    ("uzun", "bear_off_overshoot", "en", "A die higher than the point of your farthest checker bears that checker off.",
     "A die higher than the point of your farthest checker cannot bear that checker off.", "a die higher than"),
    ("uzun", "bear_off_overshoot", "tr", "Zar en uzaktaki pulun bulunduğu haneden büyükse o pulu toplar.",
     "Zar en uzaktaki pulun bulunduğu haneden büyükse de o pulu toplayamaz.", "a die higher than"),
    ("uzun", "head_exception", "en", "When a player's first roll is 6-6, 4-4 or 3-3, two checkers may leave the head.",
     "When a player's first roll is 6-6, 4-4 or 3-3, still only one checker may leave the head.", "two checkers may leave"),
    ("uzun", "head_exception", "tr", "Oyuncunun ilk atışında 6-6, 4-4 ya da 3-3 gelirse baştan iki pul çıkabilir.",
     "Oyuncunun ilk atışında 6-6 gelse de baştan yine yalnız bir pul çıkabilir.", "two checkers may leave"),
]


@pytest.mark.parametrize(("game", "fact", "lang", "true", "flipped", "names"), CASES,
                         ids=[f"{c[1]}-{c[2]}-{i}" for i, c in enumerate(CASES)])
def test_the_true_sentence_passes_and_its_flip_is_the_false_rule(game, fact, lang, true, flipped, names):
    assert _errors(true, lang, game, fact) == ([], [])
    said, _declared = _errors(flipped, lang, game, fact)
    if names is None:  # the flip is in words of another family: at least the declaration fails
        assert said or _declared
        return
    assert len(said) == 1, said
    assert names in said[0]


@pytest.mark.parametrize(("game", "fact", "lang", "true"), [(c[0], c[1], c[2], c[3]) for c in CASES],
                         ids=[f"{c[1]}-{c[2]}-{i}" for i, c in enumerate(CASES)])
def test_an_unknown_rewording_under_the_declaration_is_the_declared_error(game, fact, lang, true):
    unknown = "Ignore what the old rule said here." if lang == "en" else "Eski kuralın söylediğini unutun."
    said, declared = _errors(unknown, lang, game, fact)
    assert said == []
    (message,) = declared
    assert message.startswith(f"`states({fact!r})` says this paragraph states")


def test_the_head_exception_is_uzun_tavlas_only():
    """The new fact applies where the head rule does: not in Gülbara, which has no head rule."""
    said, _ = _errors("When a player's first roll is 6-6, 4-4 or 3-3, still only one checker may leave the head.",
                      "en", "gulbara", "head_exception")
    assert said == []


@pytest.mark.parametrize(("lang", "true", "flipped"), [
    ("en", "The checker is not hit; it stays underneath, pinned, and cannot move.",
     "The checker is not hit; it stays underneath, pinned, but may still move."),
    ("tr", "Siyah'ın pulu kırılmaz; beyaz pulun altında tapalı kalır ve kıpırdayamaz.",
     "Siyah'ın pulu kırılmaz; beyaz pulun altında tapalı kalır ama oynayabilir."),
])
def test_a_pin_caption_states_that_the_pinned_checker_cannot_move(lang, true, flipped):
    assert _errors(true, lang, "tapa", "pinned_moves") == ([], [])
    (said,), _ = _errors(flipped, lang, "tapa", "pinned_moves")
    assert "a pinned checker may still move" in said


def test_a_mother_pin_that_ends_the_game_while_the_pinner_keeps_its_head_is_false():
    sentence = "If it is pinned while the pinner still has checkers on the pinner's own 24-point, the game ends at once."
    (said,), _ = _errors(sentence, "en", "tapa", "mother_pin_head")
    assert "play goes on" in said
