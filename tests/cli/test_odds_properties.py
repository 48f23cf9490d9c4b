"""Properties of what `odds` decides before it prints: which positions are games still in progress,
and why a side has no bear-off numbers, agree with the engine's board and the bear-off tables."""
from __future__ import annotations

import pytest
from hypothesis import given, settings

from tavla_docs.analysis import bearoff
from tavla_docs.analysis.odds import GameOver, check_in_progress
from tavla_docs.cli.commands.odds import outside_home
from tavla_docs.engine.board import BAR, Position, Side

from ..engine.strategies import positions, sides


@settings(max_examples=300, deadline=None)
@given(positions(), sides())
def test_the_reason_for_no_bear_off_numbers_is_given_exactly_when_the_tables_refuse(pos: Position, side: Side) -> None:
    reason = outside_home(pos, side)
    try:
        home = bearoff.home_of(pos, side)
    except bearoff.BearoffError:
        own = pos.own(side)
        outside = pos.checkers - pos.off(side) - sum(own[1:7])
        assert reason is not None and reason.startswith(f"{side.value} has {outside} checker")
        assert ("on the bar" in reason) == bool(own[BAR])
    else:
        assert reason is None and sum(home) + pos.off(side) == pos.checkers


@settings(max_examples=300, deadline=None)
@given(positions(), sides())
def test_a_side_with_every_checker_off_has_won_and_no_other_position_is_over(pos: Position, side: Side) -> None:
    check_in_progress(pos)  # every drawn position has checkers of both sides on the board
    shared = {s: pos.board_counts(s) for s in (Side.WHITE, Side.BLACK)}  # White's numbering
    finished = Position.from_board(*[shared[s] if s is not side else {} for s in (Side.WHITE, Side.BLACK)],
                                   white_bar=0 if side is Side.WHITE else pos.own(Side.WHITE)[BAR],
                                   black_bar=0 if side is Side.BLACK else pos.own(Side.BLACK)[BAR], checkers=15)
    with pytest.raises(GameOver) as e:
        check_in_progress(finished)
    assert e.value.side is side and f"{side.value} has borne off all 15" in str(e.value)
    with pytest.raises(GameOver) as both:
        check_in_progress(Position.from_board({}, {}, checkers=15))
    assert both.value.side is None and str(both.value).startswith("impossible board")
