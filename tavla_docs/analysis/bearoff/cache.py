"""The disk cache of the database, and the process-wide database built on it.

The file lives in `cache_dir()`, is named by format version and size, is
written atomically (a temporary file, then `os.replace`) and is rebuilt when
missing or damaged (`BearoffDB.from_bytes` checks the SHA-256).
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from .build import build_database
from .index import MAX_CHECKERS, BearoffError
from .store import FORMAT_VERSION, BearoffDB


def cache_dir() -> Path:
    """Where the database file lives: $TAVLA_DOCS_CACHE, else $XDG_CACHE_HOME/tavla-docs, else ~/.cache/tavla-docs."""
    if os.environ.get("TAVLA_DOCS_CACHE"):
        return Path(os.environ["TAVLA_DOCS_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tavla-docs"


def cache_path(max_checkers: int = MAX_CHECKERS, directory: Path | None = None) -> Path:
    """The file name carries the format version, so a new format never reads an old file."""
    return (directory or cache_dir()) / f"bearoff-v{FORMAT_VERSION}-{max_checkers}.bin"


def load_database(max_checkers: int = MAX_CHECKERS, directory: Path | None = None) -> BearoffDB:
    """The database from the disk cache; built and written (atomically) when missing or damaged.

    A cache directory that cannot be written is not an error: the database is
    then rebuilt in every process.
    """
    path = cache_path(max_checkers, directory)
    try:
        return BearoffDB.from_bytes(path.read_bytes())
    except (OSError, BearoffError):
        pass
    db = build_database(max_checkers)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(db.to_bytes())
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass
    return db


@lru_cache(maxsize=None)
def database(max_checkers: int = MAX_CHECKERS) -> BearoffDB:
    """The process-wide database (loaded or built once)."""
    return load_database(max_checkers)


def expected_rolls(home: Sequence[int]) -> float:
    """Mean rolls to bear off, under best play (float, from the database)."""
    return database().expected_rolls(home)


def off_within(home: Sequence[int], n: int) -> float:
    """P(off within n rolls), under best play (float, from the database)."""
    return database().off_within(home, n)
