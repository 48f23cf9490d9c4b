"""A bear-off row's label held to the row's key: the key ("6x3+5x3+…") is what the helper computes
from; the label beside it is what the reader reads, and may type or print other numbers.

A label's numbers must each be a count of the position (a point's checkers or all of them) or a
point that holds checkers; a range ("1–6") must lie on the home board; a list of counts
("3-3-3-2-2-2") must be the position's counts from its highest point down. The label is read as
rendered, so a number printed from an expression (`p=r.home.first`) is held to the key too.

>>> label_problem((0, 0, 0, 0, 0, 15), "15 on 1")
"the label '15 on 1' says 1, but its row's position (6x15) has no checker on the 1-point and no count of 1"
>>> label_problem((2, 2, 2, 3, 3, 3), "3-3-3-3-2-1").split(", but ")[1]
"its row's position (6x3+5x3+4x3+3x2+2x2+1x2) has 3-3-3-2-2-2 from the 6-point down"
>>> label_problem((1, 1, 1, 1, 1, 1), "1 on 1–6") is None
True
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from .provenance import strip

_LIST = re.compile(r"(?<![\w.,])\d{1,2}(?:\s*[-–]\s*\d{1,2}){2,}(?![\w.,])")
_RANGE = re.compile(r"(?<![\w.,])(\d{1,2})\s*[-–]\s*(\d{1,2})(?![\w.,%])")
_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3})(?![\d,]|\s*%)")


def key_of(home: Sequence[int]) -> str:
    """The position in the helpers' own notation, highest point first: (0, …, 2) → '6x2'."""
    return "+".join(f"{p}x{home[p - 1]}" if home[p - 1] > 1 else str(p) for p in range(6, 0, -1) if home[p - 1])


def label_problem(home: Sequence[int], label: str) -> str | None:
    """What a row's label says that its position (`home`, point 1 first) is not, or None."""
    text = strip(str(label))
    for m in _LIST.finditer(text):
        said = [int(n) for n in re.findall(r"\d+", m.group())]
        top = max(p for p in range(1, 7) if home[p - 1])
        low = min(p for p in range(1, 7) if home[p - 1])
        forms = ([home[p - 1] for p in range(top, 0, -1)], [home[p - 1] for p in range(6, low - 1, -1)],
                 [home[p - 1] for p in range(top, low - 1, -1)], [home[p - 1] for p in range(6, 0, -1)])
        if said not in forms:
            true = "-".join(str(n) for n in forms[2])
            return (f"the label {text!r} lists the counts {m.group()}, but its row's position ({key_of(home)}) "
                    f"has {true} from the {top}-point down")
        text = text.replace(m.group(), " ")
    for m in _RANGE.finditer(text):
        a, b = int(m.group(1)), int(m.group(2))
        if not (1 <= a <= 6 and 1 <= b <= 6):
            return f"the label {text!r} says the points {m.group()}, but a bear-off position lies on points 1–6"
    text = _RANGE.sub(" ", text)
    counts = {n for n in home if n} | {sum(home)}
    for m in _NUMBER.finditer(text):
        n = int(m.group(1))
        if n not in counts and not (1 <= n <= 6 and home[n - 1]):
            return (f"the label {text!r} says {n}, but its row's position ({key_of(home)}) has no checker on the "
                    f"{n}-point and no count of {n}")
    return None
