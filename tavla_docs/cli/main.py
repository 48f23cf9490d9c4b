"""The `tavla-docs` command line: one thin module per subcommand in `commands/`.

Exit status: 0 success, 1 bad input or failed checks (one-line error, no
traceback), 2 usage errors.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from ..errors import TavlaError

# Subcommands, each a module in tavla_docs/commands with add_parser(sub) and run(args) -> int.
COMMANDS = ("plays", "check", "render", "odds", "build")


#: The old name of the CLI's user error; every user-facing error is a TavlaError now.
UserError = TavlaError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tavla-docs", description="Verified rule pages for tavla and backgammon.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMANDS:
        try:
            mod = importlib.import_module(f"tavla_docs.cli.commands.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"tavla_docs.cli.commands.{name}":
                continue
            raise
        mod.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except BrokenPipeError:
        # The reader went away (`tavla-docs check | head`): stop quietly.
        sys.stderr.close()
        return 0
    except (UserError, ValueError, OSError) as e:
        print(f"tavla-docs: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
