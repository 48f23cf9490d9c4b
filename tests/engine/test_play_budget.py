"""The play budget (engine/budget.py): where the walk stops, what it says, and that it changes
no result it lets through.

The count is what the walk stores: each (position, dice index) it expands plus each distinct
end of turn it records (per dice order). The small case below is counted by hand.
"""
from __future__ import annotations

import pickle
import threading

import pytest
from hypothesis import HealthCheck, given, settings

from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.budget import (
    DEFAULT_BUDGET,
    DEFAULT_MAX_PLAYS,
    PlayBudget,
    PlayBudgetExceeded,
    budget_from,
    current_budget,
    using,
)
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.engine.play import TurnContext
from tavla_docs.errors import TavlaError
from tavla_docs.variants import TAVLA, ruleset

from .strategies import positions, rolls, sides

UNLIMITED = PlayBudget(max_plays=None, max_seconds=None)
GULBARA = ruleset("gulbara")
TURN_4 = TurnContext(game_turn=4, player_turn=2)

# White {5: 1, 3: 1} bears off with 4-2 (rules.md's "order matters" example). Order 4 then 2:
# the start and 5/1 are expanded (2), one end: 5/1 3/1 (1). Order 2 then 4: the start, 5/3 and
# 3/1 are expanded (3), two ends: 5/3 3/off and 3/1 5/1 (2). Stored: 2 + 1 + 3 + 2 = 8.
SMALL = Position.from_board({5: 1, 3: 1}, {19: 15}, checkers=15)
SMALL_STORED = 8


def test_the_hand_counted_case_passes_at_its_count_and_stops_one_below():
    plays = legal_plays(SMALL, Side.WHITE, Roll(4, 2), TAVLA, budget=PlayBudget(max_plays=SMALL_STORED))
    assert [str(p) for p in plays] == ["5/1 3/1", "5/off"]
    with pytest.raises(PlayBudgetExceeded) as e:
        legal_plays(SMALL, Side.WHITE, Roll(4, 2), TAVLA, budget=PlayBudget(max_plays=SMALL_STORED - 1))
    assert e.value.limit == SMALL_STORED - 1 and e.value.count == SMALL_STORED
    assert str(e.value) == "Tavla 4-2 from this position has more than 7 distinct plays; tavla-docs stops there"


@pytest.mark.parametrize("limit", [1, 50, 1000, 20_000])
def test_a_heavy_roll_stops_just_past_the_limit(limit):
    # Gülbara 1-1 on turn 4 from the start: 24 moves, ~3.2 million plays. The walk stops from
    # inside, within one expansion's worth of entries past the limit.
    with pytest.raises(PlayBudgetExceeded) as e:
        legal_plays(GULBARA.starting_position(), Side.WHITE, Roll(1, 1), GULBARA, TURN_4,
                    budget=PlayBudget(max_plays=limit, max_seconds=None))
    assert limit < e.value.count <= limit + 33
    assert str(e.value) == (f"Gülbara 1-1 from this position has more than {limit:,} distinct plays; "
                            "tavla-docs stops there")
    assert e.value.hint == "raise the limit with --max-plays or max_plays: in mkdocs.yml"
    assert not e.value.by_time


def test_a_four_dice_double_is_counted_when_the_limit_could_matter():
    # Ordinary rolls are not metered under the default budget (they cannot reach it), but a
    # limit small enough to matter meters them too.
    start = TAVLA.starting_position()
    free = legal_plays(start, Side.WHITE, Roll(1, 1), TAVLA, budget=UNLIMITED)
    assert legal_plays(start, Side.WHITE, Roll(1, 1), TAVLA) == free
    with pytest.raises(PlayBudgetExceeded) as e:
        legal_plays(start, Side.WHITE, Roll(1, 1), TAVLA, budget=PlayBudget(max_plays=len(free)))
    assert str(e.value).startswith(f"Tavla 1-1 from this position has more than {len(free)} distinct plays")


