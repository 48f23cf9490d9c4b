"""Table cells, facts lines and try-it messages word for word, in both languages (issue 25).

Every sentence here comes from code and catalogs, not from a page; a code or catalog edit that
changes one shows in this file's diff. Counts go through ngettext ("1 point", "2 points")."""
from __future__ import annotations

import pytest

from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.explain import Refusal
from tavla_docs.engine.reasons import CANNOT_ENTER, CLOSED_ONE, MESSAGES, NO_DIE, SIX_BLOCK
from tavla_docs.scenario.model import Step
from tavla_docs.site.figures import facts
from tavla_docs.site.i18n import catalog
from tavla_docs.site.summary import summary_rows
from tavla_docs.site.tryit import ui_words
from tavla_docs.variants import TAVLA, ruleset


def cells(key: str, lang: str, *variants: str, **options: object) -> tuple[str, ...]:
    rules = [ruleset(v, **options) if v == "gulbara" else ruleset(v) for v in variants]
    return next(r.cells for r in summary_rows(rules, catalog(lang)) if r.key == key)


def label(key: str, lang: str) -> str:
    return next(r.label for r in summary_rows([ruleset("tavla")], catalog(lang)) if r.key == key)


@pytest.mark.parametrize(("turns", "tr", "en"), [
    (3, "İlk 3 sırada dört hamle, sonra 6'ya kadar artan dizi", "Four moves in the first 3 turns, then a progression up to 6"),
    (5, "İlk 5 sırada dört hamle, sonra 6'ya kadar artan dizi", "Four moves in the first 5 turns, then a progression up to 6"),
    (1, "İlk sırada dört hamle, sonra 6'ya kadar artan dizi", "Four moves on the first turn, then a progression up to 6"),
])
def test_the_gulbara_doubles_row_follows_the_option(turns: int, tr: str, en: str) -> None:
    assert cells("doubles", "tr", "gulbara", normal_doubles_turns=turns) == (tr,)
    assert cells("doubles", "en", "gulbara", normal_doubles_turns=turns) == (en,)


def test_scoring_counts_points_with_ngettext() -> None:
    assert cells("scoring", "en", "tavla", "backgammon", "tapa") == (
        "single game 1 point, gammon 2 points; optional: backgammon 3 points",
        "single game 1 point, gammon 2 points, backgammon 3 points; multiplied by the cube",
        "single game 1 point, gammon 2 points, mother pin 2 points, draw 0 points")
    assert cells("scoring", "tr", "tavla", "backgammon", "tapa") == (
        "tek oyun 1 puan, mars 2 puan; isteğe bağlı: katmerli mars 3 puan",
        "tek oyun 1 puan, mars 2 puan, katmerli mars 3 puan; katlama zarıyla çarpılır",
        "tek oyun 1 puan, mars 2 puan, ana pul tapası 2 puan, beraberlik 0 puan")


def test_tavla_scoring_says_katmerli_mars_is_an_option_only_while_it_is_off() -> None:
    # Seed 1 gives katmerli mars 3 points; rules.md D1 makes it an option, off by default.
    (on,) = next(r.cells for r in summary_rows([ruleset("tavla", katmerli_mars=True)], catalog("tr")) if r.key == "scoring")
    assert on == "tek oyun 1 puan, mars 2 puan, katmerli mars 3 puan"
    assert cells("scoring", "tr", "uzun") == ("tek oyun 1 puan, mars 2 puan",)


def test_english_rows_use_the_standard_terms() -> None:
    assert label("blot", "en") == "Landing on an opposing blot"
    assert cells("blot", "en", "tavla", "tapa", "uzun") == (
        "Hits it: the checker goes to the bar", "Pins it: the checker cannot move",
        "Not allowed: a single checker closes a point")
    assert cells("special", "en", "uzun") == ("head rule, no six-point prime",)


def test_the_match_length_row_says_the_length_is_agreed() -> None:
    # The engine's match length is a default, not a rule: players agree on it (rules.md 3.1, 3.2).
    assert cells("match", "en", "tavla", "backgammon") == ("agreed, e.g. first to 5 points",) * 2
    assert cells("match", "tr", "tavla") == ("anlaşılan puana ilk ulaşan (örneğin 5)",)
    assert cells("match", "el", "tavla") == ("κατόπιν συμφωνίας, π.χ. όποιος φτάσει πρώτος τους 5 πόντους",)


