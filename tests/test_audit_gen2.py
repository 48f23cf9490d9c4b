"""The reader checks made general (round 2 of the red team as a diagnosis): new rule families in
the lexicon, point sentences (`pointfacts`), the figure's cube in its caption, and facts that
carry their side (`home_of`, `head_of`, `pip_lead.by`). Each check is planted in a sentence and
must be reported; the good sentence beside it must pass."""
from __future__ import annotations

import pytest

from tavla_docs.engine.board import Side
from tavla_docs.site.audit.plays import caption_faults
from tavla_docs.site.audit.playview import PlayView
from tavla_docs.site.audit.reader import subject_problems
from tavla_docs.site.audit.rulesurfaces import catalog_statements
from tavla_docs.site.audit.statements import judge, visible
from tavla_docs.site.facts.rules import RuleFacts
from tavla_docs.site.provenance import mark, recording
from tavla_docs.variants import ruleset

# (game, language, a false sentence, the true one it was made from, a word of the message)
PLANTED = [
    ("backgammon", "en", "A player may, after rolling, offer the opponent a double.",
     "A player may, before rolling, offer the opponent a double.", "before rolling"),
    ("backgammon", "tr", "Oyuncu zarları attıktan sonra katlama teklif edebilir.",
     "Oyuncu zarları atmadan önce katlama teklif edebilir; zarları attıktan sonra artık katlayamaz.", "before rolling"),
    ("tavla", "tr", "Sahibi onu kendi evinden oyuna sokmak zorundadır.",
     "Sahibi onu sizin evinizden oyuna sokmak zorundadır.", "opponent's home board"),
    ("tavla", "en", "Its owner brings it back in through their own home board.",
     "Its owner must bring it in through your home board.", "opponent's home board"),
    ("tavla", "tr", "Daha küçük bir zar, gerideki hanelerde pul kalmamışsa, en uzaktaki pulu toplar.",
     "Daha büyük bir zar, gerideki hanelerde pul kalmamışsa, en uzaktaki pulu toplar.", "lower die"),
    ("tavla", "en", "A smaller die bears off the farthest checker.",
     "A higher die bears off the farthest checker.", "lower die"),
    ("tapa", "tr", "Üstteki rakip pullardan biri haneden ayrılınca tapalı pul serbest kalır.",
     "Üstteki son rakip pul haneden ayrılınca tapalı pul serbest kalır.", "last opposing checker"),
    ("tapa", "en", "Once pinned, a checker stays pinned for the rest of the game.",
     "When the last opposing checker on top leaves the point, the pinned checker is free.", "last opposing checker"),
    ("tapa", "en", "As soon as one opposing checker on top leaves, the pinned checker is free.",
     "When the last opposing checker on top leaves the point, the pinned checker is free.", "last opposing checker"),
    ("gulbara", "en", "The numbers may be played in any order, as long as the whole progression is played.",
     "The numbers are played in this order, as long as the whole progression is played.", "in order"),
    ("tavla", "en", "If both need the same number of rolls, the opponent wins.",
     "If both need the same number of rolls, the side on roll wins.", "side on roll wins"),
    ("tavla", "tr", "İki taraf aynı sayıda atışa ihtiyaç duyarsa rakip kazanır.",
     "İki taraf aynı sayıda atışa ihtiyaç duyarsa sırası gelen taraf kazanır.", "side on roll wins"),
    ("tavla", "tr", "Pullarınızın hepsi evdeyse durumunuzu yalnızca pip sayınız belirler.",
     "Pullarınızın hepsi evdeyse durumunuzu hanelerdeki pul sayıları belirler.", "wasted pips"),
    ("tavla", "en", "The game becomes a race: whoever has the lower pip count wins.",
     "The game becomes a race: whoever bears off first wins.", "wasted pips"),
    ("tavla", "tr", "Pullar birbirini geçtikten sonra da kırma sürer.",
     "Pullar birbirini geçtiğinde kırma biter.", "nothing can be hit"),
    ("tavla", "en", "Checkers can still be hit after the sides have passed each other.",
     "Once the sides have passed each other, the game is a race.", "nothing can be hit"),
    ("backgammon", "en", "Each player rolls one die; if the dice are equal, the player who rolled first starts.",
     "Each player rolls one die; if the dice are equal, both roll again.", "roll again"),
    ("backgammon", "tr", "Her oyuncu bir zar atar; zarlar eşitse önce atan başlar.",
     "Her oyuncu bir zar atar; zarlar eşitse yeniden atılır.", "roll again"),
    ("backgammon", "tr", "Bir pul, rakibin kapısının üstünden atlayamaz.",
     "Bir pul, dolu hanelerin üstünden serbestçe geçebilir.", "pass over"),
    ("tavla", "en", "Its owner may bring it back in whenever they like, and move other checkers first.",
     "Its owner must bring it in before moving anything else.", "must enter"),
    ("tavla", "en", "When the points a checker on the bar would enter on are closed, you play another checker instead.",
     "When the points a checker on the bar would enter on are closed, nothing can be played.", "must enter"),
    ("tavla", "en", "You may bear off once the last checker is home, but never in the middle of a move.",
     "You may bear off once the last checker is home, even in the middle of a move.", "middle of a roll"),
    ("tavla", "en", "One die brings the last checker home; you wait for the next roll to bear off.",
     "One die brings the last checker home; you do not wait for the next roll to bear off.", "middle of a roll"),
    ("uzun", "en", "Each player counts from their own side, but plays are written in White's numbers for both players.",
     "Each player counts from their own side, and plays are written in the mover's own numbers.", "own side"),
    ("gulbara", "en", "The block rule of [Uzun tavla](uzun-tavla.md) applies here too.",
     "Nor is there the block rule of [Uzun tavla](uzun-tavla.md): any number of points in a row may be held.",
     "six-point block"),
    ("gulbara", "en", "While bearing off, a double is four moves only.",
     "The progression applies while bearing off too.", "progression goes on"),
    ("tapa", "tr", "Tek pulu tapalamak yerine kırmak.", "Tek pulu kırmak yerine tapalamak.", "pins it"),
    ("tapa", "en", "Should the pinner's own mother be pinned as well, the first pinner still wins.",
     "Should the pinner's own mother be pinned as well, the game is a draw.", "draw"),
    ("tapa", "tr", "O da kendi ana pulunu tapalatırsa yine ilk tapalayan kazanır.",
     "O da kendi ana pulunu tapalatırsa oyun berabere biter.", "draw"),
    ("tavla", "en", "The higher roller rolls both dice again (a double is not possible).",
     "The higher roller rolls both dice again (a double is possible).", "can be a double"),
]


