"""A rule option's non-default value stated as the game's rule (issue 25, round 9).

A page's `rules("game", option=…)` that is not the game's own rules (`site/audit/optvariants.py`):
every sentence and table column it changes must say it is a variant, else an error at the
sentence (a table: at the option) naming the option and the game's own value. A project's rules
table template that moves cells away from their game's header (`site/audit/summarycells.py`).
A declared rule sentence that lists an option's values lists the game's own (`site/audit/optvalues.py`).
Each fault is planted in a page rendered by the real renderer; the same pages saying "if … is
played", "isteğe bağlı", or with the game's own rules pass."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site import provenance
from tavla_docs.site.audit.optcalls import variant_calls
from tavla_docs.site.audit.optvariants import says_variant
from tavla_docs.site.renderer import SiteRenderer
from tests.site.conftest import tiny_project


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tiny_project(tmp_path_factory.mktemp("fitopt"), "# T\n", "# T\n", {})


def problems(project: Path, body: str, lang: str = "en") -> list[tuple[int, int, str, str]]:
    r = SiteRenderer(project, cache_dir=None)
    out = r.render_page("Intro.\n\n" + body + "\n", path=f"content/{lang}/x.md", lang=lang)
    assert not provenance.MARK_CHARS.search(out.markdown), "marks never reach the site"
    return [(p.line, p.col, p.rule, p.message) for p in out.problems]


PLANTED = [
    # the corpus's kind: an {% if %} on the option picks the variant's sentence
    ("en", '{% set r = rules("gulbara", head_rule=True) %}\n- {% if r.option("head_rule") %}Only one checker may '
     'leave the head per turn.{% else %}Any number of checkers may leave the head.{% endif %}',
     '"Only one checker may leave the head per turn." is printed only because of rules("gulbara", head_rule=True), '
     "where gulbara is played with head_rule=False"),
    # new: another game and option, English
    ("en", '{% set r = rules("tavla", closed_board_skips_roll=False) %}\nFacing a closed board, '
     '{% if r.closed_board_skips_roll %}a player does not roll.{% else %}a player still rolls the dice.{% endif %}',
     'rules("tavla", closed_board_skips_roll=False), where tavla is played with closed_board_skips_roll=True'),
    # new: Turkish, a string option
    ("tr", '{% set g = rules("gulbara", unplayable_remainder="opponent") %}\nOynanamayan sayıda hamle durur. '
     '{% if g.option("unplayable_remainder") == "forfeit" %}Kalan sayılar yanar.{% else %}Kalan sayıları rakip '
     'oynar.{% endif %}',
     "where gulbara is played with unplayable_remainder='forfeit'"),
    # new: Turkish, the block rule switched off in Uzun tavla
    ("tr", '{% set u = rules("uzun", six_block_rule=False) %}\n{% if u.option("six_block_rule") %}Altı kapı yan '
     'yana yapılamaz.{% else %}Bir oyuncu istediği kadar kapıyı yan yana tutabilir.{% endif %}',
     "where uzun is played with six_block_rule=True"),
    # new: a printed value, not an {% if %}: the scoring with katmerli mars switched on
    ("en", '{% set p = rules("tavla", katmerli_mars=True).points %}\nA win is worth {{ p.single }} point, a mars '
     '{{ p.mars }}{% if p.katmerli_mars is defined %} and a katmerli mars {{ p.katmerli_mars }}{% endif %}.',
     "where tavla is played with katmerli_mars=False"),
]


@pytest.mark.parametrize(("lang", "body", "message"), PLANTED)
def test_a_variant_stated_as_the_game_s_rule_is_located(project: Path, lang: str, body: str, message: str) -> None:
    found = [f for f in problems(project, body, lang) if f[2] == "variant"]
    assert found and message in found[0][3], problems(project, body, lang)
    line, col = found[0][0], found[0][1]
    typed = ("Intro.\n\n" + body).splitlines()[line - 1]
    assert line >= 4 and col >= 1 and "rules(" not in typed, (line, typed)  # at the sentence, not the call


TABLES = [
    ('{% set b = rules("backgammon", crawford=False) %}\n{{ rules_summary([rules("tavla").ruleset, b.ruleset]) }}',
     '"Backgammon" is built from rules("backgammon", crawford=False), where backgammon is played with crawford=True'),
    ('{{ rules_summary([ruleset("tavla", katmerli_mars=True), "backgammon"]) }}',
     'is built from ruleset("tavla", katmerli_mars=True), where tavla is played with katmerli_mars=False'),
    ('{% set t = rules("tapa", mother_rule=False) %}\n{{ rules_summary([t.ruleset, "gulbara"]) }}',
     "where tapa is played with mother_rule=True"),
]


@pytest.mark.parametrize(("body", "message"), TABLES)
def test_a_table_column_of_a_variant_under_the_game_s_name_is_located_at_the_option(
        project: Path, body: str, message: str) -> None:
    found = [f for f in problems(project, body) if f[2] == "variant"]
    assert found and message in found[0][3], problems(project, body)
    line, col = found[0][0], found[0][1]
    typed = ("Intro.\n\n" + body).splitlines()[line - 1]
    assert typed[col - 1:].split("=")[0] in ("crawford", "katmerli_mars", "mother_rule"), (line, col, typed)


GOOD = [
    ("en", '{% set r = rules("gulbara", head_rule=True) %}\n- {% if r.option("head_rule") %}If the head rule is '
     'played, only one checker may leave the head per turn.{% else %}Any number of checkers may leave the head.'
     '{% endif %}'),
    ("tr", '{% set r = rules("tavla", katmerli_mars=True) %}\n{% if r.option("katmerli_mars") %}Katmerli mars '
     'oynanıyorsa kaybeden {{ r.points.katmerli_mars }} puan kaybeder.{% endif %}'),
    ("tr", '{% set u = rules("uzun", six_block_rule=False) %}\n{% if u.option("six_block_rule") %}Altı kapı yan '
     'yana yapılamaz.{% else %}Bazı oyuncular bu kuralı oynamaz: istedikleri kadar kapıyı yan yana tutabilirler.'
     '{% endif %}'),
    ("en", '## House rules\n\n{% set r = rules("tavla", closed_board_skips_roll=False) %}\nFacing a closed board, '
     '{% if r.closed_board_skips_roll %}a player does not roll.{% else %}a player still rolls the dice.{% endif %}'),
    ("en", '{% set b = rules("backgammon", crawford=False) %}\n{{ rules_summary([rules("tavla").ruleset, b.ruleset], '
     'caption="Tavla, and backgammon as some clubs play it, without the Crawford rule") }}'),
    # the game's own value, written out: nothing changes
    ("en", '{% set r = rules("uzun", bear_off_overshoot=True) %}\n{% if r.option("bear_off_overshoot") %}A die '
     'larger than the farthest checker bears it off.{% else %}Only the exact number bears off.{% endif %}'),
    ("en", '{{ rules_summary(["tavla", "backgammon"]) }}'),
]


@pytest.mark.parametrize(("lang", "body"), GOOD)
def test_a_variant_that_says_so_passes(project: Path, lang: str, body: str) -> None:
    assert not [f for f in problems(project, body, lang) if f[2] in ("variant", "summary-cell", "option-values")]


def test_the_calls_name_only_the_options_that_differ() -> None:
    found = variant_calls('{% set r = rules("uzun", bear_off_overshoot=False, six_block_rule=True) %}\n'
                          '{{ ruleset("backgammon", cube_max=n) }}{{ rules(katmerli_mars=True).checkers }}')
    assert [(o.call, o.own, o.line) for o in found] == [
        ('rules("uzun", bear_off_overshoot=False)', "bear_off_overshoot=True", 1),
        ('ruleset("backgammon", cube_max=…)', "cube_max=64", 2),  # a computed value may differ
        ('rules("tavla", katmerli_mars=True)', "katmerli_mars=False", 2)]


@pytest.mark.parametrize(("lang", "text", "says"), [
    ("en", "Some players also play the Crawford rule.", True),
    ("en", "Where the Jacoby rule is in force, a gammon counts only after a double.", True),
    ("en", "If the loser still has a checker on the bar, it is a backgammon.", False),
    ("tr", "Katmerli mars isteğe bağlı bir kuraldır.", True),
    ("tr", "Kırıp kaçmak yasağı uygulanıyorsa ev içinde kırılan pulun yanından kaçılamaz.", True),
    ("tr", "Kapalı kapıya pul girmez.", False),
    ("el", "Σε μια παραλλαγή, ο κανόνας Crawford δεν παίζεται.", True),
    ("el", "Αν παίζεται ο κανόνας Crawford, το επόμενο παιχνίδι παίζεται χωρίς κύβο.", True),
])
def test_the_words_that_say_a_variant(lang: str, text: str, says: bool) -> None:
    assert says_variant(text, lang) is says


# --- a project's rules table template that moves cells away from their game's header

SORTED = """<table data-tavla="summary">
<thead><tr><th>{{ _("Rule") }}</th>{% for name in names %}<th>{{ name }}</th>{% endfor %}</tr></thead>
<tbody>
{% for row in rows %}
<tr data-rule="{{ row.key }}"><th scope="row">{{ row.label }}</th>{% for cell in CELLS %}<td>{{ cell }}</td>{% endfor %}</tr>
{% endfor %}
</tbody>
</table>
"""


@pytest.mark.parametrize(("cells", "names", "bad"), [
    ("row.cells|reverse", "names", True),
    ("row.cells|sort", "names", True),
    ("row.cells[1:] + row.cells[:1]", "names", True),
    ("row.cells|reverse", "names|reverse", False),  # headers and cells moved together: each cell is its game's
    ("row.cells", "names", False),
])
def test_a_rules_table_cell_under_another_game_s_header_is_an_error(tmp_path: Path, cells: str, names: str,
                                                                      bad: bool) -> None:
    root = tiny_project(tmp_path, "# T\n", "# T\n", {})
    (root / "templates").mkdir()
    (root / "templates" / "rules_summary.html").write_text(
        SORTED.replace("CELLS", cells).replace("in names", f"in {names}"), encoding="utf-8")
    r = SiteRenderer(root, cache_dir=None)
    out = r.render_page('{{ rules_summary(["tavla", "backgammon", "tapa"]) }}\n', path="content/en/x.md", lang="en")
    found = [p for p in out.problems if p.rule == "summary-cell"]
    assert bool(found) is bad, [p.format() for p in out.problems]
    if bad:
        assert found[0].path.endswith("rules_summary.html") and found[0].line == 5
        assert found[0].message.startswith("the rules table's cell under \"") and ", which is " in found[0].message


# --- a declared sentence that lists an option's values

@pytest.mark.parametrize(("lang", "body", "bad"), [
    ("en", "When a player's first roll is {% for d in z.die_faces %}{{ z.roll(d, d) }}{% if not loop.last %}, "
     "{% endif %}{% endfor %}, two checkers may leave the head. {{ states(\"head_exception\") }}", True),
    ("tr", "İlk atışında {% for d in [6, 4] %}{{ d }}-{{ d }} {% endfor %}gelirse baştan iki pul çıkabilir. "
     "{{ states(\"head_exception\") }}", True),
    ("en", "When a player's first roll is {% for d in z.option(\"head_exception_doubles\") %}{{ z.roll(d, d) }}"
     "{% if not loop.last %}, {% endif %}{% endfor %}, two checkers may leave the head. "
     "{{ states(\"head_exception\") }}", False),
])
def test_a_declared_sentence_lists_the_option_s_own_values(project: Path, lang: str, body: str, bad: bool) -> None:
    found = [f for f in problems(project, '{% set z = rules("uzun") %}\n' + body, lang) if f[2] == "option-values"]
    assert bool(found) is bad, found
    if bad:
        assert found[0][0] == 4 and "head_exception_doubles is 6-6, 4-4 and 3-3" in found[0][3]
