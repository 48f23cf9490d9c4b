"""The reader checks made general from round 4 of the red team: a loop over a part of a helper's
list, a legend's examples against the page's game, comparison rows marked by their cells, a table
header from another table, a side named in the wrong role, a pip lead from another position, the
rule's most moves after "only", a move's landing point named as where a checker stands, a fact
about another point right after a sentence naming a point, and typed throw names and number words.
Each fault is planted and must be reported, located; the good text beside it must pass."""
from __future__ import annotations

import gettext

from tavla_docs.site.audit.dicenames import roll_of
from tavla_docs.site.audit.loops import loop_problems
from tavla_docs.site.audit.partialrules import legend_problems, row_mark_problems
from tavla_docs.site.audit.patterns import find_facts
from tavla_docs.site.audit.printed import printed_text_problems
from tavla_docs.site.audit.tablecolumns import column_problems
from tavla_docs.site.facts.numerals import Num
from tavla_docs.site.facts.plays import role
from tavla_docs.site.facts.rules import RuleFacts
from tavla_docs.site.facts.values import Text
from tavla_docs.site.provenance import Subject, mark, recording, roll_group
from tavla_docs.site.tablelabels import BEAROFF_COLUMNS
from tavla_docs.variants import ruleset

SIDES = {"white": "White", "black": "Black"}


def _render(parts: list[object]) -> tuple[str, str]:
    """(marked text, source) from a list of template text (str) and printed values ((tag, value))."""
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
    return text, source


def _problems(parts: list[object], lang: str = "en") -> list[str]:
    text, source = _render(parts)
    return [p.message for p in printed_text_problems(text, lang, "x.md", source, 1, SIDES, None)]


# --- loops --------------------------------------------------------------------------------

def test_a_sliced_or_filtered_loop_over_a_helpers_list_is_reported_at_its_line():
    body = "Each player starts with {{ r.checkers }} checkers:\n{% for p, n in r.start[1:] %}{{ n }}{% endfor %}."
    (p,) = loop_problems(body, "x.md", 3)
    assert (p.line, p.col, p.rule) == (4, 1, "loop")
    assert "`r.start[1:]`, a part of `r.start`" in p.message
    (q,) = loop_problems("{% for p, n in r.start if n != 3 %}{{ n }}{% endfor %}", "x.md", 1)
    assert "`r.start if n != 3`" in q.message
    (f,) = loop_problems("{% for x in s.points|reject('eq', 6) %}{{ x }}{% endfor %}", "x.md", 1)
    assert "part of `s.points`" in f.message


def test_a_whole_list_and_a_literal_list_pass():
    assert loop_problems("{% for p, n in r.start %}{{ n }}{% endfor %}", "x.md", 1) == []
    assert loop_problems("{% for n in [1, 2, 3][1:] %}{{ n }}{% endfor %}", "x.md", 1) == []


# --- partials: the legend and the comparison table --------------------------------------

LEGEND = ("<code>9/3</code> moves;\n<code>bar/23</code> enters a hit checker from the bar on point 23;\n"
          "<code>13/7&#42;</code> hits on 7;\n<code>6/2(2)</code> moves two checkers.")


def test_a_legend_for_a_game_without_bar_or_hits_must_not_explain_them():
    found = legend_problems(LEGEND, LEGEND, "templates/notation_legend.html", ruleset("gulbara"))
    assert [(p.line, p.rule) for p in found] == [(2, "legend"), (3, "legend")]
    assert "gulbara has no bar" in found[0].message and "cannot be hit" in found[1].message


def test_a_legend_for_a_game_with_them_and_tapas_pin_pass():
    assert legend_problems(LEGEND, LEGEND, "l.html", ruleset("tavla")) == []
    no_bar = LEGEND.replace("<code>bar/23</code> enters a hit checker from the bar on point 23;\n", "")
    assert [p.message for p in legend_problems(no_bar, no_bar, "l.html", ruleset("tapa"))] == []
    assert legend_problems(LEGEND, LEGEND, "l.html", None) == []


SUMMARY_SRC = '<tr{% if compare and not row.differs %} class="tavla-differs"{% endif %}>'


def _summary(rows: list[tuple[str, bool, list[str]]]) -> str:
    out = "<table>"
    for label, marked, cells in rows:
        cls = ' class="tavla-differs"' if marked else ""
        out += f"<tr{cls}><th>{label}</th>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"
    return out + "</table>"


def test_comparison_rows_are_marked_exactly_when_their_cells_differ():
    wrong = _summary([("Bar", True, ["yes", "yes"]), ("Hits", False, ["yes", "no"])])
    found = row_mark_problems(wrong, SUMMARY_SRC, "templates/rules_summary.html")
    assert [p.line for p in found] == [1, 1]
    assert 'the row "Bar" is marked as differing, but every game has yes' in found[0].message
    assert 'the row "Hits" is not marked, but the games differ: yes / no' in found[1].message
    right = _summary([("Bar", False, ["yes", "yes"]), ("Hits", True, ["yes", "no"])])
    assert row_mark_problems(right, SUMMARY_SRC, "t.html") == []


def test_a_header_that_heads_another_tables_column_is_reported():
    src = "<table><thead><tr><th>{{ _('P') }}</th><th>{{ _('W') }}</th></tr></thead>\n" \
          "<tbody><tr><td>{{ row.label }}</td><td>{{ row.expected }}</td></tr></tbody></table>"
    with recording():
        html = ("<table><thead><tr><th>" + mark(1, "Position", False, 0) + "</th><th>"
                + mark(1, "Side on roll wins", False, 1) + "</th></tr></thead>\n<tbody><tr><td>"
                + mark(2, "6-point", False, 2) + "</td><td>" + mark(2, "7.9", False, 3) + "</td></tr></tbody></table>")
        good = html.replace("Side on roll wins", "Expected rolls")
    t = gettext.NullTranslations()
    (p,) = column_problems(html, src, "t.html", BEAROFF_COLUMNS, t)
    assert "heads another table's chance column" in p.message and '"Expected rolls"' in p.message
    assert column_problems(good, src, "t.html", BEAROFF_COLUMNS, t) == []


