r"""Errors a page build reports, and how a failure inside Jinja becomes `path:line: error: …`.

Helpers raise `HelperError` without knowing where they were called; the page
renderer turns it (or any template error) into a `PageError` naming the page line.
A block left open (`{% if %}` with no `{% endif %}`) is reported where it opens,
with the end tag it needs: Jinja itself only knows where the page ended.

>>> env = jinja2.Environment()
>>> source = "# T\n\n{% if x %}\n{% for a in b %}{{ a }}{% endfor %}\nend\n"
>>> try:
...     env.parse(source)
... except jinja2.TemplateSyntaxError as e:
...     print(syntax_error(e, "content/en/x.md", 0))
content/en/x.md:3:1: error: this {% if %} block is never closed: the page ends before its {% endif %}
    hint: close it with {% endif %} where the block should end
"""
from __future__ import annotations

import difflib
import html
import re
import traceback
from dataclasses import dataclass
from pathlib import Path

import jinja2

from ..errors import TavlaError

_LEXER = jinja2.Environment()  # pages use Jinja's default delimiters


class PageError(TavlaError):
    """A page that cannot be built; the message is complete (`path:line: error: …`)."""


class HelperError(TavlaError):
    """Raised by a page helper; the page renderer adds the page location.

    `located` is set when the problem already has its own location (a scenario
    diagnostic), which is then reported as is.
    """

    def __init__(self, message: str, located: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.located = located


def template_line(exc: BaseException, path: str) -> int:
    """The page line being rendered when `exc` was raised (Jinja maps template frames to lines)."""
    line = 0
    for fr in traceback.extract_tb(exc.__traceback__):
        if fr.filename == path and fr.lineno:
            line = fr.lineno
    return line or getattr(exc, "lineno", 0) or 1


def syntax_error(exc: jinja2.TemplateSyntaxError, path: str, off: int) -> PageError:
    """A page that does not compile; Jinja knows the line, `off` shifts it past front matter.
    A block left open is reported at its opening tag instead (`open_blocks`)."""
    message = exc.message or ""
    trans = message == "unclosed translation block"  # jinja2.ext.i18n's own message
    if exc.source is not None and ("The innermost block that needs to be closed is" in message or trans):
        blocks = open_blocks(exc.source, exc.source.count("\n") + 1 if trans else exc.lineno)
        if blocks:
            met = re.match(r"Encountered unknown tag '(\w+)'", message)
            return unclosed_error(blocks, met.group(1) if met else None, path, off, exc.lineno)
    return PageError(f"{path}:{exc.lineno + off}: error: {exc.message}")


# Tags that open a block, and the tag that ends it (`set` only in its block form, `{% set x %}…`).
BLOCKS = {"if": "endif", "for": "endfor", "macro": "endmacro", "call": "endcall", "filter": "endfilter",
          "block": "endblock", "with": "endwith", "autoescape": "endautoescape", "trans": "endtrans",
          "set": "endset"}


@dataclass(frozen=True)
class OpenBlock:
    name: str
    line: int
    col: int


def open_blocks(source: str, until: int) -> list[OpenBlock]:
    """The blocks open at line `until` (the innermost last), found with Jinja's own lexer; an end
    tag that does not close the innermost block stops the scan, since that is Jinja's error too."""
    stack: list[OpenBlock] = []
    pos = 0
    try:
        tokens = list(_LEXER.lex(source))
    except jinja2.TemplateSyntaxError:
        return []
    for i, (line, kind, value) in enumerate(tokens):
        at = source.find(value, pos)  # lexer values are the source's text (data may lose trailing space)
        if at < 0 or line > until:
            break
        pos = at + len(value)
        if kind != "block_begin":
            continue
        rest = [(k, v) for _, k, v in tokens[i + 1:i + 40] if k != "whitespace"]
        name = rest[0][1] if rest and rest[0][0] == "name" else ""
        tag = rest[1:next((j for j, (k, _) in enumerate(rest) if k == "block_end"), len(rest))]
        if name in BLOCKS and not (name == "set" and ("operator", "=") in tag):
            stack.append(OpenBlock(name, line, at - (source.rfind("\n", 0, at) + 1) + 1))
        elif name.startswith("end") and stack:
            if BLOCKS.get(stack[-1].name) != name:
                break
            stack.pop()
    return stack


def unclosed_error(blocks: list[OpenBlock], met_tag: str | None, path: str, off: int, where: int) -> PageError:
    """`path:line:col` of the innermost open block, what Jinja met instead of its end (the page's
    end, or another tag at line `where`), and the end tag it needs."""
    inner = blocks[-1]
    end = BLOCKS[inner.name]
    met = f"line {where + off} has {{% {met_tag} %}}" if met_tag else "the page ends"
    hint = f"close it with {{% {end} %}} where the block should end"
    outer = [f"{{% {b.name} %}} of line {b.line + off}" for b in blocks[:-1]]
    if outer:
        hint += f"; still open around it: {', '.join(reversed(outer))}"
    return PageError(f"{path}:{inner.line + off}:{inner.col}: error: this {{% {inner.name} %}} block is never closed: "
                     f"{met} before its {{% {end} %}}\n    hint: {hint}")


def render_error(exc: Exception, path: str, off: int) -> PageError:
    """A failure while a page renders: a helper's complaint, or a template error (undefined
    names, wrong arguments). A scenario diagnostic keeps its own location, plus a note
    saying which page line used it.
    """
    line = template_line(exc, path) + off
    if isinstance(exc, HelperError):
        if exc.located:
            return PageError(f"{exc.located}\n{path}:{line}: note: used here")
        return PageError(f"{path}:{line}: error: {exc.message}")
    msg = exc.message if isinstance(exc, jinja2.TemplateError) and exc.message else f"{type(exc).__name__}: {exc}"
    return PageError(f"{path}:{line}: error: {readable_undefined(msg)}")


# What a page's values are, in an author's words (`'…FrameFacts object' has no attribute 'x'`).
_VALUES = {"FrameFacts": "a scenario frame's facts (scenario(…), a caption's s)", "RuleFacts": "a ruleset's facts (rules(…))",
           "PositionFacts": "a position's facts (s.after)", "RollFact": "a roll", "PlayFact": "a play", "MoveFact": "a move",
           "Num": "a number", "PointFact": "a point's facts (s.point(…))", "Outcome": "an outcome of the 36 rolls",
           "Counts": "a count per side", "FactList": "a list of facts", "Span": "a range of points",
           "RollValue": "an example roll", "ResultFact": "a result", "PipTerm": "a pip count's term",
           "Amount": "a computed amount", "Text": "a word", "Word": "a word"}
_NO_ATTR = re.compile(r"'(?:[\w.]+\.)?(\w+) object' has no attribute '(\w+)'")


def readable_undefined(msg: str) -> str:
    """Jinja's undefined-attribute message without the package's class names, with the facts
    that value has and a did-you-mean.

    >>> print(readable_undefined("'tavla_docs.site.facts.frame.RollFact object' has no attribute 'hihg'"))
    a roll has no 'hihg'; did you mean 'high'? (docs/authoring.md, "Facts in prose")
    """
    m = _NO_ATTR.search(msg)
    if m is None or m.group(1) not in _VALUES:
        return msg
    cls, attr = m.group(1), m.group(2)
    names = sorted(_public_names(cls))
    close = difflib.get_close_matches(attr, names, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else f"; it has {', '.join(names[:12])}" if names else ""
    return f"{_VALUES[cls]} has no {attr!r}{hint} (docs/authoring.md, \"Facts in prose\")"


def _public_names(cls_name: str) -> set[str]:
    from .facts import frame, numerals, outcome, rules, values
    for module in (frame, rules, values, numerals, outcome):
        cls = getattr(module, cls_name, None)
        if isinstance(cls, type):
            import inspect
            try:  # attributes an instance sets in __init__ (`self.high = …`)
                own = set(re.findall(r"self\.([a-z]\w*) =", inspect.getsource(cls)))
            except (OSError, TypeError):
                own = set()
            return {n for n in set(dir(cls)) | own if not n.startswith("_") and n not in dir(int)
                    and n not in dir(str) and n not in ("tavla_fact", "echo")}
    return set()


def failure_pages(site_dir: Path, failures: list[str]) -> None:
    """Under `mkdocs serve`: every page of the preview (and its 404 page) lists the errors of the
    failed build, located as on the command line. The server adds its live-reload script to
    each, so the browser shows the site again at the next good build."""
    n = len(failures)
    body = "\n".join(f"<pre>{html.escape(f)}</pre>" for f in failures)
    page = ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Build failed · tavla-docs</title>"
            "<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}"
            "pre{background:#fdecea;border-left:4px solid #b00020;padding:.75rem;white-space:pre-wrap}</style></head>\n"
            f"<body><h1>The build failed</h1><p>tavla-docs found {n} problem{'s' if n != 1 else ''}. Fix "
            f"{'them' if n != 1 else 'it'} and save: this page reloads by itself.</p>\n{body}\n</body></html>\n")
    pages = set(site_dir.rglob("*.html")) | {site_dir / "index.html", site_dir / "404.html"}
    for p in pages:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(page, encoding="utf-8")


def body_first_line(text: str) -> int:
    """The line of a page's text where its Markdown body starts (after YAML front matter)."""
    if not text.startswith("---"):
        return 1
    lines = text.splitlines()
    for i, line in enumerate(lines[1:], start=1):
        if line.strip() in ("---", "..."):
            return i + 2
    return 1
