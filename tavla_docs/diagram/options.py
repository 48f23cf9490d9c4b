"""The scenario `diagram:` block: drawing options, validated before anything is drawn.

Shared by the scenario checker (which reports problems with file:line:col) and
the renderer (which only ever sees valid options).

>>> o = parse_diagram_options({"flip": True, "highlight": [3, 5], "labels": {9: "son pul"}})
>>> o.flip, o.highlight, o.labels
(True, (3, 5), ((9, 'son pul'),))
>>> parse_diagram_options({"flipp": True})
Traceback (most recent call last):
...
tavla_docs.diagram.options.DiagramOptionError: ('flipp', "unknown diagram option 'flipp'; did you mean 'flip'?")
"""
from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.notation import NotationError, parse_play
from ..errors import TavlaError

THEMES = ("default", "print", "wood")


class DiagramOptionError(TavlaError):
    """A bad `diagram:` option; `key` is the option's name (the location to report)."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(key, message)
        self.key = key
        self.message = message


@dataclass(frozen=True)
class DiagramOptions:
    """How to draw one diagram. Points are in White's (shared) numbering unless noted."""

    flip: bool = False  # White's home bottom left instead of bottom right
    numbers: str = "white"  # number the points from White's or Black's side
    theme: str = "default"
    show_play: bool = True  # draw the scenario's `show:` play as arrows
    order: bool | None = None  # number the arrows by die order (None: when the order matters)
    highlight: tuple[int, ...] = ()  # points to highlight (shared numbering)
    forbidden: tuple[str, ...] = ()  # moves drawn crossed out, in the mover's notation, e.g. "3/off"
    labels: tuple[tuple[int, str], ...] = ()  # short text on points (shared numbering)
    pips: bool = True
    dice: bool = True
    cube: tuple[int, str] | None = None  # (value, "white" | "black" | "centre") where the variant has one


KEYS = ("flip", "numbers", "theme", "show_play", "order", "highlight", "forbidden", "labels", "pips", "dice", "cube")


def _quote(text: str, limit: int = 80) -> str:
    """`text` quoted for a message, cut to about `limit` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _suggest(key: str) -> str:
    close = difflib.get_close_matches(str(key), KEYS, n=1)
    return f"; did you mean '{close[0]}'?" if close else f"; known options: {', '.join(KEYS)}"


def _bool(key: str, v: Any) -> bool:
    if not isinstance(v, bool):
        raise DiagramOptionError(key, f"diagram option '{key}' takes true or false, not {v!r}")
    return v


def _point(key: str, v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 24:
        raise DiagramOptionError(key, f"diagram option '{key}': {v!r} is not a point 1–24")
    return v


def parse_diagram_options(data: Mapping[str, Any] | None) -> DiagramOptions:
    """Validate a `diagram:` mapping; raises DiagramOptionError naming the bad key."""
    if data is None:
        return DiagramOptions()
    if not isinstance(data, Mapping):
        raise DiagramOptionError("diagram", "'diagram' takes a mapping of drawing options, e.g. {flip: true}")
    out: dict[str, Any] = {}
    for key, v in data.items():
        if key not in KEYS:
            raise DiagramOptionError(str(key), f"unknown diagram option {key!r}{_suggest(key)}")
        if key in ("flip", "show_play", "pips", "dice"):
            out[key] = _bool(key, v)
        elif key == "order":
            out[key] = None if v is None else _bool(key, v)
        elif key == "numbers":
            if v not in ("white", "black"):
                raise DiagramOptionError(key, f"diagram option 'numbers' is 'white' or 'black', not {v!r}")
            out[key] = v
        elif key == "theme":
            if v not in THEMES:
                raise DiagramOptionError(key, f"unknown theme {v!r}; themes: {', '.join(THEMES)}")
            out[key] = v
        elif key == "highlight":
            if not isinstance(v, list):
                raise DiagramOptionError(key, "diagram option 'highlight' takes a list of points, e.g. [3, 5]")
            out[key] = tuple(_point(key, p) for p in v)
        elif key == "forbidden":
            if isinstance(v, str):
                v = [v]
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise DiagramOptionError(key, "diagram option 'forbidden' takes a list of moves, e.g. ['3/off']")
            for text in v:  # checked here, so `check` refuses what `render` could not draw
                try:
                    parse_play(text)
                except NotationError as e:
                    raise DiagramOptionError(key, f"diagram option 'forbidden': {_quote(text)} is not a move: {e}") from None
            out[key] = tuple(v)
        elif key == "labels":
            if not isinstance(v, Mapping):
                raise DiagramOptionError(key, "diagram option 'labels' takes a mapping point: text")
            items = []
            for p, text in v.items():
                if not isinstance(text, str | int | float) or isinstance(text, bool):
                    raise DiagramOptionError(key, f"label for point {p!r} must be text")
                items.append((_point(key, p), str(text)))
            out[key] = tuple(sorted(items))
        elif key == "cube":
            if (not isinstance(v, Mapping) or not isinstance(v.get("value"), int)
                    or v.get("value") not in (1, 2, 4, 8, 16, 32, 64)):
                raise DiagramOptionError(key, "diagram option 'cube' is {value: 1|2|4|…|64, owner: white|black|centre}")
            owner = v.get("owner", "centre")
            if owner not in ("white", "black", "centre"):
                raise DiagramOptionError(key, f"cube owner is white, black or centre, not {owner!r}")
            out[key] = (v["value"], owner)
    return DiagramOptions(**out)
