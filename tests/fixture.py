"""The frozen project the tool's tests build and read, instead of the repository's own pages.

`tests/project/` is a copy of the site's inputs (mkdocs.yml, content/, templates/, scenarios/,
reader-text/) taken on purpose and changed only when a tool change needs it: tests that pin a
page's sentences, counts or navigation order pin this copy, so an author who adds or edits a page
in content/ never breaks `make test` (CONTRIBUTING.md, "Tests never read content/"). The checks
of the site's own content run in the build (`tavla-docs build`: audit, pins, nav_last, snapshot).
"""
from __future__ import annotations

from pathlib import Path

PROJECT = Path(__file__).resolve().parent / "project"
