"""Where a scenario may come from: a file inside the scenarios folder, of at most MAX_FILE_BYTES.

Pages and scenario files come from contributors, like pull requests. A page names
a scenario (`diagram("bear-off/mid-move")`) and `check` walks a folder, and
neither may draw a file from outside the folder: a name that is absolute, climbs
with `..`, or leads through a symbolic link out of the folder is refused, and
the refusal never shows what the outside file holds. The size cap is the
loader's (`load.MAX_FILE_BYTES`) and is applied before a file is read, on every
path that reads one.

>>> resolve_name(Path("/nonexistent/scenarios"), "bear-off/mid-move") is None
True
>>> resolve_name(Path("/nonexistent/scenarios"), "../../etc/passwd")
Traceback (most recent call last):
...
tavla_docs.scenario.paths.NameRefused: names a parent folder (`..`)
"""
from __future__ import annotations

import os
from pathlib import Path, PurePosixPath, PureWindowsPath

from ..errors import TavlaError
from ..files import NotRegular, open_regular
from ..formats.yamlmarks import MAX_FILE_BYTES
from .diagnostics import Diagnostic, ScenarioError

SUFFIXES = (".yaml", ".yml")
ROOT_NAME = "scenarios"  # the folder a scenario's id is relative to (project.find_root)


class NameRefused(TavlaError):
    """A scenario name that cannot name a file inside the folder; the text says why (no name in it)."""


def check_name(name: str) -> None:
    """Refuse names that could reach outside the folder before touching the disk.

    Hidden parts (`.git/…`) are refused too: `check` skips hidden folders, so a
    page could otherwise draw a file that was never checked.
    """
    if not isinstance(name, str) or not name.strip():
        raise NameRefused("is not a scenario name like 'bear-off/mid-move'")
    if "\0" in name or "\\" in name:
        raise NameRefused("contains a character that a scenario name cannot have")
    if PurePosixPath(name).is_absolute() or PureWindowsPath(name).is_absolute() or PureWindowsPath(name).drive:
        raise NameRefused("is an absolute path; a scenario name is relative to scenarios/")
    parts = PurePosixPath(name).parts
    if ".." in parts:
        raise NameRefused("names a parent folder (`..`)")
    if any(p.startswith(".") for p in parts):
        raise NameRefused("names a hidden file or folder")


def inside(path: Path, root: Path) -> bool:
    """Whether `path`, every symbolic link followed, is inside `root` (also resolved)."""
    try:
        return path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # a link loop, a name too long
        return False


def resolve_name(scenarios_dir: Path, name: str) -> Path | None:
    """The file a page's scenario name stands for (`name`, `name.yaml` or `name.yml`), or None.

    Raises NameRefused when the name, or a link on its way, leads outside `scenarios_dir`.
    """
    check_name(name)
    base = scenarios_dir / name
    for cand in (base, base.with_name(base.name + ".yaml"), base.with_name(base.name + ".yml")):
        try:
            found = cand.is_file()
        except OSError:  # a name too long for the file system is simply not there
            found = False
        if found:
            if not inside(cand, scenarios_dir):
                raise NameRefused(f"is a symbolic link that leads outside {scenarios_dir.name}/")
            return cand
    return None


def enclosing_root(path: Path) -> Path | None:
    """The nearest folder named `scenarios` above `path` as written (links not followed)."""
    for parent in Path(path).absolute().parents:
        if parent.name == ROOT_NAME:
            return parent
    return None


def check_confined(path: Path, root: Path | None, source: str) -> None:
    """`check`'s rule: a file found under a folder (or below a `scenarios` folder) stays inside it.

    A file named on the command line outside any `scenarios` folder is the user's own
    choice and is not confined. The error does not say where the link points.
    """
    folder = root if root is not None else enclosing_root(path)
    if folder is not None and not inside(path, folder):
        raise ScenarioError([Diagnostic(
            source, 1, 1, f"this file is a symbolic link that leads outside {Path(folder).name}/",
            "a scenario is a file inside the folder; copy the file in instead of linking to it")])


def check_size(size: int, source: str) -> None:
    """The loader's size cap as an error, given the size before the file is read.

    The message is `load_scenario`'s own, so `check` and a page report a large file alike.
    """
    if size > MAX_FILE_BYTES:
        message = f"the file is {size} bytes; a scenario is at most {MAX_FILE_BYTES}"
        raise ScenarioError([Diagnostic(source, 1, 1, message)])


def read_scenario_bytes(path: Path, source: str) -> bytes:
    """A scenario file's bytes, refused by size before they are read (a 4 MB file costs nothing)."""
    try:
        with os.fdopen(open_regular(path), "rb") as f:  # a FIFO or a device is refused, never waited on
            check_size(os.fstat(f.fileno()).st_size, source)
            data = f.read(MAX_FILE_BYTES + 1)
    except NotRegular as e:
        raise ScenarioError([Diagnostic(source, 1, 1, str(e.strerror))]) from None
    except OSError as e:
        raise ScenarioError([Diagnostic(source, 1, 1, f"cannot read the file: {e.strerror or e}")]) from None
    check_size(len(data), source)  # a file that grew while it was read
    return data
