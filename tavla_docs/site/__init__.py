"""The localized site: Jinja page helpers, catalogs and the thin MkDocs plugin.

Everything here except `plugin` runs without MkDocs (`pages.SiteRenderer`), so
tests and the benchmark can render a page's Markdown and figures directly.
"""
