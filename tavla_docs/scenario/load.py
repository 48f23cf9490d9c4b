"""Validation: a scenario file → a `Scenario`, or every problem with its line and column.

The loader keeps going after a problem where it can (an unknown key does not hide
a bad roll), but stops at problems that make the rest meaningless (no position).
This module reads the file and runs the validators in order; each kind of field
is checked in its own module:

- `fields`: the error collector and simple typed fields (turn, roll, caption, diagram, …)
- `position_fields`: variant, rules options, position and pinned checkers
- `plays`: written plays → resulting positions, with columns
- `expect`: the `expect:` claims
- `steps`: a frame's `show:` and the `then:` story
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from ..files import NotRegular, read_regular
from ..formats.yamlmarks import MAX_FILE_BYTES, MarkedDoc, YamlError, load_yaml
from .claims import DEFAULT_ENGINE, Engine
from .diagnostics import Diagnostic, ScenarioError
from .exercise import exercise as exercise_field
from .expect import ANY_CLAIMS, EXPECT_KEYS, RESULT_KEYS, ROLL_CLAIMS
from .fields import Collector, P, kind, suggest
from .fields import caption as caption_field
from .fields import diagram as diagram_field
from .fields import roll as roll_field
from .fields import turn as turn_field
from .fields import turn_number as turn_number_field
from .figure_fields import omit as omit_field
from .game import match as match_field
from .model import FIGURE_FIELDS, Scenario, Step
from .position_fields import position as position_field
from .position_fields import rules as rules_field
from .position_fields import variant as variant_field
from .steps import STEP_KEYS, frame, steps, turn_context

__all__ = [
    "ANY_CLAIMS", "EXPECT_KEYS", "MAX_FILE_BYTES", "P", "RESULT_KEYS", "ROLL_CLAIMS", "STEP_KEYS", "TOP_KEYS",
    "load_scenario", "scenario_id", "suggest", "turn_context",
]

TOP_KEYS = ("variant", "rules", "match", "position", "omit", "turn", "turn_number", "roll", "show", "alternatives",
            "partial", "source_figure", "expect", "caption", "diagram", "then", "notes", "test_only",
            "exercise")


def scenario_id(path: Path, root: Path | None) -> str:
    """`bear-off/mid-move` for `<root>/bear-off/mid-move.yaml` (the file stem without a root)."""
    p = Path(path)
    if root is not None:
        try:
            rel = p.resolve().relative_to(Path(root).resolve())
            return rel.with_suffix("").as_posix()
        except ValueError:
            pass
    return p.with_suffix("").name


def load_scenario(path: Path | str, root: Path | str | None = None, *, engine: Engine | None = None,
                  text: str | None = None, source: str | None = None) -> Scenario:
    """Read and validate one scenario file; raises ScenarioError with every problem found."""
    path = Path(path)
    source = source if source is not None else str(path)
    if text is None:
        try:
            raw = read_regular(path, MAX_FILE_BYTES)  # a FIFO or a device is refused, never waited on
        except NotRegular as e:
            raise ScenarioError([Diagnostic(source, 1, 1, str(e.strerror))]) from None
        except OSError as e:
            raise ScenarioError([Diagnostic(source, 1, 1, f"cannot read the file: {e.strerror or e}")]) from None
        if len(raw) > MAX_FILE_BYTES:
            try:
                size = max(os.stat(path).st_size, len(raw))
            except OSError:
                size = len(raw)
            raise ScenarioError([Diagnostic(
                source, 1, 1, f"the file is {size} bytes; a scenario is at most {MAX_FILE_BYTES}")])
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            before = raw[: e.start]
            line = before.count(b"\n") + 1
            col = len(before[before.rfind(b"\n") + 1:].decode("utf-8", "replace")) + 1
            raise ScenarioError([Diagnostic(source, line, col, "the file is not UTF-8 text")]) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        doc = load_yaml(text)
    except YamlError as e:
        raise ScenarioError([Diagnostic(source, e.line, e.col, e.message)]) from None
    return _build(doc, path, root, engine or DEFAULT_ENGINE, source)


def _build(doc: MarkedDoc, path: Path, root: Path | str | None, engine: Engine, source: str) -> Scenario:
    """Run the validators over the parsed document; raise with every diagnostic, sorted by place."""
    c = Collector(source, doc, engine)
    data = doc.value
    if data is None:
        raise ScenarioError([Diagnostic(source, 1, 1, "empty scenario",
                                        "a scenario is a mapping with variant, position, turn, roll, show, expect, caption")])
    if not isinstance(data, Mapping):
        raise ScenarioError([Diagnostic(source, *doc.mark(()), f"a scenario is a mapping of keys, not {kind(data)}")])
    c.keys(data, (), TOP_KEYS, "the scenario")
    variant = variant_field(c, data)
    rules = rules_field(c, data, variant) if variant else None
    score = match_field(c, data, rules)
    pos, given_turn = position_field(c, data, rules)
    omitted = omit_field(c, data)
    turn_number = turn_number_field(c, data)
    test_only = only_for_tests(c, data)
    first: Step | None = None
    if rules is not None and pos is not None and (turn_number is not None or "turn_number" not in data):
        if isinstance(data.get("position"), str) and given_turn is None and data.get("turn") is None:
            c.err(("position",), "a Position ID does not say who is on roll: add `turn:`", key=True)
        else:
            first = frame(c, data, (), pos, given_turn, rules, True, turn_number, match=score, omit=omitted)
    else:  # still report problems in the parts that do not need a position
        roll_field(c, data.get("roll"), ("roll",))
        caption_field(c, data.get("caption"), ("caption",))
        diagram_field(c, data.get("diagram"), ("diagram",))
        turn_field(c, data.get("turn"), ("turn",), None, False)
    later = steps(c, data.get("then"), first, rules) if rules is not None and first is not None else ()
    goal = exercise_field(c, data.get("exercise"), first, rules) if rules is not None and first is not None else None
    if c.diags or first is None or rules is None or variant is None:
        diags = sorted(set(c.diags), key=lambda d: (d.line, d.col, d.message))
        raise ScenarioError(diags or [Diagnostic(source, 1, 1, "invalid scenario")])
    return Scenario(
        id=scenario_id(path, Path(root) if root is not None else None), path=path, variant=variant, rules=rules,
        position=first.position, turn=first.turn, roll=first.roll, show=first.show, caption=first.caption,
        diagram=first.diagram, expect=first.expect, steps=later, show_text=first.show_text,
        notes=data.get("notes") if isinstance(data.get("notes"), str) else None, source=source,
        turn_number=turn_number, test_only=test_only, cube=first.cube, match=first.match, exercise=goal,
        **{k: getattr(first, k) for k in FIGURE_FIELDS},
    )


def only_for_tests(c: Collector, data: Mapping) -> str | None:
    """`test_only: "why no page draws it"`: a scenario kept for its claims alone, with the reason."""
    if "test_only" not in data:
        return None
    v = data["test_only"]
    if not isinstance(v, str) or not v.strip():
        c.err(("test_only",), f"test_only takes the reason no page shows this scenario, as text, not {kind(v)}",
              'like test_only: "checks the head rule on turn 7; no page draws it"')
        return None
    return v
