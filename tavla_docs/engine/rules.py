"""Rulesets as data: one `Ruleset` value per variant, options as plain fields.

A variant is the board geometry, what a lone opposing checker means (hit, pin or
a closed point), how many opposing checkers close a point, scoring, the cube,
and at most a few small hooks (`step_hooks`, `dice_plan`) for rules that only
one game has. The generator (`walk`, behind `movegen`) knows nothing about variant names; the
variants themselves (their `Ruleset` values and hooks) live in `tavla_docs.variants`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from ..errors import TavlaError
from .board import Geometry, Position, starting_position


class RulesetError(TavlaError):
    """An unknown variant or option, or an option value of the wrong kind (`hint`: what to write)."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.hint = hint


@dataclass(frozen=True)
class Facts:
    """What the rules-summary table (rules.md §2) says about a variant beyond the engine data.

    Values are language-neutral keys (the site translates them); `Ruleset.summary()`
    joins them with the facts the engine fields already state.
    """

    family: str = "hitting"  # "hitting" | "pinning" | "no_hitting"
    other_names: tuple[str, ...] = ()
    special_rules: tuple[str, ...] = ()  # rule keys, e.g. ("head_rule", "six_block_rule")
    doubles: str = "four_moves"  # "four_moves" | "progression_after_turn_3"
    # Results beyond single/mars: (kind, points, the boolean option that enables it or None).
    extra_results: tuple[tuple[str, int, str | None], ...] = ()
    next_game_starter: str = "opening_roll"  # "opening_roll" | "previous_winner"
    display_name: str = ""  # the game's name in diagrams ("Tavla"); a msgid of the catalogs
    table_name: str = ""  # its name heading a rules-summary column, when it differs ("Tavla (Turkish rules)")


@dataclass(frozen=True)
class Abilities:
    """What a variant's current options mean, as typed facts.

    The variant computes them from its options (`Ruleset.configure`); the engine, the
    diagrams and the pages read these, never an option by its name, so an option can be
    renamed or reshaped inside `variants/` alone.
    """

    pins_block_bear_off: bool = False  # a side with a pinned checker may not bear off (Tapa)
    exact_bear_off: bool = False  # a die bears off only from its own point (no overshoot)
    closed_board_skips_roll: bool = False  # Tavla: a side on the bar facing a closed board does not roll
    backgammon_result: bool = True  # the 3-point result exists (when the variant names one)
    cube_max: int | None = None  # the cube's highest face (None = no limit)
    crawford: bool = False
    match_length: int | None = None  # None: money play (each game scored alone)
    jacoby: bool = False  # money play: a gammon or backgammon counts single while the cube is centred
    beavers: bool = False  # money play: a doubled side may redouble at once and keep the cube
    opening_mode: str | None = None  # None: the variant's `opening`
    next_game_starter: str | None = None  # None: `Facts.next_game_starter`
    extra_results: tuple[tuple[str, int], ...] = ()  # results beyond single/mars that are on
    rules_off: frozenset[str] = frozenset()  # special rules (Facts.special_rules) switched off
    normal_doubles_turns: int | None = None  # Gülbara: doubles are four moves up to this turn
    # Gülbara: whether this turn's doubles are four ordinary moves, (TurnContext) -> bool.
    normal_doubles: Callable[[Any], bool] | None = None
    remainder_to_opponent: bool = False  # Gülbara: an unplayable remainder goes to the opponent
    # Gülbara: the numbers a play leaves unplayed, (position, play, roll, rules, ctx) -> tuple.
    unplayed: Callable[..., tuple[int, ...]] | None = None


