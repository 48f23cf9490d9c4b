"""Colour themes and text sizes as CSS, scoped to one diagram's id so several themes share a page.

Every drawn element carries a class (`point odd`, `checker white`, `arrow`, …);
a theme is only a table of class → declarations, like python-chess's colour
table, so callers can override any of it with their own CSS. The colour tables, one per
theme, are data in `diagram/themes.py` (`TABLES`); this module holds what every theme shares
(shapes, strokes, text sizes) and writes the CSS.

Dark mode follows the colour scheme of the page around the diagram, not the system's:
the default theme's colours are `light-dark(light, dark)` pairs, which a browser resolves
by the element's used `color-scheme` (inherited from the page: Material's "slate" scheme
sets `color-scheme: dark`, its default scheme `light`). A page that declares no scheme
stays light, print is always light, and an SVG opened on its own follows the system.
A renderer without `light-dark()` keeps the light rule written before it.

Text grows as the diagram shrinks: inside a size container (the site's figure wrapper,
`container-type: inline-size`), `@container` tiers set `--td-k` so that no text drawn at
the board's full width of 640 units is under 11 CSS px (`SIZE_TIERS`); text with a box
around it (step numbers, labels, head tags, the cube) scales with its box.

>>> css("td-x", "print").startswith("#td-x{font-family:")
True
>>> "light-dark(" in css("td-x", "default"), "light-dark(" in css("td-x", "print")
(True, False)
>>> "@container (max-width:399.98px){#td-x{--td-k:1.89}}" in css("td-x", "print")
True

A page of many diagrams shares one stylesheet instead (`shared_css`): the same rules, scoped by
the theme's class rather than an id, with every mark's rules (`FEATURES`), so one copy serves
every diagram of that theme on the page.
"""
from __future__ import annotations

import math
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from ..diagram.themes import TABLES

FONT = 'system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",Arial,sans-serif'

# Shared by every theme: shapes, strokes and text sizes that do not depend on colours. No text is
# under 11 units, so none is under 11 CSS px where the board is drawn at its full width or wider.
BASE: tuple[tuple[str, str], ...] = (
    ("", f"font-family:{FONT}"),
    ("text", "font-size:11px;text-anchor:middle;dominant-baseline:central"),
    (".checker", "stroke-width:1.2"),
    (".count", "font-weight:700;font-size:13px"),
    (".arrow", "stroke-width:4;stroke-linecap:round;fill:none;opacity:.9"),
    (".head", "stroke:none;opacity:.9"),
    (".forbidden .arrow", "stroke-dasharray:6 5"),
    (".cross", "stroke-width:4;stroke-linecap:round;fill:none"),
    (".order", "stroke-width:1.5"),
    (".order-n", "font-size:11px;font-weight:700"),
    (".hit-marker", "stroke-width:1.5"),
    (".label-bg", "stroke-width:.8"),
    (".label", "font-size:11px"),
    (".die,.cube", "stroke-width:1.5"),
    (".cube-n", "font-size:15px;font-weight:700"),
    (".info", "text-anchor:start;font-size:12px"),
    (".on-turn", "font-weight:700"),
    (".tray-n", "font-size:12px;font-weight:700"),
)

# --- text sizes on small screens ---------------------------------------------------------
FULL_WIDTH = 640  # the widest board in SVG units (both side columns wide)
MIN_TEXT = 11  # CSS px: the smallest text a reader should get
# Container widths (CSS px) where a size tier starts; below the last one, the last tier holds.
SIZE_STEPS = (640, 560, 480, 400, 340, 300, 260)


def size_tiers(full: int = FULL_WIDTH, steps: tuple[int, ...] = SIZE_STEPS) -> tuple[tuple[int, float], ...]:
    """(below this container width, text scale) pairs: each scale keeps 11-unit text at 11 CSS px or
    more down to the next step (the exact ratio, rounded up past the next hundredth against float edges).

    >>> size_tiers()[:3]
    ((640, 1.15), (560, 1.34), (480, 1.61))
    """
    return tuple((hi, (math.floor(full / lo * 100) + 1) / 100) for hi, lo in zip(steps, steps[1:], strict=False))


SIZE_TIERS = size_tiers()
K = "var(--td-k,1)"
# Plain text grows with the tier; text with a box around it scales with the box (each about its own
# centre), so badges, labels and the cube keep their proportions. (Not a `<use>`: Chrome moves it.)
SCALED: tuple[tuple[str, str], ...] = (
    ("text", f"font-size:calc(11px*{K})"),
    (".count", f"font-size:max(13px,calc(11px*{K}))"),
    (".info,.tray-n", f"font-size:max(12px,calc(11px*{K}))"),
    (".order,.order-n,.label-bg,.label,.cube,.cube-n", "transform-box:fill-box;transform-origin:center"),
    (".order,.order-n,.label-bg,.label", f"transform:scale({K})"),  # their fonts are fixed in BASE
    (".cube,.cube-n", f"transform:scale(clamp(1,calc({K}*11/15),1.6))"),
)


