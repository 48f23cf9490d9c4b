"""A true fact about the wrong thing: the words around a printed fact against what it is about.

Every printed value of a page or caption carries its provenance (`site.provenance`), and a
computed fact also says what it is about (`provenance.Subject`): the point of a frame whose
checkers stand on one point, the die a word names and whether that die's move bears off, the
dice of a play in the order played, whether a count of rolls counts the ones that succeed or the
ones that fail. This module reads the words beside each such fact,
in the page's language (`subjects.yaml`, a lexicon as data), and reports the fact whose words
name another subject of the same kind:

- `point`: a fact about the 4-point printed in a clause that names the 5-point;
- `outcome`: the failing rolls' count where the words speak of rolls that succeed, or beside the
  list of the rolls that do (`{{ o.rolls }}: {{ o.missing }} of 36`);
- `landing`: the point a move lands on (`….dst`) where the words say a checker stands;
- `die`: a die word before a move it did not play (`the two 6/2`), said to be played first when
  the play beside it starts with the other die, or said to bear off when its move does not;
(A roll printed beside a word for the other kind of roll is `rollkinds`' to report.)

>>> from tavla_docs.site.provenance import Subject, mark, recording
>>> from tavla_docs.site.facts.numerals import Num
>>> src = "On the {{ a }}-point it takes {{ b }} rolls."
>>> with recording():
...     text = "On the " + mark(1, Num(5, "en").on(Subject(names=5)), False, 0) + "-point it takes " \\
...         + mark(1, Num(2, "en").on(Subject(point=4)), False, 1) + " rolls."
>>> [p.message for p in subject_word_problems(text, "en", "x.md", src, 1)]
['`{{ b }}` prints a fact about the 4-point (2) in a clause about the 5-point']
"""
from __future__ import annotations

import re
from bisect import bisect_left
from functools import cache
from pathlib import Path

import yaml

from ..provenance import Span, spans
from .problems import Problem
from .reader import _printed_at
from .scan import TAG

_ENTITY = re.compile(r"&(?:#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);")
_APOSTROPHES = ("&#39;", "&#x27;", "&rsquo;")
_CLAUSE = re.compile(r"[.!?;:,()\n]")
_SENTENCE = re.compile(r"[.!?\n]")
_PART = re.compile(r"[.!?;\n]")  # a sentence, or one of its parts joined by a semicolon
_POINTS = re.compile(r"[.!?;:()\n]")  # a clause that may list points ("the 1-, 2- or 3-point")
_WORDS = 6  # words read on each side of a fact
_BLANK = "\x00"  # a printed value, blanked: the template's own words are read around it
_WORD = re.compile("[^\\W_]+|\x00+")  # a word, or a printed value (one word)


@cache
def lexicon(lang: str) -> dict[str, re.Pattern[str]]:
    """The language's word patterns (`subjects.yaml`), each compiled to match a whole word."""
    data = yaml.safe_load(Path(__file__).with_name("subjects.yaml").read_text(encoding="utf-8"))
    out: dict[str, re.Pattern[str]] = {}
    for key, words in (data.get(lang) or {}).items():
        alts = "|".join(f"(?:{w})" for w in words) or r"(?!)"
        if key.endswith("_after"):
            out[key] = re.compile(rf"\s*(?:{alts})(?!\w)", re.IGNORECASE)  # `.match` at the fact's end
        elif key.endswith("_before"):
            out[key] = re.compile(rf"(?<!\w)(?:{alts})\s*$", re.IGNORECASE)
        else:
            out[key] = re.compile(rf"(?<!\w)(?:{alts})(?!\w)", re.IGNORECASE)
    return out


class _Text:
    """A rendered text with its printed values blanked (`_BLANK`), so its own words and punctuation
    can be read around each fact, and every fact located at the `{{ … }}` that printed it."""

    def __init__(self, marked: str, source: str, path: str, first_line: int, severity: str) -> None:
        self.parts = spans(marked)
        text = "".join(p.text for p in self.parts)
        chars = list(_ENTITY.sub(lambda m: ("'" if m.group() in _APOSTROPHES else "_").ljust(len(m.group()), "_"),
                                 text))
        self.facts = [p for p in self.parts if p.line]
        for p in self.facts:
            chars[p.start:p.start + len(p.text)] = _BLANK * len(p.text)
        self.plain = "".join(chars)
        self.tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
        self.source, self.path, self.first_line, self.severity = source, path, first_line, severity
        self.out: list[Problem] = []
        self._stops: dict[re.Pattern[str], list[int]] = {}  # each delimiter's places, found once

    def bounds(self, p: Span, stop: re.Pattern[str] = _CLAUSE) -> tuple[int, int]:
        """The clause (or sentence, by `stop`) around a fact: its start and end in the text."""
        marks = self._stops.get(stop)
        if marks is None:
            marks = self._stops[stop] = [m.start() for m in stop.finditer(self.plain)]
        i = bisect_left(marks, p.start)
        j = bisect_left(marks, p.start + len(p.text))
        return (marks[i - 1] + 1 if i else 0), (marks[j] if j < len(marks) else len(self.plain))

    def before(self, p: Span, words: int = _WORDS) -> str:
        """The words right before the fact, in its clause, back to the previous printed value."""
        start, _ = self.bounds(p)
        window = self.plain[start:p.start]
        window = window[window.rfind(_BLANK) + 1:]
        kept = re.findall(r"\S+\s*", window)[-words:]
        return "".join(kept)

    def after(self, p: Span, words: int = _WORDS) -> str:
        """The words right after the fact, in its clause, up to the next printed value."""
        _, end = self.bounds(p)
        window = self.plain[p.start + len(p.text):end]
        cut = window.find(_BLANK)
        window = window if cut < 0 else window[:cut]
        return "".join(re.findall(r"\s*\S+", window)[:words])

    def report(self, p: Span, rule: str, message: str, hint: str) -> None:
        line, col, tag = self.at(p)
        problem = Problem(self.path, line + self.first_line - 1, col, self.severity, rule,
                          message.replace("{tag}", tag), hint)
        if problem not in self.out:
            self.out.append(problem)

    def at(self, p: Span) -> tuple[int, int, str]:
        line, col, tag = _printed_at(self.tags, self.source, p)
        return line, col, tag if len(tag) <= 80 else tag[:79] + "…"


