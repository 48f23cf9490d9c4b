"""The source files MkDocs hands the plugin: refused when they are not regular files (a FIFO would
make MkDocs wait forever), and where a page's Markdown body starts, for located errors."""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from ..files import describe
from .errors import body_first_line

if TYPE_CHECKING:
    from .renderer import SiteRenderer


def regular_source(f: File, renderer: SiteRenderer | None) -> None:
    """A page or asset that is a FIFO, a device or a socket (or a link to one) is refused, located:
    MkDocs would wait on it forever when it reads or copies it."""
    if f.abs_src_path is None:
        return
    try:
        what = describe(os.stat(f.abs_src_path).st_mode)
    except OSError:
        return  # MkDocs reports a file it cannot read
    if what is not None and what != "a folder":
        shown = renderer.display(Path(f.abs_src_path)) if renderer is not None else f.abs_src_path
        raise PluginError(f"{shown}: error: not a regular file ({what})")


def front_matter_lines(source: Path) -> int:
    """The source line where the Markdown body starts (after YAML front matter), for error lines."""
    try:
        text = source.read_text(encoding="utf-8")
    except OSError:
        return 1
    return body_first_line(text)
