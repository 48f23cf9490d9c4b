"""The terminology check: a page's prose against the site's word choices in `glossary.yaml`.

Issue 11: the Turkish pages drifted (taş and pul, nokta and hane on one site). The rules are
data, the `usage` block of glossary.yaml (documented there); this module only applies them:

- `term`: a discouraged synonym ("taşları" → pul), matched by stem at word starts, with
  each stem's false friends listed as exceptions (taşır "carries" is not taş);
- `calque`: a phrase translated word for word from the backgammon source ("puanı kabul ederek");
- `apostrophe`: a side's name with an ending but no apostrophe (Siyahın → Siyah'ın);
- `comma-ve`: a comma before "ve";
- `address`: a page that speaks to the reader both as "sen" and as "siz"; the forms that are
  not the site's ("zorundasın") are flagged with their "siz" form ("zorundasınız").

`term_warnings(text, lang)` reads a page's Markdown source: Jinja tags, code spans, fenced
code, HTML tags and link targets are blanked out first (same length, so lines and columns
stay those of the source). `catalog_warnings(po_path, lang)` reads a .po file's translations.
Each language's rules become a few regular expressions, compiled once per version of the file.

>>> [(w.line, w.col, w.found, w.preferred, w.rule) for w in term_warnings("Bir taşı {{ play('taş') }} oyna", "tr")]
[(1, 5, 'taşı', 'pul', 'term')]
>>> term_warnings("Siyah'ın evi, Beyazın evi", "tr")[0].preferred
"Beyaz'ın"
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..languages import registry
from .glossary import GlossaryData, GlossaryError, glossary_data


@dataclass(frozen=True)
class TermWarning:
    line: int        # 1-based line in the text given
    col: int         # 1-based column
    found: str       # the text found, as written
    preferred: str   # what to write instead
    rule: str        # short rule id: "term", "apostrophe", "comma-ve", "calque", "address"
    message: str     # one line


# --- blanking what is not prose -------------------------------------------------------------

_FENCED = re.compile(r"^[ \t]{0,3}(?P<fence>`{3,}|~{3,})[^\n]*\n.*?(?:^[ \t]{0,3}(?P=fence)[ \t]*$|\Z)",
                     re.DOTALL | re.MULTILINE)
_HIDDEN = re.compile("|".join((  # every branch starts with a literal, so the scan skips plain prose fast
    r"\{\{.*?\}\}", r"\{%.*?%\}", r"\{#.*?#\}",                          # Jinja
    r"`(?P<ticks>`*)(?:(?!\n[ \t]*\n).)+?(?<!`)`(?P=ticks)(?!`)",       # a code span, within a paragraph
    r"<!--.*?-->", r"</?[A-Za-z][^<>\n]*>",                              # HTML
    r"\]\([^()\s]*(?:\s+\"[^\"\n]*\")?\)",                               # a link's target
    r"\{\s*[#.:][^{}\n]*\}",                                             # an attribute list: { #id }
)), re.DOTALL)
_BLANK = "\x00"  # neither a letter nor a space: a blanked tag also separates the words of a phrase


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    parts, last = [], 0
    for start, end in spans:
        parts.append(text[last:start])
        parts.append("".join(c if c == "\n" else _BLANK for c in text[start:end]))
        last = end
    parts.append(text[last:])
    return "".join(parts)


def prose(text: str) -> str:
    """`text` with everything that is not prose blanked out, same length and same line breaks.

    >>> prose("a `b` {{ c }} d").replace("\\x00", "_")
    'a ___ _______ d'
    """
    text = _blank(text, [m.span() for m in _FENCED.finditer(text)])
    return _blank(text, [m.span() for m in _HIDDEN.finditer(text)])


_PO_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(\".*\")\s*$")
_PO_HIDDEN = re.compile(r"\\.|%\(\w+\)[a-z]|%[a-z%]")


def catalog_prose(text: str) -> str:
    """A .po file with only its translations (the msgstr texts, not the header's) left readable,
    escapes and printf placeholders blanked: the check then reports the .po file's own lines."""
    keep: list[tuple[int, int]] = []
    offset, keyword, header, quote = 0, "", False, 0
    for line in text.splitlines(keepends=True):
        m = _PO_KEYWORD.match(line)
        if m:
            keyword, quote = m.group(1), offset + m.start(2)
            if keyword == "msgid":
                header = m.group(2) == '""'  # the header is the entry whose msgid is empty
        elif keyword and line.lstrip().startswith('"'):  # a continuation line
            quote = offset + line.index('"')
            if keyword == "msgid" and line.strip() != '""':
                header = False
        else:
            keyword = ""
        if keyword.startswith("msgstr") and not header:
            keep.append((quote + 1, offset + len(line.rstrip()) - 1))
        offset += len(line)
    hidden, last = [], 0
    for start, end in keep:
        hidden.append((last, start))
        hidden.extend(m.span() for m in _PO_HIDDEN.finditer(text, start, end))
        last = end
    hidden.append((last, len(text)))
    return _blank(text, [s for s in hidden if s[0] < s[1]])


# --- the rules, compiled from glossary.yaml into regular expressions ------------------------

_L = r"[^\W\d_]"                    # a letter
_END = rf"(?!{_L}|-{_L})"           # a whole word ends here (a hyphen joins words: counter-clockwise)
# Before a word start: not a letter, nor the apostrophe of Beyaz'ın. ’ has a lookbehind of its
# own: a class holding a character past U+00FF costs the regex compiler a 64K-entry table.
_WORD_STARTS = r"(?<![\w'\-].)(?<!’.)"


def lower(text: str, lang: str) -> str:
    """Lower case that keeps the length; Turkish maps I → ı and İ → i (its grammar hook).

    >>> lower("IŞIK İÇİN", "tr"), lower("INNER", "en")
    ('ışık için', 'inner')
    """
    entry = registry.lookup(lang)  # the language's own letters (Turkish I → ı) come from its grammar
    if entry is not None:
        text = entry.grammar.before_lower(text)
    low = text.lower()
    return low if len(low) == len(text) else "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def _list(value: Any, where: str) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list):
        raise GlossaryError(f"{where}: expected a list, not {value!r}")
    return value


def _regex(pattern: Any, lang: str, where: str) -> tuple[str, str, int]:
    """A pattern of glossary.yaml (`iç bölge*`, `# noktası`) as (its first letter, the regex after
    that letter, its number of words); the first letter is "#" for a pattern that starts with a number."""
    if not isinstance(pattern, str) or not pattern.split():
        raise GlossaryError(f"{where}: a pattern must be non-empty text, not {pattern!r}")
    words = lower(pattern, lang).split()
    parts = []
    for word in words:
        if word == "#":
            parts.append(r"\d+(?!\d)")
        elif re.fullmatch(rf"{_L}+(?:-{_L}+)*\*?", word):
            parts.append(re.escape(word[:-1]) + f"{_L}*" if word.endswith("*") else re.escape(word) + _END)
        else:
            raise GlossaryError(f"{where}: {word!r} in {pattern!r} is not a word, a stem (word*) or #")
    regex = r"\s+".join(parts)
    if words[0] == "#":
        return "#", r"\d*" + regex[len(r"\d+"):], len(words)
    return words[0][0], regex[len(re.escape(words[0][0])):], len(words)


def _at_word_starts(branches: list[tuple[str, str]]) -> re.Pattern[str] | None:
    """One alternation of (first letter, rest) branches that matches only where a word starts.

    The branches are grouped by their first letter ("#": a digit), which comes first as a literal
    and then the check that a word starts there: the regex engine jumps between the places that
    hold one of the first letters and tries one group there. Order within a group is kept.
    """
    groups: dict[str, list[str]] = {}
    for first, rest in branches:
        groups.setdefault(first, []).append(rest)
    if not groups:
        return None
    return re.compile("|".join(
        (r"\d(?<![\w'\-.,]\d)(?<!’\d)" if first == "#" else re.escape(first) + _WORD_STARTS)
        + "(?:" + "|".join(rests) + ")" for first, rests in groups.items()))


def _words(words: list[str]) -> re.Pattern[str] | None:
    """Any of `words`, whole."""
    return _at_word_starts([(w[0], re.escape(w[1:]) + _END) for w in sorted(words, key=len, reverse=True) if w])


def _literals(texts: list[str], after: str = "") -> re.Pattern[str] | None:
    return re.compile("(?:" + "|".join(map(re.escape, sorted(texts, key=len, reverse=True))) + ")" + after) \
        if texts else None


@dataclass(frozen=True)
class _Entry:
    rule: str     # "term" or "calque"
    prefer: str


@dataclass(frozen=True)
class _Address:
    prefer: str                          # "siz" or "sen": the form the site uses
    siz_words: re.Pattern[str] | None    # siz, size, bakın ...
    siz_inside: re.Pattern[str] | None   # a piece that makes any word a siz form (-ınız ...)
    sen_words: dict[str, str]            # a sen word → its siz form
    sen_words_re: re.Pattern[str] | None
    sen_endings: dict[str, str]          # an ending that makes a word a sen form → its siz ending
    sen_endings_re: re.Pattern[str] | None
    sen_excepts: frozenset[str]


@dataclass(frozen=True)
class _Rules:
    phrases: re.Pattern[str] | None      # every term and calque
    entries: dict[str, _Entry]           # regex group name → entry
    names: re.Pattern[str] | None        # a side's name with an ending and no apostrophe
    name_list: tuple[str, ...]
    comma_before: re.Pattern[str] | None
    address: _Address | None


def _phrases(data: GlossaryData, lang: str, block: dict[str, Any]) -> tuple[re.Pattern[str] | None, dict[str, _Entry]]:
    """Terms and calques as one alternation, a named group per pattern, more words first (the
    longer match wins: "taş çıkarma" over "taş"), a calque before a term."""
    branches: list[tuple[int, int, str, str]] = []
    entries: dict[str, _Entry] = {}
    for rule, key in (("calque", "calques"), ("term", "terms")):
        for i, item in enumerate(_list(block.get(key), data.where((lang, key)))):
            at = data.where((lang, key, i))
            if not isinstance(item, dict) or not isinstance(item.get("prefer"), str) or not item.get("avoid"):
                raise GlossaryError(f"{at}: each of {key} needs `prefer` (text) and `avoid` (patterns)")
            excepts = [_regex(p, lang, data.where((lang, key, i, "except"))) for p in _list(item.get("except"), at)]
            for pattern in _list(item["avoid"], at):
                first, rest, n = _regex(pattern, lang, data.where((lang, key, i, "avoid")))
                # an exception starts at the same word as the match, so with the same first letter
                same = [r for f, r, _ in excepts if f == first]
                guard = f"(?!{'|'.join(same)})" if same else ""
                name = f"g{len(entries)}"
                entries[name] = _Entry(rule, item["prefer"])
                branches.append((-n, len(entries), first, f"(?P<{name}>{guard}{rest})"))
    return _at_word_starts([(f, r) for _, _, f, r in sorted(branches)]), entries


def _address(data: GlossaryData, lang: str, block: Any) -> _Address | None:
    if block is None:
        return None
    siz, sen = (block.get("siz"), block.get("sen")) if isinstance(block, dict) else (None, None)
    if not isinstance(siz, dict) or not isinstance(sen, dict) or block.get("prefer") not in ("sen", "siz") \
            or not isinstance(sen.get("words", {}), dict) or not isinstance(sen.get("endings", {}), dict):
        raise GlossaryError(f"{data.where((lang, 'address'))}: `address` needs `prefer: siz` (or sen), `siz` "
                            "(words, contains) and `sen` (words and endings, each mapped to its siz form; except)")

    def low(values: Any, key: str) -> list[str]:
        return [lower(str(v), lang) for v in _list(values, data.where((lang, "address", key)))]

    words = {lower(str(k), lang): str(v) for k, v in (sen.get("words") or {}).items()}
    endings = {lower(str(k), lang): str(v) for k, v in (sen.get("endings") or {}).items()}
    return _Address(block["prefer"], _words(low(siz.get("words"), "siz")), _literals(low(siz.get("contains"), "siz")),
                    words, _words(list(words)), endings, _literals(list(endings), _END),
                    frozenset(low(sen.get("except"), "sen")))


def compile_rules(data: GlossaryData, lang: str) -> _Rules | None:
    """The usage rules of `lang` ready to apply (None: the language has none); GlossaryError, located
    in the file, for a malformed rule. Memoized per file version by `term_warnings`."""
    block = data.usage.get(lang)
    if block is None:
        return None
    if not isinstance(block, dict):
        raise GlossaryError(f"{data.where((lang,))}: the rules of a language are a mapping")
    phrases, entries = _phrases(data, lang, block)
    apostrophe = block.get("apostrophe") or {}
    if not isinstance(apostrophe, dict):
        raise GlossaryError(f"{data.where((lang, 'apostrophe'))}: `apostrophe` needs `names` (and `except`)")
    names = [str(n) for n in _list(apostrophe.get("names"), data.where((lang, "apostrophe", "names"))) if n]
    excepts = [str(n) for n in _list(apostrophe.get("except"), data.where((lang, "apostrophe", "except")))]
    # case-sensitive, on the text as written: "beyaz taş" is an adjective, not the side
    name_re = _at_word_starts([(n[0], "".join(f"(?!{re.escape(x[1:])})" for x in excepts if x[:1] == n[0])
                                + re.escape(n[1:]) + f"{_L}+") for n in names])
    words = [lower(str(w), lang) for w in _list(block.get("comma_before"), data.where((lang, "comma_before")))]
    comma = _literals([","], r"\s+(?:" + "|".join(map(re.escape, words)) + ")" + _END) if words else None
    return _Rules(phrases, entries, name_re, tuple(names), comma, _address(data, lang, block.get("address")))


@lru_cache(maxsize=8)
def _rules_for(lang: str, stamp: int) -> _Rules | None:
    return compile_rules(glossary_data(), lang)


def _rules(lang: str) -> _Rules | None:
    return _rules_for(lang, glossary_data().stamp)


# --- applying them --------------------------------------------------------------------------

def term_warnings(text: str, lang: str) -> list[TermWarning]:
    """Every place where a page's prose departs from the site's usage; [] for a language without rules."""
    return _check(text, prose(text), lang)


def catalog_warnings(po_path: str | Path, lang: str) -> list[TermWarning]:
    """The same check over a message catalog's translations; lines and columns are the .po file's."""
    text = Path(po_path).read_text(encoding="utf-8")
    return _check(text, catalog_prose(text), lang)


def _check(text: str, masked: str, lang: str) -> list[TermWarning]:
    rules = _rules(lang)
    if rules is None:
        return []
    low = lower(masked, lang)
    starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def warn(start: int, end: int, prefer: str, rule: str, message: str) -> TermWarning:
        line = bisect.bisect_right(starts, start)
        return TermWarning(line, start - starts[line - 1] + 1, text[start:end], prefer, rule, message)

    out = []
    for m in _finds(rules.phrases, low):
        entry = rules.entries[m.lastgroup or ""]
        found = " ".join(text[m.start():m.end()].split())
        prefer = _numbered(entry.prefer, re.findall(r"\d+", found))
        what = "is a calque from the backgammon source" if entry.rule == "calque" else "is not the site's term"
        out.append(warn(*m.span(), prefer, entry.rule, f"'{found}' {what}; write '{prefer}'"))
    for m in _finds(rules.names, masked):
        name = max((n for n in rules.name_list if m.group().startswith(n)), key=len)
        good = f"{name}'{m.group()[len(name):]}"
        out.append(warn(*m.span(), good, "apostrophe",
                        f"'{m.group()}': a side's name takes an apostrophe before its ending; write '{good}'"))
    for m in _finds(rules.comma_before, low):
        word = text[m.start():m.end()].split()[-1]
        out.append(warn(*m.span(), word, "comma-ve", f"no comma before '{word}' in Turkish; write '… {word}'"))
    if rules.address is not None:
        out.extend(warn(*hit) for hit in _address_hits(text, low, rules.address))
    return sorted(out, key=lambda w: (w.line, w.col, w.rule))


def _numbered(prefer: str, numbers: list[str]) -> str:
    """`prefer` with each `#` replaced by the next number found ("#. hanedeki", ["4"] → "4. hanedeki")."""
    parts = prefer.split("#")
    return parts[0] + "".join(n + p for n, p in zip(numbers + ["#"] * len(parts), parts[1:], strict=False))


def _finds(regex: re.Pattern[str] | None, text: str) -> list[re.Match[str]]:
    return list(regex.finditer(text)) if regex is not None else []


def _word_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The span of the word (letters only) that holds text[start:end]."""
    while start > 0 and text[start - 1].isalpha():
        start -= 1
    while end < len(text) and text[end].isalpha():
        end += 1
    return start, end


def _address_hits(text: str, low: str, rules: _Address) -> list[tuple[int, int, str, str, str]]:
    """The forms of address the site does not use, when the page uses both: (start, end, write, rule, message)."""
    siz = {m.start(): (m.start(), m.end(), "the 'sen' form") for m in _finds(rules.siz_words, low)}
    for m in _finds(rules.siz_inside, low):
        start, end = _word_around(low, *m.span())
        siz.setdefault(start, (start, end, "the 'sen' form"))
    sen: dict[int, tuple[int, int, str]] = {}
    for m in _finds(rules.sen_words_re, low):
        form = rules.sen_words[m.group()]
        sen[m.start()] = (m.start(), m.end(), form.capitalize() if text[m.start()].isupper() else form)
    for m in _finds(rules.sen_endings_re, low):
        start, end = _word_around(low, m.start(), m.end())
        if start < m.start() and start not in siz and low[start:end] not in rules.sen_excepts:
            sen.setdefault(start, (start, end, text[start:m.start()] + rules.sen_endings[m.group()]))
    if not siz or not sen:
        return []
    counts = f"as 'sen' ({len(sen)}) and as 'siz' ({len(siz)})"
    return [(start, end, good, "address",
             f"the page speaks to the reader {counts}; the site uses '{rules.prefer}': write '{good}'")
            for start, end, good in sorted((sen if rules.prefer == "siz" else siz).values())]
