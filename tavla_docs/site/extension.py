"""The site's core as a Python-Markdown extension: the one path every page takes, under any generator.

A page's Jinja (helpers, figures, tables, stories, checked prose) runs in a
preprocessor, before Markdown sees the text, and the figures' HTML goes back in
a postprocessor after Markdown ran, followed by the typography (`typography.typeset`:
no-break spaces in units, the toc's ¶ titles in the page's language); `renderer.SiteRenderer`
does the work. Nothing here imports MkDocs.

Generators load it by its entry point name, `tavla-docs` (`markdown_extensions: [tavla-docs]`
in mkdocs.yml), or by module, `tavla_docs.site.extension`. Under MkDocs and ProperDocs the
plugin puts its own instance in that place (`use_in`) and hands each page over in
`on_page_markdown` (`render_page`), so that its errors stop the build at the page's line;
MkDocs' Markdown then runs the same pre- and postprocessor.

A page must never ship unchecked: the extension renders only when a proof says the scenario
check and the audit ran for these files (`buildrecord`). The plugin's proof is its own
build's audit; elsewhere it is the record a build or `tavla-docs audit` wrote, and without it
a page stops with one `path:1: error:` line saying what to run.

    import markdown
    html = markdown.markdown(text, extensions=["tables", "attr_list",
                             TavlaExtension(root=".", lang="en", path="content/en/odds.md")])

Which page is being converted: under a generator that says (Zensical's page context:
its path and front matter), that page, its language the first folder of its path; else
the options `path`, `lang`, `meta` and `first_line`. YAML front matter at the top of the text is
read as the page's `meta` (as MkDocs reads it) and error lines count from the file's first line.

>>> import markdown, tempfile
>>> ext = TavlaExtension(root=tempfile.mkdtemp(), lang="en", path="x.md", cache_dir="")
>>> markdown.markdown('Play {{ play("9/3 3/off") }}.', extensions=[ext])  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
tavla_docs.site.errors.PageError: x.md:1: error: the scenarios have not been checked ...; run `tavla-docs audit` ...
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import yaml
from markdown import Markdown
from markdown.extensions import Extension
from markdown.extensions.toc import TocExtension
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor

from . import buildrecord, i18n, placeholders, typography
from .cache import DEFAULT_CACHE_DIR
from .checks import DEFAULT_SCENARIOS_DIR
from .errors import PageError
from .renderer import RenderedPage, SiteRenderer

# MkDocs' own front matter pattern (mkdocs.utils.meta.YAML_RE), so a page reads the same in both.
FRONT_MATTER = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.UNICODE | re.DOTALL)

# Jinja must see the page as written: before normalize_whitespace (30) and html_block (20).
PRE_PRIORITY = 40
# The figures go back after raw HTML (30) and `&` (20) are restored, as on_page_content does after all.
POST_PRIORITY = 0


def split_front_matter(text: str) -> tuple[str, dict[str, Any], int]:
    """(body, meta, the file line where the body starts), as MkDocs splits a page.

    >>> split_front_matter("---\\ntitle: A\\n---\\n\\nText")
    ('Text', {'title': 'A'}, 4)
    >>> split_front_matter("No front matter")
    ('No front matter', {}, 1)
    """
    m = FRONT_MATTER.match(text)
    if not m:
        return text, {}, 1
    try:
        data = yaml.load(m.group(1), Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return text, {}, 1
    if not isinstance(data, dict):
        return text, {}, 1
    return text[m.end():].lstrip("\n"), data, m.group(0).count("\n") + 1


class TavlaExtension(Extension):
    """Renders a page's Jinja calls and puts its figures back after Markdown."""

    def __init__(self, **kwargs: Any) -> None:
        # No None defaults: Python-Markdown would parse a string given for them as a boolean.
        self.config = {
            "root": [".", "the project folder: scenarios, partials and the cache are relative to it"],
            "scenarios_dir": [DEFAULT_SCENARIOS_DIR, "the scenario folder, relative to root"],
            "templates_dir": ["templates", "the partials folder, relative to root"],
            "locales_dir": [str(i18n.LOCALES_DIR), "the project's catalogs (<lang>/LC_MESSAGES/*.po), as the plugin's "
                            "`locales_dir`: looked in first, the package's catalogs give what they lack"],
            "languages": [list(i18n.LANGUAGES), "the site's languages (catalogs are loaded for these)"],
            "cache_dir": [DEFAULT_CACHE_DIR, "the page cache, relative to root; '' for none"],
            "lang": [i18n.LANGUAGES[0], "the page's language"],
            "path": ["<page>", "the page's name in error messages (path:line: error: ...)"],
            "meta": [{}, "the page's front matter, when the text has none"],
            "first_line": [1, "the file line where the text starts, when the text has no front matter"],
            "renderer": ["", "a SiteRenderer to share between pages (else one is made from the options)"],
            "proof": ["", "a buildrecord.Proof (Python only; else the record under root is verified)"],
            "defer_svg": [False, "keep the figures' SVG aside for the caller (`deferred`): the MkDocs plugin"],
        }
        super().__init__(**kwargs)
        self.rendered: RenderedPage | None = None  # the last page's Jinja output, for the postprocessor
        self.deferred: placeholders.DeferredSvg | None = None  # its SVG, with `defer_svg`
        self.md: Markdown | None = None
        self._handed: str | None = None  # a page's Markdown rendered by `render_page` for the next conversion

    def site_renderer(self) -> SiteRenderer:
        """The renderer: the one given, else one made once from the options."""
        given = self.getConfig("renderer")
        if not given:
            cache = self.getConfig("cache_dir")
            root, locales = Path(self.getConfig("root")), Path(self.getConfig("locales_dir"))
            own = (root / locales).resolve() != i18n.LOCALES_DIR.resolve()  # then as the plugin reads it: first
            given = SiteRenderer(root, scenarios_dir=self.getConfig("scenarios_dir"),
                                 templates_dir=self.getConfig("templates_dir"), cache_dir=cache or None,
                                 project_locales=locales if own else None,
                                 languages=tuple(self.getConfig("languages")))
            self.setConfig("renderer", given)
        assert isinstance(given, SiteRenderer), given
        return given

    def proof(self) -> buildrecord.Proof:
        """What vouches for the files: the proof given, else the project's record (`buildrecord`)."""
        given = self.getConfig("proof")
        if not given:
            given = buildrecord.Record(self.site_renderer().root, self.getConfig("cache_dir"))
            self.setConfig("proof", given)
        return cast(buildrecord.Proof, given)

    def render_page(self, text: str, *, path: str, lang: str, meta: Mapping[str, Any] | None = None,
                    first_line: int = 1, source: Path | None = None) -> str:
        """A page's Jinja: Markdown with placeholders (kept with their HTML for `fill`), for the next
        conversion, whose preprocessor passes it on. Raises PageError at the page's line, also
        when no proof vouches for the files (`source`: the page's file, when known)."""
        renderer = self.site_renderer()
        refusal = self.proof().refusal(renderer.fingerprint, source)
        if refusal is not None:
            raise PageError(f"{path}:1: error: {refusal}; {buildrecord.RUN}")
        self.rendered = renderer.render_page(text, path=path, lang=lang, meta=meta, first_line=first_line)
        self.setConfig("lang", lang)  # for `fill`: the typography is the page's language's
        self.deferred = None
        self._handed = self.rendered.markdown
        return self.rendered.markdown

    def render(self, text: str) -> str:
        """The preprocessor's text: the page handed over already, else this page's Jinja rendered."""
        if self._handed is not None:
            self._handed = None
            return text
        body, meta, first = split_front_matter(text)
        page = generator_page(self.md)
        if page is not None:
            return self._render_generators_page(body, page, meta)
        if first == 1:
            meta, first = dict(self.getConfig("meta")), int(self.getConfig("first_line"))
        self.render_page(body, path=self.getConfig("path"), lang=self.getConfig("lang"), meta=meta, first_line=first)
        self._handed = None
        return self.rendered.markdown if self.rendered else body

    def _render_generators_page(self, body: str, page: GeneratorPage, meta: dict[str, Any]) -> str:
        """The page the generator says it converts: its language is its first folder, its lines
        count from its file's, and its front matter is the generator's when the text has none.
        The project is the generator's configuration folder, unless `root` says otherwise."""
        if self.getConfig("root") == "." and page.root is not None and not self.getConfig("renderer"):
            self.setConfig("root", str(page.root))
        source, uri = page.docs_dir / page.uri, page.uri
        renderer = self.site_renderer()
        shown = renderer.display(source)
        lang = uri.split("/", 1)[0] if "/" in uri else None
        if lang not in renderer.languages:
            raise PageError(f"{shown}:1: error: a page must be in a language's folder "
                            f"({', '.join(f'{code}/' for code in renderer.languages)}) of the docs folder")
        try:
            first = split_front_matter(source.read_text(encoding="utf-8"))[2]
        except (OSError, UnicodeDecodeError):
            first = 1
        self.render_page(body, path=shown, lang=str(lang), meta=meta or page.meta, first_line=first, source=source)
        self._handed = None
        return self.rendered.markdown if self.rendered else body

    def fill(self, html_text: str) -> str:
        """The figures' HTML in place of their placeholders. It keeps the page: postprocessors also
        run on other HTML of the same page (`toc` passes its table of contents through them)."""
        page = self.rendered
        if page and self.getConfig("defer_svg"):
            html_text, svgs = placeholders.fill_deferring_svg(html_text, page.fragments)
            self.deferred = svgs if svgs.svgs else self.deferred
        elif page:
            html_text = SiteRenderer.fill(html_text, page.fragments)
        return typography.typeset(html_text, self.getConfig("lang"), self.permalink())

    def permalink(self) -> tuple[str, str] | None:
        """(the toc extension's ¶ title, the page language's), when the toc extension writes ¶ links."""
        toc = next((e for e in getattr(self.md, "registeredExtensions", ()) if isinstance(e, TocExtension)), None)
        options = toc.getConfigs() if toc is not None else None
        translations = self.site_renderer().translations(self.getConfig("lang"))
        return typography.permalink_of(options, translations.gettext)

    def extendMarkdown(self, md: Markdown) -> None:
        self.md = md
        md.registerExtension(self)
        md.preprocessors.register(_JinjaPreprocessor(md, self), "tavla_jinja", PRE_PRIORITY)
        md.postprocessors.register(_FillPostprocessor(md, self), "tavla_fill", POST_PRIORITY)

    def reset(self) -> None:
        if self._handed is None:  # a page handed over before its Markdown was made keeps its fragments
            self.rendered = None

    def end_page(self) -> None:
        """The caller that handed a page over is done with it (also when Markdown never ran: blank text)."""
        self._handed, self.rendered, self.deferred = None, None, None


