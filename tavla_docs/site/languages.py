"""The site's language layout: the default language (Turkish) at the root, the others under /en/ etc.

Authors keep each language in its own folder (`content/tr/`, `content/en/`). The
default language's files are served from the site root (the plugin gives each a
new `File` whose `src_dir` is `content/tr`), so Turkish pages live at `/` and
English ones under `/en/`, with the same file name in both languages. That one
rule gives page-to-page language links, per-language navigation and plain
relative Markdown links (`[..](bear-off.md)`) that MkDocs validates.

This module is the one place that knows the rule: the plugin remaps files and
links the languages with it, and `tavla-docs build` uses it to say where on
disk a page is that MkDocs names by its remapped path. It needs no MkDocs.

>>> layout = Languages({"tr": "Türkçe", "en": "English"}, "tr")
>>> layout.moved_to_root("tr/bear-off.md"), layout.folder_language("en/bear-off.md")
('bear-off.md', 'en')
>>> layout.counterpart("bear-off.md", "tr", "en"), layout.counterpart("en/bear-off.md", "en", "tr")
('en/bear-off.md', 'bear-off.md')
>>> layout.source_uri("bear-off.md"), layout.source_uri("en/bear-off.md")
('tr/bear-off.md', 'en/bear-off.md')
"""
from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin

from ..errors import TavlaError

# The plugin's `languages` and `default_language` when mkdocs.yml does not set them.
DEFAULT_LANGUAGES: Mapping[str, str] = {"tr": "Türkçe", "en": "English"}
DEFAULT_LANGUAGE = "tr"

# (language, a page's site src_uri) -> that page's URL, None when the language has no such page.
UrlOf = Callable[[str, str], str | None]


class LayoutError(TavlaError):
    """Language options that cannot give a layout (the message names the option)."""


@dataclass(frozen=True)
class Languages:
    """The site's languages (code -> name shown in the switcher, in site order) and which is at the root."""

    names: Mapping[str, str]
    default: str

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(self.names)

    def check(self) -> None:
        """Raise LayoutError unless the default language is one of the languages."""
        if self.default not in self.names:
            raise LayoutError(f"default_language {self.default!r} is not one of {', '.join(self.codes)}")

    # -- files: content folder <-> site
    def moved_to_root(self, src_uri: str) -> str | None:
        """A default-language file's path at the site root (`tr/x.md` -> `x.md`); None for other files."""
        prefix = self.default + "/"
        return src_uri[len(prefix):] if src_uri.startswith(prefix) else None

    def folder_language(self, src_uri: str) -> str | None:
        """The language of a file kept in its language folder (`en/x.md` -> "en"); None outside those."""
        top = src_uri.split("/", 1)[0]
        return top if top in self.names and top != self.default else None

    def outside_folders(self, docs_dir: str, src_uri: str) -> str:
        """The error for a page that is in no language folder."""
        return (f"{docs_dir}/{src_uri}: error: a page must be in a language "
                f"folder ({', '.join(f'{lang}/' for lang in self.codes)})")

    def source_uri(self, uri: str) -> str:
        """Where a site path is in the content folder: `x.md` -> `tr/x.md`, `en/x.md` stays."""
        return uri if self.folder_language(uri) is not None else f"{self.default}/{uri}"

    # -- pages in other languages
    def counterpart(self, src_uri: str, lang: str, target: str) -> str:
        """The same page's site src_uri in language `target`."""
        bare = src_uri if lang == self.default else src_uri[len(lang) + 1:]
        return bare if target == self.default else f"{target}/{bare}"

    def missing_versions(self, pages: Iterable[tuple[str, str]], existing: Container[str],
                         docs_dir: str) -> list[str]:
        """A warning for each page (site src_uri, language) that lacks a version in another language."""
        out = []
        for src_uri, lang in pages:
            for other in self.names:
                if other != lang and self.counterpart(src_uri, lang, other) not in existing:
                    out.append(f"{docs_dir}/{lang}/{src_uri.removeprefix(lang + '/')}: page has no "
                               f"{self.names[other]} version ({other}/)")
        return out

    def alternates(self, src_uri: str, lang: str, url_of: UrlOf,
                   home_of: Callable[[str], str | None]) -> list[dict[str, Any]]:
        """The language switcher's entries: this page in each language, else that language's home page."""
        out = []
        for other, name in self.names.items():
            url = url_of(other, self.counterpart(src_uri, lang, other))
            if url is None:
                home = home_of(other)
                url = home if home is not None else "./"
            out.append({"lang": other, "name": name, "link": url, "current": other == lang})
        return out

    def hreflang(self, src_uri: str, lang: str, url_of: UrlOf, site_url: str | None) -> list[dict[str, str]]:
        """`<link rel=alternate hreflang>` targets: this page in every language, plus x-default.

        Search engines want absolute URLs, so without `site_url` there are none. Only
        pages that exist are listed (never the home-page fallback the switcher uses):
        a hreflang link must lead to the same content in the other language.
        """
        if not site_url:
            return []
        links: dict[str, str] = {}
        for other in self.names:
            url = url_of(other, self.counterpart(src_uri, lang, other))
            if url is not None:
                links[other] = urljoin(site_url, url)
        out = [{"lang": k, "href": v} for k, v in links.items()]
        default = links.get(self.default)
        if default is not None:
            out.append({"lang": "x-default", "href": default})
        return out
