"""Board diagrams (SVG): `svg.render_svg` draws a finished `tavla_docs.diagram.spec.Diagram`;
`chart` draws the odds line charts. Nothing here calls the move generator."""
