"""Rule sentences against the rules (`site/audit/statements.py`, the lexicon `site/statements.yaml`):
false statements in both languages are caught and located, true ones pass, a sentence naming
another game is judged against that game, and the lexicon's own mistakes are located."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tavla_docs.site.audit.lexicon import LexiconError, lexicon
from tavla_docs.site.audit.rulesurfaces import catalog_statements, front_matter_statements
from tavla_docs.site.audit.statements import page_rules, statement_problems
from tavla_docs.site.provenance import mark, recording
from tavla_docs.variants import ruleset


def problems(text: str, lang: str, game: str | None = "tavla", **options: object) -> list[str]:
    rules = ruleset(game, **options) if game else None
    return [f"{p.line}:{p.col}: {p.message}" for p in statement_problems(text, lang, "p.md", text, 1, rules)]


FALSE = [  # (language, the page's game, a false sentence, what the message must name)
    ("en", "tavla", "Bearing off is compulsory whenever you can.", "bearing off is never compulsory"),
    ("tr", "tavla", "Pul toplamak zorunludur.", "bearing off is never compulsory"),
    ("en", "tavla", "If there is no legal move, the player rolls again.", "passes to the opponent"),
    ("tr", "tavla", "Oynayacak hamle yoksa oyuncu zarları yeniden atar.", "passes to the opponent"),
    ("en", "backgammon", "Black moves counter-clockwise.", "Black moves clockwise"),
    ("tr", "backgammon", "Siyah saat yönünün tersine ilerler.", "Black moves clockwise"),
    ("en", "tapa", "There is a bar: a hit checker waits there.", "in Tapa, there is no bar"),
    ("tr", "tapa", "Tapalanmış pul yine de hareket edebilir.", "cannot move"),
    ("en", "tapa", "A pinned checker may still move.", "cannot move"),
    ("en", "backgammon", "The player who offers a double keeps the cube.", "takes a double owns the cube"),
    ("tr", "backgammon", "Katlamayı teklif eden oyuncu küpün sahibi olur.", "takes a double owns the cube"),
    ("en", "tavla", "Tavla is played with the doubling cube.", "there is no doubling cube"),
    ("tr", "tavla", "Katlama zarı da kullanılır.", "there is no doubling cube"),
    ("en", "uzun", "Any number of checkers may leave the head.", "only one checker may leave the head"),
    ("tr", "uzun", "Baş kuralı yoktur.", "only one checker may leave the head"),
    ("en", "tavla", "Borne-off checkers come back into play.", "stays off"),
    ("tr", "tavla", "Toplanan pullar oyuna geri döner.", "stays off"),
    ("en", "uzun", "The opponent still gets a last roll.", "no last roll"),
    ("en", "gulbara", "The winner of the opening roll plays the two opening dice.", "rolls both dice again"),
    ("tr", "uzun", "Büyük atan, atılan iki zarı oynayarak başlar.", "rolls both dice again"),
    ("en", "tavla", "A checker may not pass over closed points.", "may pass over closed points"),
    ("en", "tavla", "There is a katmerli mars: it is a katmerli mars, 3 points.", "no 3-point result"),
]


@pytest.mark.parametrize(("lang", "game", "sentence", "named"), FALSE)
def test_a_false_rule_sentence_is_an_error_naming_the_rule(lang: str, game: str, sentence: str, named: str) -> None:
    found = problems(sentence, lang, game)
    assert found, sentence
    assert named in found[0], found


TRUE = [
    ("en", "tavla", "Bearing off is never compulsory: you may play inside your home board instead."),
    ("tr", "tavla", "Pul toplamak zorunlu değildir."),
    ("en", "tavla", "If there is no move to play, the turn passes."),
    ("tr", "tavla", "Oynanacak hamle yoksa sıra rakibe geçer."),
    ("en", "backgammon", "White moves counter-clockwise and Black moves clockwise."),
    ("en", "tapa", "There is no bar. A pinned checker cannot move until the checker on top leaves."),
    ("en", "uzun", "Only one checker may leave the head per turn."),
    ("en", "tavla", "There is no doubling cube."),
    # the paragraph names the Crawford game: "this game" is that one, not backgammon
    ("en", "backgammon", "The Crawford game: 4-1 in a match to 5. The cube is not used in this game."),
    ("tr", "backgammon", "Crawford eli: 5 puanlık maçta durum 4-1. Bu elde katlama zarı kullanılmaz."),
    # the possible results listed, and a rule stated under the option that makes it
    ("tr", "tavla", "Sonuç tek oyun, mars ya da katmerli mars olur."),
    ("tr", "tavla", "Katmerli mars kuralıyla oynuyorsanız, barda pulunuz varken mars olursanız katmerli mars olur."),
    ("en", "tavla", "If you play with the katmerli mars rule, a gammon with a checker on the bar is a backgammon."),
    ("en", "backgammon", "If your opponent takes, the cube passes to them; "
                         "if they pass, they lose the game at the current value."),
    ("en", "backgammon", "The next game (the Crawford game) is played without the cube."),
    ("tr", "tavla", "Pul toplamak zorunlu mu?"),
    ("en", "tavla", "Is bearing off compulsory?"),
    ("en", "tavla", "If the loser also has a checker on the bar, it is a katmerli mars. Katmerli mars is an optional rule."),
]


@pytest.mark.parametrize(("lang", "game", "sentence"), TRUE)
def test_a_true_rule_sentence_passes(lang: str, game: str, sentence: str) -> None:
    assert problems(sentence, lang, game) == []


def test_an_option_changes_the_truth() -> None:
    sentence = "It is a katmerli mars (backgammon), worth 3 points."
    assert problems(sentence, "en", "tavla")
    assert problems(sentence, "en", "tavla", katmerli_mars=True) == []


def test_a_sentence_naming_another_game_is_judged_against_that_game() -> None:
    assert problems("In Tapa there is no bar.", "en", "tavla") == []
    assert problems("Tapa'da bar yoktur.", "tr", "tavla") == []
    assert "in Tapa" in problems("Tapa has a bar.", "en", "tavla")[0]
    assert "in Uzun tavla" in problems("Uzun tavlada tek pul kırılır.", "tr", "tavla")[0]
    # a game named after a comparison is not the subject
    assert problems("Unlike Tapa, tavla has a bar.", "en", "tapa") == []
    assert problems("Tapa'dan farklı olarak tavlada bar vardır.", "tr", "tapa") == []
    # a game named as a modifier, or as a link, is not the subject either
    assert problems("Nor is there the block rule of [Uzun tavla](uzun-tavla.md): a player may hold any number of "
                    "points in a row.", "en", "gulbara") == []
    assert problems("[Uzun tavla](uzun-tavla.md)'s ban does not apply: a player may hold any number of points in a row.",
                    "en", "gulbara") == []
    # each clause speaks of its own game
    text = "The winner starts under Turkish rules by rolling both dice again; in backgammon, by playing the opening dice."
    assert problems(text, "en", "tavla") == []
    swapped = "The winner starts under Turkish rules by playing the opening dice; in backgammon, by rolling both dice again."
    assert len(problems(swapped, "en", "tavla")) == 2


def test_the_paragraph_and_the_heading_carry_the_game() -> None:
    assert problems("Tapa is different. There is no bar.", "en", "tavla") == []
    assert problems("## Tapa\n\nThere is no bar.", "en", "tavla") == []
    assert problems("## Tapa\n\nThere is a bar.", "en", "tavla")


def test_the_rendered_branch_is_judged_and_located_at_its_source_line() -> None:
    source = ("# Rules\n\n{% if r.option('x') %}\nThe turn passes.\n{% else %}\n"
              "You roll again if there is no move to play.\n{% endif %}\n")
    rendered = "# Rules\n\n\nYou roll again if there is no move to play.\n\n"
    found = statement_problems(rendered, "en", "p.md", source, 1, ruleset("tavla"))
    assert [(p.line, p.col, p.rule) for p in found] == [(6, 5, "rule")]
    assert found[0].hint and "rules()" in found[0].hint


def test_a_printed_sentence_is_located_at_the_tag_that_printed_it() -> None:
    source = 'Intro.\n\n{{ _("Black moves counter-clockwise.") }}\n'
    with recording():
        marked = "Intro.\n\n" + mark(3, "Black moves counter-clockwise.", False, 0) + "\n"
    found = statement_problems(marked, "en", "p.md", source, 4, ruleset("backgammon"))
    assert [(p.line, p.col) for p in found] == [(6, 1)]


def test_a_helpers_computed_text_is_the_engines() -> None:
    from tavla_docs.site.provenance import FactMarkup

    with recording():
        marked = mark(1, FactMarkup("Black moves counter-clockwise."), False, 0)
    assert statement_problems(marked, "en", "p.md", "{{ x }}", 1, ruleset("backgammon")) == []


def test_the_pages_game() -> None:
    assert page_rules('{% set r = rules("tapa") %}').variant == "tapa"
    assert page_rules('{% set r = rules("tavla", katmerli_mars=True) %}').option("katmerli_mars") is True
    assert page_rules('{{ diagram("uzun/start") }}', lambda name: ruleset("uzun")).variant == "uzun"
    assert page_rules("no game") is None


def test_front_matter_and_typed_captions() -> None:
    body = '{% set r = rules("uzun") %}\n\n{{ diagram("uzun/x", caption="Blots can be hit here.") }}\n'
    found = front_matter_statements("p.md", 'title: Uzun tavla\nsummary: "both sides moving in opposite directions"', "en",
                                    "error", body, 5)
    assert [(p.line, p.col) for p in found] == [(3, 10), (7, 31)]
    assert "Uzun tavla" in found[0].message


def test_a_translation_may_not_state_the_opposite_of_its_msgid(tmp_path: Path) -> None:
    po = tmp_path / "messages.po"
    po.write_text(textwrap.dedent('''\
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"

        msgid "There is no bar."
        msgstr "Bar vardır."

        msgid "Bearing off is never compulsory."
        msgstr "Pul toplamak zorunlu değildir."

        msgid "Same direction"
        msgstr "Same direction (both clockwise)"
        '''), encoding="utf-8")
    found = catalog_statements(po, "tr", "messages.po", "error")
    assert [p.line for p in found] == [6]
    assert "where its msgid denies" in found[0].message or "where its msgid says" in found[0].message
    found_en = catalog_statements(po, "en", "messages.po", "error")
    assert any(p.line == 12 and "White moves clockwise" in p.message for p in found_en)


LEXICON = """\
variants:
  tavla: {en: ['tavla'], tr: ['tavla']}
