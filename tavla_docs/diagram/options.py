"""The scenario `diagram:` block: drawing options, validated before anything is drawn.

Shared by the scenario checker (which reports problems with file:line:col) and
the renderer (which only ever sees valid options).

>>> o = parse_diagram_options({"flip": True, "highlight": [3, 5], "labels": {9: "son pul"}})
>>> o.flip, o.highlight, o.labels
(True, (3, 5), ((9, 'son pul'),))
>>> two = parse_diagram_options({"labels": {9: {"tr": "son pul", "en": "last checker"}}})
>>> two.labels, two.in_language("tr").labels  # a label per language: each figure takes its own
(((9, 'last checker'),), ((9, 'son pul'),))
>>> parse_diagram_options({"flipp": True})
Traceback (most recent call last):
...
tavla_docs.diagram.options.DiagramOptionError: ('flipp', "unknown diagram option 'flipp'; did you mean 'flip'?")
"""
from __future__ import annotations

import difflib
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..engine.notation import NotationError, parse_play
from ..errors import TavlaError
from ..languages import registry
from .themes import THEMES  # derived from the theme tables: a new theme is one table there
from .words import WORDS

CUBE_KEYS = ("value", "owner")
CUBE_OWNERS = ("white", "black", "centre")
LANGUAGES = tuple(sorted(WORDS))  # the languages a diagram is drawn in (its own words exist)


class DiagramOptionError(TavlaError):
    """A bad `diagram:` option; `key` is the option's name (the location to report).

    `where` goes on from the option to the bad entry (a list index, a label's point, a
    language), `at_key` points at that entry's key rather than its value, and `column`
    is a character of the entry's text (the place a move stops being notation)."""

    def __init__(self, key: str, message: str, where: tuple[Hashable, ...] = (), at_key: bool = False,
                 column: int | None = None) -> None:
        super().__init__(key, message)
        self.key = key
        self.message = message
        self.where = where
        self.at_key = at_key
        self.column = column


Texts = tuple[tuple[str, str], ...]  # (language, text) pairs, sorted by language


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
    labels: tuple[tuple[int, str], ...] = ()  # short text on points (shared numbering), as drawn
    pips: bool = True
    dice: bool = True
    cube: tuple[int, str] | None = None  # (value, "white" | "black" | "centre") where the variant has one
    playable: bool = False  # `try: true`: `diagram(name)` on a page draws a board the reader can play on
    # Labels written per language: (point, ((language, text), …)); `in_language` draws one of them.
    label_texts: tuple[tuple[int, Texts], ...] = ()

    def in_language(self, lang: str) -> DiagramOptions:
        """These options with each per-language label in `lang` (else English, Turkish, the first)."""
        if not self.label_texts:
            return self
        own = dict(self.label_texts)
        return replace(self, labels=tuple((b, pick(own[b], lang) if b in own else t) for b, t in self.labels))


KEYS = ("flip", "numbers", "theme", "show_play", "order", "highlight", "forbidden", "labels", "pips", "dice", "cube",
        "try")


def pick(texts: Texts, lang: str) -> str:
    """The text in `lang`, else in its registry entry's fallback languages (English, then Turkish,
    by default), else the first (as captions fall back)."""
    found = dict(texts)
    for key in registry.texts_order(lang):
        if found.get(key):
            return found[key]
    return texts[0][1]


