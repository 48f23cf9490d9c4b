"""The Jinja environments and gettext catalogs of a build, one of each per language.

Partials (the package's `partials/`, overridden file by file by a project's
`templates/`) autoescape, so captions, labels and page variables are
always text; pages are Markdown, so their environment does not (helpers return
escaped HTML themselves). Pages come from contributors, like pull requests, so
their Jinja runs in `sandbox.PageSandbox`; the partials are the project's own
templates and run in a plain environment. In both, a translated string is text:
`_()` escapes the catalog's words (`i18n.text_callables`).
"""
from __future__ import annotations

import functools
import gettext
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from . import i18n
from .buildspeed import page_code, partial_code
from .declare import states
from .errors import HelperError
from .partialaudit import PartialEnvironment, audited, package_twin
from .provenance import Word, is_fact
from .sandbox import PageSandbox, guard_filter


def add_fact_filters(env: jinja2.Environment, lang: str) -> None:
    """`words`, `ordinal` and `ordinal_words` for computed integers (`{{ x|length|words }}`)."""
    from .facts import numerals

    for name, f in (("words", numerals.words), ("ordinal", numerals.ordinal),
                    ("ordinal_words", numerals.ordinal_words)):
        env.filters[name] = guard_filter(name, lambda n, _f=f: _kept(n, _f(int(n), lang)), 0, True)
    # Filters that only reshape a computed word keep it computed (`{{ row.die_name|capitalize }}`);
    # given anything else they print a literal, as before (`site.provenance`).
    for name in ("capitalize", "upper", "lower", "title", "trim"):
        env.filters[name] = _keeping(env.filters[name])
    join = env.filters["join"]
    env.filters["join"] = functools.wraps(join)(
        lambda ctx, value, *a, **k: _kept_all(value, join(ctx, value, *a, **k)))


def _kept(value: Any, result: str) -> str:
    return Word(result) if is_fact(value) else result


def _keeping(f: Any) -> Any:
    return functools.wraps(f)(lambda value, *a, **k: _kept(value, f(value, *a, **k)))


def _kept_all(items: Any, result: str) -> str:
    try:
        every = all(is_fact(i) for i in items)
    except TypeError:
        every = False
    return Word(result) if every and not isinstance(result, Markup) else result


def caption_environment(t: gettext.GNUTranslations, lang: str) -> jinja2.Environment:
    """The sandbox captions render in (also used by `tavla-docs render`, which has no site)."""
    env = PageSandbox(autoescape=True, undefined=jinja2.StrictUndefined, extensions=["jinja2.ext.i18n"])
    env.compiled = page_code()
    add_fact_filters(env, lang)
    env.globals["states"] = states  # a caption declares the rule it states, as a page does (`declare`)
    calls = i18n.text_callables(t, True)
    env.install_gettext_callables(calls["gettext"], calls["ngettext"], newstyle=True,  # type: ignore[attr-defined]
                                  pgettext=calls["pgettext"], npgettext=calls["npgettext"])
    return env


PARTIALS_DIR = Path(__file__).parent / "partials"  # the default partials, package data


def partial_files(templates_dir: Path) -> list[Path]:
    """Every partial a build reads, by name: the project's `*.html` in `templates_dir`, then each
    of the package's that the project does not override (as Jinja's search path finds them)."""
    own = sorted(templates_dir.glob("*.html")) if templates_dir.is_dir() else []
    names = {p.name for p in own}
    return own + [p for p in sorted(PARTIALS_DIR.glob("*.html")) if p.name not in names]


