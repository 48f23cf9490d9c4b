"""Edges of the command line found in review: nothing to check, and scenario errors from render."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tavla_docs import BACKGAMMON, Side
from tavla_docs.engine.results import Cube, CubeError


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tavla_docs", *args], capture_output=True, text=True)


def test_check_on_a_folder_without_scenarios_fails(tmp_path: Path) -> None:
    r = run("check", str(tmp_path))
    assert r.returncode == 1
    assert r.stderr.strip() == f"tavla-docs check: error: no scenario files (*.yaml, *.yml) under {tmp_path}"
    assert "Traceback" not in r.stderr


def test_render_prints_scenario_diagnostics_once_compiler_style(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("variant: tavla\nposition: {white: {6: 16}}\nturn: white\n", encoding="utf-8")
    r = run("render", str(bad))
    assert r.returncode == 1
    first = r.stderr.splitlines()[0]
    assert first.startswith(f"{bad}:2:"), first
    assert ": error: " in first and "tavla-docs render: error:" not in r.stderr


def test_no_cube_in_a_one_point_match() -> None:
    cube = Cube()
    assert cube.can_double(Side.WHITE, BACKGAMMON, match_length=3)
    assert not cube.can_double(Side.WHITE, BACKGAMMON, match_length=1)
    with pytest.raises(CubeError, match="1-point match"):
        cube.offer(Side.WHITE, BACKGAMMON, match_length=1)


def test_plays_names_a_folder_and_non_utf8_files(tmp_path: Path) -> None:
    r = run("plays", str(tmp_path), "3-1")
    assert r.returncode == 1 and f"{tmp_path}: is a folder" in r.stderr
    binary = tmp_path / "pos.yaml"
    binary.write_bytes(b"\xff\xfe\x00")
    r = run("plays", str(binary), "3-1")
    assert r.returncode == 1 and f"{binary}: not UTF-8 text" in r.stderr and "Traceback" not in r.stderr
