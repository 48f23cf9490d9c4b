"""Reference: `sandbox.PageSandbox` compiling a page's or caption's source on every render
Contract: tests/site/test_compiled_code.py
Gain: 1.2× rendering tests/project's pages again in one process (2.32 s → 2.01 s CPU a round; benchmarks/bench_rerender.py)

Compiled page and caption code kept for the life of a process, by the source and everything in
the environment that shapes the code.

Every build makes new Jinja environments (a new `SiteRenderer`), so a page whose text did not
change is parsed and compiled again whenever it must render again: after a catalog, glossary or
partial changed, on each rebuild of `mkdocs serve`, and for each edit the red team's corpus
applies in one process. Jinja's bytecode cache only serves templates loaded by name; pages and
captions are compiled from strings. The code is the same for the same source and options (the
environment it later runs in is passed when the template is made from it), so it is kept here.

>>> from tavla_docs.site.sandbox import PageSandbox
>>> memo = CompiledCode(size=8)
>>> for _ in range(2):
...     env = PageSandbox()
...     env.compiled = memo
...     print(env.from_string("{{ 1 + x }}").render(x=1), memo.hits)
2 0
2 1
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from types import CodeType
from typing import Any


def signature(env: Any) -> Hashable | None:
    """What in `env` shapes the code Jinja generates, or None when an option cannot be compared
    (a callable autoescape): then nothing is kept."""
    if callable(env.autoescape):
        return None
    finalize = env.finalize
    return (type(env), env.code_generator_class, env.autoescape, env.optimized, env.is_async,
            tuple(sorted(env.extensions)), getattr(env, "newstyle_gettext", None),
            None if finalize is None else (finalize.__module__, finalize.__qualname__),
            env.block_start_string, env.block_end_string, env.variable_start_string, env.variable_end_string,
            env.comment_start_string, env.comment_end_string, env.line_statement_prefix,
            env.line_comment_prefix, env.trim_blocks, env.lstrip_blocks, env.newline_sequence,
            env.keep_trailing_newline)


class CompiledCode:
    """The code of the `size` sources compiled last, by environment signature and source."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self.hits = 0
        self._code: OrderedDict[Hashable, CodeType] = OrderedDict()

    def compile(self, env: Any, compile: Callable[[], CodeType], source: str, name: str | None,
                filename: str | None, defer_init: bool) -> CodeType:
        """`compile()`'s code for `source` in `env`, compiled once per signature."""
        sig = signature(env)
        if sig is None:
            return compile()
        key = (sig, source, name, filename, defer_init)
        code = self._code.get(key)
        if code is not None:
            self._code.move_to_end(key)
            self.hits += 1
            return code
        code = compile()
        self._code[key] = code
        if len(self._code) > self.size:
            self._code.popitem(last=False)
        return code
