"""Words that say a die of the roll is lost, against the play the figure shows.

"With an opening 6-5 only one checker leaves the head, and the other die is lost: 24/13": the
shown play 24/13 takes both dice, so nothing is lost. A caption (or a page sentence bound to a
scenario) that says a die is forfeited, wasted or not played is an error when its frame's shown
play uses every die of the roll (`Play.dice_used`; a double counts four dice where the game
plays a double as four moves, and is not judged where doubles are a progression).

>>> bool(_LOST["en"].search("and the other die is lost: 24/13")), bool(_LOST["tr"].search("öteki zar yanar"))
(True, True)
>>> _LOST["en"].search("no die is lost") is None
True
"""
from __future__ import annotations

import re
from typing import Any

_LOST = {
    "en": re.compile(r"(?<!\bno )(?<!\bnot )\b(?:other|second|one|a|the|higher|lower|larger|smaller|last) (?:die|number)"
                     r"(?: \w+)? (?:is|gets|goes|remains) (?:lost|forfeited|wasted|void|unplayed|not played|unused)\b"
                     r"|\bforfeits? (?:the|a|one|its) (?:other |second |higher |lower )?(?:die|number)\b"
                     r"|\b(?:the )?(?:other|second) (?:die|number) (?:cannot|can't|may not) be played\b", re.IGNORECASE),
    "tr": re.compile(r"(?:öteki|diğer|ikinci|bir|küçük|büyük)? ?zar\w*(?: oynanmaz ve)? (?:yanar|boşa gider|kaybolur)\b"
                     r"|(?:öteki|diğer|ikinci) zar\w* oynanamaz\b", re.IGNORECASE),
    "el": re.compile(r"(?:το άλλο|το δεύτερο|ένα) ζάρι (?:χάνεται|δεν παίζεται|καίγεται)", re.IGNORECASE),
}
HINT = ("say what the shown play does with the roll (`show:`), or show a play that leaves a die unplayed; "
        "print the dice the play leaves from the scenario (`s.dice_left`)")


def lost_faults(read: str, lang: str, frame: Any) -> list[tuple[str, str]]:
    """(words, what is wrong) for each "a die is lost" of `read` that the frame's shown play contradicts."""
    pattern = _LOST.get(lang)
    show, roll = getattr(frame, "show", None), getattr(frame, "roll", None)
    if pattern is None or show is None or roll is None:
        return []
    if roll.is_double:
        rules = getattr(frame, "rules", None)
        if rules is None or rules.summary().get("doubles") != "four_moves":
            return []
        dice = 4
    else:
        dice = 2
    if show.dice_used < dice:
        return []
    return [(" ".join(m.group().split()), f"the shown play {show} uses every die of {roll.high}-{roll.low}: "
                                           f"none is lost") for m in pattern.finditer(read)]
