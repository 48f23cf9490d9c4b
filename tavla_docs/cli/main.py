"""The `tavla-docs` command line: one thin module per subcommand in `commands/`.

Exit status:

- 0 success;
- 1 bad input or failed checks: one line (`tavla-docs: error: …`, or the command's own
  compiler-style lines), no traceback;
- 2 usage errors (argparse, and a command's own usage checks);
- 3 an internal error, that is a bug in tavla-docs: one line saying so and asking for a
  report on the project's issue tracker; `--debug` prints the traceback instead;
- 130 interrupted (Ctrl-C).

Which errors are the user's: every `TavlaError` (bad input, a failed claim, bad
configuration; see `tavla_docs.errors`) and every `OSError`. The OSError choice is
deliberate: tavla-docs only touches paths the user named or owns (input files, the
output file or site folder, the project's cache folder), so an OSError is the file
system refusing (a missing or unreadable file, a folder that cannot be written, a full
disk) and the user is the one who can fix it; its message names the path. Anything
else is a bug: printing it as if the user had made a mistake would hide it.
"""
from __future__ import annotations

import sys
from collections.abc import Sequence

from ..errors import TavlaError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up)
if TYPE_CHECKING:
    import argparse

# Subcommands, each a module in tavla_docs/commands with add_parser(sub) and run(args) -> int,
# with the one-line help `tavla-docs --help` shows (a test keeps these equal to the modules' own).
# Only the command being run is imported: `plays` must not pay for the renderer, Jinja or MkDocs.
COMMANDS = {
    "plays": "list every legal play for a position and roll",
    "check": "check every claim of the scenario files",
    "render": "draw a scenario or a position as an SVG diagram",
    "odds": "what each of the 36 rolls achieves; bear-off odds",
    "build": "check every scenario and build the site",
    "audit": "list every fact on the site's pages and whether it is computed or checked",
    "export": "write one language's pages as plain Markdown for other generators",
    "print": "write one language's pages as a printable PDF rulebook",
    "new": "start a page (every language, in the navigation) or a scenario with its claims",
    "pins": "report the checkers of a figure that no claim pins, and the site's pin score",
    "review": "write the reader-text snapshot (what readers read) for review",
    "import": "list the games and moves of a .mat or .sgf match file, or write one move as a scenario",
    "translations": "report what each language lacks: catalog entries, pages, captions, stale translations",
    "facts": "list the rule facts a paragraph can declare with states(\"fact\")",
}

# A command whose module has another name (`import` is a Python keyword).
MODULES = {"import": "importmatch"}

#: The exit status of an internal error (a bug), distinct from 1 (user error) and 2 (usage).
EXIT_BUG = 3

#: The old name of the CLI's user error; every user-facing error is a TavlaError now.
UserError = TavlaError

EPILOG = ("exit status: 0 success, 1 bad input or failed checks, 2 usage error, "
          f"{EXIT_BUG} internal error (a bug in tavla-docs: please report it; --debug, before or after "
          "the command, prints its traceback), 130 interrupted")


def build_parser(only: str | None = None, others: bool = True) -> argparse.ArgumentParser:
    """The whole parser; with `only`, the other commands are bare entries (their modules
    unimported), or, with `others=False` too, not there at all (when the line names its
    command and asks for no top-level help, nothing reads them)."""
    import argparse
    import importlib

    from .. import __version__
    from .parsers import Parser

    parser = Parser(prog="tavla-docs", description="Verified rule pages for tavla and backgammon.", epilog=EPILOG)
    # --debug is documented in the epilog, not in the usage line, so that usage errors read as before.
    parser.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--version", action="version", version=f"tavla-docs {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMANDS:
        if only is not None and name != only:
            if others:
                sub.add_parser(name, help=COMMANDS[name])
            continue
        try:
            mod = importlib.import_module(f"tavla_docs.cli.commands.{MODULES.get(name, name)}")
        except ModuleNotFoundError as e:
            if e.name == f"tavla_docs.cli.commands.{MODULES.get(name, name)}":
                continue
            raise
        mod.add_parser(sub)
        # Also accepted after the command (`tavla-docs plays … --debug`); SUPPRESS keeps the global value.
        sub.choices[name].add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                                       help=argparse.SUPPRESS)
    return parser


def bug_report(e: BaseException) -> str:
    """The one line printed for an exception that is not the user's fault."""
    msg = " ".join(str(e).split())
    what = f"{type(e).__name__}: {msg}" if msg else type(e).__name__
    return (f"tavla-docs: internal error (a bug in tavla-docs): {what} — please report it on the project's "
            "issue tracker with the command line and its input (--debug prints the traceback)")


def _command(argv: Sequence[str]) -> str:
    """The command named on the line (its first word that is not an option), else "" (none is
    imported: the top-level help and usage errors need only the one-line helps)."""
    words = [a for a in argv if not a.startswith("-")]
    return words[0] if words and words[0] in COMMANDS else ""


def _alone(argv: Sequence[str], command: str) -> bool:
    """Whether only `--debug` comes before the command: then no top-level help or error can
    list the other commands, and the parser needs no entries for them."""
    return bool(command) and all(a == "--debug" for a in argv[:argv.index(command)])


def _closed_streams() -> None:
    """A closed standard output or error (`tavla-docs plays --jsonl >&-`) leaves Python's stream
    None; `print` then drops its text, `write` fails. Every command drops it, as `check` does."""
    import os

    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - the process's own stream
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115


MAX_ARGUMENT = 4096  # characters of one command-line argument (Linux's PATH_MAX; an ID is under 100)


def _long_argument(argv: Sequence[str]) -> str | None:
    """The error for an argument over MAX_ARGUMENT characters, quoting only its start (every
    message that names a value would otherwise print the whole of it), else None."""
    for i, arg in enumerate(argv, 1):
        if len(arg) > MAX_ARGUMENT:
            return (f"tavla-docs: error: argument {i} ({arg[:40]!r}…) is {len(arg):,} characters; "
                    f"the limit is {MAX_ARGUMENT:,}")
    return None


def main(argv: Sequence[str] | None = None) -> int:
    _closed_streams()
    argv = list(sys.argv[1:] if argv is None else argv)
    too_long = _long_argument(argv)
    if too_long is not None:
        print(too_long, file=sys.stderr)
        return 1
    if argv == ["--version"]:  # what argparse's version action prints, without building the parser
        from .. import __version__
        print(f"tavla-docs {__version__}")
        return 0
    command = _command(argv)
    parser = build_parser(command, others=not _alone(argv, command))
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except BrokenPipeError:
        # The reader went away (`tavla-docs check | head`): stop quietly.
        sys.stderr.close()
        return 0
    except (TavlaError, OSError) as e:
        print(f"tavla-docs: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # noqa: BLE001 - a bug: say so, do not pass it off as the user's mistake
        if getattr(args, "debug", False):
            import traceback
            traceback.print_exc()
        else:
            print(bug_report(e), file=sys.stderr)
        return EXIT_BUG


if __name__ == "__main__":
    sys.exit(main())
