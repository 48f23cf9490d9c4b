"""Scenarios: YAML examples whose every claim is proved by the engine.

Public API (other parts of tavla-docs code against these names):

- `load_scenario(path, root=None) -> Scenario` (raises `ScenarioError` with `.diagnostics`)
- `check_scenario(scenario) -> list[Diagnostic]` (empty when every claim holds)
- `check_paths(paths) -> Report` (`.scenarios`, `.claims`, `.errors`, `.diagnostics`, `.summary()`)
- `Scenario` (`id`, `path`, `variant`, `rules`, `position`, `turn`, `roll`, `show`, `caption`,
  `diagram`, `expect`, `steps`, `frames`), `Step`, `Diagnostic`, `Engine`.
"""
from __future__ import annotations

from .claims import Claim, Engine
from .diagnostics import Diagnostic, ScenarioError
from .load import load_scenario
from .model import Scenario, Step
from .project import Report, check_paths, check_scenario, discover

__all__ = [
    "Claim", "Diagnostic", "Engine", "Report", "Scenario", "ScenarioError", "Step", "check_paths",
    "check_scenario", "discover", "load_scenario",
]