def subject_word_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                          severity: str = "error") -> list[Problem]:
    """The facts of a rendered page or caption printed beside words about another subject."""
    words = lexicon(lang)
    if not words or "\ue000" not in marked:
        return []
    t = _Text(marked, source, path, first_line, severity)
    facts = [p for p in t.facts if p.computed and p.about is not None]
    for p in facts:
        _point(t, p, facts)
        _outcome(t, p, facts, words)
        _die(t, p, facts, words)
        _landing(t, p, words)
    return t.out


def _landing(t: _Text, p: Span, words: dict[str, re.Pattern[str]]) -> None:
    """The point a move lands on, printed where the words say a checker stands there ("you have a
    single checker on the {{ m.dst }}-point"): the checker stands where the move starts."""
    about = p.about
    if about is None or not about.landing:
        return
    end = p.start + len(p.text)
    start, stop = t.bounds(p)
    before, after = words.get("stands_before"), words.get("stands_after")
    # the clause up to the fact: "the checkers on the {{ a }}-point and the {{ b }}-point" say both stand there
    if not ((before and before.search(t.plain, start, p.start)) or (after and after.match(t.plain, end))):
        return
    moved = words.get("moved")
    if moved and moved.search(t.plain, start, stop):
        return  # "the play leaves a checker on the 2-point": where it stands after the move
    t.report(p, "subject", f"`{{tag}}` prints the point move {about.move} lands on ({p.text}), where the words say a "
             "checker stands there: before the move it stands on the point the move starts from",
             "print where the checker stands as `….moves[i].src`; `….dst` is where the move takes it")


def _point(t: _Text, p: Span, facts: list[Span]) -> None:
    """A fact about one point, in a clause that names other points and not its own (a parenthesis
    speaks of the clause before it)."""
    about = p.about
    if about is None or not about.point or about.names:
        return
    start, end = t.bounds(p, _POINTS)
    named = [q for q in facts if q.about and q.about.names and start <= q.start < end and q is not p]
    if not named and start and t.plain[start - 1] == "(":
        outer = Span("", start - 1, 0, False)
        before, _ = t.bounds(outer, _POINTS)
        named = [q for q in facts if q.about and q.about.names and before <= q.start < start - 1]
    if not named:
        _follows(t, p, facts)
        return
    if any(q.about and q.about.names == about.point for q in named):
        return  # a clause that names its point among others ("the 1-, 2- or 3-point") is not judged
    near = min(named, key=lambda q: abs(q.start - p.start))
    if near.about:
        t.report(p, "subject", f"`{{tag}}` prints a fact about the {about.point}-point ({p.text}) in a clause "
                 f"about the {near.about.names}-point",
                 "print the fact of the scenario whose checkers stand on the point the sentence names")


def _follows(t: _Text, p: Span, facts: list[Span]) -> None:
    """A fact about one point in a sentence that names no point, right after a sentence of the same
    paragraph that names one other point and says nothing of this one ("Your last checker is on the
    5-point. It comes off with {{ o6.count }} rolls", the count being the 6-point's)."""
    about = p.about
    if about is None:
        return
    start, _ = t.bounds(p, _SENTENCE)
    if any(q.about and q.about.names and t.bounds(q, _SENTENCE)[0] == start for q in facts):
        return
    gap = t.plain[:start].rstrip()
    if not gap or gap[-1] not in ".!?":
        return  # the first sentence of its paragraph, or of the text
    prev = Span("", len(gap) - 1, 0, False)
    lo, hi = t.bounds(prev, _SENTENCE)
    if "\n" in t.plain[hi:start]:
        return
    before = [q for q in facts if q.about and lo <= q.start < hi]
    named = {q.about.names for q in before if q.about and q.about.names}
    if len(named) != 1 or any(q.about and q.about.point == about.point for q in before):
        return
    other = named.pop()
    if other != about.point:
        t.report(p, "subject", f"`{{tag}}` prints a fact about the {about.point}-point ({p.text}) right after a "
                 f"sentence about the {other}-point",
                 "print the fact of the scenario whose checkers stand on the point the sentences name, or name "
                 "its point")


