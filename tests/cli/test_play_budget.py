"""The play budget on the command line: heavy rolls end with a located error, promptly and in
bounded memory, in `check`, `build`, the pytest plugin, `odds` and `plays --jsonl`; the limit
comes from --max-plays, mkdocs.yml or pyproject.toml (the command line wins) and raising it
lets a heavy case through.

The measured runs are real processes (`tavla-docs` through its entry point, pytest, a site
build): each reports its CPU time and peak RSS (`resource.getrusage`) and must stay under 20 s
and 500 MB. CPU time, not wall-clock time, is asserted: on a shared machine the wall clock
depends on the neighbours; a generous subprocess timeout catches a hang.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tavla_docs.scenario import project
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]

# Gülbara from the start, 1-1 on turn 4: the progression 1 1 1 1 2 2 2 2 … 6 6 6 6 has ~3.2 million plays.
HEAVY = """variant: gulbara
position:
  white: {24: 15}
  black: {12: 15}
turn: white
turn_number: 4
roll: 1-1
expect:
  plays: 1
  dice_used: 24
"""
# A spread Gülbara middle game: 2-2 climbs through twenty moves.
SPREAD = """variant: gulbara
position:
  white: {24: 2, 22: 1, 21: 1, 20: 1, 19: 1, 18: 1, 17: 2, 16: 1, 15: 1, 14: 1, 13: 1, 10: 1, 9: 1}
  black: {12: 3, 11: 1, 8: 1, 7: 1, 6: 2, 5: 1, 4: 1, 3: 2, 2: 1, 1: 2}
turn: white
turn_number: 10
roll: 2-2
expect:
  dice_used: 20
