"""Surfaces and comparisons that say something false (issue 25, fitsurf2): "as in <game>" naming a
game whose rule differs, a rule line labelled with the wrong game, a why-question that presupposes
a false rule, a glossary meaning or a board part given another meaning. Each fault is planted and
its located message asserted; the true text passes."""
from __future__ import annotations

import pytest

from tavla_docs.site.audit.statements import judge, text_problems
from tavla_docs.variants import ruleset


def _messages(text: str, lang: str, game: str) -> list[str]:
    return [m for _s, m, _h in judge(text, lang, ruleset(game))]


# (text, language, the page's game, words the message must hold)
FALSE = [
    # the red team's round 12 (r1325, r1326, r1359, r1361, r1363, r1301, r1360, r1364)
    ("- The dice work as in Gülbara, with four moves for a double.", "en", "tapa", "gives Tapa's dice the rule of Gülbara"),
    ("- Zarlar Gülbara'daki gibi oynanır; çift zar dört hamledir.", "tr", "tapa", "gives Tapa's dice the rule of Gülbara"),
    ("The rules of Gülbara (Gul bara), a pinning game like Tapa - the Uzun tavla setup, doubles in the first turns.",
     "en", "gulbara", "gives Gülbara's pinning the rule of Tapa"),
    ("**Closed board (backgammon):** if all six points are closed, its owner does not roll until one of them opens.",
     "en", "tavla", "the label '(backgammon)' gives this rule to Backgammon"),
    ("race (while the checkers can still hit each other)", "en", "tavla", "a race is a phase in which"),
    ("The bar along the top edge and the left and right halves of the board divide the points.", "en", "backgammon",
     "the bar runs along an edge"),
    ("## Pul toplamak için neden tam sayı gerekir", "tr", "tavla", "only with the exact number"),
    ("## Why bearing off is compulsory", "en", "tavla", "bearing off is compulsory"),
    # new variants of the class: other games, topics, wordings, languages
    ("Hitting works as in Tapa.", "en", "backgammon", "gives Backgammon's hitting the rule of Tapa"),
    ("Kırma kuralı Tapa'daki gibidir.", "tr", "tavla", "the rule of Tapa"),
    ("Τα ζάρια παίζονται όπως στο Γκιουλμπαρά.", "el", "tapa", "gives Tapa's dice the rule of Gülbara"),
    ("Tapa, a hitting game like backgammon.", "en", "tapa", "gives Tapa's hitting the rule of Backgammon"),
    ("The bar works just as in backgammon.", "en", "uzun", "gives Uzun tavla's bar the rule of Backgammon"),
    ("**Kapalı ev (backgammon):** kapıların hepsi kapalıysa oyuncu biri açılana kadar zar atmaz.", "tr", "tavla",
     "the label '(backgammon)'"),
    ("## Closed board (backgammon)\n\nWith every entry point closed, the player does not roll until one opens.",
     "en", "tavla", "the label '(backgammon)'"),
    ("yarış: pullar hâlâ birbirini kırabilirken oynanan bölüm", "tr", "tavla", "a race is a phase in which"),
    ("κούρσα (ακόμα μπορούν να χτυπηθούν)", "el", "tavla", "a race is a phase in which"),
    ("Bar tahtanın üst kenarı boyunca uzanır.", "tr", "tavla", "the bar runs along an edge"),
    ("The bar sits at the side of the board.", "en", "tavla", "the bar runs along an edge"),
    ("Η μπάρα βρίσκεται στην πάνω άκρη του ταμπλό.", "el", "backgammon", "the bar runs along an edge"),
    ("Neden pul toplamak zorunludur?", "tr", "tavla", "bearing off is compulsory"),
    ("Why bearing off is compulsory?", "en", "tavla", "bearing off is compulsory"),
]

TRUE = [
    ("- The dice work as in tavla, with four moves for a double.", "en", "tapa"),
    ("- Zarlar tavladaki gibi oynanır; çift zar dört hamledir.", "tr", "tapa"),
    ("Tapa is played on a tavla board with the players moving in opposite directions, as in tavla.", "en", "tapa"),
    ("On turn 3 of the game a double is played as in tavla: four fives.", "en", "gulbara"),
    ("Oyunun üçüncü sırasında çift zar tavladaki gibi oynanır.", "tr", "gulbara"),
    ("Στον γύρο 3 του παιχνιδιού οι διπλές παίζονται όπως στην τάβλα.", "el", "gulbara"),
    ("Στους πρώτους τρεις γύρους οι διπλές παίζονται όπως στην τάβλα.", "el", "gulbara"),
    ("Bearing off starts once all checkers are home; the dice work as in tavla.", "en", "gulbara"),
    ("There is no head rule as in Uzun tavla: any number of checkers may leave the head.", "en", "gulbara"),
    ("Unlike Tapa, a lone checker is hit.", "en", "tavla"),
    ("Gülbara, a blocking game like Uzun tavla.", "en", "gulbara"),
    ("**Closed board (Turkish):** if all six points are closed, its owner does not roll until one of them opens.",
     "en", "tavla"),
    ("**Katmerli mars (backgammon):** the loser still has a checker on the bar.", "en", "tavla"),
    ("race (no more contact)", "en", "tavla"),
    ("yarış (temas kalmayınca)", "tr", "tavla"),
    ("κούρσα (χωρίς πια επαφή)", "el", "tavla"),
    ("The bar down the middle and the top and bottom halves of the board divide the points.", "en", "backgammon"),
    ("Bar tahtanın ortasından geçer.", "tr", "tavla"),
    ("## Is bearing off compulsory?", "en", "tavla"),
    ("## Pul toplamak için tam sayı gerekir mi", "tr", "tavla"),
]


@pytest.mark.parametrize(("text", "lang", "game", "words"), FALSE)
def test_false_surface_is_caught(text: str, lang: str, game: str, words: str) -> None:
    assert any(words in m for m in _messages(text, lang, game)), _messages(text, lang, game)


@pytest.mark.parametrize(("text", "lang", "game"), TRUE)
def test_true_surface_passes(text: str, lang: str, game: str) -> None:
    assert _messages(text, lang, game) == []


def test_comparison_is_located_at_its_line() -> None:
    """A front matter value's fault is located at its field (the red team's runner checks the page's
    column: content/en/tapa.md:17:7 for r1325)."""
    text = "Tapa is a game for two. The dice work as in Gülbara."
    [p] = text_problems(text, "en", "content/en/tapa.md", 7, 14, ruleset("tapa"))
    assert (p.path, p.line, p.severity) == ("content/en/tapa.md", 7, "error")
    assert "in Gülbara, after the first turns a double is played as a progression" in p.message
