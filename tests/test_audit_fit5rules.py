"""Issue 25, round 5's rule misses: the gen5 rule facts (statements.yaml, el.yaml) judge false
sentences and pass true ones in en, tr and el; a rules-table catalog string is bound to the games the
table prints it for (`tablegames`); a branch shown only while a name is empty must not print it
(`guardprints`); glossary notes must not contradict each other (`notepolarity`) and 'borne off'
names bearing off; a caption that says a die is lost is judged against the shown play (`dielost`);
hyphenated number words are typed facts."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from tavla_docs.engine.board import Side
from tavla_docs.engine.dice import Roll
from tavla_docs.site.audit import dielost, glossaryterms, notepolarity
from tavla_docs.site.audit.guardprints import guard_print_problems
from tavla_docs.site.audit.patterns import find_facts
from tavla_docs.site.audit.rulesurfaces import catalog_statements
from tavla_docs.site.audit.statements import judge, statement_problems
from tavla_docs.site.audit.tablegames import shown_for
from tavla_docs.variants import ruleset

# (language, game, a false sentence, the fact it must be reported under, a true sentence)
SENTENCES = [
    ("tr", "tavla", "Rakibin tek pulunun üstünden geçerseniz de onu kırarsınız.", "hit_by_landing",
     "Rakibin tek pulunun üstüne gelirseniz onu kırarsınız."),
    ("en", "backgammon", "Passing over a blot hits it.", "hit_by_landing",
     "Passing over a blot does not hit it; only a checker that lands on it hits it."),
    ("el", "tavla", "Όταν περνάτε πάνω από ακάλυπτο πούλι το χτυπάτε.", "hit_by_landing", "Το πούλι κινείται."),
    ("en", "tapa", "A player's first checker to leave their own 24-point is the mother.", "mother_is",
     "A player's last checker on their own 24-point is the mother."),
    ("tr", "tapa", "Başlangıç hanesinden ilk çıkan pul ana puldur.", "mother_is",
     "Oyuncunun kendi 24 numaralı hanesinde kalan son pulu ana puldur."),
    ("en", "backgammon", "One checker plays one die, and a different checker must play the other die.",
     "one_checker_both_dice", "One checker plays one die, then the same checker or another one plays the other die."),
    ("tr", "backgammon", "İki zarı aynı pulla oynayamazsınız.", "one_checker_both_dice",
     "Aynı pul iki zarı da oynayabilir."),
    ("en", "backgammon", "The doubling cube starts on the side of the player who won the opening roll.",
     "cube_start", "The doubling cube starts in the middle of the board."),
    ("tr", "backgammon", "Crawford oyunundan sonra küp bir daha kullanılmaz.", "post_crawford",
     "Crawford oyunundan sonra küp yeniden kullanılır."),
    ("en", "backgammon", "A checker may move fewer points than a die shows when the full number is blocked.",
     "die_exact", "A checker must move exactly the number shown by a die."),
    ("en", "tavla", "A point where you have two or more checkers can still be hit.", "made_point_safe",
     "A point where you have two or more checkers cannot be hit."),
    ("tr", "tavla", "Oyunu, pullarının çoğunu ilk toplayan kazanır.", "game_win",
     "Pullarının hepsini ilk toplayan oyunu kazanır."),
    ("tr", "tavla", "Pul toplamaya başladıktan sonra pullarınız kırılamaz.", "hit_in_bear_off",
     "Pul toplarken evinizde bıraktığınız tek pul kırılabilir."),
    ("en", "backgammon", "Once you have started bearing off, your checkers cannot be hit.", "hit_in_bear_off",
     "Your checkers can still be hit while bearing off."),
    ("tr", "tavla", "Küçük zarı atan başlar.", "opening_starter", "Büyük zarı atan başlar."),
    ("en", "backgammon", "The player who rolls the lower die goes first.", "opening_starter",
     "The player who rolls the higher die goes first."),
    ("en", "backgammon", "A single game: the loser has borne off at least one checker and has none left in the "
     "winner's home board.", "single_when", "A single game: the loser has borne off at least one checker."),
    ("tr", "backgammon", "Tek oyun: kaybeden en az bir pulunu toplamıştır ve kazananın evinde hiç pulu kalmamıştır.",
     "single_when", "Tek oyun: kaybeden en az bir pulunu toplamıştır."),
    ("en", "tavla", "The values below are rounded estimates from simulated games.", "race_values",
     "The values below are exact."),
    ("tr", "tavla", "Aşağıdaki değerler, benzetimle oynanan oyunlardan çıkan tahminlerdir.", "race_values",
     "Aşağıdaki değerler kesindir."),
    ("en", "uzun", "Bearing off may start before all 15 checkers are home.", "bear_off_start",
     "Bearing off starts once all 15 checkers are home."),
    ("en", "tapa", "Bearing off starts once the mother checker has left the starting point.", "bear_off_start",
     "Bearing off starts once every checker has reached the home board."),
    ("en", "gulbara", "A die bears off only from the point it shows, never from a lower one.", "bear_off_overshoot",
     "Bearing off starts once all 15 checkers are home."),
    ("tr", "backgammon", "Rakibin tek pulu da haneyi kapatır.", "closed_by", "Rakibin tek pulu haneyi kapatmaz."),
    ("tr", "tapa", "Tapa kuralları: diziliş, kırma ve bar, pul toplama.", "bar", "Tapa'da kırma ve bar yoktur."),
    ("en", "tapa", "Tapa's rules: the setup, hitting and the bar, bearing off.", "bar",
     "In Tapa, there is no hitting and no bar."),
]


def _facts_of(text: str, lang: str, game: str) -> list[str]:
    return [s.statement.fact for s, _, _ in judge(text, lang, ruleset(game)) if hasattr(s, "statement")]


@pytest.mark.parametrize(("lang", "game", "false", "fact", "true"), SENTENCES, ids=[f"{s[3]}-{s[0]}" for s in SENTENCES])
def test_a_false_rule_sentence_is_reported_and_the_true_one_passes(lang: str, game: str, false: str, fact: str,
                                                                   true: str) -> None:
    assert fact in _facts_of(false, lang, game)
    assert judge(true, lang, ruleset(game)) == []


def test_the_error_is_located_at_the_line_that_wrote_the_sentence() -> None:
    source = "# Kurallar\n\nİlk paragraf.\n\nOyunu, pullarının çoğunu ilk toplayan kazanır.\n"
    found = statement_problems(source, "tr", "content/tr/x.md", source, 1, ruleset("tavla"))
    assert [(p.path, p.line, p.col, p.rule) for p in found] == [("content/tr/x.md", 5, 8, "rule")]
    assert "the first player to bear off most of their checkers wins; in every game, the game is won by the " \
           "first player to bear off all of their checkers" in found[0].message


def test_the_rules_table_binds_a_cell_to_the_games_that_print_it() -> None:
    assert shown_for("Pins it: the checker cannot move") == ("tapa",)
    assert "tavla" not in shown_for("Rolls; with no legal move the turn passes")
    assert shown_for("Opening roll") == ()  # a row label: every game prints it


def _po(tmp_path: Path, msgid: str, msgstr: str) -> Path:
    po = tmp_path / "messages.po"
    po.write_text(f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "{msgid}"\n'
                  f'msgstr "{msgstr}"\n', encoding="utf-8")
    return po


@pytest.mark.parametrize(("lang", "msgid", "bad", "good"), [
    ("en", "Rolls; with no legal move the turn passes", "Does not roll while the board is closed",
     "Rolls; with no legal move the turn passes"),
    ("tr", "Pins it: the checker cannot move", "Kırar: alttaki pul bara gider", "Tapa yapar: alttaki pul oynayamaz"),
    ("en", "Pins it: the checker cannot move", "Pins it: the checker may still move", "Pins it: the checker cannot move"),
])
def test_a_table_cell_translated_as_another_games_rule_is_an_error(tmp_path: Path, lang: str, msgid: str, bad: str,
                                                                   good: str) -> None:
    found = catalog_statements(_po(tmp_path, msgid, bad), lang, "messages.po", "error")
    assert found and {(p.line, p.rule) for p in found} == {(6, "rule")}, found
    assert catalog_statements(_po(tmp_path, msgid, good), lang, "messages.po", "error") == []


def test_a_branch_shown_while_a_name_is_empty_must_not_print_it() -> None:
    src = ("Cube.{% if not b.cube_max %} Values {{ b.cube_faces }}; highest {{ b.cube_max }}."
           "{% else %} No upper limit.{% endif %}\n{% if r.x is none %}{{ r.x.words }}{% endif %}")
    found = guard_print_problems("content/en/rules.md", "error", src, 3)
    assert [(p.line, p.col, p.rule) for p in found] == [(3, 65, "rule"), (4, 21, "rule")]
    assert "shown only while `b.cube_max` is false or empty, yet it prints `{{ b.cube_max }}`" in found[0].message
    good = "{% if b.cube_max %} highest {{ b.cube_max }}.{% else %} No limit.{% endif %}"
    assert guard_print_problems("x.md", "error", good) == []
    nested = "{% if x %}{% if y %}{{ x }}{% else %}{{ x }}{% endif %}{% else %}none{% endif %}"
    assert guard_print_problems("x.md", "error", nested) == []


def test_glossary_notes_that_contradict_each_other_are_an_error() -> None:
    bad = {"tr": "teslim olmak", "en": "to resign", "note_tr": "katlamayı reddetmekle aynı şeydir",
           "note_en": "not the same as dropping a double"}
    assert [f for f, _ in notepolarity.contradictions(bad)] == ["note_tr"]
    good = dict(bad, note_tr="katlamayı reddetmekle aynı şey değildir")
    assert notepolarity.contradictions(good) == []
    assert notepolarity.contradictions({"note_en": "in Tapa", "note_tr": "Tapa oyununda"}) == []


def test_a_glossary_meaning_given_as_a_borne_off_checker_is_swapped() -> None:
    assert glossaryterms.swapped({"tr": "kırık pul", "en": "checker borne off"})
    assert glossaryterms.swapped({"tr": "kırık pul", "en": "hit checker, checker on the bar"}) == []


@pytest.mark.parametrize(("lang", "text"), [("en", "and the other die is lost: 24/13"), ("tr", "ve öteki zar yanar"),
                                            ("el", "και το άλλο ζάρι χάνεται")])
def test_a_die_said_lost_while_the_shown_play_uses_every_die(lang: str, text: str) -> None:
    from tavla_docs.engine.movegen import legal_plays

    rules = ruleset("uzun")
    play = next(p for p in legal_plays(rules.starting_position(), Side.WHITE, Roll(6, 5), rules)
                if p.dice_used == 2)
    both = SimpleNamespace(show=play, roll=Roll(6, 5), rules=rules)
    found = dielost.lost_faults(text, lang, both)
    assert len(found) == 1 and "uses every die of 6-5: none is lost" in found[0][1]
    one = SimpleNamespace(show=SimpleNamespace(dice_used=1), roll=Roll(6, 5), rules=rules)
    assert dielost.lost_faults(text, lang, one) == []


@pytest.mark.parametrize("words", ["half-dozen", "half a dozen", "sixfold"])
def test_a_hyphenated_number_word_is_a_typed_fact(words: str) -> None:
    assert [f.text for f in find_facts(f"After the first {words} turns of the game", "en") if f.kind == "word"] \
        == [words]
