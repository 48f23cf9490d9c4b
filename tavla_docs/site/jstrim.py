"""Our own scripts in the built site without their comment lines and indentation (issue 27: page weight).

The package's scripts (`theme/assets/javascripts/tavla-*.js`) keep their comments for whoever reads
them; the site's copies lose whole-line comments and leading whitespace only. Every line break
stays, so automatic semicolon insertion reads the code exactly as before, and a comment after code
on the same line stays too. A script whose code holds a template literal (`), a string continued
across lines (a line ending in a backslash) or a block comment opened after code is copied unchanged:
there, indentation or a line may be text, and doubt keeps the file. Same input, same bytes.

>>> slim("/* a\\n * b */\\n(function () {\\n  // c\\n  var x = 1; // d\\n}());\\n")
'(function () {\\nvar x = 1; // d\\n}());\\n'
>>> slim("var s = `a\\n  b`;\\n") is None, slim("f(); /* a\\n b */\\n") is None
(True, True)
"""
from __future__ import annotations

from pathlib import Path

SCRIPTS = "assets/javascripts/tavla-*.js"


def slim(js: str) -> str | None:
    """The script without whole-line comments and indentation; None when it cannot be done safely."""
    out: list[str] = []
    in_block = False
    for line in js.split("\n"):
        text = line.strip()
        if in_block:
            end = text.find("*/")
            if end < 0:
                continue
            in_block, text = False, text[end + 2:].strip()
        while text.startswith("/*"):
            end = text.find("*/", 2)
            if end < 0:
                in_block, text = True, ""
                break
            text = text[end + 2:].strip()
        if not text or text.startswith("//"):
            continue
        code = text.split("//", 1)[0] if "://" not in text else text
        if "/*" in code and "*/" not in code[code.index("/*"):]:
            return None  # a block comment opened after code: its lines are not ours to judge
        out.append(text)
    if in_block or any("`" in line or line.endswith("\\") for line in out):
        return None  # a template literal or a continued string: its lines may be text
    return "\n".join(out) + "\n"


def slim_site(site: Path) -> None:
    """Slim every one of our scripts the site holds (after a build; `mkdocs serve` serves them too)."""
    for path in sorted(site.glob(SCRIPTS)):
        source = path.read_text(encoding="utf-8")
        slimmed = slim(source)
        if slimmed is not None and slimmed != source:
            path.write_text(slimmed, encoding="utf-8")
