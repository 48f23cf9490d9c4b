"""Shared test helpers: a stand-in scenario and an XML reading of rendered diagrams.

The stand-in has exactly the attributes the scenario loader (issue 3) provides, so
these tests run before and after it lands.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tavla_docs.diagram.options import DiagramOptions, parse_diagram_options
from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.rules import Ruleset
from tavla_docs.variants import TAVLA

NS = "{http://www.w3.org/2000/svg}"


@dataclass(frozen=True)
class StandIn:
    id: str
    position: Position
    turn: Side = Side.WHITE
    rules: Ruleset = TAVLA
    roll: Roll | None = None
    show: Any = None
    caption: dict = field(default_factory=dict)
    diagram: DiagramOptions = DiagramOptions()


def scenario(id: str, white: dict, black: dict, *, turn: str = "white", roll: str | None = None,
             show: str | None = None, caption: dict | None = None, rules: Ruleset = TAVLA,
             diagram: dict | None = None, **bars: int) -> StandIn:
    pos = rules.position(white, black, **bars)
    return StandIn(id, pos, Side.parse(turn), rules, Roll.parse(roll) if roll else None, show,
                   caption or {"en": id}, parse_diagram_options(diagram))


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def drawn_checkers(root: ET.Element) -> dict[tuple[str, str], int]:
    """(colour, point) -> checkers shown: `<use class="checker …" data-point>`, or the
    number of a count label when the stack is drawn short."""
    seen: Counter = Counter()
    labels: dict[tuple[str, str], int] = {}
    for el in root.iter():
        c = classes(el)
        point = el.get("data-point")
        if point is None:
            continue
        colour = "white" if "white" in c else "black" if "black" in c else None
        if el.tag == NS + "use" and "checker" in c:
            seen[(colour, point)] += 1
        elif el.tag == NS + "text" and "count" in c:
            assert int(el.text) == int(el.get("data-count"))
            labels[(colour, point)] = int(el.text)
    out = dict(seen)
    for key, n in labels.items():
        assert seen[key] < n, f"a count label on {key} but every checker is drawn"
        out[key] = n
    return out


def expected_checkers(pos: Position) -> dict[tuple[str, str], int]:
    """What the position says should be on each point, bar and tray (independent of the renderer)."""
    out: dict[tuple[str, str], int] = {}
    for side in Side:
        for b, n in pos.board_counts(side).items():
            out[(side.value, str(b))] = n
        if pos.bar(side):
            out[(side.value, "bar")] = pos.bar(side)
        if pos.off(side):
            out[(side.value, "off")] = pos.off(side)
    return out


def moves_drawn(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(NS + "g") if "move" in classes(g) and g.get("data-step")]


def tip(arrow: ET.Element) -> tuple[float, float]:
    """The arrow's tip: the first vertex of its head polygon."""
    head = next(p for p in arrow.iter(NS + "path") if "head" in classes(p))
    m = re.match(r"M(-?[\d.]+) (-?[\d.]+)", head.get("d"))
    return float(m.group(1)), float(m.group(2))


def start(arrow: ET.Element) -> tuple[float, float]:
    shaft = next(p for p in arrow.iter(NS + "path") if "arrow" in classes(p))
    m = re.match(r"M(-?[\d.]+) (-?[\d.]+)", shaft.get("d"))
    return float(m.group(1)), float(m.group(2))


def number_x(root: ET.Element, label: int) -> list[float]:
    """x of the point-number texts showing `label` (each number appears once per numbering)."""
    return [float(t.get("x")) for t in root.iter(NS + "text") if "num" in classes(t) and t.text == str(label)]
