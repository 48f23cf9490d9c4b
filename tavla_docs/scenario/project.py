"""Checking many scenario files: discovery, one shared engine cache, and a report.

A roll whose plays pass the play budget (`engine.budget`) is reported at its `roll:`
line, once per frame; a file that takes long to check is named on stderr while it is
being checked (`slow_notice`), so a long run says where it is.
"""
from __future__ import annotations

import re
import sys
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.budget import DEFAULT_BUDGET, PlayBudget, PlayBudgetExceeded, budget_from
from ..errors import TavlaError
from ..files import read_regular
from ..formats.yamlmarks import MAX_FILE_BYTES
from .claims import DEFAULT_ENGINE, Claim, Engine
from .diagnostics import Diagnostic, ScenarioError
from .load import load_scenario
from .model import Scenario, Step

SUFFIXES = (".yaml", ".yml")


#: A file that takes longer than this (seconds) to check is named on stderr while it is checked.
SLOW_FILE_SECONDS = 2.0


def check_claim(scenario: Scenario, frame: Step, claim: Claim, engine: Engine | None = None) -> list[Diagnostic]:
    """One claim of one frame → what `check` prints for it (the pytest plugin runs one per item).
    A roll past the play budget is reported at the frame's `roll:`."""
    try:
        problems = claim.check(frame.subject(scenario.rules), engine or DEFAULT_ENGINE)
    except PlayBudgetExceeded as e:
        return [budget_diagnostic(scenario, frame, e)]
    return [Diagnostic(scenario.source, p.line, p.col, p.message, p.hint) for p in problems]


def check_scenario(scenario: Scenario, engine: Engine | None = None) -> list[Diagnostic]:
    """Check every claim of every frame; one Diagnostic per failed claim (and one per roll past
    the budget, however many claims are about it)."""
    engine = engine or DEFAULT_ENGINE
    found = [d for frame in scenario.frames for claim in frame.expect for d in check_claim(scenario, frame, claim, engine)]
    return list(dict.fromkeys(found))


def budget_diagnostic(scenario: Scenario, frame: Step, error: PlayBudgetExceeded) -> Diagnostic:
    """The budget error at the frame's `roll:` value (its first line when the file cannot be reread)."""
    path: tuple = ()
    for i, step in enumerate(scenario.steps):
        if step is frame or step == frame:  # the first frame is built afresh each time: never `is`
            path = ("then", i)
    try:
        from ..formats.yamlmarks import load_yaml

        text = Path(scenario.path).read_text(encoding="utf-8").removeprefix("\ufeff")
        line, col = load_yaml(text).mark(path + ("roll",))
    except (OSError, ValueError, KeyError):
        line, col = frame.line, 1
    return Diagnostic(scenario.source, line, col, str(error), error.hint)


def failure_diagnostics(source: str, error: Exception) -> list[Diagnostic]:
    """What `check` reports when loading or checking a file raises: the scenario's own diagnostics,
    or one line for a file nested too deep or a bug in tavla-docs (a checker reports, it does not crash)."""
    if isinstance(error, ScenarioError):
        return list(error.diagnostics)
    if isinstance(error, PlayBudgetExceeded):  # the loader places it at its roll; this is the fallback
        return [Diagnostic(source, 1, 1, str(error), error.hint)]
    if isinstance(error, RecursionError):
        return [Diagnostic(source, 1, 1, "the scenario is too deeply nested to check")]
    return [Diagnostic(
        source, 1, 1, f"internal error while checking this scenario: {type(error).__name__}: {error}",
        "this is a bug in tavla-docs, not in the scenario; please report it with this file")]


@dataclass
class Report:
    """What `check_paths` found: counts and every diagnostic, in file then line order."""

    scenarios: int = 0
    claims: int = 0
    files: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    loaded: list[Scenario] = field(default_factory=list)
    skipped: int = 0  # files of other variants left out by `variant=`
    variant: str | None = None

    @property
    def errors(self) -> int:
        return len(self.diagnostics)

    @property
    def ok(self) -> bool:
        return not self.diagnostics

    def summary(self) -> str:
        s = "s" if self.scenarios != 1 else ""
        c = "s" if self.claims != 1 else ""
        e = "s" if self.errors != 1 else ""
        bad = len({d.path for d in self.diagnostics})
        tail = "all hold" if self.ok else f"{self.errors} error{e} in {bad} file{'s' if bad != 1 else ''}"
        only = ""
        if self.variant is not None:
            only = f" ({self.variant} only, {self.skipped} other file{'s' if self.skipped != 1 else ''} skipped)"
        return f"{self.scenarios} scenario{s}{only}, {self.claims} claim{c} checked, {tail}"


def find_root(path: Path) -> Path | None:
    """The nearest enclosing directory named `scenarios` (scenario ids are relative to it)."""
    for parent in [path, *path.parents]:
        if parent.name == "scenarios":
            return parent
    return None


def discover(paths: Sequence[Path | str]) -> list[tuple[Path, Path | None]]:
    """Every scenario file under `paths` (sorted, no duplicates) with its scenarios root."""
    found: dict[Path, Path | None] = {}
    for p in map(Path, paths):
        if p.is_dir():
            root = find_root(p.resolve()) or p
            for f in sorted(p.rglob("*")):
                if f.suffix in SUFFIXES and f.is_file() and not any(part.startswith(".") for part in f.parts[len(p.parts):]):
                    found.setdefault(f, root)
        else:
            found.setdefault(p, find_root(p.resolve().parent))
    return list(found.items())