@pytest.mark.parametrize(("game", "lang", "bad", "good", "word"), PLANTED, ids=[p[2][:40] for p in PLANTED])
def test_rule_families(game: str, lang: str, bad: str, good: str, word: str) -> None:
    rules = ruleset(game)
    found = judge(visible(bad), lang, rules)
    assert found, bad
    assert word in found[0][1]
    assert judge(visible(good), lang, rules) == []


@pytest.mark.parametrize(("game", "lang", "bad", "good", "word"), [
    ("backgammon", "tr", "Beyaz'ın 24. hanesi Siyah'ın 6. hanesidir.", "Beyaz'ın 24. hanesi Siyah'ın 1. hanesidir.",
     "Black's 1-point"),
    ("backgammon", "en", "White's 24-point is Black's 6-point.", "White's 24-point is Black's 1-point.", "Black's 1-point"),
    ("uzun", "en", "White's 24-point is Black's 1-point.", "White's 24-point is Black's 12-point.", "Black's 12-point"),
    ("tavla", "en", "The checker on the 3-point is still outside the home board.",
     "The checker on the 9-point is still outside the home board.", "1–6"),
    ("tavla", "en", "The checker on the 9-point is in the home board.", "The checker on the 4-point is in the home board.",
     "1–6"),
    ("tavla", "tr", "3. hanedeki pul hâlâ evin dışında.", "9. hanedeki pul hâlâ evin dışında.", "1–6"),
])
def test_point_sentences(game: str, lang: str, bad: str, good: str, word: str) -> None:
    found = judge(visible(bad), lang, ruleset(game))
    assert found and word in found[0][1]
    assert judge(visible(good), lang, ruleset(game)) == []


def test_shared_numbering_is_not_judged() -> None:
    text = "Black's checker on board point 3 is outside its home board."
    assert judge(text, "en", ruleset("tavla")) == []


