"""Rule sentences stated falsely in words, with no number to check (issue 25, the ninth red team's
class): the phrasing families of `statements.d/fitlex.yaml` (a dropped double's cost, when bearing
off starts, the mother pin's score, Gülbara's turn count, the bear-off database against a real race,
whose numbers a play is written in, the six-point block once passed, a freed checker that waits, a
checker left on the bar, a point closed by the mover's own checkers), the checkers a printed play
bears off against the count said after it (`audit/offcounts.py`), a set of rolls named in words
against the odds its sentence prints (`audit/rollsets.py`), and the die one typed in words. Each
fault is planted, its message located and named; the true text passes. Most cases are new wordings,
not the red team's sentences."""
from __future__ import annotations

import pytest

from tavla_docs.site.audit.offcounts import off_count_problems
from tavla_docs.site.audit.patterns import find_facts
from tavla_docs.site.audit.rollsets import roll_set_problems
from tavla_docs.site.audit.statements import judge, statement_problems
from tavla_docs.site.provenance import FactMarkup, Subject, Word, mark, recording
from tavla_docs.variants import ruleset

# (language, game, a true sentence, its false rewording, the false words, the rule's words in the message)
CASES = [
    ("en", "backgammon", "If they pass, they lose the game at the current value.",
     "If they pass, they lose the game at double the current value.",
     "If they pass, they lose the game at double the current value", "loses the game at its current value"),
    ("en", "backgammon", "A player who drops a double loses the game at its present value.",
     "A player who drops a double loses twice the present stake.",
     "A player who drops a double loses twice the present stake", "loses the game at its current value"),
    ("tr", "backgammon", "Pes ederse eli o anki değerle kaybeder.", "Pes ederse eli o anki değerin iki katıyla kaybeder.",
     "Pes ederse eli o anki değerin iki katıyla", "loses the game at its current value"),
    ("en", "tavla", "As soon as your last checker enters your home board, you may bear off.",
     "As soon as your first checker enters your home board, you may bear off.",
     "As soon as your first checker enters", "only when every checker in play is in the home board"),
    ("tr", "tavla", "Son pulunuz evinize girer girmez pul toplayabilirsiniz.",
     "İlk pulunuz evinize girer girmez pul toplayabilirsiniz.",
     "İlk pulunuz evinize girer girmez", "only when every checker in play is in the home board"),
    ("en", "tapa", "Winning by pinning the mother also scores 2 points.",
     "Pinning the mother scores no extra points.",
     "Pinning the mother scores no extra points", "scores more than a single win"),
    ("tr", "tapa", "Ana pulu tapalayarak kazanmak da 2 puandır.",
     "Ana pulu tapalamak sıradan bir galibiyetle aynıdır.",
     "Ana pulu tapalamak sıradan bir galibiyetle aynıdır", "scores more than a single win"),
    ("en", "gulbara", "In the first three turns of the game (White's and Black's turns counted together), doubles are ordinary.",
     "In the first three turns of the game (both players' turns counted separately), doubles are ordinary.",
     "both players' turns counted separately", "White's and Black's counted together"),
    ("tr", "gulbara", "Oyunun ilk üç sırasında (Beyaz'ın ve Siyah'ın sıraları birlikte sayılır) çift zar dört hamledir.",
     "Oyunun ilk üç sırasında (her oyuncunun kendi sıraları ayrı sayılır) çift zar dört hamledir.",
     "her oyuncunun kendi sıraları ayrı sayılır", "White's and Black's counted together"),
    ("en", "tavla", "The difference is usually tiny, but not always zero.",
     "So the results are also exact in every real race.",
     "the results are also exact in every real race", "not always the play with the best chance to win"),
    ("tr", "tavla", "Fark genellikle çok küçüktür ama her zaman sıfır değildir.",
     "Aradaki fark hep sıfırdır.", "fark hep sıfırdır", "not always the play with the best chance to win"),
    ("en", "tavla", "Plays are written in each player's own point numbers.", "Moves are given in Black's numbering.",
     "Moves are given in Black's numbering", "own"),
    ("tr", "tavla", "Hamleler her oyuncunun kendi hane numaralarıyla yazılır.",
     "Hangi taraf oynarsa oynasın hamleler Beyaz'ın hane numaralarıyla yazılır.",
     "Hangi taraf oynarsa oynasın hamleler Beyaz'ın hane numaralarıyla", "own"),
    ("en", "uzun", "Once at least one opposing checker has passed the block, it is allowed.",
     "The block stays forbidden even when an opposing checker is ahead of it.",
     "stays forbidden even when an opposing checker is ahead", "allowed once at least one opposing checker is ahead"),
    ("tr", "uzun", "Rakibin en az bir pulu duvarın önüne geçmişse blok serbesttir.",
     "Rakibin bir pulu duvarın önüne geçmiş olsa bile altı hanelik duvar kurulamaz.",
     "Rakibin bir pulu duvarın önüne geçmiş olsa bile altı hanelik duvar kurulamaz",
     "allowed once at least one opposing checker is ahead"),
    ("en", "tapa", "The freed checker may move at once.", "The released checker sits out a turn.",
     "released checker sits out a turn", "may move at once"),
    ("tr", "tapa", "Serbest kalan pul hemen oynayabilir.", "Serbest kalan pul o sırada hemen oynayamaz.",
     "Serbest kalan pul o sırada hemen oynayamaz", "may move at once"),
    ("en", "tavla", "It must enter first, and no checker can be borne off with this roll.",
     "It can stay on the bar and its other checkers come off.",
     "can stay on the bar and its other checkers come off", "may not bear off until it has entered"),
    ("tr", "tavla", "Önce oyuna girer, bu atışta hiç pul toplanamaz.",
     "Pul barda bekleyebilir, bu sırada diğer pullar toplanır.",
     "barda bekleyebilir, bu sırada diğer pullar toplanır", "may not bear off until it has entered"),
    ("en", "gulbara", "16/11 cannot be played: Black's checkers close that point.",
     "16/11 cannot be played: its own checkers block the point.",
     "its own checkers block the point", "closed only by the opponent's checkers"),
    ("tr", "gulbara", "16/11 oynanamaz, çünkü Siyah'ın pulları o haneyi kapatır.",
     "16/11 oynanamaz, çünkü Beyaz kendi pullarıyla değil, kendi pulları bu haneyi tıkar.",
     "kendi pulları bu haneyi tıkar", "closed only by the opponent's checkers"),
    ("el", "tapa", "Η νίκη με πλάκωμα της μάνας αξίζει περισσότερο από μια απλή νίκη.",
     "Όποιος κερδίζει πλακώνοντας τη μάνα μετρά μόνο ως απλή νίκη.",
     "πλακώνοντας τη μάνα μετρά μόνο ως απλή νίκη", "scores more than a single win"),
    ("el", "gulbara", "Τα δικά του πούλια δεν κλείνουν ποτέ μια θέση.",
     "Το 16/11 δεν παίζεται: τα δικά του πούλια κλείνουν αυτή τη θέση.",
     "τα δικά του πούλια κλείνουν αυτή τη θέση", "closed only by the opponent's checkers"),
    ("el", "backgammon", "Αν ο αντίπαλος αρνηθεί, χάνει το παιχνίδι με την τρέχουσα αξία.",
     "Αν ο αντίπαλος αρνηθεί, χάνει το παιχνίδι με τη διπλάσια αξία.",
     "αρνηθεί, χάνει το παιχνίδι με τη διπλάσια αξία", "loses the game at its current value"),
]


