"""Gülbara (Gul bara, Gyulbara, Crazy Narde): rules.md §3.5 as a ruleset, a dice plan and hooks.

Layout and blocking as Uzun tavla (same direction, one opposing checker closes a
point, no hitting, no bar), by default without the head and six-block rules.
Doubles play normally in the first three turns of the game; later a double d-d
is the *progression* d,d,d,d, d+1 ×4, …, 6 ×4, one ordered sequence under the
maximum rule. The first number that cannot be played ends the turn; the rest is
forfeited (option unplayable_remainder="forfeit") or handed to the opponent
("opponent": `unplayed()` gives the numbers, `remainder_plays()` the opponent's
plays of them). Bearing off the last checker ends the game mid-progression.

Turn numbers come from `TurnContext`: game_turn (scope "game", the default) or
player_turn (scope "per_player"). An unknown turn number counts as a later turn.

>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.engine.play import TurnContext
>>> progression(Roll(4, 4), TurnContext(game_turn=4), GULBARA)
((4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6),)
>>> progression(Roll(4, 4), TurnContext(game_turn=3), GULBARA)
((4, 4, 4, 4),)
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, ClassVar

from .. import N_
from ..engine.board import Geometry, Position, Side
from ..engine.dice import Roll
from ..engine.movegen import legal_plays
from ..engine.play import Move, Play, TurnContext
from ..engine.reasons import FOUR_IN_BEAR_OFF
from ..engine.rules import Abilities, Facts, Ruleset, RulesetError
from ..engine.state import State
from .common import get, put
from .options import abilities
from .uzun import HEAD_START, same_direction_hooks


@dataclass(frozen=True)
class NormalDoubles:
    """Whether a turn's doubles are four ordinary moves: up to turn `turns` of the game
    (scope "game") or of the mover (scope "per_player"), rules.md D8."""

    turns: int
    scope: str

    def __call__(self, ctx: TurnContext) -> bool:
        if self.scope == "game":
            turn = ctx.game_turn
        elif self.scope == "per_player":
            turn = ctx.player_turn
        else:
            raise RulesetError(f"normal_doubles_scope is 'game' or 'per_player', not {self.scope!r}")
        return turn is not None and turn <= self.turns


def normal_doubles(ctx: TurnContext, rules: Ruleset) -> bool:
    """Whether this turn's doubles are four ordinary moves (the first turns, rules.md D8)."""
    return NormalDoubles(rules.options.get("normal_doubles_turns", 3),
                         rules.options.get("normal_doubles_scope", "game"))(ctx)


def progression(roll: Roll, ctx: TurnContext, rules: Ruleset) -> tuple[tuple[int, ...], ...]:
    """The dice orders of a Gülbara roll (the `dice_plan` hook); only doubles differ from 1.3."""
    if not roll.is_double:
        return ((roll.high, roll.low), (roll.low, roll.high))
    d = roll.high
    if normal_doubles(ctx, rules):
        return ((d,) * 4,)
    return (tuple(x for x in range(d, 7) for _ in range(4)),)


@dataclass(frozen=True)
class BearOffStopsProgression:
    """Option progression_in_bear_off = false (itavli's Uzbek variant): a turn that starts
    with every checker home plays a double as four moves only."""

    refusal: ClassVar[str] = FOUR_IN_BEAR_OFF  # the reason `engine.explain` gives for a step this refuses

    def immobile(self, state: State, point: int) -> int:
        return 0

    def allow(self, ctx: TurnContext, before: State, move: Move, after: State) -> State | None:
        steps = get(before[4], "steps", 0)
        home = get(before[4], "home_at_start")
        if home is None:
            home = not any(before[0][7:26])
        if home and steps >= 4:
            return None
        mine, theirs, mypins, theirpins, extra = after
        return (mine, theirs, mypins, theirpins, put(put(extra, "steps", steps + 1), "home_at_start", home))


