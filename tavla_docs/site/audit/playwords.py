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
#   hit_any        the play hits (in a game that pins, pins)
#   enters         a move of the play comes in from the bar
#   land(P)        a move ends on the point
#   reach(P)       a checker of the play ends the play there: moves end on the point more often than they
#                  leave it ("takes it to the 3-point" is not said of 6/4/3's 4-point); said of one die's
#                  move ("the six moves it to the 18-point"), it is read as land(P)
#   leave(P)       a move starts from the point
#   off_from(P)    a move bears a checker off from the point
#   off            the play bears off at least one checker
#   none_off       the play bears off no checker
#   on_roll(SIDE)  SIDE is the side to play
#   numbers(SIDE)  the figure numbers the points from SIDE's side
#   sense(SIDE)    the figure draws SIDE (or both, without a SIDE) moving in the named sense
#   ahead(SIDE)    the marked point holds a checker of SIDE that has passed the other side's row
#   cube_centre    the figure's doubling cube is in the middle: either player may double
#   cube_owner(SIDE) the figure's doubling cube belongs to SIDE
STATEMENTS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (
        ("make", r"\bmak(?:e|es|ing)\s+{P}"),
        ("blot", r"\bleav(?:e|es|ing)\s+(?:a\s+|one\s+)?(?:blot|single\s+checker|lone\s+checker)\s+(?:on|at)\s+{P}"),
        ("enter", r"\b(?:enter(?:s|ing|ed)?|(?:brings?|bringing|comes?|coming)\s+(?:[\w']+\s+){0,4}?in)"
                  r"\s+(?:on|at)\s+{P}"),
        ("hit", r"\bhit(?:s|ting)?\s+(?:(?:the|a|its|[\w]+'s)\s+)?(?:blot|checker)?\s*(?:on|at)\s+{P}"),
        ("hits", r"\b{SIDE}\s+hits\b"),
        ("hit_any", r"\b(?:hits|pins)\s+(?:(?:the|a|its|[\w]+'s)\s+)?(?:(?:only|last|lone)\s+)?(?:blot|checker)\b"),
        ("enters", r"\b(?:enters|must\s+(?:first\s+)?enter)\b"),
        ("land", r"\b(?:stops?|lands?)\s+on\s+{P}"),
        ("reach", r"\b(?:ends?\s+up|ends?|finish(?:es)?)\s+on\s+{P}"),
        ("reach", r"\b(?:moves?|plays?|takes?|brings?|goes|go|comes?)\s+(?:[\w']+\s+){0,4}?(?:on\s+)?to\s+{P}"),
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
        ("cube_centre", r"\b(?:the\s+)?cube\s+(?:is|stays|remains|sits)\s+(?:still\s+)?(?:in\s+the\s+)?"
                        r"(?:middle|centre|center)\b"),
        ("cube_centre", r"\b(?:either|each|both)\s+(?:player|side)s?\s+(?:may|can)\s+(?:still\s+)?double\b"),
        ("cube_centre", r"\b(?:nobody|no\s+one|neither\s+player)\s+owns\s+the\s+cube\b"),
        ("cube_owner", r"\b{SIDE}\s+(?:owns|holds|has)\s+the\s+cube\b"),
        ("cube_owner", r"\bthe\s+cube\s+(?:now\s+)?(?:belongs\s+to|is\s+on\s+)\s*{SIDE}"),
    ),
    "tr": (
        ("make", r"{P}(?:de|da)\s+kapı\s+(?:yap(?:ar|ılır|ıyor|tı|ılmış|mış)|kur(?:ar|ulur))\b"),
        ("blot", r"{P}(?:de|da)\s+(?:tek|açık(?:ta)?)\s+pul\s+bırak(?:ır|ıyor|tı|mış)\b"),
        ("enter", r"{P}(?:ye|ya)\s+(?:oyuna\s+)?gir(?:er|di|iyor|miş)\b"),
        ("enter", r"{P}(?:den|dan)\s+oyuna\s+gir(?:er|di|iyor|miş)\b"),
        ("hit", r"{P}(?:deki|daki)\s+(?:tek\s+|açık(?:taki)?\s+|açıkta\s+kalan\s+)?pulu\s+kır(?:ar|ıyor|dı)\b"),
        ("hit", r"{P}(?:de|da)\s+kır(?:ar|ıyor|dı)\b"),
        ("hits", r"\b{SIDE},?\s+(?:[^,.;:]*?\s)?pul(?:unu|u|larını)\s+kır(?:ar|ıyor|dı)\b"),
        ("hit_any", r"\b(?:pul(?:unu|u)|pulunu)\s+(?:kır(?:ar|ıyor|dı)|tapalar)\b"),
        ("enters", r"\boyuna\s+gir(?:er|di|iyor)\b"),
        ("enters", r"\bkırık\s+pul(?:unu)?\s+(?:sokar|girer)\b"),
        ("land", r"{P}(?:de|da)\s+dur(?:ur|uyor|du)\b"),
        ("reach", r"{P}(?:ye|ya)\s+(?:taşır|götürür|getirir|gider|gelir|ilerler|oynar|ulaşır|varır)\b"),
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
        ("cube_centre", r"\b(?:katlama\s+)?küp(?:ü)?\s+(?:hâlâ\s+)?ortada(?:dır)?(?![\wy])"),
        ("cube_centre", r"\b(?:oyunculardan\s+her\s+biri|her\s+iki\s+oyuncu\s+da|iki\s+oyuncu\s+da|oyuncuların"
                        r"\s+ikisi\s+de|her\s+oyuncu)\s+katlayabilir\b"),
        ("cube_owner", r"\bküp(?:ün\s+sahibi)?\s+{SIDE}"),
        ("cube_owner", r"\b{SIDE}\s+küpün\s+sahibi\w*"),
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

# What a figure's label may say of the point it labels, per language (the first kind that matches
# is the one the label means, so "outside home" is read as outside):
#   outside   a checker stands there outside its own home board
#   home      the point is in the home board of the side whose checker stands there (either side's when empty)
#   blot      one checker stands there
#   made      two or more checkers of one side stand there
#   empty     no checker stands there
#   no_waste  no pip of a roll is wasted on the checkers there: none could be borne off by a larger die
LABELS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (("no_waste", r"\bno\s+(?:wasted\s+pips?|pips?\s+(?:are\s+|is\s+)?wasted|wastage|waste)\b"),
           ("outside", r"\boutside\b|\bnot\s+(?:yet\s+)?home\b"), ("home", r"\bhome\b"),
           ("blot", r"\bblot\b|\b(?:single|lone)\s+checker\b"), ("made", r"\bmade\s+point\b|\banchor\b"),
           ("empty", r"\bempty\b")),
    "tr": (("no_waste", r"\bboşa\s+(?:giden\s+)?pip\s+yok\b|\bpip\s+boşa\s+gitmez\b"),
           ("outside", r"\bdışarıda\w*|\bev(?:in)?\s+dışında\w*|\bevde\s+değil\w*"),
           ("home", r"\bev(?:de|e|deki|in\s+içinde|\s+içinde)?\b"),
           ("blot", r"\btek\s+pul\b|\baçık\s+pul\b|\baçıkta\b"), ("made", r"\bkapı\b"), ("empty", r"\bboş\b")),
}

