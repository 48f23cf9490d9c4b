"""Content gates: rules about an author's project that the build checks, reported where to fix them.

Two rules an author's site sets in the plugin's options (mkdocs.yml), instead of tests that
know the pages:

- `min_pin_score` (percent, default 100): the share of checker moves that the figures' claims
  notice (`scenario.pins`). Below it, each loose checker is reported at its point in the
  scenario file. 0 turns the check off.
- `nav_last` (a page's file name, e.g. `glossary.md`): the page that ends every language's
  navigation; a page after it is reported at that line of mkdocs.yml.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..scenario.pins import PinSummary, pin_summary

DEFAULT_MIN_PIN_SCORE = 100.0


@dataclass(frozen=True)
class PinGate:
    """The pins of a project's scenarios against its minimum score."""

    summary: PinSummary
    min_score: float

    @property
    def failed(self) -> bool:
        return self.summary.score < self.min_score

    def messages(self, severity: str) -> list[str]:
        """Every loose checker set, located, then the score line."""
        out = [m for r in self.summary.reports for m in r.diagnostics(severity)]
        return [*out, self.summary.line(self.min_score)]


def scenario_files(scenarios_dir: Path) -> list[Path]:
    return sorted(scenarios_dir.rglob("*.y*ml")) if scenarios_dir.is_dir() else []


def pin_gate(scenarios_dir: Path, min_score: float, show: Callable[[Path], str] = str,
             files: Sequence[Path] | None = None) -> PinGate:
    """The pins of `files` (default: every scenario under `scenarios_dir`; `test_only:` ones are
    left out, as no page draws them)."""
    files = scenario_files(scenarios_dir) if files is None else files
    return PinGate(pin_summary(files, scenarios_dir, show), min_score)


def option_mark(config_text: str, key: str) -> tuple[int, int]:
    """(line, column) of the option `key:` in mkdocs.yml's text; (1, 1) when it is not written there."""
    m = re.search(rf"^[ \t]*(?:-[ \t]*)?({re.escape(key)})[ \t]*:", config_text, re.MULTILINE)
    if m is None:
        return 1, 1
    line = config_text.count("\n", 0, m.start(1)) + 1
    return line, m.start(1) - (config_text.rfind("\n", 0, m.start(1)) + 1) + 1


def nav_last_problem(config_path: Path, nav_last: str, pages: Mapping[str, Sequence[str]],
                     shown: str | None = None) -> str | None:
    """The error when `nav_last` is not the last page of a language's navigation (`pages`: each
    language's page file names, in navigation order), located at `nav_last:` in mkdocs.yml."""
    text = config_path.read_text(encoding="utf-8")
    line, col = option_mark(text, "nav_last")
    where = f"{shown or config_path}:{line}:{col}"
    if not any(nav_last in names for names in pages.values()):
        return (f"{where}: error: nav_last: {nav_last} is no page of the site\n"
                f"    hint: give the file name of the page that ends the navigation, as nav_order lists it")
    after: dict[str, list[str]] = {}
    for lang, names in pages.items():
        if nav_last in names and names[-1] != nav_last:
            after[lang] = list(names[names.index(nav_last) + 1:])
    if not after:
        return None
    late = sorted({n for names in after.values() for n in names})
    langs = ", ".join(sorted(after))
    return (f"{where}: error: nav_last: {nav_last} should end the navigation, but "
            f"{', '.join(late)} {'comes' if len(late) == 1 else 'come'} after it ({langs})\n"
            f"    hint: list {', '.join(late)} before {nav_last} in nav_order (a page nav_order does not "
            "list comes after every page it lists)")


def report_pins(renderer: Any, min_score: float, strict: bool, log: logging.Logger) -> str | None:
    """The build's pin gate: below `min_score` each loose checker is reported at its point (in a strict
    audit as errors, returned for the build to fail with); at or above it, one line says how many are loose."""
    if min_score <= 0:
        return None
    gate = pin_gate(renderer.scenarios_dir, min_score, renderer.display)
    if gate.failed and strict:
        return "\n".join(gate.messages("error"))
    if gate.failed:
        for m in gate.messages("warning"):
            log.warning(m)
    elif any(r.loose for r in gate.summary.reports):
        log.info(gate.summary.line(gate.min_score) + " (`tavla-docs pins` lists them)")
    return None