def _hooks(options: Mapping[str, Any]) -> tuple[Any, ...]:
    if options.get("unplayable_remainder") not in ("forfeit", "opponent"):
        raise RulesetError("unplayable_remainder is 'forfeit' or 'opponent', "
                           f"not {options.get('unplayable_remainder')!r}")
    hooks = same_direction_hooks(options, head=bool(options.get("head_rule")),
                                 six_block=bool(options.get("six_block_rule")))
    if not options.get("progression_in_bear_off", True):
        hooks += (BearOffStopsProgression(),)
    return hooks


def unplayed(position: Position, play: Play, roll: Roll, rules: Ruleset,
             ctx: TurnContext | None = None) -> tuple[int, ...]:
    """The numbers of a progression that `play` leaves unplayed because one could not be
    played (empty when the whole plan was played, the game ended, or the roll is not a
    progression). With unplayable_remainder="opponent" the opponent plays these next.

    `position` is the position before the play (progression_in_bear_off needs it).
    """
    ctx = ctx or TurnContext()
    if not roll.is_double or play.position.off(play.side) == play.position.checkers:
        return ()
    (plan,) = progression(roll, ctx, rules)
    if len(plan) == 4:
        return ()
    if (not rules.options.get("progression_in_bear_off", True)
            and not any(position.own(play.side)[7:26])):
        return ()
    return plan[play.dice_used:]


def remainder_plays(position: Position, side: Side, numbers: tuple[int, ...],
                    rules: Ruleset) -> tuple[Play, ...]:
    """The legal plays of `side` (the opponent of the player who stopped) for a handed-over
    remainder: the numbers in order, the same maximum rule, stopping at an unplayable one."""
    if not numbers:
        return (Play(side, (), position, 0),)
    fixed = tuple(numbers)
    plan_rules = replace(rules, dice_plan=lambda *_: (fixed,))
    return legal_plays(position, side, Roll(fixed[0], fixed[0]), plan_rules)


_OPTIONS: Mapping[str, Any] = MappingProxyType({
    "normal_doubles_turns": 3,  # D8
    "normal_doubles_scope": "game",  # D8: or "per_player"
    "unplayable_remainder": "forfeit",  # D9: or "opponent"
    "progression_in_bear_off": True,
    "head_rule": False,  # D10
    "six_block_rule": False,  # D10
    "six_block_check": "per_move",
    "head_exception_doubles": (6, 4, 3),
    "opening_mode": "reroll_both",
    "next_game_starter": "previous_winner",
    "match_length": 5,
})

_FACTS = Facts(family="no_hitting", other_names=("Gul bara", "Gyulbara", "Crazy Narde"),
               special_rules=("doubles_progression",), doubles="progression_after_turn_3",
               next_game_starter="previous_winner",
               display_name=N_("Gülbara"))


def configure(options: Mapping[str, Any]) -> tuple[tuple[Any, ...], Abilities]:
    """Gülbara's hooks and abilities for these option values (`Ruleset.configure`)."""
    turns = options.get("normal_doubles_turns", 3)
    return _hooks(options), abilities(
        options, _FACTS, normal_doubles_turns=turns,
        normal_doubles=NormalDoubles(turns, options.get("normal_doubles_scope", "game")),
        remainder_to_opponent=options.get("unplayable_remainder") == "opponent", unplayed=unplayed)


GULBARA = Ruleset(
    variant="gulbara", geometry=Geometry.SAME, start=HEAD_START, blot="blocked", block_at=1,
    has_bar=False, has_cube=False, opening="reroll_both", gammon_name="mars", backgammon_name=None,
    options=_OPTIONS, step_hooks=_hooks(_OPTIONS), configure=configure,
    abilities=configure(_OPTIONS)[1], dice_plan=progression,
    facts=_FACTS,
)

ALIASES = ("gul bara", "gülbara", "gul-bara", "gyulbara", "gulbara tavla", "crazy narde")
