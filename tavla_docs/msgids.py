"""Markers for messages translated later, where they are shown (`gettext(MESSAGES[code])`).

A table of English sentences is data until a page shows one; `pybabel extract` finds the
marked ones (its keywords are in pyproject.toml, `[tool.babel.extract_messages]`) and puts
them in `tavla_docs/site/locales/messages.pot`. At run time the markers change nothing.

>>> N_("Dice"), N_plural("%(num)d checker", "%(num)d checkers")
('Dice', ('%(num)d checker', '%(num)d checkers'))
"""
from __future__ import annotations


def N_(message: str) -> str:  # noqa: N802 - gettext's name for this marker, which Babel knows
    """A msgid, returned unchanged."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802
    """A plural msgid pair (msgid, msgid_plural), returned unchanged for a later `ngettext`."""
    return singular, plural
