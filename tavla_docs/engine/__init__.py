"""The rules engine: positions, dice, notation, rulesets as data, the move generator, written
plays and results. Pure: it imports no YAML, SVG, Jinja or MkDocs, and knows no variant by name."""