@pytest.mark.parametrize(("lang", "game", "true", "false", "words", "rule"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_a_false_rule_sentence_planted_in_a_page_is_located_and_named(lang, game, true, false, words, rule):
    rules = ruleset(game)
    source = f"# Title\n\nA first paragraph.\n\n{false}\n"
    (p,) = statement_problems(source, lang, "content/x.md", source, 1, rules)
    assert (p.path, p.line, p.col, p.rule, p.severity) == ("content/x.md", 5, false.index(words) + 1, "rule", "error")
    assert p.message.startswith(repr(words)), p.message
    assert rule in p.message, p.message
    good = source.replace(false, true)
    assert statement_problems(good, lang, "content/x.md", good, 1, rules) == []


def test_the_mother_pin_score_is_read_from_the_ruleset_scoring():
    # the fact's value is computed (`score.mother_pin` against a single win), not typed
    found = judge("Winning by pinning the mother counts only as an ordinary win.", "en", ruleset("tapa"))
    assert found and "scores more than a single win" in found[0][1]
    assert judge("Winning by pinning the mother counts only as an ordinary win.", "en", ruleset("tavla")) == []


def _play(text: str) -> FactMarkup:
    fact = FactMarkup(f'<code class="tavla-play" title="…">{text}</code>')
    fact.about = Subject(group=7)
    return fact


@pytest.mark.parametrize(("lang", "play", "words", "said", "real"), [
    ("en", "5/1 3/1", "both checkers come off", "two checkers", "no checker"),
    ("en", "6/off 5/off", "no checker comes off", "no checker", "two checkers"),
    ("en", "6/off 4/2", "it bears off both checkers", "two checkers", "one checker"),
    ("tr", "6/off 5/off", "hiç pul toplanmaz", "no checker", "two checkers"),
    ("tr", "5/1 3/1", "iki pul da toplanır", "two checkers", "no checker"),
    ("el", "5/1 3/1", "και τα δύο πούλια μαζεύονται", "two checkers", "no checker"),
])
def test_a_count_of_checkers_borne_off_after_a_play_is_checked(lang, play, words, said, real):
    source = "Played the other way round, {{ play(p) }}, " + words + "."
    with recording():
        marked = "Played the other way round, " + mark(1, _play(play), False, 0) + ", " + words + "."
    (p,) = off_count_problems(marked, lang, "content/x.md", source, 3)
    assert (p.path, p.line, p.col, p.rule) == ("content/x.md", 3, source.index("{{") + 1, "off-count")
    assert f"say {said}" in p.message and f"bears off {real}" in p.message, p.message


@pytest.mark.parametrize(("lang", "play", "words"), [
    ("en", "5/1 3/1", "no checker comes off"),
    ("en", "6/off 5/off", "both checkers come off"),
    ("en", "bar/20 6/1", "no checker comes off the bar this way"),  # not about bearing off: still 0, and true
    ("en", "bar/20 5/3", "one checker comes off the bar"),  # off the bar, not off the board: not read
    ("tr", "6/off(2)", "iki pul da toplanır"),
    ("tr", "24/16(2)", "baştan iki pul çıkar"),  # leaves the head, not borne off: not read
])
def test_a_true_count_after_a_play_passes(lang, play, words):
    with recording():
        marked = "With this roll, " + mark(1, _play(play), False, 0) + ", " + words + "."
    assert off_count_problems(marked, lang, "content/x.md", "{{ play(p) }}", 1) == []


def _odds(count: int) -> Word:
    fact = Word(f"{count}/36")
    fact.about = Subject(group=3, outcome="success")
    return fact


@pytest.mark.parametrize(("lang", "words", "count", "said"), [
    ("tr", "Son pul 1. hanedeyse çift zar dışındaki her atışla toplanır:", 36, "every roll but the doubles"),
    ("en", "A last checker on the 2-point comes off with every roll except doubles:", 36, "every roll but the doubles"),
    ("en", "A last checker on the 6-point comes off with every roll:", 27, "every roll (36 of 36)"),
    ("tr", "Pullar 1. hanedeyse yalnızca çift zarla toplanır:", 36, "only the doubles"),
    ("el", "Το τελευταίο πούλι μαζεύεται με κάθε ζαριά:", 27, "every roll (36 of 36)"),
])
def test_a_set_of_rolls_in_words_is_held_against_the_printed_odds(lang, words, count, said):
    source = words + " {{ s.odds.bears_off }}."
    with recording():
        marked = words + " " + mark(1, _odds(count), False, 0) + "."
    (p,) = roll_set_problems(marked, lang, "content/x.md", source, 5)
    assert (p.line, p.col, p.rule) == (5, source.index("{{") + 1, "roll-set")
    assert said in p.message and f"prints {count}/36" in p.message, p.message


@pytest.mark.parametrize(("lang", "words", "count"), [
    ("tr", "Son pul 1. hanedeyse her atışla toplanır:", 36),
    ("en", "A last checker on the 2-point comes off with every roll but doubles:", 30),
    ("en", "Not every roll bears it off:", 27),  # denied: names no set
    ("tr", "Pul her atışla toplanmaz:", 27),  # denied in the verb
    ("en", "Every roll is counted once here, and the checker comes off with", 27),  # rolls spoken of, not a set played
    ("tr", "Her atış bir kez sayılır ve pul şu ihtimalle toplanır:", 27),
])
def test_a_set_of_rolls_that_fits_or_is_denied_passes(lang, words, count):
    with recording():
        marked = words + " " + mark(1, _odds(count), False, 0) + "."
    problems = roll_set_problems(marked, lang, "content/x.md", words + " {{ o }}.", 1)
    assert problems == [], problems


def test_the_die_one_typed_in_words_is_a_number_word():
    assert [f.text for f in find_facts("1. haneden bir ile pul toplarsanız", "tr") if f.kind == "word"] == ["bir"]
    assert [f.text for f in find_facts("bearing off with a one; rolls a one", "en") if f.kind == "word"] == ["one", "one"]
    # the article stays an article: "bir pul", "a one-point lead", "birlikte", "one die shows a one"
    assert [f for f in find_facts("bir pul birlikte toplanır", "tr") if f.kind == "word"] == []
    assert [f for f in find_facts("a one-point lead; one die shows a one", "en") if f.kind == "word"] == []
