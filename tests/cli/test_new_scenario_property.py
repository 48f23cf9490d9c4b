"""Property: whatever the position and roll, the scenario `new scenario` writes passes the checker, and
its claims pin every checker it draws (`tavla-docs pins`: 100 %)."""
from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tavla_docs.cli.commands.new import scenario_text
from tavla_docs.engine.board import PositionError, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.formats.positions import position_from_mapping
from tavla_docs.scenario import pins
from tavla_docs.scenario.project import check_paths
from tavla_docs.variants import ruleset


@st.composite
def frames(draw: st.DrawFn):
    # not Gülbara: a double's progression over 36 rolls of a random board can take minutes
    variant = draw(st.sampled_from(["tavla", "backgammon", "uzun"]))
    rules = ruleset(variant)
    points = draw(st.permutations(range(1, 25)))
    split = draw(st.integers(1, 23))
    sides = {}
    for name, own in (("white", points[:split]), ("black", points[split:])):
        chosen = draw(st.lists(st.sampled_from(own), min_size=1, max_size=5, unique=True))
        counts = {p: draw(st.integers(1, 3)) for p in chosen}
        if rules.geometry.name == "OPPOSITE" and draw(st.booleans()):
            counts["bar"] = draw(st.integers(1, 2))
        sides[name] = counts
    try:
        pos = position_from_mapping(sides, rules.geometry, checkers=rules.checkers)
    except PositionError:
        assume(False)
    side = draw(st.sampled_from([Side.WHITE, Side.BLACK]))
    roll = draw(st.none() | st.builds(Roll, st.integers(1, 6), st.integers(1, 6)))
    return rules, pos, side, roll


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(frames())
def test_the_written_scenario_passes_check(tmp_path: Path, frame) -> None:
    rules, pos, side, roll = frame
    path = tmp_path / "scenarios" / "demo" / "x.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(scenario_text("demo/x", rules, pos, side, roll, None), encoding="utf-8")
    report = check_paths([tmp_path / "scenarios"], slow_notice=None)
    assert report.scenarios == 1 and report.claims >= 2
    assert [d for d in report.diagnostics] == [], path.read_text(encoding="utf-8")
    pinned = pins.pin_report(path, tmp_path / "scenarios")
    assert pinned is not None and pinned.loose == () and pinned.noticed == pinned.moves


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(frames())
def test_the_written_scenario_pins_every_checker_checked_one_by_one(tmp_path: Path, monkeypatch, frame) -> None:
    """The same, each move checked (not taken from the pips claim): the template's claims notice every one."""
    rules, pos, side, roll = frame
    path = tmp_path / "scenarios" / "demo" / "x.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(scenario_text("demo/x", rules, pos, side, roll, None), encoding="utf-8")
    monkeypatch.setattr(pins, "pinned_by_pips", lambda s: False)
    pinned = pins.pin_report(path, tmp_path / "scenarios")
    assert pinned is not None and pinned.loose == (), path.read_text(encoding="utf-8")