contrast: {}
facts:
  bar: {read: summary.bar, says: {true: 'there is a bar', false: 'there is no bar'}}
statements:
"""


@pytest.mark.parametrize(("entry", "line", "words"), [
    ("  - {fact: bars, says: true, en: ['has a bar']}\n", 7, "names no known fact"),
    ("  - {fact: bar, says: maybe, en: ['has a bar']}\n", 7, "'maybe' is not a value"),
    ("  - {fact: bar, says: true, en: ['has (a bar']}\n", 7, "not a regular expression"),
    ("  - {fact: bar, says: true}\n", 7, "has no patterns"),
    ("  - {fact: bar, says: true, says_not: false, en: ['x']}\n", 7, "says: (the value it states) or says_not"),
    ("  - {fact: bar, says: true, fr: ['x']}\n", 7, "unknown key 'fr'"),
])
def test_the_lexicons_mistakes_are_located(tmp_path: Path, entry: str, line: int, words: str) -> None:
    path = tmp_path / "statements.yaml"
    path.write_text(LEXICON + entry, encoding="utf-8")
    with pytest.raises(LexiconError) as e:
        lexicon(path)
    first = str(e.value).splitlines()[0]
    assert first.startswith(f"{path}:{line}:"), first
    assert words in first
    assert "hint:" in str(e.value)


def test_a_bad_fact_and_bad_yaml_are_located(tmp_path: Path) -> None:
    path = tmp_path / "statements.yaml"
    path.write_text(LEXICON.replace("read: summary.bar", "read: engine.bar") + "  []\n", encoding="utf-8")
    with pytest.raises(LexiconError, match=r":5:\d+: error: read is one of"):
        lexicon(path)
    path.write_text("variants: [\n", encoding="utf-8")
    with pytest.raises(LexiconError, match=r"statements.yaml:\d+:\d+: error: invalid YAML"):
        lexicon(path)


def test_the_shipped_lexicon_covers_every_game_and_both_languages() -> None:
    lex = lexicon()
    from tavla_docs.variants.registry import variants

    assert set(lex.variants) == set(variants())
    for st in lex.statements:
        assert st.patterns, st
    assert all(any(lang in st.patterns for st in lex.statements if st.fact == f) for f in lex.facts for lang in ("en",)
               if any(st.fact == f for st in lex.statements))


SCENARIO = """variant: tapa
position:
  white: {24: 14, 8: 1}
  black: {1: 14, 5: 1}
