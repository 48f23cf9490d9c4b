"""A Babel extractor for the word tables: dictionaries of sentences by language, keyed by name.

`diagram/words.py` keeps the figures' words as `WORDS = {"en": {"white": "White", …}, "tr": …}`
(and `facts/numerals.py` its list conjunctions the same way): a table, not gettext calls, so
that the diagram layer needs no catalog. No gettext extractor sees a dictionary value, so
babel.cfg maps those files to `extract_tables`, which reads the file with `ast` (it never
imports or runs it) and gives each English entry as a message whose context is
`<table context>:<key>` ("diagram:white"): the same English word may be translated
differently in two places ("White" as a player, "beyaz" as the colour of a pinning checker).

babel.cfg names the tables and their contexts: `tables = WORDS:diagram PINNER:pinner`.

>>> import io
>>> src = b'T = {"en": {"a": "One {n}", "b_one": "Two"}, "tr": {"a": "Bir {n}"}}\\n'
>>> [(line, ctx, msgid) for line, ctx, msgid, _ in table_messages(src, {"T": "t"})]
[(1, 't:a', 'One {n}'), (1, 't:b_one', 'Two')]
>>> next(extract_tables(io.BytesIO(src), [], [], {"tables": "T:t"}))[:3]
(1, 'pgettext', ('t:a', 'One {n}'))
"""
from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from typing import IO, Any

SOURCE_LANGUAGE = "en"  # the tables' msgids: the English entries, as in the catalogs


def parse_tables_option(value: str) -> dict[str, str]:
    """`WORDS:diagram PINNER:pinner` → {"WORDS": "diagram", "PINNER": "pinner"} (a name alone is its own context)."""
    out = {}
    for item in value.split():
        name, _, context = item.partition(":")
        out[name] = context or name
    return out


def _tables(tree: ast.Module, names: Mapping[str, str]) -> Iterator[tuple[str, ast.Dict]]:
    for node in tree.body:
        value: ast.expr | None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id in names and isinstance(value, ast.Dict):
            yield target.id, value


def language_table(table: ast.Dict, lang: str) -> dict[str, tuple[int, str]]:
    """One language's entries of a table: key → (line, text); only literal string keys and values."""
    out: dict[str, tuple[int, str]] = {}
    for k, v in zip(table.keys, table.values, strict=True):
        if isinstance(k, ast.Constant) and k.value == lang and isinstance(v, ast.Dict):
            for kk, vv in zip(v.keys, v.values, strict=True):
                if isinstance(kk, ast.Constant) and isinstance(kk.value, str) \
                        and isinstance(vv, ast.Constant) and isinstance(vv.value, str):
                    out[kk.value] = (vv.lineno, vv.value)
    return out


def table_messages(source: bytes, names: Mapping[str, str]) -> list[tuple[int, str, str, str]]:
    """(line, context, English msgid, table name) of every entry of the named tables."""
    tree = ast.parse(source)
    out = []
    for name, table in _tables(tree, names):
        for key, (line, text) in language_table(table, SOURCE_LANGUAGE).items():
            out.append((line, f"{names[name]}:{key}", text, name))
    return out


def extract_tables(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                   options: Mapping[str, Any]) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel's extractor interface: (line, funcname, (context, msgid), translator comments)."""
    names = parse_tables_option(str(options.get("tables", "")))
    for line, context, text, name in table_messages(fileobj.read(), names):
        key = context.split(":", 1)[1]
        note = f"{name}[{key!r}]" + (": keep every {name} placeholder as it is" if "{" in text else "")
        if key.endswith("_one"):
            note += f"; the form for a count of one (the other counts: {key[:-4]!r})"
        yield line, "pgettext", (context, text), [note]
