"""A caption and a page go through one list of printed-text checks (`audit.printed`): a check
written for pages reaches captions too. The roll-kind check is the case in point: captions
missed it while each caller kept its own list."""
from __future__ import annotations

from tavla_docs.site.audit.printed import printed_text_problems
from tavla_docs.site.provenance import mark, recording

SIDES = {"white": "White", "black": "Black"}


class RollFact:
    """A roll as a helper prints it: a computed fact."""

    tavla_fact = True

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


def problems(words: str, roll: str, lang: str = "en") -> list[str]:
    source = words.replace("ROLL", "{{ s.roll }}")
    with recording():
        marked = words.replace("ROLL", str(mark(1, RollFact(roll), False, 0)))
    return [p.message for p in printed_text_problems(marked, lang, "", source, 1, SIDES, None)]


def test_a_caption_calling_a_double_a_mixed_roll_is_caught() -> None:
    found = problems("A mixed roll such as ROLL counts twice.", "6-6")
    assert len(found) == 1 and "6-6" in found[0] and "mixed roll" in found[0], found


def test_the_right_kind_passes() -> None:
    assert problems("A mixed roll such as ROLL counts twice.", "6-5") == []
    assert problems("ROLL gibi bir çift zar bir kez sayılır.", "5-5", "tr") == []
