"""The content-hash cache: JSON values keyed by what produced them, so a warm build renders nothing.

Keys hash the code (`code_fingerprint`) together with the inputs, so changing
either misses the cache instead of serving stale pages.

The cache only ever saves time; it never fails a build or changes a page:

- **Best effort.** A cache folder that cannot be created, read or written costs
  only speed: lookups miss, the build goes on, and there is one warning line
  per folder and process.
- **Signed entries.** An entry (`<key[:2]>/<key>.entry`) is one header line,
  `tavla-docs-cache 1 <mac>`, then the JSON. The mac is an HMAC-SHA256 of the
  entry's key and JSON under a random secret made once per cache folder
  (`site/secret`, mode 0600, not an entry). An entry whose mac does not match,
  or that is not in this format, is a miss, and the JSON is parsed only after
  the mac matched. So what `get` returns is exactly what this folder's `put`
  stored under that key, and a wrong-shaped value never reaches a page.

Why a keyed mac rather than a plain checksum, and what it does not do: entries
hold trusted HTML (a page's figures and tables go in as markup) and "this
scenario passed its check" records (whose value is just `true`). A checksum of
the payload catches damage (a torn write, a bad disk), but an edit can recompute
it, and a `true` record copied under another file's key would still pass. The
mac binds each value to its key and to this folder's secret, so damaged entries,
hand-edited entries, entries moved between keys and entries copied in from
another cache folder are all misses. It is no defence against someone who can
write the cache folder on purpose: they can read the secret, and they could edit
the code or the templates as well. That is outside what a cache can guard, and
not how the project is exposed: `.tavla-cache/` is git-ignored, so a pull request
cannot ship entries, and CI builds from a clean clone. A CI that restores
`.tavla-cache/` must not share it with less trusted branches (the secret travels
with it). The bear-off database (`$TAVLA_DOCS_CACHE`) is checked by size and
SHA-256 and rebuilt when wrong, and it holds numbers, not markup.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import sys
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

PACKAGE_DIR = Path(__file__).resolve().parents[1]
DEFAULT_CACHE_DIR = ".tavla-cache"  # the plugin's `cache_dir` when not set, relative to the project
_CODE_SUFFIXES = (".py", ".yaml", ".po", ".html", ".j2", ".css")
SECRET_NAME = "secret"  # the folder's mac key, beside the entries' subfolders
_SECRET_BYTES = 32
_MAGIC = b"tavla-docs-cache 1"
_warned: set[str] = set()  # folders already warned about in this process


@lru_cache(maxsize=4)
def _fingerprint(paths: tuple[str, ...], stamp: tuple) -> str:
    """Hash the files' contents; `stamp` (mtimes, sizes) only keys the memo so edits are seen."""
    h = hashlib.sha256()
    for p in paths:
        h.update(p.encode())
        h.update(Path(p).read_bytes())
    return h.hexdigest()


def code_fingerprint(extra_dirs: Iterable[Path] = ()) -> str:
    """A hash of the package's code, data and the project's partials: cached results depend on all of them.

    Every build (each `mkdocs serve` rebuild too) asks, so the folders are walked with
    `os.walk` and each file is stat'ed once; the contents are hashed only when a stamp changed.
    """
    found: list[tuple[str, int, int]] = []
    for d in (PACKAGE_DIR, *extra_dirs):
        for top, dirs, names in os.walk(d):
            dirs[:] = [n for n in dirs if n != "__pycache__"]
            for name in names:
                if name.endswith(_CODE_SUFFIXES):
                    path = os.path.join(top, name)
                    try:
                        st = os.stat(path)
                    except OSError:
                        continue
                    found.append((path, st.st_mtime_ns, st.st_size))
    found.sort()
    return _fingerprint(tuple(p for p, _, _ in found), tuple(found))


