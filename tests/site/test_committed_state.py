"""What a pull request commits is never taken for the tool's own state (docs/cli.md#build).

Each case is an attack that worked: a `.site.lock` committed as a link to a file outside the
checkout (the build truncated it and wrote its pid there), a `.tavla-cache/` committed with its
signing key and a forged "checked" record for a false claim (`plays: 99` reported as checked,
from the cache), a page or the bear-off database replaced by a FIFO (the build and `odds` waited
forever), and `export` into the project (it replaced README.md). Each runs the real command in a
child process, bounded by `timeout`, on a small project in a temporary folder.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tavla_docs.site import cache as site_cache
from tavla_docs.site.checks import CheckRecord

ROOT = Path(__file__).resolve().parents[2]
FALSE_CLAIM = """variant: tavla
position:
  white: {6: 1, 4: 1}
  black: {19: 5, 20: 5, 21: 5}
turn: white
roll: 6-4
show: 6/off 4/off
expect:
  plays: 99
"""
PAGE = "# Sayfa\n\nMetin.\n"


def run(project: Path, *argv: str, env: dict[str, str] | None = None, limit: float = 60) -> subprocess.CompletedProcess:
    """`tavla-docs ARGV` in `project`, as a child process killed after `limit` seconds."""
    base = {**os.environ, "PYTHONPATH": str(ROOT), "TAVLA_DOCS_CACHE": str(project.parent / "user-cache"),
            "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": "0"}
    return subprocess.run(["timeout", "-s", "KILL", str(limit), sys.executable, "-m", "tavla_docs", *argv],
                          cwd=project, env={**base, **(env or {})}, capture_output=True, text=True, check=False)


def git(project: Path, *argv: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "init.defaultBranch=main",
                    *argv], cwd=project, check=True, capture_output=True, timeout=30)


@pytest.fixture
def project(tmp_path: Path, tiny) -> Path:
    (tmp_path / "p").mkdir()
    return tiny(tmp_path / "p", PAGE, "# Page\n\nText.\n", {})


def test_a_committed_lock_link_is_replaced_and_its_target_untouched(project: Path, tmp_path: Path):
    target = tmp_path / "outside.txt"
    target.write_text("precious\n", encoding="utf-8")
    (project / ".site.lock").symlink_to(target)
    r = run(project, "build", "--no-check")
    assert r.returncode == 0, r.stderr
    assert target.read_text(encoding="utf-8") == "precious\n"
    assert ".site.lock was a symbolic link, not a lock of tavla-docs; removed it" in r.stderr
    assert not os.path.lexists(project / ".site.lock")  # the build's own lock file is gone with it
    assert (project / "site" / "index.html").is_file()


def test_a_committed_lock_fifo_does_not_stop_the_build(project: Path):
    os.mkfifo(project / ".site.lock")
    r = run(project, "build", "--no-check", limit=20)
    assert r.returncode == 0, r.stderr
    assert ".site.lock was a FIFO" in r.stderr


def forge(project: Path, scenario: Path) -> None:
    """What an attacker commits: a key in `.tavla-cache/site/` (where the key used to live) and a
    pack whose entry, signed with it, says the false scenario passed its check."""
    folder = project / ".tavla-cache" / "site"
    secret = os.urandom(32)
    folder.mkdir(parents=True)
    (folder / "secret").write_bytes(secret)
    data = scenario.read_bytes()
    key = CheckRecord(site_cache.Cache(None), project.resolve()).key(scenario, data, "scenarios/claim.yaml")
    payload = b"true"
    mac = site_cache._mac(secret, key, payload)
    packs = folder / "packs" / site_cache.code_fingerprint()[:16]
    packs.mkdir(parents=True)
    (packs / "1-forged.pack").write_bytes(b"%s %s %d %s\n" % (site_cache._MAGIC, key.encode(), len(payload), mac)
                                          + payload)
    # the key a user's build signs with cannot be forged from the checkout
    user = project.parent / "user-cache" / "site-key"
    assert not user.exists()


def test_a_committed_cache_and_key_are_ignored_and_said_so(project: Path):
    scenario = project / "scenarios" / "claim.yaml"
    scenario.parent.mkdir()
    scenario.write_text(FALSE_CLAIM, encoding="utf-8")
    forge(project, scenario)
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "add", "-f", ".tavla-cache")
    git(project, "commit", "-q", "-m", "pages")
    r = run(project, "build")
    assert r.returncode == 1, r.stderr
    assert "ignored .tavla-cache/…" in r.stderr and "tracked by git; a committed cache is never trusted" in r.stderr
    assert "scenarios/claim.yaml:9:10: error: plays: 6-4 has 2 distinct legal plays, not 99" in r.stderr
    assert "(1 unchanged, from the cache)" not in r.stderr


def test_a_forged_entry_is_not_trusted_without_git_either(project: Path):
    scenario = project / "scenarios" / "claim.yaml"
    scenario.parent.mkdir()
    scenario.write_text(FALSE_CLAIM, encoding="utf-8")
    forge(project, scenario)  # no git here: the mac under this user's key is what refuses it
    r = run(project, "build")
    assert r.returncode == 1, r.stderr
    assert "not 99" in r.stderr and "(1 unchanged, from the cache)" not in r.stderr


def test_a_fifo_key_or_pack_does_not_stop_the_build(project: Path):
    user = project.parent / "user-cache"
    user.mkdir()
    os.mkfifo(user / "site-key")
    packs = project / ".tavla-cache" / "site" / "packs" / site_cache.code_fingerprint()[:16]
    packs.mkdir(parents=True)
    os.mkfifo(packs / "1-x.pack")
    (project / ".tavla-cache" / "site" / "secret").symlink_to("/dev/stdin")
    r = run(project, "build", limit=20)
    assert r.returncode == 0, r.stderr
    key = user / "site-key"
    assert key.is_file() and not key.is_symlink() and key.stat().st_size == 32 and key.stat().st_mode & 0o777 == 0o600
    again = run(project, "build", limit=20)
    assert again.returncode == 0 and "0 misses" in again.stderr, again.stderr


@pytest.mark.parametrize("command", [("build", "--no-check"), ("export", "--no-check", "--lang", "en", "out"),
                                     ("audit",)])
def test_a_page_that_is_a_fifo_is_refused_located(project: Path, command: tuple[str, ...]):
    os.mkfifo(project / "content" / "en" / "evil.md")
    r = run(project, *command, limit=20)
    assert r.returncode == 1
    assert "content/en/evil.md: error: not a regular file (a FIFO)" in r.stderr


def test_a_bearoff_database_that_is_a_fifo_is_refused_located(tmp_path: Path):
    from tavla_docs.analysis.bearoff.cache import cache_path

    cache = tmp_path / "user-cache"
    cache.mkdir()
    db = cache_path(directory=cache)
    os.mkfifo(db)
    r = run(tmp_path, "odds", "XGID=-----AA------------a------:0:0:1:00:0:0:0:0:10", limit=20,
            env={"TAVLA_DOCS_CACHE": str(cache)})
    assert r.returncode == 1
    assert r.stderr.splitlines()[0] == f"{db}: error: not a regular file (a FIFO)"
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("out", [".", "content", "content/en", "scenarios", "site", "templates"])
def test_export_into_the_project_is_refused(project: Path, out: str):
    (project / "README.md").write_text("# mine\n", encoding="utf-8")
    (project / "content" / "en" / "README.md").write_text("# Read me\n", encoding="utf-8")
    (project / "scenarios").mkdir(exist_ok=True)
    (project / "site").mkdir(exist_ok=True)
    before = {p: p.read_bytes() for p in project.rglob("*") if p.is_file()}
    r = run(project, "export", "-q", "--no-check", "--lang", "en", out)
    assert r.returncode == 1 and len(r.stderr.splitlines()) == 1, r.stderr
    assert r.stderr.startswith(f"{out}: error: ")
    assert {p: p.read_bytes() for p in project.rglob("*") if p.is_file()} == before


def test_export_replaces_only_what_it_wrote(project: Path, tmp_path: Path):
    (project / "content" / "en" / "README.md").write_text("# Read me\n", encoding="utf-8")
    other = tmp_path / "other"
    other.mkdir()
    (other / "README.md").write_text("mine\n", encoding="utf-8")
    r = run(project, "export", "-q", "--no-check", "--lang", "en", str(other))
    assert r.returncode == 1 and "--force" in r.stderr
    r = run(project, "export", "-q", "--no-check", "--lang", "en", "--force", str(other))
    assert r.returncode == 1 and "README.md: error: exists and was not written by tavla-docs export" in r.stderr
    assert (other / "README.md").read_text(encoding="utf-8") == "mine\n" and not (other / "index.md").exists()
    fresh = tmp_path / "fresh"
    for _ in range(2):  # a new folder, then the same folder again: an earlier export is replaced
        r = run(project, "export", "-q", "--no-check", "--lang", "en", str(fresh))
        assert r.returncode == 0, r.stderr
    assert (fresh / "README.md").read_text(encoding="utf-8").startswith("# Read me")
