"""A printed side, head, home or point bound to its role in the sentence: the side said to be on
roll must be the one on roll in the figure the name comes from, "the opponent's head" must be the
head of the side not on roll, "Black's own 4-point" must be a number in Black's own numbering, "each
player's home board" a side's home in its own numbering, and the side said to hit ("White hits it")
one whose play hits in the story the name comes from (`Subject.hits`).

Each fact carries what it needs (`provenance.Subject`): `turn`, the side on roll in the frame a
side's name, a head or a home comes from (`FrameFacts.turn`, `.pip_lead.side`, `.rules.head_of`),
and `own`, whose numbering a point's number is in (a move's `.src` and `.dst`: the mover's; the
board's shared numbers: White's). The names, numbers and heads are all computed; only the words
that give them a role can be false, and this module reads those words.

A language's phrasings are data: the `roles` section of its lexicon file (`site/lexicons/<code>.yaml`,
read by `langlex`); a language without one has nothing judged. In a pattern, `{side}` stands for a
side's name (printed, or typed: the section's `sides`), `{point}` for a printed value, and `{gap}`
for a few words that name no side. A `numbered` pattern without `{side}` ("its own {point}-point")
means the side named last before it.

>>> from tavla_docs.site.provenance import Subject, mark, recording
>>> from tavla_docs.site.facts.values import Text
>>> from tavla_docs.site.facts.plays import role
>>> src = "{{ s.pip_lead.side }} is on roll."
>>> with recording():
...     text = mark(1, role(Text("White"), "lead", Subject(group=7, turn="black")), False, 0) + " is on roll."
>>> [p.message for p in side_role_problems(text, "en", "x.md", src, 1, {"white": "White", "black": "Black"})]
['`{{ s.pip_lead.side }}` names White as the side on roll, but in the figure it comes from Black is on roll']
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ..provenance import Span, hitter
from . import langlex
from .problems import Problem
from .subjects import _BLANK, _Text

_NAME = {"white": "White", "black": "Black"}
_SIDE_FACT = "\x01"  # a printed side's name, blanked apart from other printed values
_KEYS = ("sides", "on_roll", "not_on_roll", "opponent", "own", "numbered", "sequence", "each", "hits")
_SECTION_HINT = ("the `roles` section has `sides` (a side's word: white or black) and lists of patterns: "
                 "`on_roll`, `not_on_roll` (with {side}), `opponent`, `own` (with {point}), `numbered` "
                 "(with {point}, and {side} or not), `each` (with {point}: in each side's own numbering), `hits` "
                 "(with {side}: the side that hits) and `sequence` (with {point} said first, then {later})")
_PART = re.compile(r"[.!?;\n]")
_GAP = 60  # characters a {gap} may span


@dataclass(frozen=True)
class RoleWords:
    """A language's `roles` section, compiled (`{side}`, `{point}` and `{gap}` filled in)."""

    sides: dict[str, str]
    said: re.Pattern[str]  # any side's name, printed or typed
    lists: dict[str, tuple[re.Pattern[str], ...]]


@lru_cache(maxsize=8)
def role_words(lang: str) -> RoleWords | None:
    """The language's role phrasings (None: the language has none, and nothing is judged)."""
    raw = langlex.section(lang, "roles")
    if raw is None:
        return None
    if not isinstance(raw, dict) or any(k not in _KEYS for k in raw):
        key = next((("roles", k) for k in raw if k not in _KEYS), ("roles",)) if isinstance(raw, dict) else ("roles",)
        raise langlex.fail(lang, key, "roles is a mapping of sides, on_roll, not_on_roll, opponent, own, numbered "
                           "and sequence",
                           _SECTION_HINT)
    sides = raw.get("sides") or {}
    if not isinstance(sides, dict) or not all(isinstance(k, str) and v in _NAME for k, v in sides.items()):
        raise langlex.fail(lang, ("roles", "sides"), "sides maps a word to white or black", _SECTION_HINT)
    folded = {langlex.fold_text(k, lang): v for k, v in sides.items()}
    typed = "|".join(re.escape(w) for w in sorted(folded, key=len, reverse=True)) or "(?!)"
    side = rf"(?:{_SIDE_FACT}+|(?<!\w)(?:{typed})(?!\w))"
    # a printed name is read from its start, so "if {side} hits" sees its "if"
    fill = {"{side}": f"(?<!{_SIDE_FACT})(?P<side>{side})", "{point}": f"(?P<point>{_BLANK}+)",
            "{later}": f"(?P<later>{_BLANK}+)"}
    # a gap names no side; beside a printed point it holds no other printed value either
    near = rf"(?:(?!{side})[^.;!?\n{_BLANK}]){{0,{_GAP}}}?"
    gaps = {"{side}": rf"(?:(?!{side})[^.;!?\n]){{0,{_GAP}}}?", "{point}": near, "{later}": near}
    lists: dict[str, tuple[re.Pattern[str], ...]] = {}
    for name, needs in (("on_roll", "{side}"), ("not_on_roll", "{side}"), ("opponent", "{point}"),
                        ("own", "{point}"), ("numbered", "{point}"), ("sequence", "{later}"), ("each", "{point}"),
                        ("hits", "{side}")):
        value = raw.get(name) or []
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list):
            raise langlex.fail(lang, ("roles", name), f"{name} is a pattern or a list of patterns", _SECTION_HINT)
        out = []
        for i, item in enumerate(items):
            at: tuple[str | int, ...] = ("roles", name) if isinstance(value, str) else ("roles", name, i)
            if not isinstance(item, str) or needs not in item or (name == "sequence" and "{point}" not in item):
                raise langlex.fail(lang, at, f"a pattern of {name} holds {needs}", _SECTION_HINT)
            text = langlex.fold_pattern(item, lang)
            text = text.replace("{gap}", gaps[needs])
            for k, v in fill.items():
                text = text.replace(k, v)
            out.append(langlex.compiled(lang, at, text))
        lists[name] = tuple(out)
    return RoleWords(folded, re.compile(side), lists)


