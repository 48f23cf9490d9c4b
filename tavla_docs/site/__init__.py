"""The localized site: Jinja page helpers, catalogs, the language layout and the thin MkDocs plugin.

Everything here except `plugin` and `navigation` runs without MkDocs
(`renderer.SiteRenderer`), so tests and the benchmark can render a page's
Markdown and figures directly.
"""
