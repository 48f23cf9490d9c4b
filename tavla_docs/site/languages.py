"""The site's language layout: the default language (Turkish) at the root, the others under /en/ etc.

Authors keep each language in its own folder (`content/tr/`, `content/en/`). The
default language's files are served from the site root (the plugin gives each a
new `File` whose `src_dir` is `content/tr`), so Turkish pages live at `/` and
English ones under `/en/`, with the same file name in both languages. That one
rule gives page-to-page language links, per-language navigation and plain
relative Markdown links (`[..](bear-off.md)`) that MkDocs validates.

The file name pairs a page's languages; its URL may still differ per language:
`slug: pul-toplama` in a page's front matter serves that page at `pul-toplama/`
(in its own folder) instead of at its file name (`front_matter_slug`,
`slug_dest`). Links, the switcher and hreflang follow the file, so they follow
the slug; the pairing (switcher, drift audit, missing versions) stays by name.

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
>>> front_matter_slug("---\\ntitle: Pul toplama\\nslug: pul-toplama\\n---\\n# Pul\\n", "tr/bear-off.md")
'pul-toplama'
>>> slug_dest("bear-off.md", "pul-toplama", True), slug_dest("en/x.md", "y", False)
('pul-toplama/index.html', 'en/y.html')
"""
from __future__ import annotations

import functools
import hashlib
import html
import os
import posixpath
import re
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from ..errors import TavlaError
from ..languages import registry

# The plugin's `languages` and `default_language` when mkdocs.yml does not set them.
DEFAULT_LANGUAGES: Mapping[str, str] = registry.default_names()  # {"tr": "Türkçe", "en": "English"}
DEFAULT_LANGUAGE = next(iter(DEFAULT_LANGUAGES))

# (language, a page's site src_uri) -> that page's URL, None when the language has no such page.
UrlOf = Callable[[str, str], str | None]


class LayoutError(TavlaError):
    """Language options that cannot give a layout (the message names the option)."""


class SlugError(LayoutError):
    """A page's `slug:` that cannot be its URL (the message is `path:line:col: error: …` with a hint)."""


# One URL segment: lower-case letters (Turkish ones too), digits and hyphens, starting with a letter or digit.
_SLUG = re.compile(r"[^\W_](?:[^\W_]|-)*")
_SLUG_LINE = re.compile(r"slug[ \t]*:[ \t]*(.*?)[ \t]*(?:#.*)?$")


def front_matter_slug(text: str, path: str) -> str | None:
    """The `slug:` of a page's YAML front matter, None without one; SlugError when it is no URL segment.

    Read before MkDocs reads the page (a file's URL is fixed when the files are listed), so by
    line, not as YAML: the key must be a plain top-level `slug: value` line.
    """
    lines = text.splitlines()
    if not lines or lines[0].rstrip() != "---":
        return None
    for n, line in enumerate(lines[1:], start=2):
        if line.rstrip() in ("---", "..."):
            return None
        m = _SLUG_LINE.match(line)
        if m is None:
            continue
        value = m.group(1)
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        if not _SLUG.fullmatch(value) or value != value.lower():
            raise SlugError(f"{path}:{n}:{m.start(1) + 1}: error: slug {value!r} is not one URL segment\n"
                            "    hint: lower-case letters, digits and hyphens, e.g. `slug: pul-toplama`")
        if posixpath.basename(path) in ("index.md", "README.md"):
            raise SlugError(f"{path}:{n}:1: error: a folder's index page has the folder's URL; it takes no slug\n"
                            "    hint: remove the `slug:` line")
        return value
    return None


def slug_dest(src_uri: str, slug: str, use_directory_urls: bool) -> str:
    """Where the page `src_uri` is written when its slug is `slug`: beside its file, named by the slug."""
    folder = posixpath.dirname(src_uri)
    return posixpath.join(folder, slug, "index.html") if use_directory_urls else posixpath.join(folder, slug + ".html")


