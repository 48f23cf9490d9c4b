"""Rulesets as data: one `Ruleset` value per variant, options as plain fields.

A variant is the board geometry, what a lone opposing checker means (hit, pin or
a closed point), how many opposing checkers close a point, scoring, the cube,
and at most a few small hooks (`step_hooks`, `dice_plan`) for rules that only
one game has. The generator in `moves` knows nothing about variant names.

>>> TAVLA.option("katmerli_mars"), TAVLA.with_options(katmerli_mars=True).option("katmerli_mars")
(False, True)
>>> ruleset("backgammon").cube_max
64
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from .board import Geometry, Position, starting_position

STANDARD_START: Mapping[int, int] = MappingProxyType({24: 2, 13: 5, 8: 3, 6: 5})


class RulesetError(ValueError):
    """An unknown variant or option, or an option value of the wrong kind."""


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
        return replace(self, options=MappingProxyType(merged))

    @property
    def cube_max(self) -> int | None:
        return self.options.get("cube_max") if self.has_cube else None

    @property
    def closed_board_skips_roll(self) -> bool:
        return bool(self.options.get("closed_board_skips_roll", False))

    @property
    def backgammon_enabled(self) -> bool:
        """Whether a 3-point result exists (always in Backgammon, an option in Tavla)."""
        if self.backgammon_name is None:
            return False
        return bool(self.options.get("katmerli_mars", True))

    def starting_position(self) -> Position:
        return starting_position(self.start, self.geometry)


TAVLA = Ruleset(
    variant="tavla", geometry=Geometry.OPPOSITE, start=STANDARD_START, blot="hit", block_at=2,
    has_bar=True, has_cube=False, opening="reroll_both", gammon_name="mars",
    backgammon_name="katmerli_mars",
    options=MappingProxyType({
        "katmerli_mars": False,  # rules.md D1: seed 1 alone gives 3 points
        "closed_board_skips_roll": True,  # seed 2
        "no_hit_and_run_in_home": False,  # D11: not in the seeds
        "match_length": 5,
    }),
)

BACKGAMMON = Ruleset(
    variant="backgammon", geometry=Geometry.OPPOSITE, start=STANDARD_START, blot="hit", block_at=2,
    has_bar=True, has_cube=True, opening="play_opening_dice", gammon_name="gammon",
    backgammon_name="backgammon",
    options=MappingProxyType({
        "cube_max": 64,  # D12: seeds and the physical cube; None = unlimited
        "crawford": True,
        "jacoby": False,
        "beavers": False,
        "match_length": 5,
    }),
)

_REGISTRY: dict[str, Ruleset] = {"tavla": TAVLA, "backgammon": BACKGAMMON}
ALIASES = {"turk": "tavla", "türk": "tavla", "bg": "backgammon", "modern": "backgammon"}


def register(rs: Ruleset) -> None:
    """Add a variant (the other games of the box register themselves this way)."""
    _REGISTRY[rs.variant] = rs


def variants() -> tuple[str, ...]:
    return tuple(_REGISTRY)


def ruleset(name: str, **options: Any) -> Ruleset:
    """The ruleset of a variant by name, with optional option overrides."""
    key = ALIASES.get(name.strip().lower(), name.strip().lower())
    if key not in _REGISTRY:
        raise RulesetError(f"unknown variant {name!r}; known: {', '.join(_REGISTRY)}")
    rs = _REGISTRY[key]
    return rs.with_options(**options) if options else rs
