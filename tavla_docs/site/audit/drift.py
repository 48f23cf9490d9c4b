"""Translation drift: both languages of a page state the same computed and checked facts.

A fact is its helper call (`scan.Finding.key`): `scenario('a').plays`,
`play('9/3', at='a')`, `diagram('a')`. A page's languages may word a sentence
differently, but a fact stated (or a figure drawn) in one and missing from the
other is an error at the line that states it, naming the other file. A declaration of the
rule a paragraph states (`states("fact")`, `declared`) is not a fact: each language declares
what its own sentences say in words its lexicon reads, so declarations are not compared.
"""
from __future__ import annotations

from collections.abc import Sequence

from .problems import Problem
from .scan import Finding


def drift_problems(keys: dict[tuple[str, str], list[tuple[str, Finding]]], languages: Sequence[str]) -> list[Problem]:
    out: list[Problem] = []
    names = sorted({name for name, _ in keys})
    for name in names:
        present = [lang for lang in languages if (name, lang) in keys]
        for lang in present:
            mine = keys[(name, lang)]
            for other in present:
                if other == lang:
                    continue
                theirs = {f.key for _, f in keys[(name, other)]}
                their_page = next((p for p, f in keys[(name, other)] if f.where != "caption"), None) or \
                    f"{other}/{name}"
                seen: set[str | None] = set()
                for path, f in mine:
                    if f.key in theirs or f.key in seen or (f.key or "").split("] ", 1)[-1].startswith("states("):
                        continue
                    seen.add(f.key)
                    out.append(Problem(path, f.line, f.col, "error", "drift",
                                       f"{f.text!r} is stated here ({lang}) but not in {their_page} ({other})",
                                       f"one page prints {f.key} and its translation does not: find which page is "
                                       "right (the edit that made them differ may be the wrong one), then print "
                                       "the same helper in both; a native editor compares them in reader-text/"))
    return out
