"""A located problem the audit reports, formatted as compilers print them."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """A located problem the audit reports: `path:line:col: severity: message`, then a hint."""

    path: str
    line: int
    col: int
    severity: str  # "error" | "warning"
    rule: str  # "literal" | "drift" | "unused" | "front-matter" | "term" | "caption" | "raw-html"
    message: str
    hint: str | None = None

    def format(self) -> str:
        text = f"{self.path}:{self.line}:{self.col}: {self.severity}: {self.message}"
        return text + (f"\n    hint: {self.hint}" if self.hint else "")
