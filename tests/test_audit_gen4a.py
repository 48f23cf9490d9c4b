"""Rule sentences of the fourth red team's families (`site/statements.yaml`, gen4; the glossary's
rule sentences, `glossaryterms.rule_problems`): a careless paraphrase of a rule, in Turkish,
English or Greek, is an error at its line in a page, a caption, a catalog or the glossary, and
the true wording passes."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site.audit.glossarycheck import glossary_problems
from tavla_docs.site.audit.printed import printed_text_problems
from tavla_docs.site.audit.rulesurfaces import catalog_statements, front_matter_statements
from tavla_docs.site.audit.statements import find_statements, judge, statement_problems
from tavla_docs.site.provenance import mark, recording
from tavla_docs.variants import ruleset

# (language, game, a false sentence, the fact it must be reported under, a true sentence)
FAMILIES = [
    ("en", "tavla", "After that, any die may take off a checker from any point you like.", "die_bears_from",
     "A die bears off a checker from its own point."),
    ("tr", "tavla", "Sonra her zar, evinizin istediğiniz bir hanesinden pul toplar.", "die_bears_from",
     "Zar kendi hanesinden pul toplar."),
    ("en", "tavla", "When only one die can be played, the player picks which.", "larger_die",
     "When only one die can be played, the higher die must be played."),
    ("tr", "tavla", "Zarlardan yalnız biri oynanabiliyorsa oyuncu istediğini oynar.", "larger_die",
     "Zarlardan yalnız biri oynanabiliyorsa büyüğü oynanır."),
    ("en", "tavla", "A larger die can still jump over a farther checker.", "higher_die_inside",
     "A larger die cannot jump over a farther checker."),
    ("tr", "tavla", "Büyük zar daha gerideki bir pulun üzerinden atlar.", "higher_die_inside",
     "Büyük zar daha gerideki bir pulun üzerinden atlayamaz."),
    ("en", "tavla", "A checker on the bar does not count as outside your home board.", "hit_stops_bear_off",
     "A checker on the bar counts as outside your home board."),
    ("tr", "tavla", "Bardaki pul evin dışında sayılmaz.", "hit_stops_bear_off", "Bardaki pul da evin dışında sayılır."),
    ("en", "tavla", "With no checker higher, the higher die is wasted.", "bear_off_overshoot",
     "With no checker higher, the higher die bears off your farthest checker."),
    ("tr", "tavla", "Bardaki pul giremezse başka bir pulunuzu oynatırsınız.", "enter_first",
     "Bardaki pul giremezse hiçbir hamle oynanamaz ve sıra geçer."),
    ("en", "backgammon", "Its owner can enter it later, even after playing other checkers.", "enter_first",
     "Its owner must enter it before moving any other checker."),
    ("tr", "backgammon", "Kırık pulu dilediği an oyuna sokabilir.", "enter_first",
     "Önce kırık pulu oyuna sokmalı."),
    ("en", "backgammon", "Later either player can redouble.", "redouble",
     "Only the player who owns the cube may redouble."),
    ("tr", "backgammon", "Sonra her iki oyuncu da yeniden katlayabilir.", "redouble",
     "Sonra yalnızca küpün sahibi tekrar katlayabilir."),
    ("en", "backgammon", "The cube still remains with the player who doubled.", "cube_owner",
     "The player who takes the double owns the cube."),
    ("tr", "backgammon", "Kabul edilse de küp hâlâ katlayan oyuncuda kalır.", "cube_owner",
     "Kabul eden oyuncu küpün sahibi olur."),
    ("en", "backgammon", "Once most of your checkers are home, you may bear off.", "bear_off_start",
     "You may start bearing off once all your checkers are home."),
    ("tr", "backgammon", "Pul toplamak için pullarınızın yarısını eve getirmek yeterlidir.", "bear_off_start",
     "Bütün pullarınız eve geldikten sonra toplamaya başlarsınız."),
    ("en", "uzun", "Even after an opposing checker is ahead of it, a six-point prime remains forbidden.",
     "six_block_ahead", "Once an opposing checker has passed it, a six-point prime is allowed."),
    ("tr", "uzun", "Rakip pul önüne geçse bile altılı blok yine yasaktır.", "six_block_ahead",
     "Rakip pul önüne geçtikten sonra altılı blok kurulabilir."),
    ("en", "uzun", "You are free to skip a die that can be played.", "play_max",
     "You must play as many dice as you can."),
    ("tr", "uzun", "Oynanabilen bir zar bırakılabilir.", "play_max", "Oynayabildiğiniz kadar zar oynamak zorundasınız."),
    ("tr", "uzun", "Kaybeden birkaç pul toplamışsa **mars** olur.", "mars_when",
     "Kaybeden hiç pul toplamadıysa **mars** olur."),
    ("en", "tapa", "If it still has checkers on its own 24-point, the pinner wins immediately.", "mother_pin_head",
     "If the pinner still has checkers on its own 24-point, play goes on."),
    ("tr", "tapa", "Tapa yapan pulun üzerine de tapa yapılabilir.", "pinner_pinned",
     "Tapa yapan pulun üzerine ise tapa yapılamaz."),
    ("en", "tavla", "Count each occupied point once.", "pip_per_checker",
     "Multiply the number of checkers on each point by the point's number."),
    ("tr", "tavla", "Her pul, nerede durursa dursun, bir pip sayılır.", "pip_per_checker",
     "Her pul, durduğu hanenin numarası kadar pip sayılır."),
    ("en", "tavla", "The match consists of a fixed number of games.", "match_win",
     "The first player to reach the match length wins the match."),
    ("tr", "tavla", "Belirlenen sayıda oyun bitince en çok puanı alan maçı kazanır.", "match_win",
     "Maç uzunluğuna ilk ulaşan maçı kazanır."),
    ("en", "uzun", "An opposing checker still in your home board stops your bearing off.", "opponent_blocks_bear_off",
     "Opposing checkers in your home board do not stop bearing off."),
    ("tr", "uzun", "Evinizde rakibin bir pulu varken toplama durur.", "opponent_blocks_bear_off",
     "Kırma yoktur, bu yüzden toplama hiç kesilmez."),
    ("en", "backgammon", "Each of the four moves must be made with a different checker.", "double_one_checker",
     "You may make several of the moves with one checker."),
    ("tr", "backgammon", "Her hamle ayrı bir pulla oynanmalıdır.", "double_one_checker",
     "Hamlelerin birkaçını aynı pulla oynayabilirsiniz."),
    ("en", "tapa", "The rules of Tapa: setup, hitting to the bar, scoring.", "bar", "The rules of Tapa: setup, pinning."),
    ("tr", "tavla", "Yarışta pip sayısı yüksek olan önde.", "race_lead", "Yarışta pip sayısı düşük olan öndedir."),
    # Greek: every new fact is said in Greek too
    ("el", "tavla", "Κάθε ζάρι μαζεύει ένα πούλι από οποιαδήποτε θέση.", "die_bears_from",
     "Το ζάρι μαζεύει ένα πούλι από τη θέση με τον ίδιο αριθμό."),
    ("el", "backgammon", "Πρέπει να μοιράσετε τις κινήσεις σε διαφορετικά πούλια.", "double_one_checker",
     "Μπορείτε να κάνετε πολλές από αυτές τις κινήσεις με το ίδιο πούλι."),
    ("el", "tavla", "Κάθε πούλι μετρά ένα πιπ.", "pip_per_checker", "Κάθε πούλι μετρά τον αριθμό της θέσης του."),
]


def _facts(text: str, lang: str, game: str) -> list[str]:
    return [s.statement.fact for s, _, _ in judge(text, lang, ruleset(game)) if hasattr(s, "statement")]


@pytest.mark.parametrize(("lang", "game", "false", "fact", "true"), FAMILIES,
                         ids=[f"{f[0]}-{f[3]}-{i}" for i, f in enumerate(FAMILIES)])
def test_a_paraphrased_false_rule_is_reported_and_the_true_wording_passes(lang: str, game: str, false: str, fact: str,
                                                                          true: str) -> None:
    assert fact in _facts(false, lang, game), false
    assert judge(true, lang, ruleset(game)) == [], true


@pytest.mark.parametrize(("lang", "game", "false", "fact", "true"), FAMILIES[::4],
                         ids=[f"{f[0]}-{f[3]}" for f in FAMILIES[::4]])
def test_planted_in_a_page_the_error_is_at_its_line(lang: str, game: str, false: str, fact: str, true: str) -> None:
    source = f'# Title\n\n{{% set r = rules("{game}") %}}\nA first line.\n{false}\n'
    page = source.replace(f'{{% set r = rules("{game}") %}}', "")
    found = statement_problems(page, lang, f"content/{lang}/x.md", source, 1, ruleset(game))
    assert [(p.path, p.line, p.rule) for p in found] == [(f"content/{lang}/x.md", 5, "rule")], found
    assert statement_problems(page.replace(false, true), lang, "x.md", source.replace(false, true), 1,
                              ruleset(game)) == []


def test_planted_in_a_caption_the_error_is_located_at_the_caption() -> None:
    caption = "{{ s.side }} plays 13/9 and may bring the hit checker in whenever they like."
    sides = {"white": "White", "black": "Black"}
    with recording():
        marked = mark(1, "White", False, 0) + " plays 13/9 and may bring the hit checker in whenever they like."
    found = [p for p in printed_text_problems(marked, "en", "scenarios/x.yaml", caption, 7, sides,
                                              ruleset("backgammon")) if p.rule == "rule"]
    assert [(p.path, p.line) for p in found] == [("scenarios/x.yaml", 7)], found
    assert "a checker on the bar must enter before any other checker moves" in found[0].message
    true = caption.replace("may bring the hit checker in whenever they like", "must enter the hit checker first")
    with recording():
        marked = mark(1, "White", False, 0) + true[len("{{ s.side }}"):]
    assert [p for p in printed_text_problems(marked, "en", "scenarios/x.yaml", true, 7, sides,
                                             ruleset("backgammon")) if p.rule == "rule"] == []


def test_a_front_matter_description_states_no_false_rule() -> None:
    front = 'title: Tapa\ndescription: "How Tapa is played: setup, hitting to the bar, scoring."'
    found = front_matter_statements("content/en/tapa.md", front, "en", "error", 'rules("tapa")')
    assert [(p.line, "in Tapa, there is no bar" in p.message) for p in found] == [(3, True)]  # after "---"
    assert front_matter_statements("x.md", front.replace("hitting to the bar", "pinning"), "en", "error",
                                   'rules("tapa")') == []


def test_bold_does_not_hide_a_rule() -> None:
    said = find_statements("Kaybeden en az bir pul toplamışsa **mars** olur.", "tr")
    assert [(s.statement.fact, s.text) for s in said] == [("mars_when", "en az bir pul toplamışsa **mars** olur")]


@pytest.mark.parametrize(("lang", "msgid", "msgstr", "named"), [
    ("tr", "Hits it: the checker goes to the bar", "Kırar: kırık pul oyundan çıkar", "removed from the game"),
    ("tr", "With an opening roll again", "Önceki eli kaybeden başlar", "the loser of a game starts"),
    ("en", "Does not roll; the turn passes", "Rolls and plays another checker", "rolls and cannot move"),
    ("tr", "Points are numbered from the player's own side.", "Haneler her zaman Beyaz'ın tarafından numaralanır.",
     "from one side"),
])
def test_a_catalog_translation_contradicting_its_msgid_is_an_error(tmp_path: Path, lang: str, msgid: str,
                                                                   msgstr: str, named: str) -> None:
    po = tmp_path / "messages.po"
    po.write_text(f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n\nmsgid "{msgid}"\nmsgstr "{msgstr}"\n', encoding="utf-8")
    found = catalog_statements(po, lang, "messages.po", "error")
    assert [p.line for p in found] == [6] and named in found[0].message, found
    po.write_text(f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n\nmsgid "{msgid}"\nmsgstr "{msgid}"\n', encoding="utf-8")
    assert catalog_statements(po, "en", "messages.po", "error") == []


def test_a_glossary_meaning_or_note_stating_a_false_rule_is_located(tmp_path: Path) -> None:
    glossary = tmp_path / "glossary.yaml"
    glossary.write_text(
        "sections:\n  - id: board\n    terms:\n"
        "      - {tr: \"rakibin evi\", en: \"opponent's home board (where your checkers are borne off)\"}\n"
        "      - {tr: \"katmerli mars\", en: \"backgammon (3 points)\", "
        "note_en: \"every source gives Turkish tavla a 3-point result\"}\n", encoding="utf-8")
    found = [(p.line, p.col, p.rule) for p in glossary_problems(glossary, "glossary.yaml", "error")]
    assert found == [(4, 34, "rule"), (5, 83, "rule")], found  # the words that state the rule
    glossary.write_text(
        "sections:\n  - id: board\n    terms:\n"
        "      - {tr: \"rakibin evi\", en: \"opponent's home board (where hit checkers enter)\"}\n"
        "      - {tr: \"katmerli mars\", en: \"backgammon (3 points)\", "
        "note_en: \"most sources give Turkish tavla no 3-point result\"}\n", encoding="utf-8")
    assert glossary_problems(glossary, "glossary.yaml", "error") == []
