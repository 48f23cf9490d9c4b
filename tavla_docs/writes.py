"""Several files written as one change: all of them, or none.

A command that writes into a project (`review`'s snapshot, `new page`'s pages and mkdocs.yml,
`translations --record`, an export) must not leave it half-changed when a write fails: a full
disk, a folder where a file should be, a file-size limit. So every file is first written whole
under a hidden temporary name beside its target (same folder, so the rename is atomic); only
when all are written are they renamed over their targets, then the files to remove go. A
failure before the renames removes the temporaries and the folders made for them: no file of
the project has changed. A link standing at a target is replaced, never followed; a file that
is replaced keeps its permissions.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "old.txt").write_text("x")
>>> write_together({d / "a" / "b.txt": "b\\n", d / "c.txt": b"c"}, remove=[d / "old.txt"])
>>> sorted(p.relative_to(d).as_posix() for p in d.rglob("*"))
['a', 'a/b.txt', 'c.txt']
>>> try:
...     write_together({d / "d.txt": "d", d / "c.txt" / "e.txt": "e"})  # c.txt is a file, not a folder
... except WriteError as e:
...     print(e.strerror)
Not a directory
>>> sorted(p.relative_to(d).as_posix() for p in d.rglob("*"))  # d.txt was not written either
['a', 'a/b.txt', 'c.txt']

This module imports only `errors` from the package, so every layer can use it.
"""
from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path

from .errors import TavlaError

__all__ = ["WriteError", "write_together"]


class WriteError(OSError, TavlaError):
    """A file of the change could not be written; none of the change was made. An `OSError` (what
    the command line prints as the user's problem), printed as one located line."""

    def __init__(self, path: Path, strerror: str, code: int = errno.EIO) -> None:
        super().__init__(code, strerror, os.fspath(path))

    def __str__(self) -> str:
        return f"{_shown(self.filename)}: error: cannot write it ({self.strerror}); no file was changed"


def _shown(path: str) -> str:
    """A path as the author types it: relative to the working directory when inside it."""
    try:
        return Path(path).absolute().relative_to(Path.cwd()).as_posix()
    except (ValueError, OSError):  # outside it, or no working directory any more
        return path


def _temporary(target: Path) -> Path:
    return target.parent / f".{target.name}.{os.getpid()}.tmp"


def _make_folders(folder: Path, made: list[Path]) -> None:
    """Make `folder` and its missing parents, noting each one made (to remove it on failure)."""
    missing = []
    while not os.path.lexists(folder):
        missing.append(folder)
        folder = folder.parent
    for f in reversed(missing):
        f.mkdir()
        made.append(f)


def _stage(target: Path, data: str | bytes) -> Path:
    if target.is_dir() and not target.is_symlink():  # found now, not at the rename
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(target))
    tmp = _temporary(target)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
            try:  # a file replaced keeps its mode
                mode = os.lstat(target).st_mode
                if stat.S_ISREG(mode):
                    os.fchmod(f.fileno(), stat.S_IMODE(mode))
            except FileNotFoundError:
                pass
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


def write_together(files: Mapping[Path, str | bytes], remove: Iterable[Path] = ()) -> None:
    """Write every file of `files` (text as UTF-8), then remove the files of `remove`; when a file
    cannot be written, raise WriteError with nothing changed."""
    made: list[Path] = []
    staged: list[tuple[Path, Path]] = []
    current = Path()
    try:
        for target, data in files.items():
            current = target
            _make_folders(target.parent, made)
            staged.append((_stage(target, data), target))
    except BaseException as e:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        for folder in reversed(made):
            try:
                folder.rmdir()
            except OSError:
                pass
        if isinstance(e, OSError):
            raise WriteError(current, e.strerror or str(e), e.errno or errno.EIO) from None
        raise
    for tmp, target in staged:
        os.replace(tmp, target)
    for path in remove:
        path.unlink(missing_ok=True)
