"""The content-hash cache: JSON values keyed by what produced them, so a warm build renders nothing.

Keys hash the code (`code_fingerprint`) together with the inputs, so changing
either misses the cache instead of serving stale pages.

The cache only ever saves time; it never fails a build or changes a page:

- **Best effort.** A cache folder that cannot be created, read or written costs
  only speed: lookups miss, the build goes on, and there is one warning line
  per folder and process.
- **Signed entries.** An entry is one header line,
  `tavla-docs-cache 2 <key> <length> <mac>`, then its JSON (`length` bytes). The
  mac is an HMAC-SHA256 of the entry's key and JSON under a key of this user's, kept
  outside the checkout (`cachekey`: `~/.cache/tavla-docs/site-key`, mode 0600, derived
  per cache folder). An entry whose mac does not match, or that is not in this format,
  is a miss, and the JSON is parsed only after the mac matched. So what `get` returns is
  exactly what this user's `put` stored in this folder under that key, and a
  wrong-shaped value never reaches a page.
- **Never trusted when committed.** A cache folder that git tracks any file of is not used
  (`cachekey.committed`, one line saying so), and no file of it is followed through a link or
  opened when it is not a regular file (a FIFO there would stop the build).
- **One pack file per process.** A process appends its entries to its own file,
  `site/packs/<code>/<pid>-<random>.pack` (`<code>`: the package's fingerprint, so
  a build reads only what this code wrote): a cold 400-page build stores about
  3,700 entries, and creating a file each cost 2-4 s of system time. A reader
  indexes the packs' headers and looks again when it misses (workers' packs grow
  while the build runs); an entry not yet complete, or a header that does not
  parse, ends what is read of that pack. The last entry of a key wins.

Why a keyed mac rather than a plain checksum, and what it does not do: entries
hold trusted HTML (a page's figures and tables go in as markup) and "this
scenario passed its check" records (whose value is just `true`). A checksum of
the payload catches damage (a torn write, a bad disk), but an edit can recompute
it, and a `true` record copied under another file's key would still pass. The
mac binds each value to its key, to this folder and to this user's key, so damaged
entries, hand-edited entries, entries moved between keys, entries copied in from
another cache folder and entries a pull request commits (`git add -f .tavla-cache`:
signed, if at all, with someone else's key) are all misses. Keys are content hashes
(the code's fingerprint, the file's project path and its bytes), so a hit stands only
for a result computed from byte-identical input. It is no defence against someone who
can write this user's files: they could edit the code as well. A CI that keeps the
cache between runs keeps `~/.cache/tavla-docs/` too, or starts cold; it must not share
either with less trusted branches. The bear-off database (`$TAVLA_DOCS_CACHE`) is
checked by size and SHA-256 and rebuilt when wrong, and it holds numbers, not markup.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import sys
import weakref
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..files import NotRegular, open_regular
from . import cachekey

PACKAGE_DIR = Path(__file__).resolve().parents[1]
DEFAULT_CACHE_DIR = ".tavla-cache"  # the plugin's `cache_dir` when not set, relative to the project
_CODE_SUFFIXES = (".py", ".yaml", ".po", ".html", ".j2", ".css")
_MAGIC = b"tavla-docs-cache 2"
_KEY = re.compile(r"[0-9a-f]{1,128}")  # what `Cache.key` makes (hex), and all a pack's header may name
_MAX_HEAD = 256  # bytes of a header line, at most
MAX_ENTRY_BYTES = 1 << 28  # a longer entry's header is taken for damage
_warned: set[str] = set()  # folders already warned about in this process
_open_caches: weakref.WeakSet[Cache] = weakref.WeakSet()  # whose pack a forked child must close


@lru_cache(maxsize=4)
def _fingerprint(paths: tuple[str, ...], stamp: tuple) -> str:
    """Hash the files' contents; `stamp` (mtimes, sizes) only keys the memo so edits are seen."""
    h = hashlib.sha256()
    for p in paths:
        h.update(p.encode())
        h.update(Path(p).read_bytes())
    return h.hexdigest()


def code_fingerprint(extra: Iterable[Path] = ()) -> str:
    """A hash of the package's code and data and of `extra` (folders or files): the project's
    partials, language entries and catalogs, the glossary. Cached results depend on all of them.

    Every build (each `mkdocs serve` rebuild too) asks, so the folders are walked with
    `os.walk` and each file is stat'ed once; the contents are hashed only when a stamp changed.
    A file found twice (an extra folder inside the package) is hashed once.
    """
    found: dict[str, tuple[str, int, int]] = {}
    for d in (PACKAGE_DIR, *extra):
        if os.path.isfile(d):
            _stat_into(found, os.path.abspath(d))
            continue
        for top, dirs, names in os.walk(d):
            dirs[:] = [n for n in dirs if n != "__pycache__"]
            for name in names:
                if name.endswith(_CODE_SUFFIXES):
                    _stat_into(found, os.path.join(os.path.abspath(top), name))
    stamps = sorted(found.values())
    return _fingerprint(tuple(p for p, _, _ in stamps), tuple(stamps))


