"""The words of page prose that state a fact of one frame's position or play, for `framefacts`.

Each kind is a claim family the engine decides from the frame the clause prints values of:

- `turn`: a side is (not) on roll ("Black is on roll", "sıra Siyah'ta");
- `home`: a point the clause prints is inside / outside the home board ("which is outside the
  home board", "doğrudan eve girer", "evin dışında kalır");
- `bears`: the turn bears a checker off, said as a fact ("and bears off with the other die");
- `extreme`: a checker borne off is the farthest or the lowest one (group `which`);
- `compare`: two plays the clause prints end in the same position, or one bears off a checker
  fewer (`same`, `diff`, `fewer` groups);
- `order`: the order of the dice matters, or makes no difference (`no` group: it does not);
- `count`: N checkers are on the P-point ("the two checkers on the 6-point", "iki pul da 6.
  hanedeyse"), N a number word;
- `dice`: a list of rolls the sentence prints is the rolls where both dice, or only one, show a
  number (`both` group; the number in `n`).

`True` is the assertion, `False` the negation, tried first where both exist.

>>> [(k, v) for k, v, p in PATTERNS["en"] if p.search("but Black is on roll")]
[('turn', True)]
>>> [(k, v) for k, v, p in PATTERNS["tr"] if p.search("iki zar da bir gelirse")]
[('dice', True)]
"""
from __future__ import annotations

import re

_I = re.IGNORECASE
_B = r"(?<![\wçğıöşüÇĞİÖŞÜ])"
_E = r"(?![\wçğıöşüÇĞİÖŞÜ])"
_OWNER_EN = r"(?:the\s+|its\s+|his\s+|her\s+|your\s+|their\s+|\w+['’]s\s+)?"

_WORDS: dict[str, list[tuple[str, bool, str]]] = {
    "en": [
        ("turn", False, r"\b(?:is|are)\s+not\s+(?:yet\s+)?on\s+roll\b|\bisn['’]t\s+on\s+roll\b"),
        ("turn", True, r"\b(?:is|are)\s+(?:also\s+|now\s+|still\s+)?on\s+roll\b|\bto\s+roll\s+next\b"
                       r"|\bit\s+is\s+\w+['’]s\s+(?:turn|roll)\b"),
        ("home", False, rf"\b(?:is|are|lies|stays?|remains?|which\s+is|that\s+is|still)\s+(?:still\s+)?"
                        rf"(?:outside|not\s+in(?:side)?)\s+{_OWNER_EN}home(?:\s+board)?\b"),
        ("home", True, rf"\b(?:is|are|lies|which\s+is|that\s+is|already|straight|directly)\s+(?:already\s+)?"
                       rf"(?:inside|in|into)\s+{_OWNER_EN}home(?:\s+board)?\b"),
        ("bears", True, r"\b(?:and|so)\s+(?:also\s+)?bears?\s+(?:a\s+checker\s+|one\s+checker\s+|one\s+|it\s+)?off\b"
                        r"|\band\s+takes?\s+(?:a|one)\s+checker\s+off\b"),
        ("extreme", True, r"\b(?:bears?|takes?|removes?)\s+(?:off\s+)?(?:the|its|your|his|her)\s+"
                          r"(?P<which>farthest|furthest|highest|rearmost|lowest|nearest|closest)\s+checker"),
        ("compare", False, r"\bnot\s+the\s+same\s+(?:result|position)\b|\b(?P<diff>different|another)\s+"
                           r"(?:result|position)\b"),
        ("compare", True, r"\b(?:the\s+)?(?P<same>same)\s+(?:result|position)\b|\bends?\s+(?:up\s+)?(?:in|at)\s+the\s+"
                          r"(?P<same2>same)\b|\b(?P<fewer>one|a)\s+checker\s+(?:fewer|less|more)\b"),
        ("order", True, r"\border\s+of\s+the\s+dice\s+(?:(?P<no>makes\s+no\s+difference|does\s*(?:n['’]|no)t\s+matter|"
                        r"is\s+irrelevant|changes\s+nothing|is\s+of\s+no\s+importance)|matters|makes\s+a\s+difference|"
                        r"changes\s+the\s+(?:result|outcome))"
                        r"|\b(?P<no2>(?:it\s+)?(?:does\s*(?:n['’]|no)t|makes\s+no\s+difference)\s+(?:matter\s+)?)which\s+die\s+"
                        r"(?:is\s+played|you\s+play|goes)\s+first\b"),
        ("count", True, r"\b(?P<n>\w+)\s+(?:of\s+\w+['’]s\s+|of\s+the\s+)?checkers\s+(?:are\s+|still\s+|left\s+)*on\s+"
                        r"(?:the|its|your|his|her)\s+(?P<p>\d{1,2})-point\b"),
        ("dice", True, r"\b(?P<both>both)\s+dice\s+(?:are|show|come\s+up|land\s+on)\s+(?:a\s+)?(?P<n>\w+)"
                       r"|\b(?:only\s+|exactly\s+|just\s+)one\s+(?:of\s+the\s+dice|die)\s+(?:is|shows|comes\s+up)\s+"
                       r"(?:a\s+)?(?P<n1>\w+)"),
    ],
    "tr": [
        ("turn", True, _B + r"(?:zar\s+atma\s+)?sıra(?:sı)?\s+(?P<side>\w+)['’]?(?:da|de|ta|te)" + _E
                       + r"|" + _B + r"(?P<side2>\w+)['’]?(?:ın|in|un|ün|nın|nin)\s+(?:zar\s+atma\s+)?sırası" + _E),
        ("home", False, _B + r"(?:evin|evinin)\s+dışında(?:dır|\s+kalır|\s+kalıyor|\s+durur)?" + _E
                        + r"|" + _B + r"eve\s+giremez" + _E + r"|" + _B + r"eve\s+girmez" + _E),
        ("home", True, _B + r"(?:doğrudan\s+|hemen\s+|doğruca\s+)?eve\s+girer" + _E
                       + r"|" + _B + r"evin\s+içinde(?:dir|\s+kalır)?" + _E),
        ("bears", True, _B + r"(?:ve|böylece)\s+(?:\S+\s+){0,3}?(?:bir\s+)?pul\s+(?:da\s+)?toplar" + _E),
        ("extreme", True, _B + r"en\s+(?P<which>uzaktaki|gerideki|yüksekteki|alçaktaki|düşükteki|yakındaki|öndeki)\s+"
                          r"pul(?:u|ları)?\s+(?:\S+\s+)?toplar\w*"),
        ("compare", False, _B + r"(?P<diff>farklı)\s+(?:bir\s+)?(?:sonuç|konum)\w*|" + _B + r"aynı\s+değil\w*"),
        ("compare", True, _B + r"(?P<same>aynı)(?:dır|\s+olur|\s+sonuç\w*|\s+konum\w*)" + _E
                          + r"|" + _B + r"bir\s+pul\s+(?P<fewer>eksik|fazla)\s+toplan\w*"),
        ("order", True, _B + r"zarların\s+(?:oynanma\s+)?sırası\s+(?:(?P<no>fark\s+etmez|önemli\s+değil\w*|önemsiz\w*)|"
                        r"önemli\w*|fark\s+eder)"
                        r"|" + _B + r"(?:hangi\s+zarın\s+önce\s+oynandığı|zarların\s+hangi\s+sırayla\s+oynandığı)\s+"
                        r"(?P<no2>fark\s+etmez|önemli\s+değil\w*)"),
        ("count", True, _B + r"(?P<n>\w+)\s+pul(?:unuz|u)?\s+(?:da\s+|daha\s+)?(?P<p>\d{1,2})\.\s+"
                        r"hane(?:de|deyse|dedir|deki|dedir)" + _E),
        ("dice", True, _B + r"(?P<both>iki\s+zar\s+da|her\s+iki\s+zar(?:\s+da)?)\s+(?P<n>\w+)\s+gel\w*"
                       + r"|" + _B + r"zarlardan\s+(?:yalnızca\s+|sadece\s+|yalnız\s+)?biri\s+(?P<n1>\w+)\s+gel\w*"),
    ],
}

