"""The reader checks made general from round 5 of the red team (values bound to what made them):
a table header that is none of its column's labels, or its odds table's label for other rows; a
repeated column's header number against the helper's; a counter label (Step k/N) against the
helper's count; a legend's example against its explanation; a caption's play against its figure's
numbers; a die word against the play its sentence shows; Turkish "X. ve Y. hanelerdeki pullar".
Each fault is planted and must be reported, located; the good text beside it must pass."""
from __future__ import annotations

import gettext
from types import SimpleNamespace

from tavla_docs.engine.board import Side
from tavla_docs.site.audit.counters import counter_problems
from tavla_docs.site.audit.dieplays import die_play_problems
from tavla_docs.site.audit.headnumbers import number_problems
from tavla_docs.site.audit.legendwords import legend_word_problems
from tavla_docs.site.audit.numbering import numbering_fault
from tavla_docs.site.audit.subjects import subject_word_problems
from tavla_docs.site.audit.tablecolumns import column_problems
from tavla_docs.site.facts.numerals import Num
from tavla_docs.site.provenance import Subject, mark, recording
from tavla_docs.site.tablelabels import RACE_COLUMNS, odds_columns

T = gettext.NullTranslations()


def _render(parts: list[object]) -> tuple[str, str]:
    """(marked text, source) from template text (str) and printed values ((tag, value))."""
    text, source, index = "", "", 0
    with recording():
        for part in parts:
            if isinstance(part, tuple):
                tag, value = part
                text += mark(1 + source.count("\n"), value, False, index)
                source += tag
                index += 1
            else:
                text += str(part)
                source += str(part)
    return text, source


def _table(heads: list[str], cells: list[str]) -> tuple[str, str]:
    parts: list[object] = ["<table><thead><tr>"]
    for h in heads:
        parts += ["<th>", ("{{ _('" + h + "') }}", h), "</th>"]
    parts += ["</tr></thead>\n<tbody><tr>"]
    for c in cells:
        parts += ["<td>", ("{{ row." + c + " }}", "7"), "</td>"]
    return _render([*parts, "</tr></tbody></table>"])


def test_a_header_that_is_no_label_of_its_column_is_reported():
    html, src = _table(["Side on roll", "Opponent", "Opponent wins"], ["on_roll", "other", "chance.text"])
    (p,) = column_problems(html, src, "race.html", RACE_COLUMNS, T)
    assert (p.line, p.col) == (1, 83)
    assert p.message.startswith('the header of column 3 says "Opponent wins", which is no label of the cells under')
    assert '"Side on roll wins"' in p.message
    good, src = _table(["Side on roll", "Opponent", "Side on roll wins"], ["on_roll", "other", "chance.text"])
    assert column_problems(good, src, "race.html", RACE_COLUMNS, T) == []


def test_an_odds_header_for_another_count_of_checkers_is_reported():
    html, src = _table(["Where the last checkers are", "Rolls that bear them all off"], ["label", "count"])
    found = column_problems(html, src, "odds.html", odds_columns(1), T)
    assert [p.col for p in found] == [23, 70]
    assert "for other rows than this table's" in found[0].message and '"Where the last checker is"' in found[0].message
    assert column_problems(html, src, "odds.html", odds_columns(3), T) == []
    assert column_problems(html, src, "odds.html", odds_columns(0), T) == []


def test_a_repeated_columns_header_must_say_its_number():
    html, src = _table(["Position", "Expected rolls", "Off in 1 roll", "Off in 1 roll", "Off within 3 rolls"],
                       ["label", "expected.text"])
    (p,) = number_problems(html, src, "bearoff.html", {"within": (1, 2, 3)}, T)
    assert p.message == ('the header of column 4 says "Off in 1 roll", but the helper filled that column for 2 '
                         "(its columns are for 1, 2, 3)")
    good, src = _table(["Position", "Expected rolls", "Off in 1 roll", "Off within 2 rolls", "Off within 3 rolls"],
                       ["label", "expected.text"])
    assert number_problems(good, src, "bearoff.html", {"within": (1, 2, 3)}, T) == []


