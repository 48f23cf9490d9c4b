"""The optional C accelerator of `plays --jsonl` (tavla_docs/formats/jsonl/_speedups.c); the rest of
the project is declared in pyproject.toml. `optional=True`: without a compiler the install
still succeeds and the pure-Python path writes the same bytes."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("tavla_docs.formats.jsonl._speedups", ["tavla_docs/formats/jsonl/_speedups.c"], optional=True)])
