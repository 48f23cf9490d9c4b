"""The one place where option names become `Abilities`: the readings every game shares.

Each variant's `configure(options)` calls `abilities(options, facts, ...)` and adds what
only it has (Gülbara's doubles, for example); the rest of the code reads the typed
`Ruleset.abilities` and never an option by its name.

>>> from tavla_docs.engine.rules import Facts
>>> a = abilities({"katmerli_mars": False, "match_length": 5}, Facts())
>>> a.backgammon_result, a.match_length, a.exact_bear_off
(False, 5, False)
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.rules import Abilities, Facts


def abilities(options: Mapping[str, Any], facts: Facts, **extra: Any) -> Abilities:
    """The abilities these option values give a game with these facts (`extra` overrides)."""
    length = options.get("match_length")
    found: dict[str, Any] = dict(  # some values are the options' own (from YAML), hence Any
        pins_block_bear_off=bool(options.get("pinned_blocks_bear_off", True)),
        exact_bear_off=not options.get("bear_off_overshoot", True),
        closed_board_skips_roll=bool(options.get("closed_board_skips_roll", False)),
        backgammon_result=bool(options.get("katmerli_mars", True)),
        cube_max=options.get("cube_max"),
        crawford=bool(options.get("crawford")),
        match_length=length if isinstance(length, int) else None,
        opening_mode=options.get("opening_mode"),
        next_game_starter=options.get("next_game_starter"),
        extra_results=tuple((kind, points) for kind, points, opt in facts.extra_results
                            if opt is None or options.get(opt)),
        rules_off=frozenset(key for key in facts.special_rules if options.get(key) is False),
    )
    found.update(extra)
    return Abilities(**found)
