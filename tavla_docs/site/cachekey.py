"""The site cache's signing key, kept per user outside every checkout, and caches that git tracks.

The cache's entries are signed (`cache.Cache`) so that what a build reads back is what a build
of this user wrote. That holds only while the key is the user's own: a key in the project's
`.tavla-cache/` can be committed (`git add -f`) together with entries signed by it, and a fresh
clone would then take a stranger's "checked" records and HTML as its own. So:

- **The key lives per user**, in `files.user_cache_dir()` (`$TAVLA_DOCS_CACHE`, else
  `$XDG_CACHE_HOME/tavla-docs`, else `~/.cache/tavla-docs`), as `site-key`: 32 random bytes,
  mode 0600, made once. Each cache folder signs with a key derived from it and the folder's
  real path, so entries copied between folders stay misses. A key that is not a regular file
  of this user (a link, a FIFO, a device) is never read: it is replaced, and never followed.
- **A cache folder or a key that git tracks is not used at all**, and the build says so in one
  line: `ignored .tavla-cache/…: tracked by git; a committed cache is never trusted`.
"""
from __future__ import annotations

import hmac
import os
import stat
import sys
from functools import lru_cache
from pathlib import Path

from ..files import NotRegular, git_tracked, read_regular, user_cache_dir

KEY_NAME = "site-key"
KEY_BYTES = 32
_said: set[str] = set()  # lines already printed by this process


def key_path() -> Path:
    """Where this user's key is (or will be made)."""
    return user_cache_dir() / KEY_NAME


def folder_key(directory: Path, *, create: bool) -> bytes | None:
    """The key a cache folder signs with (derived from the user's key and the folder's real path);
    None when there is no usable user key yet and `create` is False. OSError when it cannot be made."""
    user = user_key(create=create)
    if user is None:
        return None
    return hmac.digest(user, b"tavla-docs site cache\0" + os.fsencode(os.path.realpath(directory)), "sha256")


def user_key(*, create: bool) -> bytes | None:
    """This user's key: read (a regular file of ours, exactly KEY_BYTES long), or made when `create`."""
    path = key_path()
    found = _read_key(path)
    if found is not None:
        return found
    if committed(path):
        return None
    if not create:
        return None
    return _make_key(path)


def _read_key(path: Path) -> bytes | None:
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode) or (hasattr(os, "geteuid") and st.st_uid != os.geteuid()):
        return None  # a link, a FIFO, a device, someone else's file: never read, replaced by `_make_key`
    try:
        data = read_regular(path, KEY_BYTES, follow=False)
    except (OSError, NotRegular):
        return None
    if len(data) != KEY_BYTES or committed(path):
        return None
    return data


def _make_key(path: Path) -> bytes:
    """A new random key at `path` (0600); if another process made a good one first, theirs."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.parent / f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    secret = os.urandom(KEY_BYTES)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        os.write(fd, secret)
    finally:
        os.close(fd)
    try:
        try:
            os.link(tmp, path)  # never replaces a key that another process already signs with
            return secret
        except FileExistsError:
            theirs = _read_key(path)
            if theirs is not None:
                return theirs
            _say(f"tavla-docs: note: replaced {path}: not a {KEY_BYTES}-byte key file of this user")
            os.replace(tmp, path)  # the name itself is replaced: a link there is not followed
            return secret
    finally:
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass


@lru_cache(maxsize=16)
def committed(path: Path) -> bool:
    """Whether git tracks `path` or anything under it (reported once per process and path)."""
    found = git_tracked(path)
    if found:
        shown = _shown(path)
        more = f" (and {len(found) - 1} more files)" if len(found) > 1 else ""
        _say(f"tavla-docs: warning: ignored {shown}{'/…' if path.is_dir() else ''}{more}: tracked by git; "
             "a committed cache is never trusted")
    return bool(found)


def _shown(path: Path) -> str:
    try:
        return str(path.absolute().relative_to(Path.cwd().absolute()))
    except ValueError:
        return str(path)


def _say(line: str) -> None:
    if line not in _said:
        _said.add(line)
        print(line, file=sys.stderr, flush=True)