class Feature(NamedTuple):
    """The CSS every theme shares for a mark only some games draw: shapes and sizes. Its colours
    are each theme's (`Theme.marks`, `Theme.dark_marks` in `diagram/themes.py`)."""

    base: tuple[tuple[str, str], ...]
    scaled: tuple[tuple[str, str], ...] = ()


# Drawn only by some games, so their rules are added only to diagrams that use them (the
# Tavla and Backgammon diagrams stay byte-identical).
FEATURES: dict[str, Feature] = {
    # The head (own 24) of each side in Uzun tavla and Gülbara: an outline and a tag.
    "head": Feature(
        ((".head-mark", "fill:none;stroke-width:2.5;stroke-dasharray:7 4"), (".head-tag", "font-size:11px;font-weight:700"),
         (".head-tag-bg", "stroke-width:1")),
        ((".head-tag,.head-tag-bg", f"transform-box:fill-box;transform-origin:center;transform:scale({K})"),),
    ),
    # A Tapa pin: a ring around the pinned checker and a small pin across it.
    "pin": Feature(
        ((".pin-ring", "fill:none;stroke-width:3.5"), (".pin-bar", "stroke-width:3;stroke-linecap:round"),
         (".pin-tag", "font-size:11px;font-weight:700")),
    ),
    # Gülbara's doubles progression under the board: small dice, played or not. On small screens
    # the strip scales as a whole from its left end, as far as its width allows (`--td-fit`, set on
    # the group by `annotations.draw_progression`), moving left towards the frame if it must.
    "progression": Feature(
        ((".prog-die", "stroke-width:1.2"), (".prog-label", "text-anchor:start;font-size:12px;font-weight:700"),
         (".prog-x,.prog-n", "font-size:11px"), (".prog-arrow", "font-size:13px"),
         (".prog-g.unplayed,.prog-g.void", "opacity:.35"), (".prog-stop", "stroke-width:2.5;stroke-linecap:round")),
        ((".progression", f"--td-s:min({K},var(--td-fit,1));transform-box:fill-box;transform-origin:left center;"
                          "transform:translateX(calc(max(-1*var(--td-pull,0),min(0,var(--td-room,1e4)"  # calc needs " - "
                          " - var(--td-w,0)*var(--td-s)))*1px)) scale(var(--td-s))"),),
    ),
    # A frame where nothing can be played: a banner under the board (`status.draw_notice`). It lies
    # on the page's background, as the score does, so its text takes the page's own text colour
    # (`currentColor`: dark on a light page, light on a dark one, black in print) and the banner
    # only a tint of red: both agree with any scheme, so neither needs a dark table.
    "notice": Feature(
        ((".notice-bg", "stroke-width:1.5;fill-opacity:.1"), (".notice-head", "font-size:13px;font-weight:700"),
         (".notice-why", "font-size:12px"), (".notice-head,.notice-why", "fill:currentColor")),
        ((".notice-head", f"font-size:max(13px,calc(11px*{K}))"), (".notice-why", f"font-size:max(12px,calc(11px*{K}))")),
    ),
    # A match's score in the side column across from the trays (`status.draw_score`).
    "score": Feature(
        ((".score", "font-size:13px;font-weight:700;fill:currentColor"), (".score-len", "font-weight:400")),
        ((".score", f"font-size:max(13px,calc(11px*{K}))"),),
    ),
    # A figure of alternative plays (`annotations.draw_alternatives`): each play's arrows have a dash
    # pattern of their own (A solid), so the plays stay apart in every theme and in print; the
    # letters take the step numbers' colours.
    "alternatives": Feature(
        ((".alt-b .arrow", "stroke-dasharray:11 7"), (".alt-c .arrow", "stroke-dasharray:2 7"),
         (".alt-d .arrow", "stroke-dasharray:14 5 3 5")),
        ((".alt-tag", f"transform-box:fill-box;transform-origin:center;transform:scale({K})"),),
    ),
}

def _rules(scope: str, table: Iterable[tuple[str, str]]) -> str:
    """(selector, declarations) pairs as CSS, each selector (and each part of a list) under `scope`."""
    out = []
    for sel, decl in table:
        if not sel:
            out.append(f"{scope}{{{decl}}}")
            continue
        parts = ",".join(f"{scope} {s}" for s in sel.split(","))
        out.append(f"{parts}{{{decl}}}")
    return "".join(out)