def _stat_into(found: dict[str, tuple[str, int, int]], path: str) -> None:
    try:
        st = os.stat(path)
    except OSError:
        return
    found[path] = (path, st.st_mtime_ns, st.st_size)


class Cache:
    """JSON values under `.tavla-cache/site/`, keyed by a content hash and signed; an entry is
    appended whole to this process's pack, and read only when complete.

    >>> import tempfile
    >>> c = Cache(Path(tempfile.mkdtemp()))
    >>> c.get("ab12"), c.put("ab12", {"html": "<b>x</b>"}), c.get("ab12")
    (None, None, {'html': '<b>x</b>'})
    >>> [pack] = c.packs()
    >>> _ = pack.write_bytes(pack.read_bytes().replace(b"<b>", b"<i>"))
    >>> Cache(c.directory).get("ab12") is None, c.get("ab12") is None, c.hits, c.misses  # an edited entry is a miss
    (True, True, 1, 2)
    """

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self.hits = 0
        self.misses = 0
        self._secret: bytes | None = None
        self._writable = directory is not None
        self._packs_dir: Path | None = None  # packs/<code>/, found at the first get or put
        self._index: dict[str, tuple[Path, int, int, bytes]] = {}  # key -> (pack, offset, length, mac)
        self._read_to: dict[str, int] = {}  # pack name -> how far it was indexed (-1: unreadable from there)
        self._pack: tuple[int, int, Path] | None = None  # this process's pack: (pid, fd, path)
        self._size = 0  # the length of this process's pack
        _open_caches.add(self)

    @classmethod
    def in_project(cls, root: Path, cache_dir: str | Path | None) -> Cache:
        """The project's site cache, `<root>/<cache_dir>/site/`; none at all when `cache_dir` is empty.

        The plugin and `tavla-docs build` both open it here, so they share one folder. A cache
        folder that git tracks is not used (`cachekey.committed` says so once).
        """
        if not cache_dir or cachekey.committed(Path(os.path.abspath(root / cache_dir))):
            return cls(None)
        return cls(root / cache_dir / "site")

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
        """Store `value` (JSON) under `key`, appended whole to this process's pack; a folder that
        cannot be written is skipped."""
        if not self._writable or self.directory is None or not _KEY.fullmatch(key):
            return
        payload = json.dumps(value, ensure_ascii=False, sort_keys=True).encode()
        try:
            secret = self._load_secret(create=True)
            if secret is None or self._folder() is None:
                return
            mac = _mac(secret, key, payload)
            head = b"%s %s %d %s\n" % (_MAGIC, key.encode(), len(payload), mac)
            pid, fd, path = self._own_pack()
            data = head + payload
            view = memoryview(data)
            while view:  # one write() in practice; a reader skips an entry until it is whole
                view = view[os.write(fd, view):]
            self._index[key] = (path, self._size + len(head), len(payload), mac)
            self._size += len(data)
            self._read_to[path.name] = self._size
        except OSError as e:
            self._writable = False
            self._warn("written", e)

    def packs(self) -> list[Path]:
        """The pack files this code reads, in name order."""
        folder = self._folder()
        return sorted(p for p in folder.glob("*.pack")) if folder is not None and folder.is_dir() else []

    def _folder(self) -> Path | None:
        if self._packs_dir is None and self.directory is not None:
            packs = self.directory / "packs" / code_fingerprint()[:16]
            link = next((p for p in (self.directory.parent, self.directory, packs.parent, packs) if p.is_symlink()), None)
            if link is not None:  # what it points to is not ours to write or trust
                self.directory = None
                self._writable = False
                print(f"tavla-docs: warning: ignored the cache in {link}: a symbolic link; a cache is never "
                      "followed through one", file=sys.stderr)
                return None
            self._packs_dir = packs
        return self._packs_dir

    def _own_pack(self) -> tuple[int, int, Path]:
        """This process's pack, made at its first put (a forked worker makes its own), and again
        when it was removed since (the cache emptied by hand during `mkdocs serve`)."""
        pid = os.getpid()
        if self._pack is not None:  # a forked child's copy was closed at the fork (`_forget_packs`)
            try:
                if os.fstat(self._pack[1]).st_nlink > 0:
                    return self._pack
                os.close(self._pack[1])
            except OSError:
                pass
            self._pack = None
        folder = self._folder()
        assert folder is not None
        folder.mkdir(parents=True, exist_ok=True)
        if any(p.is_symlink() for p in (folder.parent, folder)):  # made a link since `_folder` looked
            raise OSError(f"{folder}: a symbolic link")
        path = folder / f"{pid}-{os.urandom(6).hex()}.pack"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | os.O_CLOEXEC, 0o644)
        self._pack, self._size = (pid, fd, path), 0
        return self._pack

    def _scan(self) -> None:
        """Index the entries the packs gained since the last look (other processes' writes)."""
        folder = self._folder()
        try:
            found = sorted((e.name, e.stat(follow_symlinks=False).st_size) for e in os.scandir(folder)
                           if e.name.endswith(".pack") and e.is_file(follow_symlinks=False)) \
                if folder is not None else []
        except FileNotFoundError:
            return
        except OSError as e:
            self._warn("read", e)
            return
        for name, size in found:
            start = self._read_to.get(name, 0)
            if 0 <= start < size:
                assert folder is not None
                self._read_to[name] = self._index_pack(folder / name, start, size)

    def _index_pack(self, path: Path, start: int, size: int) -> int:
        """Index `path`'s whole entries from `start`; how far that got (-1: a bad header, never read on)."""
        at = start
        try:
            with os.fdopen(open_regular(path, follow=False), "rb") as f:
                while at < size:
                    f.seek(at)
                    head = f.readline(_MAX_HEAD)
                    if not head.endswith(b"\n"):
                        return at if len(head) < _MAX_HEAD and at + len(head) >= size else -1  # still being written
                    parts = head[:-1].split(b" ")
                    if len(parts) != 5 or b" ".join(parts[:2]) != _MAGIC or not parts[3].isdigit() \
                            or not _KEY.fullmatch(parts[2].decode("ascii", "replace")) or len(parts[4]) != 64:
                        return -1
                    length = int(parts[3])
                    if length > MAX_ENTRY_BYTES:
                        return -1
                    end = at + len(head) + length
                    if end > size:
                        return at  # its JSON is still being written
                    self._index[parts[2].decode()] = (path, at + len(head), length, parts[4])
                    at = end
        except (FileNotFoundError, NotRegular):
            return -1
        except OSError as e:
            self._warn("read", e)
            return at
        return at

    def _read(self, key: str) -> Any | None:
        secret = self._load_secret(create=False)
        if secret is None or self._folder() is None:
            return None
        where = self._index.get(key)
        if where is None:
            self._scan()
            where = self._index.get(key)
            if where is None:
                return None
        path, offset, length, mac = where
        try:
            with os.fdopen(open_regular(path, follow=False), "rb") as f:
                f.seek(offset)
                payload = f.read(length)
        except (FileNotFoundError, NotRegular):  # the cache was emptied since, or a pack was replaced
            self._index.pop(key, None)
            return None
        except OSError as e:
            self._warn("read", e)
            return None
        if len(payload) != length or not hmac.compare_digest(mac, _mac(secret, key, payload)):
            return None
        try:
            return json.loads(payload)
        except (ValueError, RecursionError):
            return None

    def _load_secret(self, create: bool) -> bytes | None:
        """This folder's mac key (`cachekey.folder_key`); with `create`, OSError when it cannot be made."""
        if self._secret is not None or self.directory is None:
            return self._secret
        try:
            self._secret = cachekey.folder_key(self.directory, create=create)
        except OSError as e:
            if create:
                raise
            self._warn("read", e)
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


