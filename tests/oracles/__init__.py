"""Independent reference implementations the tests compare the code with (oracles).

Each shares no code with the part of `tavla_docs` it checks: `naive` lists every
sequence of single-die moves for Tavla and Backgammon (also the benchmarks' baseline:
`python -m benchmarks plays` imports it from here), `variant_reference` re-states the
rules of Uzun tavla, Tapa and Gülbara. Slow on purpose; obvious rather than fast.
"""
