"""The words of page prose that describe a position's situation, by language, for `situations`.

Each kind names a fact of one frame that the engine or the position decides: a checker of the
side on roll on the bar (`bar`), a checker that can be borne off with the frame's roll (`bear`),
bearing off refused from one point (`refused`, the point in group `n`), and a side's checkers all
behind the other side's wall, or one of them past it (`block`). `True` is the words' assertion,
`False` its negation ("no checker on the bar", "hiç pul toplanamaz"). A kind's negation is tried
first, so "no checker can be borne off" is not read as "a checker can be borne off".
The words are the situation's phrasing families, not one sentence: a stative "on the bar"
("now on the bar", "with a checker on the bar", "Barda pulunuz varken", "bardaki pul"), a modal
"can / cannot be borne off" ("toplanabilir", "toplanamaz", "toplayamaz").

>>> [(k, v) for k, v, p in PATTERNS["en"] if p.search("White, now on the bar, rolls 4-2")]
[('bar', True)]
>>> [(k, v) for k, v, p in PATTERNS["tr"] if p.search("bu atışta hiç pul toplanamaz")]
[('bear', False)]
"""
from __future__ import annotations

import re

_I = re.IGNORECASE
_B = r"(?<![\wçğıöşüÇĞİÖŞÜ])"  # a word starts (Turkish letters are word letters)
_E = r"(?![\wçğıöşüÇĞİÖŞÜ])"
_WALL_EN = r"(?:wall|block|prime|row\s+of\s+points)"
_WALL_TR = r"(?:duvar|blo[kğ]|kapı\s+dizisi)\w*"

_WORDS: dict[str, list[tuple[str, bool, str]]] = {
    "en": [
        ("bar", False, r"\bno\s+(?:\w+\s+)?checkers?\s+(?:is\s+|are\s+|left\s+|still\s+)*on\s+the\s+bar\b"
                       r"|\bnothing\s+(?:is\s+)?(?:left\s+)?on\s+the\s+bar\b|\b(?:is|are)\s+not\s+on\s+the\s+bar\b"),
        ("bar", True, r"\b(?:now|still|already|stuck|left|waiting)\s+on\s+the\s+bar\b"
                      r"|\b(?:a|one|two|three|the|his|her|its|your|their|\d+)\s+(?:hit\s+|lone\s+)?checkers?\s+"
                      r"(?:still\s+|now\s+)?on\s+the\s+bar\b"
                      r"|\b(?:is|are)\s+(?:still\s+|now\s+)?on\s+the\s+bar\b"
                      r"|\b(?:has|have|with)\s+(?:a\s+|one\s+)?(?:checker\s+)?on\s+the\s+bar\b"
                      r"|\benter(?:s|ing)?\s+(?:a\s+checker\s+)?from\s+the\s+bar\b"),
        ("refused", False, r"\b(?:cannot|can't|can\s+not|may\s+not|is\s+not\s+allowed\s+to|is\s+unable\s+to)\s+"
                           r"(?:bear\s+(?:a\s+checker\s+)?off|take\s+(?:a\s+|the\s+|any\s+)?checkers?\s+off|take\s+off\s+"
                           r"(?:a\s+|any\s+)?checkers?)\s+(?:from\s+)?the\s+(?P<n>\d{1,2})-point"
                           r"|\bno\s+checker\s+(?:can|may)\s+(?:be\s+borne|come)\s+off\s+(?:from\s+)?the\s+(?P<m>\d{1,2})-point"),
        ("bear", False, r"\bno\s+(?:\w+\s+)?checkers?\s+(?:can|may|could)\s+(?:be\s+borne|come)\s+off\b"
                        r"|\bnothing\s+can\s+be\s+borne\s+off\b"
                        r"|\b(?:cannot|can't|can\s+not|may\s+not|is\s+unable\s+to)\s+bear\s+(?:any\s+checkers?\s+|"
                        r"a\s+checker\s+)?off\b(?!\s+(?:from|the|a|its|with|\d))"),
        ("bear", True, r"\b(?:a|one|some|two|\d+)\s+(?:\w+\s+)?checkers?\s+(?:can|may)\s+(?:still\s+|already\s+)?"
                       r"(?:be\s+borne|come)\s+off\b|\b(?:can|may)\s+(?:still\s+|already\s+)?bear\s+off\b"
                       r"|\bis\s+(?:still\s+)?able\s+to\s+bear\s+off\b"),
        ("block", True, r"\b(?:all|every|each)\s+(?:of\s+)?(?:\S+\s+){0,3}?checkers?\s+(?:are\s+|is\s+)?(?:still\s+|all\s+)*"
                        rf"behind\s+(?:\S+\s+){{0,2}}?{_WALL_EN}"
                        rf"|\bcheckers\s+(?:are\s+)(?:all\s+|still\s+)*behind\s+(?:\S+\s+){{0,2}}?{_WALL_EN}"
                        r"|\bno\s+(?:\S+\s+)?checker\s+(?:has\s+(?:yet\s+)?|is\s+)?(?:passed|got\s+past|gone\s+past|"
                        rf"escaped|past|ahead\s+of|beyond)\s+(?:\S+\s+){{0,2}}?{_WALL_EN}"),
        ("block", False, r"\b(?:a|one|an?\s+\S+|\S+['’]s)\s+(?:\S+\s+)?checkers?\s+(?:has|have|is|are)\s+(?:already\s+)?"
                         r"(?:passed|got\s+past|gone\s+past|escaped|past|ahead\s+of|in\s+front\s+of|beyond)\s+"
                         rf"(?:\S+\s+){{0,2}}?{_WALL_EN}"),
    ],
    "tr": [
        ("bar", False, _B + r"barda\s+(?:hiç\s+)?(?:\S+\s+)?pul(?:u|un|unuz|ları|larınız)?\s+(?:yok|kalma)\w*"),
        ("bar", True, _B + r"bar(?:da|daki)\s+(?:(?:bir|tek|iki|üç)\s+)?pul(?:u|unuz|un|ları|larınız)?" + _E
                      + r"(?!\s+(?:yok|kalma))"
                      + r"|" + _B + r"barda\s+(?:kalan|duran|bekleyen|olan|takılan)" + _E
                      + r"|" + _B + r"barda(?:yken|ysa|dır|ki)" + _E),
        ("refused", False, _B + r"(?P<n>\d{1,2})\.\s+haneden\s+(?:hiç\s+)?(?:bir\s+)?pul\s+"
                           r"(?:toplayamaz|alamaz|toplanamaz)\w*"),
        ("bear", False, _B + r"(?:hiç\s+|hiçbir\s+)?pul\s+(?:toplanamaz|toplayamaz)\w*"
                        + r"|" + _B + r"toplama\s+yapılamaz"),
        ("bear", True, _B + r"pul(?:u|ları)?\s+(?:toplanabilir|toplayabilir)\w*"
                       + r"|" + _B + r"toplama\s+yapılabilir"),
        ("block", True, rf"{_B}pul(?:ları|lar|u)?\w*\s+(?:(?:hep(?:si)?|yine|hâlâ|hala|bütünüyle|tümüyle)\s+)*"
                        rf"{_WALL_TR}\s+(?:\S+\s+)?(?:arkasında|gerisinde)\w*"
                        rf"|{_WALL_TR}\s+geçme(?:miş|di|z|yen)\w*"),
        ("block", False, rf"{_B}pul\w*\s+(?:\S+\s+)?{_WALL_TR}\s+(?:geçmiş|geçti|aşmış|aştı)\w*"
                         rf"|{_WALL_TR}\s+(?:önüne|ötesine)\s+geçmiş\w*"
                         rf"|{_B}pul\w*\s+(?:\S+\s+)?{_WALL_TR}\s+(?:ötesinde|önünde)\w*"),
    ],
}

