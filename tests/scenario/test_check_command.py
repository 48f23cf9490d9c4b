"""`tavla-docs check` as a user runs it: exit codes, output shape, no tracebacks."""
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BAD = Path(__file__).parent / "bad"
LINE = re.compile(r"^\S+:\d+:\d+: error: .+$")


def check(*args, cwd=REPO):
    return subprocess.run([sys.executable, "-m", "tavla_docs", "check", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_seed_scenarios_pass_with_exit_0():
    r = check("scenarios/bear-off")
    assert r.returncode == 0, r.stdout + r.stderr
    assert re.fullmatch(r"\d+ scenarios, \d+ claims checked, all hold\n", r.stdout)
    assert int(r.stdout.split()[0]) >= 30


def test_bad_corpus_exits_1_with_one_line_per_problem():
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
    assert check(BAD).stdout == check(BAD).stdout


def test_hint_lists_the_real_legal_plays():
    r = check(BAD / "plays-wrong.yaml")
    assert r.returncode == 1
    first, hint = r.stdout.splitlines()[:2]
    assert first.endswith("plays-wrong.yaml:9:10: error: plays: 6-3 has 4 distinct legal plays, not 5")
    assert hint.startswith("    the 4 legal plays: ") and "9/off" in hint


def test_usage_errors_exit_2():
    r = check("no/such/dir")
    assert r.returncode == 2 and "no such file or directory: no/such/dir" in r.stderr
    r = check("--no-such-option")
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_default_path_is_scenarios_in_the_current_directory(tmp_path):
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "one.yaml").write_text(
        "variant: tavla\nposition: {white: {6: 1}, black: {19: 15}}\nturn: white\nroll: 6-5\nexpect: {plays: 2}\n")
    r = check(cwd=tmp_path)
    assert r.returncode == 1
    assert r.stdout.startswith("scenarios/one.yaml:5:17: error: plays: 6-5 has 1 distinct legal play, not 2")
    r = check(cwd=tmp_path / "scenarios")  # no scenarios/ below here
    assert r.returncode == 2
