"""The disk cache of the database, and the process-wide database built on it.

The file lives in `cache_dir()` and is named by format version, size and a hash
of the builder's own source (`builder_digest`: the modules that compute and
store the database), so a changed builder never reads a file an older one
wrote. It is written atomically (a temporary file, then `os.replace`). Before
it is read, its size is checked against the size its header implies (and a
bound for the whole database), so a huge or truncated file in its place is
rejected after reading at most the header; then `BearoffDB.from_bytes` checks
the SHA-256. A missing, wrong or damaged file is rebuilt, never trusted. What is not a
regular file (a FIFO, a device: `open` would wait on it forever) is never opened:
`DatabaseRefused`, one located line, and the user removes it.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from pathlib import Path

from ...files import NotRegular, open_regular, user_cache_dir
from . import build, index, store
from .build import DEPTH, build_database
from .index import MAX_CHECKERS, BearoffError, position_count
from .store import _HEADER, _MAGIC, FORMAT_VERSION, BearoffDB  # the header, to size a file before reading it

#: The modules whose code decides the file's bytes: the DP, the perfect index, the file format
#: (everything `build` imports from this package; tests/odds/test_bearoff_cache.py keeps it so).
BUILDER_FILES = tuple(Path(m.__file__ or "") for m in (build, index, store))


class DatabaseRefused(BearoffError):
    """The database's path holds something that is not a regular file: never opened, never replaced."""

    def __init__(self, path: Path, what: str) -> None:
        super().__init__(f"{path}: error: not a regular file ({what})")
        self.path = path
        self.hint = "remove it: the database is then built again (a few seconds)"


def cache_dir() -> Path:
    """Where the database file lives: $TAVLA_DOCS_CACHE, else $XDG_CACHE_HOME/tavla-docs, else ~/.cache/tavla-docs."""
    return user_cache_dir()


def builder_digest(files: Iterable[Path] | None = None) -> str:
    """SHA-256 of the builder's source files (`BUILDER_FILES`), by name and bytes."""
    paths = tuple(BUILDER_FILES if files is None else files)
    return _digest(tuple(str(p) for p in paths), tuple(_stamp(p) for p in paths))


def _stamp(p: Path) -> tuple[int, int]:
    try:
        st = p.stat()
    except OSError:
        return (-1, -1)
    return (st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=8)
def _digest(paths: tuple[str, ...], stamps: tuple) -> str:
    """`stamps` (mtimes, sizes) only key the memo, so an edited file is hashed again."""
    h = hashlib.sha256()
    for p in paths:
        h.update(Path(p).name.encode() + b"\0")
        try:
            data = Path(p).read_bytes()
        except OSError:  # installed without sources: the format version still guards the layout
            data = b"(unreadable)"
        h.update(len(data).to_bytes(8, "big") + data)
    return h.hexdigest()


def cache_path(max_checkers: int = MAX_CHECKERS, directory: Path | None = None) -> Path:
    """The file name carries the format version and the builder's hash: a new builder never reads an old file."""
    return (directory or cache_dir()) / f"bearoff-v{FORMAT_VERSION}-{max_checkers}-{builder_digest()[:16]}.bin"


def _fixed_size(n: int) -> int:
    """Bytes of a file for `n` homes, without its P(off within n) entries: header, expected, first, offsets."""
    return _HEADER.size + 8 * n + n + 4 * (n + 1)


def read_cached(path: Path, max_checkers: int) -> BearoffDB:
    """The database in `path`, checked by size before it is read; BearoffError (or OSError) if it is not right."""
    n = position_count(max_checkers)
    with os.fdopen(open_regular(path), "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if not _fixed_size(n) <= size <= _fixed_size(n) + 8 * n * DEPTH:
            raise BearoffError(f"{path}: {size} bytes is not the size of a {max_checkers}-checker database")
        head = f.read(_HEADER.size)
        magic, version, checkers, homes, n_cum, _ = _HEADER.unpack(head)
        if (magic, version, checkers, homes) != (_MAGIC, FORMAT_VERSION, max_checkers, n):
            raise BearoffError(f"{path}: not a {max_checkers}-checker bear-off database of this format")
        if size != _fixed_size(n) + 8 * n_cum:
            raise BearoffError(f"{path}: {size} bytes, but its header says {_fixed_size(n) + 8 * n_cum}")
        data = head + f.read(size - _HEADER.size)
    return BearoffDB.from_bytes(data)


def load_database(max_checkers: int = MAX_CHECKERS, directory: Path | None = None) -> BearoffDB:
    """The database from the disk cache; built and written (atomically) when missing, wrong or damaged.

    A cache directory that cannot be written is not an error: the database is
    then rebuilt in every process.
    """
    path = cache_path(max_checkers, directory)
    try:
        return read_cached(path, max_checkers)
    except NotRegular as e:
        raise DatabaseRefused(path, e.what) from None
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


@cache
def database(max_checkers: int = MAX_CHECKERS) -> BearoffDB:
    """The process-wide database (loaded or built once)."""
    return load_database(max_checkers)


def expected_rolls(home: Sequence[int]) -> float:
    """Mean rolls to bear off, under best play (float, from the database)."""
    return database().expected_rolls(home)


def off_within(home: Sequence[int], n: int) -> float:
    """P(off within n rolls), under best play (float, from the database)."""
    return database().off_within(home, n)
