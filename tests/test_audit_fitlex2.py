"""Rule sentences stated falsely in words with no number (issue 25, the tenth red team's class):
a rule that depends on a situation, read as the situation (`conditions:` of a statements.d file)
and a verdict shared by every such fact (`audit/conditioned.py`, `audit/verdicts.yaml`), whatever
carries the verdict (a short negation, "still" / "yine" / "artık", a clause whose subject is in the
clause before, a "but"); the families of `statements.d/fitlex2.yaml` (the cube's upper limit, a die
that cannot be played, Gülbara's progression put in the first turns, the pip count deciding every
race); and a rule the page's game lacks judged in the page's other game. Each fault is planted, its
message located and named; the true text passes. Most cases are new wordings, not the red team's."""
from __future__ import annotations

import re

import pytest

from tavla_docs.site.audit import conditioned
from tavla_docs.site.audit.lexicon import lexicon
from tavla_docs.site.audit.statements import statement_problems, text_problems
from tavla_docs.variants import ruleset

# (language, game, a true sentence, its false rewording, the false words, the rule's words in the message)
CASES = [
    # the red team's own (r1175, r1176, r1116, r1120, r1124)
    ("en", "uzun", "In the next one a Black checker has passed the block, and the same play is allowed.",
     "In the next one a Black checker has passed the block, and the same play is still not allowed.",
     "a Black checker has passed the block, and the same play is still not allowed",
     "allowed once at least one opposing checker is ahead"),
    ("tr", "uzun", "Sonraki konumda Siyah'ın bir pulu duvarı geçmiştir ve aynı hamle serbesttir.",
     "Sonraki konumda Siyah'ın bir pulu duvarı geçmiştir ama aynı hamle yine yasaktır.",
     "Siyah'ın bir pulu duvarı geçmiştir ama aynı hamle yine yasaktır",
     "allowed once at least one opposing checker is ahead"),
    ("tr", "tapa", "Üstteki son rakip pul haneden ayrılınca tapalı pul serbest kalır ve yeniden oynayabilir.",
     "Üstteki son rakip pul haneden ayrılınca tapalı pul serbest kalır ama o oyunun sonuna kadar yerinden oynayamaz.",
     "son rakip pul haneden ayrılınca tapalı pul serbest kalır ama o oyunun sonuna kadar yerinden oynayamaz",
     "free again only when the last opposing checker"),
    ("tr", "gulbara", "Oyunun ilk sıralarından sonra atılan çift zar, altı sayısına kadar yükselen bir dizi hamleye dönüşür.",
     "Oyunun ilk sıralarında atılan çift zar, altı sayısına kadar yükselen bir dizi hamleye dönüşür.",
     "ilk sıralarında atılan çift zar, altı sayısına kadar yükselen bir dizi hamleye dönüşür",
     "the progression comes after them"),
    ("tr", "tavla", "Bu hesap her zarın oynanabildiğini varsayar: oynanamayan bir zar pul ilerletmez.",
     "Rakibin kapıları bu hesabı değiştirmez: oynanamayan bir zar da pul ilerletmiş sayılır.",
     "oynanamayan bir zar da pul ilerletmiş sayılır", "moves no checker"),
    # new variants of the class: other wordings, verdict before its condition, "but", Greek
    ("en", "uzun", "Once one of Black's checkers has gone past the block, White may build the row.",
     "Once one of Black's checkers has gone past the block, White still cannot build the row.",
     "one of Black's checkers has gone past the block, White still cannot", "allowed once at least one opposing"),
    ("en", "uzun", "The same play is legal after a Black checker has passed the block.",
     "The same play is still illegal after a Black checker has passed the block.",
     "still illegal after a Black checker has passed the block", "allowed once at least one opposing"),
    ("tr", "uzun", "Siyah'ın bir pulu duvarı geçtikten sonra Beyaz bu duvarı tutabilir.",
     "Siyah'ın bir pulu duvarı geçtikten sonra da Beyaz bu duvarı artık tutamaz.",
     "Siyah'ın bir pulu duvarı geçtikten sonra da Beyaz bu duvarı artık tutamaz", "allowed once at least one opposing"),
    ("el", "uzun", "Αφού ένα πούλι του αντιπάλου έχει περάσει το φράγμα, το ίδιο παίξιμο επιτρέπεται.",
     "Αφού ένα πούλι του αντιπάλου έχει περάσει το φράγμα, το ίδιο παίξιμο και πάλι δεν επιτρέπεται.",
     "ένα πούλι του αντιπάλου έχει περάσει το φράγμα, το ίδιο παίξιμο και πάλι δεν επιτρέπεται",
     "allowed once at least one opposing"),
    ("en", "tapa", "When the last opposing checker on top leaves, the pinned checker is free and can move again.",
     "When the last opposing checker on top leaves, the pinned checker is freed, but it can never move again.",
     "the last opposing checker on top leaves, the pinned checker is freed, but it can never move again",
     "free again only when the last opposing checker"),
    ("tr", "tapa", "Son rakip pul da kalkınca tapalı pul yeniden oynayabilir.",
     "Son rakip pul da kalkınca tapalı pul yine de yerinden oynayamaz.",
     "Son rakip pul da kalkınca tapalı pul yine de yerinden oynayamaz", "free again only when the last opposing"),
    ("en", "tapa", "As long as an opposing checker sits on top of it, the pinned checker cannot move.",
     "As long as an opposing checker sits on top of it, the pinned checker may still move.",
     "As long as an opposing checker sits on top of it, the pinned checker may still move",
     "cannot move until the checker on top leaves"),
    ("tr", "tapa", "Üstünde rakip pul durdukça tapalı pul oynayamaz.", "Üstünde rakip pul durdukça tapalı pul oynayabilir.",
     "Üstünde rakip pul durdukça tapalı pul oynayabilir", "cannot move until the checker on top leaves"),
    ("en", "uzun", "A player may not hold six points in a row while no opposing checker is ahead of them.",
     "A player may hold six points in a row while no opposing checker is ahead of them.",
     "may hold six points in a row while no opposing checker is ahead of them", "may not be built unless"),
    ("en", "tavla", "A number that cannot be played is lost.",
     "A number that cannot be played still counts as moved in the pip count.",
     "A number that cannot be played still counts as moved", "moves no checker"),
    ("en", "gulbara", "After the first three turns, a double becomes a progression.",
     "In the first three turns, a double becomes a progression.",
     "In the first three turns, a double becomes a progression", "the progression comes after them"),
]