"""
# The same middle game with 4-4: 6,939 plays, about 50,000 entries stored (heavy, but not too heavy).
MEDIUM = SPREAD.replace("roll: 2-2", "roll: 4-4").replace("dice_used: 20", "plays: 6939")
START = "white: {24: 15}\nblack: {12: 15}\n"
LOCATED = "scenarios/heavy.yaml:7:7: error: Gülbara 1-1 from this position has more than {n} distinct plays; " \
          "tavla-docs stops there"
HINT = "    raise the limit with --max-plays or max_plays: in mkdocs.yml"


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


# ---- what the commands say (in-process, small limits) -----------------------------------

def test_check_reports_the_roll_line_once_per_frame(cli, tmp_path):
    _project(tmp_path, {"scenarios/heavy.yaml": HEAVY})
    r = cli("check", "--max-plays", "2000", cwd=tmp_path)
    assert r.returncode == 1
    assert r.stdout.splitlines() == [LOCATED.format(n="2,000"), HINT,
                                     "1 scenario, 2 claims checked, 1 error in 1 file"]
    assert "Traceback" not in r.stderr


def test_a_shown_play_and_a_later_step_are_located_at_their_own_roll(cli, tmp_path):
    shown = HEAVY.replace("expect:\n  plays: 1\n  dice_used: 24\n", "show: 24/23\n")
    story = ("variant: gulbara\nposition: {white: {24: 15}, black: {12: 15}}\nturn: white\nturn_number: 3\n"
             "roll: 6-5\nshow: 24/18 24/19\nthen:\n  - roll: 1-1\n    expect: {plays: 1}\n")
    _project(tmp_path, {"scenarios/shown.yaml": shown, "scenarios/story.yaml": story})
    r = cli("check", "-q", "--max-plays", "2000", cwd=tmp_path)
    assert r.returncode == 1
    lines = r.stdout.splitlines()
    assert lines[0] == ("scenarios/shown.yaml:7:7: error: Gülbara 1-1 from this position has more than 2,000 "
                        "distinct plays; tavla-docs stops there")
    assert lines[2] == ("scenarios/story.yaml:8:11: error: Gülbara 1-1 from this position has more than 2,000 "
                        "distinct plays; tavla-docs stops there")
    assert len(lines) == 4


def test_the_limit_comes_from_pyproject_then_mkdocs_yml_then_the_command_line(cli, tmp_path):
    _project(tmp_path, {"scenarios/heavy.yaml": HEAVY, "pyproject.toml": "[tool.tavla-docs]\nmax_plays = 2000\n"})
    assert cli("check", "-q", cwd=tmp_path).stdout.splitlines()[0] == LOCATED.format(n="2,000")
    (tmp_path / "mkdocs.yml").write_text("site_name: x\nplugins:\n  - tavla-docs:\n      max_plays: 3000\n")
    assert cli("check", "-q", cwd=tmp_path).stdout.splitlines()[0] == LOCATED.format(n="3,000")
    assert cli("check", "-q", "--max-plays", "1500", cwd=tmp_path).stdout.splitlines()[0] == LOCATED.format(n="1,500")


def test_a_raised_limit_lets_a_heavy_case_through(cli, tmp_path):
    _project(tmp_path, {"scenarios/medium.yaml": MEDIUM, "mkdocs.yml": "plugins:\n  - tavla-docs: {max_plays: 20000}\n"})
    low = cli("check", "-q", cwd=tmp_path)
    assert low.returncode == 1
    assert "scenarios/medium.yaml:7:7: error: Gülbara 4-4 from this position has more than 20,000" in low.stdout
    high = cli("check", "--max-plays", "60000", cwd=tmp_path)
    assert (high.returncode, high.stdout) == (0, "1 scenario, 1 claim checked, all hold\n")


def test_the_time_limit(cli, tmp_path):
    _project(tmp_path, {"scenarios/heavy.yaml": HEAVY})
    r = cli("check", "-q", "--max-plays", "100000000", "--max-seconds", "0.2", cwd=tmp_path)
    assert r.returncode == 1
    first, hint = r.stdout.splitlines()[:2]
    assert first.startswith("scenarios/heavy.yaml:7:7: error: Gülbara 1-1 from this position takes more than "
                            "0.2 s to list its plays (")
    assert hint == "    raise the limit with --max-seconds or max_seconds: in mkdocs.yml"


def test_a_long_check_says_which_file_it_is_on(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(project, "SLOW_FILE_SECONDS", 0.05)
    _project(tmp_path, {"scenarios/heavy.yaml": HEAVY, "scenarios/quick.yaml": MEDIUM.replace("4-4", "6-5")
                        .replace("plays: 6939", "dice_used: 2")})
    # The time limit, not the play count, ends the heavy file: a faster walk reaches any count sooner,
    # but this check still runs a second, past the 0.05 s after which the file is named.
    r = cli("check", "-q", "--max-plays", "100000000", "--max-seconds", "1", cwd=tmp_path)
    assert "checking scenarios/heavy.yaml …" in r.stderr.splitlines()
    assert "quick" not in r.stderr


@pytest.mark.parametrize(("setting", "where"), [
    ('[tool.tavla-docs]\nmax_plays = 0\n', "pyproject.toml: [tool.tavla-docs] max_plays is a whole number"),
    ('[tool.tavla-docs]\nmax_seconds = "soon"\n', "pyproject.toml: [tool.tavla-docs] max_seconds is a number"),
    ("[tool.tavla-docs\n", "pyproject.toml: cannot read the project's settings"),
])
def test_bad_settings_are_one_line_errors(cli, tmp_path, setting, where):
    _project(tmp_path, {"scenarios/heavy.yaml": HEAVY, "pyproject.toml": setting})
    r = cli("check", cwd=tmp_path)
    assert r.returncode == 1 and r.stdout == ""
    assert where in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("option", [["--max-plays", "0"], ["--max-plays", "many"], ["--max-seconds", "-1"],
                                    ["--max-seconds", "inf"]])
def test_bad_options_are_usage_errors(cli, tmp_path, option):
    assert cli("check", *option, cwd=tmp_path).returncode == 2


def test_plays_and_odds_stop_with_a_hint(cli, tmp_path):
    _project(tmp_path, {"start.yaml": START})
    r = cli("plays", "start.yaml", "1-1", "--variant", "gulbara", "--turn-number", "4", "--max-plays", "2000",
            cwd=tmp_path)
    assert (r.returncode, r.stdout) == (1, "")
    assert r.stderr.splitlines() == [
        "tavla-docs plays: error: Gülbara 1-1 from this position has more than 2,000 distinct plays; "
        "tavla-docs stops there", "    raise the limit with --max-plays"]
    r = cli("odds", "start.yaml", "--variant", "gulbara", "--max-plays", "2000", cwd=tmp_path)
    assert (r.returncode, r.stdout) == (1, "")
    assert r.stderr.startswith("tavla-docs odds: error: start.yaml: Gülbara ")
    assert "distinct plays; tavla-docs stops there\n    raise the limit with --max-plays\n" in r.stderr


def test_each_jsonl_request_has_the_budget_and_the_batch_goes_on(cli, tmp_path):
    _project(tmp_path, {"start.yaml": START})
    lines = [{"position": "start.yaml", "roll": "1-1", "variant": "gulbara", "turn_number": 4},
             {"position": "start.yaml", "roll": "6-5", "variant": "gulbara"},
             {"position": "start.yaml", "roll": "2-2", "variant": "gulbara", "turn_number": 9}]
    r = cli("plays", "--jsonl", "--max-plays", "2000", stdin="".join(json.dumps(x) + "\n" for x in lines),
            cwd=tmp_path)
    out = [json.loads(line) for line in r.stdout.splitlines()]
    assert r.returncode == 0 and len(out) == 3
    assert out[0] == {"error": "Gülbara 1-1 from this position has more than 2,000 distinct plays; "
                               "tavla-docs stops there"}
    assert [p["notation"] for p in out[1]["plays"]] == ["24/19 24/18", "24/13"]
    assert out[2]["error"].startswith("Gülbara 2-2 from this position has more than 2,000")


# ---- measured: real processes, the default budget -------------------------------------------

RUNNER = r"""
import json, os, resource, sys, time
start = time.monotonic()
if sys.argv[1] == "pytest":
    import pytest
    code = pytest.main(sys.argv[2:])
