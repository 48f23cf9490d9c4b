"""The build lock: one build of a site at a time, and no lock that a dead build or a commit can wedge.

`.<site>.lock` beside the site folder, held with `flock` for the whole build. It lives there,
not in `.tavla-cache/`, because the site's parent folder must be writable anyway (the new site
is built in it) while the cache folder may be read-only, missing or shared.

- **Never followed, never inherited.** The file is opened `O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC`.
  A pull request can commit `.site.lock` as a link to a file outside the checkout, or as a FIFO:
  whatever stands at the lock's path and is not a plain file of ours (a link, a FIFO, a device,
  a file with other hard links) is removed itself, said in a note, and a new lock file made; what
  a link points to is never opened. A process forked while the lock is held (a page worker)
  closes its copy at once (`os.register_at_fork`), so only the build itself holds the lock.
- **Who holds it.** The holder writes its pid, its process start time, when it took the lock and
  its command into the file. A build that finds the lock held names the holder; it takes the lock
  over from a holder that is not a live build (its pid is dead, or reused by another program:
  the start time differs), since then whoever still holds the `flock` is a leftover; and it waits
  for a live build up to `wait` seconds (default `DEFAULT_WAIT`, or `$TAVLA_DOCS_LOCK_WAIT`),
  then gives up with `BuildBusy`. Taking over unlinks the old file under a `flock` of the folder,
  so two builds that both find it stale cannot both run.
- **Released by removing it.** The holder removes the file while still holding it (a waiter then
  opens a new one), then unlocks.
"""
from __future__ import annotations

import errno
import os
import shlex
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..errors import TavlaError
from ..files import describe

try:
    import fcntl
except ImportError:  # not POSIX: builds are not locked
    fcntl = None  # type: ignore[assignment]

Say = Callable[[str], None]

DEFAULT_WAIT = 120.0  # seconds a build waits for a live build before it gives up
WAIT_VARIABLE = "TAVLA_DOCS_LOCK_WAIT"
_POLL = 0.1
_UNWRITTEN_GRACE = 2.0  # a held lock with no holder written for this long is a leftover
_MAX_INFO = 4096
_FLAGS = (os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
          | getattr(os, "O_CLOEXEC", 0))

_held: dict[tuple[str, int], int] = {}  # (lock file, thread) -> depth: flock would wait on our own lock
_fds: dict[str, int] = {}  # lock file -> the descriptor this process holds it with


class BuildBusy(TavlaError):
    """Another build held the lock for longer than we were allowed to wait."""


def default_wait() -> float:
    """$TAVLA_DOCS_LOCK_WAIT seconds when it is a number, else DEFAULT_WAIT."""
    try:
        value = float(os.environ.get(WAIT_VARIABLE, ""))
    except ValueError:
        return DEFAULT_WAIT
    return value if value >= 0 and value == value and value != float("inf") else DEFAULT_WAIT


def _quiet(message: str) -> None:
    pass


def lock_path(site: Path) -> Path:
    """`.<site>.lock` beside the site folder (its parent resolved, so every spelling shares one lock)."""
    return Path(os.path.realpath(site.parent)) / f".{site.name}.lock"


@contextmanager
def build_lock(site: Path, *, wait: float | None = None, say: Say = _quiet,
               on_acquire: Callable[[], object] | None = None) -> Iterator[None]:
    """Hold the site's lock (waiting up to `wait` s for a live build), run `on_acquire`, release at the end.

    Re-entrant within a thread: `tavla-docs build` locks before its scenario check and
    `build_site` locks again around MkDocs and the swap.
    """
    path = lock_path(site)
    key = (str(path), threading.get_ident())
    if key in _held:
        _held[key] += 1
        try:
            yield
        finally:
            _held[key] -= 1
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = _acquire(path, site, max(0.0, default_wait() if wait is None else wait), say)
    try:
        _held[key] = 1
        if fd is not None:
            _fds[str(path)] = fd
        if on_acquire is not None:
            on_acquire()
        yield
    finally:
        _held.pop(key, None)
        _fds.pop(str(path), None)
        _release(path, fd)


