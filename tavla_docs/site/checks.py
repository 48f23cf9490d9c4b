"""Checking the project's scenarios, and remembering which files passed.

`tavla-docs build` checks every scenario before MkDocs starts; a page's figure
checks its own scenario when it is drawn. Both record a pass here, under one
cache key: the package's code, the file's project path and its bytes. So a file
that passed either way is not checked again until the file or the code changes,
and a file that failed is checked (and reported) again on the next build.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..files import read_regular
from ..formats.yamlmarks import MAX_FILE_BYTES
from ..scenario.paths import inside
from .cache import DEFAULT_CACHE_DIR, Cache, code_fingerprint, project_path

if TYPE_CHECKING:
    from ..scenario import Diagnostic

DEFAULT_SCENARIOS_DIR = "scenarios"  # the plugin's `scenarios_dir` when not set


class CheckRecord:
    """The "checked" entries of the site cache: files whose every claim holds with this code."""

    def __init__(self, cache: Cache, root: Path, fingerprint: str | None = None) -> None:
        self.cache = cache
        self.root = root
        # The package alone (not the project's partials): all a scenario check depends on.
        self.fingerprint = fingerprint if fingerprint is not None else code_fingerprint()

    def key(self, path: Path, data: bytes, rel: str | None = None) -> str:
        """The cache key saying "every claim of this exact file holds with this exact code";
        `rel`: the file's `project_path`, when the caller has it (it resolves every component)."""
        return Cache.key(self.fingerprint, "checked", project_path(self.root, path) if rel is None else rel, data)

    def passed(self, path: Path, data: bytes, rel: str | None = None) -> bool:
        return self.cache.get(self.key(path, data, rel)) is not None

    def record(self, path: Path, data: bytes, rel: str | None = None) -> None:
        self.cache.put(self.key(path, data, rel), True)


@dataclass
class _Passes:
    """What a check's worker needs to record the files that pass (`buildspeed.check_paths_parallel`):
    each file's key parts, by its index; the record (its cache) is opened once per worker."""

    root: Path
    cache_dir: str | Path | None
    fingerprint: str
    files: list[tuple[Path, bytes, str]]  # (path, bytes checked, project path)
    _record: CheckRecord | None = None

    def __call__(self, index: int, clean: bool) -> None:
        if not clean:
            return
        if self._record is None:
            self._record = CheckRecord(Cache.in_project(self.root, self.cache_dir), self.root, self.fingerprint)
        path, data, rel = self.files[index]
        self._record.record(path, data, rel or None)


@dataclass
class ProjectCheck:
    """What checking a project's scenario folder found."""

    files: int = 0  # scenario files in the folder
    unchanged: int = 0  # of those, passed before with this code (not checked again)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failed: set[Path] = field(default_factory=set)  # resolved paths of the files with problems

    @property
    def ok(self) -> bool:
        return not self.failed

    def summary(self) -> str:
        n = self.files
        return (f"{n} scenario{'' if n == 1 else 's'} checked ({self.unchanged} unchanged, from the cache)"
                + (f", {len(self.failed)} with errors" if self.failed else ""))


def check_project(root: Path, scenarios: Path, cache_dir: str | Path | None = DEFAULT_CACHE_DIR) -> ProjectCheck | None:
    """Check every scenario under `scenarios` (None when there is no such folder).

    Files unchanged since they last passed come from the cache; the others are
    checked as `tavla-docs check` would (in worker processes when there are many:
    `buildspeed`), and each one that passes is recorded.
    """
    if not scenarios.exists():
        return None
    record = CheckRecord(Cache.in_project(root, cache_dir), root)
    files = sorted(p for p in scenarios.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
    todo: list[tuple[Path, bytes, str]] = []
    for f in files:
        try:
            size = f.stat().st_size
        except OSError:
            size = -1
        if size < 0 or size > MAX_FILE_BYTES or not inside(f, scenarios):
            todo.append((f, b"", ""))  # unread: check_paths reports it (too big, unreadable, a link out)
            continue
        try:
            data = read_regular(f, MAX_FILE_BYTES)  # never a FIFO put in its place meanwhile
        except OSError:
            todo.append((f, b"", ""))
            continue
        rel = project_path(root, f)
        if not record.passed(f, data, rel):
            todo.append((f, data, rel))
    result = ProjectCheck(files=len(files), unchanged=len(files) - len(todo))
    if todo:
        from .buildspeed import check_paths_parallel

        # both cores when there are many, each recording the files it passed (an unread file never passes)
        passes = _Passes(root, cache_dir, record.fingerprint, todo)
        found = check_paths_parallel([_shown(f) for f, _, _ in todo], record=passes)
        recorded = found is not None
        if found is None:
            from ..scenario import check_paths

            found = list(check_paths([_shown(f) for f, _, _ in todo]).diagnostics)
        result.diagnostics = found
        result.failed = {Path(d.path).resolve() for d in result.diagnostics}
        if not recorded:
            for f, data, rel in todo:
                if f.resolve() not in result.failed:
                    record.record(f, data, rel or None)
    return result


def _shown(p: Path) -> Path:
    """The path diagnostics print: relative to the working directory when inside it."""
    for base in (Path.cwd().absolute(), Path.cwd().resolve()):
        try:  # absolute, not resolved: a link is shown (and confined) as itself, not as its target
            return p.absolute().relative_to(base)
        except ValueError:
            pass
    return p
