"""A site build run for another command (`export --offline`, `print`), its errors printed as `build` prints them.

MkDocs' warnings and errors go through `build._Collect` (`path: error: …` lines); a plugin error,
a configuration error, a busy lock or an interrupt ends in one line, never a traceback. The
caller gets None back when the build failed (the reason is printed).
"""
from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def guarded(config_path: Path, command: str, quiet: bool, work: Callable[[Callable[[int, int], None]], T]) -> T | None:
    """`work(progress)` (which builds the site) with MkDocs' messages printed compiler-style; None on failure."""
    from mkdocs.exceptions import Abort, BuildError, ConfigurationError, PluginError

    from .. import errors
    from . import sitedir
    from .commands.build import _Collect

    handler = _Collect(quiet, config_path)
    mk_log = logging.getLogger("mkdocs")
    mk_log.addHandler(handler)
    propagate, mk_log.propagate = mk_log.propagate, False

    def progress(done: int, total: int) -> None:
        if not quiet:
            print(f"tavla-docs {command}: {done}/{total} pages", file=sys.stderr, flush=True)

    def say(message: str) -> None:
        print(f"tavla-docs {command}: error: {message}", file=sys.stderr)

    try:
        return work(progress)
    except sitedir.BuildBusy as e:
        say(str(e))
    except PluginError as e:
        if str(e) not in handler.messages:
            print(str(e) if ": error:" in str(e) else f"{config_path}: error: {e}", file=sys.stderr)
    except ConfigurationError as e:
        print(f"{config_path}: error: {' '.join(str(e).split())}", file=sys.stderr)
    except (Abort, BuildError) as e:
        if not any(": error:" in m for m in handler.messages):
            say(str(e))
    except UnicodeDecodeError as e:
        raise errors.TavlaError(str(e)) from None
    finally:
        mk_log.removeHandler(handler)
        mk_log.propagate = propagate
    return None


def plugin_pages(plugin: Any, lang: str) -> list[Any]:
    """The pages of one language in navigation order (the tavla-docs plugin's per-language navigation)."""
    navs = getattr(plugin, "navs", None) or {}
    nav = navs.get(lang)
    return list(nav.pages) if nav is not None else []