# -- who holds it -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Holder:
    """What a lock file says about its holder (fields None when not written)."""

    pid: int | None = None
    start: str | None = None  # the process's start time (Linux: clock ticks after boot)
    since: float | None = None  # when it took the lock (Unix time)
    command: str | None = None

    def text(self) -> str:
        """`pid 12` for the messages."""
        return f"pid {self.pid}" if self.pid is not None else "pid unknown"

    def details(self) -> str:
        """` (since 10:04:05, 31 s ago: tavla-docs build)`, or nothing when the holder wrote nothing more."""
        parts = []
        if self.since is not None:
            ago = max(0, int(time.time() - self.since))
            parts.append(f"since {time.strftime('%H:%M:%S', time.localtime(self.since))}, {ago} s ago")
        if self.command:
            parts.append(f"`{self.command}`")
        return f" ({': '.join(parts)})" if parts else ""

    def encode(self) -> bytes:
        lines = ["tavla-docs build lock", f"pid {self.pid}", f"start {self.start or '-'}",
                 f"since {self.since:.3f}" if self.since is not None else "since -", f"command {self.command or '-'}"]
        return ("\n".join(lines) + "\n").encode("utf-8", "replace")

    @classmethod
    def decode(cls, data: bytes) -> Holder:
        text = data.decode("utf-8", "replace")
        if text.strip().isdigit():  # an older tavla-docs wrote the pid alone
            return cls(pid=int(text.strip()))
        fields = dict(line.partition(" ")[::2] for line in text.splitlines()[1:] if " " in line)
        pid = fields.get("pid", "")
        try:
            since = float(fields.get("since", ""))
        except ValueError:
            since = None
        return cls(pid=int(pid) if pid.isascii() and pid.isdigit() else None,
                   start=fields.get("start") if fields.get("start", "-") != "-" else None,
                   since=since, command=fields.get("command") if fields.get("command", "-") != "-" else None)