def side_role_problems(marked: str, lang: str, path: str, source: str, first_line: int, sides: dict[str, str],
                       severity: str = "error") -> list[Problem]:
    """The sides, heads, homes and points of a rendered text that its words give another role."""
    words = role_words(lang)
    if words is None or "\ue000" not in marked:
        return []
    t = _Text(marked, source, path, first_line, severity)
    names = {langlex.fold_text(n, lang): side for side, n in sides.items()}
    chars = list(t.plain)
    at: dict[int, Span] = {}
    for p in t.facts:
        for i in range(p.start, p.start + len(p.text)):
            at[i] = p
        if p.computed and langlex.fold_text(p.text.strip(), lang) in names:
            chars[p.start:p.start + len(p.text)] = _SIDE_FACT * len(p.text)
    folded = langlex.fold_text("".join(chars), lang)
    check = _Check(t, lang, folded, at, names, words)
    readers: dict[str, Callable[[re.Match[str]], None]] = {
        "on_roll": lambda m: check.roller(m, True), "not_on_roll": lambda m: check.roller(m, False),
        "opponent": lambda m: check.owner(m, True), "own": lambda m: check.owner(m, False),
        "numbered": check.numbered, "sequence": check.sequence, "each": check.each, "hits": check.hits}
    for name, read in readers.items():  # in this order: a later reading sees what the earlier ones found
        for pattern in words.lists[name]:
            for m in pattern.finditer(folded):
                read(m)
    return t.out


