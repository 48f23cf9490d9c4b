"""`tavla-docs export --offline OUT`: the whole site, every language, to open from files in an app's web view.

The site is built for files (`cli.standalone`: page URLs as files, no search, nothing pointing to
the web) into a temporary folder, then copied to `OUT/site/` and zipped into `OUT/site.zip` (the
same files, `index.html` at the zip's root). What only a web server uses is left out: the sitemap,
the 404 page, the search's index, worker and word lists, and the scripts' source maps.

`OUT` follows the Markdown export's rules (`cli.exportdest`): never the project or its folders, a
new or empty folder or an earlier export, and only files an export wrote are replaced. A file an
earlier offline export wrote and this one does not (a page since removed) is deleted, so
`OUT/site/` is this build and nothing else.

The zip is deterministic: entries sorted, every date the build's `SOURCE_DATE_EPOCH` (at least
1980, the format's first year), every mode 0644.
"""
from __future__ import annotations

import io
import os
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

from .exportdest import refuse_foreign, write_export

SITE = "site"
ZIP = "site.zip"
#: What a web server uses and a web view opening files does not (paths relative to the built site).
SERVER_ONLY = ("sitemap.xml", "sitemap.xml.gz", "404.html", "search/", "assets/javascripts/lunr/",
               "assets/javascripts/workers/")


@dataclass(frozen=True)
class Bundle:
    files: int  # in OUT/site/
    size: int  # bytes in OUT/site/
    zip_size: int  # bytes of OUT/site.zip


def kept(rel: str) -> bool:
    """Whether a built file belongs in the offline bundle.

    >>> [kept(p) for p in ("index.html", "en/odds.html", "sitemap.xml", "assets/javascripts/bundle.min.js.map")]
    [True, True, False, False]
    """
    return not (rel.endswith(".map") or any(rel == s or (s.endswith("/") and rel.startswith(s)) for s in SERVER_ONLY))


def bundle(built: Path, out: Path, ours: set[str], epoch: str) -> Bundle:
    """Copy the kept files of the site built in `built` into `out/site/`, zip them into `out/site.zip`,
    drop what earlier exports wrote that this one did not, and list what is there in the manifest.
    `epoch`: the build's SOURCE_DATE_EPOCH, the zip entries' date. A file in the way that no export
    wrote stops it before anything is written (ExportRefused)."""
    files = sorted(p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file())
    files = [f for f in files if kept(f)]
    refuse_foreign(out, [f"{SITE}/{f}" for f in files] + [ZIP], ours)
    stamp = zip_time(epoch)
    buffer = io.BytesIO()
    size = 0
    written: dict[str, str | bytes] = {}
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for rel in files:
            data = (built / rel).read_bytes()
            size += len(data)
            written[f"{SITE}/{rel}"] = data
            info = zipfile.ZipInfo(rel, date_time=stamp)
            info.external_attr = 0o100644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    data = buffer.getvalue()
    written[ZIP] = data
    stale = tuple(f for f in sorted(ours - set(written))
                  if f.startswith(f"{SITE}/") and os.path.lexists(out / f) and not (out / f).is_dir())
    write_export(out, written, set(), remove=stale)  # the pages, the zip and the manifest, or none of them
    return Bundle(files=len(files), size=size, zip_size=len(data))


def zip_time(epoch: str) -> tuple[int, int, int, int, int, int]:
    """The zip entries' date from SOURCE_DATE_EPOCH (the build's: the last commit's time), never the clock.

    >>> zip_time("0"), zip_time("1700000000")
    ((1980, 1, 1, 0, 0, 0), (2023, 11, 14, 22, 13, 20))
    """
    seconds = int(epoch) if epoch.isascii() and epoch.isdigit() else 0
    t = time.gmtime(max(seconds, 315532800))  # 1980-01-01, the first date a zip entry can hold
    return (t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec)
