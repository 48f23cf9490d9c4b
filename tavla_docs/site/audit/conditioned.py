"""Rules that depend on a situation, read as a condition and a verdict: "once an opposing checker
has passed the block" with "is allowed" states that a six-point block is then allowed, and with
"is still not allowed" that it stays forbidden. A file of `site/statements.d/` names the condition
of such a fact and the value each verdict states (`conditions:`); the verdicts, shared by every
fact, are `verdicts.yaml`'s. So a false verdict is read whatever carries it: a short negation, a
"still" / "yine" / "artık" form, a clause whose subject is in the clause before ("… has passed the
block, and the same play is still not allowed"), a verdict before its condition ("not allowed even
after …") or after a "but" ("serbest kalır ama … oynayamaz").

Each condition becomes three patterns of the lexicon (`lexicon.Statement`), so the rule check, the
declared check and the longest-match rule treat them as any other phrasing:

- the condition, then the first verdict after it in its sentence (the gap crosses no other verdict);
- the condition, then a verdict after a "but" word that ends its sentence part (longer, so it
  wins: the sentence ends on it; "free, but it cannot land on a closed point" is not read);
- a verdict, then the condition (crossing no other verdict).

A condition right after a word that turns it round ("until", "unless") is not read.

>>> [len(p["en"]) for _, _, p in expand({"fact": "f", "allowed": "yes", "en": ["a checker has left"]}, _no_fail)]
[3]
"""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from . import langlex

VERDICTS = Path(__file__).with_name("verdicts.yaml")
_GAP = 60  # how far a verdict may stand from its condition, in characters of one sentence part
Fail = Callable[[tuple[Any, ...], str], Exception]


def _no_fail(key: tuple[Any, ...], message: str) -> Exception:
    return ValueError(f"{key}: {message}")


@cache
def verdicts() -> dict[str, dict[str, str]]:
    """Per language, each kind of verdict word (`allowed`, `forbidden`, `but`, `end`) as one pattern's
    text (empty: none), folded as the language's text is, and `turned` as negative lookbehinds."""
    data = yaml.safe_load(VERDICTS.read_text(encoding="utf-8"))
    out: dict[str, dict[str, str]] = {}
    for lang, kinds in data.items():
        fold = [langlex.fold_pattern(p, str(lang)) for p in kinds.get("turned") or []]
        out[str(lang)] = {kind: "|".join(f"(?:{langlex.fold_pattern(p, str(lang))})" for p in kinds.get(kind) or [])
                          for kind in ("allowed", "forbidden", "but", "end")}
        out[str(lang)]["turned"] = "".join(f"(?<!\\b{re.escape(w)} )" for w in fold)
    return out


def expand(entry: Any, fail: Fail, key: tuple[Any, ...] = ()) -> list[tuple[str, Any, dict[str, tuple[re.Pattern[str], ...]]]]:
    """A `conditions:` entry (`{fact, allowed: value, forbidden: value, <lang>: [conditions]}`) as
    statements: (fact, value said, compiled patterns per language), one for each verdict it gives
    a value. Shape errors go through `fail(key, message)`."""
    if not isinstance(entry, dict) or "fact" not in entry:
        raise fail(key, "a condition is a mapping: fact, allowed and/or forbidden (the value each verdict "
                        "states), and condition patterns per language")
    langs = verdicts()
    unknown = sorted(map(str, set(entry) - {"fact", "allowed", "forbidden", *langs}))
    if unknown:
        raise fail(key + (unknown[0],), f"a condition has fact, allowed, forbidden and patterns under "
                                        f"{', '.join(langs)}, not {unknown[0]!r}")
    if "allowed" not in entry and "forbidden" not in entry:
        raise fail(key, "a condition needs allowed: or forbidden: (the value a verdict after it states)")
    out = []
    for verdict in ("allowed", "forbidden"):
        if verdict not in entry:
            continue
        patterns: dict[str, tuple[re.Pattern[str], ...]] = {}
        for lang, words in langs.items():
            conds = entry.get(lang)
            if conds is None:
                continue
            if not isinstance(conds, list) or not conds or not all(isinstance(c, str) and c for c in conds):
                raise fail(key + (lang,), f"{lang} is a list of condition patterns")
            patterns[lang] = tuple(p for i, c in enumerate(conds)
                                   for p in _compile(langlex.fold_pattern(c, lang), words, verdict, fail, key + (lang, i)))
        if not patterns:
            raise fail(key, "a condition needs patterns under at least one language")
        out.append((str(entry["fact"]), entry[verdict], patterns))
    return out


def _compile(cond: str, words: dict[str, str], verdict: str, fail: Fail,
             key: tuple[Any, ...]) -> tuple[re.Pattern[str], ...]:
    said, every = words[verdict], f"(?:{words['allowed']})|(?:{words['forbidden']})"
    condition = f"{words['turned']}(?:{cond})"
    free = f"(?:(?!{every})[^.;:!?])"  # a gap of one sentence part that crosses no verdict
    texts = [f"{condition}{free}{{0,{_GAP}}}?(?:{said})",
             f"{condition}[^.;:!?]{{0,{_GAP}}}?\\b(?:{words['but']})\\b{free}{{0,{_GAP}}}?(?:{said})(?:{words['end']})"
             f"(?=[\\s*_\"”']*(?:[.;:!?,·]|$))"
             if words["but"] else None,
             f"(?:{said}){free}{{0,{_GAP}}}?{condition}"]
    try:
        return tuple(re.compile(t) for t in texts if t)
    except re.error as e:
        raise fail(key, f"this condition is not a regular expression: {e}") from None
