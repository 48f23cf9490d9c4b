"""The installed `tavla-docs` script and `python -m tavla_docs`, as real processes: the exit status
and the streams reach the shell, and bad input ends without a traceback.

Every other CLI test calls the entry point in-process (the `cli` fixture in tests/conftest.py).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

START = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def script() -> str:
    """The console script pip installed beside this interpreter (else the first on PATH)."""
    found = shutil.which("tavla-docs", path=str(Path(sys.executable).parent)) or shutil.which("tavla-docs")
    if found is None:  # like the browser tests: a skip locally, a failure in CI
        (pytest.fail if os.environ.get("CI") else pytest.skip)("the tavla-docs script is not installed (pip install -e .)")
    return found


def run(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run(list(argv), capture_output=True, text=True, timeout=120)


def test_installed_script_prints_the_plays_and_exits_0():
    r = run(script(), "plays", START, "3-1")
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    lines = r.stdout.splitlines()
    assert "16 legal plays" in lines[0] and len(lines) == 17


@pytest.mark.parametrize("launcher", ["script", "python -m"])
def test_bad_input_exits_1_with_one_line_and_usage_errors_exit_2(launcher):
    cmd = [script()] if launcher == "script" else [sys.executable, "-m", "tavla_docs"]
    r = run(*cmd, "plays", START, "7-1")
    assert r.returncode == 1 and r.stdout == ""
    assert len(r.stderr.splitlines()) == 1 and r.stderr.startswith("tavla-docs: error:"), r.stderr
    r = run(*cmd)
    assert r.returncode == 2 and "usage: tavla-docs" in r.stderr and "Traceback" not in r.stderr
