"""Claims about figures as rules texts draw them: alternative plays, a partial play and its rest.

A rules text draws more than one play of a roll in one figure ("two ways to play 5-3"),
or only the first move(s) of a play ("White enters with the 4"). Each drawn play is a
claim the engine proves when `check` runs, not only when the file loads:

- `AlternativeClaim`: an `alternatives:` entry is a legal play of the roll, and not the
  shown play or another alternative.
- `PartialClaim`: the `partial:` moves are the first single-die steps of some legal play,
  in the written order, and not a whole play already (then it is `show:`).
- `RestClaim`: `expect: {rest: …}`, the ways to finish the partial play: how many
  (`plays`), which are legal (`legal`), which not (`illegal`), the only one (`forced`).

The walk over a turn's single-die steps is the engine's play tree (`engine.explain`), the
one the try-it boards use: each of its nodes leads to a legal play.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.variants import BACKGAMMON
>>> p = BACKGAMMON.position({6: 5, 8: 3, 13: 5, 24: 1}, {19: 5, 17: 3, 12: 5, 1: 2}, white_bar=1)
>>> found = partial_play(p, Side.WHITE, Roll(6, 4), BACKGAMMON, None, ((25, 21),))
>>> [str(m) for m in found.moves], len(completions(found))
(['bar/21'], 4)
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import explain
from ..engine.board import OFF, Position, Side
from ..engine.dice import Roll
from ..engine.play import Move, Play, TurnContext
from ..engine.rules import Ruleset
from .claims import Claim, Engine, Problem, Subject, plays_text

__all__ = ["AlternativeClaim", "MAX_TREE", "PartialClaim", "PartialPlay", "RestClaim", "completions", "partial_play"]

MAX_TREE = 200_000  # single-die states a partial play may walk (a long Gülbara progression has more)
Hop = tuple[int, int]  # (from, to) in the mover's numbering, 25 = bar, 0 = off


@dataclass(frozen=True)
class PartialPlay:
    """The first single-die moves of a play, the node of the play tree they reach, and the tree."""

    moves: tuple[Move, ...]
    tree: explain.PlayTree
    node: explain.Node

    @property
    def position(self) -> Position:
        return self.tree.position_of(self.node)

    def play(self) -> Play:
        """The drawn part as a `Play` (its moves and the position they reach): what a figure draws."""
        return Play(self.tree.side, self.moves, self.position, len(self.moves))

    @property
    def whole(self) -> bool:
        """Whether the moves already make a whole legal play (nothing is left to play)."""
        return self.node in self.tree.complete and not self.tree.children(self.node)


def _hop(tree: explain.PlayTree, node: explain.Node, src: int, dst: int) -> list[tuple[list[Move], explain.Node]]:
    """Every way one checker goes from `src` to `dst` by steps of the tree (several dice for 24/15)."""
    out: list[tuple[list[Move], explain.Node]] = []
    for move, child in tree.children(node):
        if move.src != src:
            continue
        if move.dst == dst:
            out.append(([move], child))
        elif move.dst != OFF and (dst == OFF or move.dst > dst):  # on its way: go on with the same checker
            out.extend(([move, *rest], end) for rest, end in _hop(tree, child, move.dst, dst))
    return out


def _walk(tree: explain.PlayTree, node: explain.Node, hops: Sequence[Hop]) -> tuple[list[Move], explain.Node] | None:
    """The first way (in the tree's order, so the same every run) to play `hops` in order from `node`."""
    if not hops:
        return [], node
    for moves, end in _hop(tree, node, *hops[0]):
        rest = _walk(tree, end, hops[1:])
        if rest is not None:
            return moves + rest[0], rest[1]
    return None


def partial_play(position: Position, side: Side, roll: Roll, rules: Ruleset, ctx: TurnContext | None,
                 hops: Sequence[Hop]) -> PartialPlay | None:
    """The written hops as the first steps of a legal play, or None when no legal play starts so.
    Raises `explain.TreeTooBig` past `MAX_TREE` states."""
    tree = explain.play_tree(position, side, roll, rules, ctx, max_nodes=MAX_TREE)
    found = _walk(tree, tree.root, hops)
    if found is None:
        return None
    return PartialPlay(tuple(found[0]), tree, found[1])


def completions(partial: PartialPlay) -> dict[tuple, Position]:
    """The whole legal plays that start with the partial moves, by resulting position (key → position)."""
    tree, seen, out = partial.tree, set(), dict[tuple, Position]()
    stack = [partial.node]
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        if node in tree.complete:
            pos = tree.position_of(node)
            out.setdefault(pos.key(), pos)
        stack.extend(child for _, child in tree.children(node))
    return dict(sorted(out.items(), key=lambda kv: repr(kv[0])))


def _rest_text(partial: PartialPlay, plays: Sequence[Play]) -> str:
    """The legal plays that finish the partial moves, for a hint."""
    keys = completions(partial)
    return plays_text([p for p in plays if p.position.key() in keys]).replace("legal play", "whole play")


@dataclass(frozen=True)
class AlternativeClaim(Claim):
    """An `alternatives:` entry: a legal play of the roll, other than the shown play and the other entries."""

    text: str = ""
    target: tuple = ()  # Position.key() of the written play's result
    others: tuple[tuple, ...] = ()  # the results of the shown play and the entries before this one
    letter: str = "B"

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        assert s.roll is not None
        plays = engine.plays(s.position, s.turn, s.roll, s.rules, s.ctx)
        if not any(p.position.key() == self.target for p in plays):
            return self.fail(f"alternatives: {self.text} is not a legal play with {s.roll}", plays_text(plays))
        if self.target in self.others:
            return self.fail(f"alternatives: {self.text} (play {self.letter}) is the same play as one drawn before it",
                             "each play of the figure must reach a different position")
        return []


def _hops_text(hops: Sequence[Hop]) -> str:
    name = {25: "bar", 0: "off"}
    return " ".join(f"{name.get(a, a)}/{name.get(b, b)}" for a, b in hops)


@dataclass(frozen=True)
class PartialClaim(Claim):
    """`partial:` — the written moves are the first steps of a legal play, in the written order."""

    text: str = ""
    hops: tuple[Hop, ...] = ()

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        assert s.roll is not None
        found = partial_play(s.position, s.turn, s.roll, s.rules, s.ctx, self.hops)
        if found is None:
            plays = engine.plays(s.position, s.turn, s.roll, s.rules, s.ctx)
            return self.fail(f"partial: no legal play with {s.roll} starts with {self.text}", plays_text(plays))
        if found.whole:
            return self.fail(f"partial: {self.text} is a whole legal play with {s.roll}, not part of one",
                             "write it as `show:`; a partial figure draws the first moves of a longer play")
        return []


@dataclass(frozen=True)
class RestClaim(Claim):
    """`rest: {plays: N, legal: […], illegal: […], forced: …}` — the ways to finish the partial play.

    `targets` are the resulting positions of the written rests (the partial moves then the rest);
    `value` the count for `plays`. The partial's hops are the frame's `partial:`.
    """

    sub: str = "plays"  # plays, legal, illegal or forced
    text: str = ""
    target: tuple = ()
    value: int = 0
    hops: tuple[Hop, ...] = ()

    def check(self, s: Subject, engine: Engine) -> list[Problem]:
        assert s.roll is not None
        found = partial_play(s.position, s.turn, s.roll, s.rules, s.ctx, self.hops)
        if found is None:
            return []  # the partial claim reports it
        ends = completions(found)
        plays = engine.plays(s.position, s.turn, s.roll, s.rules, s.ctx)
        start = _hops_text(self.hops)
        if self.sub == "plays" and len(ends) != self.value:
            n = len(ends)
            return self.fail(f"rest: {n} whole play{'s' if n != 1 else ''} start{'s' if n == 1 else ''} with "
                             f"{start}, not {self.value}", _rest_text(found, plays))
        if self.sub == "legal" and self.target not in ends:
            return self.fail(f"rest: {self.text} does not finish a legal play after {start} with {s.roll}",
                             _rest_text(found, plays))
        if self.sub == "illegal" and self.target in ends:
            return self.fail(f"rest: {self.text} finishes a legal play after {start}; did you mean rest `legal`?")
        if self.sub == "forced" and (self.target not in ends or len(ends) != 1):
            what = "does not finish a legal play" if self.target not in ends else \
                f"is not the only way to finish it ({len(ends)} ways)"
            return self.fail(f"rest: forced: {self.text} {what} after {start}", _rest_text(found, plays))
        return []
