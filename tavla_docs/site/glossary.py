"""The glossary's data: `glossary.yaml`, read once per build (and again only when the file changes).

The file holds two things: `sections`, the tables the glossary pages show, and `usage`, the
site's word choices that `terms.py` checks pages against. Both come from one read with the
project's hardened YAML reader, so a mistake in the file is reported at its line and column.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import TavlaError
from ..formats.yamlmarks import MarkedDoc, YamlError, load_yaml, read_capped

GLOSSARY_FILE = Path(__file__).parent / "glossary.yaml"


class GlossaryError(TavlaError):
    """glossary.yaml cannot be read or a usage rule in it is malformed (`path:line:col: message`)."""


@dataclass(frozen=True)
class GlossaryData:
    """The parsed file: the page's sections, the usage block per language, and where things are."""

    sections: list[dict[str, Any]]
    usage: dict[str, Any]
    doc: MarkedDoc
    stamp: int
    path: Path = GLOSSARY_FILE

    def where(self, at: tuple[Any, ...]) -> str:
        """`glossary.yaml:line:col` of the value at `at` (a path under `usage`), for error messages."""
        line, col = self.doc.mark(("usage", *at))
        return f"{self.path}:{line}:{col}"


def glossary_sections() -> list[dict[str, Any]]:
    """The sections, each with an `id`; the file's mtime keys the memo so edits show up in `serve`."""
    return glossary_data().sections


def glossary_data() -> GlossaryData:
    """The whole file, parsed once per change of its mtime."""
    return _load_glossary(str(GLOSSARY_FILE), GLOSSARY_FILE.stat().st_mtime_ns)


@lru_cache(maxsize=2)
def _load_glossary(path: str, stamp: int) -> GlossaryData:
    return load_glossary(Path(path), stamp)


def load_glossary(path: Path, stamp: int = 0) -> GlossaryData:
    """Read and parse a glossary file (uncached); GlossaryError with the place if it is malformed."""
    try:
        doc = load_yaml(read_capped(path, "glossary"), "the glossary")
    except YamlError as e:
        raise GlossaryError(f"{path}:{e.line}:{e.col}: {e.message}") from None
    value = doc.value if isinstance(doc.value, dict) else {}
    sections, usage = value.get("sections"), value.get("usage", {})
    if not isinstance(sections, list):
        raise GlossaryError(f"{path}:1:1: the glossary needs a list of `sections`")
    if not isinstance(usage, dict):
        line, col = doc.mark(("usage",))
        raise GlossaryError(f"{path}:{line}:{col}: `usage` must map a language code to its rules")
    return GlossaryData(sections, usage, doc, stamp, path)
