"""The output folder of `tavla-docs build`: one build at a time, and a swap with no gap.

- **The lock.** `.<site>.lock` beside the site folder, held for the whole build (`cli.buildlock`:
  never followed through a link, never inherited by a worker, taken over from a dead holder, and
  waited for up to a bound when a live build holds it: `BuildBusy` after that).
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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from . import buildlock
from .buildlock import DEFAULT_WAIT, WAIT_VARIABLE, BuildBusy, default_wait, lock_path

__all__ = ["DEFAULT_WAIT", "WAIT_VARIABLE", "BuildBusy", "Terminated", "build_lock", "default_wait", "exchange",
           "lock_path", "remove", "remove_stale", "swap_in", "temporary"]

Say = Callable[[str], None]

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2
_SYS_RENAMEAT2 = {"x86_64": 316, "aarch64": 276, "i686": 353, "i386": 353, "armv7l": 382}  # glibc < 2.28
_NO_EXCHANGE = {errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EPERM}

class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C's KeyboardInterrupt would be, so the same cleanup runs."""


def _quiet(message: str) -> None:
    pass


# -- the lock (cli.buildlock) ------------------------------------------------------------------

@contextmanager
def build_lock(site: Path, *, wait: float | None = None, say: Say = _quiet) -> Iterator[None]:
    """Hold the site's lock (`buildlock.build_lock`: up to `wait` s, default $TAVLA_DOCS_LOCK_WAIT or
    120), and clear dead builds' folders once it is ours."""
    with buildlock.build_lock(site, wait=wait, say=say, on_acquire=lambda: remove_stale(site, say)):
        yield


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
