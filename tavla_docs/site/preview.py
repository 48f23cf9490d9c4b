"""The plugin's events under `mkdocs serve`: an error is the preview's page, not a stopped server.

Under `mkdocs serve` an error the plugin raises does not fail the build (MkDocs' server
would then hold every request until the next good build): it is printed, the build
finishes, and every page of the preview is a page listing the errors (`errors.failure_pages`),
which the live-reload script replaces at the next good save. `mkdocs build` fails as before.
The plugin keeps `serving`, `skipping` and `failures`; nothing here knows its other state.
"""
from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

from mkdocs.exceptions import PluginError


def preview_safe(whole_site: bool, fallback: Callable[[Any], Any] = lambda item: item) -> Callable[..., Any]:
    """An event that, under `mkdocs serve`, reports its PluginError instead of raising it and
    returns `fallback(item)` (item: the event's first argument); with `whole_site` the plugin's
    later events are skipped too (its state is incomplete). A failure of one page leaves the
    other pages to report theirs."""
    def wrap(event: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(event)
        def run(self: Any, *args: Any, **kwargs: Any) -> Any:
            item = args[0] if args else next(iter(kwargs.values()), None)
            if self.skipping:
                return fallback(item)
            try:
                return event(self, *args, **kwargs)
            except PluginError as e:
                if not self.serving:
                    raise
                self.failures.append(str(e))
                self.skipping = self.skipping or whole_site
                print(f"ERROR    -  {e}", file=sys.stderr, flush=True)  # not logged: strict mode would abort
                return fallback(item)
        return run
    return wrap
