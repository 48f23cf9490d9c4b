"""Issue 25, rule sentences in words (third red team's families): each family planted false and
stated true in both languages; text under a rule option's guard judged with the option's value;
a catalog translation that states another rule than its msgid; a glossary entry whose English
names another thing than its Turkish."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site.audit.glossaryterms import swapped
from tavla_docs.site.audit.guards import branches, guard_problems
from tavla_docs.site.audit.lexicon import lexicon
from tavla_docs.site.audit.rulesurfaces import catalog_statements
from tavla_docs.site.audit.statements import judge, truth
from tavla_docs.variants import ruleset

# (language, game, a false sentence, the fact it must be reported under, a true sentence)
FAMILIES = [
    ("en", "tavla", "A play is written with the destination point only.", "notation_points",
     "A play is written as the points each checker moves from and to."),
    ("tr", "tavla", "Hamleler yalnızca pulun gittiği haneyle yazılır.", "notation_points",
     "Hamleler pulun çıktığı ve vardığı haneyle yazılır."),
    ("en", "uzun", "Plays are always written in White's numbers.", "numbering",
     "Plays are written in the mover's own numbers."),
    ("tr", "uzun", "Hamleler her zaman Siyah'ın numaralarıyla yazılır.", "numbering",
     "Hamleler de oynayanın kendi numaralarıyla yazılır."),
    ("en", "backgammon", "A player who drops pays the stake after the double.", "pass_value",
     "A player who passes loses the game at the current value."),
    ("tr", "backgammon", "Teklifi kabul etmeyen oyuncu oyunu iki katına çıkmış değerle kaybeder.", "pass_value",
     "Pas geçen oyuncu oyunu o anki değerle kaybeder."),
    ("en", "tapa", "In Tapa both players move the same way.", "directions",
     "In Tapa the players move in opposite directions."),
    ("tr", "tapa", "Tapa'da iki oyuncu da aynı yöne oynar.", "directions",
     "Tapa'da oyuncular ters yönde oynar."),
    ("en", "gulbara", "An unplayable number is skipped.", "progression_stop",
     "The turn stops at the first number that cannot be played."),
    ("tr", "gulbara", "Oynanamayan sayı atlanır, sonraki sayıyla devam edilir.", "progression_stop",
     "Oynanamayan ilk sayıda sıra biter."),
    ("en", "gulbara", "A player need not play as much of the progression as possible.", "play_max",
     "A player must play as much of the progression as possible."),
    ("tr", "tavla", "Zarların hepsini oynamak zorunda değilsiniz.", "play_max",
     "Oynayabildiğiniz kadar zarı oynamak zorundasınız."),
    ("en", "tavla", "When a checker is hit, bearing off goes on as before.", "hit_stops_bear_off",
     "When a checker is hit, bearing off stops."),
    ("tr", "tavla", "Pulunuz kırılırsa toplama durmaz.", "hit_stops_bear_off",
     "Kırık pul bara gider ve toplama durur."),
    ("en", "tapa", "A pinned checker does not block the bear-off.", "pinned_blocks_bear_off",
     "A pinned checker stops the bear-off."),
    ("tr", "tapa", "Tapalı pul, toplamayı engellemez.", "pinned_blocks_bear_off",
     "Tapalı pul, pul toplamayı durdurur."),
    ("en", "tapa", "A released checker cannot move until the next turn.", "freed_moves",
     "The freed checker may move at once."),
    ("tr", "tapa", "Serbest kalan pul bir sıra bekler.", "freed_moves", "Serbest kalan pul hemen oynayabilir."),
    ("en", "tavla", "In a race, rolling first is a disadvantage.", "on_roll_edge",
     "In a race, being on roll is an advantage."),
    ("tr", "tavla", "Önce zar atmak bir avantaj değildir.", "on_roll_edge", "Önce zar atmak bir üstünlüktür."),
    ("en", "tavla", "The best play here is the play that maximises the chance to win.", "bearoff_best_play",
     "The best play here is the play that minimises the average number of rolls."),
    ("tr", "tavla", "Veritabanı, kazanma şansı en yüksek olan hamleyi seçer.", "bearoff_best_play",
     "En iyi oyun burada, atış sayısını ortalamada en aza indiren hamledir."),
    ("en", "uzun", "A checker is borne off only from the point the die shows.", "bear_off_overshoot",
     "A die higher than the point of your farthest checker bears that checker off."),
    ("tr", "gulbara", "Baştan her sırada en fazla bir pul çıkabilir.", "head_rule",
     "Baştan istenildiği kadar pul çıkabilir."),
]


@pytest.mark.parametrize(("lang", "game", "false", "fact", "true"), FAMILIES, ids=[f"{f[0]}-{f[3]}" for f in FAMILIES])
def test_family_false_is_reported_and_true_passes(lang: str, game: str, false: str, fact: str, true: str) -> None:
    found = judge(false, lang, ruleset(game))
    assert found, false
    assert found[0][0].statement.fact == fact  # type: ignore[union-attr]
    assert judge(true, lang, ruleset(game)) == []


def test_a_fact_follows_the_page_options() -> None:
    sentence = "A checker is borne off only from the point the die shows."
    assert judge(sentence, "en", ruleset("uzun"))
    assert judge(sentence, "en", ruleset("uzun", bear_off_overshoot=False)) == []


def test_the_best_play_fact_is_read_from_the_bear_off_build() -> None:
    from tavla_docs.analysis.bearoff import build

    lex = lexicon()
    assert truth(lex.facts["bearoff_best_play"], None, lex) == (True, build.BEST_PLAY)


PAGE = ('{% set r = rules("uzun") %}\n'
        'Bearing off starts once all {{ r.checkers }} checkers are home.{% if not r.option("bear_off_overshoot") %} '
        "As in tavla, a die larger than the farthest checker bears off that checker.{% else %} "
        "A checker is borne off only from the point the die shows.{% endif %}\n")


def test_an_inverted_guard_is_an_error_at_the_branch_that_does_not_render() -> None:
    found = guard_problems("p.md", "en", "error", PAGE, 3)
    assert [(p.line, p.rule) for p in found] == [(4, "rule")]
    p = found[0]
    assert p.col == PAGE.splitlines()[1].index("die larger") + 1
    assert "shown only when bear_off_overshoot is off" in p.message and "larger than the farthest" in p.message
    assert "inverted" in p.hint


def test_a_right_guard_passes_and_both_branches_are_read() -> None:
    good = PAGE.replace("{% if not r.option", "{% if r.option")
    assert guard_problems("p.md", "en", "error", good, 1) == []
    assert [b.guard.equal for b in branches(good)] == [True, False]


def test_a_guard_set_as_a_name_and_a_branch_inside_a_sentence() -> None:
    page = ('{% set r = rules("gulbara") %}{% set per_player = r.option("normal_doubles_scope") == "per_player" %}\n'
            "From {% if not per_player %}each player's{% else %}the game's{% endif %} {{ r.first }} turn on, "
            "a double is a progression.\n")
    found = guard_problems("p.md", "en", "error", page, 1)
    assert [(p.line, "normal_doubles_scope" in p.message) for p in found] == [(2, True)]
    assert guard_problems("p.md", "en", "error", page.replace("if not per_player", "if per_player"), 1) == []


def test_text_under_a_guard_that_states_nothing_about_the_option_is_reported() -> None:
    page = '{% set r = rules("tapa") %}\n{% if r.option("mother_rule") %}Read the next section.{% endif %}\n'
    found = guard_problems("p.md", "en", "error", page, 1)
    assert [(p.line, p.col) for p in found] == [(2, 33)]
    assert "states no rule that depends on mother_rule" in found[0].message
    # another game's option on this page: its words are the rendered check's, not required to bind
    other = '{% set r = rules("tavla") %}{% set b = rules("backgammon") %}\n{% if b.option("crawford") %}Read on.{% endif %}\n'
    assert guard_problems("p.md", "en", "error", other, 1) == []


def _po(tmp_path: Path, msgid: str, msgstr: str) -> Path:
    po = tmp_path / "messages.po"
    po.write_text(f'msgid ""\nmsgstr ""\n"Language: en\\n"\n\nmsgid "{msgid}"\nmsgstr "{msgstr}"\n', encoding="utf-8")
    return po


def test_a_translation_that_states_another_rule_than_its_msgid(tmp_path: Path) -> None:
    po = _po(tmp_path, "Not allowed: a single checker closes a point", "Allowed: the lone checker is hit")
    found = catalog_statements(po, "en", "messages.po", "error")
    assert [(p.line, p.col) for p in found] == [(6, 1)]
    assert "a single opposing checker closes a point" in found[0].message and "nothing is hit" in found[0].message
    same = _po(tmp_path, "Not allowed: a single checker closes a point", "Not allowed: a single checker closes a point")
    assert catalog_statements(same, "en", "messages.po", "error") == []


def test_a_glossary_entry_whose_english_means_something_else() -> None:
    assert swapped({"tr": "pes etmek; pas geçmek", "en": "to take (accept) a double"})
    assert swapped({"tr": "kabul etmek", "en": "to pass (drop) a double"})
    assert swapped({"tr": "tapa; hapsetmek", "en": "to hit"})
    for tr, en in (("pes etmek; pas geçmek", "to pass (drop) a double"), ("kabul etmek", "to take (accept a double)"),
                   ("kırık pul", "hit checker, checker on the bar"), ("hane; nokta", "point")):
        assert swapped({"tr": tr, "en": en}) == []


def test_the_package_glossary_and_catalogs_pass() -> None:
    from tavla_docs.site.audit.glossarycheck import glossary_problems

    root = Path(__file__).parents[1] / "tavla_docs" / "site"
    assert glossary_problems(root / "glossary.yaml", "glossary.yaml", "error") == []
    for po in sorted((root / "locales").rglob("*.po")):
        assert catalog_statements(po, po.parts[-3], str(po), "error") == []