@dataclass(frozen=True)
class Ruleset:
    """Everything the engine needs to know about one game, as data.

    `options` holds the open rules of rules.md §4 with their current values;
    the typed fields below are the fixed facts of the variant.
    """

    variant: str
    geometry: Geometry
    start: Mapping[int, int]
    blot: str  # what landing on one opposing checker does: "hit" | "pin" | "blocked"
    block_at: int  # opposing checkers that close a point
    has_bar: bool
    has_cube: bool
    opening: str  # "reroll_both" | "play_opening_dice"
    gammon_name: str  # the 2-point result's name: "mars" or "gammon"
    backgammon_name: str | None  # the 3-point result's name, if the variant has one
    options: Mapping[str, Any] = field(default_factory=dict)
    # Small variant hooks (see moves.StepHook); empty for Tavla and Backgammon.
    step_hooks: tuple[Any, ...] = ()
    dice_plan: Callable[..., tuple[tuple[int, ...], ...]] | None = None
    # The variant's reading of its options: (options) -> (step_hooks, abilities); `with_options`
    # calls it, so option-driven hooks and abilities follow the options.
    configure: Callable[[Mapping[str, Any]], tuple[tuple[Any, ...], Abilities]] | None = None
    abilities: Abilities = field(default_factory=Abilities)
    # A variant's own end of game (Tapa's mother pin), consulted by results.game_result first:
    # (position, rules, cube) -> Result | None.
    special_result: Callable[..., Any] | None = None
    facts: Facts = field(default_factory=Facts)

    def option(self, name: str) -> Any:
        try:
            return self.options[name]
        except KeyError:
            raise RulesetError(f"{self.variant} has no option {name!r}; options: {', '.join(sorted(self.options))}") from None

    def with_options(self, **values: Any) -> Ruleset:
        """A copy with some options changed; unknown names and wrong types are errors."""
        merged = dict(self.options)
        for k, v in values.items():
            if k not in merged:
                raise RulesetError(f"{self.variant} has no option {k!r}; options: {', '.join(sorted(merged))}")
            if type(v) is not type(merged[k]) and not (merged[k] is None or v is None):
                raise RulesetError(f"option {k!r} takes a {type(merged[k]).__name__}, not {v!r}")
            merged[k] = v
        if self.configure is None:
            return replace(self, options=MappingProxyType(merged))
        hooks, abilities = self.configure(merged)
        return replace(self, options=MappingProxyType(merged), step_hooks=hooks, abilities=abilities)

    @property
    def cube_max(self) -> int | None:
        return self.abilities.cube_max if self.has_cube else None

    @property
    def closed_board_skips_roll(self) -> bool:
        return self.abilities.closed_board_skips_roll

    @property
    def backgammon_enabled(self) -> bool:
        """Whether a 3-point result exists (always in Backgammon, an option in Tavla)."""
        return self.backgammon_name is not None and self.abilities.backgammon_result

    @property
    def pins_block_bear_off(self) -> bool:
        return self.abilities.pins_block_bear_off

    @property
    def exact_bear_off(self) -> bool:
        return self.abilities.exact_bear_off

    @property
    def crawford(self) -> bool:
        return self.has_cube and self.abilities.crawford

    @property
    def match_length(self) -> int | None:
        """The match's length in points; None in money play."""
        return self.abilities.match_length

    @property
    def jacoby(self) -> bool:
        return self.has_cube and self.abilities.jacoby

    @property
    def beavers(self) -> bool:
        return self.has_cube and self.abilities.beavers

    @property
    def display_name(self) -> str:
        return self.facts.display_name or self.variant.replace("_", " ").title()

    @property
    def table_name(self) -> str:
        return self.facts.table_name or self.facts.display_name or self.variant.capitalize()

    @property
    def checkers(self) -> int:
        """How many checkers a side has: the sum of the starting layout (python-chess reads a
        variant's pieces from its starting position the same way).

        >>> from tavla_docs.variants import ruleset
        >>> ruleset("backgammon").checkers, ruleset("hypergammon").checkers
        (15, 3)
        """
        return sum(self.start.values())

    def starting_position(self) -> Position:
        return starting_position(self.start, self.geometry)

    def position(self, white: Mapping[int, int], black: Mapping[int, int], **kw: Any) -> Position:
        """`Position.from_board` in this game: its geometry, and its count for the checkers not listed.

        >>> from tavla_docs.engine.board import Side
        >>> from tavla_docs.variants import ruleset
        >>> ruleset("hypergammon").position({2: 1}, {23: 2}).off(Side.WHITE)
        2
        """
        kw.setdefault("geometry", self.geometry)
        return Position.from_board(white, black, checkers=self.checkers, **kw)

    def summary(self) -> dict[str, Any]:
        """The rules-summary row of this variant (rules.md §2), language-neutral keys and values.

        >>> from tavla_docs.variants import ruleset
        >>> row = ruleset("tavla").summary()
        >>> row["starting_pips"], row["directions"], row["closed_by"], row["scoring"]
        (167, 'opposite', 2, (('single', 1), ('mars', 2)))
        """
        scoring: list[tuple[str, int]] = [("single", 1), (self.gammon_name, 2)]
        if self.backgammon_enabled and self.backgammon_name:
            scoring.append((self.backgammon_name, 3))
        scoring += list(self.abilities.extra_results)
        return {
            "variant": self.variant,
            "family": self.facts.family,
            "other_names": self.facts.other_names,
            "start": dict(sorted(self.start.items(), reverse=True)),
            "checkers": self.checkers,
            "starting_pips": sum(p * n for p, n in self.start.items()),
            "directions": self.geometry.value,  # "opposite" | "same" (both counter-clockwise)
            "closed_by": self.block_at,  # opposing checkers that close a point
            "pinned_point_closed": self.blot == "pin",
            "lone_opponent": self.blot,  # "hit" | "pin" | "blocked"
            "bar": self.has_bar,
            "special_rules": self.facts.special_rules,
            "doubles": self.facts.doubles,
            "bear_off_overshoot": not self.abilities.exact_bear_off,
            "scoring": tuple(scoring),
            "cube": self.has_cube,
            "cube_max": self.cube_max,
            "opening": self.abilities.opening_mode or self.opening,
            "next_game_starter": self.abilities.next_game_starter or self.facts.next_game_starter,
        }
