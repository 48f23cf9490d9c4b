"""The project's site built to be read off the web: from local files (an app's web view) or as a book.

The same MkDocs configuration and the same strict build as `tavla-docs build`, with what needs a
web server or the network turned off, so `file://` works and nothing is fetched:

- `use_directory_urls: false`: a link leads to `page.html`, a file, not to a folder that only a
  server turns into its `index.html`;
- no `site_url`: no canonical or hreflang links to the web site (nothing in the pages points out);
- the search plugin disabled: Material's search runs in a Web Worker, which Chromium does not start
  from `file://`; with the plugin disabled the theme leaves the search box out instead of showing one
  that does nothing;
- Material's `navigation.instant` off: it loads pages with `fetch`, which `file://` does not serve;
- the reader-text snapshot not compared: it is the web site's gate (`tavla-docs build`), and the
  pages read the same here.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

#: Material features that need a server: they fetch pages or files after the page has loaded.
SERVER_FEATURES = frozenset({"navigation.instant", "navigation.instant.prefetch", "navigation.instant.progress",
                             "navigation.instant.preview"})
SEARCH_PLUGINS = ("search", "material/search")


def adjust_for_files(config: Any) -> None:
    """Change a loaded MkDocs configuration (before the build) into one whose site works from files."""
    config["use_directory_urls"] = False
    config["site_url"] = None
    for name in SEARCH_PLUGINS:
        plugin = config.plugins.get(name)
        if plugin is not None and hasattr(plugin.config, "enabled"):
            plugin.config.enabled = False
    theme = config.theme
    features = theme.get("features") if hasattr(theme, "get") else None
    if isinstance(features, list):
        theme["features"] = [f for f in features if f not in SERVER_FEATURES]
    ours = config.plugins.get("tavla-docs")
    if ours is not None:
        ours.config.reader_text = None


def build_for_files(config_path: Path, dest: Path, *, quiet: bool = True, progress: Any = None,
                    wait: float | None = None) -> tuple[Path, Any]:
    """Build the site for reading from files into `dest` (`build.build_site`: the lock, the atomic swap,
    SOURCE_DATE_EPOCH); returns (`dest`, the tavla-docs plugin, whose `navs` give each language's pages)."""
    from .commands.build import build_site

    return build_site(config_path, dest, quiet=quiet, progress=progress, wait=wait, adjust=adjust_for_files)
