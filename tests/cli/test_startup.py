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



# ---- what each light command imports, beyond what bare Python already has ---------------------

def extra(*argv: str) -> set[str]:
    """The modules `tavla-docs ARGV` imports that bare Python has not (the same site: an editable
    install's finder already brings pathlib and re, a regular install does not), read from
    `sys.modules` after the command (-X importtime misses `importlib.import_module`'s imports)."""
    program = ("import sys; before = set(sys.modules); from tavla_docs.cli.main import main; "
               f"code = main({list(argv)!r}); sys.stderr.write(' '.join(sorted(set(sys.modules) - before))); "
               "sys.exit(code)")
    r = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    return set(r.stderr.split())


#: Every tavla_docs module `plays XGID ROLL` may import. The set may shrink, not grow: a new
#: import on this path is a start-up cost every call pays (measure it: `python -m benchmarks startup`).
PLAYS_MODULES = {
    "tavla_docs", "tavla_docs.cli", "tavla_docs.cli.budgetargs", "tavla_docs.cli.commands",
    "tavla_docs.cli.commands.plays", "tavla_docs.cli.main", "tavla_docs.cli.parsers", "tavla_docs.engine",
    "tavla_docs.engine.board", "tavla_docs.engine.budget", "tavla_docs.engine.dice", "tavla_docs.engine.movegen",
    "tavla_docs.engine.notation", "tavla_docs.engine.play", "tavla_docs.engine.walk",  # the dispatch, the reference
    "tavla_docs.engine.fast", "tavla_docs.engine.fast.kernels", "tavla_docs.engine.fast.levels",
    "tavla_docs.engine.fast.plainboard", "tavla_docs.engine.fast.plaindoubles", "tavla_docs.engine.fast.plainwalk",
    "tavla_docs.engine.reasons", "tavla_docs.engine.results", "tavla_docs.engine.rules", "tavla_docs.engine.state",
    "tavla_docs.errors", "tavla_docs.formats", "tavla_docs.formats.errors", "tavla_docs.formats.gnubg",
    "tavla_docs.formats.match", "tavla_docs.formats.playjson", "tavla_docs.formats.plays",
    "tavla_docs.formats.positions", "tavla_docs.pure",
    "tavla_docs.formats.xgid", "tavla_docs.variants", "tavla_docs.variants.backgammon", "tavla_docs.variants.common",
    "tavla_docs.variants.gulbara", "tavla_docs.variants.options", "tavla_docs.variants.registry",
    "tavla_docs.variants.tapa", "tavla_docs.variants.tavla", "tavla_docs.variants.uzun",
}
#: Standard modules `plays` does without: traceback (only --debug prints one), difflib (only a
#: misspelt --fields), base64 (Position IDs only), shutil (argparse's terminal width; it brings
#: bz2 and lzma), pathlib (position files only), the YAML reader, and what --version needs not.
NOT_FOR_PLAYS = ("traceback", "difflib", "base64", "shutil", "bz2", "lzma", "pathlib", "yaml", "importlib.metadata")


def test_plays_imports_no_new_tavla_docs_module_and_none_of_the_unneeded_standard_ones():
    mods = extra("plays", XGID, "3-1")
    assert "tavla_docs.cli.commands.plays" in mods
    assert sorted(m for m in mods if m.startswith("tavla_docs") and m not in PLAYS_MODULES) == []
    assert sorted(m for m in mods if m.split(".")[0] in NOT_FOR_PLAYS or m in NOT_FOR_PLAYS) == []


def test_version_imports_neither_argparse_nor_the_engine():
    mods = extra("--version")
    assert "tavla_docs.cli.main" in mods
    assert sorted(m for m in mods if m.startswith(("tavla_docs.engine", "tavla_docs.formats", "tavla_docs.variants"))) == []
    assert sorted(m for m in mods if m in ("argparse", "typing", "json", "importlib.metadata", "traceback")) == []


def test_plays_as_text_imports_no_json():
    assert "json" not in extra("plays", XGID, "3-1")


def test_plays_on_a_tavla_position_loads_tavla_s_rules_only():
    games = {m for m in extra("plays", XGID, "3-1") if m.startswith("tavla_docs.variants.")}
    assert games <= {"tavla_docs.variants.registry", "tavla_docs.variants.options", "tavla_docs.variants.tavla"}


def test_the_registry_table_names_each_game_s_module_and_ruleset():
    import importlib

    from tavla_docs.variants import registry

    for name, (module, attribute) in registry.GAMES.items():
        assert getattr(importlib.import_module(f"tavla_docs.variants.{module}"), attribute).variant == name
    assert [rs.variant for rs in registry.VARIANTS] == list(registry.GAMES)
    assert not set(registry.ALIASES) & set(registry.GAMES)  # a game's own name is never another's alias
    assert all(registry.find(alias).variant == game for alias, game in registry.ALIASES.items())


def test_a_lean_parser_gives_the_command_the_same_help_and_errors():
    lean, full = build_parser("plays", others=False), build_parser()
    sub = {p: next(a for a in p._actions if a.dest == "command") for p in (lean, full)}
    assert list(sub[lean].choices) == ["plays"] and len(sub[full].choices) == len(COMMANDS)
    assert sub[lean].choices["plays"].format_help() == sub[full].choices["plays"].format_help()
    assert lean.format_usage() == full.format_usage()  # COMMAND, not the list of commands


@pytest.mark.parametrize("argv, lean", [(["plays", XGID], True), (["--debug", "plays"], True),
                                        (["--help", "plays"], False), (["-h", "plays"], False),
                                        (["--he", "plays"], False), (["nosuch"], False), ([], False)])
def test_the_parser_is_lean_only_when_nothing_before_the_command_could_show_the_others(argv, lean):
    from tavla_docs.cli.main import _alone, _command

    assert _alone(argv, _command(argv)) is lean


@pytest.mark.parametrize("columns", [None, "100", "37", "0", "-4", "wide", ""])
def test_the_help_width_is_shutil_s(monkeypatch, columns):
    import shutil

    from tavla_docs.cli.parsers import columns as width

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.delenv("LINES", raising=False)
    assert width() == shutil.get_terminal_size().columns
