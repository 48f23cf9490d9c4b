"""The renderer only draws: a finished `Diagram` gives the same SVG with the move generator and
the variants' hooks made unusable, and the layers import one way (engine ← diagram ← render,
scenario.draw builds the Diagram with the engine)."""
from __future__ import annotations

import ast
import dataclasses
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tavla_docs.diagram.options import DiagramOptions
from tavla_docs.diagram.spec import Diagram
from tavla_docs.engine.board import Geometry, Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.play import TurnContext
from tavla_docs.render.svg import render_svg
from tavla_docs.scenario import draw, load_scenario
from tavla_docs.scenario.draw import diagram_from_position, diagram_from_scenario, scenario_frames
from tavla_docs.variants import ruleset
from tests.fixture import PROJECT

from .golden_cases import CASES

PKG = Path(__file__).resolve().parents[2] / "tavla_docs"
SCENARIOS = PROJECT / "scenarios"
# Frames that between them draw every kind of mark: numbered arrows, chains, hits, pins,
# heads, progressions (stopped, ended, normal), the cube, crossed-out moves, a `then:` story.
FILES = ["bear-off/mid-move", "bear-off/order-matters", "bear-off/hit-story", "backgammon/cube",
         "gulbara/stop", "gulbara/game-ends", "gulbara/normal-double", "tapa/pin", "tapa/release",
         "uzun/head-rule", "uzun/first-turn-6-6"]
ENGINE_WORK = ("tavla_docs.engine.movegen", "tavla_docs.engine.walk", "tavla_docs.engine.fast", "tavla_docs.engine.state",
               "tavla_docs.engine.written", "tavla_docs.variants")


class EngineCalled(AssertionError):
    """The renderer asked the engine for work a finished Diagram already holds."""


def _boom(*args: Any, **kwargs: Any) -> Any:
    raise EngineCalled("render called the engine")


def poison_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every function of the move generator, the generation state, written plays and the
    variants raises, wherever a loaded tavla_docs module holds a reference to it."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("tavla_docs") or module is None:
            continue
        for attr, value in list(vars(module).items()):
            if callable(value) and getattr(value, "__module__", "").startswith(ENGINE_WORK) \
                    and not isinstance(value, type):
                monkeypatch.setattr(module, attr, _boom)


def poison_rules(d: Diagram) -> Diagram:
    """The same diagram whose ruleset's hooks (dice plan, step hooks, Gülbara's abilities) raise."""
    class Hook:
        def __getattr__(self, name: str) -> Any:
            return _boom

    rules = d.rules
    abilities = dataclasses.replace(rules.abilities, normal_doubles=_boom, unplayed=_boom)
    rules = dataclasses.replace(rules, dice_plan=_boom, step_hooks=(Hook(),), configure=_boom,
                                special_result=_boom, abilities=abilities)
    return dataclasses.replace(d, rules=rules)


def diagrams() -> Iterator[tuple[str, Diagram]]:
    for name in FILES:
        sc = load_scenario(SCENARIOS / f"{name}.yaml", SCENARIOS)
        for k in range(len(scenario_frames(sc))):
            for lang in ("en", "tr"):
                yield f"{name}[{k}]-{lang}", diagram_from_scenario(sc, lang, k)
    for name, sc in CASES.items():
        yield f"golden/{name}", diagram_from_scenario(sc)
    gulbara = ruleset("gulbara")
    pos = Position.from_board({20: 1}, {12: 15}, geometry=Geometry.SAME, checkers=15)
    for turn in (3, 4):
        yield f"gulbara-2-2-turn-{turn}", diagram_from_position(pos, Side.WHITE, gulbara, Roll(2, 2), None,
                                                                DiagramOptions(), "t", None, "td-t", turn_number=turn)


CASES_DRAWN = list(diagrams())