#: (kind, asserted, pattern) per language, in the order tried.
PATTERNS: dict[str, tuple[tuple[str, bool, re.Pattern[str]], ...]] = {
    lang: tuple((k, v, re.compile(p, _I)) for k, v, p in words) for lang, words in _WORDS.items()}

#: Kinds whose claim reaches over a colon to the value it is about ("The order of the dice matters
#: here: with 4-2, …"; "… only one die is a one: 2-1, 3-1, …"): bound within the sentence.
SENTENCE_KINDS = frozenset({"order", "dice"})

#: The number a die shows, as a word.
DIE_NUMBERS: dict[str, dict[str, int]] = {
    "en": {"one": 1, "ones": 1, "two": 2, "twos": 2, "three": 3, "threes": 3, "four": 4, "fours": 4,
           "five": 5, "fives": 5, "six": 6, "sixes": 6},
    "tr": {"bir": 1, "iki": 2, "üç": 3, "dört": 4, "beş": 5, "altı": 6, "yek": 1, "dü": 2, "se": 3, "cihar": 4,
           "penç": 5, "şeş": 6},
}

#: How many checkers, as a word (a count of `count`).
COUNTS: dict[str, dict[str, int]] = {
    "en": {w: i for i, w in enumerate("one two three four five six seven eight nine ten eleven twelve thirteen "
                                         "fourteen fifteen".split(), 1)},
    "tr": {w: i for i, w in enumerate("bir iki üç dört beş altı yedi sekiz dokuz on".split(), 1)},
}

#: Words that put the claim in a condition or another world ("if", "would", "olsaydı"): not judged.
HEDGE = {"en": re.compile(r"\b(?:if|would|were|had\s+been|could\s+have|unless|suppose)\b", _I),
         "tr": re.compile(r"(?:olsaydı|saydı|seydi|olsa\b|eğer)", _I)}
