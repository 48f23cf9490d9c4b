"""What a figure says, before it is drawn: `spec` (the finished `Diagram` value and its ids),
`options` (the scenario `diagram:` block), `facts` (heads, pins, numbering, the doubles
progression), `describe` (the `<desc>` text) and `words` (its en/tr word table).

Nothing here generates or walks plays: `tavla_docs.scenario.draw` builds a `Diagram` with
the engine's help, and `tavla_docs.render` draws it."""
