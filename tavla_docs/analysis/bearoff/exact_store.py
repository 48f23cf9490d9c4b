"""The disk cache of exact bear-off results, one small file per home, shared by every process.

Exact fractions of a 6-checker home take seconds (a `Fraction` recursion over
hundreds of smaller homes); every `tavla-docs odds` call is a new process, so
without this each call paid that again. A home's entry is its exact expected
rolls and its distribution (P(off in exactly n rolls)), written as text:

    line 1: SHA-256 (hex) of line 2
    line 2: {"distribution": ["0/1", "3/4", "1/4"], "expected": "5/4", "home": [0, 0, 0, 0, 0, 1], "v": 1}

Files live in `cache_dir()/exact-v{VERSION}-{digest}` where the digest is of
the code that computes and stores them (`ENTRY_FILES`), so a changed recursion
never reads what an older one wrote. The cache is untrusted data: JSON only
(never pickle, never eval); a file that is not a regular file, is larger than
`MAX_ENTRY_BYTES`, fails its hash, or whose numbers are not a distribution
consistent with its mean (sum 1, mean = sum n * p) is ignored, recomputed and
written over. Writes are atomic (temporary file, `os.replace`) and not synced:
a torn file after a crash fails the checks and is recomputed. A folder holds
at most `MAX_ENTRIES` files; past that, results are still computed, not stored.

>>> import tempfile
>>> from fractions import Fraction
>>> d = Path(tempfile.mkdtemp())
>>> save((0, 0, 0, 0, 0, 1), (Fraction(5, 4), (Fraction(0), Fraction(3, 4), Fraction(1, 4))), d)
True
>>> load((0, 0, 0, 0, 0, 1), d)
(Fraction(5, 4), (Fraction(0, 1), Fraction(3, 4), Fraction(1, 4)))
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import tempfile
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from ...engine import dice
from . import index, moves
from .cache import builder_digest, cache_dir
from .index import Home

#: Bumped when the entry format changes (the code digest also changes then).
VERSION = 1
#: The modules whose code decides an entry's numbers or bytes: the recursion, its move
#: generator and home checks, the dice weights, and this file format.
ENTRY_FILES = tuple(Path(m.__file__ or "") for m in (moves, index, dice)) + (
    Path(__file__).with_name("exact.py"), Path(__file__))
#: A 15-checker home's entry is under 16 KB (at most 46 fractions of under 150 digits).
MAX_ENTRY_BYTES = 32 * 1024
#: Every home of up to 8 checkers is 3,003 entries; more is not kept.
MAX_ENTRIES = 4096
#: The most rolls any home needs is 45 (see build.DEPTH), so a distribution has at most 46 entries.
MAX_LENGTH = 46

_FRACTION = re.compile(r"(0|[1-9][0-9]{0,199})/([1-9][0-9]{0,199})")

Entry = tuple[Fraction, tuple[Fraction, ...]]


_folders: dict[Path, Path] = {}  # cache folder -> this code's entry folder in it, once per process


def folder(directory: Path | None = None) -> Path:
    """Where the entries of this code live (a new folder for every change to `ENTRY_FILES`).

    Worked out once per process: the code that runs does not change while it runs."""
    base = directory or cache_dir()
    if base not in _folders:
        _folders[base] = base / f"exact-v{VERSION}-{builder_digest(ENTRY_FILES)[:16]}"
    return _folders[base]


def entry_path(home: Sequence[int], directory: Path | None = None) -> Path:
    return folder(directory) / ("home-" + "-".join(str(c) for c in home) + ".txt")


def encode(home: Sequence[int], entry: Entry) -> bytes:
    """The file's bytes: the hash line, then the JSON line."""
    expected, distribution = entry
    payload = json.dumps({"v": VERSION, "home": list(home), "expected": _text(expected),
                          "distribution": [_text(p) for p in distribution]},
                         sort_keys=True, separators=(", ", ": ")).encode("ascii")
    return hashlib.sha256(payload).hexdigest().encode("ascii") + b"\n" + payload + b"\n"


def decode(home: Sequence[int], data: bytes) -> Entry | None:
    """The entry in `data` if it is a well-formed, consistent entry for `home`; else None."""
    head, sep, rest = data.partition(b"\n")
    payload = rest[:-1]
    if not sep or not rest.endswith(b"\n") or b"\n" in payload or head != hashlib.sha256(payload).hexdigest().encode("ascii"):
        return None
    try:
        obj = json.loads(payload)
    except (ValueError, RecursionError):  # RecursionError: deeply nested brackets
        return None
    if not isinstance(obj, dict) or set(obj) != {"v", "home", "expected", "distribution"}:
        return None
    if obj["v"] != VERSION or obj["home"] != list(home):
        return None
    dist = obj["distribution"]
    if not isinstance(dist, list) or not 1 <= len(dist) <= MAX_LENGTH:
        return None
    values = [_fraction(x) for x in [obj["expected"], *dist]]
    if any(v is None for v in values):
        return None
    expected, *probs = (v for v in values if v is not None)
    if any(p > 1 for p in probs) or sum(probs) != 1 or probs[-1] == 0:
        return None
    if expected != sum(n * p for n, p in enumerate(probs)) or probs[0] != (0 if any(home) else 1):
        return None
    return expected, tuple(probs)


def load(home: Home, directory: Path | None = None) -> Entry | None:
    """The cached entry of `home`, or None when it is missing or not to be trusted."""
    path = entry_path(home, directory)
    if path.name not in _names(path.parent):
        return None  # a cold process would otherwise try to open hundreds of missing files
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_ENTRY_BYTES:
            return None  # a FIFO, a device or a huge file: never read
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_ENTRY_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    return decode(home, data) if len(data) <= MAX_ENTRY_BYTES else None


#: Entry names in each folder: listed once per process (one directory read instead of a failed
#: open per missing entry), then kept up to date with this process's own writes. An entry
#: another process writes later is not seen: it is only computed again.
_listed: dict[Path, set[str]] = {}


def _names(where: Path) -> set[str]:
    if where not in _listed:
        try:
            with os.scandir(where) as it:
                _listed[where] = {e.name for e in it if e.name.startswith("home-")}
        except OSError:
            _listed[where] = set()
    return _listed[where]


def save(home: Home, entry: Entry, directory: Path | None = None) -> bool:
    """Write `home`'s entry atomically; False (and nothing written) when the folder is full or not writable."""
    path = entry_path(home, directory)
    data = encode(home, entry)
    names = _names(path.parent)
    if len(data) > MAX_ENTRY_BYTES or (len(names) >= MAX_ENTRIES and path.name not in names):
        return False
    try:
        if not names:
            path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:  # a read-only or full cache folder is not an error: results are recomputed
        return False
    names.add(path.name)
    return True


def _text(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def _fraction(x: Any) -> Fraction | None:
    """`"n/d"` in lowest terms, both under 200 digits, as a Fraction; None for anything else."""
    if not isinstance(x, str):
        return None
    m = _FRACTION.fullmatch(x)
    if not m:
        return None
    f = Fraction(int(m[1]), int(m[2]))
    return f if (f.numerator, f.denominator) == (int(m[1]), int(m[2])) else None
