"""`text_path`: a module's tests run once with the compiled accelerator (`formats.jsonl._speedups`)
and once on the pure-Python path, which must write the same bytes (`formats.jsonl.accel`)."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from tavla_docs.formats.jsonl import accel


@pytest.fixture(scope="module", params=["accelerated", "pure"])
def text_path(request: pytest.FixtureRequest) -> Iterator[str]:
    """The path `playtext` takes for the module's tests (module-scoped: hypothesis examples share it)."""
    saved = accel.SPEEDUPS
    if request.param == "accelerated":
        found = accel.compiled()
        if found is None:
            pytest.skip("the C accelerator is not built here (tests/formats/test_speedups.py fails for that under CI)")
        accel.SPEEDUPS = found
    else:
        accel.SPEEDUPS = None
    yield request.param
    accel.SPEEDUPS = saved
