"""The rules the odds, pip-count and home pages declare (`statements.d/decC.yaml`): each page
sentence states its fact, its false rewording is the rule check's error naming the fact's true
value, and a rewording into unknown words under the declaration is the declared check's error."""
from __future__ import annotations

import pytest

from tavla_docs.site.audit.declared import declared_problems
from tavla_docs.site.audit.statements import find_statements, statement_problems
from tavla_docs.site.declare import states
from tavla_docs.site.provenance import mark, recording
from tavla_docs.variants import ruleset

TAVLA = ruleset("tavla")


def _declared(text: str, fact: str) -> tuple[str, str]:
    """(marked text, source) of one paragraph that declares `fact` at its end."""
    with recording():
        marked = text + " " + mark(1, states(fact), False, 0)
    return marked, text + ' {{ states("' + fact + '") }}'


# fact, language, the page's true sentence, its false rewording, words the lexicon does not know
CASES = [
    ("pip_unit", "en",
     "A pip is one point of movement.",
     "A pip is the total distance a roll moves.",
     "A pip is a unit of luck."),
    ("pip_unit", "tr",
     "Pip, bir pulun bir hane ilerlemesidir.",
     "Pip, iki zarın bir atışta ilerlettiği toplam hane sayısıdır.",
     "Pip, şansın birimidir."),
    ("bar_pips", "en",
     "A checker on the bar counts 25 pips: it is one point farther back than its owner's 24-point.",
     "A checker on the bar counts 25 pips: it is two points farther back than its owner's 24-point.",
     "A checker on the bar counts 25 pips."),
    ("bar_pips", "tr",
     "Barda bekleyen pul 25 pip sayılır: sahibinin 24. hanesinden de bir hane geridedir.",
     "Barda bekleyen pul hiç sayılmaz.",
     "Barda bekleyen pul 25 pip sayılır."),
    ("roll_ways", "en",
     "A double such as 6-6 comes in only one way, a mixed roll such as 6-5 in two.",
     "The 9 rolls that fail (a mixed roll counts one way) are these.",
     "A mixed roll such as 6-5 is rare."),
    ("roll_ways", "tr",
     "6-6 gibi bir çift zar yalnızca bir şekilde, 6-5 gibi karışık bir atış iki şekilde gelir.",
     "Karışık atışlar bir kez sayılır.",
     "Karışık atışlar ayrı sayılır."),
    ("bear_off_per_roll", "en",
     "Fifteen checkers need at least four rolls: a roll bears off at most four checkers, and only a double does.",
     "A roll bears off at most four checkers, and any roll with a six can do it.",
     "A roll bears off at most four checkers, and luck decides which."),
    ("bear_off_per_roll", "tr",
     "Çift olmayan bir atış en çok iki pul toplar, çift zar en çok dört.",
     "Çift olmayan bir atış en çok dört pul toplar.",
     "Çift olmayan bir atış azıcık pul toplar."),
    ("same_start", "en",
     "Backgammon has the same starting position, and so the same count.",
     "Backgammon starts from a different position, with fewer checkers far back.",
     "Backgammon is played all over the world."),
    ("same_start", "tr",
     "Backgammonun dizilişi de aynıdır, başlangıç pip sayısı da.",
     "Backgammonun dizilişi farklıdır.",
     "Backgammon dünyanın her yerinde oynanır."),
    ("pip_count_measures", "en",
     "A side's pip count is the total distance its checkers still have to travel to bear off.",
     "A side's pip count is the total distance its checkers have already travelled since the start.",
     "A side's pip count is a lucky number."),
    ("one_point_end", "en",
     "A player's 1-point is at the end where their checkers are borne off.",
     "A player's 1-point is at the end where their checkers start.",
     "A player's 1-point is painted red."),
    ("one_point_end", "tr",
     "Her oyuncunun 1. hanesi, pullarını toplayacağı uçtadır.",
     "Her oyuncunun 1. hanesi, pullarının başladığı uçtadır.",
     "Her oyuncunun 1. hanesi kırmızıdır."),
    ("one_point_end", "en",
     "White moves from the 24-point towards the 1-point.",
     "White moves from the 1-point towards the 24-point.",
     "White moves slowly."),
    ("numbering", "tr",
     "Haneler pulun sahibine göre numaralanır.",
     "Haneler iki oyuncu için de aynıdır, Beyaz'ın tarafından numaralanır.",
     "Haneler güzel numaralanır."),
    ("pip_per_checker", "tr",
     "Her hanedeki pul sayısını hanenin numarasıyla çarpın ve sonuçları toplayın.",
     "Her hanenin numarasını, kaç pul olursa olsun bir kez sayın.",
     "Her haneye bakın ve sonuçları toplayın."),
    ("contact_hit", "en",
     "Once the checkers have passed each other, hitting is over and the game becomes a race.",
     "Once the checkers have passed each other, hitting goes on.",
     "Once the checkers have passed each other, the game gets dull."),
    ("game_win", "en",
     "The game becomes a race: whoever bears off first wins.",
     "The game becomes a race: the first player to bear off most of their checkers wins.",
     "The game becomes a race: whoever is lucky wins."),
    ("game_win", "tr",
     "Oyun bir yarışa döner: pullarını önce toplayan kazanır.",
     "Oyun bir yarışa döner: pullarının çoğunu önce toplayan kazanır.",
     "Oyun bir yarışa döner: şanslı olan kazanır."),
    ("pips_decide", "en",
     "So the pip count is a rough measure of a race.",
     "So the pip count is an exact measure of a race.",
     "So the pip count is a fine thing."),
    ("pips_decide", "tr",
     "Pip sayısı bu yüzden yarışın kaba bir ölçüsüdür.",
     "Pip sayısı bu yüzden yarışın kesin ölçüsüdür.",
     "Pip sayısı bu yüzden güzeldir."),
    ("double_count", "en",
     "A double is played four times, so it counts four times.",
     "A double is played only twice, like any other roll.",
     "A double is a lucky roll."),
    ("borne_off_pips", "tr",
     "Toplanmış pullar sayılmaz.",
     "Toplanmış pullar da sayıma birer pip olarak katılır.",
     "Toplanmış pullar kutuya konur."),
    ("on_roll_edge", "tr",
     "Önce zar atmak bir üstünlüktür.",
     "Önce zar atmak bir dezavantajdır.",
     "Önce zar atmak heyecanlıdır."),
    ("race_tie", "en",
     "The side on roll wins if it finishes on its n-th roll while the opponent has not finished in any of its earlier rolls.",
     "The side on roll wins only if it finishes one roll earlier than the opponent.",
     "The side on roll wins if luck allows."),
    ("race_tie", "tr",
     "Zar atacak taraf n. atışında bitirir ve rakip ondan önceki atışlarının hiçbirinde bitirmemişse kazanır.",
     "Zar atacak taraf ancak rakibinden bir atış önce bitirirse kazanır.",
     "Zar atacak taraf şanslıysa kazanır."),
    ("last_chance", "tr",
     "Örneğin rakip bir sonraki atışta kesin bitirecekse ortalamanın değil, yalnızca bu atışta bitirmenin önemi vardır.",
     "Örneğin rakip bir sonraki atışta kesin bitirecekse ortalama yine de önemlidir.",
     "Örneğin rakip bir sonraki atışta kesin bitirecekse sakin kalın."),
    ("bearoff_best_play", "en",
     "Each side plays to make its own expected number of rolls as small as possible.",
     "In a real race too, the best play is always the one that makes the expected number of rolls as small as possible.",
     "Each side plays as well as it can."),
    ("bearoff_best_play", "tr",
     "Her taraf kendi beklenen atış sayısını en aza indirecek şekilde oynar.",
     "Gerçek bir yarışta da en iyi hamle her zaman beklenen atış sayısını en aza indiren hamledir.",
     "Her taraf elinden geldiğince iyi oynar."),
]


