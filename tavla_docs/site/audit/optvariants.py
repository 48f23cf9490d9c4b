"""Text a page prints only because its `rules("game", option=…)` is not the game's own rules.

A page that calls `rules("gulbara", head_rule=True)` and prints "Only one checker may leave the
head per turn" from it, or builds the rules table from `rules("backgammon", crawford=False)` under
the header "Backgammon", tells the reader a variant is the game's rule. The page is rendered a
second time with every such option back at the game's own value (`optcalls`); each sentence and
each table cell that the option changed is the variant's statement, and must say so where it is
printed: a word of `optvariants.yaml` ("if … is played", "an optional rule", "some players",
"isteğe bağlı", "oynanıyorsa") in its sentence, its paragraph, its section's heading or, for a
table, its caption. Else it is an error at the sentence (or, for a table, at the option), naming
the option and the game's own value. Nothing here knows a rule: what changes is what the engine
and the page's own template compute.
"""
from __future__ import annotations

import difflib
import html
import re
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from .langlex import fold_pattern, fold_text
from .optcalls import VariantOption, variant_calls
from .problems import Problem

HINT = ("say where it is printed that this is a variant (\"if … is played\", \"an optional rule\", "
        "\"isteğe bağlı\", \"oynanıyorsa\"), or leave the option out to state the game's own rules")
TABLE_HINT = ("give the table a caption that names the variant (`caption=`), or build the column from the "
              "game's own rules")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_TAG = re.compile(r"<[^>]+>")
_PLACEHOLDER = re.compile(r"<!--tavla:\d+-->")
_ROW = re.compile(r"<tr\b[^>]*>(.*?)</tr>", re.S)
_CELL = re.compile(r"<(t[hd])\b[^>]*>(.*?)</t[hd]>", re.S)
_LEAD = re.compile(r"^(?:[-*+>]|\d+\.|#+)\s+")  # a list item's, a heading's or a quote's mark
_CAPTION = re.compile(r"<caption\b[^>]*>(.*?)</caption>", re.S)


@cache
def _markers(lang: str) -> tuple[re.Pattern[str], ...]:
    data = yaml.safe_load(Path(__file__).with_name("optvariants.yaml").read_text(encoding="utf-8"))
    return tuple(re.compile(fold_pattern(p, lang)) for p in (data.get(lang) or ()))


def says_variant(text: str, lang: str) -> bool:
    """Whether `text` says that what it states is a variant of the game's rules.

    >>> says_variant("If the Crawford rule is played, the next game has no cube.", "en")
    True
    >>> says_variant("Katmerli mars oynanıyorsa 3 puandır.", "tr"), says_variant("Only one checker may leave.", "en")
    (True, False)
    """
    folded = fold_text(text, lang)
    return any(m.search(folded) for m in _markers(lang))


def _words(text: str) -> str:
    return " ".join(html.unescape(_TAG.sub(" ", text)).split())


def _blocks(markdown: str) -> list[tuple[str, str, str]]:
    """The text's sentences as (sentence, its paragraph, its section's heading)."""
    out, heading = [], ""
    for line in markdown.splitlines():
        line = _PLACEHOLDER.sub(" ", line).strip()
        if not line:
            continue
        if line.startswith("#"):
            heading = line
        for s in _SENTENCE_END.split(line):
            if s.strip():
                out.append((_LEAD.sub("", _words(s)), line, heading))
    return out


def _changed(before: list[str], after: list[str]) -> list[int]:
    """The indexes of `after` that `before` does not have in their place."""
    found: list[int] = []
    for tag, _, _, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if tag in ("replace", "insert"):
            found += range(j1, j2)
    return found


def _locate(source: str, sentence: str) -> tuple[int, int] | None:
    """Where the longest run of the sentence's words (three or more) is typed in the page."""
    words = sentence.split()
    for size in range(len(words), 2, -1):
        for start in range(len(words) - size + 1):
            at = source.find(" ".join(words[start:start + size]))
            if at >= 0:
                return source.count("\n", 0, at) + 1, at - (source.rfind("\n", 0, at) + 1) + 1
    return None


