"""Run every benchmark module (`bench_*.py`), or the ones named: `python -m benchmarks plays check`.

Each module has `main(quick: bool) -> None` that prints its figures and the ratio
against a baseline measured in the same run.
"""
from __future__ import annotations

import argparse
import importlib
import pkgutil
import time

import benchmarks


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks")
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    parser.add_argument("--quick", action="store_true", help="smaller corpora, for a fast look")
    args = parser.parse_args()
    found = sorted(m.name[len("bench_"):] for m in pkgutil.iter_modules(benchmarks.__path__) if m.name.startswith("bench_"))
    for name in args.names or found:
        if name not in found:
            parser.error(f"no benchmark {name!r}; have: {', '.join(found)}")
        print(f"== {name} ==", flush=True)
        t = time.perf_counter()
        importlib.import_module(f"benchmarks.bench_{name}").main(quick=args.quick)
        print(f"({time.perf_counter() - t:.1f} s)\n", flush=True)


if __name__ == "__main__":
    main()