def _start_time(pid: int) -> str | None:
    """The process's start time from /proc (field 22 of its stat), None where there is no /proc.

    FileNotFoundError when /proc exists but the process does not."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            data = f.read(4096)
    except FileNotFoundError:
        if os.path.isdir("/proc/self"):
            raise
        return None
    except OSError:
        return None
    fields = data.rpartition(b")")[2].split()
    return fields[19].decode() if len(fields) > 19 else None


def me() -> Holder:
    """This process as a holder."""
    try:
        start = _start_time(os.getpid())
    except OSError:
        start = None
    command = " ".join(shlex.quote(a) for a in [Path(sys.argv[0]).name, *sys.argv[1:]]) if sys.argv else ""
    command = " ".join(command.split())[:200]
    return Holder(os.getpid(), start, time.time(), command or None)


def alive(holder: Holder) -> bool:
    """Whether `holder` is still the process that took the lock (not dead, its pid not reused)."""
    if holder.pid is None or holder.pid <= 0:
        return False
    try:
        os.kill(holder.pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # someone else's process: alive
    except OSError:
        return False
    if holder.start is None:
        return True
    try:
        start = _start_time(holder.pid)
    except OSError:
        return False
    return start is None or start == holder.start


# -- taking it and giving it back -------------------------------------------------------------

def _acquire(path: Path, site: Path, wait: float, say: Say) -> int | None:
    if fcntl is None:
        return None
    started = time.monotonic()
    told = False
    unwritten: float | None = None  # since when the held lock has said nothing
    while True:
        fd = _open(path, say)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(fd)
            now = time.monotonic()
            if holder.pid is None and unwritten is None:
                unwritten = now
            stale = not alive(holder) if holder.pid is not None else now - (unwritten or now) >= _UNWRITTEN_GRACE
            if stale and _take_over(path, fd):
                os.close(fd)
                say(f"note: took over the lock {path.name}: its holder ({holder.text()}){holder.details()} "
                    "is not a live tavla-docs build")
                continue
            os.close(fd)
            waited = now - started
            if waited >= wait:
                raise BuildBusy(f"another tavla-docs build ({holder.text()}) is running on {site}{holder.details()}"
                                + (f"; gave up after {wait:g} s (--wait, ${WAIT_VARIABLE})" if wait else "")) from None
            if not told and (holder.pid is not None or waited > 1.0):
                say(f"waiting for another tavla-docs build ({holder.text()}){holder.details()}, "
                    f"up to {wait:g} s (--wait, ${WAIT_VARIABLE})…")
                told = True
            time.sleep(min(_POLL, wait - waited))
            continue
        except OSError as e:  # a filesystem without locks: build anyway
            os.close(fd)
            say(f"note: cannot lock {path} ({e.strerror}); builds of this site are not serialised")
            return None
        except BaseException:
            os.close(fd)
            raise
        if _same_file(fd, path):
            os.ftruncate(fd, 0)
            os.pwrite(fd, me().encode(), 0)
            return fd
        os.close(fd)  # its holder removed the file as we opened it: lock the new one


def _open(path: Path, say: Say) -> int:
    """The lock file, opened without following a link or blocking; whatever else stands there is
    removed (itself, never what it points to) and a plain file made instead."""
    for _ in range(100):
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            st = None
        if st is not None and (not stat.S_ISREG(st.st_mode) or st.st_nlink != 1):
            _replace(path, st, say)
            continue
        try:
            fd = os.open(path, _FLAGS, 0o644)
        except OSError as e:
            if e.errno in (errno.ELOOP, errno.EISDIR, errno.ENXIO, errno.EWOULDBLOCK):
                continue  # swapped since the look: look again
            raise
        st = os.fstat(fd)
        if stat.S_ISREG(st.st_mode) and st.st_nlink == 1:
            return fd
        os.close(fd)
    raise TavlaError(f"{path}: error: the lock file keeps being replaced by something else; remove it")


def _replace(path: Path, st: os.stat_result, say: Say) -> None:
    what = describe(st.st_mode) or "a file with other names (hard links)"
    try:
        if stat.S_ISDIR(st.st_mode):
            os.rmdir(path)
        else:
            os.unlink(path)
    except FileNotFoundError:
        return
    except OSError as e:
        raise TavlaError(f"{path}: error: not a regular file ({what}), and it cannot be removed "
                         f"({e.strerror}); remove it") from None
    say(f"note: {path.name} was {what}, not a lock of tavla-docs; removed it (what it pointed to is untouched)")


def _holder(fd: int) -> Holder:
    try:
        return Holder.decode(os.pread(fd, _MAX_INFO, 0))
    except OSError:
        return Holder()


def _take_over(path: Path, fd: int) -> bool:
    """Remove the lock file `fd` is open on, if it is still the one at `path` (checked and removed
    under a `flock` of the folder, so one build takes over and the next sees the new file)."""
    try:
        folder = os.open(path.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        fcntl.flock(folder, fcntl.LOCK_EX)
        if not _same_file(fd, path):
            return False  # another build took it over: look again
        os.unlink(path)
        return True
    except OSError:
        return False
    finally:
        os.close(folder)


def _same_file(fd: int, path: Path) -> bool:
    try:
        st, ps = os.fstat(fd), os.lstat(path)
    except OSError:
        return False
    return (st.st_dev, st.st_ino) == (ps.st_dev, ps.st_ino)


def _release(path: Path, fd: int | None) -> None:
    """Remove the lock file while still holding it (a waiter then re-opens a new one), then unlock."""
    if fd is None:
        return
    try:
        if _same_file(fd, path):
            os.unlink(path)
    except OSError:
        pass
    finally:
        os.close(fd)


def _forget_in_child() -> None:
    """In a process forked while the lock is held: close its copy, so only the build holds the lock
    (a worker that outlived a killed build would otherwise keep every later build waiting)."""
    for fd in _fds.values():
        try:
            os.close(fd)
        except OSError:
            pass
    _fds.clear()
    _held.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)
