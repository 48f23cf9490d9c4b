"""`tavla-docs build`: check every scenario, then build the site, atomically and one build at a time.

The MkDocs build writes into a temporary folder next to `site/`, which is exchanged
with `site/` in one step only when it succeeds (`cli.sitedir`), so `site/` is always
a complete build and a failing, killed or terminated build leaves the last good one.
A lock beside `site/` serialises builds; SIGTERM is handled like Ctrl-C (exit 143).
Output is byte-identical for the same inputs: `SOURCE_DATE_EPOCH` (sitemap dates,
the gzip header) comes from the environment or the last commit, never the clock.
Errors are one `path:line: error: …` line each, exit status 1, no traceback.
"""
from __future__ import annotations

import argparse
import contextlib
import functools
import logging
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from ...engine.budget import PlayBudget, using
from ...errors import TavlaError
from ...scenario.project import project_budget
from ...site.cache import DEFAULT_CACHE_DIR
from ...site.checks import DEFAULT_SCENARIOS_DIR, check_project
from ...site.languages import DEFAULT_LANGUAGE, DEFAULT_LANGUAGES, Languages
from .. import sitedir
from ..budgetargs import add_budget_options, given_budget


def add_parser(sub: Any) -> None:
    p = sub.add_parser("build", help="check every scenario and build the site",
                       description="Check every scenario, then build the MkDocs site into SITE_DIR "
                                   "(swapped in only when the build succeeds).")
    p.add_argument("--config", default="mkdocs.yml", help="the MkDocs configuration (default: mkdocs.yml)")
    p.add_argument("--site-dir", default=None, help="output folder (default: the config's site_dir)")
    p.add_argument("--no-check", action="store_true",
                   help="skip the scenario check (the pages still check what they use)")
    p.add_argument("--wait", type=float, default=None, metavar="SECONDS",
                   help="how long to wait for another live build of the same site to finish "
                        f"(default: ${sitedir.WAIT_VARIABLE}, else {sitedir.DEFAULT_WAIT:g}; 0: fail at once)")
    p.add_argument("-q", "--quiet", action="store_true", help="print errors only")
    p.add_argument("--draft", action="store_true",
                   help="a draft: the fact audit's problems are warnings, for this build only "
                        "(TAVLA_DOCS_AUDIT=warn; mkdocs.yml cannot say so)")
    add_budget_options(p, project=True)
    p.set_defaults(run=run)


class _Collect(logging.Handler):
    """Prints MkDocs' warnings and errors compiler-style, and remembers them."""

    def __init__(self, quiet: bool, config_path: Path | None = None) -> None:
        super().__init__(logging.WARNING)
        self.quiet = quiet
        self.messages: list[str] = []
        self.config_path = config_path

    def emit(self, record: logging.LogRecord) -> None:
        msg = record.getMessage()
        if msg.startswith(("Error building page", "Error reading page", "Aborted with")):
            return  # MkDocs' preamble; the message itself follows
        level = "error" if record.levelno >= logging.ERROR else "warning"
        if ": error:" in msg or ": warning:" in msg:
            line = msg
        elif msg.startswith("Config value") and self.config_path is not None:
            line = f"{self.config_path}: {level}: {msg}"
        elif (m := re.match(r"Doc file '([^']+)' (.*)", msg, re.S)) and self.config_path is not None:
            line = f"{_doc_path(self.config_path, m.group(1))}: {level}: {m.group(2)}"
        else:
            line = _locate(msg, level)
        self.messages.append(line)
        print(line, file=sys.stderr)


def _doc_path(config_path: Path, uri: str) -> str:
    """Where MkDocs' `Doc file 'x.md'` is on disk: the default language's pages are remapped to the root."""
    raw = _raw_config(str(config_path))
    docs = str(raw.get("docs_dir", "docs")) if isinstance(raw, dict) else "docs"
    base = config_path.parent / docs / _layout(config_path).source_uri(uri)
    try:
        return str(base.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(base)


def _layout(config_path: Path) -> Languages:
    """The site's language layout, from the plugin's options (its defaults when they are not set)."""
    names = _plugin_option_raw(config_path, "languages")
    return Languages(names if isinstance(names, dict) and names else DEFAULT_LANGUAGES,
                     _plugin_option(config_path, "default_language", DEFAULT_LANGUAGE))


def _locate(msg: str, level: str) -> str:
    """MkDocs messages that start with a path keep it in front: `path: warning: …`."""
    first, _, rest = msg.partition(": ")
    if rest and ("/" in first or first.endswith(".md")) and " " not in first:
        return f"{first}: {level}: {rest}"
    return f"mkdocs: {level}: {msg}"


def source_date_epoch(root: Path) -> str:
    """The build's timestamp: $SOURCE_DATE_EPOCH, else the last commit's time, else 0."""
    env = os.environ.get("SOURCE_DATE_EPOCH")
    if env and env.isdigit():
        try:
            int(env)  # isdigit() also holds for digits int() cannot read, like '²'
        except ValueError as e:
            raise TavlaError(str(e)) from None
        return env
    try:
        out = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%ct"], capture_output=True, text=True,
                             timeout=10, check=False)
        if out.returncode == 0 and out.stdout.strip().isdigit():
            return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    return "0"


