"""A die named before the play its sentence shows: the die must be one the play uses.

"A one with checkers on the 5- and 3-points: 5/1", "the one bears off the farthest checker: 3/off".
A die word printed from a helper (`….roll.low.words`, `….moves[i].die.words`: its `Subject.die`) and,
later in the same sentence part, a play a helper printed (`play("5/1", at=…)`, `….show`: its
`Subject.dice`, the dice the play uses in its figure) speak of one thing: the die is the one that
plays it. A true die of the roll that the play does not use is the wrong die. A clause between them
that says what cannot be done ("the one cannot move; 5/1") speaks of another move, and is not judged;
nor is a die word with another die word after it, nearer the play.

>>> from tavla_docs.site.provenance import Subject, mark, recording
>>> from tavla_docs.site.facts.numerals import Num
>>> src = "A {{ d }} with checkers on points 5 and 3: {{ p }}"
>>> with recording():
...     text = ("A " + mark(1, Num(1, "en").of_side(None, "die").on(Subject(die=1)), False, 0)
...             + " with checkers on points 5 and 3: " + mark(1, Num(4, "en").on(Subject(dice=(4,))), False, 1))
>>> [p.message for p in die_play_problems(text, "en", "x.md", src, 1)]
['`{{ d }}` names the one, but the play its sentence shows, `{{ p }}`, is played with the four']
"""
from __future__ import annotations

from collections.abc import Iterator

from ..provenance import Span
from .problems import Problem
from .subjects import _BLANK, _PART, _Text, lexicon

_NAMES = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
HINT = ("name the die that plays the move the sentence shows (`….moves[i].die.words` beside `….moves[i]`), "
        "or show the play that die makes")


def die_play_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                      severity: str = "error") -> list[Problem]:
    """Each die word followed, in its sentence part, by a play that does not use that die."""
    words = lexicon(lang)
    if not words or "\ue000" not in marked:
        return []
    t = _Text(marked, source, path, first_line, severity)
    for p, play, later in dice_before_plays(t):
        about = p.about
        end = p.start + len(p.text)
        if about is None or play.about is None or about.die in play.about.dice:
            continue
        if about.group and about.group == play.about.group:
            continue  # a move's die beside a move of its own play: `subjects` and `diemoves` judge that
        between = t.plain[end:play.start]
        if not between.strip() or any(q.about and q.about.die and not q.about.dice and q.start < play.start
                                      for q in later):
            continue  # right beside it: `subjects` judges that; another die nearer the play speaks of it
        if words["fail"].search(between.replace(_BLANK, " ")):
            continue
        dice = sorted(set(play.about.dice), reverse=True)
        t.report(p, "subject", f"`{{tag}}` names the {_NAMES.get(about.die, about.die)}, but the play its sentence "
                 f"shows, `{t.at(play)[2]}`, is played with the {' and the '.join(_NAMES.get(d, str(d)) for d in dice)}",
                 HINT)
    return t.out


def dice_before_plays(t: _Text) -> Iterator[tuple[Span, Span, list[Span]]]:
    """Each die word a helper printed (its `Subject.die`), the first play a helper printed after it in
    its sentence part (its `Subject.dice`), and the computed facts between them and the part's end:
    what `dieplays` and `dieverbs` both read."""
    facts = [p for p in t.facts if p.computed and p.about is not None]
    for k, p in enumerate(facts):
        about = p.about
        if about is None or not about.die or about.dice:
            continue
        _, stop = t.bounds(p, _PART)
        end = p.start + len(p.text)
        later = [q for q in facts[k + 1:] if end <= q.start < stop]
        play = next((q for q in later if q.about and q.about.dice), None)
        if play is not None and play.about is not None:
            yield p, play, later
