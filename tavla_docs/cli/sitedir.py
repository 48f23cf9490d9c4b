"""The output folder of `tavla-docs build`: one build at a time, and a swap with no gap.

- **The lock.** `.<site>.lock` beside the site folder, held with `flock` for the whole build.
  It lives there, not in `.tavla-cache/`, because the site's parent folder must be writable
  anyway (the new site is built in it) while the cache folder may be read-only, missing or
  shared. A second build waits, saying once which pid it waits for, up to `wait` seconds, then
  gives up with `BuildBusy`. The file holds the holder's pid and is removed when the build
  ends; one left by a killed build is harmless, since the kernel drops a dead process's lock.
- **Stale folders.** While we hold the lock no other build of this site is running, so every
  `.<site>.tmp-N` and `.<site>.old-N` beside it was left by a build that died, whatever its
  pid, and is removed. If the site folder is missing and a `.<site>.old-N` exists (the two-rename
  fallback, killed between its renames), that old site is put back first.
- **The swap.** The new site is built in `.<site>.tmp-<pid>` and exchanged with the site folder
  in one `renameat2(RENAME_EXCHANGE)`; the old site, now at the temporary name, is then
  removed. So `site/` stays a plain folder (not a link) and is complete at every moment, and
  whatever a failure or a signal interrupts, removing the temporary folder is the right cleanup.
  The first build is a plain rename. Where the system or filesystem cannot exchange (not Linux,
  EINVAL, ENOSYS, ENOTSUP, EPERM from a sandbox), it falls back to two renames, with a note.
- **Signals.** Inside `sigterm_as_interrupt()`, SIGTERM raises `Terminated`, a
  `KeyboardInterrupt`, so a terminated build cleans up exactly as Ctrl-C does.
"""
from __future__ import annotations

import ctypes
import errno
import functools
import os
import platform
import re
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from ..errors import TavlaError

try:
    import fcntl
except ImportError:  # not POSIX: builds are not locked
    fcntl = None  # type: ignore[assignment]

Say = Callable[[str], None]

DEFAULT_WAIT = 600.0  # seconds a build waits for another one before it gives up
_POLL = 0.1
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2
_SYS_RENAMEAT2 = {"x86_64": 316, "aarch64": 276, "i686": 353, "i386": 353, "armv7l": 382}  # glibc < 2.28
_NO_EXCHANGE = {errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EPERM}

_held: dict[tuple[str, int], int] = {}  # (lock file, thread) -> depth: flock would wait on our own lock


class BuildBusy(TavlaError):
    """Another build held the lock for longer than we were allowed to wait."""


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C's KeyboardInterrupt would be, so the same cleanup runs."""


def _quiet(message: str) -> None:
    pass


# -- the lock ---------------------------------------------------------------------------------

def lock_path(site: Path) -> Path:
    """`.<site>.lock` beside the site folder (its parent resolved, so every spelling shares one lock)."""
    return Path(os.path.realpath(site.parent)) / f".{site.name}.lock"


@contextmanager
def build_lock(site: Path, *, wait: float = DEFAULT_WAIT, say: Say = _quiet) -> Iterator[None]:
    """Hold the site's lock (waiting up to `wait` s), clear dead builds' folders, release at the end.

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
    fd = _acquire(path, site, max(0.0, wait), say)
    try:
        _held[key] = 1
        remove_stale(site, say)
        yield
    finally:
        _held.pop(key, None)
        _release(path, fd)


def _acquire(path: Path, site: Path, wait: float, say: Say) -> int | None:
    if fcntl is None:
        return None
    started = time.monotonic()
    told = False
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(fd)
            os.close(fd)
            waited = time.monotonic() - started
            if waited >= wait:
                raise BuildBusy(f"another tavla-docs build (pid {holder or 'unknown'}) is running on {site}"
                                + (f"; gave up after {wait:g} s" if wait else "")) from None
            if not told and (holder or waited > 1.0):
                say(f"waiting for another tavla-docs build (pid {holder or 'unknown'})…")
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
            os.write(fd, f"{os.getpid()}\n".encode())
            return fd
        os.close(fd)  # its holder removed the file as we opened it: lock the new one


def _holder(fd: int) -> int | None:
    """The pid written in the lock file by its holder (None before it has written it)."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def _same_file(fd: int, path: Path) -> bool:
    try:
        st, ps = os.fstat(fd), os.stat(path)
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


# -- stale folders ----------------------------------------------------------------------------

def temporary(site: Path) -> Path:
    """Where this process builds the new site: `.<site>.tmp-<pid>` beside it."""
    return site.parent / f".{site.name}.tmp-{os.getpid()}"


