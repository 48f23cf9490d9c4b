"""The record that a project's scenarios were checked and its pages audited, for generators without our plugin.

The MkDocs plugin checks and audits in its own build events. A generator that loads only the
Markdown extension (Zensical) runs none of them, so the extension renders a page only when
this record vouches for the files it reads: a build with the plugin, or `tavla-docs audit`,
writes `<root>/<cache_dir>/checked.json` once the scenario check and the strict audit passed,
with the sha256 of every page, scenario and the configuration, and the code fingerprint
(the package and the project's partials). A page, scenario or partial changed since, a page
or scenario added, or other tavla-docs code: the record no longer holds, and the extension
says in one line what to run.

>>> import tempfile
>>> root = Path(tempfile.mkdtemp())
>>> (root / "content" / "en").mkdir(parents=True)
>>> _ = (root / "content" / "en" / "a.md").write_text("Hi")
>>> _ = (root / "mkdocs.yml").write_text("docs_dir: content")
>>> Record(root).refusal("code-1") is not None  # nothing checked yet
True
>>> Record(root).write(root / "content", root / "scenarios", root / "mkdocs.yml", "code-1")
>>> Record(root).refusal("code-1", root / "content" / "en" / "a.md") is None
True
>>> _ = (root / "content" / "en" / "a.md").write_text("Hi {{ 2 + 2 }}")
>>> Record(root).refusal("code-1")
'content/en/a.md changed since the pages were audited'
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Protocol

from .cache import DEFAULT_CACHE_DIR

FORMAT = 1
NAME = "checked.json"
PAGES, SCENARIOS = ("*.md",), ("*.yaml", "*.yml")
RUN = "run `tavla-docs audit` (it checks the scenarios and audits the pages) or `tavla-docs build`, then build again"


class Proof(Protocol):
    """What the extension asks before it renders a page: None, or why it must not."""

    def refusal(self, code: str, page: Path | None = None) -> str | None: ...


class AuditedBuild:
    """The plugin's proof: its build audited the pages (`on_pre_build`) before any is rendered."""

    def __init__(self) -> None:
        self.audited = False

    def refusal(self, code: str, page: Path | None = None) -> str | None:
        return None if self.audited else "the pages were not audited in this build"


class Record:
    """The record file of the project at `root` (its cache folder; the default one when the cache is off)."""

    def __init__(self, root: Path, cache_dir: str | Path | None = DEFAULT_CACHE_DIR) -> None:
        self.root = Path(root).resolve()
        self.path = self.root / (cache_dir or DEFAULT_CACHE_DIR) / NAME

    def write(self, docs_dir: Path, scenarios_dir: Path, config_file: Path, code: str) -> None:
        """Vouch for the files as they are now (call it only once the check and the audit passed)."""
        folders = {"pages": self._rel(docs_dir), "scenarios": self._rel(scenarios_dir)}
        data = {"format": FORMAT, "code": code, "folders": folders,
                "files": {**self._listed(folders), self._rel(config_file): _sha256(Path(config_file))}}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f"{NAME}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, sort_keys=True, indent=1), encoding="utf-8")
        os.replace(tmp, self.path)

    def refusal(self, code: str, page: Path | None = None) -> str | None:
        """None when the record vouches for the project as it is now (and for `page`, when given), else why not."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            recorded: dict[str, str] = dict(data["files"])
            folders: dict[str, str] = dict(data["folders"])
            ok = data["format"] == FORMAT and isinstance(data["code"], str)
        except (OSError, ValueError, KeyError, TypeError):
            return "the scenarios have not been checked nor the pages audited for these files"
        if not ok or data["code"] != code:
            return "the pages were audited by other tavla-docs code or partials"
        now = self._listed(folders)
        for rel in sorted(set(recorded) | set(now)):
            if rel not in recorded:
                return f"{rel} is new since the pages were audited"
            digest = now.get(rel) or _sha256(self.root / rel)
            if digest != recorded[rel]:
                return f"{rel} {'is gone' if digest == '' else 'changed'} since the pages were audited"
        if page is not None and self._rel(page) not in recorded:
            return f"{self._rel(page)} is not a page the audit read"
        return None

    def _listed(self, folders: dict[str, str]) -> dict[str, str]:
        """{project path: sha256} of the pages and scenarios now in the recorded folders."""
        out: dict[str, str] = {}
        for kind, patterns in (("pages", PAGES), ("scenarios", SCENARIOS)):
            folder = self.root / folders.get(kind, "")
            if kind in folders and folder.is_dir():
                for pattern in patterns:
                    out.update((self._rel(p), _sha256(p)) for p in folder.rglob(pattern) if p.is_file())
        return out

    def _rel(self, p: Path) -> str:
        path = Path(os.path.abspath(p))
        return path.relative_to(self.root).as_posix() if path.is_relative_to(self.root) else path.as_posix()


def vouch(renderer: Any, docs_dir: Path, config_file: Path, cache_dir: str | None) -> bool:
    """After a strict audit passed: check every scenario (`checks.check_project`, from its cache when
    unchanged) and, when all hold, write the record for `renderer`'s project. Whether it was written."""
    from .checks import check_project

    result = check_project(renderer.root, renderer.scenarios_dir, cache_dir)
    if result is not None and not result.ok:
        return False
    Record(renderer.root, cache_dir).write(docs_dir, renderer.scenarios_dir, config_file, renderer.fingerprint)
    return True


_memo: dict[tuple[str, int, int], str] = {}  # (path, mtime, size) -> sha256: a page render re-verifies every file


def _sha256(p: Path) -> str:
    """The file's sha256; '' when it cannot be read."""
    try:
        st = os.stat(p)
        key = (str(p), st.st_mtime_ns, st.st_size)
        if key not in _memo:
            _memo[key] = hashlib.sha256(Path(p).read_bytes()).hexdigest()
        return _memo[key]
    except OSError:
        return ""