def _quote(text: str, limit: int = 80) -> str:
    """`text` quoted for a message, cut to about `limit` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _suggest(key: str, known: tuple[str, ...] = KEYS) -> str:
    close = difflib.get_close_matches(str(key), known, n=1)
    return f"; did you mean '{close[0]}'?" if close else f"; known options: {', '.join(known)}"


def _bool(key: str, v: Any) -> bool:
    if not isinstance(v, bool):
        raise DiagramOptionError(key, f"diagram option '{key}' takes true or false, not {v!r}")
    return v


def _point(key: str, v: Any, where: tuple[Hashable, ...] = (), at_key: bool = False) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 24:
        raise DiagramOptionError(key, f"diagram option '{key}': {v!r} is not a point 1–24", where, at_key)
    return v


def _text(v: Any) -> bool:
    return isinstance(v, str | int | float) and not isinstance(v, bool) and bool(str(v).strip())


def _label(p: Any, v: Any) -> tuple[str, Texts | None]:
    """One label's text: the same in every language, or `{tr: …, en: …}` (languages of the diagram)."""
    if not isinstance(v, Mapping):
        if not _text(v):
            raise DiagramOptionError("labels", f"label for point {p!r} must be text, not {v!r}", (p,))
        return str(v), None
    if not v:
        raise DiagramOptionError("labels", f"label for point {p!r} has no text", (p,))
    for lang, text in v.items():
        if lang not in LANGUAGES:
            raise DiagramOptionError("labels", f"label for point {p!r}: unknown language {lang!r}; "
                                     f"diagrams are drawn in {', '.join(LANGUAGES)}", (p, lang), True)
        if not _text(text):
            raise DiagramOptionError("labels", f"label for point {p!r} in {lang}: expected text, not {text!r}",
                                     (p, lang))
    texts = tuple(sorted((lang, str(text)) for lang, text in v.items()))
    return pick(texts, "en"), texts


def _forbidden(v: Any) -> tuple[str, ...]:
    """Each entry must read as notation: checked here, so `check` refuses what `render` could not draw."""
    listed = isinstance(v, list)
    items = v if listed else [v]
    for i, x in enumerate(items):
        if not isinstance(x, str):
            raise DiagramOptionError("forbidden", "diagram option 'forbidden' takes a list of moves, e.g. ['3/off'], "
                                     f"not {x!r}", (i,) if listed else ())
    for i, text in enumerate(items):
        where = (i,) if listed else ()
        try:
            segments = parse_play(text)
        except NotationError as e:
            raise DiagramOptionError("forbidden", f"diagram option 'forbidden': {_quote(text)} is not a move: {e}",
                                     where, column=e.column) from None
        if not segments:
            raise DiagramOptionError("forbidden", f"diagram option 'forbidden': {_quote(text)} is not a move; "
                                     "write the move that is not allowed, like 3/off", where)
    return tuple(items)


MAX_CUBE = 1 << 20  # an unlimited cube (cube_max: null) is still a number a face can print


def _cube(v: Any) -> tuple[int, str]:
    if not isinstance(v, Mapping):
        raise DiagramOptionError("cube", "diagram option 'cube' is {value: 1|2|4|…|64|128|…, owner: white|black|centre}")
    for k in v:
        if k not in CUBE_KEYS:
            raise DiagramOptionError("cube", f"unknown key {k!r} in diagram option 'cube'{_suggest(k, CUBE_KEYS)}",
                                     (k,), True)
    value = v.get("value")
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_CUBE or value & (value - 1):
        raise DiagramOptionError("cube", "diagram option 'cube' is {value: 1|2|4|…|64|128|…, owner: "
                                 "white|black|centre}: the value is a power of 2 (the game's cube_max caps it)",
                                 ("value",) if "value" in v else ())
    owner = v.get("owner", "centre")
    if owner not in CUBE_OWNERS:
        raise DiagramOptionError("cube", f"cube owner is white, black or centre, not {owner!r}", ("owner",))
    return value, owner


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
            out[key] = tuple(_point(key, p, (i,)) for i, p in enumerate(v))
        elif key == "forbidden":
            out[key] = _forbidden(v)
        elif key == "labels":
            if not isinstance(v, Mapping):
                raise DiagramOptionError(key, "diagram option 'labels' takes a mapping point: text")
            items, texts = [], []
            for p, text in v.items():
                b = _point(key, p, (p,), True)
                shown, own = _label(p, text)
                items.append((b, shown))
                if own is not None:
                    texts.append((b, own))
            out[key] = tuple(sorted(items))
            out["label_texts"] = tuple(sorted(texts))
        elif key == "cube":
            out[key] = _cube(v)
        elif key == "try":
            out["playable"] = _bool(key, v)
    return DiagramOptions(**out)
