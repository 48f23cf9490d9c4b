"""`tavla-docs check` as a user runs it (in-process, through the entry point): exit codes, output
shape, no tracebacks. Paths are printed relative to the current directory, so each run names it."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fixture import PROJECT

REPO = Path(__file__).resolve().parents[2]

BAD = Path(__file__).parent / "bad"
LINE = re.compile(r"^\S+:\d+:\d+: error: .+$")


@pytest.fixture
def check(cli):
    """`check(*args, cwd=PROJECT)`: `tavla-docs check ARGS` run from `cwd` (the tests' frozen project)."""
    return lambda *args, cwd=PROJECT: cli("check", *map(str, args), cwd=cwd)


def test_seed_scenarios_pass_with_exit_0(check):
    r = check("scenarios/bear-off")
    assert r.returncode == 0, r.stdout + r.stderr
    assert re.fullmatch(r"\d+ scenarios, \d+ claims checked, all hold\n", r.stdout)
    assert int(r.stdout.split()[0]) >= 30


def test_bad_corpus_exits_1_with_one_line_per_problem(check):
    r = check(BAD)
    assert r.returncode == 1
    assert "Traceback" not in r.stdout + r.stderr and r.stderr == ""
    lines = r.stdout.splitlines()
    summary = lines.pop()
    assert re.fullmatch(r"\d+ scenarios, \d+ claims checked, \d+ errors in \d+ files", summary), summary
    problems = [ln for ln in lines if not ln.startswith("    ")]
    assert all(LINE.match(ln) for ln in problems), [ln for ln in problems if not LINE.match(ln)]
    files_reported = {ln.split(":", 1)[0] for ln in problems}
    assert len(files_reported) == len(list(BAD.glob("*.yaml")))  # every bad file is reported


def test_output_is_deterministic():
    """Two separate processes with different hash seeds (set and dict order must not leak into the
    output): the one place this file needs real processes."""
    def run(seed: str) -> str:
        env = {**os.environ, "PYTHONHASHSEED": seed}
        return subprocess.run([sys.executable, "-m", "tavla_docs", "check", str(BAD)], cwd=REPO, env=env,
                              capture_output=True, text=True, timeout=120).stdout
    first = run("1")
    assert first.endswith(" files\n") and first == run("2")


def test_hint_lists_the_real_legal_plays(check):
    r = check(BAD / "plays-wrong.yaml")
    assert r.returncode == 1
    first, hint = r.stdout.splitlines()[:2]
    assert first.endswith("plays-wrong.yaml:9:10: error: plays: 6-3 has 4 distinct legal plays, not 5")
    assert hint.startswith("    the 4 legal plays: ") and "9/off" in hint


def test_usage_errors_exit_2(check):
    r = check("no/such/dir")
    assert r.returncode == 2 and "no such file or directory: no/such/dir" in r.stderr
    r = check("--no-such-option")
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_default_path_is_scenarios_in_the_current_directory(check, tmp_path):
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "one.yaml").write_text(
        "variant: tavla\nposition: {white: {6: 1}, black: {19: 15}}\nturn: white\nroll: 6-5\nexpect: {plays: 2}\n")
    r = check(cwd=tmp_path)
    assert r.returncode == 1
    assert r.stdout.startswith("scenarios/one.yaml:5:17: error: plays: 6-5 has 1 distinct legal play, not 2")
    r = check(cwd=tmp_path / "scenarios")  # no scenarios/ below here
    assert r.returncode == 2


def test_a_folder_without_scenarios_fails(check, tmp_path: Path) -> None:
    r = check(tmp_path)
    assert r.returncode == 1
    assert r.stderr.strip() == f"tavla-docs check: error: no scenario files (*.yaml, *.yml) under {tmp_path}"
    assert "Traceback" not in r.stderr