else:
    from tavla_docs.cli.main import main
    code = main(sys.argv[1:])
usage = resource.getrusage(resource.RUSAGE_SELF)
with open(os.environ["TAVLA_USAGE"], "w") as f:
    json.dump({"wall": time.monotonic() - start, "cpu": usage.ru_utime + usage.ru_stime,
               "rss_mb": usage.ru_maxrss / 1024}, f)
sys.exit(int(code))
"""


def _measured(tmp_path: Path, *argv: str, stdin: str | None = None) -> tuple[subprocess.CompletedProcess, dict]:
    usage = tmp_path / "usage.json"
    env = {**os.environ, "TAVLA_USAGE": str(usage), "TAVLA_DOCS_CACHE": str(tmp_path / "cache")}
    proc = subprocess.run([sys.executable, "-c", RUNNER, *argv], cwd=tmp_path, input=stdin, capture_output=True,
                          text=True, timeout=180, env=env)
    figures = json.loads(usage.read_text())
    print(f"{' '.join(argv)}: {figures['wall']:.1f} s wall, {figures['cpu']:.1f} s CPU, {figures['rss_mb']:.0f} MB")
    assert figures["cpu"] < 20 and figures["rss_mb"] < 500, figures
    assert "Traceback" not in proc.stderr
    return proc, figures


def test_check_of_the_gulbara_scenario_ends_promptly(tmp_path):
    _project(tmp_path, {"scenarios/heavy.yaml": HEAVY})
    proc, _ = _measured(tmp_path, "check")
    assert proc.returncode == 1
    assert proc.stdout.splitlines()[:2] == [LOCATED.format(n="200,000"), HINT]


def test_check_of_a_spread_middle_game_double_ends_promptly(tmp_path):
    _project(tmp_path, {"scenarios/spread.yaml": SPREAD})
    proc, _ = _measured(tmp_path, "check")
    assert proc.returncode == 1
    assert proc.stdout.splitlines()[0] == ("scenarios/spread.yaml:7:7: error: Gülbara 2-2 from this position has "
                                           "more than 200,000 distinct plays; tavla-docs stops there")


def test_odds_of_a_gulbara_position_ends_promptly(tmp_path):
    _project(tmp_path, {"start.yaml": START})
    proc, _ = _measured(tmp_path, "odds", "start.yaml", "--variant", "gulbara")
    assert proc.returncode == 1
    assert proc.stderr.splitlines()[0] == ("tavla-docs odds: error: start.yaml: Gülbara 2-2 from this position has "
                                           "more than 200,000 distinct plays; tavla-docs stops there")


def test_a_heavy_jsonl_request_ends_promptly_and_the_next_is_answered(tmp_path):
    _project(tmp_path, {"start.yaml": START})
    requests = [{"position": "start.yaml", "roll": "1-1", "variant": "gulbara", "turn_number": 4},
                {"position": "start.yaml", "roll": "6-5", "variant": "gulbara"}]
    proc, _ = _measured(tmp_path, "plays", "--jsonl", stdin="".join(json.dumps(x) + "\n" for x in requests))
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert proc.returncode == 0
    assert out[0] == {"error": "Gülbara 1-1 from this position has more than 200,000 distinct plays; "
                               "tavla-docs stops there"}
    assert len(out[1]["plays"]) == 2


def test_the_pytest_plugin_fails_the_heavy_file_promptly(tmp_path):
    _project(tmp_path, {"scenarios/heavy.yaml": HEAVY, "pytest.ini": "[pytest]\ntavla_scenarios = scenarios\n"})
    proc, _ = _measured(tmp_path, "pytest", "-q", "-p", "no:cacheprovider", "scenarios")
    assert proc.returncode == 1
    assert LOCATED.format(n="200,000") in proc.stdout.splitlines()
    assert "2 failed, 1 passed" in proc.stdout  # the load item passes; both claims fail at the roll


def test_a_site_build_with_the_heavy_scenario_fails_at_its_roll(tmp_path):
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    shutil.copy(PROJECT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    for name in ("content", "templates", "scenarios"):
        shutil.copytree(PROJECT / name, tmp_path / name)
    (tmp_path / "scenarios" / "heavy.yaml").write_text(HEAVY, encoding="utf-8")
    proc, _ = _measured(tmp_path, "build", "--site-dir", str(tmp_path / "site"))
    assert proc.returncode == 1
    lines = proc.stderr.splitlines()
    assert LOCATED.format(n="200,000") in lines and HINT in lines
    assert "tavla-docs build: error: scenario checks failed; the site was not built" in lines
    assert not (tmp_path / "site").exists()


def test_the_pages_have_the_plugin_setting_and_the_command_line_wins(cli, tmp_path, monkeypatch):
    from tests.site.conftest import TINY_CONFIG, tiny_project

    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("TAVLA_DOCS_AUDIT", "off")  # the audit's local switch: this page states no fact to check
    page = '# M\n\n{{ diagram("medium") }}\n'
    (tmp_path / "p").mkdir()
    root = tiny_project(tmp_path / "p", page, page, {"medium": MEDIUM})
    (root / "mkdocs.yml").write_text(TINY_CONFIG.replace("tavla-docs: {}", "tavla-docs: {max_plays: 20000}"),
                                     encoding="utf-8")
    # --no-check: the scenario is checked where the page draws it, with the plugin's budget
    low = cli("build", "-q", "--no-check", cwd=root)
    assert low.returncode == 1
    assert ("scenarios/medium.yaml:7:7: error: Gülbara 4-4 from this position has more than 20,000 distinct plays; "
            "tavla-docs stops there") in low.stderr.splitlines()
    high = cli("build", "-q", "--no-check", "--max-plays", "60000", cwd=root)
    assert high.returncode == 0, high.stderr
    assert "<svg" in (root / "site" / "index.html").read_text(encoding="utf-8")
    # MkDocs keeps the plugin instance for later builds in the process: a plain MkDocs build after
    # it has the mkdocs.yml setting again, not the last command line's
    import logging

    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            said.append(record.getMessage())

    said: list[str] = []
    (root / "scenarios" / "medium.yaml").write_text(MEDIUM + "# changed\n", encoding="utf-8")  # not from the cache
    monkeypatch.chdir(root)
    config = load_config(str(root / "mkdocs.yml"), site_dir=str(tmp_path / "plain"))
    logging.getLogger("mkdocs").addHandler(keep := Keep(logging.ERROR))
    config.plugins.on_startup(command="build", dirty=False)
    try:
        with pytest.raises(Abort):
            build(config)
    finally:
        config.plugins.on_shutdown()
        logging.getLogger("mkdocs").removeHandler(keep)
    assert any("medium.yaml:7:7: error: Gülbara 4-4 from this position has more than 20,000" in m for m in said)
