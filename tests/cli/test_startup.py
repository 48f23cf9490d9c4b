"""Start-up: a command imports only what it needs, and `--version` answers at once."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tavla_docs import __version__
from tavla_docs.cli.main import COMMANDS, build_parser

XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
HEAVY = ("svgwrite", "jinja2", "mkdocs", "markdown", "babel", "tavla_docs.render", "tavla_docs.site")
#: what `plays` and `--version` do not need either: scenario files are `check`'s business
SCENARIO = ("tavla_docs.scenario", "tavla_docs.cli.commands.check")


def imported(*argv: str) -> set[str]:
    r = subprocess.run([sys.executable, "-X", "importtime", "-m", "tavla_docs.cli.main", *argv],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    return {m.group(1).strip() for m in re.finditer(r"^import time:\s+\d+ \|\s+\d+ \|(.*)$", r.stderr, re.MULTILINE)}


@pytest.mark.parametrize("argv", [("plays", XGID, "3-1"), ("--version",), ("check", "--help")])
def test_light_commands_do_not_import_the_renderer_or_the_site(argv):
    mods = imported(*argv)
    assert "tavla_docs.cli.main" in mods or "tavla_docs.cli" in mods  # the measurement itself works
    assert sorted(m for m in mods if m.split(".")[0] in HEAVY or m.startswith(HEAVY)) == []
    if argv[0] != "check":
        assert sorted(m for m in mods if m.startswith(SCENARIO)) == []
        assert "yaml" not in mods  # an ID is not a file: no YAML reader


def test_the_help_lines_are_the_commands_own():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    shown = {c.dest: c.help for c in sub._choices_actions}
    assert shown == COMMANDS


def test_version(cli):
    r = cli("--version")
    assert r.returncode == 0 and r.stdout.strip() == f"tavla-docs {__version__}"


def test_a_command_still_parses_its_own_options(cli):
    r = cli("plays", XGID, "3-1", "--json")
    assert r.returncode == 0 and r.stdout.lstrip().startswith("{")
    r = cli("nosuch")
    assert r.returncode == 2 and "invalid choice" in r.stderr and "plays" in r.stderr

