"""Every caption of a scenario rendered once, so one that can never render fails `check`.

A caption is a small template over its frame's facts (`captions`); a syntax error, a fact the
frame does not have (`{{ s.nope }}`) or one it cannot give fails only when the caption renders.
`check` and the pytest plugin render each caption of each frame, in each language the scenario
writes one for and the site has a catalog for, and report a failure at the caption's
`path:line:col`, as the build would.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2

from ..errors import TavlaError
from ..scenario.diagnostics import Diagnostic
from .quoting import clip

HINT = "a caption prints facts of its frame as {{ s.… }}; see docs/authoring.md"


def caption_failure(scenario: Any, index: int, lang: str, source: str) -> str | None:
    """Why the caption does not render (one line), else None."""
    from . import i18n
    from .captions import render_caption
    from .facts.frame import FrameFacts

    t = i18n.catalog(lang)
    try:
        render_caption(_env(t, lang), source, {"s": FrameFacts(scenario, index, lang, t)}, str(scenario.id))
    except i18n.CatalogError:
        raise
    except (jinja2.TemplateError, TavlaError, ValueError, TypeError, AttributeError, LookupError,
            ArithmeticError) as e:
        text = str(e) if isinstance(e, jinja2.TemplateError) else f"{type(e).__name__}: {e}"
        return clip(" ".join(text.split()), 300)
    return None


_ENVS: dict[str, tuple[Any, jinja2.Environment]] = {}


def _env(t: Any, lang: str) -> jinja2.Environment:
    """One caption environment per language and catalog (compiled captions are kept on it)."""
    from .env import caption_environment

    kept = _ENVS.get(lang)
    if kept is None or kept[0] is not t:  # a changed catalog (mkdocs serve, a test) gets a new one
        kept = _ENVS[lang] = (t, caption_environment(t, lang))
    return kept[1]


def caption_languages(frame: Any) -> list[str]:
    """The languages a frame has a caption in that the site has a catalog for (others never render)."""
    from . import i18n

    return [lang for lang in sorted(dict(getattr(frame, "caption", None) or {})) if i18n.po_path(lang).is_file()]


def caption_diagnostic(scenario: Any, index: int, lang: str, path: Path, shown: str) -> Diagnostic | None:
    """The diagnostic of frame `index`'s caption in `lang` when it does not render, else None."""
    from .figures import caption_mark

    source = dict(scenario.frames[index].caption or {})[lang]
    why = caption_failure(scenario, index, lang, source)
    if why is None:
        return None
    line, col = caption_mark(path, index, lang)
    return Diagnostic(shown, line, col, f"caption {lang}: {why}", HINT)


def caption_diagnostics(scenario: Any, path: Path, shown: str) -> list[Diagnostic]:
    """A diagnostic for each frame's caption, in each language, that does not render."""
    found = (caption_diagnostic(scenario, index, lang, path, shown)
             for index, frame in enumerate(scenario.frames) for lang in caption_languages(frame))
    return [d for d in found if d is not None]
