"""Where a page of the project is on the built site, read from its file and front matter, not from the plugin.

A page is at its file name's URL in its language's folder (Turkish at the root, English under
`en/`), unless its front matter's `slug:` moves it (docs/authoring.md, "Slugs"): `tr/bear-off.md`
is at `pul-toplama/`. Tests name pages by file and ask here for the URL, so a page that gets a new
slug moves in every test, and a plugin that ignored a slug would fail them.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from tests.fixture import PROJECT

PREFIX = {"tr": "", "en": "en/"}  # language -> its folder on the site (Turkish, the default, at the root)


def slug_of(lang: str, name: str, root: Path = PROJECT) -> str:
    """The URL segment of content/<lang>/<name>.md: its `slug:`, else its file name."""
    text = (root / "content" / lang / f"{name}.md").read_text(encoding="utf-8")
    meta = yaml.safe_load(text.split("---", 2)[1]) if text.startswith("---") else None
    return str((meta or {}).get("slug") or name)


def page_path(lang: str, name: str, root: Path = PROJECT) -> str:
    """The URL path of content/<lang>/<name>.md under the site root, with directory URLs (`pul-toplama/`)."""
    return PREFIX[lang] + ("" if name == "index" else f"{slug_of(lang, name, root)}/")


def page_file(site: Path, lang: str, name: str) -> Path:
    """The built HTML of content/<lang>/<name>.md."""
    return site / page_path(lang, name) / "index.html"


def site_names(root: Path = PROJECT) -> dict[str, str]:
    """The site's name per language: the tavla-docs plugin's `site_names` in mkdocs.yml."""
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("", lambda loader, suffix, node: None)  # !!python/… tags
    config = yaml.load((root / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    plugin = next(p["tavla-docs"] for p in config["plugins"] if isinstance(p, dict) and "tavla-docs" in p)
    return dict(plugin["site_names"])
