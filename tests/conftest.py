"""Fixtures every test folder shares: `tavla-docs` run in-process."""
from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tavla_docs.cli.main import main

Cli = Callable[..., subprocess.CompletedProcess]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Cli:
    """`cli(*argv, stdin=None, cwd=None)`: `tavla-docs ARGV` through its entry point in this process.

    Returns what `subprocess.run(..., text=True)` would: the exit status (main's return value, or
    argparse's SystemExit for a usage error), stdout and stderr. Uncaught exceptions propagate, so a
    crash fails the test with its traceback. tests/test_installed_script.py runs the real script.
    """

    def run(*argv: str, stdin: str | None = None, cwd: Path | str | None = None) -> subprocess.CompletedProcess:
        capsys.readouterr()  # drop anything printed before
        with monkeypatch.context() as mp:
            if stdin is not None:
                mp.setattr("sys.stdin", io.StringIO(stdin))
            if cwd is not None:
                mp.chdir(cwd)
            try:
                code = main(list(argv))
            except SystemExit as e:  # argparse: usage errors and --help
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
                if isinstance(e.code, str):
                    print(e.code, file=sys.stderr)
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(["tavla-docs", *argv], code, out, err)

    return run


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "speed_layer: exercises a speed layer that TAVLA_DOCS_PURE switches off")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under `TAVLA_DOCS_PURE` the speed layers are off, so a test that checks one (that workers
    start, that a rebuild skips pages) has nothing to check: it is skipped, saying why. The rest of
    the suite, the reference paths' tests, runs as always."""
    from tavla_docs.pure import PURE

    if not PURE:
        return
    skip = pytest.mark.skip(reason="a speed layer's test: TAVLA_DOCS_PURE switches the layer off")
    for item in items:
        if item.get_closest_marker("speed_layer"):
            item.add_marker(skip)