def check_scenarios(root: Path, scenarios: Path, quiet: bool, cache_dir: str | None = DEFAULT_CACHE_DIR,
                    command: str = "build") -> bool:
    """Check every scenario's claims (`site.checks`); files unchanged since they last passed come from the cache.
    `command` names the subcommand in the summary line (`build`, `export`)."""
    result = check_project(root, scenarios, cache_dir)
    if result is None:  # no scenario folder
        return True
    for d in result.diagnostics:
        print(d.format(), file=sys.stderr)
    if not quiet:
        print(f"tavla-docs {command}: {result.summary()}", file=sys.stderr)
    return result.ok


def build_site(config_path: Path, site_dir: Path | None = None, *, quiet: bool = False,
               progress: Any = None, wait: float | None = None,
               budget: PlayBudget | None = None, review: bool = False,
               adjust: Callable[[Any], None] | None = None) -> tuple[Path, Any]:
    """Build into a temporary folder and swap it in; returns (site_dir, the plugin). Raises on failure.

    Holds the site's lock throughout (waiting up to `wait` s for another build, else
    `sitedir.BuildBusy`); SIGTERM raises `sitedir.Terminated` and cleans up like Ctrl-C.
    `budget` (the command line's) replaces the plugin's own play budget setting. `review`: write the
    reader-text snapshot (`tavla-docs review`) instead of checking it. `adjust(config)` changes the
    loaded MkDocs configuration before the build (`cli.standalone`: a site read from files).
    """
    root = config_path.resolve().parent
    saved = {k: os.environ.get(k) for k in ("SOURCE_DATE_EPOCH", "NO_MKDOCS_2_WARNING")}
    os.environ["SOURCE_DATE_EPOCH"] = source_date_epoch(root)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    try:
        with sitedir.sigterm_as_interrupt():
            return _build_swap(config_path, site_dir, progress, _say(quiet), wait, budget, review, adjust)
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _build_swap(config_path: Path, site_dir: Path | None, progress: Any, say: sitedir.Say,
                wait: float | None, budget: PlayBudget | None = None, review: bool = False,
                adjust: Callable[[Any], None] | None = None) -> tuple[Path, Any]:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config = load_config(config_file=str(config_path))
    if adjust is not None:
        adjust(config)
    final = Path(site_dir).resolve() if site_dir else Path(config.site_dir)
    if final.exists() and not final.is_dir():  # the swap would replace someone's file with the site
        raise TavlaError(f"{final}: not a folder; give --site-dir a folder (or a new path) for the site")
    with sitedir.build_lock(final, wait=wait, say=say):
        tmp = sitedir.temporary(final)
        sitedir.remove(tmp)
        config["site_dir"] = str(tmp)
        plugin = config.plugins.get("tavla-docs")
        if plugin is not None and progress is not None:
            plugin.progress = progress
        if plugin is not None and budget is not None:
            plugin.budget = budget
        if plugin is not None:
            plugin.review_write = review
        try:
            config.plugins.on_startup(command="build", dirty=False)
            try:
                build(config)
            finally:
                config.plugins.on_shutdown()
            sitedir.swap_in(tmp, final, say)
        except BaseException:  # before the swap tmp is the new build, after it the old site: either way, drop it
            sitedir.remove(tmp)
            raise
    return final, plugin


def _say(quiet: bool) -> sitedir.Say:
    """How the lock and the swap report waits and notes: one stderr line each, none with -q."""
    def say(message: str) -> None:
        if not quiet:
            print(f"tavla-docs build: {message}", file=sys.stderr, flush=True)
    return say


def _site_of(config_path: Path, site_dir: str | None) -> Path:
    """The output folder, read before MkDocs loads (to lock it before the scenario check)."""
    if site_dir:
        return Path(site_dir).resolve()
    raw = _raw_config(str(config_path))
    value = raw.get("site_dir") if isinstance(raw, dict) else None
    return Path(os.path.abspath(config_path.resolve().parent / (value if isinstance(value, str) else "site")))