def _named(options: list[VariantOption]) -> str:
    return "; ".join(f"{o.call}, where {o.game} is played with {o.own}" for o in options)


def _sentence_problems(before: str, after: str, options: list[VariantOption], lang: str, path: str,
                       source: str, first_line: int) -> list[Problem]:
    old, new = _blocks(before), _blocks(after)
    out = []
    for j in _changed([s for s, _, _ in old], [s for s, _, _ in new]):
        sentence, paragraph, heading = new[j]
        if not re.search(r"\w", sentence) or any(says_variant(t, lang) for t in (paragraph, heading)):
            continue
        at = _locate(source, sentence)
        line, col = at if at is not None else (options[0].line, options[0].col)
        out.append(Problem(path, first_line + line - 1, col, "error", "variant",
                           f"\"{sentence}\" is printed only because of {_named(options)}: it states a variant "
                           "as the game's rule", HINT))
    return out


def _table(fragment: str) -> tuple[str, list[str], list[list[str]]] | None:
    """A table's caption, its header cells and its body rows' cells (`th` and `td` alike)."""
    if "<table" not in fragment:
        return None
    caption = _CAPTION.search(fragment)
    rows = [[_words(c) for _, c in _CELL.findall(r)] for r in _ROW.findall(fragment)]
    if not rows:
        return None
    return (_words(caption.group(1)) if caption else ""), rows[0], rows[1:]


def _table_problems(before: str, after: str, options: list[VariantOption], lang: str, path: str,
                    first_line: int) -> list[Problem]:
    old, new = _table(before), _table(after)
    if old is None or new is None or len(old[2]) != len(new[2]):
        return []
    caption, header, rows = new
    if says_variant(caption, lang):
        return []
    out, seen = [], set()
    for row_old, row_new in zip(old[2], rows, strict=True):
        for j, (a, b) in enumerate(zip(row_old, row_new, strict=False)):
            if a == b or j in seen or j >= len(header) or says_variant(header[j], lang):
                continue
            seen.add(j)
            o = options[0]
            out.append(Problem(path, first_line + o.line - 1, o.col, "error", "variant",
                               f"the rules table's column \"{header[j]}\" is built from {_named(options)}: "
                               f"its row \"{row_new[0]}\" reads \"{b}\" where the game's own rules read \"{a}\", "
                               "under a header that names the game, not the variant", TABLE_HINT))
    return out


def _own_rules(helper: Any) -> Any:
    """`helper` (`rules` or `ruleset`) with every option left out: the game's own rules."""
    def own(name: str = "tavla", **_options: Any) -> Any:
        return helper(name)
    return own


def variant_problems(renderer: Any, template: Any, page: Any, meta: Any, marked: str, path: str, lang: str,
                     source: str, first_line: int) -> list[Problem]:
    """What a page's rendered text (`marked`, its blocks in `page.fragments`) says only because of
    a `rules()` option that is not the game's own; nothing when the page sets none."""
    options = variant_calls(source)
    if not options:
        return []
    from .. import partialaudit, provenance
    from ..page import Page

    other = Page(renderer, path, lang)
    context = renderer.context(other, meta or {})
    context["rules"], context["ruleset"] = _own_rules(context["rules"]), _own_rules(context["ruleset"])
    try:
        with provenance.recording(), partialaudit.collecting():
            own = template.render(**context)
    except Exception:  # noqa: BLE001 - the page cannot be read with the game's own rules: nothing to compare
        return []
    out = _sentence_problems(provenance.strip(own), provenance.strip(marked), options, lang, path, source, first_line)
    for key, fragment in page.fragments.items():
        before = other.fragments.get(key)
        if before is not None and before != fragment:
            out += _table_problems(provenance.strip(before), provenance.strip(fragment), options, lang, path,
                                   first_line)
    return out