def _neighbours(site: Path) -> list[tuple[str, Path]]:
    """The `.<site>.tmp-N` and `.<site>.old-N` beside the site: ("tmp" | "old", path)."""
    pattern = re.compile(rf"\.{re.escape(site.name)}\.(tmp|old)-\d+")
    try:
        names = sorted(os.listdir(site.parent))
    except OSError:
        return []
    return [(m.group(1), site.parent / n) for n in names if (m := pattern.fullmatch(n))]


def remove_stale(site: Path, say: Say = _quiet) -> list[Path]:
    """Remove dead builds' folders (call it holding the lock); a lost site is put back first."""
    found = _neighbours(site)
    olds = [p for kind, p in found if kind == "old" and p.is_dir() and not p.is_symlink()]
    if olds and not os.path.lexists(site):
        newest = max(olds, key=lambda p: p.stat().st_mtime_ns)
        os.rename(newest, site)
        say(f"note: put back the site an interrupted build left in {newest.name}")
        found = [(k, p) for k, p in found if p != newest]
    for _, p in found:
        remove(p)
    return [p for _, p in found]


def remove(p: Path) -> None:
    """Remove a folder (a link itself, never what it points to); what cannot be removed stays."""
    if p.is_symlink() or (os.path.lexists(p) and not p.is_dir()):
        try:
            p.unlink()
        except OSError:
            pass
    else:
        shutil.rmtree(p, ignore_errors=True)


# -- the swap ---------------------------------------------------------------------------------

def swap_in(new: Path, site: Path, say: Say = _quiet) -> None:
    """Put the complete folder `new` at `site`, which is never missing meanwhile if it existed.

    On return `new` is gone; on an exception the caller removes `new`, whatever it then holds
    (the new build before the exchange, the old site after it).
    """
    if not os.path.lexists(site):
        os.replace(new, site)  # the first build
        return
    try:
        exchange(new, site)
    except OSError as e:
        if e.errno not in _NO_EXCHANGE:
            raise
        say(f"note: this filesystem cannot exchange folders ({e.strerror}); "
            f"{site.name}/ is missing for a moment during the swap")
        _two_renames(new, site)
        return
    remove(new)  # the old site


def _two_renames(new: Path, site: Path) -> None:
    """The swap without an exchange: the old site aside, the new one in, the old one removed."""
    old = site.parent / f".{site.name}.old-{os.getpid()}"
    os.replace(site, old)
    try:
        os.replace(new, site)
    except BaseException:
        if not os.path.lexists(site):
            os.replace(old, site)
        raise
    remove(old)


def exchange(a: Path, b: Path) -> None:
    """Swap two existing paths in one step (Linux `renameat2(RENAME_EXCHANGE)`).

    OSError with ENOSYS where the system has no such call; the filesystem's own error otherwise.
    """
    call = _renameat2()
    if call is None:
        raise OSError(errno.ENOSYS, "renameat2 is not available here", str(a))
    if call(os.fsencode(a), os.fsencode(b)) != 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code), str(a), None, str(b))


@functools.lru_cache(maxsize=1)
def _renameat2() -> Callable[[bytes, bytes], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None
    return libc_renameat2(libc) or syscall_renameat2(libc, platform.machine())


def libc_renameat2(libc: ctypes.CDLL) -> Callable[[bytes, bytes], int] | None:
    """glibc's wrapper (2.28 and later)."""
    try:
        fn = libc["renameat2"]
    except AttributeError:
        return None
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    fn.restype = ctypes.c_int
    return lambda a, b: int(fn(_AT_FDCWD, a, _AT_FDCWD, b, _RENAME_EXCHANGE))


def syscall_renameat2(libc: ctypes.CDLL, machine: str) -> Callable[[bytes, bytes], int] | None:
    """The system call by number, for an older C library (None on machines not listed)."""
    number = _SYS_RENAMEAT2.get(machine)
    if number is None:
        return None
    fn = libc["syscall"]
    fn.restype = ctypes.c_long
    return lambda a, b: int(fn(ctypes.c_long(number), ctypes.c_int(_AT_FDCWD), ctypes.c_char_p(a),
                               ctypes.c_int(_AT_FDCWD), ctypes.c_char_p(b), ctypes.c_uint(_RENAME_EXCHANGE)))


# -- signals ----------------------------------------------------------------------------------

@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """While inside, SIGTERM raises `Terminated`, so the build cleans up as for Ctrl-C.

    Only from the main thread, and only over the default handler: a program that handles
    SIGTERM itself keeps its handler (and nested uses are no-ops).
    """
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL):
        yield
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        raise Terminated()

    signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
