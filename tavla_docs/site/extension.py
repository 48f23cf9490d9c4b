"""The site's core as a Python-Markdown extension: any generator built on Python-Markdown can use it.

A page's Jinja (helpers, figures, tables, stories, checked prose) runs in a
preprocessor, before Markdown sees the text, and the figures' HTML goes back in
a postprocessor after Markdown ran: the same two steps, in the same order, as the
MkDocs plugin's `on_page_markdown` and `on_page_content` (`renderer.SiteRenderer`
does the work in both), and the same typography after them (`typography.typeset`: no-break
spaces in units, the toc's ¶ titles in the page's language). Nothing here imports MkDocs.

    import markdown
    from tavla_docs.site.extension import TavlaExtension
    html = markdown.markdown(text, extensions=["tables", "attr_list",
                             TavlaExtension(root=".", lang="en", path="content/en/odds.md")])

or by name, as generators configure extensions:
`extensions=["tavla_docs.site.extension"], extension_configs={"tavla_docs.site.extension": {...}}`.

YAML front matter at the top of the text is read as the page's `meta` (as MkDocs
reads it) and error lines count from the file's first line; a generator that
strips front matter itself passes `meta` and `first_line` instead.

>>> from pathlib import Path
>>> import markdown
>>> ext = TavlaExtension(root=Path(__file__).parents[2], lang="en", cache_dir="")
>>> html = markdown.markdown('---\\ntitle: T\\n---\\nPlay {{ play("9/3 3/off") }}, {{ meta.title }}.', extensions=[ext])
>>> "tavla-play" in html and ", T.</p>" in html
True
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from markdown import Markdown
from markdown.extensions import Extension
from markdown.extensions.toc import TocExtension
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor

from . import i18n, typography
from .cache import DEFAULT_CACHE_DIR
from .checks import DEFAULT_SCENARIOS_DIR
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
            "locales_dir": [str(i18n.LOCALES_DIR), "the catalogs' folder (<lang>/LC_MESSAGES/*.po)"],
            "languages": [list(i18n.LANGUAGES), "the site's languages (catalogs are loaded for these)"],
            "cache_dir": [DEFAULT_CACHE_DIR, "the page cache, relative to root; '' for none"],
            "lang": [i18n.LANGUAGES[0], "the page's language"],
            "path": ["<page>", "the page's name in error messages (path:line: error: ...)"],
            "meta": [{}, "the page's front matter, when the text has none"],
            "first_line": [1, "the file line where the text starts, when the text has no front matter"],
            "renderer": ["", "a SiteRenderer to share between pages (else one is made from the options)"],
        }
        super().__init__(**kwargs)
        self.rendered: RenderedPage | None = None  # the last page's Jinja output, for the postprocessor
        self.md: Markdown | None = None

    def site_renderer(self) -> SiteRenderer:
        """The renderer: the one given, else one made once from the options."""
        given = self.getConfig("renderer")
        if not given:
            cache = self.getConfig("cache_dir")
            given = SiteRenderer(Path(self.getConfig("root")), scenarios_dir=self.getConfig("scenarios_dir"),
                                 templates_dir=self.getConfig("templates_dir"), cache_dir=cache or None,
                                 locales_dir=Path(self.getConfig("locales_dir")),
                                 languages=tuple(self.getConfig("languages")))
            self.setConfig("renderer", given)
        assert isinstance(given, SiteRenderer), given
        return given

    def render(self, text: str) -> str:
        """A page's Jinja: Markdown with placeholders (kept with their HTML for `fill`)."""
        body, meta, first = split_front_matter(text)
        if first == 1:
            meta, first = dict(self.getConfig("meta")), int(self.getConfig("first_line"))
        self.rendered = self.site_renderer().render_page(body, path=self.getConfig("path"),
                                                         lang=self.getConfig("lang"), meta=meta, first_line=first)
        return self.rendered.markdown

    def fill(self, html_text: str) -> str:
        """The figures' HTML in place of their placeholders. It keeps the page: postprocessors also
        run on other HTML of the same page (`toc` passes its table of contents through them)."""
        page = self.rendered
        html_text = SiteRenderer.fill(html_text, page.fragments) if page else html_text
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
        self.rendered = None


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
