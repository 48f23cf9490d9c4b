"""The site settings a command reads from `mkdocs.yml` without loading MkDocs: where the pages,
scenarios and partials are, the languages (the default first) and whether the site is strict.

`audit` and `export` work on the site's files without a build; they read the same settings
the plugin gets, with the plugin's defaults.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..site.auditmode import committed_audit_problem, local_mode
from ..site.checks import DEFAULT_SCENARIOS_DIR
from ..site.languages import DEFAULT_LANGUAGES
from .commands.build import _plugin_option_raw, _raw_config


@dataclass(frozen=True)
class SiteConfig:
    root: Path
    docs_dir: Path
    scenarios_dir: str  # relative to root, as the plugin takes it
    templates_dir: str
    cache_dir: str | None  # None: the plugin's default
    languages: tuple[str, ...]  # the default language first
    strict: bool  # the fact audit's errors fail: unless TAVLA_DOCS_AUDIT says warn or off (`site.auditmode`)
    audit_switch: str | None = None  # the located error for a committed `audit:` that is not strict
    locales_dir: str | None = None  # the project's own catalogs, relative to root (None: the package's only)

    @property
    def default_language(self) -> str:
        return self.languages[0]


def read_site_config(config: Path) -> SiteConfig:
    """The settings of the site configured by `config` (an existing mkdocs.yml). A committed
    `audit:` other than strict changes nothing; it is reported (`audit_switch`)."""
    raw = _raw_config(str(config))
    raw = raw if isinstance(raw, dict) else {}
    names = _plugin_option_raw(config, "languages") or dict(DEFAULT_LANGUAGES)
    default = str(_plugin_option_raw(config, "default_language") or next(iter(names)))
    root = config.parent.resolve()
    cache = _plugin_option_raw(config, "cache_dir")
    locales = _plugin_option_raw(config, "locales_dir")
    return SiteConfig(root=root, docs_dir=root / str(raw.get("docs_dir", "docs")),
                      scenarios_dir=str(_plugin_option_raw(config, "scenarios_dir") or DEFAULT_SCENARIOS_DIR),
                      templates_dir=str(_plugin_option_raw(config, "templates_dir") or "templates"),
                      cache_dir=None if cache is None else str(cache),
                      languages=(default, *(str(k) for k in names if k != default)),
                      strict=local_mode() == "strict",
                      audit_switch=committed_audit_problem(_plugin_option_raw(config, "audit"), config),
                      locales_dir=str(locales) if locales else None)
