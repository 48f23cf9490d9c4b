"""`tavla-docs review`: write what readers read, page by page and language by language.

Builds the site into a temporary folder (the site's own `site/` is left alone) and writes
each page's reader text (`site.readertext`) into the folder named by the plugin's
`reader_text:` option, changing only the files whose text changed. Commit them: the diff is
what a native editor reviews, and a build fails while a file is stale. `--check` writes
nothing and fails on a stale file, as `pybabel update --check` does.

The snapshot is written only after the whole build has succeeded (MkDocs' strict mode fails a
build after the plugin's last event), and then all at once (`writes.write_together`): a build
that fails, or a file that cannot be written, leaves the folder exactly as it was.
"""
from __future__ import annotations

import argparse
import logging
import sys
import tempfile
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("review", help="write the reader-text snapshot (what readers read) for review",
                       description="Build the site into a temporary folder and write every page's reader text "
                                   "into the folder of the plugin's `reader_text:` option; print the files changed.")
    p.add_argument("--config", default="mkdocs.yml", help="the MkDocs configuration (default: mkdocs.yml)")
    p.add_argument("--check", action="store_true",
                   help="write nothing: exit 1, one located line per file, when the snapshot is stale "
                        "(as `pybabel update --check`)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from mkdocs.exceptions import Abort, BuildError, ConfigurationError, PluginError

    from ...site.readertext import write_snapshot
    from ...writes import WriteError
    from ..siteconfig import _plugin_option_raw
    from .build import _Collect, build_site

    config = Path(args.config)
    if not config.is_file():
        print(f"{config}: error: no such MkDocs configuration", file=sys.stderr)
        return 1
    folder = _plugin_option_raw(config, "reader_text")
    if not folder:
        print(f"{config}: error: the tavla-docs plugin has no `reader_text:` folder; add `reader_text: reader-text` "
              "under it", file=sys.stderr)
        return 1
    if args.check and not (config.resolve().parent / str(folder)).is_dir():
        print(f"{folder}: error: there is no reader-text snapshot to check\n    hint: run `tavla-docs review` "
              "and commit the folder", file=sys.stderr)
        return 1
    handler = _Collect(True, config)  # MkDocs' log lines, printed located as `build` prints them
    mk_log = logging.getLogger("mkdocs")
    mk_log.addHandler(handler)
    propagate, mk_log.propagate = mk_log.propagate, False
    with tempfile.TemporaryDirectory(prefix="tavla-review-") as tmp:
        try:
            _, plugin = build_site(config, Path(tmp) / "site", quiet=True, review=not args.check)
        except (PluginError, BuildError, ConfigurationError, Abort) as e:
            if not any(": error:" in m for m in handler.messages):
                print(str(e) if ": error:" in str(e) else f"{config}: error: {e}", file=sys.stderr)
            if not args.check:
                print("tavla-docs review: error: the site does not build; the snapshot was not written",
                      file=sys.stderr)
            return 1
        finally:
            mk_log.removeHandler(handler)
            mk_log.propagate = propagate
    if args.check:
        print(f"tavla-docs review: {folder}/ is current", file=sys.stderr)
        return 0
    try:
        changed = write_snapshot(config.resolve().parent / str(folder), plugin.read_texts)
    except WriteError as e:
        print(f"{e}\ntavla-docs review: error: the snapshot was not written", file=sys.stderr)
        return 1
    for name in changed:
        print(f"{folder}/{name}")
    print(f"tavla-docs review: {len(changed)} file{'s' if len(changed) != 1 else ''} changed in {folder}/"
          if changed else f"tavla-docs review: {folder}/ is current", file=sys.stderr)
    return 0