def _declarations(decl: str) -> dict[str, str]:
    return dict(d.split(":", 1) for d in decl.split(";") if d)


def light_value(table: dict[str, str], sel: str, prop: str) -> str:
    """The light theme's value of `prop` for every part of the selector list `sel` (one value, or an error).

    >>> light_value({".a": "fill:#111", ".b,.c": "fill:#111;stroke:#222"}, ".a,.c", "fill")
    '#111'
    """
    found = set()
    for part in sel.split(","):
        values = [_declarations(decl).get(prop) for key, decl in table.items() if part in key.split(",")]
        if len(values) != 1 or values[0] is None:
            raise ValueError(f"dark rule {sel!r}: no single light {prop} for {part!r}")
        found.add(values[0])
    if len(found) != 1:
        raise ValueError(f"dark rule {sel!r}: its parts have different light {prop} values")
    return found.pop()


def dark_css(scope: str, theme: str = "default", features: tuple[str, ...] = ()) -> str:
    """A theme's dark colours (`Theme.dark`) as `light-dark()` pairs with its light ones, behind
    `@supports` so that renderers without it (cairosvg, older browsers) keep the light rules; an
    SVG on its own follows the system."""
    table = TABLES[theme]
    light = dict(table.board)
    dark = dict(table.dark or {})
    for f in features:
        light.update(table.marks[f])
        dark.update(table.dark_marks.get(f, {}))
    pairs = [(sel, ";".join(f"{prop}:light-dark({light_value(light, sel, prop)},{value})"
                            for prop, value in _declarations(decl).items())) for sel, decl in dark.items()]
    return (f"{scope}:root{{color-scheme:light dark}}@media print{{{scope}{{color-scheme:light}}}}"
            f"@supports (color:light-dark(#000,#fff)){{{_rules(scope, pairs)}}}")


def size_css(scope: str, features: tuple[str, ...] = ()) -> str:
    """Text sizes per container width, behind `@supports` (renderers without container queries keep
    the fixed sizes of `BASE`)."""
    rules = _rules(scope, SCALED) + "".join(_rules(scope, FEATURES[f].scaled) for f in features)
    tiers = "".join(f"@container (max-width:{hi - 0.02:.2f}px){{{scope}{{--td-k:{k}}}}}" for hi, k in SIZE_TIERS)
    return f"@supports (container-type:inline-size){{{rules}{tiers}}}"


_SCOPE_STANDIN = "tdcssscopestandin"
_PLAIN_ID = re.compile(r"[A-Za-z0-9_-]+\Z")


def css(diagram_id: str, theme: str, features: tuple[str, ...] = ()) -> str:
    """The `<style>` text for one diagram: every selector starts with `#<id>`.

    `features` ("head", "pin", "progression", "notice", "score") add the rules of marks only some
    diagrams draw. The text is made once per theme and features, the id put in after (an id of
    letters, digits, `-` and `_`; others are written out each time).

    >>> css("td-a", "print", ("pin",)) == _css("#td-a", "print", ("pin",))
    True
    """
    if _PLAIN_ID.match(diagram_id) and _SCOPE_STANDIN not in diagram_id:
        return _kept_css(theme, features).replace(_SCOPE_STANDIN, diagram_id)
    return _css(f"#{diagram_id}", theme, features)


@lru_cache(maxsize=64)
def _kept_css(theme: str, features: tuple[str, ...]) -> str:
    return _css(f"#{_SCOPE_STANDIN}", theme, features)


def _css(scope: str, theme: str, features: tuple[str, ...]) -> str:
    table = TABLES[theme]
    text = _rules(scope, BASE) + _rules(scope, table.board.items())
    for f in features:
        text += _rules(scope, FEATURES[f].base) + _rules(scope, table.marks[f].items())
    if table.follows_page:
        text += dark_css(scope, theme, features)
    return text + size_css(scope, features)


def shared_scope(theme: str) -> str:
    """The selector every diagram of `theme` matches: its classes (`svg.tavla-diagram.theme-<name>`).

    Its specificity (two classes and a type) stays above the site's own rules for the marks it
    draws over a board (`.tavla-try .try-layer .count`), as an id's did.
    """
    return f"svg.tavla-diagram.theme-{theme}"


@lru_cache(maxsize=16)
def shared_css(theme: str) -> str:
    """The stylesheet of every diagram of `theme`, whatever marks it draws: `css`'s rules for all
    `FEATURES`, under `shared_scope(theme)`.

    >>> shared_css("print").startswith("svg.tavla-diagram.theme-print{font-family:")
    True
    >>> ".pin-ring" in shared_css("print"), "svg.tavla-diagram.theme-print .pin-ring{" in shared_css("print")
    (True, True)
    """
    return _css(shared_scope(theme), theme, tuple(FEATURES))
