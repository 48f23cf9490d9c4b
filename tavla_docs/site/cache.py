"""The content-hash cache: JSON values keyed by what produced them, so a warm build renders nothing.

Keys hash the code (`code_fingerprint`) together with the inputs, so changing
either misses the cache instead of serving stale pages.
"""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

PACKAGE_DIR = Path(__file__).resolve().parents[1]
DEFAULT_CACHE_DIR = ".tavla-cache"  # the plugin's `cache_dir` when not set, relative to the project


@lru_cache(maxsize=4)
def _fingerprint(paths: tuple[str, ...], stamp: tuple) -> str:
    """Hash the files' contents; `stamp` (mtimes, sizes) only keys the memo so edits are seen."""
    h = hashlib.sha256()
    for p in paths:
        h.update(p.encode())
        h.update(Path(p).read_bytes())
    return h.hexdigest()


def code_fingerprint(extra_dirs: Iterable[Path] = ()) -> str:
    """A hash of the package's code, data and the project's partials: cached results depend on all of them."""
    files: list[Path] = []
    for d in (PACKAGE_DIR, *extra_dirs):
        if d.is_dir():
            files += [p for p in d.rglob("*") if p.is_file() and p.suffix in (".py", ".yaml", ".po", ".html", ".j2", ".css")
                      and "__pycache__" not in p.parts]
    files.sort()
    stamp = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)
    return _fingerprint(tuple(str(p) for p in files), stamp)


class Cache:
    """JSON values under `.tavla-cache/site/`, keyed by a content hash; writes are atomic."""

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self.hits = 0
        self.misses = 0

    @classmethod
    def in_project(cls, root: Path, cache_dir: str | Path | None) -> Cache:
        """The project's site cache, `<root>/<cache_dir>/site/`; none at all when `cache_dir` is empty.

        The plugin and `tavla-docs build` both open it here, so they share one folder.
        """
        return cls(root / cache_dir / "site" if cache_dir else None)

    @staticmethod
    def key(*parts: str | bytes) -> str:
        """Length-prefixed so that ("ab", "c") and ("a", "bc") never share a key."""
        h = hashlib.sha256()
        for p in parts:
            b = p if isinstance(p, bytes) else p.encode()
            h.update(len(b).to_bytes(8, "big"))
            h.update(b)
        return h.hexdigest()

    def get(self, key: str) -> Any | None:
        if self.directory is None:
            self.misses += 1
            return None
        try:
            value = json.loads((self.directory / key[:2] / f"{key}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.misses += 1
            return None
        self.hits += 1
        return value

    def put(self, key: str, value: Any) -> None:
        if self.directory is None:
            return
        d = self.directory / key[:2]
        d.mkdir(parents=True, exist_ok=True)
        tmp = d / f".{key}.{os.getpid()}.tmp"
        tmp.write_text(json.dumps(value, ensure_ascii=False, sort_keys=True), encoding="utf-8")
        os.replace(tmp, d / f"{key}.json")


def project_path(root: Path, p: Path) -> str:
    """`p` relative to the project root `root` (resolved): the form cache keys and `deps` use.

    A file outside the project keeps its own path.
    """
    try:
        return str(p.resolve().relative_to(root))
    except ValueError:
        return str(p)


def deps_unchanged(root: Path, deps: Mapping[str, str]) -> bool:
    """Whether every file a cached page used (`{project path: sha256}`) still has that content.

    A page's own key cannot cover the scenarios it draws, so they are checked on each hit.
    """
    for rel, digest in deps.items():
        try:
            if hashlib.sha256((root / rel).read_bytes()).hexdigest() != digest:
                return False
        except OSError:
            return False
    return True
