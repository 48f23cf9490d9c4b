"""One language's pages as one printable HTML document: a cover, the contents, each page's body.

The bodies come from the site built for files (`cli.standalone`), page by page in the navigation's
order: the inside of each page's `<article>`, with what only works on screen taken out (scripts,
the try-it boards' data and controls, the headings' ¶ links), so a try-it board prints as its
figure. A link to another page leads to that page's section of the book; an image's relative
address is made absolute (the book has one address, the pages had several). The print stylesheet
(`book.css`) gives the page size, the page numbers and the page breaks: no figure is split from its
caption, no heading is left at a page's foot.
"""
from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

_ARTICLE = re.compile(r'<article\b[^>]*class="[^"]*md-content__inner[^"]*"[^>]*>(.*)</article>', re.S)
_SCRIPT = re.compile(r"<script\b[^>]*>.*?</script>", re.S | re.I)
_HEADERLINK = re.compile(r'<a\b[^>]*class="headerlink"[^>]*>.*?</a>', re.S)
_EDIT = re.compile(r'<a\b[^>]*class="md-content__button[^"]*"[^>]*>.*?</a>', re.S)
_CONTROLS = re.compile(r"<(form|button|input|select|textarea)\b[^>]*>(?:.*?</\1>)?", re.S | re.I)
_HREF = re.compile(r'\bhref="([^"#:]*\.html)(#[^"]*)?"')
_SRC = re.compile(r'\bsrc="(?![a-z][a-z0-9+.-]*:|/|#)([^"]+)"', re.I)
_DETAILS = re.compile(r"<details\b(?![^>]*\bopen\b)")
_H1 = re.compile(r"<h1\b[^>]*>(.*?)</h1>", re.S)
_TAG = re.compile(r"<[^>]+>")


@dataclass(frozen=True)
class BookPage:
    dest: str  # the built file, relative to the site: `en/odds.html`
    title: str  # the page's first heading, as text


def article(page_html: str) -> str:
    """The inside of a built page's `<article>` (its body, without the theme around it).

    >>> article('<div><article class="md-content__inner md-typeset"><h1>A</h1></article></div>')
    '<h1>A</h1>'
    """
    m = _ARTICLE.search(page_html)
    return m.group(1).strip() if m else ""


def heading(body: str, fallback: str) -> str:
    """A page body's first-level heading as plain text (for the contents), else `fallback`.

    >>> heading('<h1 id="x">Pul <em>toplama</em><a class="headerlink" href="#x">¶</a></h1>', "?")
    'Pul toplama'
    """
    m = _H1.search(_HEADERLINK.sub("", body))
    return html.unescape(_TAG.sub("", m.group(1))).strip() if m else fallback


def printable(body: str, dest: str, site: Path, sections: dict[str, str]) -> str:
    """A page body for print: screen-only parts out, links between pages to the book's sections,
    relative image addresses absolute. `sections`: {built file: its section's id in the book}.

    >>> printable('<a href="b.html#x">b</a><a href="https://e.org">e</a><script>1</script><button>Undo</button>',
    ...           "a.html", Path("/s"), {"b.html": "page-2"})
    '<a href="#page-2">b</a><a href="https://e.org">e</a>'
    """
    folder = posixpath.dirname(dest)
    body = _SCRIPT.sub("", body)
    body = _HEADERLINK.sub("", body)
    body = _EDIT.sub("", body)
    body = _CONTROLS.sub("", body)
    body = _DETAILS.sub("<details open", body)

    def link(m: re.Match[str]) -> str:
        target = posixpath.normpath(posixpath.join(folder, m.group(1)))
        section = sections.get(target)
        return f'href="#{section}"' if section else m.group(0)

    def source(m: re.Match[str]) -> str:
        path = (site / folder / html.unescape(m.group(1))).resolve()
        return f'src="{html.escape(path.as_uri(), quote=True)}"'

    return _SRC.sub(source, _HREF.sub(link, body))


def book_html(lang: str, title: str, contents_title: str, pages: list[tuple[BookPage, str]], css: str,
              generator: str = "tavla-docs") -> str:
    """The whole book: a cover with the title and the contents (page numbers from the print
    stylesheet's `target-counter`), then one section per page, each starting on a new page."""
    esc = html.escape
    toc = "\n".join(f'<li><a href="#page-{i}">{esc(p.title)}</a></li>' for i, (p, _) in enumerate(pages, 1))
    sections = "\n".join(f'<section class="book-page" id="page-{i}">\n{body}\n</section>'
                         for i, (_, body) in enumerate(pages, 1))
    return (f'<!DOCTYPE html>\n<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="generator" content="{esc(generator)}">\n'
            f"<title>{esc(title)}</title>\n<style>\n{css}\n</style>\n</head>\n<body>\n"
            f'<section class="book-cover">\n<h1 class="book-title">{esc(title)}</h1>\n'
            f'<nav class="book-contents">\n<h2>{esc(contents_title)}</h2>\n<ol>\n{toc}\n</ol>\n</nav>\n</section>\n'
            f'<main class="md-typeset">\n{sections}\n</main>\n</body>\n</html>\n')
