"""Pins: does every checker a figure shows matter to one of its claims?

A figure's claims prove the page's facts about its position. A checker that no claim depends
on can be drawn on the wrong point and every claim still holds: the reader sees a position
nothing checked. This module moves each checker set of a scenario's position one point either
way (onto a point the other side does not hold) and checks the scenario again: the move is
*noticed* when the file no longer loads (its `show:` became illegal, say) or a claim fails.
A checker set is *pinned* when every such move is noticed; the score is the share of moves
noticed. `pips: {white: …, black: …}` pins every checker at once (one point more or less is
one pip more or less), so that is the hint.

The same moves the old mutation test made at random, made here for every checker, in order:
the report is the same for the same file.
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..engine.board import Side
from ..formats.yamlmarks import YamlError, load_yaml
from .claims import PipsClaim
from .diagnostics import ScenarioError
from .load import load_scenario
from .model import Scenario
from .project import check_scenario


@dataclass(frozen=True)
class Loose:
    """A checker set no claim pins: `side`'s checkers on board `point`, moved to `to` unnoticed."""

    side: Side
    point: int
    count: int
    to: tuple[int, ...]
    line: int
    col: int


@dataclass(frozen=True)
class PinReport:
    """One scenario's moves: how many were made and noticed, and the checker sets left loose."""

    source: str
    moves: int
    noticed: int
    loose: tuple[Loose, ...]
    pips: tuple[int, int]  # (white, black) of the first frame: the claim that pins them all

    def diagnostics(self, severity: str = "warning") -> list[str]:
        """`path:line:col: warning: …` lines with a hint, one per loose checker set."""
        return [pin_message(self.source, lo, self.pips, severity) for lo in self.loose]


def pin_message(source: str, lo: Loose, pips: tuple[int, int], severity: str = "warning") -> str:
    who = lo.side.value.capitalize()
    what = f"{who}'s checker on point {lo.point} is" if lo.count == 1 else \
        f"{who}'s checkers on point {lo.point} are"
    to = " or ".join(f"point {q}" for q in lo.to)
    return (f"{source}:{lo.line}:{lo.col}: {severity}: {what} pinned by no claim: moved to {to}, every claim "
            f"still holds; a figure's claims should pin every checker it shows\n"
            f"    hint: add `pips: {{white: {pips[0]}, black: {pips[1]}}}` under expect: (the pip counts pin "
            "every checker), or a `point:` claim for this one")


def _board_mapping(board: dict[str, Any]) -> dict[str, Any]:
    """`Position.to_json()` as a scenario's `position:` mapping (board numbering)."""
    out: dict[str, Any] = {}
    for name in ("white", "black"):
        side = {int(b): n for b, n in board[name].items() if n}
        if board[f"{name}_bar"]:
            side["bar"] = board[f"{name}_bar"]  # type: ignore[index]  # a mixed key, as the file writes it
        out[name] = side
    pinned = {k: v for k, v in board.get("pinned", {}).items() if v}
    if pinned:
        out["pinned"] = pinned
    return out


def _moves(board: dict[str, Any]) -> Iterable[tuple[str, int, int, list[int]]]:
    """(side, point, count, destinations) for each checker set a move of one point can take
    to a point the other side does not hold (pinned points stay as they are)."""
    held = {name: {int(b) for b, n in board[name].items() if n} for name in ("white", "black")}
    pins = {b for v in board.get("pinned", {}).values() for b in v}
    for name, other in (("white", "black"), ("black", "white")):
        for b in sorted(held[name]):
            if b in pins:
                continue
            to = [q for q in (b - 1, b + 1) if 1 <= q <= 24 and q not in held[other] and q not in pins]
            if to:
                yield name, b, int(board[name][str(b)]), to


def _noticed(value: dict[str, Any], path: Path, root: Path | None) -> bool:
    text = yaml.safe_dump(value, allow_unicode=True, sort_keys=False, width=10_000)
    try:
        mutant = load_scenario(path, root, text=text, source=str(path))
    except ScenarioError:
        return True
    return bool(check_scenario(mutant))


