"""Suite-wide settings.

- Under CI (env CI set) hypothesis runs derandomized, so a red CI is always reproducible;
  locally it explores new examples on every run. Neither has a per-example deadline: tests
  assert what is computed, and speed is measured in benchmarks/ (a loaded machine made
  hypothesis' 200 ms deadline fail tests whose answers were right).
- Caches live in temporary folders: the bear-off database file goes to a folder made for this
  run (`bearoff.cache_dir` honours $TAVLA_DOCS_CACHE; child processes inherit it), set before
  collection so doctests and scenario items use it too, and removed at the end. It is built
  cold once per run (~3 s). Site builds of the project run on a copy (tests/site/conftest.py);
  a doctest that makes a `SiteRenderer` without naming its cache gets a temporary one. Under
  pytest-xdist (`make test`) each worker makes its own.
- The red team's corpus is collected first (below).
"""
from __future__ import annotations

import os
import shutil
import tempfile

import pytest
from hypothesis import settings

settings.register_profile("local", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "local")

_CACHE = pytest.StashKey[tuple[str, str | None]]()


def pytest_configure(config: pytest.Config) -> None:
    folder = tempfile.mkdtemp(prefix="tavla-docs-cache-")
    config.stash[_CACHE] = (folder, os.environ.get("TAVLA_DOCS_CACHE"))
    os.environ["TAVLA_DOCS_CACHE"] = folder


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The red team's corpus first: the longest test (minutes, in processes of its own), so the
    other workers of `pytest -n` share out the rest while it runs instead of waiting for it at the
    end. The same order in every worker (pytest-xdist requires it)."""
    items.sort(key=lambda item: "tests/redteam/" not in item.nodeid)


def pytest_unconfigure(config: pytest.Config) -> None:
    folder, before = config.stash[_CACHE]
    if before is None:
        os.environ.pop("TAVLA_DOCS_CACHE", None)
    else:
        os.environ["TAVLA_DOCS_CACHE"] = before
    shutil.rmtree(folder, ignore_errors=True)
