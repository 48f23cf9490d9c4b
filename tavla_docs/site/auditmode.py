"""Whether this build's fact audit fails, warns or is skipped: never the committed config's choice.

`mkdocs.yml` is committed and shared; a line in it that softens the audit would ship every
fault the audit finds, on every build, for every author. So the plugin's `audit:` option
may only say `strict` (or be left out); `warn` and `off` are a located error at their line.
The drafting author's switch is local and never committed: the environment variable
`TAVLA_DOCS_AUDIT` (`warn` or `off`), which `tavla-docs build --draft` sets to `warn` for
one build. `mkdocs serve` still reports the audit as warnings (its preview shows the page).

>>> committed_problem("strict", "mkdocs.yml", "plugins:\\n  - tavla-docs: {audit: strict}\\n") is None
True
>>> print(committed_problem(  # doctest: +ELLIPSIS
...     "warn", "mkdocs.yml", "plugins:\\n  - tavla-docs:\\n      audit: warn\\n"))
mkdocs.yml:3:7: error: `audit: warn` in mkdocs.yml would let every build ship the false facts the audit finds
    hint: remove the line (the audit is strict); to draft, build with `tavla-docs build --draft` ...
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from ..errors import TavlaError

ENV = "TAVLA_DOCS_AUDIT"  # the drafting author's local switch: warn or off
MODES = ("strict", "warn", "off")


class AuditSwitchError(TavlaError):
    """A committed file, or the environment, asks for an audit mode it may not (the message is located)."""


def committed_problem(value: object, shown: str, config_text: str) -> str | None:
    """The located error for a committed `audit:` that is not strict, or None."""
    if value in (None, "strict"):
        return None
    line, col = _option_mark(config_text)
    said = value if isinstance(value, str) else repr(value)
    verb = "would let every build ship" if value in ("warn", "off") else "is no audit mode; it would soften"
    return (f"{shown}:{line}:{col}: error: `audit: {said}` in mkdocs.yml {verb} the false facts the audit finds\n"
            f"    hint: remove the line (the audit is strict); to draft, build with `tavla-docs build --draft` or set "
            f"{ENV}=warn in your own shell, never in a committed file")


def local_mode() -> str:
    """The mode the drafting author's environment asks for (`TAVLA_DOCS_AUDIT`), default strict."""
    value = os.environ.get(ENV, "").strip().lower() or "strict"
    if value not in MODES:
        raise AuditSwitchError(f"{ENV}={value!r}: the audit's mode is one of {', '.join(MODES)}; "
                               "unset it for a strict audit")
    return value


def audit_mode(value: object, config_path: Path | str) -> str:
    """This build's audit mode: AuditSwitchError when `value` (the committed `audit:` option of
    `config_path`) is not strict, else the local switch's mode (`local_mode`)."""
    problem = committed_audit_problem(value, config_path)
    if problem is not None:
        raise AuditSwitchError(problem)
    return local_mode()


def committed_audit_problem(value: object, config_path: Path | str) -> str | None:
    """`committed_problem` for the `audit:` option `value` of the file `config_path`."""
    if value in (None, "strict"):
        return None
    path = Path(config_path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        text = ""
    return committed_problem(value, _shown(path), text)


def _shown(path: Path) -> str:
    """The path as compilers print it: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


def _option_mark(text: str) -> tuple[int, int]:
    """(line, column) of `audit:` in mkdocs.yml's text, block or flow style (`{audit: warn}`)."""
    m = re.search(r"(?<![\w-])audit[ \t]*:", text)
    if m is None:
        return 1, 1
    return text.count("\n", 0, m.start()) + 1, m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
