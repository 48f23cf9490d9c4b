"""The phrasings statements.d/declare14.yaml (and its Greek lines in lexicons/el.yaml) adds for the
project's own declared paragraphs: each is read as its fact and value, and a false edit of the
sentence it reads is either read as the other value or no longer read (so a declaration fails)."""
from __future__ import annotations

import pytest

from tavla_docs.site.audit.statements import find_statements

READ = [
    ("en", "Each player stacks all 15 checkers on their own 24-point. This point is the **head**: White's head",
     "head_is", "start"),
    ("tr", "Her oyuncu 15 pulunun hepsini kendi 24 numaralı hanesine dizer. Bu haneye **baş** denir: Beyaz'ın başı",
     "head_is", "start"),
    ("el", "Κάθε παίκτης στοιβάζει και τα 15 πούλια του στη δική του θέση 24. Η θέση αυτή λέγεται **κεφάλι**: το",
     "head_is", "start"),
    ("el", "Το σύνολο πιπ υποθέτει ότι κάθε πιπ αξιοποιείται. Στο μάζεμα αυτό δεν ισχύει.", "pip_wastage", "not_counted"),
    ("el", "Το σύνολο πιπ δεν υποθέτει ότι κάθε πιπ αξιοποιείται.", "pip_wastage", "counted"),
]

# the same sentences edited so they no longer say the rule: not read as the fact's true value
EDITED = [
    ("en", "Each player bears off all 15 checkers from their own 1-point. This point is the head.", "head_is"),
    ("tr", "Her oyuncu 15 pulunun hepsini kendi 1 numaralı hanesinden toplar. Bu haneye baş denir.", "head_is"),
    ("el", "Κάθε παίκτης μαζεύει και τα 15 πούλια του από τη δική του θέση 1. Η θέση αυτή λέγεται κεφάλι.", "head_is"),
    ("el", "Το σύνολο πιπ μετρά σωστά και στο μάζεμα.", "pip_wastage"),
]


def _read(text: str, lang: str) -> set[tuple[str, str]]:
    return {(s.statement.fact, str(s.statement.value)) for s in find_statements(text, lang) if not s.statement.negated}


@pytest.mark.parametrize(("lang", "text", "fact", "value"), READ)
def test_read(lang: str, text: str, fact: str, value: str) -> None:
    assert (fact, value) in _read(text, lang)


@pytest.mark.parametrize(("lang", "text", "fact"), EDITED)
def test_edited_not_read_as_true(lang: str, text: str, fact: str) -> None:
    true = {"head_is": "start", "pip_wastage": "not_counted"}[fact]
    assert (fact, true) not in _read(text, lang)
