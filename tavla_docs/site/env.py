"""The Jinja environments and gettext catalogs of a build, one of each per language.

Partials in `templates/` autoescape, so captions, labels and page variables are
always text; pages are Markdown, so their environment does not (helpers return
escaped HTML themselves).
"""
from __future__ import annotations

import gettext
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jinja2

from . import i18n
from .errors import HelperError


class Environments:
    """Built lazily and kept for the whole build: compiling partials once per language is the cost."""

    def __init__(self, templates_dir: Path, locales_dir: Path, languages: Sequence[str]) -> None:
        self.templates_dir = templates_dir
        self.locales_dir = Path(locales_dir)
        self.languages = tuple(languages)
        self._partials: dict[str, jinja2.Environment] = {}
        self._page_envs: dict[str, jinja2.Environment] = {}

    def translations(self, lang: str) -> gettext.GNUTranslations:
        if lang not in self.languages:
            raise HelperError(f"unknown language {lang!r}; the site has {', '.join(self.languages)}")
        return i18n.catalog(lang, self.locales_dir)

    def partials(self, lang: str) -> jinja2.Environment:
        """The autoescaping environment for `templates/` in `lang`."""
        env = self._partials.get(lang)
        if env is None:
            env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(self.templates_dir)), autoescape=True,
                                     undefined=jinja2.StrictUndefined, extensions=["jinja2.ext.i18n"],
                                     trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=False)
            env.install_gettext_translations(self.translations(lang), newstyle=True)  # type: ignore[attr-defined]
            self._partials[lang] = env
        return env

    def page_env(self, lang: str) -> jinja2.Environment:
        """Pages are Markdown, so no autoescape here; helpers return escaped HTML themselves."""
        env = self._page_envs.get(lang)
        if env is None:
            env = jinja2.Environment(autoescape=False, undefined=jinja2.StrictUndefined,
                                     extensions=["jinja2.ext.i18n"], keep_trailing_newline=True)
            env.install_gettext_translations(self.translations(lang), newstyle=True)  # type: ignore[attr-defined]
            self._page_envs[lang] = env
        return env

    def partial(self, name: str, lang: str, **context: Any) -> str:
        """A partial rendered to HTML, stripped so it sits cleanly in its placeholder."""
        return self.partials(lang).get_template(name).render(lang=lang, **context).strip()
