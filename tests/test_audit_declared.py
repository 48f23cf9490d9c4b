"""Declared rule sentences (`{{ states("fact") }}`, `site/audit/declared.py`): a paragraph that
declares the rule it states must still state it; the mark itself prints nothing; an unknown
fact's name is a helper error with the names nearest it; `statements.d/` files add facts and
phrasings, their mistakes located."""
from __future__ import annotations

import pytest

from tavla_docs.site.audit.declared import declared_problems
from tavla_docs.site.audit.lexicon import LexiconError, lexicon
from tavla_docs.site.declare import states
from tavla_docs.site.errors import HelperError
from tavla_docs.site.provenance import mark, recording, strip
from tavla_docs.variants import ruleset


def _page(*paragraphs: str) -> tuple[str, str]:
    """(marked text, source) of paragraphs, `@fact` in one standing for `{{ states("fact") }}`."""
    text, source, index = [], [], 0
    with recording():
        for para in paragraphs:
            t, s = "", ""
            for i, piece in enumerate(para.split("@")):
                if i == 0:
                    t, s = piece, piece
                    continue
                name, _, rest = piece.partition(" ")
                t += mark(1 + "\n\n".join(source).count("\n") + (2 if source else 0), states(name), False, index) + " " + rest
                s += '{{ states("' + name + '") }} ' + rest
                index += 1
            text.append(t)
            source.append(s)
    return "\n\n".join(text), "\n\n".join(source)


TAVLA = ruleset("tavla")


def test_a_paragraph_that_still_states_its_fact_passes():
    marked, source = _page("A hit checker goes to the bar. @bar", "Bearing off is never compulsory. @bear_off_compulsory")
    assert declared_problems(marked, "en", "p.md", source, 1, TAVLA) == []
    tr, src = _page("Kırık pul bara gider; sahibi onu oyuna sokmak zorundadır. @bar")
    assert declared_problems(tr, "tr", "p.md", src, 1, TAVLA) == []


def test_a_paragraph_whose_rule_sentence_was_reworded_away_is_located_at_its_mark():
    marked, source = _page("Nothing to see here.", "A hit checker leaves the game for good. @bar")
    (p,) = declared_problems(marked, "en", "rules.md", source, 10, TAVLA)
    assert (p.path, p.line, p.col, p.severity) == ("rules.md", 12, 41, "error")
    assert p.message.startswith("`states('bar')` says this paragraph states that there is a bar, where a hit "
                                "checker waits until it enters again, but none of its sentences says so now: "
                                '"A hit checker leaves the game for good.')
    assert p.hint and "tavla-docs facts" in p.hint


def test_the_fact_must_be_stated_in_the_marks_own_paragraph():
    marked, source = _page("A hit checker goes to the bar.", "The turn then passes. @bar")
    (p,) = declared_problems(marked, "en", "p.md", source, 1, TAVLA)
    assert p.line == 3


def test_a_fact_that_holds_in_every_game_is_named_with_its_value_without_a_page_game():
    marked, source = _page("You may bear off whenever you like. @bear_off_start")
    (p,) = declared_problems(marked, "en", "p.md", source, 1, None)
    assert "states that bearing off starts only when every checker in play is in the home board" in p.message


def test_the_mark_prints_nothing_a_reader_sees():
    marked, _ = _page("A hit checker goes to the bar. @bar")
    assert strip(marked) == "A hit checker goes to the bar.  "
    assert str(states("bar")) == ""  # outside a recorded render there is no mark at all


def test_an_unknown_fact_is_a_helper_error_naming_the_nearest():
    with pytest.raises(HelperError, match=r"states\('bars'\): no rule fact has that name; did you mean 'bar'"):
        states("bars")


def _lexicon_with(tmp_path, extra: str):
    main = tmp_path / "statements.yaml"
    from tavla_docs.site.audit.lexicon import LEXICON_FILE
    main.write_text(LEXICON_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "statements.d").mkdir()
    for shipped in sorted((LEXICON_FILE.parent / "statements.d").glob("*.yaml")):  # facts other languages' files use
        (tmp_path / "statements.d" / shipped.name).write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "statements.d" / "zz-more.yaml").write_text(extra, encoding="utf-8")
    return lexicon(main)


def test_a_statements_d_file_adds_facts_and_phrasings(tmp_path):
    lex = _lexicon_with(tmp_path, "facts:\n  test_fact:\n    value: yes\n    says: {yes: 'it is so', no: 'it is not'}\n"
                                  "statements:\n  - fact: test_fact\n    says: 'no'\n    en: ['it is never so']\n")
    assert "test_fact" in lex.facts
    assert any(s.fact == "test_fact" and s.value == "no" for s in lex.statements)


def test_a_statements_d_file_may_not_redefine_a_fact(tmp_path):
    with pytest.raises(LexiconError, match=r"zz-more\.yaml:3:5: error: fact 'bar' is already defined"):
        _lexicon_with(tmp_path, "facts:\n  bar:\n    value: true\n    says: {true: 'x'}\n")


def test_declarations_are_not_compared_between_languages_but_facts_are():
    from tavla_docs.site.audit.drift import drift_problems
    from tavla_docs.site.audit.scan import Finding

    def f(key: str) -> Finding:
        return Finding(3, 5, "computed", "fact", key, "prose", key)
    keys = {("p", "en"): [("en/p.md", f("states('bar')")), ("en/p.md", f("caption[a#0] states('bar')")),
                          ("en/p.md", f("r.checkers"))],
            ("p", "tr"): [("tr/p.md", f("caption[a#0] states('cube')"))]}
    (p,) = drift_problems(keys, ["en", "tr"])
    assert p.message == "'r.checkers' is stated here (en) but not in tr/p.md (tr)"
