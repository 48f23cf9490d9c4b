"""The engine's speed layers: each computes what `engine/walk.py` computes, faster, where its
conditions hold. Each module opens with its reference, its contract test and the gain measured;
`engine/movegen.py` is the one module outside this package that imports it."""