def shown_path(path: str) -> str:
    """A path as an author types it: relative to the working directory when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return path
    return path if rel.startswith("..") else rel.replace(os.sep, "/")


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
        """A warning for each page (site src_uri, language) that lacks a version in another language;
        its hint names the file to create.

        >>> w = Languages({"tr": "Türkçe", "en": "English"}, "tr").missing_versions([("x.md", "tr")], set(), "content")
        >>> print(w[0])  # doctest: +ELLIPSIS
        content/tr/x.md: page has no English version (en/)
            hint: create content/en/x.md (the same file name; ...)
        """
        out = []
        shown = shown_path(str(docs_dir))
        for src_uri, lang in pages:
            bare = src_uri.removeprefix(lang + "/")
            for other in self.names:
                if other != lang and self.counterpart(src_uri, lang, other) not in existing:
                    out.append(f"{shown}/{lang}/{bare}: page has no {self.names[other]} version ({other}/)\n"
                               f"    hint: create {shown}/{other}/{bare} (the same file name; a `slug:` in its "
                               "front matter gives it its own URL)")
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


# -- the home page's list of pages (`page_list()`): the same HTML from the navigation and from the folder
PAGE_LIST = re.compile(r'<ul class="tavla-page-list">.*?</ul>', re.DOTALL)


def page_list_html(items: Iterable[tuple[str, str, Any]]) -> str:
    """(link, title, summary or None) of each page -> the list; the site and `export` print the same."""
    lines = ['<ul class="tavla-page-list">']
    for link, title, about in items:
        tail = f": {html.escape(str(about), quote=False)}" if about else ""
        lines.append(f'<li><a href="{html.escape(link, quote=True)}">{html.escape(title, quote=False)}</a>{tail}</li>')
    return "\n".join([*lines, "</ul>"])


def summary_of(meta: Mapping[str, Any]) -> Any:
    """A page's line in the list: `summary:`, else `description:`."""
    return meta.get("summary") or meta.get("description")


def nav_settings(root: Path) -> tuple[Path, Path, list[str]]:
    """(mkdocs.yml, its docs_dir, the plugin's nav_order) of the project at `root`, read without MkDocs."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("", lambda loader, suffix, node: None)  # !!python/… tags: not needed here
    config = root / "mkdocs.yml"
    try:
        data = yaml.load(config.read_text(encoding="utf-8"), Loader=Loader) or {}
    except (OSError, yaml.YAMLError):
        data = {}
    data = data if isinstance(data, dict) else {}
    order: list[str] = []
    for plugin in data.get("plugins") or []:
        if isinstance(plugin, dict) and isinstance(plugin.get("tavla-docs"), dict):
            order = [str(x) for x in plugin["tavla-docs"].get("nav_order") or []]
    return config, root / str(data.get("docs_dir", "docs")), order


def folder_pages(folder: Path, order: Sequence[str]) -> list[tuple[str, Path, dict[str, Any], str]]:
    """The pages of one language folder in navigation order (`nav_order` by file name, then by name),
    its home page left out: (path in the folder, file, front matter, title)."""
    def key(rel: str) -> tuple[int, str]:
        name = rel.rsplit("/", 1)[-1]
        return (order.index(name) if name in order else len(order), name)

    out = []
    for path in sorted(folder.rglob("*.md")):
        rel = path.relative_to(folder).as_posix()
        if rel == "index.md":
            continue
        meta, title = _front_and_title(path.read_text(encoding="utf-8-sig"), path.stem)
        out.append((rel, path, dict(meta), title))
    return sorted(out, key=lambda e: key(e[0]))


@functools.lru_cache(maxsize=4096)
def _front_and_title(text: str, stem: str) -> tuple[dict[str, Any], str]:
    """A page's front matter and list title, by its text: every home page of a build lists the
    same pages (each `page_list()` read and parsed every page of its folder again; callers get a copy)."""
    import yaml

    meta: Any = {}
    m = re.match(r"---[ \t]*\n(.*?\n)(?:---|\.\.\.)[ \t]*(?:\n|$)", text, re.DOTALL)
    if m:
        try:
            meta = yaml.safe_load(m.group(1)) or {}
        except yaml.YAMLError:
            meta = {}
    meta = meta if isinstance(meta, dict) else {}
    heading = re.search(r"^# +(.+?)[ #]*$", text[m.end() if m else 0:], re.MULTILINE)
    title = str(meta.get("title") or (heading.group(1) if heading else stem.replace("-", " ").capitalize()))
    return meta, title


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class FolderListing:
    """What `page_list()` reads of a project for one language: mkdocs.yml and the folder's pages
    (`folder_pages`), each with its bytes' SHA-256 (the listing page's dependencies)."""

    config: Path
    config_digest: str | None  # None: no mkdocs.yml
    entries: tuple[tuple[str, Path, dict[str, Any], str, str], ...]  # (path in the folder, file, front matter, title, sha256)


def folder_listing(root: Path, lang: str) -> FolderListing:
    """The listing of `lang`'s folder in the project at `root` (`nav_settings`, `folder_pages`).
    A renderer keeps one per language for a build: the 44 home pages of a 400-page site each
    read and hashed their folder's 198 pages again (about 1 s of a cold build's CPU)."""
    config, docs, order = nav_settings(root)
    entries = tuple((rel, path, meta, title, sha256_of(path)) for rel, path, meta, title in folder_pages(docs / lang, order))
    return FolderListing(config, sha256_of(config) if config.is_file() else None, entries)