def _forget_packs() -> None:
    """In a forked child: close the parent's pack descriptors (the child makes its own at its first
    put), so a worker holds no file of its build's."""
    for c in list(_open_caches):
        if c._pack is not None:
            try:
                os.close(c._pack[1])
            except OSError:
                pass
            c._pack = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_packs)


def project_path(root: Path, p: Path) -> str:
    """`p` relative to the project root `root` (resolved): the form cache keys and `deps` use.

    A file outside the project keeps its own path.
    """
    try:
        return str(p.resolve().relative_to(root))
    except ValueError:
        return str(p)


def deps_unchanged(root: Path, deps: Mapping[str, str], digests: dict[str, str | None] | None = None) -> bool:
    """Whether every file a cached page used (`{project path: sha256}`) still has that content.

    A page's own key cannot cover the scenarios it draws, so they are checked on each hit.
    `digests` keeps each file's hash for the caller (a build: the home pages of a large site each
    list, and so depend on, every page of their language).
    """
    for rel, digest in deps.items():
        found = digests.get(rel, "") if digests is not None else ""
        if found == "":
            try:
                found = hashlib.sha256((root / rel).read_bytes()).hexdigest()
            except OSError:
                found = None
            if digests is not None:
                digests[rel] = found
        if found != digest:
            return False
    return True
