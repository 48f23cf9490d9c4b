"""Errors a page build reports, and how a failure inside Jinja becomes `path:line: error: …`.

Helpers raise `HelperError` without knowing where they were called; the page
renderer turns it (or any template error) into a `PageError` naming the page line.
"""
from __future__ import annotations

import traceback

import jinja2

from ..errors import TavlaError


class PageError(TavlaError):
    """A page that cannot be built; the message is complete (`path:line: error: …`)."""


class HelperError(TavlaError):
    """Raised by a page helper; the page renderer adds the page location.

    `located` is set when the problem already has its own location (a scenario
    diagnostic), which is then reported as is.
    """

    def __init__(self, message: str, located: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.located = located


def template_line(exc: BaseException, path: str) -> int:
    """The page line being rendered when `exc` was raised (Jinja maps template frames to lines)."""
    line = 0
    for fr in traceback.extract_tb(exc.__traceback__):
        if fr.filename == path and fr.lineno:
            line = fr.lineno
    return line or getattr(exc, "lineno", 0) or 1


def syntax_error(exc: jinja2.TemplateSyntaxError, path: str, off: int) -> PageError:
    """A page that does not compile; Jinja knows the line, `off` shifts it past front matter."""
    return PageError(f"{path}:{exc.lineno + off}: error: {exc.message}")


def render_error(exc: Exception, path: str, off: int) -> PageError:
    """A failure while a page renders: a helper's complaint, or a template error (undefined
    names, wrong arguments). A scenario diagnostic keeps its own location, plus a note
    saying which page line used it.
    """
    line = template_line(exc, path) + off
    if isinstance(exc, HelperError):
        if exc.located:
            return PageError(f"{exc.located}\n{path}:{line}: note: used here")
        return PageError(f"{path}:{line}: error: {exc.message}")
    msg = exc.message if isinstance(exc, jinja2.TemplateError) and exc.message else f"{type(exc).__name__}: {exc}"
    return PageError(f"{path}:{line}: error: {msg}")
