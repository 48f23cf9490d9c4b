"""Benchmarks: `python -m benchmarks [NAME ...] [--quick]` runs bench_*.py modules."""
