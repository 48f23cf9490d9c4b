"""The games of the box, by name: an explicit table of names and the modules that hold them.

A game's module is imported when the game is first asked for, so that `tavla-docs plays`
on a Tavla position does not pay for Tapa's, Uzun tavla's and Gülbara's rules (start-up;
tests/cli/test_startup.py). Other names (`narde`, `plakoto`) live in each game's module
beside its ruleset: the first look-up by another name imports every game to read them.

>>> from tavla_docs.variants.registry import VARIANTS
>>> [rs.variant for rs in VARIANTS]
['tavla', 'backgammon', 'uzun', 'tapa', 'gulbara', 'hypergammon', 'nackgammon']
>>> ruleset("narde").variant, canonical_name(" Plakoto "), find("chess")
('uzun', 'tapa', None)
>>> ruleset("tavla", katmerli_mars=True).option("katmerli_mars")
True
"""
from __future__ import annotations

from importlib import import_module

from ..engine.rules import Ruleset, RulesetError
from .options import check_options  # options that only clash together (jacoby in a match)

# Each game's name -> (its module in this package, the module's name for its Ruleset). The
# order is the order every list of games (and every "known: …" hint) shows; a test keeps
# each entry equal to what its module defines.
GAMES: dict[str, tuple[str, str]] = {
    "tavla": ("tavla", "TAVLA"),
    "backgammon": ("backgammon", "BACKGAMMON"),
    "uzun": ("uzun", "UZUN"),
    "tapa": ("tapa", "TAPA"),
    "gulbara": ("gulbara", "GULBARA"),
    "hypergammon": ("hypergammon", "HYPERGAMMON"),
    "nackgammon": ("nackgammon", "NACKGAMMON"),
}

# Every game by name, in order: its ruleset once loaded, None before (tests add their own).
_BY_NAME: dict[str, Ruleset | None] = dict.fromkeys(GAMES)
_ALIASES: dict[str, str] = {}

# Declared for the type checker; their values come from __getattr__ below, on first use.
VARIANTS: tuple[Ruleset, ...]
ALIASES: dict[str, str]


def _load(name: str) -> Ruleset:
    """The ruleset of the game called `name` (a key of `_BY_NAME`), importing its module once."""
    rs = _BY_NAME[name]
    if rs is None:
        module, attribute = GAMES[name]
        rs = _BY_NAME[name] = getattr(import_module(f"{__package__}.{module}"), attribute)
    return rs


def _aliases() -> dict[str, str]:
    """Every other name, lower-cased -> the game's name (imports every game, once)."""
    if not _ALIASES:
        for name, (module, _) in GAMES.items():
            for alias in import_module(f"{__package__}.{module}").ALIASES:
                _ALIASES[alias.lower()] = name
    return _ALIASES


def __getattr__(name: str) -> object:
    """`VARIANTS` (every ruleset, in order) and `ALIASES` (other name -> game), built on first use."""
    if name == "VARIANTS":
        return tuple(_load(n) for n in GAMES)
    if name == "ALIASES":
        return _aliases()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def canonical_name(name: str) -> str:
    """The variant name that `name` (any spelling or other name) stands for, lower-cased."""
    key = name.strip().lower()
    return key if key in _BY_NAME else _aliases().get(key, key)


def variants() -> tuple[str, ...]:
    """The names of the known games, in their fixed order."""
    return tuple(_BY_NAME)


def find(name: str) -> Ruleset | None:
    """The ruleset of a variant by any of its names, or None."""
    key = canonical_name(name)
    return _load(key) if key in _BY_NAME else None


def ruleset(name: str, **options: object) -> Ruleset:
    """The ruleset of a variant by name, with optional option overrides."""
    rs = find(name)
    if rs is None:
        raise RulesetError(f"unknown variant {name!r}; known: {', '.join(_BY_NAME)}")
    if not options:
        return rs
    return check_options(rs.with_options(**options))