class Cache:
    """JSON values under `.tavla-cache/site/`, keyed by a content hash and signed; writes are atomic.

    >>> import tempfile
    >>> c = Cache(Path(tempfile.mkdtemp()))
    >>> c.get("ab12"), c.put("ab12", {"html": "<b>x</b>"}), c.get("ab12")
    (None, None, {'html': '<b>x</b>'})
    >>> entry = c.directory / "ab" / "ab12.entry"
    >>> _ = entry.write_bytes(entry.read_bytes().replace(b"<b>", b"<i>"))
    >>> c.get("ab12") is None, c.hits, c.misses  # an edited entry is a miss
    (True, 1, 2)
    """

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self.hits = 0
        self.misses = 0
        self._secret: bytes | None = None
        self._writable = directory is not None
        self._made: set[Path] = set()  # entry folders this process made or found (a build writes thousands)

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
        """The value `put` stored under `key`, or None: missing, unreadable, damaged or edited."""
        value = self._read(key)
        if value is None:
            self.misses += 1
        else:
            self.hits += 1
        return value

    def put(self, key: str, value: Any) -> None:
        """Store `value` (JSON) under `key`, atomically; a folder that cannot be written is skipped."""
        if not self._writable or self.directory is None:
            return
        payload = json.dumps(value, ensure_ascii=False, sort_keys=True).encode()
        path = self._entry(key)
        tmp = path.parent / f".{key}.{os.getpid()}.tmp"
        try:
            secret = self._load_secret(create=True)
            assert secret is not None
            data = _MAGIC + b" " + _mac(secret, key, payload) + b"\n" + payload
            if path.parent not in self._made:
                path.parent.mkdir(parents=True, exist_ok=True)
                self._made.add(path.parent)
            try:
                tmp.write_bytes(data)
            except FileNotFoundError:  # the folder went since (the cache was emptied by hand): again
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp.write_bytes(data)
            os.replace(tmp, path)
        except OSError as e:
            self._writable = False
            self._warn("written", e)
            try:
                tmp.unlink()
            except OSError:
                pass

    def _read(self, key: str) -> Any | None:
        secret = self._load_secret(create=False)
        if secret is None:
            return None
        try:
            raw = self._entry(key).read_bytes()
        except FileNotFoundError:
            return None
        except OSError as e:
            self._warn("read", e)
            return None
        head, _, payload = raw.partition(b"\n")
        magic, _, mac = head.rpartition(b" ")
        if magic != _MAGIC or not hmac.compare_digest(mac, _mac(secret, key, payload)):
            return None
        try:
            return json.loads(payload)
        except (ValueError, RecursionError):
            return None

    def _entry(self, key: str) -> Path:
        assert self.directory is not None
        return self.directory / key[:2] / f"{key}.entry"

    def _load_secret(self, create: bool) -> bytes | None:
        """This folder's mac key, made by the first `put`; with `create`, OSError when it cannot be."""
        if self._secret is not None or self.directory is None:
            return self._secret
        path = self.directory / SECRET_NAME
        try:
            with open(path, "rb") as f:
                data = f.read(_SECRET_BYTES + 1)
        except FileNotFoundError:
            data = b""
        except OSError as e:
            if create:
                raise
            self._warn("read", e)
            return None
        if len(data) == _SECRET_BYTES:
            self._secret = data
        elif create:  # none yet, or damaged (then every entry was a miss anyway)
            self._secret = _make_secret(path, replace=bool(data))
        return self._secret

    def _warn(self, what: str, e: OSError) -> None:
        """One line per folder and process: the build goes on without the cache."""
        where = str(self.directory)
        if where not in _warned:
            _warned.add(where)
            print(f"tavla-docs: warning: the cache in {where} cannot be {what} ({e.strerror or e}); "
                  "going on without it", file=sys.stderr)


def _mac(secret: bytes, key: str, payload: bytes) -> bytes:
    """HMAC-SHA256 of the key and the JSON, in hex: an entry is valid only under its own key."""
    return hmac.digest(secret, key.encode() + b"\0" + payload, "sha256").hex().encode()


def _make_secret(path: Path, *, replace: bool) -> bytes:
    """A new random key at `path`; if another process made one first, theirs, so both agree."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.parent / f".{path.name}.{os.getpid()}.tmp"
    secret = os.urandom(_SECRET_BYTES)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, secret)
    finally:
        os.close(fd)
    try:
        if replace:
            os.replace(tmp, path)
            return secret
        try:
            os.link(tmp, path)  # never replaces a key that another process already signs with
            return secret
        except FileExistsError:
            with open(path, "rb") as f:
                theirs = f.read(_SECRET_BYTES + 1)
            if len(theirs) != _SECRET_BYTES:
                raise OSError(f"{path}: a damaged cache key") from None
            return theirs
    finally:
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass


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