class Environments:
    """Built lazily and kept for the whole build: compiling partials once per language is the cost."""

    def __init__(self, templates_dir: Path, locales_dir: Path, languages: Sequence[str],
                 bytecode: jinja2.BytecodeCache | None = None) -> None:
        self.templates_dir = templates_dir
        self.bytecode = bytecode  # the partials' compiled code, kept by `mkdocs serve` between rebuilds
        self.locales_dir = Path(locales_dir)
        # The project's own catalogs (the plugin's `locales_dir`), each looked in first for its language,
        # the package's catalog then giving what it lacks (`i18n.catalog_folders`); None: the package's only.
        self.project_locales: Path | None = None
        self.languages = tuple(languages)
        self._partials: dict[str, jinja2.Environment] = {}
        self._page_envs: dict[str, jinja2.Environment] = {}
        self._caption_envs: dict[str, jinja2.Environment] = {}

    def translations(self, lang: str) -> gettext.GNUTranslations:
        if lang not in self.languages:
            raise HelperError(f"unknown language {lang!r}; the site has {', '.join(self.languages)}")
        return i18n.catalog_chain(lang, i18n.catalog_folders(lang, self.project_locales, self.locales_dir))

    @property
    def partial_dirs(self) -> tuple[Path, Path]:
        """Where partials are looked up, first match wins: the project's overrides, then the package's."""
        return (self.templates_dir, PARTIALS_DIR)

    def partials(self, lang: str) -> jinja2.Environment:
        """The autoescaping environment for the partials in `lang` (the project's `templates/` first)."""
        env = self._partials.get(lang)
        if env is None:
            env = PartialEnvironment(loader=jinja2.FileSystemLoader([str(d) for d in self.partial_dirs]), autoescape=True,
                                     undefined=jinja2.StrictUndefined, extensions=["jinja2.ext.i18n"],
                                     trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=False,
                                     bytecode_cache=self.bytecode if self.bytecode is not None else partial_code())
            self._install_catalog(env, lang, markup=True)
            from ..languages import registry

            env.globals["separator"] = registry.separator(lang).strip()  # between a list's items: ";", Greek "·"
            entry = registry.lookup(lang)
            env.globals["language_name"] = entry.name if entry is not None else lang  # the glossary's own column
            self._partials[lang] = env
        return env

    def page_env(self, lang: str) -> jinja2.Environment:
        """The sandbox for pages' Jinja in `lang`. Pages are Markdown, so no autoescape here;
        helpers return escaped HTML themselves. Not optimized: a page is compiled once and
        rendered once, and Jinja's constant folding was a fifth of its compile for nothing the
        render would not do anyway (the sandbox refuses the same operations either way)."""
        env = self._page_envs.get(lang)
        if env is None:
            env = PageSandbox(autoescape=False, undefined=jinja2.StrictUndefined, optimized=False,
                              extensions=["jinja2.ext.i18n"], keep_trailing_newline=True)
            env.compiled = page_code()
            add_fact_filters(env, lang)
            self._install_catalog(env, lang, markup=False)
            self._page_envs[lang] = env
        return env

    def caption_env(self, lang: str) -> jinja2.Environment:
        """The sandbox for scenario captions (`captions.render_caption`): autoescaping, since a
        caption's values print as HTML and its words as text."""
        env = self._caption_envs.get(lang)
        if env is None:
            env = caption_environment(self.translations(lang), lang)
            self._caption_envs[lang] = env
        return env

    def _install_catalog(self, env: jinja2.Environment, lang: str, markup: bool) -> None:
        """`_()`, `gettext`, `ngettext`, … for `env`, escaping what the catalog says."""
        calls = i18n.text_callables(self.translations(lang), markup)
        env.install_gettext_callables(calls["gettext"], calls["ngettext"], newstyle=True,  # type: ignore[attr-defined]
                                      pgettext=calls["pgettext"], npgettext=calls["npgettext"])

    def partial(self, name: str, lang: str, **context: Any) -> str:
        """A partial rendered to HTML, stripped so it sits cleanly in its placeholder."""
        env = self.partials(lang)
        template = env.get_template(name)
        # a table's helper passes `columns` (`audit.tablecolumns`): its headers are checked against its cells
        return audited(template.render(lang=lang, **context), template, lang,  # `partialaudit`
                       context.get("columns"), self.translations(lang), context.get("rules"),
                       context.get("numbers"), context.get("counters"),
                       (context["names"], context["rows"]) if "names" in context and "rows" in context else None,
                       package_twin(env, template, PARTIALS_DIR, {"lang": lang, **context})).strip()