def test_the_time_limit_stops_the_walk_too():
    with pytest.raises(PlayBudgetExceeded) as e:
        legal_plays(GULBARA.starting_position(), Side.WHITE, Roll(1, 1), GULBARA, TURN_4,
                    budget=PlayBudget(max_plays=None, max_seconds=0.05))
    assert e.value.by_time and e.value.seconds >= 0.05
    assert str(e.value).startswith("Gülbara 1-1 from this position takes more than 0.05 s to list its plays (")
    assert e.value.hint == "raise the limit with --max-seconds or max_seconds: in mkdocs.yml"


def test_the_error_is_a_tavla_error_and_survives_pickling():
    e = PlayBudgetExceeded("Gülbara 1-1", limit=10, count=12, seconds=0.5)
    assert isinstance(e, TavlaError)
    back = pickle.loads(pickle.dumps(e))
    assert (str(back), back.count, back.hint) == (str(e), 12, e.hint)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), sides(), rolls())
def test_results_under_the_budget_are_unchanged(pos, side, roll):
    free = legal_plays(pos, side, roll, TAVLA, budget=UNLIMITED)
    assert legal_plays(pos, side, roll, TAVLA) == free  # the default budget
    assert legal_plays(pos, side, roll, TAVLA, budget=PlayBudget(max_plays=DEFAULT_MAX_PLAYS, max_seconds=None)) == free


@pytest.mark.parametrize(("variant", "roll", "turn"), [
    ("uzun", Roll(6, 6), 1), ("uzun", Roll(5, 3), 5), ("tapa", Roll(4, 4), 5), ("gulbara", Roll(4, 4), 4),
    ("gulbara", Roll(3, 3), 2),
])
def test_the_hooked_games_give_the_same_plays_with_any_budget_that_lets_them_through(variant, roll, turn):
    rules = ruleset(variant)
    ctx = TurnContext(game_turn=turn, player_turn=(turn + 1) // 2)
    start = rules.starting_position()
    free = legal_plays(start, Side.WHITE, roll, rules, ctx, budget=UNLIMITED)
    assert legal_plays(start, Side.WHITE, roll, rules, ctx) == free
    # the smallest budget that lets the roll through gives the same plays; one less stops it
    low, high = 1, 2 * DEFAULT_MAX_PLAYS
    while low < high:
        mid = (low + high) // 2
        try:
            legal_plays(start, Side.WHITE, roll, rules, ctx, budget=PlayBudget(max_plays=mid, max_seconds=None))
            high = mid
        except PlayBudgetExceeded:
            low = mid + 1
    assert low > len(free)  # the count includes the partial plays
    assert legal_plays(start, Side.WHITE, roll, rules, ctx, budget=PlayBudget(max_plays=low)) == free
    with pytest.raises(PlayBudgetExceeded):
        legal_plays(start, Side.WHITE, roll, rules, ctx, budget=PlayBudget(max_plays=low - 1))


def test_using_sets_the_budget_of_calls_without_one_in_this_thread_only():
    seen: list[PlayBudget] = []
    with using(PlayBudget(max_plays=3)):
        assert current_budget() == PlayBudget(max_plays=3)
        with pytest.raises(PlayBudgetExceeded):
            legal_plays(SMALL, Side.WHITE, Roll(4, 2), TAVLA)
        # an explicit budget wins over the current one
        assert len(legal_plays(SMALL, Side.WHITE, Roll(4, 2), TAVLA, budget=PlayBudget(max_plays=8))) == 2
        worker = threading.Thread(target=lambda: seen.append(current_budget()))
        worker.start()
        worker.join()
    assert seen == [DEFAULT_BUDGET]  # a new thread starts with the default, not the caller's
    assert current_budget() == DEFAULT_BUDGET


@pytest.mark.parametrize("bad", [
    {"max_plays": 0}, {"max_plays": -5}, {"max_plays": True}, {"max_plays": "5"}, {"max_plays": 2.5},
    {"max_seconds": 0}, {"max_seconds": -1.0}, {"max_seconds": "10"}, {"max_seconds": False},
])
def test_bad_settings_are_user_errors_naming_the_setting(bad):
    with pytest.raises(TavlaError, match=next(iter(bad))):
        budget_from(bad)


def test_settings_left_unset_keep_the_base():
    base = PlayBudget(max_plays=10, max_seconds=5.0)
    assert budget_from({"max_plays": None, "max_seconds": 2}, base) == PlayBudget(10, 2)
    assert budget_from({}, base) == base