def test_a_step_label_must_print_the_helpers_frame():
    src = '<figcaption>\n{{ _("Step %(num)d/%(count)d", num=step + 2, count=steps) }} caption</figcaption>'
    counters = {"Step %(num)d/%(count)d": {"num": 3, "count": 3}}
    (p,) = counter_problems("<figcaption>Step 4/3 caption</figcaption>", src, "figure.html", counters, T)
    assert (p.line, p.col, p.message) == (2, 1, 'this label reads "Step 4/3", but the helper drew it for "Step 3/3"')
    assert counter_problems("<figcaption>Step 3/3 caption</figcaption>", src, "figure.html", counters, T) == []


def _legend(count_example: str, rules: object) -> list[str]:
    html, src = _render([f"<code>{count_example}</code> ", ('{{ _("moves two checkers") }}', "moves two checkers"),
                         "; <code>8/5&#42;</code> ", ('{{ _("pins the blot on 5") }}', "pins the blot on 5"), "."])
    return [p.message for p in legend_word_problems(html, src, "legend.html", rules)]


def test_a_legend_example_must_do_what_its_explanation_says():
    tapa = SimpleNamespace(variant="tapa", blot="pin")
    assert _legend("6/2(3)", tapa) == ['the example 6/2(3) moves 3 checkers, but its explanation says "moves two '
                                       'checkers"']
    assert _legend("6/2(2)", tapa) == []
    tavla = SimpleNamespace(variant="tavla", blot="hit")
    assert _legend("6/2(2)", tavla) == ['the example 8/5* is explained as a pin ("pins the blot on 5"), but in '
                                        'tavla * marks a hit']
    (none,) = _legend("6/2(2)", None)
    assert "a legend for no game reads the notation as tavla and backgammon do" in none


def test_a_caption_play_needs_the_movers_numbers():
    black_on_white = SimpleNamespace(turn=Side.BLACK, options=SimpleNamespace(numbers="white"))
    assert numbering_fault("Black plays 24/22 13/9.", black_on_white) == (
        "it prints the play 24/22, written in Black's own numbers, but the figure numbers its points from White's "
        "side")
    assert numbering_fault("Black plays 24/22 13/9.",
                           SimpleNamespace(turn=Side.BLACK, options=SimpleNamespace(numbers="black"))) is None
    assert numbering_fault("Black cannot move.", black_on_white) is None


def _die_then_play(middle: str, die: int = 1) -> list[str]:
    text, src = _render(["A ", ("{{ b.roll.low.words }}", Num(die, "en").of_side(None, "die").on(Subject(die=die))),
                         middle, ('{{ play("5/1") }}', Num(51, "en").on(Subject(dice=(4,))))])
    return [p.message for p in die_play_problems(text, "en", "x.md", src, 1)]


def test_a_die_word_must_be_a_die_of_the_play_its_sentence_shows():
    assert _die_then_play(" with checkers on points 5 and 3: ") == [
        '`{{ b.roll.low.words }}` names the one, but the play its sentence shows, `{{ play("5/1") }}`, is played '
        "with the four"]
    assert _die_then_play(" with checkers on points 5 and 3: ", die=4) == []
    assert _die_then_play(" cannot move; then ") == []  # another sentence part
    assert _die_then_play(" cannot be played, so: ") == []  # says what the die cannot do


def test_turkish_points_joined_by_ve_read_as_where_checkers_stand():
    def caption(first: Subject) -> list[str]:
        text, src = _render([("{{ s.show.moves[0].x }}", Num(2, "tr").on(first)), ". ve ",
                             ("{{ s.show.moves[1].src }}", Num(5, "tr").on(Subject(move=2))),
                             ". hanelerdeki pullar oynanır."])
        return [p.message for p in subject_word_problems(text, "tr", "x.yaml", src, 1)]

    (m,) = caption(Subject(move=1, landing=True))
    assert m.startswith("`{{ s.show.moves[0].x }}` prints the point move 1 lands on (2)")
    assert caption(Subject(move=1)) == []
