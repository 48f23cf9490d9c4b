"""Issue 25, the pip count and the race stated falsely in words (`statements.d/fitpip.yaml`, read
through `site/audit/relations.py`): which count leads, whether the count allows for wasted pips,
whether it alone decides a race, and what the best play in a real race is. Each false sentence is
reported under its fact, in en, tr and el, and located at its page line; its true form passes.
The red team's own sentences come first, then variants of the class they were not written from."""
from __future__ import annotations

import pytest

from tavla_docs.site.audit.lexicon import lexicon
from tavla_docs.site.audit.relations import expand
from tavla_docs.site.audit.statements import judge, statement_problems
from tavla_docs.variants import ruleset

# (language, a false sentence, the fact it must be reported under, a true sentence)
CASES = [
    # the red team's (r1263, r1264, r1265, r1266, r1243, r1209)
    ("en", "The pip count then tells you who is ahead: the side with the higher count.", "race_lead",
     "The pip count then tells you who is ahead: the side with the lower count."),
    ("tr", "Bu durumda pip sayısı yüksek olan taraf öndedir.", "race_lead", "Bu durumda pip sayısı düşük olan taraf öndedir."),
    ("en", "The pip count already allows for wasted pips, so in the bear-off it stays exact:", "pip_wastage",
     "The pip count assumes that every pip is used. In the bear-off it is not:"),
    ("tr", "Pip sayısı boşa giden pipleri de hesaba katar; pul toplarken de şaşmaz:", "pip_wastage",
     "Pip sayısı her pipin işe yarayacağını varsayar. Pul toplarken bu doğru değildir:"),
    ("en", "What a pip count is, and why the count alone decides a race.", "pips_decide",
     "What a pip count is, and why the count alone does not decide a race."),
    ("en", "In a real race the best play is always the one that takes off the most checkers.", "race_best_play",
     "In a real race the best play is the one that maximises the chance to win."),
    # new variants of the class: other wordings, negations, both languages and Greek
    ("en", "Whoever has fewer pips is behind in the race.", "race_lead", "Whoever has fewer pips is ahead in the race."),
    ("tr", "Daha az pipi olan taraf geridedir.", "race_lead", "Daha az pipi olan taraf öndedir."),
    ("en", "The side with the lower count is not ahead, whatever the dice say.", "race_lead",
     "The side with the higher count is not ahead, whatever the dice say."),
    ("en", "The side with the lower pip count always wins the race.", "pips_decide",
     "The side with the lower pip count does not always win the race."),
    ("tr", "Yarışı yalnızca pip sayısı belirler.", "pips_decide", "Pip sayısı tek başına yarışı belirlemez."),
    ("tr", "Pip sayısı düşük olan taraf yarışı her zaman kazanır.", "pips_decide",
     "Pip sayısı düşük olan taraf yarışı her zaman kazanmaz."),
    ("en", "During the bear-off no pips are wasted, so the count is a fair guide.", "pip_wastage",
     "During the bear-off pips are wasted, so the count is only a rough guide."),
    ("tr", "Pul toplarken hiçbir pip boşa gitmez.", "pip_wastage", "Pul toplarken pipler boşa gider."),
    ("en", "The pip count does not assume that every pip is used.", "pip_wastage",
     "The pip count assumes that every pip is used."),
    ("tr", "Gerçek bir yarışta en iyi hamle her zaman en çok pul toplayan hamledir.", "race_best_play",
     "Gerçek bir yarışta en iyi hamle her zaman en çok pul toplayan hamle değildir."),
    ("en", "So always bear off as many checkers as you can.", "race_best_play",
     "So do not always bear off as many checkers as you can."),
    ("el", "Η πλευρά με το μεγαλύτερο σύνολο πιπ προηγείται.", "race_lead", "Η πλευρά με το μικρότερο σύνολο πιπ προηγείται."),
    ("el", "Το σύνολο πιπ λαμβάνει υπόψη και τα χαμένα πιπ.", "pip_wastage", "Το σύνολο πιπ δεν λαμβάνει υπόψη τα χαμένα πιπ."),
    ("el", "Η καλύτερη κίνηση είναι πάντα αυτή που βγάζει τα περισσότερα πούλια.", "race_best_play",
     "Η καλύτερη κίνηση είναι αυτή που μεγιστοποιεί την πιθανότητα νίκης."),
]


def _facts(text: str, lang: str) -> list[str]:
    return [s.statement.fact for s, _, _ in judge(text, lang, ruleset("tavla")) if hasattr(s, "statement")]


@pytest.mark.parametrize(("lang", "false", "fact", "true"), CASES, ids=[f"{c[0]}-{c[2]}-{i}" for i, c in enumerate(CASES)])
def test_a_false_pip_sentence_is_reported_and_its_true_form_passes(lang: str, false: str, fact: str, true: str) -> None:
    assert fact in _facts(false, lang)
    assert judge(true, lang, ruleset("tavla")) == []


@pytest.mark.parametrize(("lang", "false", "fact", "true"), CASES[:6], ids=[c[2] + "-" + c[0] for c in CASES[:6]])
def test_planted_in_a_page_the_error_is_at_its_line_and_names_the_fault(lang: str, false: str, fact: str, true: str) -> None:
    source = f"# Pips\n\nA first sentence.\n{false}\n"
    found = statement_problems(source, lang, f"content/{lang}/pip-count.md", source, 1, ruleset("tavla"))
    assert [(p.path, p.line, p.rule) for p in found][:1] == [(f"content/{lang}/pip-count.md", 4, "rule")], found
    assert "says that" in found[0].message and "is stated here" not in found[0].message
    assert statement_problems(source.replace(false, true), lang, f"content/{lang}/pip-count.md",
                              source.replace(false, true), 1, ruleset("tavla")) == []


def test_the_new_facts_have_their_true_values_and_greek_both_ways() -> None:
    lex = lexicon()
    assert lex.facts["pip_wastage"].value == "not_counted"
    assert lex.facts["race_best_play"].value == "most_wins"
    for fact in ("pip_wastage", "race_best_play", "race_lead"):
        assert {s.value for s in lex.statements if s.fact == fact and "el" in s.patterns} >= {lex.facts[fact].value}
        assert len({s.value for s in lex.statements if s.fact == fact and "el" in s.patterns}) == 2


def test_a_relation_multiplies_its_signs_and_a_bad_one_is_refused() -> None:
    entry = {"fact": "f", "values": {1: "up", -1: "down"},
             "en": {"slots": {"m": {1: ["more"], -1: ["less"]}, "v": {1: ["helps"], -1: ["hurts"]}},
                    "frames": ["{m} {v}"]}}
    said = {v: [p.pattern for p in pats["en"]] for v, pats in [(v, p) for _, v, p in expand(entry, _fail)]}
    assert said == {"up": ["(?:more) (?:helps)", "(?:less) (?:hurts)"], "down": ["(?:more) (?:hurts)", "(?:less) (?:helps)"]}
    with pytest.raises(ValueError, match="slot"):
        expand({**entry, "en": {"slots": {}, "frames": ["{m}"]}}, _fail)
    with pytest.raises(ValueError, match="values"):
        expand({**entry, "values": {1: "up"}}, _fail)


def _fail(key: tuple[object, ...], message: str) -> Exception:
    return ValueError(f"{key}: {message}")