@pytest.mark.parametrize(("lang", "game", "true", "false", "words", "rule"), CASES,
                         ids=[f"{c[0]}-{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_a_false_conditioned_or_worded_rule_is_located_and_named(lang, game, true, false, words, rule):
    rules = ruleset(game)
    source = f"# Title\n\nA first paragraph.\n\n{false}\n"
    (p,) = statement_problems(source, lang, "content/x.md", source, 1, rules)
    assert (p.path, p.line, p.rule, p.severity) == ("content/x.md", 5, "rule", "error")
    assert p.message.startswith(repr(words)), p.message
    assert rule in p.message, p.message
    good = source.replace(false, true)
    assert statement_problems(good, lang, "content/x.md", good, 1, rules) == []


@pytest.mark.parametrize(("lang", "game", "text"), [
    # a condition turned round, or a verdict on something else after "but": not read
    ("en", "uzun", "Until an opposing checker has passed the block, the same play is not allowed."),
    ("en", "tapa", "When the last opposing checker on top leaves, the pinned checker is free, but it cannot land "
                   "on a point its opponent holds."),
    ("tr", "uzun", "Önünde rakibin hiç pulu yokken art arda altı haneyi tutan bir duvar kurulamaz."),
    ("tr", "gulbara", "Gülbara kuralları: ilk sıralarda çift zar, çift zar ilerlemesi, pul toplama ve puanlar."),
    ("en", "tavla", "The pip count does not decide every race exactly."),
])
def test_true_or_unrelated_sentences_pass(lang, game, text):
    source = f"{text}\n"
    assert statement_problems(source, lang, "content/x.md", source, 1, ruleset(game)) == []


def test_a_rule_the_pages_game_lacks_is_judged_in_its_other_game():
    # r1133: "no upper limit" on a page about tavla (no cube) and backgammon (its cube stops at 64)
    source = ('{% set t = rules("tavla") %}{% set b = rules("backgammon") %}\n\n'
              "**The cube:** you may double before rolling. The value has no upper limit.\n")
    (p,) = statement_problems(source, "en", "content/x.md", source, 1, ruleset("tavla"))
    assert (p.line, p.col) == (3, source.splitlines()[2].index("value has no upper limit") + 1)
    assert "In Backgammon" in p.message or "in Backgammon" in p.message, p.message
    assert "has a highest value" in p.message
    # with no cube game on the page, the sentence is not judged; with an unlimited cube, it is true
    alone = "The value has no upper limit.\n"
    assert statement_problems(alone, "en", "content/x.md", alone, 1, ruleset("tavla")) == []
    free = source.replace('rules("backgammon")', 'rules("backgammon", cube_max=None)')
    assert statement_problems(free, "en", "content/x.md", free, 1, ruleset("tavla")) == []
    tr = source.replace("The value has no upper limit.", "Katlama zarı sınırsızca katlanabilir.")
    (p,) = statement_problems(tr, "tr", "content/x.md", tr, 1, ruleset("tavla"))
    assert "has a highest value" in p.message


@pytest.mark.parametrize(("lang", "text", "words"), [
    ("en", "what the pip count is, how to count it, and why it decides every race exactly.",
     "why it decides every race exactly"),
    ("tr", "pip sayısı nedir, nasıl sayılır ve neden her yarışı tam olarak belirler.", "her yarışı tam olarak belirler"),
])
def test_a_front_matter_summary_that_says_the_pip_count_decides_every_race(lang, text, words):
    (p,) = text_problems(text, lang, "content/x.md", 4, 10, ruleset("tavla"))
    assert (p.line, p.col, p.rule) == (4, 10, "rule")
    assert words in p.message and "does not decide a race" in p.message, p.message


def test_conditions_are_data_checked_with_a_location(tmp_path):
    more = tmp_path / "statements.d"
    more.mkdir()
    main = tmp_path / "statements.yaml"
    src = (lexicon.__wrapped__.__defaults__[0]).read_text(encoding="utf-8")  # type: ignore[attr-defined]
    main.write_text(src, encoding="utf-8")
    (more / "bad.yaml").write_text("conditions:\n  - fact: six_block_ahead\n    allowed: sometimes\n"
                                   "    en: ['a checker has passed the block']\n", encoding="utf-8")
    from tavla_docs.site.audit.lexicon import LexiconError
    with pytest.raises(LexiconError, match=r"bad\.yaml:2:\d+: error: 'sometimes' is not a value of fact"):
        lexicon.__wrapped__(main)  # type: ignore[attr-defined]
    (more / "bad.yaml").write_text("conditions:\n  - fact: six_block_ahead\n    allowed: allowed\n"
                                   "    en: ['(unclosed']\n", encoding="utf-8")
    with pytest.raises(LexiconError, match=r"bad\.yaml:4:\d+: error: this condition is not a regular expression"):
        lexicon.__wrapped__(main)  # type: ignore[attr-defined]


def test_each_condition_gives_three_patterns_per_verdict_and_a_turned_one_is_not_read():
    ((fact, value, patterns),) = conditioned.expand(
        {"fact": "six_block_ahead", "forbidden": "forbidden", "en": ["an opposing checker has passed the block"]},
        lambda k, m: ValueError(m))
    assert (fact, value, len(patterns["en"])) == ("six_block_ahead", "forbidden", 3)
    said = "once an opposing checker has passed the block, it is no longer allowed."
    assert any(p.search(said) for p in patterns["en"])
    assert not any(p.search("until an opposing checker has passed the block, it is not allowed.") for p in patterns["en"])
    # the verdict is the first one after the condition: a later one of the other kind is not reached
    first = "once an opposing checker has passed the block, it is allowed, and a seven-point row is not allowed either."
    assert re.search("allowed, and", first) and not patterns["en"][0].search(first)