def test_turkish_rows_read_as_the_users_pages() -> None:
    assert cells("start", "tr", "tavla", "uzun") == ("24. hanede 2, 13'te 5, 8'de 3 ve 6'da 5 pul (toplam 15)",
                                                   "15 pulun hepsi 24. hanede")
    assert cells("start", "en", "uzun") == ("all 15 checkers on 24",)
    assert cells("blot", "tr", "tavla", "tapa", "uzun") == (
        "Kırar: kırık pul bara gider", "Tapa yapar: alttaki pul oynayamaz", "Gidilemez: tek pul da haneyi kapatır")
    assert (label("next_game", "tr"), cells("next_game", "tr", "tavla", "uzun")) == (
        "Maçta sonraki el nasıl başlar", ("Yeniden açılış atışıyla", "Önceki eli kazanan başlar"))


HOME = {6: 5, 5: 5, 4: 4}


@pytest.mark.parametrize(("black", "roll", "tr", "en"), [
    ({19: 2, 20: 2, 1: 11}, "6-5", "Beyaz giremez: 6-5 ile girebileceği iki hane de kapalı",
     "White cannot enter: with 6-5 both entry points are closed"),
    ({19: 3, 1: 12}, "6-6", "Beyaz giremez: 6-6 ile girebileceği hane kapalı",
     "White cannot enter: with 6-6 the entry point is closed"),
    ({19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 3}, "6-5", "Beyaz zar atmaz: girebileceği altı hanenin hepsi kapalı",
     "White does not roll: all six entry points are closed"),
])
def test_no_play_notices_on_the_facts_line(black: dict[int, int], roll: str, tr: str, en: str) -> None:
    frame = Step(Position.from_board(HOME, black, white_bar=1, checkers=15), Side.WHITE, Roll.parse(roll), None, rules=TAVLA)
    assert facts(frame, catalog("tr")) == tr and facts(frame, catalog("en")) == en


def test_facts_line_counts_checkers_left() -> None:
    frame = Step(Position.from_board({6: 1}, {19: 15}, checkers=15), Side.WHITE, Roll(2, 1), None, rules=TAVLA)
    assert facts(frame, catalog("en")) == "White to play 2-1 · 1 checker left"
    assert facts(frame, catalog("tr")) == "Beyaz oynar, atış 2-1 · 1 pul kaldı"


@pytest.mark.parametrize(("refusal", "tr", "en"), [
    (Refusal(NO_DIE, dice="4"), "Bu pul, oynanacak zarla (4) oraya gidemez", "No die left to play (4) takes this checker there"),
    (Refusal(CLOSED_ONE, point=7), "7. hane kapalı: bu oyunda rakibin tek pulu da haneyi kapatır",
     "The 7-point is closed: in this game a single opposing checker closes a point"),
    (Refusal(SIX_BLOCK), "Önünde rakip pul yokken altılı blok kurulamaz",
     "A six-point prime is not allowed while no opposing checker is ahead of it"),
    # a checker enters *on* a point (review round 8)
    (Refusal(CANNOT_ENTER), "Bardaki pul giremez: girebileceği bütün haneler kapalı, sıra geçer",
     "The checker on the bar cannot enter: every point it could enter on is closed, so the turn passes"),
])
def test_refusal_reasons_in_both_languages(refusal: Refusal, tr: str, en: str) -> None:
    assert refusal.format(catalog("tr").gettext(MESSAGES[refusal.code])) == tr
    assert refusal.format(catalog("en").gettext(MESSAGES[refusal.code])) == en


def test_board_words_fit_any_count() -> None:
    """The script fills these with one die or several, so they read right for both."""
    tr, en = ui_words(catalog("tr")), ui_words(catalog("en"))
    assert (tr["left"], en["left"]) == ("Oynanacak zar: %(list)s", "Left to play: %(list)s")
    assert tr["all"] == ["Kurallara uygun tek hamleyi göster", "Kurallara uygun %(num)d hamlenin hepsini göster"]
    assert en["all"] == ["Show the only legal play", "Show all %(num)d legal plays"]
    assert en["count"] == ["%(num)d checker", "%(num)d checkers"] and tr["count"] == ["%(num)d pul", "%(num)d pul"]

