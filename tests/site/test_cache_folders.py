"""The site cache appends each process's entries to one pack file, reads the packs other processes
are still writing, and still writes when its pack was removed by hand since (a
`rm -rf .tavla-cache/site/*` during `mkdocs serve`)."""
from __future__ import annotations

import multiprocessing
import shutil

from tavla_docs.site.cache import Cache


def test_an_entry_is_written_after_its_pack_was_removed(tmp_path):
    c = Cache(tmp_path / "site")
    c.put("ab01", {"x": 1})
    shutil.rmtree(tmp_path / "site" / "packs")
    c.put("ab02", {"x": 2})
    assert c.get("ab02") == {"x": 2} and c.get("ab01") is None
    assert c._writable  # not taken for a folder that cannot be written
    assert Cache(tmp_path / "site").get("ab02") == {"x": 2}  # and another process reads it


def test_a_process_writes_one_pack(tmp_path):
    c = Cache(tmp_path / "site")
    for k in ("cd01", "cd02", "ef01"):
        c.put(k, k)
    assert [c.get(k) for k in ("cd01", "cd02", "ef01")] == ["cd01", "cd02", "ef01"]
    assert len(c.packs()) == 1
    c.put("cd01", "again")  # the last entry of a key wins
    fresh = Cache(tmp_path / "site")
    assert [fresh.get(k) for k in ("cd01", "cd02", "ef01")] == ["again", "cd02", "ef01"]


def test_a_forked_worker_writes_its_own_pack_and_the_parent_reads_it(tmp_path):
    c = Cache(tmp_path / "site")
    c.put("aa01", "parent")
    assert c.get("bb01") is None  # indexed before the worker wrote it: looked for again on a miss
    ctx = multiprocessing.get_context("fork")
    child = ctx.Process(target=lambda: c.put("bb01", {"from": "child"}))  # the parent's Cache, forked
    child.start()
    child.join()
    assert child.exitcode == 0
    assert len(c.packs()) == 2
    assert c.get("bb01") == {"from": "child"} and c.get("aa01") == "parent"


def test_an_entry_is_read_only_when_it_is_whole(tmp_path):
    c = Cache(tmp_path / "site")
    c.put("ab01", {"x": "y" * 1000})
    [pack] = c.packs()
    whole = pack.read_bytes()
    reader = Cache(tmp_path / "site")
    for cut in (10, whole.index(b"\n") + 1, len(whole) - 1):  # a header, then its JSON, still being written
        pack.write_bytes(whole[:cut])
        assert reader.get("ab01") is None
    pack.write_bytes(whole)
    assert reader.get("ab01") == {"x": "y" * 1000}


def test_a_bad_header_ends_what_is_read_of_a_pack(tmp_path):
    c = Cache(tmp_path / "site")
    c.put("ab01", 1)
    c.put("ab02", 2)
    [pack] = c.packs()
    data = pack.read_bytes()
    second = data.index(b"tavla-docs-cache", 1)
    for bad in (b"tavla-docs-cache 2 AB02 1 ", b"tavla-docs-cache 1 ab02 1 ", b"x" * 300):
        pack.write_bytes(data[:second] + bad + data[second + len(bad):])
        reader = Cache(tmp_path / "site")
        assert reader.get("ab01") == 1 and reader.get("ab02") is None, bad
    huge = data[:second] + data[second:].replace(b" 1 ", b" 99999999999 ", 1)
    pack.write_bytes(huge)
    assert Cache(tmp_path / "site").get("ab02") is None  # a length past MAX_ENTRY_BYTES


def test_a_build_hashes_each_dependency_once(tmp_path):
    """`deps_unchanged` with a build's `digests`: each file hashed once for every page that used it
    (a changed file is seen by the next build, which starts with none)."""
    import hashlib

    from tavla_docs.site.cache import deps_unchanged

    (tmp_path / "s.yaml").write_text("a\n", encoding="utf-8")
    deps = {"s.yaml": hashlib.sha256(b"a\n").hexdigest()}
    digests: dict = {}
    assert deps_unchanged(tmp_path, deps, digests) and digests == deps
    (tmp_path / "s.yaml").write_text("b\n", encoding="utf-8")
    assert deps_unchanged(tmp_path, deps, digests)  # this build's hash
    assert not deps_unchanged(tmp_path, deps, {}) and not deps_unchanged(tmp_path, deps)
    (tmp_path / "s.yaml").unlink()
    gone: dict = {}
    assert not deps_unchanged(tmp_path, deps, gone) and gone == {"s.yaml": None}
    assert not deps_unchanged(tmp_path, deps, gone)