#: (kind, asserted, pattern) per language, in the order tried.
PATTERNS: dict[str, tuple[tuple[str, bool, re.Pattern[str]], ...]] = {
    lang: tuple((k, v, re.compile(p, _I)) for k, v, p in words) for lang, words in _WORDS.items()}

#: A clause that speaks of another world than the figure's ("would", "had been", "olsaydı"): not judged.
COUNTERFACTUAL = {"en": re.compile(r"\b(?:would|were|had\s+been|could\s+have|no\s+longer)\b", _I),
                  "tr": re.compile(r"(?:olsaydı|saydı|seydi|olsa\b|artık)", _I)}
#: Words that move a can / cannot bear off to another moment of the turn, or to a rule ("until",
#: "first", "ondan önce"): such a clause is not held to the whole turn's legal plays.
MOMENT = {"en": re.compile(r"\b(?:until|before|unless|once|again|first|after|then)\b", _I),
          "tr": re.compile(r"(?:kadar|önce|sonra|yeniden|tekrar|eğer|ince\b|ınca\b|ünce\b|unca\b|dikçe|dıkça)", _I)}
#: A condition or another time in a clause about a wall ("once a checker is past it", "geçmişse").
CONDITION = {"en": re.compile(r"\b(?:if|once|unless|when|whenever|would)\b", _I),
             "tr": re.compile(r"(?:mişse|mışsa|müşse|muşsa|eğer|ince\b|ınca\b)", _I)}
#: A phrase that points at the next figure ("in the next position", "sonraki konumda"), or at the
#: n-th figure below (`deixis` reads the same phrases for the facts a sentence prints).
POINTERS = {
    "en": re.compile(r"\bthe\s+(?:(?P<nth>first|second|next)\s+)?(?:position|diagram|board|figure|example)"
                     r"(?:\s+(?:shown\s+)?(?P<dir>below|above))?\b", _I),
    "tr": re.compile(r"(?<!\w)(?:(?P<dir>aşağıdaki|yukarıdaki)\s+)?(?:(?P<nth>ilk|ikinci|sonraki)\s+)?"
                     r"(?:konum|şema|pozisyon)(?!lar|ler)\w*", _I),
}
NEXT = frozenset({"next", "sonraki"})
SECOND = frozenset({"second", "ikinci"})
BELOW = frozenset({"below", "aşağıdaki"})
