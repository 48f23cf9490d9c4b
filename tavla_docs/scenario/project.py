"""Checking many scenario files: discovery, one shared engine cache, and a report."""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .claims import DEFAULT_ENGINE, Claim, Engine
from .diagnostics import Diagnostic, ScenarioError
from .load import load_scenario
from .model import Scenario, Step

SUFFIXES = (".yaml", ".yml")


def check_claim(scenario: Scenario, frame: Step, claim: Claim, engine: Engine | None = None) -> list[Diagnostic]:
    """One claim of one frame → what `check` prints for it (the pytest plugin runs one per item)."""
    problems = claim.check(frame.subject(scenario.rules), engine or DEFAULT_ENGINE)
    return [Diagnostic(scenario.source, p.line, p.col, p.message, p.hint) for p in problems]


def check_scenario(scenario: Scenario, engine: Engine | None = None) -> list[Diagnostic]:
    """Check every claim of every frame; one Diagnostic per failed claim."""
    engine = engine or DEFAULT_ENGINE
    return [d for frame in scenario.frames for claim in frame.expect for d in check_claim(scenario, frame, claim, engine)]


def failure_diagnostics(source: str, error: Exception) -> list[Diagnostic]:
    """What `check` reports when loading or checking a file raises: the scenario's own diagnostics,
    or one line for a file nested too deep or a bug in tavla-docs (a checker reports, it does not crash)."""
    if isinstance(error, ScenarioError):
        return list(error.diagnostics)
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
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    m = _VARIANT_LINE.search(text)
    if m is None:
        return None
    name = m.group(1).strip().lower()
    name = ALIASES.get(name, name)
    return name if name in variants() else None


def check_paths(paths: Iterable[Path | str], engine: Engine | None = None, *, variant: str | None = None) -> Report:
    """Load and check every scenario under `paths` (files or directories).

    `variant` (a canonical name like "uzun") keeps only that game's scenarios: a file of another
    variant is skipped and counted in `Report.skipped`. A file whose variant cannot be told (it
    does not load and names no known variant) is still checked, so its problems are not hidden.
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
        try:
            from .paths import check_confined  # a link out of the folder is an error, its target unread
            check_confined(path, root, str(path))
            scenario = load_scenario(path, root, engine=engine)
            found = check_scenario(scenario, engine)
        except Exception as e:  # noqa: BLE001 - a checker reports, it does not crash
            report.diagnostics.extend(failure_diagnostics(str(path), e))
            continue
        report.scenarios += 1
        report.claims += scenario.claim_count
        report.loaded.append(scenario)
        report.diagnostics.extend(found)
    return report
