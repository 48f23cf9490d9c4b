"""The pages a finished site build made, per language, for commands that build the site for
another purpose (`export --offline`, `print`). Their builds run through `commands.build.guarded`,
which prints errors exactly as `build` does.
"""
from __future__ import annotations

from typing import Any


def plugin_pages(plugin: Any, lang: str) -> list[Any]:
    """The pages of one language in navigation order (the tavla-docs plugin's per-language navigation)."""
    navs = getattr(plugin, "navs", None) or {}
    nav = navs.get(lang)
    return list(nav.pages) if nav is not None else []
