"""A figure's words against the figure: its rendered caption's play statements and its labels'
region words (`plays`), located in the scenario file as the build reports them.

Called once per rendered caption (`figures.caption_html`); the text is every problem, each at the
caption's line (a label's fault at the label's line), or "" when the words hold.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from ..provenance import spans
from . import dieclaims
from .numbering import HINT as NUMBERING_HINT
from .numbering import numbering_fault
from .plays import caption_faults, frame_view, label_faults, reading


def figure_word_errors(marked: str, lang: str, scenario: Any, index: int, names: dict[str, str], path: Path,
                       shown: str, caption_at: Callable[[], tuple[int, int]]) -> str:
    """The located errors of frame `index`'s figure in `lang` ("" when its words hold);
    `caption_at()` says where the caption is written."""
    view = frame_view(scenario, index, True)
    parts = spans(marked)
    read, where = reading("".join(p.text for p in parts))
    faults = caption_faults(marked, lang, view, names) + dieclaims.caption_faults(parts, read, where, lang, scenario,
                                                                                  index)
    numbering = numbering_fault(read, view)
    if numbering is not None:
        faults.append((numbering, NUMBERING_HINT))
    from .dielost import HINT as LOST_HINT
    from .dielost import lost_faults

    frame = scenario.frames[index]
    from .openings import HINT as OPENING_HINT
    from .openings import opening_fault
    rules = getattr(frame, "rules", None) or scenario.rules
    opening = opening_fault(read, lang, getattr(frame, "turn_number", None),
                            at_start=frame.position == rules.starting_position())
    if opening is not None:
        faults.append((opening, OPENING_HINT))
    if getattr(frame, "rules", None) is None:
        frame = _with_rules(frame, scenario.rules)
    faults += [(f"the caption says {words!r}, but {fault}", LOST_HINT) for words, fault in lost_faults(read, lang, frame)]
    from .exhibited import exhibit_faults  # the rules the caption states, at work in the shown play

    faults += exhibit_faults(marked, lang, scenario, index)
    from .emptypoints import empty_faults  # "the 6- and 5-points are empty", against the drawn position

    faults += empty_faults(read, lang, scenario.frames[index], getattr(view.options, "numbers", None))
    from .diepoints import die_point_faults  # "the die's point is empty", against the shown play's die

    faults += die_point_faults(read, lang, frame)
    from .pointnumbers import point_number_faults  # a printed point in other numbers than the figure's

    faults += [] if numbering is not None else point_number_faults(parts, getattr(view.options, "numbers", None))
    labels = label_faults(scenario, index, lang)
    if not faults and not labels:
        return ""
    line, col = caption_at()
    out = [f"{shown}:{line}:{col}: error: caption: {message}\n    hint: {hint}" for message, hint in faults]
    for point, message, hint in labels:
        at = _label_mark(path, index, point, lang)
        out.append(f"{shown}:{at[0]}:{at[1]}: error: {message}\n    hint: {hint}")
    return "\n".join(out)


def _label_mark(path: Path, index: int, point: int, lang: str) -> tuple[int, int]:
    """Where the label on `point` is written (its text in `lang` when it has one per language)."""
    from ...formats.yamlmarks import load_yaml, read_capped

    try:
        doc = load_yaml(read_capped(path, "scenario"), "scenarios")
    except Exception:  # noqa: BLE001 - only a location is at stake; the file loaded before
        return 1, 1
    base: tuple[Hashable, ...] = ("diagram", "labels", point) if index == 0 else \
        ("then", index - 1, "diagram", "labels", point)
    return doc.mark((*base, lang))  # the nearest enclosing key when the label has no text per language


def _with_rules(frame: Any, rules: Any) -> Any:
    """The frame with the scenario's rules where the frame keeps none of its own."""
    from types import SimpleNamespace

    return SimpleNamespace(show=frame.show, roll=frame.roll, rules=rules)