def _view(owner: str) -> PlayView:
    from tavla_docs.diagram.options import DiagramOptions

    rules = ruleset("backgammon")
    return PlayView(rules.starting_position(), Side.BLACK, None, rules, DiagramOptions(cube=(2, owner)))


NAMES = {"en": {"white": "White", "black": "Black"}, "tr": {"white": "Beyaz", "black": "Siyah"}}


@pytest.mark.parametrize(("lang", "text"), [("en", "The cube is in the middle: either player may double."),
                                            ("tr", "Küp ortada: oyunculardan her biri katlayabilir."),
                                            ("en", "White owns the cube.")])
def test_caption_cube(lang: str, text: str) -> None:
    faults = caption_faults(text, lang, _view("black"), NAMES[lang])
    assert faults and "belongs to Black" in faults[0][0]
    assert "owns" in text or caption_faults(text, lang, _view("centre"), NAMES[lang]) == []


def test_caption_cube_owner_true_and_page_prose() -> None:
    assert caption_faults("Black owns the cube.", "en", _view("black"), NAMES["en"]) == []
    rules = ruleset("backgammon")
    prose = PlayView(rules.starting_position(), Side.BLACK, None, rules, None)
    assert caption_faults("The cube is in the middle.", "en", prose, NAMES["en"]) == []
    # "while the cube is in the middle" (a condition) asserts nothing about the figure
    assert caption_faults("Küp ortadayken katlanabilir.", "tr", _view("black"), NAMES["tr"]) == []
    assert caption_faults("If the cube is in the middle, it can be turned.", "en", _view("black"), NAMES["en"]) == []


def _printed(source: str, values: list[object], words: list[str]) -> str:
    """`words` with each value of `values` printed between them, as a page render marks them."""
    out = words[0]
    for i, (v, w) in enumerate(zip(values, words[1:], strict=True)):
        out += mark(1, v, False, i) + w
    return out


def test_side_of_home_and_head() -> None:
    r = RuleFacts(ruleset("gulbara"), "en")
    with recording():
        bad = _printed('Black on board point {{ r.head_of("white") }}.', [r.head_of("white")], ["Black on board point ", "."])
        good = _printed('Black on board point {{ r.head_of("black") }}.', [r.head_of("black")], ["Black on board point ", "."])
        home = _printed("White's home board is points {{ r.home_of('black') }}.", [r.home_of("black")],
                        ["White's home board is points ", "."])
    src = 'Black on board point {{ r.head_of("white") }}.'
    assert [p.message[:14] for p in subject_problems(bad, "en", "x.md", src, 1, NAMES["en"])] == ["White's count "]
    assert subject_problems(good, "en", "x.md", src, 1, NAMES["en"]) == []
    assert subject_problems(home, "en", "x.md", "White's home board is points {{ r.home_of('black') }}.", 1, NAMES["en"])


def test_pip_lead_side() -> None:
    from tavla_docs.site.facts.numerals import Num

    by = Num(6, "tr").of_side("white", "lead")
    src = "Şemada Siyah {{ s.pip_lead.by }} pip önde."
    with recording():
        bad = _printed(src, [by], ["Şemada Siyah ", " pip önde."])
        behind = _printed(src, [by], ["Şemada Siyah ", " pip geride."])
        good = _printed(src, [by], ["Şemada Beyaz ", " pip önde."])
    found = subject_problems(bad, "tr", "x.md", src, 1, NAMES["tr"])
    assert found and "lead in the pip count" in found[0].message and "Siyah leads" in found[0].message
    assert subject_problems(behind, "tr", "x.md", src, 1, NAMES["tr"]) == []
    assert subject_problems(good, "tr", "x.md", src, 1, NAMES["tr"]) == []


def test_catalog_reroll_double(tmp_path) -> None:  # type: ignore[no-untyped-def]
    po = tmp_path / "messages.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "Higher roller starts and rolls both dice again (a double is possible)"\n'
                  'msgstr "Büyük atan başlar ve her iki zarı yeniden atar (çift gelemez)"\n', encoding="utf-8")
    found = catalog_statements(po, "tr", "messages.po", "error")
    assert found and "never be a double" in found[0].message
    po.write_text(po.read_text(encoding="utf-8").replace("çift gelemez", "çift gelebilir"), encoding="utf-8")
    assert catalog_statements(po, "tr", "messages.po", "error") == []