def _said(words: dict[str, re.Pattern[str]], text: str, first: str, second: str) -> str:
    """Which of two opposite subjects the words name (`first` wins: it holds the negation)."""
    return first if words[first].search(text) else second if words[second].search(text) else ""


_OUTCOME = {"success": "rolls that succeed", "fail": "rolls that fail"}


def _outcome(t: _Text, p: Span, facts: list[Span], words: dict[str, re.Pattern[str]]) -> None:
    """A count or list of the rolls that succeed where the words speak of the ones that fail, or
    the reverse; a count beside the list of the other rolls of the same odds."""
    about = p.about
    if about is None or about.outcome not in _OUTCOME:
        return
    said = _said(words, t.before(p) + " " + t.after(p), "fail", "success")
    other = "fail" if about.outcome == "success" else "success"
    if said == other:
        t.report(p, "subject", f"`{{tag}}` prints the number of {_OUTCOME[about.outcome]} ({p.text}) where the "
                 f"words around it speak of {_OUTCOME[other]}",
                 "print `….missing` or `….others` for the rolls that fail, `….count` or `….rolls` for the ones "
                 "that succeed")
        return
    if said or about.many:
        return
    sentence = t.bounds(p, _SENTENCE)
    for q in facts:
        qa = q.about
        if not (qa and qa.many and qa.group == about.group and qa.outcome == other
                and sentence[0] <= q.start < sentence[1]):
            continue
        lo, hi = sorted((q, p), key=lambda s: s.start)
        between = t.plain[lo.start + len(lo.text):hi.start]
        if len(re.findall(_WORD, between)) <= 3 and not _SENTENCE.search(between):
            t.report(p, "subject", f"`{{tag}}` prints the number of {_OUTCOME[about.outcome]} ({p.text}) beside "
                     f"`{t.at(q)[2]}`, the list of {_OUTCOME[other]}",
                     "print the count of the rolls the list shows (`….count` beside `….rolls`, `….missing` "
                     "beside `….others`)")
            return


def _die(t: _Text, p: Span, facts: list[Span], words: dict[str, re.Pattern[str]]) -> None:
    """A die word before a move it did not play, said to go first in a play that starts with the
    other die, or said to bear off when its move does not."""
    about = p.about
    if about is None or not about.die or about.dice:
        return
    end = p.start + len(p.text)
    follower = next((q for q in facts if q.start >= end and not t.plain[end:q.start].strip()), None)
    if follower is not None and follower.about and follower.about.dice and follower.about.dice[0] != about.die:
        t.report(p, "subject", f"`{{tag}}` names the {p.text}, but the move after it, `{t.at(follower)[2]}`, "
                 f"plays the {follower.about.dice[0]}",
                 "name the die of the move the sentence shows (`….moves[i].die` beside `….moves[i]`)")
        return
    if words["first_after"].match(t.plain, end) or words["first_before"].search(t.plain, 0, p.start):
        start, stop = t.bounds(p, _PART)
        plays = [q for q in facts if q.about and q.about.dice and start <= q.start < stop]
        if plays:
            play = min(plays, key=lambda q: abs(q.start - p.start))
            first = play.about.dice[0] if play.about else 0
            if first != about.die:
                t.report(p, "subject", f"`{{tag}}` says the {p.text} is played first, but "
                         f"`{t.at(play)[2]}` plays the {first} first",
                         "name the die the play starts with, or write the play in the order the sentence says")
                return
    _move_point(t, p, facts, words)
    if about.off is False and (words["off_after"].match(t.plain, end)
                               or words["off_before"].search(t.plain, 0, p.start)):
        t.report(p, "subject", f"`{{tag}}` names the die of a move that does not bear off ({p.text}), where the "
                 "words say it bears a checker off",
                 "name the die of the move that bears off (`….moves[i].die` of the move to `off`)")


def _move_point(t: _Text, p: Span, facts: list[Span], words: dict[str, re.Pattern[str]]) -> None:
    """A move's die word followed, a few words on in its clause, by a point of another move of the
    same play ("the three bears off from the 4-point", where the three plays 6/3). A clause that
    says what the die cannot do may speak of another move's point, and is not judged."""
    about = p.about
    if about is None or not about.move:
        return
    _, stop = t.bounds(p)
    end = p.start + len(p.text)
    point = next((q for q in facts if q.about and q.about.group == about.group and q.about.move and
                  not q.about.die and not q.about.dice and end <= q.start < stop), None)
    if point is None or point.about is None or point.about.move == about.move:
        return
    between = t.plain[end:point.start]
    if len(re.findall(_WORD, between)) > 6 or _BLANK in between or words["fail"].search(between):
        return
    t.report(p, "subject", f"`{{tag}}` names the die of move {about.move} ({p.text}), but the point after it, "
             f"`{t.at(point)[2]}`, is move {point.about.move}'s",
             "name the die and the point of the same move (`….moves[i].die` with `….moves[i].src`)")
