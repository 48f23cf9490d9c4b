"""The disk cache of exact bear-off fractions (issue 16): each home computed once, then read back
by later processes; what is read is untrusted, so a damaged, forged, huge or odd file is ignored,
recomputed and written over, never believed."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import tracemalloc
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs.analysis import bearoff as bo
from tavla_docs.analysis.bearoff import cache as bo_cache
from tavla_docs.analysis.bearoff import exact, exact_store

from .test_bearoff_cache import package_imports

SIX = (0, 0, 0, 0, 0, 1)
SIX_ENTRY = (Fraction(5, 4), (Fraction(0), Fraction(3, 4), Fraction(1, 4)))
SMALL = st.tuples(*[st.integers(0, 2)] * 6).filter(lambda h: 0 < sum(h) <= 3)


def forged(home, obj) -> bytes:
    """A file with a correct hash line around any payload: only the checks of the numbers stand in the way."""
    import hashlib
    payload = obj if isinstance(obj, bytes) else json.dumps(obj).encode()
    return hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload + b"\n"


def fresh(home):
    """`home`'s exact entry, computed now with the process memo bypassed (the real recursion)."""
    exact._exact.cache_clear()
    return exact._exact(home)


@pytest.fixture
def cache_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of this test's own, and an empty process memo (restored by recomputation)."""
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path))
    exact._exact.cache_clear()
    yield tmp_path
    exact._exact.cache_clear()


@settings(max_examples=30, deadline=None)
@given(SMALL)
def test_an_entry_reads_back_as_written(home) -> None:
    entry = exact._exact(home)
    assert exact_store.decode(home, exact_store.encode(home, entry)) == entry
    other = tuple(reversed(home))
    if other != home:  # an entry is only ever the entry of the home it names
        assert exact_store.decode(other, exact_store.encode(home, entry)) is None


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_changed_byte_is_noticed(data) -> None:
    good = exact_store.encode(SIX, SIX_ENTRY)
    i = data.draw(st.integers(0, len(good) - 1))
    byte = data.draw(st.integers(0, 255).filter(lambda b: b != good[i]))
    bad = good[:i] + bytes([byte]) + good[i + 1:]
    assert exact_store.decode(SIX, bad) is None
    assert exact_store.decode(SIX, good[:i]) is None  # and every truncation


@pytest.mark.parametrize("why, payload", [
    ("not JSON", b"{'v': 1}"),
    ("deeply nested", b"[" * 20_000 + b"]" * 20_000),
    ("a list", [1, 2]),
    ("other format version", {"v": 2, "home": list(SIX), "expected": "5/4", "distribution": ["0/1", "3/4", "1/4"]}),
    ("another home", {"v": 1, "home": [0, 0, 0, 0, 1, 0], "expected": "5/4", "distribution": ["0/1", "3/4", "1/4"]}),
    ("sum is not 1", {"v": 1, "home": list(SIX), "expected": "5/4", "distribution": ["0/1", "3/4", "1/3"]}),
    ("mean is not its distribution's", {"v": 1, "home": list(SIX), "expected": "6/4",
                                        "distribution": ["0/1", "3/4", "1/4"]}),
    ("off before a roll", {"v": 1, "home": list(SIX), "expected": "0/1", "distribution": ["1/1"]}),
    ("a negative chance", {"v": 1, "home": list(SIX), "expected": "1/1",
                           "distribution": ["0/1", "5/4", "-1/4"]}),
    ("not in lowest terms", {"v": 1, "home": list(SIX), "expected": "10/8", "distribution": ["0/1", "3/4", "1/4"]}),
    ("numbers not strings", {"v": 1, "home": list(SIX), "expected": 1.25, "distribution": [0, 0.75, 0.25]}),
    ("NaN", b'{"v": 1, "home": [0, 0, 0, 0, 0, 1], "expected": NaN, "distribution": ["0/1", "3/4", "1/4"]}'),
    ("a huge number", {"v": 1, "home": list(SIX), "expected": "1" * 5000 + "/1", "distribution": ["1/1"]}),
    ("extra keys", {"v": 1, "home": list(SIX), "expected": "5/4", "distribution": ["0/1", "3/4", "1/4"], "x": 0}),
])
def test_a_forged_file_with_a_good_hash_is_still_refused(why: str, payload) -> None:
    assert exact_store.decode(SIX, forged(SIX, payload)) is None, why
    good = {"v": 1, "home": list(SIX), "expected": "5/4", "distribution": ["0/1", "3/4", "1/4"]}
    assert exact_store.decode(SIX, forged(SIX, good)) == SIX_ENTRY  # the checks do accept the real thing