class _Check:
    """One text's facts, its folded words, and the reports of this module."""

    def __init__(self, t: _Text, lang: str, folded: str, at: dict[int, Span], names: dict[str, str],
                 words: RoleWords) -> None:
        self.t, self.lang, self.folded, self.at, self.names, self.words = t, lang, folded, at, names, words
        self.parts = [m.start() for m in _PART.finditer(folded)]

    def fact_side(self, fact: Span) -> str:
        """The side a printed name names ("" when it names none)."""
        return self.names.get(langlex.fold_text(fact.text.strip(), self.lang), "")

    def side_at(self, start: int, end: int) -> str:
        """The side a name at `start` names, printed or typed."""
        fact = self.at.get(start)
        return self.fact_side(fact) if fact is not None else self.words.sides.get(self.folded[start:end], "")

    def last_side(self, before: int) -> str:
        """The side named last before `before`, in its sentence (or sentence part): whose "its own"."""
        start = max((s + 1 for s in self.parts if s < before), default=0)
        found = list(self.words.said.finditer(self.folded, start, before))
        if not found:
            return ""
        return self.side_at(found[-1].start(), found[-1].end())

    def roller(self, m: re.Match[str], on_roll: bool) -> None:
        """A printed side's name said to be on roll (or not): it must be (or not be) its figure's side on roll."""
        fact = self.at.get(m.start("side"))
        if fact is None or not fact.computed or fact.about is None or not fact.about.turn:
            return
        side = self.fact_side(fact)
        if not side or (side == fact.about.turn) == on_roll:
            return
        turn = fact.about.turn
        said = "as the side on roll" if on_roll else "as the side not on roll"
        self.t.report(fact, "role", f"`{{tag}}` names {_NAME[side]} {said}, but in the figure it comes from "
                      f"{_NAME[turn]} is on roll",
                      "print the side on roll as `{{ ….turn }}` and the other side as `{{ ….opponent }}`, "
                      "from the scenario the sentence is about")

    def owner(self, m: re.Match[str], opponent: bool) -> None:
        """A printed head or home said to be the opponent's (or the side's own): its owner against the roles."""
        fact = self.at.get(m.start("point"))
        if fact is None or not fact.computed or not fact.side or fact.about is None or not fact.about.turn \
                or not fact.about.own:  # a head or a home (a point of the board), not a side's count
            return
        named = self.last_side(min(m.start(), fact.start))
        if named and named != fact.about.turn:
            return  # the sentence speaks of the side not on roll: whose "own" is not the figure's
        mover = fact.about.turn
        if (fact.side != mover) == opponent:
            return
        other = "black" if mover == "white" else "white"
        right = other if opponent else mover
        if opponent:
            said = f"the opponent; {_NAME[mover]} is on roll in this figure, so the opponent is {_NAME[other]}"
        else:
            said = f"the side on roll, {_NAME[mover]}"
        self.t.report(fact, "role", f"`{{tag}}` prints {fact.text}, which belongs to {_NAME[fact.side]}, where the "
                      f"words say it belongs to {said}",
                      f"print it for the side the words mean (`….head_of(\"{right}\")`, `….home_of(\"{right}\")`)")

    def numbered(self, m: re.Match[str]) -> None:
        """A point's number said to be a side's own: it must be in that side's numbering."""
        fact = self.at.get(m.start("point"))
        if fact is None or not fact.computed or fact.about is None or not fact.about.own:
            return
        if "side" in m.re.groupindex and m.group("side") is not None:
            side = self.side_at(m.start("side"), m.end("side"))
        else:
            side = self.last_side(m.start())
        own = fact.about.own
        if not side or side == own:
            return
        self.t.report(fact, "role", f"`{{tag}}` prints a point in {_NAME[own]}'s own numbering ({fact.text}) as "
                      f"{_NAME[side]}'s own point: {_NAME[side]} numbers that point from the other side",
                      f"print the point in {_NAME[side]}'s numbering, or name the side whose point it is "
                      f"({_NAME[own]}'s {fact.text}-point)")

    def each(self, m: re.Match[str]) -> None:
        """A side's point said to be in each player's own numbering ("each player's home board: points
        {{ r.home_of("black") }}"): it must be in the numbering of the side it belongs to."""
        fact = self.at.get(m.start("point"))
        if fact is None or not fact.computed or fact.about is None or not fact.about.own or not fact.side \
                or fact.side == fact.about.own:
            return
        own, side = fact.about.own, fact.side
        self.t.report(fact, "role", f"`{{tag}}` prints {_NAME[side]}'s point in {_NAME[own]}'s numbering "
                      f"({fact.text}), where the words speak of each player's own numbering: {_NAME[side]} numbers "
                      "its points from its own side",
                      "print the rule's number, the same in every player's own numbering (`r.home`, `r.head`), "
                      f"or name the numbering ({_NAME[own]}'s points, board points)")

    def hits(self, m: re.Match[str]) -> None:
        """A printed side's name said to hit: in the story it comes from, that side's play must hit."""
        fact = self.at.get(m.start("side"))
        if fact is None or not fact.computed or fact.about is None or not fact.about.hits:
            return
        side = self.fact_side(fact)
        if not side or hitter(fact.about.hits, side) is not False:
            return
        other = "black" if side == "white" else "white"
        who = f"only {_NAME[other]}'s play hits" if hitter(fact.about.hits, other) else "no play shown hits"
        self.t.report(fact, "role", f"`{{tag}}` names {_NAME[side]} as the side that hits, but in the figure it "
                      f"comes from {who}",
                      "name the side whose play hits (`….turn` of the frame that hits, or `….opponent` of the one "
                      "before it), or show a play that hits")

    def sequence(self, m: re.Match[str]) -> None:
        """Two items of one sequence (a route's runs) said in an order: it must be theirs."""
        first, later = self.at.get(m.start("point")), self.at.get(m.start("later"))
        if first is None or later is None or first.about is None or later.about is None:
            return
        a, b = first.about, later.about
        if not (a.group and a.group == b.group and a.place and b.place) or a.place < b.place:
            return
        if a.place == b.place:  # a one-item sequence (one run) printed as if it had two
            self.t.report(first, "role", f"`{{tag}}` prints item {a.place} of its sequence ({first.text}), and so does "
                          f"the value after it ({later.text}), where the words say one comes after the other: the "
                          "sequence has one item here, so it may be another side's or another game's",
                          "print the sequence of the side and game the sentence is about, or reword the sentence")
            return
        self.t.report(first, "role", f"`{{tag}}` prints item {a.place} of its sequence ({first.text}) before item "
                      f"{b.place} ({later.text}), where the words say it comes first",
                      "print the items in their order (`….first`, then `….last`), or reword the sentence")
