"""Diagram rendering: time and bytes per diagram over positions from random legal games.

Baselines measured in the same run, from the same drawing:
- "inlined": every `<use>` replaced by a copy of the shape it references (what a renderer
  without `<defs>`/`<use>` reuse writes; checkers as full circles, points as full paths);
- "pretty": the output pretty-printed (`xml.dom.minidom.toprettyxml`), the indentation avoided here.
"""
from __future__ import annotations

import random
import statistics
import time
import xml.dom.minidom
import xml.etree.ElementTree as ET

from tavla_docs.diagram.options import DiagramOptions
from tavla_docs.diagram.spec import Diagram
from tavla_docs.engine.board import Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.render.svg import render_svg
from tavla_docs.scenario.draw import diagram_from_position
from tavla_docs.variants import TAVLA

NS = "http://www.w3.org/2000/svg"


def corpus(n: int, seed: int = 4) -> list[Diagram]:
    """Positions from seeded random games, each with its roll and a random legal play."""
    rng = random.Random(seed)
    out: list[Diagram] = []
    pos, side = TAVLA.starting_position(), Side.WHITE
    while len(out) < n:
        roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, side, roll, TAVLA)
        play = rng.choice(plays)
        out.append(diagram_from_position(pos, side, TAVLA, roll, play,
                                         DiagramOptions(theme=rng.choice(["default", "print", "wood"])),
                                         f"game position {len(out)}", None, f"td-b{len(out)}"))
        pos, side = play.position, side.opponent
        if pos.off(Side.WHITE) == 15 or pos.off(Side.BLACK) == 15:
            pos, side = TAVLA.starting_position(), Side.WHITE
    return out


def inline_uses(svg: str) -> str:
    """Replace each <use> by the element it references, moved to the use's x/y."""
    ET.register_namespace("", NS)
    root = ET.fromstring(svg)
    defs = {el.get("id"): el for el in root.iter() if el.get("id")}
    for parent in list(root.iter()):
        for i, child in enumerate(list(parent)):
            if child.tag == f"{{{NS}}}use":
                ref = defs[child.get("href")[1:]]
                copy = ET.Element(ref.tag, {k: v for k, v in ref.attrib.items() if k != "id"})
                for k, v in child.attrib.items():
                    if k not in ("href", "x", "y"):
                        copy.set(k, v)
                x, y = child.get("x", "0"), child.get("y", "0")
                if ref.tag.endswith("circle"):
                    copy.set("cx", x)
                    copy.set("cy", y)
                else:
                    copy.set("transform", f"translate({x} {y})")
                parent[i] = copy
    return ET.tostring(root, encoding="unicode")


def timed(fn, items) -> tuple[float, list[str]]:
    t = time.perf_counter()
    out = [fn(x) for x in items]
    return (time.perf_counter() - t) / len(items), out


def main(quick: bool = False) -> None:
    diagrams = corpus(60 if quick else 400)
    render_svg(diagrams[0])  # warm up imports
    t_ours, ours = timed(render_svg, diagrams)
    t_inl, inlined = timed(lambda d: inline_uses(render_svg(d)), diagrams)
    t_pre, pretty = timed(lambda d: xml.dom.minidom.parseString(render_svg(d)).toprettyxml(indent="  "), diagrams)
    size = lambda xs: statistics.mean(len(x.encode()) for x in xs)  # noqa: E731
    print(f"{len(diagrams)} diagrams (random Tavla games, every one with dice and a play)")
    print(f"render_svg:        {t_ours * 1000:6.2f} ms/diagram  {size(ours) / 1024:6.1f} KB/diagram "
          f"(max {max(len(x.encode()) for x in ours) / 1024:.1f} KB)")
    print(f"baseline inlined:  {t_inl * 1000:6.2f} ms/diagram  {size(inlined) / 1024:6.1f} KB/diagram  "
          f"size ratio {size(inlined) / size(ours):.2f}x")
    print(f"baseline pretty:   {t_pre * 1000:6.2f} ms/diagram  {size(pretty) / 1024:6.1f} KB/diagram  "
          f"size ratio {size(pretty) / size(ours):.2f}x")
    print(f"diagrams per second: {1 / t_ours:.0f}")


if __name__ == "__main__":
    main()