@pytest.mark.parametrize("damage", ["garbage", "empty", "truncated", "wrong numbers", "folder"])
def test_a_damaged_entry_is_recomputed_and_written_over(cache_here: Path, damage: str) -> None:
    home = (0, 1, 0, 0, 0, 2)
    right = fresh(home)
    path = exact_store.entry_path(home)
    good = path.read_bytes()
    assert exact_store.load(home) == right
    path.unlink()
    if damage == "folder":
        path.mkdir()
    else:
        path.write_bytes({"garbage": b"\x00\xff" * 100, "empty": b"", "truncated": good[: len(good) // 2],
                          "wrong numbers": good.replace(b'"0/1"', b'"1/1"', 1)}[damage])
    assert exact_store.load(home) is None
    assert fresh(home) == right
    if damage != "folder":  # a folder in the way cannot be replaced by a file: it is only not believed
        assert path.read_bytes() == good


def test_a_huge_file_is_ignored_without_being_read(cache_here: Path) -> None:
    path = exact_store.entry_path(SIX)
    path.parent.mkdir(parents=True)
    with open(path, "wb") as f:
        f.write(exact_store.encode(SIX, SIX_ENTRY))  # a good start: the size alone decides
        f.truncate(3 << 30)  # sparse: 3 GB that take no disk space
    tracemalloc.start()
    try:
        assert exact_store.load(SIX) is None
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20, f"{peak} bytes allocated while loading"
    assert bo.exact_expected_rolls(SIX) == Fraction(5, 4)
    assert path.stat().st_size == len(exact_store.encode(SIX, SIX_ENTRY))  # written over


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_an_entry_does_not_hang(cache_here: Path) -> None:
    path = exact_store.entry_path(SIX)
    path.parent.mkdir(parents=True)
    os.mkfifo(path)  # opening it for reading without O_NONBLOCK would wait for a writer forever
    t = time.monotonic()
    assert exact_store.load(SIX) is None
    assert time.monotonic() - t < 5


def test_the_folder_holds_a_bounded_number_of_entries(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(exact_store, "MAX_ENTRIES", 3)
    homes = [(n, 0, 0, 0, 0, 0) for n in range(1, 6)]
    written = [exact_store.save(h, exact._exact(h), tmp_path) for h in homes]
    assert written == [True, True, True, False, False]
    assert len(list(exact_store.folder(tmp_path).glob("home-*"))) == 3
    assert exact_store.save(homes[0], exact._exact(homes[0]), tmp_path)  # an existing entry may be renewed


def test_an_unwritable_cache_is_not_an_error(tmp_path: Path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(blocker))
    assert not exact_store.save(SIX, SIX_ENTRY)
    assert fresh((0, 0, 0, 0, 1, 1)) == exact._compute((0, 0, 0, 0, 1, 1))
    exact._exact.cache_clear()


def test_a_warm_process_reads_instead_of_computing(cache_here: Path, monkeypatch) -> None:
    home = (0, 0, 1, 0, 1, 1)
    right = fresh(home)
    assert len(list(exact_store.folder().glob("home-*"))) > 10  # the smaller homes on the way, too
    exact._exact.cache_clear()

    def computed(h):
        raise AssertionError(f"{h} computed again although its entry is on disk")

    monkeypatch.setattr(exact, "_compute", computed)
    assert exact._exact(home) == right
    assert bo.exact_off_within(home, 2) == sum(right[1][:3])


def test_a_new_process_finds_the_entries_of_an_earlier_one(tmp_path: Path) -> None:
    home = (0, 0, 0, 1, 0, 1)
    env = {**os.environ, "TAVLA_DOCS_CACHE": str(tmp_path)}
    code = ("from tavla_docs.analysis.bearoff import exact, exact_store\n"
            f"h = {home!r}\n"
            "print(exact_store.load(h) is None, exact.exact_expected_rolls(h), exact_store.load(h) is not None)\n")
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    value = str(exact.exact_expected_rolls(home))
    assert first.stdout.split() == ["True", value, "True"]  # cold: computed, then stored
    assert second.stdout.split() == ["False", value, "True"]  # warm: there from the start


def test_the_folder_is_keyed_by_the_code_that_computes_the_entries(tmp_path: Path) -> None:
    files = {f.stem: f for f in exact_store.ENTRY_FILES}
    assert {"exact", "moves", "index", "dice", "exact_store"} <= files.keys()
    decides = {"exact", "moves", "index"}  # what the recursion imports from its package, except storage
    for name in decides:
        assert package_imports(files[name]) - {"exact_store"} <= files.keys(), name
    assert bo_cache.builder_digest(exact_store.ENTRY_FILES)[:16] in exact_store.folder(tmp_path).name
    copies = []
    for f in exact_store.ENTRY_FILES:
        (tmp_path / f.parent.name).mkdir(exist_ok=True)
        copies.append(Path(shutil.copy(f, tmp_path / f.parent.name / f.name)))
    assert bo_cache.builder_digest(copies) == bo_cache.builder_digest(exact_store.ENTRY_FILES)
    changed = next(c for c in copies if c.name == "exact.py")
    changed.write_text(changed.read_text(encoding="utf-8") + "\n# a changed recursion\n", encoding="utf-8")
    assert bo_cache.builder_digest(copies) != bo_cache.builder_digest(exact_store.ENTRY_FILES)
