"""Old URLs keep working: a page its `slug:` moved leaves a small redirect page at its file name's URL.

A page is at its file name's URL (`bear-off/`) until its front matter gives it a `slug:`
(`pul-toplama/`, `languages.front_matter_slug`). Links, bookmarks and search engines that know the
old URL are not broken by the move: the build writes, at the file name's URL, a page with a
`<meta http-equiv="refresh">` to the new URL, a `rel=canonical` link to it, `noindex` for search
engines, the site's icon (else the browser asks for a missing `/favicon.ico`), and one sentence
in the page's language with a plain link (no script needed). A redirect
page is a generated static file: not in the navigation, the sitemap or the search index.

When another page or file already has the old URL (two pages that swapped their URLs), that one
wins and no redirect is written.

>>> print(redirect_html(lang="tr", title="Pul toplama", target="../pul-toplama/",
...                     canonical="https://x.example/pul-toplama/", moved="Bu sayfa taşındı:",
...                     icon="../assets/images/favicon.png"))
<!doctype html>
<html lang="tr">
<head>
<meta charset="utf-8">
<title>Pul toplama</title>
<meta name="robots" content="noindex">
<link rel="icon" href="../assets/images/favicon.png">
<link rel="canonical" href="https://x.example/pul-toplama/">
<meta http-equiv="refresh" content="0; url=../pul-toplama/">
</head>
<body>
<p>Bu sayfa taşındı: <a href="../pul-toplama/">Pul toplama</a></p>
</body>
</html>
<BLANKLINE>
"""
from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin

from mkdocs.structure.files import File
from mkdocs.utils import get_relative_url


@dataclass(frozen=True)
class Moved:
    """A page its slug moved: where it would have been written (`bear-off/index.html`) and its file."""

    old_dest: str
    page: File

    @property
    def old_url(self) -> str:
        """The old URL path, as MkDocs writes URLs (`bear-off/`, or `bear-off.html`)."""
        dest = self.old_dest
        if dest.endswith("/index.html") and self.page.use_directory_urls:
            return dest[: -len("index.html")]
        return dest


def moved_pages(before: Sequence[File], after: Sequence[File]) -> list[Moved]:
    """The pages whose URL `apply_slugs` changed (`before` and `after` in the same order), each with
    the place it leaves; a place another file of `after` takes gets no redirect."""
    taken = {f.dest_uri for f in after}
    out = []
    for old, new in zip(before, after, strict=True):
        if new.is_documentation_page() and old.dest_uri != new.dest_uri and old.dest_uri not in taken:
            out.append(Moved(old.dest_uri, new))
    return out


def redirect_html(*, lang: str, title: str, target: str, canonical: str, moved: str, icon: str | None = None) -> str:
    """The redirect page: `target` relative to the old URL, `canonical` absolute when the site has a
    `site_url`; `moved` is the sentence before the link, in `lang` ("This page has moved:")."""
    t, c, e = (html.escape(x, quote=True) for x in (target, canonical, title))
    i = f'<link rel="icon" href="{html.escape(icon, quote=True)}">\n' if icon else ""
    return ("<!doctype html>\n"
            f'<html lang="{html.escape(lang, quote=True)}">\n'
            "<head>\n"
            '<meta charset="utf-8">\n'
            f"<title>{e}</title>\n"
            '<meta name="robots" content="noindex">\n'
            f"{i}"
            f'<link rel="canonical" href="{c}">\n'
            f'<meta http-equiv="refresh" content="0; url={t}">\n'
            "</head>\n"
            "<body>\n"
            f'<p>{html.escape(moved, quote=False)} <a href="{t}">{e}</a></p>\n'
            "</body>\n"
            "</html>\n")


def redirect_for(moved: Moved, *, lang: str, title: str, site_url: str | None, sentence: str,
                 icon: str | None = None) -> str:
    """`moved`'s redirect page: a link relative to its old URL, canonical from `site_url` (else
    relative); `icon`: the site's icon, a path from the site's root."""
    new_url = moved.page.url
    target = get_relative_url(new_url, moved.old_url) if new_url else "./"
    canonical = urljoin(site_url, new_url) if site_url else target
    return redirect_html(lang=lang, title=title, target=target, canonical=canonical, moved=sentence,
                         icon=get_relative_url(icon, moved.old_url) if icon else None)


def redirect_files(config: Any, before: Sequence[File], after: Sequence[File]) -> list[tuple[Moved, File]]:
    """Each moved page with its redirect's generated file (empty until `fill_redirects`), for `Files`."""
    return [(m, File.generated(config, m.old_dest, content="")) for m in moved_pages(before, after)]


def fill_redirects(redirects: Sequence[tuple[Moved, File]], lang_of: Callable[[str], str],
                   sentence: Callable[[str], str], site_url: str | None, icon: str | None = None) -> None:
    """Write each redirect file's page, once the pages' titles are known (MkDocs' `on_env`):
    `lang_of(src_uri)` is a page's language, `sentence(lang)` "This page has moved:" in it."""
    for moved, file in redirects:
        lang = lang_of(moved.page.src_uri)
        page = moved.page.page
        title = page.title if page is not None and page.title else moved.page.name
        file.content_string = redirect_for(moved, lang=lang, title=str(title), site_url=site_url,
                                           sentence=sentence(lang), icon=icon)
