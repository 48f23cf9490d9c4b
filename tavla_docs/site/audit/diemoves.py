"""A die named with the move it plays: "the six 13/7", "playing the three first, 9/6 6/off",
"altı ile 13/7". The move must go as many pips as the die shows (a checker borne off may use a
larger die), whatever position it is played in: notation alone says how far a move goes. A die
that bears a checker off a home point ("the three bears off from the 4-point") is at least
that point's number.

>>> die_move_faults("the six plays 9/6, the three 9/6", "en")
[(4, 'the six plays 9/6', 'a six moves a checker 6 pips; 9/6 moves it 3')]
"""
from __future__ import annotations

import re
from functools import lru_cache

from . import playwords


@lru_cache(maxsize=8)
def _pattern(lang: str, table: str = "move") -> re.Pattern[str] | None:
    words = playwords.DIE_WORDS.get(lang)
    if not words:
        return None
    alternatives = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    source = (playwords.DIE_MOVE if table == "move" else playwords.DIE_OFF)[lang]
    return re.compile(source.replace("{DIE}", alternatives), re.IGNORECASE)


def die_move_faults(read: str, lang: str) -> list[tuple[int, str, str]]:
    """(where the die word starts, the words, what is wrong) for each die named with a move it cannot play."""
    pattern = _pattern(lang)
    if pattern is None:
        return []
    out = []
    for m in pattern.finditer(read):
        word = m.group("die").lower()
        die = playwords.DIE_WORDS[lang][word]
        src_text, dst_text = m.group("move").split("/")
        src = 25 if src_text == "bar" else int(src_text)
        if dst_text == "off":
            if die >= src:
                continue
            why = f"{m.group('move')} bears off from the {src}-point, which takes at least a {_die_name(src)}"
        else:
            pips = src - int(dst_text)
            if pips == die:
                continue
            why = f"{m.group('move')} moves it {pips}"
        out.append((m.start("die"), " ".join(m.group().split()), f"a {_die_name(die)} moves a checker {die} pips; {why}"))
    off = _pattern(lang, "off")
    for m in off.finditer(read) if off is not None else ():
        die, point = playwords.DIE_WORDS[lang][m.group("die").lower()], int(m.group("point"))
        if point <= 6 and die < point:  # a higher number is another numbering's: not judged here
            out.append((m.start("die"), " ".join(m.group().split()),
                        f"a {_die_name(die)} cannot bear a checker off the {point}-point, which takes at least "
                        f"a {_die_name(point)}"))
    return sorted(out)


def _die_name(n: int) -> str:
    return {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}.get(n, str(n))

