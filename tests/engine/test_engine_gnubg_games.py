"""Hypergammon and Nackgammon against GNU Backgammon (PyPI `gnubg`, optional), which plays both.

gnubg keeps its variation (`set variation 3-chequer-hypergammon`, `nackgammon`) in its session:
the move generator is the same for every variation, but the end of a game is scored by the
variation's count of checkers (`EvalOver`: a loser with all of its checkers still in play
loses a gammon). So the results of every finished Hypergammon position are asked of gnubg in
a 3-chequer session, the plays of random 3-checker positions and of the Nackgammon start of
its own. The module puts gnubg back to the standard game when it is done.
"""
from __future__ import annotations

import itertools
import sys

import pytest
from hypothesis import HealthCheck, given, settings

from tavla_docs import Position, Side, legal_plays
from tavla_docs.engine.board import BAR, OFF
from tavla_docs.engine.dice import ALL_ROLLS
from tavla_docs.engine.results import game_result
from tavla_docs.variants import ruleset

from .strategies import positions, rolls, sides
from .test_engine_gnubg import compare

gnubg = pytest.importorskip("gnubg", reason="GNU Backgammon's Python module (pip install gnubg) is not installed")

HYPERGAMMON, NACKGAMMON = ruleset("hypergammon"), ruleset("nackgammon")
_HYPER3 = 4  # gnubg's `bgvariation` number of 3-chequer hypergammon


_CURRENT = ["standard"]


def _session(variation: str) -> None:
    """Make `variation` gnubg's game (its evaluation reads the session's, not the cube's; in the
    standard session a 3-checker board has no bear-off database and gnubg stalls on it)."""
    if _CURRENT[0] != variation:
        # gnubg's commands talk through Python's streams; under pytest's capture objects a
        # `new session` never returns, so they run on the process's own (fd capture still holds)
        captured = sys.stdin, sys.stdout, sys.stderr
        sys.stdin, sys.stdout, sys.stderr = sys.__stdin__, sys.__stdout__, sys.__stderr__
        try:
            gnubg.command("set confirm new off")  # no question before discarding the session
            gnubg.command(f"set variation {variation}")
            gnubg.command("new session")
        finally:
            sys.stdin, sys.stdout, sys.stderr = captured
        _CURRENT[0] = variation


@pytest.fixture(scope="module", autouse=True)
def standard_afterwards():
    yield
    _session("standard")


def _gnubg_kind(pos: Position, winner: Side) -> str:
    """gnubg's result of a finished game, from the winner's side: its evaluation of a game that
    is over is exact (1 or 0), with the winner as the player on roll."""
    board = (tuple(pos.own(winner.opponent)[1:26]), tuple(pos.own(winner)[1:26]))
    cube = gnubg.cube_info(1, -1, 0, 0, (0, 0), 0, _HYPER3)
    win, gammon, backgammon, *_ = gnubg.evaluate(board, cube, gnubg.eval_context())
    assert win == 1.0
    return "backgammon" if backgammon == 1.0 else "gammon" if gammon == 1.0 else "single"


def test_hypergammon_results_are_gnubgs():
    """Every place the loser's three checkers can be (3,275 finished games): the same result.
    Gammons and backgammons among them: a 15-checker count would have scored every one single."""
    _session("3-chequer-hypergammon")
    slots = [OFF, *range(1, 25), BAR]  # the loser's own numbering
    kinds: dict[str, int] = {}
    for place in itertools.combinations_with_replacement(slots, 3):
        if place == (OFF, OFF, OFF):
            continue  # both sides off: no game ends so
        loser = [0] * 26
        for p in place:
            loser[p] += 1
        pos = Position(tuple([3] + [0] * 25), tuple(loser))  # White off, Black the loser
        ours = game_result(pos, HYPERGAMMON)
        assert ours is not None and ours.winner is Side.WHITE
        assert ours.kind == _gnubg_kind(pos, Side.WHITE), str(pos)
        kinds[ours.kind] = kinds.get(ours.kind, 0) + 1
    assert set(kinds) == {"single", "gammon", "backgammon"}, kinds


def test_hypergammon_opening_rolls():
    _session("3-chequer-hypergammon")
    for roll in ALL_ROLLS:
        compare(HYPERGAMMON.starting_position(), Side.WHITE, roll, HYPERGAMMON)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(checkers=3), sides(), rolls())
def test_hypergammon_random_positions(pos, side, roll):
    _session("3-chequer-hypergammon")
    if pos.bar(side) and pos.bar(side.opponent) and all(pos.own(side)[p] >= 2 for p in range(1, 7)):
        return  # gnubg's CheckPosition rejects both sides on the bar against closed boards
    compare(pos, side, roll, HYPERGAMMON)


def test_nackgammon_opening_rolls():
    _session("nackgammon")
    for roll in ALL_ROLLS:
        compare(NACKGAMMON.starting_position(), Side.WHITE, roll, NACKGAMMON)
    for first in ALL_ROLLS:  # Black's replies to the first three plays of each opening roll
        for play in legal_plays(NACKGAMMON.starting_position(), Side.WHITE, first, NACKGAMMON)[:3]:
            for roll in ALL_ROLLS:
                compare(play.position, Side.BLACK, roll, NACKGAMMON)
