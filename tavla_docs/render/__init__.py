"""Board diagrams (SVG). `svg` draws; `options` validates the scenario `diagram:` block."""
