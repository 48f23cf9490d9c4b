"""The audit as a build step: warnings to the log, errors as one failure listing every problem."""
from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .project import audit_project
from .report import summary_line


def run_audit(renderer: Any, docs_dir: Path, languages: Sequence[str], strict: bool,
              log: logging.Logger, spread: bool = False, hook: Any = None) -> str | None:
    """Audit the site; log its warnings; return the text of its errors (None when there are none).
    `spread`: the pages' own work on every core (`build.spread`), with `hook`'s (`project.PageHook`)."""
    audit = audit_project(renderer.root, docs_dir, renderer.scenarios_dir, languages, display=renderer.display,
                          strict=strict, spread=spread, hook=hook, templates_dir=renderer.templates_dir)
    errors = [p for p in audit.problems if p.severity == "error"]
    for p in audit.problems:
        if p.severity == "warning":
            log.warning(p.format())
    if errors:
        return "\n".join(p.format() for p in errors) + f"\n{summary_line(audit)}"
    log.info(summary_line(audit))
    return None
