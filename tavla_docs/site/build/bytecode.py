"""Reference: `renderer.SiteRenderer` and MkDocs compiling every template on every build
Contract: tests/site/test_dirty_serve.py
Gain: 28× loading the theme's 113 templates in a rebuild (0.478 s compiled, 0.017 s kept, CPU; benchmarks-history.md, `site/build`)

Compiled theme templates kept between the rebuilds of one `mkdocs serve` process.

MkDocs makes a new Jinja environment for every build, so each rebuild compiles Material's
templates again (about half a second). Jinja's bytecode cache keys each template by name and
checks its source's hash, so an edited template is compiled again and the output is the same.

>>> import jinja2
>>> cache = MemoryBytecode()
>>> for _ in range(2):
...     env = jinja2.Environment(loader=jinja2.DictLoader({"t": "{{ 1 + x }}"}), bytecode_cache=cache)
...     print(env.get_template("t").render(x=1), len(cache.code))
2 1
2 1
"""
from __future__ import annotations

import jinja2
from jinja2.bccache import Bucket


class MemoryBytecode(jinja2.BytecodeCache):
    """Jinja bytecode in memory, by template key."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        data = self.code.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()
