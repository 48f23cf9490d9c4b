"""tavla-docs: verified rule pages for tavla, backgammon and their cousins.

The package's front door: the engine's value types and generator, and the games of the box.
The layers beneath (see docs/architecture.md): `engine` → `variants` → `formats`, `analysis`
→ `diagram` → `scenario` → `render` → `site` → `cli`.
"""
from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`--version` answers at once)
if TYPE_CHECKING:
    from typing import Any

# The front door's names, imported on first use (PEP 562): `tavla-docs --version` and any
# command that needs only part of the package do not pay for the engine and the variants.
_HOMES = {
    "Geometry": "engine.board", "Position": "engine.board", "PositionError": "engine.board", "Side": "engine.board",
    "ALL_ROLLS": "engine.dice", "Roll": "engine.dice", "RollError": "engine.dice",
    "legal_plays": "engine.movegen", "Move": "engine.play", "Play": "engine.play", "TurnContext": "engine.play",
    "Ruleset": "engine.rules", "RulesetError": "engine.rules",
    "BACKGAMMON": "variants", "TAVLA": "variants", "ruleset": "variants",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'tavla_docs' has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "ALL_ROLLS", "BACKGAMMON", "Geometry", "Move", "Play", "Position", "PositionError", "Roll",
    "RollError", "Ruleset", "RulesetError", "Side", "TAVLA", "TurnContext", "legal_plays", "ruleset",
]
__version__ = "0.1.0"


# Markers for messages translated later, where they are shown (`gettext(MESSAGES[code])`): a
# table of English sentences is data until a page shows one. `pybabel extract` finds the marked
# ones (keywords in pyproject.toml, [tool.babel.extract_messages]) for messages.pot; at run time
# they change nothing. Here, not in a module of their own: the engine's tables use them, and
# `tavla-docs plays` imports no module it does not need (tests/cli/test_startup.py).
def N_(message: str) -> str:  # noqa: N802 - gettext's name for this marker, which Babel knows
    """A msgid, returned unchanged: `N_("Dice") == "Dice"`."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802
    """A plural msgid pair (msgid, msgid_plural), returned unchanged for a later `ngettext`."""
    return singular, plural
