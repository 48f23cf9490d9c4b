"""What captions and pages say a figure's play does, per language: the lexicon `plays` reads.

Data only. Each entry is a statement *kind* and a pattern of the words that state it; the kind
says what the statement asserts about the shown play's result or the figure's options
(`playview.PlayView.judge`). Patterns are written over the text a reader reads (tags dropped,
entities read) and use these slots:

- `{P}`: a point, as "the 5-point", "point 5" or "the marked point" (English), "5. hane",
  "5 numaralı hane" or "işaretli hane" (Turkish; the case ending follows in the pattern);
- `{SIDE}`: a side's name as the site's catalog writes it (`White`, `Beyaz`, with a suffix);
- `{PLAY}`: a play in notation (`13/7 8/7`), as a page prints it.

A statement inside a clause that negates it or makes it hypothetical ("cannot bear off",
"if your opponent bears off", "toplayamaz", "toplarsa") asserts nothing about the shown
play: `GUARDS` lists those words per language, read from the clause's start to the statement.
"""
from __future__ import annotations

# The kinds, and what each asserts (`playview`):
#   make(P)        the play makes the point: it holds two or more of the mover's checkers (at least
#                  what closes a point in the game) after the play, and fewer before
#   blot(P)        the play leaves a blot there: one checker after, not one before
#   enter(P)       a move from the bar ends on the point
#   hit(P)         a move that hits ends on the point
#   hits(SIDE)     SIDE is on roll and the play hits
#   land(P)        a move ends on the point
#   leave(P)       a move starts from the point
#   off_from(P)    a move bears a checker off from the point
#   off            the play bears off at least one checker
#   none_off       the play bears off no checker
#   on_roll(SIDE)  SIDE is the side to play
#   numbers(SIDE)  the figure numbers the points from SIDE's side
#   sense(SIDE)    the figure draws SIDE (or both, without a SIDE) moving in the named sense
#   ahead(SIDE)    the marked point holds a checker of SIDE that has passed the other side's row
STATEMENTS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (
        ("make", r"\bmak(?:e|es|ing)\s+{P}"),
        ("blot", r"\bleav(?:e|es|ing)\s+(?:a\s+|one\s+)?(?:blot|single\s+checker|lone\s+checker)\s+(?:on|at)\s+{P}"),
        ("enter", r"\b(?:enter(?:s|ing|ed)?|(?:brings?|bringing|comes?|coming)\s+(?:[\w']+\s+){0,4}?in)"
                  r"\s+(?:on|at)\s+{P}"),
        ("hit", r"\bhit(?:s|ting)?\s+(?:(?:the|a|its|[\w]+'s)\s+)?(?:blot|checker)?\s*(?:on|at)\s+{P}"),
        ("hits", r"\b{SIDE}\s+hits\b"),
        ("land", r"\b(?:stops?|lands?|ends?\s+up|ends?)\s+on\s+{P}"),
        ("land", r"\b(?:moves?|plays?|takes?|brings?|goes|go|comes?)\s+(?:[\w']+\s+){0,4}?(?:on\s+)?to\s+{P}"),
        ("leave", r"\b(?:comes?|starts?)\s+from\s+{P}"),
        ("off_from", r"(?<!\bto\s)\bbears?\s+(?:(?:a|the|one|it|its|last|another)\s+|checkers?\s+)*off\s+"
                     r"(?:(?:a|the|one)\s+checkers?\s+)?(?:from\s+)?{P}"),
        ("off", r"\bbears\s+(?:(?:a|the|one|it|its|last|all|every|everything|both|another|his|her|their)\s+|"
                r"checkers?\s+)*off\b"),
        ("off", r"(?<!\bto\s)\bbear\s+(?:(?:a|the|one|it|its|last|all|both|another)\s+|checkers?\s+)+off\b"),
        ("none_off", r"\binstead\s+of\s+bearing\s+off\b"),
        ("none_off", r"\bwithout\s+bearing\s+off\b"),
        ("none_off", r"\bno\s+checker\s+(?:can\s+be|is)\s+borne\s+off\b"),
        ("on_roll", r"\b{SIDE}\s+(?:is\s+on\s+roll|to\s+(?:play|roll)\b|rolls\b)"),
        ("on_roll", r"\b{SIDE}\s+plays\s+{PLAY}"),
        ("numbers", r"\b(?:the\s+)?(?:diagram|figure|board)\s+(?:shows|uses|has)\s+{SIDE}\s+(?:own\s+)?"
                    r"(?:numbers|numbering)\b"),
        ("numbers", r"\bthe\s+numbers\s+are\s+{SIDE}\b"),
        ("numbers", r"\bnumbered\s+(?:from|in)\s+{SIDE}\s+(?:side|own\s+numbering)"),
        ("sense", r"\b{SIDE}\s+(?:[\w']+\s+){0,3}?(?:moves?|plays?|travels?|goes)\b[^.;:]*?"
                  r"(?P<sense>counter-?clockwise|anti-?clockwise|clockwise)"),
        ("sense", r"\b(?:both\s+(?:players|sides)|the\s+players|both)\s+(?:[\w']+\s+){0,3}?move\b[^.;:]*?"
                  r"(?P<sense>counter-?clockwise|anti-?clockwise|clockwise)"),
        ("ahead", r"\b{SIDE}\s+checker\s+(?:is|stands|has\s+moved|has\s+got)\s+(?:ahead\s+of|past|in\s+front\s+of|"
                  r"beyond)\s+[^.;()]*?\(\s*(?:the\s+)?(?:marked|highlighted)\s+point\s*\)"),
    ),
    "tr": (
        ("make", r"{P}(?:de|da)\s+kapı\s+(?:yap(?:ar|ılır|ıyor|tı|ılmış|mış)|kur(?:ar|ulur))\b"),
        ("blot", r"{P}(?:de|da)\s+(?:tek|açık(?:ta)?)\s+pul\s+bırak(?:ır|ıyor|tı|mış)\b"),
        ("enter", r"{P}(?:ye|ya)\s+(?:oyuna\s+)?gir(?:er|di|iyor|miş)\b"),
        ("enter", r"{P}(?:den|dan)\s+oyuna\s+gir(?:er|di|iyor|miş)\b"),
        ("hit", r"{P}(?:deki|daki)\s+(?:tek\s+|açık(?:taki)?\s+|açıkta\s+kalan\s+)?pulu\s+kır(?:ar|ıyor|dı)\b"),
        ("hit", r"{P}(?:de|da)\s+kır(?:ar|ıyor|dı)\b"),
        ("hits", r"\b{SIDE},?\s+(?:[^,.;:]*?\s)?pul(?:unu|u|larını)\s+kır(?:ar|ıyor|dı)\b"),
        ("land", r"{P}(?:de|da)\s+dur(?:ur|uyor|du)\b"),
        ("land", r"{P}(?:ye|ya)\s+(?:taşır|götürür|gider|gelir|ilerler|oynar)\b"),
        ("leave", r"{P}(?:den|dan)\s+gel(?:ir|ip|en|iyor)\b"),
        ("off_from", r"{P}(?:den|dan)\s+(?:bir\s+)?pul(?:u)?\s+(?:topla(?:r|nır|rsınız|yın)|alır)\b"),
        ("off", r"\bpul(?:u|unu|ları|larını|larının\s+hepsini)?\s+(?:da\s+)?topla(?:r|nır|rsınız)\b"),
        ("off", r"\bhepsini\s+topla(?:r|nır)\b"),
        ("none_off", r"\btoplamak\s+yerine\b"),
        ("none_off", r"\b(?:hiç|hiçbir)\s+pul\s+toplan(?:amaz|maz)\b"),
        ("on_roll", r"\bsıra(?:sı)?\s+{SIDE}"),
        ("on_roll", r"\b{SIDE}\s+(?:\S+\s+ile\s+)?{PLAY}\s+oynar\b"),
        ("on_roll", r"\b{SIDE}\s+\d-\d\s+atar\b"),
        ("numbers", r"\b(?:şemadaki|şekildeki|tahtadaki|çizimdeki)\s+numaralar\s+{SIDE}"),
        ("numbers", r"\bnumaralar\s+{SIDE}(?:\s+kendi)?\s+numaralarıdır\b"),
        ("sense", r"\b{SIDE}\b[^.;:]*?(?P<sense>saat\s+yönünün\s+tersine|saatin\s+tersine|saat\s+yönünde)"),
        ("sense", r"\b(?:iki\s+oyuncu\s+da|oyuncular(?:ın)?\s+ikisi\s+de|ikisi\s+de)\b[^.;:]*?"
                  r"(?P<sense>saat\s+yönünün\s+tersine|saatin\s+tersine|saat\s+yönünde)"),
        ("ahead", r"\b{SIDE}\s+(?:bir\s+)?pulu\s+(?:duvarın|bloğun|sıranın|dizinin)\s+(?:önüne|ötesine)\s+geç\w*"
                  r"\s*\(\s*(?:işaretli|vurgulanan)\s+hane\s*\)"),
    ),
}