def run(args: argparse.Namespace) -> int:
    config_path = Path(args.config)
    if not config_path.is_file():
        print(f"{config_path}: error: no such MkDocs configuration", file=sys.stderr)
        return 1
    root = config_path.resolve().parent
    started = time.perf_counter()
    site = _site_of(config_path, args.site_dir)

    def work(progress: Callable[[int, int], None]) -> tuple[Path, Any] | None:
        budget = project_budget(root, config_path, given_budget(args))
        with sitedir.sigterm_as_interrupt(), sitedir.build_lock(site, wait=args.wait, say=_say(args.quiet)), \
                using(budget):
            if not args.no_check:
                scenarios = root / _plugin_option(config_path, "scenarios_dir", DEFAULT_SCENARIOS_DIR)
                cache_dir = _plugin_option(config_path, "cache_dir", DEFAULT_CACHE_DIR)
                if not check_scenarios(root, scenarios, args.quiet, cache_dir):
                    print("tavla-docs build: error: scenario checks failed; the site was not built", file=sys.stderr)
                    return None
            with _drafting(args.draft):
                return build_site(config_path, Path(args.site_dir) if args.site_dir else None,
                                  quiet=args.quiet, progress=progress, wait=args.wait, budget=budget)

    try:
        built = guarded(config_path, "build", args.quiet, work)
    except KeyboardInterrupt as e:  # Ctrl-C, or SIGTERM (sitedir.Terminated)
        how = "terminated (SIGTERM)" if isinstance(e, sitedir.Terminated) else "interrupted"
        print(f"tavla-docs build: {how}; {site} holds the last complete build, if any", file=sys.stderr)
        return 143 if isinstance(e, sitedir.Terminated) else 130
    if built is None:
        return 1
    final, plugin = built
    if not args.quiet:
        cache = getattr(getattr(plugin, "renderer", None), "cache", None)
        cached = f", cache {cache.hits} hits / {cache.misses} misses" if cache else ""
        pages = len(getattr(plugin, "lang_of", {}) or {})
        print(f"tavla-docs build: {pages} pages into {final} in {time.perf_counter() - started:.1f} s{cached}",
              file=sys.stderr)
    return 0


T = TypeVar("T")


def guarded(config_path: Path, command: str, quiet: bool,
            work: Callable[[Callable[[int, int], None]], T | None]) -> T | None:
    """`work(progress)` (which builds the site) with MkDocs' messages printed compiler-style, for
    `build`, `export --offline` and `print` alike: a plugin error, a configuration error, a busy lock
    or an abort ends in one line, never a traceback; None on failure (the reason is printed)."""
    from mkdocs.exceptions import Abort, BuildError, ConfigurationError, PluginError

    handler = _Collect(quiet, config_path)
    mk_log = logging.getLogger("mkdocs")
    mk_log.addHandler(handler)
    propagate, mk_log.propagate = mk_log.propagate, False  # restored below: a caller's logging stays its own

    def progress(done: int, total: int) -> None:
        if not quiet:
            print(f"tavla-docs {command}: {done}/{total} pages", file=sys.stderr, flush=True)

    try:
        return work(progress)
    except sitedir.BuildBusy as e:
        print(f"tavla-docs {command}: error: {e}", file=sys.stderr)
    except PluginError as e:
        if str(e) not in handler.messages:
            print(str(e) if ": error:" in str(e) else f"{config_path}: error: {e}", file=sys.stderr)
    except ConfigurationError as e:
        print(f"{config_path}: error: {' '.join(str(e).split())}", file=sys.stderr)  # one line
    except (Abort, BuildError) as e:
        if not any(": error:" in m for m in handler.messages):  # else the error is printed already
            print(f"tavla-docs {command}: error: {e}", file=sys.stderr)
    except UnicodeDecodeError as e:  # the configuration or a page is not UTF-8 text (MkDocs logs which page)
        raise TavlaError(str(e)) from None
    finally:
        mk_log.removeHandler(handler)
        mk_log.propagate = propagate
    return None


@contextlib.contextmanager
def _drafting(draft: bool) -> Iterator[None]:
    """`--draft`: the audit warns for this build (the local switch, `site.auditmode`), then as before."""
    from ...site.auditmode import ENV

    saved = os.environ.get(ENV)
    if draft:
        os.environ[ENV] = "warn"
    try:
        yield
    finally:
        if draft and saved is None:
            os.environ.pop(ENV, None)
        elif draft and saved is not None:
            os.environ[ENV] = saved


def _plugin_option(config_path: Path, key: str, default: str) -> str:
    """One option of the tavla-docs plugin, read before MkDocs loads (to find the scenarios)."""
    value = _plugin_option_raw(config_path, key)
    return default if value is None else str(value)


def _plugin_option_raw(config_path: Path, key: str) -> Any:
    data = _raw_config(str(config_path))
    if not isinstance(data, dict):
        return None
    for p in data.get("plugins") or []:
        if isinstance(p, dict) and isinstance(p.get("tavla-docs"), dict):
            return p["tavla-docs"].get(key)
    return None


def _raw_config(path: str) -> object:
    """mkdocs.yml's data, its Python tags read as nothing; remembered per file and version, so a
    process that builds several projects (tests, `serve`) never reads another's or a stale one."""
    try:
        st = os.stat(path)
    except OSError:
        return {}
    return _raw_config_of(os.path.abspath(path), st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=16)
def _raw_config_of(path: str, mtime: int, size: int) -> object:
    import yaml

    class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
        pass

    _Loader.add_multi_constructor("", lambda loader, suffix, node: None)  # ignore !!python/… tags
    try:
        return yaml.load(Path(path).read_text(encoding="utf-8"), Loader=_Loader) or {}
    except (OSError, yaml.YAMLError):
        return {}