def pinned_by_pips(s: Scenario) -> bool:
    """The first frame claims both sides' pips: a checker moved one point changes its side's count
    by one, so every move is noticed without checking it (the same answer, sooner)."""
    return {c.side for c in s.expect if isinstance(c, PipsClaim) and not c.after} == {Side.WHITE, Side.BLACK}


def pin_report(path: Path, root: Path | None = None, source: str | None = None,
               scenario: Scenario | None = None) -> PinReport | None:
    """The pins of one scenario file; None when it does not load or its own claims fail (that is
    `check`'s report, not this one's) or when it draws nothing (`test_only:`)."""
    source = source if source is not None else str(path)
    try:
        text = path.read_text(encoding="utf-8").removeprefix("\ufeff")
    except OSError:
        return None
    key = (str(path), text, str(root), source)
    if scenario is None and key in _MEMO:  # the same file read the same way: the same pins
        return _MEMO[key]
    report = _pin_report(path, root, source, text, scenario)
    if scenario is None:
        if len(_MEMO) >= 4096:
            _MEMO.clear()
        _MEMO[key] = report
    return report


_MEMO: dict[tuple[str, str, str, str], PinReport | None] = {}


def _pin_report(path: Path, root: Path | None, source: str, text: str, scenario: Scenario | None) -> PinReport | None:
    try:
        doc = load_yaml(text)
        s = scenario or load_scenario(path, root, source=source)
    except (OSError, YamlError, ScenarioError):
        return None
    if s.test_only is not None or not isinstance(doc.value, dict) or check_scenario(s):
        return None
    board = s.position.to_json()
    moves = noticed = 0
    loose: list[Loose] = []
    mapped = isinstance(doc.value.get("position"), dict)
    every = pinned_by_pips(s)
    for name, b, count, to in _moves(board):
        if every:
            moves += len(to)
            noticed += len(to)
            continue
        missed = []
        for q in to:
            moved = copy.deepcopy(board)
            moved[name][str(b)] -= 1
            moved[name][str(q)] = moved[name].get(str(q), 0) + 1
            value = dict(doc.value)
            value["position"] = _board_mapping(moved)
            value.setdefault("turn", s.turn.value)  # an XGID's side on roll, kept
            moves += 1
            if _noticed(value, path, root):
                noticed += 1
            else:
                missed.append(q)
        if missed:
            line, col = doc.key_mark(("position", name, b)) if mapped else doc.mark(("position",))
            loose.append(Loose(Side.parse(name), b, count, tuple(missed), line, col))
    loose.sort(key=lambda lo: (lo.line, lo.col))
    return PinReport(source, moves, noticed, tuple(loose), (s.position.pips(Side.WHITE), s.position.pips(Side.BLACK)))


@dataclass(frozen=True)
class PinSummary:
    reports: tuple[PinReport, ...]

    @property
    def moves(self) -> int:
        return sum(r.moves for r in self.reports)

    @property
    def noticed(self) -> int:
        return sum(r.noticed for r in self.reports)

    @property
    def score(self) -> float:
        """Percent of moves noticed (100 when there was nothing to move)."""
        return 100.0 * self.noticed / self.moves if self.moves else 100.0

    def line(self, min_score: float) -> str:
        loose = sum(len(r.loose) for r in self.reports)
        verdict = "at or above" if self.score >= min_score else "below"
        return (f"pins: {self.noticed} of {self.moves} checker moves noticed by a claim ({self.score:.1f} %), "
                f"{loose} loose checker set{'s' if loose != 1 else ''} in {len(self.reports)} "
                f"scenario{'s' if len(self.reports) != 1 else ''}; {verdict} the minimum of {min_score:g} %")


def pin_summary(files: Sequence[Path], root: Path | None, show: Any = str) -> PinSummary:
    """Every file's pins, in the order given (files that do not load or check are left out)."""
    reports = [r for p in files if (r := pin_report(p, root, show(p))) is not None]
    return PinSummary(tuple(reports))
