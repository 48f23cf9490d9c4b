"""Typography of a rendered page: no line break inside a unit, and the ¶ link's title in the page's language.

Authors type the noun after a printed number (`{{ p }}. hanede`, `{{ r.checkers }} pul`), so the
place to keep the two on one line is the page's HTML, once Markdown has made it (`on_page_content`),
not each sentence. `keep_units` puts a no-break space (U+00A0) in the text between

- a number and the lower-case word after it: "15 pul", "3 puan", "1,25 atış", "1/6 ihtimal",
  "15 checkers";
- in Turkish, an ordinal (a number and its dot) and the lower-case word after it: "6. hanede",
  "1–6. haneler", "24. haneye";
- a whole number and the fraction after it: "8 1/6" (the helpers print this one with it already).

Only text is touched: never a tag or an attribute, and nothing inside `code`, `pre`, `kbd`,
`script`, `style`, `svg`, `math` or `textarea`. A capital letter after the number starts a new
sentence or a name ("… 6. Beyaz"), so it is left alone; so is a number inside a fraction or a
play (`13/11 8/5`). Figure labels ("Şekil 1.", "Figure 1") are joined where they are printed
(templates/figure.html, chart.html).

The toc extension's permalink (`¶`) has one title for the whole site, "Permanent link" by
default; `permalink_titles` gives each page its language's (the catalog's "Permanent link").

>>> keep_units("<p>Pul 6. hanede, 15 pul ve <code>6. x</code> <b>3 puan</b>.</p>", "tr")
'<p>Pul 6.\\xa0hanede, 15\\xa0pul ve <code>6. x</code> <b>3\\xa0puan</b>.</p>'
>>> keep_units('<p title="15 pul">8 1/6 and 13/11 8/5; 6. Beyaz</p>', "en")
'<p title="15 pul">8\\xa01/6\\xa0and 13/11 8/5; 6. Beyaz</p>'
>>> permalink_titles('<h2 id="a">A<a class="headerlink" href="#a" title="Permanent link">&para;</a></h2>',
...                  "Permanent link", "Kalıcı bağlantı")
'<h2 id="a">A<a class="headerlink" href="#a" title="Kalıcı bağlantı">&para;</a></h2>'
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from typing import Any

from .. import N_

NBSP = "\u00a0"

# The toc extension's default `permalink_title`; a catalog msgid, so each language has its own.
PERMALINK_TITLE = N_("Permanent link")

# Languages whose ordinals are written as a number and a dot ("6. hane").
ORDINAL_DOT = frozenset({"tr"})

# A tag (quoted attribute values may hold ">"), a comment, a doctype or CDATA: everything that is not text.
_MARKUP = re.compile(r"""<!--.*?-->|<!\[CDATA\[.*?\]\]>|<!?[A-Za-z/](?:[^>"']|"[^"]*"|'[^']*')*>""", re.DOTALL)
_TAG_NAME = re.compile(r"</?([A-Za-z][\w:-]*)")
# Elements whose text is not prose: code, drawings, scripts.
_VERBATIM = frozenset({"code", "pre", "kbd", "samp", "script", "style", "svg", "math", "textarea"})
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})

_SPACE = r"[ \t\r\n]+"
# A number not inside another number, fraction or play: 15, 1,25, 1.5, 1/6 (not 13/11 8/5's "11" or "8/5").
_NUMBER = r"(?<![\w.,/])\d+(?:[.,]\d+)?(?:/\d+)?(?![\w/])"
_WORD = r"(?=([^\W\d_]))"  # the next word's first letter (joined only when it is lower-case)
_UNIT = re.compile(rf"({_NUMBER}){_SPACE}{_WORD}")
_MIXED = re.compile(rf"(?<![\w.,/\u00a0])(\d+){_SPACE}(?=\d+/\d+(?![\w/]))")
_ORDINAL = re.compile(rf"(?<![\w.,/])(\d+\.){_SPACE}{_WORD}")


def join_text(text: str, lang: str) -> str:
    """One text node with its units joined (the rules above)."""
    if not any(c.isdigit() for c in text):
        return text
    if lang in ORDINAL_DOT:
        text = _ORDINAL.sub(_before_lower, text)
    text = _MIXED.sub(lambda m: m.group(1) + NBSP, text)
    return _UNIT.sub(_before_lower, text)


def _before_lower(m: re.Match[str]) -> str:
    """The number joined to the next word when that word is lower-case (a capital starts a sentence or a name)."""
    return m.group(1) + NBSP if m.group(2).islower() else m.group(0)


def keep_units(page_html: str, lang: str) -> str:
    """`page_html` with no-break spaces where a line break would split a unit, in its text only."""
    out: list[str] = []
    verbatim: list[str] = []  # the open elements whose text is left alone
    pos = 0
    for m in _MARKUP.finditer(page_html):
        text = page_html[pos:m.start()]
        out.append(text if verbatim else join_text(text, lang))
        tag = m.group(0)
        out.append(tag)
        pos = m.end()
        name = _TAG_NAME.match(tag)
        if name is None:
            continue
        n = name.group(1).lower()
        if n not in _VERBATIM or n in _VOID or tag.endswith("/>"):
            continue
        if tag.startswith("</"):
            if n in verbatim:
                del verbatim[len(verbatim) - 1 - verbatim[::-1].index(n):]
        else:
            verbatim.append(n)
    tail = page_html[pos:]
    out.append(tail if verbatim else join_text(tail, lang))
    return "".join(out)


def permalink_of(toc: Mapping[str, Any] | None, translate: Callable[[str], str]) -> tuple[str, str] | None:
    """(the toc extension's ¶ title, `translate`d), from its options; None when it writes no ¶ links."""
    if not toc or not toc.get("permalink"):
        return None
    site_title = str(toc.get("permalink_title") or PERMALINK_TITLE)
    return site_title, translate(site_title)


def typeset(page_html: str, lang: str, permalink: tuple[str, str] | None) -> str:
    """A page's HTML as both the plugin and the Markdown extension give it: `permalink_titles` with
    `permalink` (the site-wide title, the page language's), when headings have ¶ links, then `keep_units`."""
    if permalink is not None:
        page_html = permalink_titles(page_html, *permalink)
    return keep_units(page_html, lang)


_HEADERLINK = re.compile(r'<a\b[^>]*\bclass="headerlink"[^>]*>')


def permalink_titles(page_html: str, site_title: str, title: str) -> str:
    """`page_html` with each heading's ¶ link titled `title` instead of the site-wide `site_title`."""
    if site_title == title:
        return page_html
    old = f'title="{html.escape(site_title, quote=True)}"'
    new = f'title="{html.escape(title, quote=True)}"'
    return _HEADERLINK.sub(lambda m: m.group(0).replace(old, new, 1), page_html)
