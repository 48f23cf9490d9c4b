"""A printed side, head, home or point bound to its role in the sentence (`audit.sideroles`): the
side said to be on roll against the figure's turn, "the opponent's head" against the side on roll,
"Black's own N-point" against the numbering the number is in. The facts are the real helpers' over
the red-team fixture's scenarios; each fault is planted and must be reported, located at its
`{{ … }}`, and the true sentence beside it must pass, in English, Turkish and Greek."""
from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tavla_docs.scenario.load import load_scenario
from tavla_docs.site.audit import langlex, sideroles
from tavla_docs.site.audit.printed import printed_text_problems
from tavla_docs.site.facts.frame import FrameFacts
from tavla_docs.site.i18n import catalog
from tavla_docs.site.provenance import mark, recording

ROOT = Path(__file__).parent / "redteam" / "project" / "scenarios"
NAMES = {"en": ("White", "Black"), "tr": ("Beyaz", "Siyah"), "el": ("Λευκά", "Μαύρα")}


@cache
def facts(name: str, lang: str) -> FrameFacts:
    return FrameFacts(load_scenario(ROOT / f"{name}.yaml", ROOT), 0, lang, catalog(lang))


def check(lang: str, parts: list[object]) -> list[tuple[int, str]]:
    """(column, message) of each sideroles problem of a text made of template words (str) and
    printed values ((tag, value))."""
    text, source, index = "", "", 0
    with recording():
        for part in parts:
            if isinstance(part, tuple):
                tag, value = part
                text += mark(1, value, False, index)
                source += tag
                index += 1
            else:
                text += str(part)
                source += str(part)
    white, black = NAMES[lang]
    found = sideroles.side_role_problems(text, lang, "x.md", source, 1, {"white": white, "black": black})
    return [(p.col, p.message) for p in found]


def test_the_side_said_to_be_on_roll_must_be_the_figures_side_on_roll():
    rc = facts("pips/race", "en")  # Black on roll, White leads
    lead = ("{{ rc.pip_lead.side }}", rc.pip_lead.side)
    assert check("en", ["In the diagram ", lead, " is on roll."]) == [
        (16, "`{{ rc.pip_lead.side }}` names White as the side on roll, but in the figure it comes from Black is on roll")]
    assert check("en", [("{{ rc.turn }}", rc.turn), " is on roll."]) == []
    assert check("en", [lead, " leads by ", ("{{ rc.pip_lead.by }}", rc.pip_lead.by), " pips and is on roll."])
    assert check("en", [lead, " to play."]) and check("en", ["It is ", lead, "'s turn."])
    assert check("en", [("{{ rc.turn }}", rc.turn), " is not on roll."])
    assert check("en", [lead, " is not on roll, and ", ("{{ rc.turn }}", rc.turn), " is on roll."]) == []
    w = facts("pips/wastage", "en")  # White on roll and ahead: the same words are true
    assert check("en", [("{{ w.pip_lead.side }}", w.pip_lead.side), " leads by ",
                        ("{{ w.pip_lead.by }}", w.pip_lead.by), " pips and is on roll as well."]) == []


def test_on_roll_in_turkish_and_greek():
    rc = facts("pips/race", "tr")
    assert [m for _, m in check("tr", ["Zarı ", ("{{ rc.pip_lead.side }}", rc.pip_lead.side), " atacak."])] == [
        "`{{ rc.pip_lead.side }}` names White as the side on roll, but in the figure it comes from Black is on roll"]
    assert check("tr", ["Zar atma sırası ", ("{{ rc.turn }}", rc.turn), "'ta."]) == []
    assert check("tr", ["Sıra ", ("{{ rc.opponent }}", rc.opponent), "'da."])
    assert check("tr", ["Sıra ", ("{{ rc.opponent }}", rc.opponent), "'da değil."]) == []
    el = facts("pips/race", "el")
    assert check("el", ["Παίζουν τα ", ("{{ rc.opponent }}", el.opponent), "."])
    assert check("el", ["Σειρά έχουν τα ", ("{{ rc.turn }}", el.turn), "."]) == []


def test_the_opponents_head_must_be_the_head_of_the_side_not_on_roll():
    s = facts("uzun/first-turn-6-6", "en")  # White on roll
    wrong = ("{{ s.rules.head_of('white') }}", s.rules.head_of("white"))
    right = ("{{ s.rules.head_of('black') }}", s.rules.head_of("black"))
    (found,) = check("en", ["The sixes cannot be played: board point ", wrong, " is the opponent's head."])
    assert found == (41, "`{{ s.rules.head_of('white') }}` prints 24, which belongs to White, where the words say "
                         "it belongs to the opponent; White is on roll in this figure, so the opponent is Black")
    assert check("en", ["The sixes cannot be played: board point ", right, " is the opponent's head."]) == []
    assert check("en", ["The opponent's head is board point ", wrong, "."])
    assert check("en", ["Board point ", right, " is its own head."])
    # a sentence about the side not on roll: its opponent is the side on roll
    assert check("en", ["Black cannot land on board point ", wrong, ", the opponent's head."]) == []
    tr = facts("uzun/first-turn-6-6", "tr")
    assert check("tr", ["Çünkü tahtadaki ", ("{{ s.rules.head_of('white') }}", tr.rules.head_of("white")),
                        " numaralı hane rakibin başıdır."])
    assert check("tr", ["Çünkü tahtadaki ", ("{{ s.rules.head_of('black') }}", tr.rules.head_of("black")),
                        " numaralı hane rakibin başıdır."]) == []
    el = facts("uzun/first-turn-6-6", "el")
    assert check("el", ["Η θέση ", ("{{ s.rules.head_of('white') }}", el.rules.head_of("white")),
                        " είναι το κεφάλι του αντιπάλου."])
    assert check("el", ["Η θέση ", ("{{ s.rules.head_of('black') }}", el.rules.head_of("black")),
                        " είναι το κεφάλι του αντιπάλου."]) == []


