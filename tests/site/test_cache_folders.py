"""The site cache makes each entry folder once per process, and still writes when the folder was
emptied by hand since (a `rm -rf .tavla-cache/site/*` during `mkdocs serve`)."""
from __future__ import annotations

import shutil

from tavla_docs.site.cache import Cache


def test_an_entry_is_written_after_its_folder_was_removed(tmp_path):
    c = Cache(tmp_path / "site")
    c.put("ab01", {"x": 1})
    shutil.rmtree(tmp_path / "site" / "ab")
    c.put("ab02", {"x": 2})
    assert c.get("ab02") == {"x": 2} and c.get("ab01") is None
    assert c._writable  # not taken for a folder that cannot be written


def test_entries_of_one_folder_share_it(tmp_path):
    c = Cache(tmp_path / "site")
    for k in ("cd01", "cd02", "ef01"):
        c.put(k, k)
    assert [c.get(k) for k in ("cd01", "cd02", "ef01")] == ["cd01", "cd02", "ef01"]
    assert sorted(p.name for p in (tmp_path / "site").iterdir() if p.is_dir()) == ["cd", "ef"]
