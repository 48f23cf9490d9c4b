"""Every user-facing error class in tavla_docs derives from TavlaError (the one thing the CLI catches).

The classes are found by walking the package, so a new error class without the base fails here.
"""
from __future__ import annotations

import importlib
import inspect
import pkgutil

import tavla_docs
from tavla_docs.cli import main as cli_main
from tavla_docs.errors import TavlaError

#: Exception classes that are deliberately not user-facing errors, with the reason.
INTERNAL = {
    "tavla_docs.pytest_plugin.ScenarioFailure":
        "pytest's signal that a scenario item failed; pytest prints its diagnostics, the CLI never sees it",
    "tavla_docs.site.sandbox._TooBig":
        "stops the sandbox's size count early; caught inside the module, which raises a located page error",
    "tavla_docs.cli.sitedir.Terminated":
        "SIGTERM turned into a KeyboardInterrupt so a build cleans up as on Ctrl-C; an interruption, not an error",
}


def defined_exception_classes() -> dict[str, type[BaseException]]:
    """Every exception class defined (not just imported) in a module of tavla_docs."""
    found: dict[str, type[BaseException]] = {}
    for info in pkgutil.walk_packages(tavla_docs.__path__, "tavla_docs."):
        if info.name == "tavla_docs.__main__":  # running it is the CLI itself
            continue
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, BaseException) and cls.__module__ == module.__name__:
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return found


def test_the_walk_finds_the_error_classes() -> None:
    names = defined_exception_classes()
    # A sample from every layer: if the walk stopped finding modules, the main test would pass vacuously.
    for expected in ("tavla_docs.errors.TavlaError", "tavla_docs.engine.board.PositionError",
                     "tavla_docs.engine.written.ClosedPointError", "tavla_docs.scenario.diagnostics.ScenarioError",
                     "tavla_docs.site.errors.HelperError", "tavla_docs.cli.commands.render.RenderError",
                     "tavla_docs.analysis.bearoff.index.BearoffError", "tavla_docs.pytest_plugin.ScenarioFailure"):
        assert expected in names
    assert len(names) >= 19


def test_every_user_facing_error_derives_from_tavla_error() -> None:
    missing = [name for name, cls in defined_exception_classes().items()
               if name not in INTERNAL and not issubclass(cls, TavlaError)]
    assert missing == [], f"derive these from tavla_docs.errors.TavlaError (or list them in INTERNAL): {missing}"


def test_the_internal_list_is_current() -> None:
    classes = defined_exception_classes()
    for name in INTERNAL:
        assert name in classes, f"{name} no longer exists: drop it from INTERNAL"
        assert not issubclass(classes[name], TavlaError), f"{name} is a TavlaError now: drop it from INTERNAL"


def test_tavla_error_is_a_value_error_and_the_old_cli_name_is_it() -> None:
    # `except ValueError` around input parsing keeps catching every user error.
    assert issubclass(TavlaError, ValueError)
    assert cli_main.UserError is TavlaError