NAMES = ("tavla-docs", __name__)  # how a configuration names this extension: its entry point, its module


def use_in(extensions: list[Any], configs: dict[str, Any], ext: TavlaExtension) -> None:
    """`ext` in place of the extension a generator's configuration names (`NAMES`) or last when it names
    none: the plugin's instance, with its renderer and proof, replaces the one made from options."""
    named = [i for i, e in enumerate(extensions) if e in NAMES or isinstance(e, TavlaExtension)]
    for name in NAMES:
        configs.pop(name, None)
    for i in reversed(named):
        del extensions[i]
    extensions.insert(named[0] if named else len(extensions), ext)


@dataclass(frozen=True)
class GeneratorPage:
    """The page a generator converts, as it tells its preprocessors."""

    root: Path | None  # the generator's configuration folder, when it says
    docs_dir: Path
    uri: str  # the page's path under docs_dir, with `/`
    meta: dict[str, Any]


def generator_page(md: Markdown | None) -> GeneratorPage | None:
    """The page being converted, when the generator tells its preprocessors: Zensical's
    `rendering_context` (its page's `path` under its config's `docs_dir`, its `root_dir`)."""
    context = md.preprocessors["rendering_context"] if md and "rendering_context" in md.preprocessors else None
    page = getattr(context, "page", None)
    config = getattr(context, "config", None)
    if page is None or not isinstance(getattr(page, "path", None), str) or not isinstance(config, Mapping):
        return None
    meta = getattr(page, "meta", None)
    root = config.get("root_dir")
    return GeneratorPage(Path(str(root)) if isinstance(root, str) else None, Path(str(config.get("docs_dir", "."))),
                         page.path.replace("\\", "/"), dict(meta) if isinstance(meta, Mapping) else {})


class _JinjaPreprocessor(Preprocessor):
    def __init__(self, md: Markdown, ext: TavlaExtension) -> None:
        super().__init__(md)
        self.ext = ext

    def run(self, lines: list[str]) -> list[str]:
        return self.ext.render("\n".join(lines)).split("\n")


class _FillPostprocessor(Postprocessor):
    def __init__(self, md: Markdown, ext: TavlaExtension) -> None:
        super().__init__(md)
        self.ext = ext

    def run(self, text: str) -> str:
        return self.ext.fill(text)


def makeExtension(**kwargs: Any) -> TavlaExtension:  # the name Python-Markdown looks for
    return TavlaExtension(**kwargs)
