"""Files a contributor controls, opened so that no read can block or leave the project.

A pull request can commit a FIFO, a link to `/dev/stdin` or to a file outside the checkout
where the tool expects a scenario, a page, a cache entry or its key. `open()` on a FIFO waits
for a writer forever, and a write through a link lands wherever it points. So every such path
is opened here: `O_NONBLOCK` (a FIFO opens at once instead of waiting), `O_NOFOLLOW` where the
tool's own state is concerned (the lock, the cache, the key: a link there is never ours), and
`fstat` on the open descriptor decides, so a file swapped after a check cannot slip through.
What is not a regular file is refused with `NotRegular`, an `OSError` whose text names what it is.

`git_tracked` says which files of a folder git tracks: a cache or a key that was committed
came from a stranger, and is never trusted. `user_cache_dir` is the per-user folder of what the
tool keeps outside every checkout (the bear-off database, the cache's signing key).

This module imports only `errors` from the package, so every layer can use it.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "a.yaml").write_bytes(b"x: 1\\n")
>>> read_regular(d / "a.yaml", 100)
b'x: 1\\n'
>>> os.mkfifo(d / "pipe")
>>> try:
...     read_regular(d / "pipe", 100)
... except NotRegular as e:
...     print(e.strerror)
not a regular file (a FIFO)
"""
from __future__ import annotations

import errno
import os
import stat
import subprocess
from pathlib import Path

from .errors import TavlaError

__all__ = ["NotRegular", "describe", "git_tracked", "open_regular", "read_regular", "special_files", "user_cache_dir"]

_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"), (stat.S_ISLNK, "a symbolic link"))
GIT_TIMEOUT = 10.0  # seconds `git ls-files` may take before the answer is "nothing tracked"


class NotRegular(OSError, TavlaError):
    """A path that is a FIFO, a device, a socket, a folder or (where links are refused) a link.

    An `OSError`, so code that goes on without an unreadable file goes on without it too; a
    `TavlaError` printed as one located line, `path: error: not a regular file (a FIFO)`, wherever
    it reaches the command line."""

    def __init__(self, path: str | os.PathLike[str], what: str) -> None:
        super().__init__(errno.EINVAL, f"not a regular file ({what})", os.fspath(path))
        self.what = what

    def __str__(self) -> str:
        return f"{self.filename}: error: {self.strerror}"


def describe(mode: int) -> str | None:
    """What a file of this `st_mode` is, in words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "not a file")


def open_regular(path: str | os.PathLike[str], *, follow: bool = True) -> int:
    """A read-only descriptor of the regular file at `path`, never blocking; NotRegular otherwise.

    With `follow=False` a symbolic link is refused, not followed (the tool's own state).
    Nothing that is not a regular file is ever opened when it can be told beforehand, so
    a device's open has no effect either; the `fstat` after the open settles a swap.
    """
    st = os.stat(path, follow_symlinks=follow)
    what = describe(st.st_mode)
    if what is not None:
        raise NotRegular(path, what)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        if e.errno == errno.ELOOP and not follow:
            raise NotRegular(path, "a symbolic link") from None
        raise
    what = describe(os.fstat(fd).st_mode)
    if what is not None:
        os.close(fd)
        raise NotRegular(path, what)
    return fd


def read_regular(path: str | os.PathLike[str], limit: int, *, follow: bool = True) -> bytes:
    """At most `limit + 1` bytes of the regular file at `path` (one more than allowed says "too big")."""
    fd = open_regular(path, follow=follow)
    try:
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def special_files(folder: Path) -> list[tuple[Path, str]]:
    """Every file under `folder` that is a FIFO, a device or a socket, or a link to one: (path, what).

    One walk before anything reads the folder's files, so that no reader after it can block
    (links to folders are not walked into)."""
    found = []
    for top, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            path = os.path.join(top, name)
            try:
                what = describe(os.stat(path).st_mode)
            except OSError:
                continue  # a dangling link: its readers report it
            if what is not None and what != "a folder":
                found.append((Path(path), what))
    return found


def user_cache_dir() -> Path:
    """$TAVLA_DOCS_CACHE, else $XDG_CACHE_HOME/tavla-docs, else ~/.cache/tavla-docs: per user, never
    in a checkout (unless a user points it there)."""
    if os.environ.get("TAVLA_DOCS_CACHE"):
        return Path(os.environ["TAVLA_DOCS_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tavla-docs"


def git_tracked(path: Path) -> list[str]:
    """The files at or under `path` that git tracks (asked in `path`'s parent folder, so a link at
    `path` is a file of that work tree, not followed), as git names them; empty when there is no
    git, no work tree, or no answer in time."""
    folder = path.parent
    if not folder.is_dir():
        return []
    env = {**os.environ, "GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0"}
    try:
        out = subprocess.run(["git", "-C", str(folder), "ls-files", "-z", "--cached", "--", f":(literal){path.name}"],
                             capture_output=True, timeout=GIT_TIMEOUT, check=False, env=env,
                             stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return []
    if out.returncode != 0:
        return []
    return [n for n in out.stdout.decode("utf-8", "replace").split("\0") if n]