@pytest.mark.parametrize("d", [d for _, d in CASES_DRAWN], ids=[n for n, _ in CASES_DRAWN])
def test_a_finished_diagram_draws_without_the_engine(d: Diagram, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = render_svg(d)
    poison_engine(monkeypatch)
    poisoned = poison_rules(d)
    assert render_svg(poisoned) == expected
    assert render_svg(dataclasses.replace(poisoned, desc=None)) == expected  # describe() needs no engine either


def test_the_poison_reaches_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test above proves something: the same poison stops building a diagram, where the work is."""
    sc = load_scenario(SCENARIOS / "bear-off/mid-move.yaml", SCENARIOS)
    gulbara = ruleset("gulbara")
    poison_engine(monkeypatch)
    with pytest.raises(EngineCalled):
        diagram_from_scenario(sc)  # resolving the shown play
    with pytest.raises(EngineCalled):
        draw.doubles(gulbara, Roll(2, 2), TurnContext(game_turn=4))  # the doubles plan


def test_each_frame_resolves_its_play_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Any] = []
    real = draw.resolve_play

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[4])
        return real(*args, **kwargs)

    monkeypatch.setattr(draw, "resolve_play", counted)
    sc = load_scenario(SCENARIOS / "bear-off/hit-story.yaml", SCENARIOS)
    for k, frame in enumerate(scenario_frames(sc)):
        calls.clear()
        d = diagram_from_scenario(sc, "en", k)
        render_svg(d)
        assert calls == [frame.show]  # once, with the loader's play (its spelling comes along)
        assert d.play is not None and d.play.position == frame.show.position


# --- the layers import one way -----------------------------------------------------------

def imports(path: Path) -> set[str]:
    """Absolute names of every module `path` imports (top level and inside functions)."""
    rel = path.relative_to(PKG.parent).with_suffix("")
    package = list(rel.parts[:-1])
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            out.add(mod)
            out |= {f"{mod}.{a.name}" for a in node.names if (PKG.parent / mod.replace(".", "/") / a.name).is_dir()
                    or (PKG.parent / f"{mod.replace('.', '/')}/{a.name}.py").is_file()}
    return {m for m in out if m.startswith("tavla_docs")}


def first_party(layer: str) -> dict[str, set[str]]:
    return {p.name: imports(p) for p in sorted((PKG / layer).glob("*.py"))}


def test_render_imports_only_the_diagram_and_engine_values() -> None:
    allowed = ("tavla_docs.render", "tavla_docs.diagram", "tavla_docs.engine.board", "tavla_docs.engine.dice",
               "tavla_docs.engine.play")
    exceptions: dict[str, set[str]] = {}
    found = {name: {m for m in mods if not m.startswith(allowed)} - exceptions.get(name, set())
             for name, mods in first_party("render").items()}
    assert {k: v for k, v in found.items() if v} == {}


def test_render_and_diagram_never_reach_the_move_generator() -> None:
    banned = ("tavla_docs.engine.movegen", "tavla_docs.engine.walk", "tavla_docs.engine.fast", "tavla_docs.engine.state",
              "tavla_docs.engine.written", "tavla_docs.scenario", "tavla_docs.site", "tavla_docs.cli", "tavla_docs.variants")
    for layer in ("render", "diagram"):
        found = {name: {m for m in mods if m.startswith(banned)} for name, mods in first_party(layer).items()}
        assert {k: v for k, v in found.items() if v} == {}, layer
    assert not {m for mods in first_party("diagram").values() for m in mods if m.startswith("tavla_docs.render")}


def test_the_engine_imports_no_layer_above_it() -> None:
    above = ("tavla_docs.scenario", "tavla_docs.diagram", "tavla_docs.render", "tavla_docs.site", "tavla_docs.cli")
    found = {name: {m for m in mods if m.startswith(above)} for name, mods in first_party("engine").items()}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_import_check_sees_relative_imports() -> None:
    """`imports` resolves `from ..engine.movegen import x` inside render/ (else the tests above prove nothing)."""
    assert "tavla_docs.engine.written" in imports(PKG / "scenario" / "draw.py")
    assert "tavla_docs.diagram.spec" in imports(PKG / "render" / "svg.py")
    assert "tavla_docs.render.layout" in imports(PKG / "render" / "svg.py")