turn: white
roll: 3-1
show: 24/23 8/5*
expect:
  plays: 5
caption:
  tr: "{{ s.roll }} ile tek pul tapalanır."
  en: "With {{ s.roll }} the lone checker is pinned."
"""


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    from tests.site.conftest import tiny_project

    (tmp_path / "p").mkdir()
    return tiny_project(tmp_path / "p", "# T\n", "# T\n", {"tapa/a": SCENARIO})


def test_a_caption_is_judged_against_its_scenarios_game(project: Path) -> None:
    from tavla_docs.site.errors import PageError
    from tavla_docs.site.renderer import SiteRenderer

    r = SiteRenderer(project, cache_dir=None)
    assert r.render_page('{{ diagram("tapa/a") }}\n', path="content/en/x.md", lang="en").problems == []
    bad = SCENARIO.replace("the lone checker is pinned.", "the lone checker is hit and goes to the bar.")
    (project / "scenarios" / "tapa" / "a.yaml").write_text(bad, encoding="utf-8")
    with pytest.raises(PageError) as e:
        SiteRenderer(project, cache_dir=None).render_page('{{ diagram("tapa/a") }}\n', path="content/en/x.md", lang="en")
    assert "a.yaml:12:" in str(e.value) and "in Tapa, a checker landing on a lone opposing checker pins it" in str(e.value)


def test_a_page_without_rules_speaks_of_its_figures_game(project: Path) -> None:
    from tavla_docs.site.renderer import SiteRenderer

    r = SiteRenderer(project, cache_dir=None)
    page = '{{ diagram("tapa/a") }}\n\nA hit checker goes to the bar.\n'
    found = r.render_page(page, path="content/en/x.md", lang="en").problems
    assert [(p.line, p.rule) for p in found] == [(3, "rule")]
    assert "in Tapa" in found[0].message


def test_an_inverted_if_is_caught_by_what_its_branch_says(project: Path) -> None:
    from tavla_docs.site.renderer import SiteRenderer

    page = ('{% set r = rules("tapa") %}\n\n{% if r.option("mother_rule") %}\nThere is no mother checker rule.\n'
            '{% else %}\nThe mother checker rule is played.\n{% endif %}\n')  # the branches swapped
    found = SiteRenderer(project, cache_dir=None).render_page(page, path="content/en/x.md", lang="en").problems
    assert [(p.line, p.col) for p in found] == [(4, 1)]
    assert "in Tapa, the mother checker rule is played" in found[0].message
    fixed = page.replace("if r.option", "if not r.option")
    assert SiteRenderer(project, cache_dir=None).render_page(fixed, path="content/en/x.md", lang="en").problems == []
