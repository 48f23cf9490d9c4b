"""The diagram themes as data: one table per theme, and every list of themes derived from them.

A theme is the colours of the board (`board`), of each mark only some games draw (`marks`:
Uzun tavla's heads, Tapa's pins, Gülbara's progression strip, the no-play notice, the match
score) and, for a theme that follows the page's colour scheme, its dark colours (`dark`,
`dark_marks`). Each table maps a selector (relative to the diagram's root) to CSS declarations.
Shapes, strokes and text sizes that no theme changes stay in `render/themes.py`, which turns
these tables into each diagram's CSS.

The tables live here, below the renderer, because the scenario checker validates `theme:`
against `THEMES` before anything is drawn. Adding a theme is adding one `Theme` to `TABLES`
(CONTRIBUTING, "A diagram theme"); `tests/render/test_theme_tables.py` checks that it gives a
colour to every selector the default theme colours.

>>> THEMES
('default', 'print', 'wood')
>>> TABLES["print"].follows_page, TABLES["default"].follows_page
(False, True)
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

Table = Mapping[str, str]  # selector → declarations

# The marks only some diagrams draw: each theme colours every one of them (an empty table is allowed).
MARKS = ("head", "pin", "progression", "notice", "score", "alternatives")


@dataclass(frozen=True)
class Theme:
    """One theme's colours. With `dark`, the theme follows the page's light or dark scheme."""

    board: Table
    marks: Mapping[str, Table]
    dark: Table | None = None  # the board's colours on a dark page (None: always these colours)
    dark_marks: Mapping[str, Table] = field(default_factory=dict)  # the marks' colours on a dark page

    @property
    def follows_page(self) -> bool:
        return self.dark is not None


DEFAULT = Theme(
    board={
        ".frame": "fill:#35444c", ".field": "fill:#f3efe6", ".bar": "fill:#35444c",
        ".point.odd": "fill:#b85c45", ".point.even": "fill:#5f8a7e", ".tray": "fill:#e6e0d4;stroke:#35444c",
        ".checker.white": "fill:#fdfcf9;stroke:#2a2a2a", ".checker.black": "fill:#2c2c2c;stroke:#000",
        ".count.white": "fill:#111", ".count.black": "fill:#fff",
        ".num,.info,.tray-n": "fill:#4a4a4a",
        ".arrow": "stroke:#e07000", ".head": "fill:#e07000",
        ".forbidden .arrow": "stroke:#c8102e", ".forbidden .head": "fill:#c8102e", ".cross": "stroke:#c8102e",
        ".order": "fill:#fff;stroke:#e07000", ".order-n": "fill:#7a3d00",
        ".hit-marker": "fill:#ffd166;stroke:#c8102e", ".highlight": "fill:#ffd60a;fill-opacity:.45",
        ".label-bg": "fill:#fff;stroke:#35444c", ".label": "fill:#111",
        ".die": "fill:#fff;stroke:#222", ".pip": "fill:#222", ".cube": "fill:#fff;stroke:#222", ".cube-n": "fill:#222",
        ".turn": "fill:#e07000",
    },
    marks={
        "head": {".head-mark": "stroke:#1f6fb2", ".head-tag-bg": "fill:#1f6fb2;stroke:#1f6fb2", ".head-tag": "fill:#fff"},
        "pin": {".pin-ring": "stroke:#c8102e", ".pin-bar": "stroke:#c8102e", ".pin-tag": "fill:#c8102e"},
        "progression": {".prog-die": "fill:#fff;stroke:#222", ".prog-n": "fill:#222",
                        ".prog-label,.prog-x,.prog-arrow": "fill:#4a4a4a",
                        ".prog-g.played .prog-die": "fill:#ffe0b8;stroke:#e07000", ".prog-stop": "stroke:#c8102e"},
        "notice": {".notice-bg": "fill:#c8102e;stroke:#c8102e"},
        "score": {},
        "alternatives": {},
    },
    dark={
        ".frame,.bar": "fill:#10171b", ".field": "fill:#24292d", ".tray": "fill:#30363b;stroke:#10171b",
        ".point.odd": "fill:#9a4a37", ".point.even": "fill:#47695f",
        ".num,.info,.tray-n": "fill:#c9d1d9", ".label-bg": "fill:#1d2226;stroke:#8b949e", ".label": "fill:#e6edf3",
        ".checker.white": "fill:#e8e6e1;stroke:#000", ".checker.black": "fill:#0d0d0d;stroke:#8b949e",
        ".arrow": "stroke:#ff9f1c", ".head": "fill:#ff9f1c",
    },
    dark_marks={
        "head": {".head-mark": "stroke:#58a6ff", ".head-tag-bg": "fill:#1f6fb2;stroke:#58a6ff"},
        "pin": {".pin-ring": "stroke:#ff6b6b", ".pin-bar": "stroke:#ff6b6b", ".pin-tag": "fill:#ff6b6b"},
        "progression": {".prog-label,.prog-x,.prog-arrow": "fill:#c9d1d9"},
    },
)

# Black on white, for paper: always light.
PRINT = Theme(
    board={
        ".frame": "fill:#fff;stroke:#000;stroke-width:1.5", ".field": "fill:#fff;stroke:#000", ".bar": "fill:#fff;stroke:#000",
        ".point.odd": "fill:#bdbdbd;stroke:#000;stroke-width:.6", ".point.even": "fill:#fff;stroke:#000;stroke-width:.6",
        ".tray": "fill:#fff;stroke:#000",
        ".checker.white": "fill:#fff;stroke:#000", ".checker.black": "fill:#000;stroke:#000",
        ".count.white": "fill:#000", ".count.black": "fill:#fff",
        ".num,.info,.tray-n": "fill:#000",
        ".arrow": "stroke:#000", ".head": "fill:#000;stroke:#fff;stroke-width:1.2",  # outlined: shows on a black checker
        ".forbidden .arrow": "stroke:#000", ".forbidden .head": "fill:#000", ".cross": "stroke:#000",
        ".order": "fill:#fff;stroke:#000", ".order-n": "fill:#000",
        ".hit-marker": "fill:#fff;stroke:#000", ".highlight": "fill:#000;fill-opacity:.15",
        ".label-bg": "fill:#fff;stroke:#000", ".label": "fill:#000",
        ".die": "fill:#fff;stroke:#000", ".pip": "fill:#000", ".cube": "fill:#fff;stroke:#000", ".cube-n": "fill:#000",
        ".turn": "fill:#000",
    },
    marks={
        "head": {".head-mark": "stroke:#000", ".head-tag-bg": "fill:#fff;stroke:#000", ".head-tag": "fill:#000"},
        "pin": {".pin-ring": "stroke:#000", ".pin-bar": "stroke:#000", ".pin-tag": "fill:#000"},
        "progression": {".prog-die": "fill:#fff;stroke:#000", ".prog-n": "fill:#000",
                        ".prog-label,.prog-x,.prog-arrow": "fill:#000",
                        ".prog-g.played .prog-die": "fill:#ddd;stroke:#000", ".prog-stop": "stroke:#000"},
        "notice": {".notice-bg": "fill:#fff;stroke:currentColor"},
        "score": {},
        "alternatives": {},
    },
)

# A wooden board with blue arrows: always light.
WOOD = Theme(
    board={
        ".frame": "fill:#5b3417", ".field": "fill:#e2bf86", ".bar": "fill:#5b3417",
        ".point.odd": "fill:#7b2f12", ".point.even": "fill:#f1dcb0", ".tray": "fill:#6e4322;stroke:#3e220d",
        ".checker.white": "fill:#f6ecd6;stroke:#6b4b2a", ".checker.black": "fill:#3a1f0e;stroke:#1c0d04",
        ".count.white": "fill:#3a1f0e", ".count.black": "fill:#f6ecd6",
        ".num,.info,.tray-n": "fill:#4a2a12",
        ".arrow": "stroke:#0b4f8a", ".head": "fill:#0b4f8a",
        ".forbidden .arrow": "stroke:#b00020", ".forbidden .head": "fill:#b00020", ".cross": "stroke:#b00020",
        ".order": "fill:#f6ecd6;stroke:#0b4f8a", ".order-n": "fill:#0b4f8a",
        ".hit-marker": "fill:#ffcf56;stroke:#b00020", ".highlight": "fill:#fff27a;fill-opacity:.5",
        ".label-bg": "fill:#fffaf0;stroke:#5b3417", ".label": "fill:#2a1608",
        ".die": "fill:#fffaf0;stroke:#3a1f0e", ".pip": "fill:#3a1f0e", ".cube": "fill:#fffaf0;stroke:#3a1f0e",
        ".cube-n": "fill:#3a1f0e", ".turn": "fill:#0b4f8a",
    },
    marks={
        "head": {".head-mark": "stroke:#0b4f8a", ".head-tag-bg": "fill:#0b4f8a;stroke:#0b4f8a", ".head-tag": "fill:#fffaf0"},
        "pin": {".pin-ring": "stroke:#b00020", ".pin-bar": "stroke:#b00020", ".pin-tag": "fill:#b00020"},
        "progression": {".prog-die": "fill:#fffaf0;stroke:#3a1f0e", ".prog-n": "fill:#3a1f0e",
                        ".prog-label,.prog-x,.prog-arrow": "fill:#4a2a12",
                        ".prog-g.played .prog-die": "fill:#cfe3f5;stroke:#0b4f8a", ".prog-stop": "stroke:#b00020"},
        "notice": {".notice-bg": "fill:#b00020;stroke:#b00020"},
        "score": {},
        "alternatives": {},
    },
)

# Every theme by the name a scenario's `diagram: {theme: …}` gives; the first is the default.
TABLES: Mapping[str, Theme] = MappingProxyType({"default": DEFAULT, "print": PRINT, "wood": WOOD})
THEMES: tuple[str, ...] = tuple(TABLES)