@pytest.mark.parametrize(("fact", "lang", "true", "false", "unknown"), CASES)
def test_the_true_sentence_states_its_fact_and_passes(fact, lang, true, false, unknown):
    assert any(s.statement.fact == fact for s in find_statements(true, lang)), true
    assert statement_problems(true, lang, "p.md", true, 1, TAVLA) == []
    marked, source = _declared(true, fact)
    assert declared_problems(marked, lang, "p.md", source, 1, TAVLA) == []


@pytest.mark.parametrize(("fact", "lang", "true", "false", "unknown"), CASES)
def test_the_false_rewording_is_the_rule_error(fact, lang, true, false, unknown):
    (p,) = statement_problems(false, lang, "p.md", false, 7, TAVLA)
    assert (p.path, p.line, p.severity, p.rule) == ("p.md", 7, "error", "rule")
    from tavla_docs.site.audit.lexicon import lexicon
    from tavla_docs.site.audit.statements import truth
    _, value = truth(lexicon().facts[fact], TAVLA, lexicon())
    assert lexicon().facts[fact].says[value] in p.message, p.message


@pytest.mark.parametrize(("fact", "lang", "true", "false", "unknown"), CASES)
def test_an_unknown_rewording_under_the_declaration_is_the_declared_error(fact, lang, true, false, unknown):
    assert statement_problems(unknown, lang, "p.md", unknown, 1, TAVLA) == []
    marked, source = _declared(unknown, fact)
    (p,) = declared_problems(marked, lang, "p.md", source, 3, TAVLA)
    assert p.line == 3 and p.col == len(unknown) + 2
    assert p.message.startswith(f"`states({fact!r})` says this paragraph states that ")


def test_the_per_roll_limit_follows_the_game():
    """Gülbara's doubles climb in a progression, so the two-and-four limit is not its rule."""
    text = "A roll that is not a double bears off at most two checkers, a double at most four."
    (p,) = statement_problems(text, "en", "p.md", text, 1, ruleset("gulbara"))
    assert "progression may bear off more than four checkers" in p.message


def test_a_bar_count_is_no_fact_of_a_game_without_a_bar():
    text = "A checker on the bar counts 25 pips: it is two points farther back than its owner's 24-point."
    assert statement_problems(text, "en", "p.md", text, 1, ruleset("uzun")) == []
