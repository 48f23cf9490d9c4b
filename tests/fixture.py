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


def _languages() -> tuple[str, ...]:
    """The frozen project's languages, from its mkdocs.yml: the package may ship more (el),
    which the frozen project's pages and captions do not have."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("", lambda loader, suffix, node: None)  # MkDocs' !ENV and !!python tags
    config = yaml.load((PROJECT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    for plugin in config["plugins"]:
        if isinstance(plugin, dict) and "tavla-docs" in plugin:
            return tuple(plugin["tavla-docs"]["languages"])
    raise LookupError("tests/project/mkdocs.yml has no tavla-docs plugin")


PROJECT_LANGUAGES = _languages()