# A point, per language (named groups: `n` or `m` a number, `mk` the marked point).
POINT = {
    "en": r"(?:the\s+(?P<n>\d{1,2})-point|point\s+(?P<m>\d{1,2})\b|(?P<mk>the\s+(?:marked|highlighted)\s+point))",
    "tr": r"(?:\b(?P<n>\d{1,2})\.?\s+(?:numaralı\s+)?|(?P<mk>\b(?:işaretli|vurgulanan)\s+))hane",
}
# A play in notation, as the reader reads it (its code element's text).
PLAY = r"(?P<play>(?:bar|\d{1,2})/[\w/*()]+(?:\s+(?:bar|\d{1,2})/[\w/*()]+)*)"

# The senses of a drawn movement (`sense`), by the words above.
SENSES = {"counter-clockwise": "ccw", "counterclockwise": "ccw", "anti-clockwise": "ccw", "anticlockwise": "ccw",
          "clockwise": "cw", "saat yönünün tersine": "ccw", "saatin tersine": "ccw", "saat yönünde": "cw"}

# Words that, before a statement in its clause, make it assert nothing about the shown play.
GUARDS = {
    "en": r"\b(?:not|no|never|cannot|can't|nor|neither|unless|if|until|before|would|could|might|once|when|while)\b",
    "tr": r"\b(?:değil\w*|eğer|yoksa|ancak)\b|\w+(?:ken|madan|meden|amaz|emez|mazsa|mezse)\b|\w+(?:rsa|rse)\b",
}
# Words anywhere in a clause that say its play is not the one made ("… is not allowed").
REFUSALS = {
    "en": r"\b(?:not\s+allowed|not\s+legal|illegal|forbidden|not\s+possible|impossible)\b",
    "tr": r"\b(?:yasak\w*|olmaz|kurala\s+aykırı\w*|mümkün\s+değil\w*)",
}
# Where a clause ends (a full stop after a number is a Turkish ordinal, not an end).
CLAUSE_END = r"(?<!\d)[.!?;](?=\s|$)|:(?=\s)|,\s+(?:so|but|then|and\s+then)\b|\n"

# Region words a figure's label may use, and what each says of the point it labels:
#   home     the point is in the home board of the side whose checker stands there (either side's when empty)
#   outside  a checker stands there outside its own home board
REGIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (("outside", r"\boutside\b|\bnot\s+(?:yet\s+)?home\b"), ("home", r"\bhome\b|\bhome\s+board\b")),
    "tr": (("outside", r"\bdışarıda\w*|\bev(?:in)?\s+dışında\w*|\bevde\s+değil\w*"),
           ("home", r"\bev(?:de|e|deki|in\s+içinde|\s+içinde)?\b")),
}
