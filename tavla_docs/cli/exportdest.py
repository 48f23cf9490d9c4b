"""Where `tavla-docs export` may write, and how: never into the project, never over a file it did not write.

A page named `README.md` exported into `.` would replace the project's README; an export into
`content/`, `scenarios/` or `site/` would mix generated pages with the sources or the build. So
the folder given is refused when it is the project's root, or is (or lies inside) its pages,
scenarios, partials or site folder; and, unless `--force`, when it holds anything and is not a
previous export. An export marks its folder with `MANIFEST` (the files it wrote), and then only
replaces files listed there: with `--force` too, a file of the same name that it did not write
stops the export before anything is written. An export is worked out whole before it is written,
and its files are written together (`writes.write_together`: each beside its target, then all
renamed over them), so a failure leaves the folder as it was and a link standing at a target is
replaced, never followed.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from ..errors import TavlaError
from ..files import read_regular

MANIFEST = ".tavla-docs-export.json"
_FORMAT = 1
_MAX_MANIFEST = 1 << 22


class ExportRefused(TavlaError):
    """The output folder is not one an export may write to (the message is the located line)."""


def _within(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def previous_files(out: Path) -> set[str] | None:
    """The files a previous export listed in `out`'s manifest; None when `out` holds no export's manifest."""
    try:
        data = json.loads(read_regular(out / MANIFEST, _MAX_MANIFEST, follow=False))
    except (OSError, ValueError, RecursionError):
        return None
    files = data.get("files") if isinstance(data, dict) and data.get("format") == _FORMAT else None
    if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
        return None
    return set(files)


def check_destination(out: Path, root: Path, protected: dict[str, Path], force: bool) -> set[str]:
    """Refuse `out` (ExportRefused) where an export may not write; else the files it may replace."""
    where = Path(os.path.realpath(out))
    shown = str(out)
    if where == Path(os.path.realpath(root)):
        raise ExportRefused(f"{shown}: error: this is the project's own folder; export into a folder of its own "
                            "(for example `export-en/`)")
    for name, folder in protected.items():
        if _within(where, Path(os.path.realpath(folder))):
            raise ExportRefused(f"{shown}: error: inside the project's {name} folder ({folder.name}/); "
                                "export into a folder of its own")
    if where.exists() and not where.is_dir():
        raise ExportRefused(f"{shown}: error: not a folder")
    ours = previous_files(where) if where.is_dir() else None
    if ours is None:
        ours = set()
        if where.is_dir() and any(where.iterdir()) and not force:
            raise ExportRefused(f"{shown}: error: the folder is not empty and holds no earlier export "
                                f"(no {MANIFEST}); give an empty or new folder, or --force to add to it")
    return ours


def refuse_foreign(out: Path, names: list[str], ours: set[str]) -> None:
    """Refuse the export when a file it is about to write exists and is not one it wrote before."""
    for rel in names:
        target = out / rel
        if os.path.lexists(target) and rel not in ours:
            raise ExportRefused(f"{target}: error: exists and was not written by tavla-docs export; "
                                "not replaced (remove it, or export into another folder)")


def write_export(out: Path, files: dict[str, str | bytes], keep: set[str], remove: tuple[str, ...] = ()) -> None:
    """Write the export's `files` (paths relative to `out`) and its manifest together, then remove
    `remove`; all or nothing. The manifest lists `files` and those of `keep` (files an earlier
    export wrote) still there. A file in the way that no export wrote was refused before (`refuse_foreign`)."""
    from ..writes import write_together

    listed = sorted(set(files) | {f for f in keep if f not in remove and os.path.lexists(out / f)})
    manifest = json.dumps({"format": _FORMAT, "files": listed}, indent=1) + "\n"
    write_together({**{out / rel: data for rel, data in files.items()}, out / MANIFEST: manifest},
                   remove=[out / f for f in remove])