_VARIANT_LINE = re.compile(r"^variant:[ \t]*[\"']?([^\"'#\r\n]*?)[\"']?[ \t]*(?:#.*)?$", re.MULTILINE)


def written_variant(path: Path) -> str | None:
    """The canonical variant a file names in its top-level `variant:` line, read without
    loading it (so a file that does not load can still be sorted by variant); None if unknown."""
    from ..variants import ALIASES, variants
    try:
        text = read_regular(path, MAX_FILE_BYTES).decode("utf-8", "replace")
    except OSError:  # a FIFO too (NotRegular): the check itself reports it
        return None
    m = _VARIANT_LINE.search(text)
    if m is None:
        return None
    name = m.group(1).strip().lower()
    name = ALIASES.get(name, name)
    return name if name in variants() else None


def stderr_notice(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def check_paths(paths: Iterable[Path | str], engine: Engine | None = None, *, variant: str | None = None,
                slow_notice: Callable[[str], None] | None = stderr_notice,
                extra: Callable[[Scenario], list[Diagnostic]] | None = None) -> Report:
    """Load and check every scenario under `paths` (files or directories).

    `variant` (a canonical name like "uzun") keeps only that game's scenarios: a file of another
    variant is skipped and counted in `Report.skipped`. A file whose variant cannot be told (it
    does not load and names no known variant) is still checked, so its problems are not hidden.
    `slow_notice` gets `checking PATH …` when a file is still being checked after
    `SLOW_FILE_SECONDS` (from a timer thread; None: say nothing). `extra` adds a loaded
    scenario's other problems (`check` passes the site's caption check, a layer above this one).
    """
    engine = engine or DEFAULT_ENGINE
    report = Report(variant=variant)
    for path, root in discover(list(paths)):
        if variant is not None:
            named = written_variant(path)
            if named is not None and named != variant:
                report.skipped += 1
                continue
        report.files += 1
        timer = None
        if slow_notice is not None:
            timer = threading.Timer(SLOW_FILE_SECONDS, slow_notice, (f"checking {path} …",))
            timer.daemon = True
            timer.start()
        try:
            from .paths import check_confined  # a link out of the folder is an error, its target unread
            check_confined(path, root, str(path))
            scenario = load_scenario(path, root, engine=engine)
            found = check_scenario(scenario, engine)
            if extra is not None:
                found = [*found, *extra(scenario)]
        except Exception as e:  # noqa: BLE001 - a checker reports, it does not crash
            report.diagnostics.extend(failure_diagnostics(str(path), e))
            continue
        finally:
            if timer is not None:
                timer.cancel()
        report.scenarios += 1
        report.claims += scenario.claim_count
        report.loaded.append(scenario)
        report.diagnostics.extend(found)
    return report


# ---- the project's settings: the play budget ------------------------------------------

#: The settings a project may give in pyproject.toml's [tool.tavla-docs] and in mkdocs.yml's
#: tavla-docs plugin entry (the command line's --max-plays / --max-seconds win over both).
BUDGET_SETTINGS = ("max_plays", "max_seconds")


def pyproject_settings(root: Path) -> dict[str, Any]:
    """The budget settings of `root`/pyproject.toml's [tool.tavla-docs] table ({} without one;
    other keys there are left to whoever reads them)."""
    import tomllib

    path = root / "pyproject.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise TavlaError(f"{path}: cannot read the project's settings: {e}") from None
    table = data.get("tool", {}).get("tavla-docs", {}) if isinstance(data.get("tool"), dict) else {}
    if not isinstance(table, dict):
        raise TavlaError(f"{path}: [tool.tavla-docs] is a table of settings, not {table!r}")
    return {k: table[k] for k in BUDGET_SETTINGS if k in table}


def mkdocs_settings(config: Path) -> dict[str, Any]:
    """The budget settings of the tavla-docs plugin entry in the MkDocs configuration `config`
    ({} when there is none, or the file cannot be read: MkDocs reports that itself)."""
    import yaml

    class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
        pass

    _Loader.add_multi_constructor("", lambda loader, suffix, node: None)  # ignore !!python/… tags
    try:
        data = yaml.load(config.read_text(encoding="utf-8"), Loader=_Loader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return {}
    plugins = data.get("plugins") if isinstance(data, dict) else None
    for entry in plugins if isinstance(plugins, list) else []:
        if isinstance(entry, dict) and isinstance(entry.get("tavla-docs"), dict):
            return {k: entry["tavla-docs"][k] for k in BUDGET_SETTINGS if k in entry["tavla-docs"]}
    return {}


def project_budget(root: Path, config: Path | None = None, given: Mapping[str, Any] | None = None) -> PlayBudget:
    """The play budget of the project at `root`: each setting from `given` (the command line)
    if set, else the MkDocs configuration `config` (default `root`/mkdocs.yml), else
    pyproject.toml's [tool.tavla-docs], else `engine.budget.DEFAULT_BUDGET`."""
    config = config if config is not None else root / "mkdocs.yml"
    budget = DEFAULT_BUDGET
    for settings, where in ((pyproject_settings(root), f"{root / 'pyproject.toml'}: [tool.tavla-docs] "),
                            (mkdocs_settings(config), f"{config}: the tavla-docs plugin's "),
                            (dict(given or {}), "")):
        try:
            budget = budget_from(settings, budget)
        except TavlaError as e:
            raise TavlaError(f"{where}{e}") from None
    return budget
