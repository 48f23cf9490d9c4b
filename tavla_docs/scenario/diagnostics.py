"""Compiler-style problem reports: `path:line:col: error: message` plus an indented hint.

>>> print(Diagnostic("s.yaml", 3, 7, "9/6 4/off is not a legal play", "legal plays: 9/off, 6/off 9/6").format())
s.yaml:3:7: error: 9/6 4/off is not a legal play
    legal plays: 9/off, 6/off 9/6
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import TavlaError


@dataclass(frozen=True, order=True)
class Diagnostic:
    """One problem in one scenario file; `hint` may span several lines."""

    path: str
    line: int
    col: int
    message: str
    hint: str | None = None

    @property
    def location(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"

    def first_line(self) -> str:
        return f"{self.location}: error: {self.message}"

    def format(self) -> str:
        if not self.hint:
            return self.first_line()
        hint = "\n".join("    " + h for h in self.hint.splitlines())
        return f"{self.first_line()}\n{hint}"

    def __str__(self) -> str:
        return self.format()


class ScenarioError(TavlaError):
    """A scenario file that cannot be loaded; `diagnostics` says every reason where."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics) or "invalid scenario")
