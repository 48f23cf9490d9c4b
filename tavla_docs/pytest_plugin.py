"""pytest plugin: scenario files become test items (Sybil's shape: file → scenario → result).

Active only in projects that set the ini option `tavla_scenarios` to a directory
(relative to the ini file); every *.yaml / *.yml under it is collected as one
`ScenarioFile` holding one `ScenarioItem`, whose failure report is exactly what
`tavla-docs check` prints for that file.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .scenario import Diagnostic, ScenarioError, check_scenario, load_scenario

INI = "tavla_scenarios"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(INI, "directory of tavla-docs scenario files to collect as tests (empty: off)", default="")


def _root(config: pytest.Config) -> Path | None:
    value = config.getini(INI)
    if not value:
        return None
    base = config.inipath.parent if config.inipath else config.rootpath
    return (base / str(value)).resolve()


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    root = _root(parent.config)
    if root is None or file_path.suffix not in (".yaml", ".yml"):
        return None
    try:
        file_path.resolve().relative_to(root)
    except ValueError:
        return None
    return ScenarioFile.from_parent(parent, path=file_path)


class ScenarioFailure(Exception):
    """Raised by a scenario item; carries the diagnostics to print."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(len(diagnostics))
        self.diagnostics = diagnostics


class ScenarioFile(pytest.File):
    def collect(self) -> Any:
        root = _root(self.config)
        yield ScenarioItem.from_parent(self, name=self.path.stem, root=root)


class ScenarioItem(pytest.Item):
    def __init__(self, *, root: Path | None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.root = root

    def _source(self) -> str:
        try:
            return self.path.relative_to(self.config.rootpath).as_posix()
        except ValueError:
            return str(self.path)

    def runtest(self) -> None:
        try:
            scenario = load_scenario(self.path, self.root, source=self._source())
        except ScenarioError as e:
            raise ScenarioFailure(e.diagnostics) from None
        problems = check_scenario(scenario)
        if problems:
            raise ScenarioFailure(problems)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, ScenarioFailure):
            return "\n".join(d.format() for d in excinfo.value.diagnostics)
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, 0, f"scenario {self.name}"
