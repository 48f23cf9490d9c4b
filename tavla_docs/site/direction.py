"""A page's writing direction, from its language's registry entry (`direction:`), for the theme.

Material writes `dir` on `<body>` from its own table of languages; the plugin gives it the
registry's direction instead (`config.theme["direction"]`), so a language Material does not know
is laid out as its entry says. `<html>` gets `dir="rtl"` too (`mark_html`): the whole document,
its scroll bars and the browser's own UI, not only the body, read right to left. A left-to-right
page is left as it was: `ltr` is HTML's default, and the Turkish and English pages keep their bytes.

>>> mark_html('<!doctype html>\\n<html lang="ar" class="no-js">\\n<head>', "rtl")
'<!doctype html>\\n<html lang="ar" dir="rtl" class="no-js">\\n<head>'
>>> mark_html('<html lang="tr" class="no-js">', "ltr")
'<html lang="tr" class="no-js">'
"""
from __future__ import annotations

import re

_HTML_TAG = re.compile(r"<html(?=[\s>])([^>]*)>", re.IGNORECASE)
_DIR = re.compile(r"\sdir\s*=", re.IGNORECASE)


def mark_html(output: str, direction: str) -> str:
    """The page with `dir="rtl"` on its `<html>` element when `direction` is rtl (after `lang`,
    where Material writes one); an `<html>` that already says its `dir` is left alone."""
    if direction != "rtl":
        return output
    m = _HTML_TAG.search(output)
    if m is None or _DIR.search(m.group(1)):
        return output
    attrs = m.group(1)
    lang = re.search(r"\slang\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s>]+)", attrs)
    at = m.start(1) + (lang.end() if lang else 0)
    return f'{output[:at]} dir="rtl"{output[at:]}'
