"""The bear-off database's disk cache: named by the builder's own code, and sized before it is read.

A file in the cache is only ever a cache: one made by another builder, or of the wrong size, or
damaged, is rebuilt, never trusted, and a huge file in its place is not read whole.
"""
from __future__ import annotations

import ast
import os
import pathlib
import shutil
import tracemalloc
from pathlib import Path

import pytest

from tavla_docs.analysis import bearoff as bo
from tavla_docs.analysis.bearoff import cache as bo_cache

SIX = (0, 0, 0, 0, 0, 1)


def test_a_huge_file_in_the_cache_is_rejected_without_being_read(tmp_path: Path, monkeypatch) -> None:
    good = bo.build_database(3).to_bytes()
    path = bo.cache_path(3, tmp_path)
    tmp_path.mkdir(exist_ok=True)
    with open(path, "wb") as f:
        f.write(good[:64])  # a plausible start: the real header
        f.truncate(3 << 30)  # sparse: 3 GB that take no disk space
    real_read_bytes = pathlib.Path.read_bytes

    def read_bytes(self: Path) -> bytes:
        assert self.stat().st_size < 1 << 26, f"{self} ({self.stat().st_size} bytes) read whole"
        return real_read_bytes(self)

    monkeypatch.setattr(pathlib.Path, "read_bytes", read_bytes)
    tracemalloc.start()
    try:
        db = bo.load_database(3, tmp_path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1 << 26, f"{peak} bytes allocated while loading"
    assert db.expected_rolls(SIX) == 1.25
    assert path.stat().st_size == len(good)  # rebuilt and written over the huge file
    assert path.read_bytes() == good


@pytest.mark.parametrize("change", ["short", "long", "other-size"])
def test_a_file_of_the_wrong_size_is_rebuilt(tmp_path: Path, change: str) -> None:
    good = bo.build_database(3).to_bytes()
    other = bo.build_database(2).to_bytes()
    path = bo.cache_path(3, tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes({"short": good[:-8], "long": good + b"\0" * 8, "other-size": other}[change])
    assert bo.load_database(3, tmp_path).to_bytes() == good
    assert path.read_bytes() == good


def package_imports(path: Path) -> set[str]:
    """The modules of the same package that a module imports (`from .x import …`, `from . import x`)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out |= {node.module} if node.module else {a.name for a in node.names}
    return out


def test_the_builder_files_are_everything_the_build_imports_from_its_package() -> None:
    files = {f.stem: f for f in bo_cache.BUILDER_FILES}
    assert {"build", "index", "store"} <= files.keys()
    for f in files.values():
        assert package_imports(f) <= files.keys(), f"{f.name} imports a module whose code is not in the cache key"


def test_the_file_name_is_keyed_by_the_builders_code(tmp_path: Path) -> None:
    files = bo_cache.BUILDER_FILES
    name = bo.cache_path(15, tmp_path).name
    assert bo_cache.builder_digest()[:16] in name and f"v{bo.FORMAT_VERSION}" in name
    copies = []
    for f in files:
        shutil.copy(f, tmp_path / f.name)
        copies.append(tmp_path / f.name)
    assert bo_cache.builder_digest(copies) == bo_cache.builder_digest()
    build = tmp_path / "build.py"
    build.write_text(build.read_text(encoding="utf-8") + "\n# a changed builder\n", encoding="utf-8")
    assert bo_cache.builder_digest(copies) != bo_cache.builder_digest()


def test_a_changed_builder_does_not_read_the_old_file(tmp_path: Path, monkeypatch) -> None:
    first = bo.load_database(3, tmp_path)
    old = bo.cache_path(3, tmp_path)
    assert old.exists()
    monkeypatch.setattr(bo_cache, "builder_digest", lambda files=None: "f" * 64)  # as if build.py changed
    new = bo.cache_path(3, tmp_path)
    assert new != old
    assert bo.load_database(3, tmp_path).to_bytes() == first.to_bytes()
    assert new.exists() and old.exists()
    assert sorted(os.listdir(tmp_path)) == sorted([old.name, new.name])
