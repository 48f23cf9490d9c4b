"""Rule statements in escaped text: a caption prints "Siyah&#39;ın", and a statement's words on both
sides of it are still read as one statement (`statements._unemphasised`)."""
from __future__ import annotations

from tavla_docs.site.audit.statements import find_statements


def _facts(text: str, lang: str) -> list[tuple[str, object]]:
    return [(s.statement.fact, s.statement.value) for s in find_statements(text, lang)]


def test_an_escaped_apostrophe_does_not_cut_a_statement() -> None:
    plain = "Çift gelince Siyah'ın iki hamle oynanır."
    escaped = "Çift gelince Siyah&#39;ın iki hamle oynanır."
    assert _facts(plain, "tr")  # the sentence states a rule
    assert _facts(escaped, "tr") == _facts(plain, "tr")


def test_the_span_covers_the_escaped_text() -> None:
    escaped = "Çift gelince Siyah&#39;ın iki hamle oynanır."
    said = find_statements(escaped, "tr")[0]
    assert escaped[said.start:said.end] == said.text and "&#39;" in said.text and said.text.endswith("oynanır")


def test_other_references_read_as_their_character() -> None:
    plain = 'If you roll a double ("çift") you make four moves'
    assert _facts(plain, "en")
    assert _facts("If you roll a double (&quot;çift&quot;) you make four moves", "en") == _facts(plain, "en")