# --- roles: the side on roll, the pip lead, "only" ---------------------------------------

def _roll(high: int, low: int) -> Num:
    return Num(high * 10 + low, "en").on(Subject(group=roll_group(high, low), outcome="mixed"))


def test_the_side_not_on_roll_named_as_the_one_with_the_figures_roll():
    def side(name: str, meaning: str) -> Text:
        return role(Text(name), meaning, Subject(group=roll_group(4, 3)))

    bad = _problems(["So in the position below ", ("{{ f.opponent }}", side("Black", "opponent")),
                     ", with a roll of ", ("{{ f.roll }}", _roll(4, 3)), ", cannot bear off."])
    assert bad == ["`{{ f.opponent }}` names Black, the side not on roll in this figure, as the one with its roll "
                   "(43): White is on roll"]
    assert _problems(["So ", ("{{ f.turn }}", side("White", "turn")), ", with a roll of ",
                      ("{{ f.roll }}", _roll(4, 3)), ", cannot bear off."]) == []
    assert _problems([("{{ f.opponent }}", side("Black", "opponent")), "'s blot is safe from ",
                      ("{{ f.roll }}", _roll(4, 3)), "."]) == []


def test_a_pip_lead_beside_the_leader_of_another_position():
    w, rc = Subject(group=11), Subject(group=12)
    bad = _problems(["In the diagram ", ("{{ w.pip_lead.side }}", role(Text("White"), "lead", w)), " leads by ",
                     ("{{ rc.pip_lead.by }}", Num(6, "en").of_side("white", "lead").on(rc)), " pips."])
    assert len(bad) == 1 and "the pip lead of another position (6) than `{{ w.pip_lead.side }}`" in bad[0]
    assert _problems(["In the diagram ", ("{{ w.pip_lead.side }}", role(Text("White"), "lead", w)), " leads by ",
                      ("{{ w.pip_lead.by }}", Num(7, "en").of_side("white", "lead").on(w)), " pips."]) == []


def test_the_rules_most_moves_after_only_in_a_sentence_about_the_figures_roll():
    most = RuleFacts(ruleset("gulbara"), "en").double_moves
    bad = _problems(["with ", ("{{ s.roll }}", _roll(5, 5)), " White can play only ",
                     ("{{ s.rules.double_moves.words }}", most.words), " fives."])
    assert len(bad) == 1 and "after \"only\"" in bad[0]
    assert _problems(["A double is played ", ("{{ r.double_moves.words }}", most.words), " times."]) == []
    assert _problems(["with ", ("{{ s.roll }}", _roll(5, 5)), " White plays ",
                      ("{{ s.rules.double_moves.words }}", most.words), " fives."]) == []


# --- subjects: a landing point, a point after a sentence about another -------------------

def test_a_moves_landing_point_named_as_where_the_checker_stands():
    dst = Num(2, "en").of_side(None, "point").on(Subject(group=5, move=1, landing=True))
    src = Num(6, "en").of_side(None, "point").on(Subject(group=5, move=1))
    bad = _problems(["You have a single checker on the ", ("{{ t.show.moves[0].dst }}", dst), "-point."])
    assert bad == ["`{{ t.show.moves[0].dst }}` prints the point move 1 lands on (2), where the words say a checker "
                   "stands there: before the move it stands on the point the move starts from"]
    assert _problems(["You have a single checker on the ", ("{{ t.show.moves[0].src }}", src), "-point."]) == []
    assert _problems(["The six takes it to the ", ("{{ t.show.moves[0].dst }}", dst), "-point."]) == []
    assert _problems(["The play leaves a checker on the ", ("{{ t.show.moves[0].dst }}", dst), "-point."]) == []
    tr = Num(2, "tr").of_side(None, "point").on(Subject(group=5, move=1, landing=True))
    assert len(_problems([("{{ s.show.moves[0].dst.ordinal }}", tr), " hanede tek pulunuz var."], "tr")) == 1


def test_a_fact_about_another_point_right_after_a_sentence_naming_a_point():
    five = Num(5, "en").of_side(None, "point").on(Subject(names=5))
    six = Num(6, "en").of_side(None, "point").on(Subject(names=6))
    count = Num(25, "en").on(Subject(group=3, point=6, outcome="success"))
    parts: list[object] = ["Your last checker is on the ", ("{{ a }}", five), "-point. It comes off with ",
                           ("{{ o6.count }}", count), " rolls."]
    bad = _problems(parts)
    assert bad == ["`{{ o6.count }}` prints a fact about the 6-point (25) right after a sentence about the 5-point"]
    assert _problems([parts[0], ("{{ a }}", six), *parts[2:]]) == []
    assert _problems([parts[0], ("{{ a }}", five), "-point.\n\nIt comes off with ", parts[3], parts[4]]) == []


# --- typed words ---------------------------------------------------------------------------

def test_penci_and_a_pair_of_are_facts():
    assert roll_of("penci dü") == (5, 2) and roll_of("pençi se") == (5, 3)
    assert [f.text for f in find_facts("penci dü geldi", "tr")] == ["penci dü"]
    assert [f.text for f in find_facts("over a pair of turns, a couple of rolls", "en")] == ["pair of", "couple of"]


def test_a_rulesets_double_moves_says_it_is_the_most():
    assert RuleFacts(ruleset("tavla"), "en").double_moves.about == Subject(group=61000)
