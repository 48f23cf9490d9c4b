"""A question that asks why a rule holds states the rule: "Why bearing off is compulsory?",
"Pul toplamak için neden tam sayı gerekir?", "Γιατί …;".

A yes-no question ("Is bearing off compulsory?", "zorunlu mu") states nothing, and the rule check
leaves it alone; a why-question presupposes its content, so a heading or a sentence that asks why a
false rule holds is read as stating it (`statements._states`). The why-words are each language's:
English and Greek at the start of the sentence ("γιατί" is also "because" inside one), Turkish anywhere.

>>> presupposes("why bearing off is compulsory?", "en"), presupposes("is bearing off compulsory?", "en")
(True, False)
"""
from __future__ import annotations

import re

_WHY = {
    "en": re.compile(r"^[\W\d_]*(?:why|how come|for what reason)\b"),
    "tr": re.compile(r"(?<!\w)(?:neden|niçin|niye|ne diye|ne için)(?!\w)"),
    "el": re.compile(r"^[\W\d_]*(?:γιατι|για ποιο λογο)(?!\w)"),  # folded: accents do not count in Greek
}


def presupposes(sentence: str, lang: str) -> bool:
    """Whether the (folded) question `sentence` asks why its content holds, and so states it."""
    p = _WHY.get(lang.split("_")[0])
    return p is not None and p.search(sentence.strip(" *_#\"“'")) is not None