# A die named before the move it plays ("the six 13/7", "the three plays 9/6", "playing the three
# first, 9/6 6/off"; "altı ile 13/7", "önce üç oynanırsa, 9/6"): the move must go that many pips.
DIE_WORDS = {
    "en": {"one": 1, "ace": 1, "two": 2, "deuce": 2, "three": 3, "trey": 3, "four": 4, "five": 5, "six": 6},
    "tr": {"iki": 2, "üç": 3, "dört": 4, "beş": 5, "altı": 6},  # "bir" is also "a": never read as a die here
}
DIE_MOVE = {
    "en": r"\b(?:the|a)\s+(?P<die>{DIE})\s+(?:(?:first|then|now)\s*,?\s*)?(?:(?:plays|moves|goes|is\s+played)\s+)?"
          r"(?:as\s+)?(?P<move>(?:bar|\d{1,2})/(?:off|\d{1,2}))(?![\d/])",
    "tr": r"\b(?P<die>{DIE})\s+(?:ile\s+(?:de\s+)?)?(?:(?:oynanırsa|oynanır|oynar)\s*,?\s*)?"
          r"(?P<move>(?:bar|\d{1,2})/(?:off|\d{1,2}))(?![\d/])",
}
# A die that bears a checker off a point ("the three bears off from the 4-point"; "üç, 4. haneden pul
# toplar"): it must be at least the point's number (in the mover's numbering, 1–6).
DIE_OFF = {
    "en": r"\b(?:the|a)\s+(?P<die>{DIE})\s+(?:then\s+)?bears\s+(?:(?:a|the|one|it|its|last)\s+|checkers?\s+)*off\s+"
          r"(?:(?:a|the|one)\s+checkers?\s+)?(?:from\s+)?the\s+(?P<point>\d{1,2})-point",
    "tr": r"\b(?P<die>{DIE})\s*,?\s+(?:ile\s+(?:de\s+)?)?(?P<point>\d{1,2})\.?\s+haneden\s+(?:bir\s+)?pul(?:u)?\s+"
          r"(?:topla(?:r|nır|rsınız)|alır)\b",
}
