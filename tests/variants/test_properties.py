"""Property tests for Uzun tavla, Tapa and Gülbara on random positions and rolls:
conservation, the maximum rule against a separately written brute force
(`tests/oracles/variant_reference.py`), and merging of equal plays."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavla_docs.engine.board import Geometry, Position, Side
from tavla_docs.engine.dice import ALL_ROLLS
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.engine.play import TurnContext
from tavla_docs.engine.results import game_result
from tavla_docs.variants import ruleset

from ..oracles.variant_reference import Reference

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_position(rng: random.Random, geometry: Geometry, *, pins: bool, max_on: int,
                    primes: bool = False) -> Position:
    """Few checkers on the board (the rest off) so the brute force stays fast; sometimes all home,
    sometimes a crowded head, and for Tapa some pins (also of mothers on own 24)."""
    owner: dict[int, tuple[Side, int]] = {}  # shared point -> (side, count)
    counts = {}
    if primes and rng.random() < 0.5:
        # Near-six-blocks: one side holds five of six consecutive points of the other's path,
        # with spare checkers a die or two behind the gap (exercises the six-block rule).
        side = rng.choice(list(Side))
        k = rng.randint(1, 19)
        gap = rng.randint(k, k + 5)
        for q in range(k, k + 6):
            if q != gap:
                owner[geometry.to_board(side.opponent, q)] = (side, 1)
        mine_gap = geometry.from_board(side, geometry.to_board(side.opponent, gap))
        for _ in range(rng.randint(1, 2)):
            src = min(24, mine_gap + rng.randint(1, 6))
            b = geometry.to_board(side, src)
            if b not in owner or owner[b][0] is side:
                owner[b] = (side, owner.get(b, (side, 0))[1] + 1)
    for side in (Side.WHITE, Side.BLACK):
        n = rng.randint(1, max_on)  # at most 8 + 8 on board: never more than 15 a side
        counts[side] = n
        home_only = rng.random() < 0.3
        for _ in range(n):
            for _try in range(50):
                own = rng.randint(1, 6) if home_only else rng.choice([24, 24] + list(range(1, 25)))
                b = geometry.to_board(side, own)
                if b not in owner or owner[b][0] is side:
                    owner[b] = (side, owner.get(b, (side, 0))[1] + 1)
                    break
    white = {b: n for b, (s, n) in owner.items() if s is Side.WHITE}
    black = {b: n for b, (s, n) in owner.items() if s is Side.BLACK}
    pinned: set[tuple[Side, int]] = set()
    if pins:
        lone = [(s, b) for b, (s, n) in owner.items() if n == 1]
        rng.shuffle(lone)
        used: set[int] = set()
        for s, b in lone[: rng.randint(0, 2)]:
            pinner = white if s is Side.BLACK else black
            sources = [p for p, n in pinner.items() if n >= 2 and p not in used]
            if not sources or b in used:
                continue
            src = rng.choice(sources)
            pinner[src] -= 1  # one pinner checker steps on top of the lone checker
            pinner[b] = 1
            used |= {src, b}
            pinned.add((s, geometry.from_board(s, b)))
    return Position.from_board(white, black, geometry=geometry, pinned=frozenset(pinned), checkers=15)


def frame(position: Position, side: Side) -> tuple:
    return (position.own(side), position.own(side.opponent),
            frozenset(p for s, p in position.pinned if s is side),
            frozenset(p for s, p in position.pinned if s is not side))


VARIANTS = {
    "uzun": dict(geometry=Geometry.SAME, pins=False, max_on=7, primes=True),
    "uzun_end_of_turn": dict(geometry=Geometry.SAME, pins=False, max_on=7, primes=True),
    "uzun_exact_64": dict(geometry=Geometry.SAME, pins=False, max_on=8),
    "gulbara": dict(geometry=Geometry.SAME, pins=False, max_on=4),
    "gulbara_rules_on": dict(geometry=Geometry.SAME, pins=False, max_on=4),
    "tapa": dict(geometry=Geometry.OPPOSITE, pins=True, max_on=8),
    "tapa_no_mother": dict(geometry=Geometry.OPPOSITE, pins=True, max_on=8),
}


def rules_for(name: str):
    if name == "uzun_end_of_turn":
        return ruleset("uzun", six_block_check="end_of_turn")
    if name == "uzun_exact_64":
        return ruleset("uzun", bear_off_overshoot=False, head_exception_doubles=(6, 4))
    if name == "gulbara_rules_on":
        return ruleset("gulbara", head_rule=True, six_block_rule=True, progression_in_bear_off=False,
                       normal_doubles_scope="per_player")
    if name == "tapa_no_mother":
        return ruleset("tapa", mother_rule=False, pinned_blocks_bear_off=False)
    return ruleset(name)


@pytest.mark.parametrize("name", sorted(VARIANTS))
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), roll=st.sampled_from(ALL_ROLLS), side=st.sampled_from(list(Side)),
       turn=st.sampled_from([None, 1, 2, 3, 4, 7]))
def test_engine_matches_brute_force(name, seed, roll, side, turn):
    """Same set of final positions and the same number of dice as the reference."""
    rules = rules_for(name)
    pos = random_position(random.Random(seed), **VARIANTS[name])
    player_turn = None if turn is None else (turn + 1) // 2
    ctx = TurnContext(game_turn=turn, player_turn=player_turn)
    plays = legal_plays(pos, side, roll, rules, ctx)
    want, best = Reference(rules, turn, player_turn).plays(pos, side, roll)
    got = {frame(p.position, side) for p in plays}
    assert got == want, (str(pos), side, roll, [str(p) for p in plays])
    for p in plays:  # a play that ends the game counts as complete; every other uses `best` dice
        if best and game_result(p.position, rules) is None:
            assert p.dice_used == best


@pytest.mark.parametrize("name", sorted(VARIANTS))
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), roll=st.sampled_from(ALL_ROLLS), side=st.sampled_from(list(Side)))
def test_conservation_and_dedupe(name, seed, roll, side):
    """15 checkers a side; the opponent's checkers never move (no hitting here); every move
    goes forward by its die (less only when bearing off); no two plays reach one position."""
    rules = rules_for(name)
    pos = random_position(random.Random(seed), **VARIANTS[name])
    plays = legal_plays(pos, side, roll, rules)
    keys = [p.position.key() for p in plays]
    assert len(keys) == len(set(keys))
    for p in plays:
        q = p.position
        assert sum(q.own(side)) == 15 and sum(q.own(side.opponent)) == 15
        assert q.own(side.opponent) == pos.own(side.opponent)
        assert not q.problems()
        moved = 0
        for m in p.moves:
            assert m.src - m.dst == m.die or (m.dst == 0 and m.src < m.die)
            moved += m.src - m.dst
        assert pos.pips(side) - q.pips(side) == moved
        assert len(p.moves) == p.dice_used
        pinned_before = {x for x in pos.pinned if x[0] is side}
        assert {x for x in q.pinned if x[0] is side} == pinned_before  # my pins change only on their turn
