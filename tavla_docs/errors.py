"""The one base class of every error a user can cause.

Every error that tells a *user* something (bad input, a claim that does not hold,
bad configuration) derives from `TavlaError`, so the command line can catch exactly
these, print them as one line and exit with status 1, and treat anything else as a
bug in tavla-docs. This module imports nothing from the package, so any module can
use it without an import cycle.
"""
from __future__ import annotations

__all__ = ["TavlaError"]


class TavlaError(ValueError):
    """A problem in what the user gave tavla-docs (input, claims, configuration), not a bug.

    The message is complete and fit to print on one line; the CLI prints it and exits 1.
    It is a `ValueError` so code that catches `ValueError` around input parsing keeps working.

    >>> issubclass(TavlaError, ValueError)
    True
    """