def test_a_home_said_to_be_the_opponents():
    s = facts("uzun/first-turn-6-6", "en")
    assert check("en", ["The opponent's home board is board points ",
                        ("{{ s.rules.home_of('white') }}", s.rules.home_of("white")), "."])
    assert check("en", ["The opponent's home board is board points ",
                        ("{{ s.rules.home_of('black') }}", s.rules.home_of("black")), "."]) == []


def test_a_point_said_to_be_a_sides_own_must_be_in_that_sides_numbering():
    s = facts("tapa/mother-pin", "en")  # White plays 4/1*: the 4 is White's own point
    src = ("{{ s.show.moves[0].src }}", s.show.moves[0].src)
    (found,) = check("en", ["With it White pins Black's last checker on its own ", src, "-point."])
    assert found[1] == ("`{{ s.show.moves[0].src }}` prints a point in White's own numbering (4) as Black's own "
                        "point: Black numbers that point from the other side")
    assert check("en", ["White plays from its own ", src, "-point."]) == []
    assert check("en", ["Black's ", src, "-point is empty."])
    assert check("en", ["White's ", src, "-point is empty."]) == []
    assert check("en", ["White hits Black's blot on the ", src, "-point."]) == []  # the mover's numbering: not judged
    tr = facts("tapa/mother-pin", "tr")
    src = ("{{ s.show.moves[0].src }}", tr.show.moves[0].src)
    assert check("tr", ["Beyaz, Siyah'ın kendi ", src, " numaralı hanesindeki son pulunu tapalar."])
    assert check("tr", ["Beyaz kendi ", src, " numaralı hanesinden oynar."]) == []
    el = facts("tapa/mother-pin", "el")
    assert check("el", ["Το πούλι στη θέση ", ("{{ s.show.moves[0].src }}", el.show.moves[0].src), " των Μαύρων."])


def test_the_check_runs_with_every_printed_text():
    rc = facts("pips/race", "en")
    text, source = "", "{{ rc.pip_lead.side }} is on roll."
    with recording():
        text = mark(1, rc.pip_lead.side, False, 0) + " is on roll."
    found = printed_text_problems(text, "en", "p.md", source, 3, {"white": "White", "black": "Black"}, None)
    assert [(p.line, p.col, p.rule) for p in found if p.rule == "role"] == [(3, 1, "role")]


def test_a_bad_roles_section_is_a_located_error(tmp_path, monkeypatch):
    monkeypatch.setattr(langlex, "LEXICONS_DIR", tmp_path)
    clear = (langlex.document, langlex.text_rules, langlex._table, sideroles.role_words)
    for f in clear:
        f.cache_clear()
    try:
        (tmp_path / "xx.yaml").write_text("roles:\n  sides: {white: white}\n  on_roll:\n    - 'is on roll'\n",
                                          encoding="utf-8")
        with pytest.raises(langlex.LanguageWordsError) as e:
            sideroles.role_words("xx")
        assert "xx.yaml:4:7: error: a pattern of on_roll holds {side}" in str(e.value)
        (tmp_path / "yy.yaml").write_text("roles:\n  sides: {white: green}\n", encoding="utf-8")
        with pytest.raises(langlex.LanguageWordsError, match="sides maps a word to white or black"):
            sideroles.role_words("yy")
        (tmp_path / "zz.yaml").write_text("points: {}\n", encoding="utf-8")
        assert sideroles.role_words("zz") is None
    finally:
        for f in clear:
            f.cache_clear()


def test_a_sequence_said_in_the_wrong_order():
    from tavla_docs.site.facts.rules import RuleFacts
    from tavla_docs.variants import ruleset

    route = RuleFacts(ruleset("uzun"), "en").route_of("black")  # 12–1, then 24–13
    first, last = ("{{ route.first }}", route.first), ("{{ route.last }}", route.last)
    (found,) = check("en", ["On the board that is points ", last, ", then ", first, "."])
    assert found == (29, "`{{ route.last }}` prints item 2 of its sequence (24–13) before item 1 (12–1), "
                         "where the words say it comes first")
    assert check("en", ["On the board that is points ", first, ", then ", last, "."]) == []
    tr = RuleFacts(ruleset("uzun"), "tr").route_of("black")
    assert check("tr", ["Tahtada önce ", ("{{ route.last }}", tr.last), ", sonra ", ("{{ route.first }}", tr.first),
                        " numaralı hanelerden geçer."])
    assert check("tr", ["Tahtada önce ", ("{{ route.first }}", tr.first), ", sonra ", ("{{ route.last }}", tr.last),
                        " numaralı hanelerden geçer."]) == []


def test_a_one_item_sequence_said_as_two():
    """White's Uzun tavla route is one run (24–1): "X, then Y" over its first and last prints that run
    twice, which a sentence about Black's two runs became when it read White's route."""
    from tavla_docs.site.facts.rules import RuleFacts
    from tavla_docs.variants import ruleset

    route = RuleFacts(ruleset("uzun"), "en").route_of("white")
    first, last = ("{{ route.first }}", route.first), ("{{ route.last }}", route.last)
    (found,) = check("en", ["On the board that is points ", first, ", then ", last, "."])
    assert found == (29, "`{{ route.first }}` prints item 1 of its sequence (24–1), and so does the value after it "
                         "(24–1), where the words say one comes after the other: the sequence has one item here, so "
                         "it may be another side's or another game's")
