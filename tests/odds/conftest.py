"""Shared fixtures for the odds and bear-off tests."""
from __future__ import annotations

import pytest

from tavla_docs.analysis import bearoff


@pytest.fixture(scope="session")
def db() -> bearoff.BearoffDB:
    """The full 15-checker database, from the disk cache (built once, ~3 s, when missing)."""
    return bearoff.database()
