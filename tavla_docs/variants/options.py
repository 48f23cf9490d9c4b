"""The one place where option names become `Abilities`: the readings every game shares.

Each variant's `configure(options)` calls `abilities(options, facts, ...)` and adds what
only it has (Gülbara's doubles, for example); the rest of the code reads the typed
`Ruleset.abilities` and never an option by its name.

>>> from tavla_docs.engine.rules import Facts
>>> a = abilities({"katmerli_mars": False, "match_length": 5}, Facts())
>>> a.backgammon_result, a.match_length, a.exact_bear_off
(False, 5, False)
>>> option_problems({"jacoby": True, "match_length": 5})[0][:2]
('jacoby', 'the Jacoby rule is for money play only, and this ruleset plays a match to 5')
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.rules import Abilities, Facts, Ruleset, RulesetError

MONEY_ONLY = {"jacoby": "the Jacoby rule", "beavers": "beavers"}  # rules.md §3.2: never in match play


def abilities(options: Mapping[str, Any], facts: Facts, **extra: Any) -> Abilities:
    """The abilities these option values give a game with these facts (`extra` overrides).

    A value no game can have is a `RulesetError` here (a match of 0 points, a cube of 100);
    options that only clash with each other are `option_problems`."""
    length = options.get("match_length")
    if "match_length" in options and length is not None and (not isinstance(length, int) or length < 1):
        raise RulesetError(f"match_length is a number of points (1 or more), or null for money play; not {length!r}",
                           "a match to 5: match_length: 5; money play, each game scored alone: match_length: null")
    top = options.get("cube_max")
    if top is not None and (not isinstance(top, int) or top < 2 or top & (top - 1)):
        raise RulesetError(f"cube_max is a cube face (2, 4, 8, … 64, …), or null for no limit; not {top!r}",
                           "the physical cube's highest face: cube_max: 64; no limit: cube_max: null")
    money = length is None
    found: dict[str, Any] = dict(  # some values are the options' own (from YAML), hence Any
        pins_block_bear_off=bool(options.get("pinned_blocks_bear_off", True)),
        exact_bear_off=not options.get("bear_off_overshoot", True),
        closed_board_skips_roll=bool(options.get("closed_board_skips_roll", False)),
        backgammon_result=bool(options.get("katmerli_mars", True)),
        cube_max=options.get("cube_max"),
        crawford=bool(options.get("crawford")),
        match_length=length if isinstance(length, int) else None,
        jacoby=money and bool(options.get("jacoby")),
        beavers=money and bool(options.get("beavers")),
        opening_mode=options.get("opening_mode"),
        next_game_starter=options.get("next_game_starter"),
        extra_results=tuple((kind, points) for kind, points, opt in facts.extra_results
                            if opt is None or options.get(opt)),
        rules_off=frozenset(key for key in facts.special_rules if options.get(key) is False),
    )
    found.update(extra)
    return Abilities(**found)


def option_problems(options: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """Options that each read well but do not go together: (option, message, hint) each.

    `Ruleset.with_options` takes one value at a time, so it cannot judge these; the scenario
    reader and `variants.ruleset` call this once every option is set."""
    length = options.get("match_length")
    out = []
    for key, name in MONEY_ONLY.items():
        if options.get(key) and length is not None:
            out.append((key, f"{name} {'is' if key == 'jacoby' else 'are'} for money play only, and this ruleset "
                        f"plays a match to {length}",
                        "add match_length: null (money play, each game scored alone), or remove " + key))
    return out


def check_options(rules: Ruleset) -> Ruleset:
    """`rules` unchanged, or a `RulesetError` naming the first of its `option_problems`."""
    problems = option_problems(rules.options)
    if problems:
        key, message, hint = problems[0]
        raise RulesetError(message, hint)
    return rules
