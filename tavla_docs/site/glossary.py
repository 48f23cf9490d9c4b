"""The glossary's data: `glossary.yaml`, read once per build (and again only when the file changes)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

GLOSSARY_FILE = Path(__file__).parent / "glossary.yaml"


def glossary_sections() -> list[dict[str, Any]]:
    """The sections, each with an `id`; the file's mtime keys the memo so edits show up in `serve`."""
    return _load_glossary(str(GLOSSARY_FILE), GLOSSARY_FILE.stat().st_mtime_ns)


@lru_cache(maxsize=2)
def _load_glossary(path: str, stamp: int) -> list[dict[str, Any]]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with open(path, encoding="utf-8") as f:
        return yaml.load(f, Loader=loader)["sections"]
