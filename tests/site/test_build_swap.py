"""`tavla-docs build`'s swap, lock and page cache under crashes, signals, rivals and bad cache files.

The contract (docs/cli.md#build): `site/` is a complete folder at every moment, even when a build
is killed in the middle of its swap; a second build waits for the first; SIGTERM is handled like
Ctrl-C; folders left by dead builds are removed by the next one; and the page cache only ever
costs or saves time: an unwritable, damaged or edited cache never fails a build or changes a page.

The crash, signal and rival tests run real builds of a plain MkDocs project (no plugin: about
a second each) in child processes. The child wraps the functions the swap goes through (the
renames, and the exchange when there is one) or MkDocs' build, to stop or crash at a known point.
"""
from __future__ import annotations

import ctypes
import errno
import hashlib
import os
import platform
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tavla_docs.cli import sitedir
from tavla_docs.cli.commands.build import build_site
from tavla_docs.site.checks import CheckRecord, check_project

CHILD = r'''
import os, sys, time
from pathlib import Path

mode, arg, project = sys.argv[1], sys.argv[2], Path(sys.argv[3]).resolve()

def ours(*paths):
    """A rename of the site folder or one of its temporary neighbours."""
    return any(Path(p).parent.resolve() == project and Path(p).name.startswith(("site", ".site."))
               for p in paths)

def wrap_swap_step(after):
    import tavla_docs.cli.commands.build as build_mod
    targets = [(os, "rename"), (os, "replace")]
    try:
        import tavla_docs.cli.sitedir as sitedir
        targets.append((sitedir, "exchange"))
    except ImportError:
        pass
    for owner, name in targets:
        real = getattr(owner, name)
        def step(src, dst, *a, _real=real, **k):
            if not ours(src, dst):
                return _real(src, dst, *a, **k)
            before(src, dst)
            out = _real(src, dst, *a, **k)
            after(src, dst)
            return out
        setattr(owner, name, step)

def before(src, dst):
    pass

def ready_then(wait):
    import mkdocs.commands.build as mk
    real = mk.build
    def build(*a, **k):
        real(*a, **k)
        (project / f"ready-{os.getpid()}").touch()
        wait()
    mk.build = build

if mode == "crash-after":  # die like kill -9 right after the k-th rename of the swap
    count = [0]
    def after(src, dst):
        count[0] += 1
        if count[0] == int(arg):
            os._exit(137)
    wrap_swap_step(after)
elif mode == "pause":  # the new site is built; sleep before the swap (a signal arrives here)
    ready_then(lambda: time.sleep(60))
elif mode == "rival":  # two builds meet at the swap, which goes slowly
    def meet():
        end = time.monotonic() + 2.0
        while len(list(project.glob("ready-*"))) < 2 and time.monotonic() < end:
            time.sleep(0.02)
    ready_then(meet)
    def before(src, dst):
        time.sleep(0.2)
    wrap_swap_step(lambda src, dst: None)

from tavla_docs.cli.main import main
sys.exit(main(["build", "--no-check", "--config", str(project / "mkdocs.yml"), *sys.argv[4:]]))
'''


def plain_project(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Hello\n\n[next](two.md)\n", encoding="utf-8")
    (root / "docs" / "two.md").write_text("# Two\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text("site_name: t\nstrict: true\n", encoding="utf-8")
    (root / "child.py").write_text(CHILD, encoding="utf-8")
    return root / "mkdocs.yml"


def files(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()}


def leftovers(root: Path) -> list[str]:
    """What a build may not leave beside the site: temporary or old folders, a lock file."""
    return sorted(p.name for p in root.iterdir() if p.name.startswith(".site"))


def with_old_site(tmp_path: Path) -> tuple[Path, set[str]]:
    """A project with a built site, marked `old.html`; returns (project, the files of a complete build)."""
    proj = tmp_path / "p"
    plain_project(proj)
    site, _ = build_site(proj / "mkdocs.yml", proj / "site", quiet=True)
    complete = files(site)
    (site / "old.html").write_text("old\n", encoding="utf-8")
    return proj, complete


def child(proj: Path, mode: str, arg: str = "", *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(proj / "child.py"), mode, arg or "-", str(proj), *extra], cwd=proj,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for(path_glob: Path, proc: subprocess.Popen, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not list(path_glob.parent.glob(path_glob.name)):
        if proc.poll() is not None:
            raise AssertionError(f"the child ended early ({proc.returncode}): {proc.communicate()}")
        if time.monotonic() > end:
            proc.kill()
            raise AssertionError("the child never got to the pause")
        time.sleep(0.02)


# -- the swap ---------------------------------------------------------------------------------

def test_a_kill_at_any_step_of_the_swap_leaves_a_complete_site(tmp_path: Path) -> None:
    proj, complete = with_old_site(tmp_path)
    crashes = 0
    for k in range(1, 5):
        p = child(proj, "crash-after", str(k), "-q")
        out, err = p.communicate(timeout=120)
        if p.returncode == 0:  # the swap has fewer than k steps: it finished
            break
        assert p.returncode == 137, err
        crashes += 1
        site = proj / "site"
        assert site.is_dir() and not site.is_symlink(), f"no site/ after a kill at step {k}: {leftovers(proj)}"
        assert complete <= files(site), f"an incomplete site/ after a kill at step {k}"
    assert crashes >= 1
    # the next build removes what the killed ones left
    r = child(proj, "none", "", "-q")
    assert r.wait(timeout=120) == 0, r.communicate()
    assert leftovers(proj) == []
    assert files(proj / "site") == complete


def test_folders_of_dead_builds_are_removed_at_the_next_build(cli, tmp_path: Path) -> None:
    proj, complete = with_old_site(tmp_path)
    dead = 4_000_000 + 123  # above the default pid_max: no such process
    for name in (f".site.tmp-{dead}", f".site.old-{dead + 1}", f".site.tmp-{dead + 2}"):
        (proj / name / "assets").mkdir(parents=True)
        (proj / name / "assets" / "x.css").write_text("stale\n", encoding="utf-8")
    r = cli("build", "-q", "--no-check", "--config", str(proj / "mkdocs.yml"), cwd=proj)
    assert r.returncode == 0, r.stderr
    assert leftovers(proj) == []
    assert files(proj / "site") == complete


def test_a_site_lost_by_an_interrupted_swap_is_put_back_when_the_next_build_fails(cli, tmp_path: Path) -> None:
    proj, complete = with_old_site(tmp_path)
    os.rename(proj / "site", proj / ".site.old-4000123")  # what the two-rename swap left when killed
    (proj / "docs" / "index.md").write_text("# Hello\n\n[broken](missing.md)\n", encoding="utf-8")  # strict: fails
    r = cli("build", "-q", "--no-check", "--config", str(proj / "mkdocs.yml"), cwd=proj)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert (proj / "site" / "old.html").read_text(encoding="utf-8") == "old\n"
    assert leftovers(proj) == []


def test_a_filesystem_that_cannot_exchange_falls_back_to_two_renames_with_a_note(cli, tmp_path: Path,
                                                                                  monkeypatch) -> None:
    proj, complete = with_old_site(tmp_path)

    def refuse(a: Path, b: Path) -> None:
        raise OSError(errno.EINVAL, "Invalid argument", str(a))

    monkeypatch.setattr(sitedir, "exchange", refuse)
    r = cli("build", "--no-check", "--config", str(proj / "mkdocs.yml"), cwd=proj)
    assert r.returncode == 0, r.stderr
    assert "note: this filesystem cannot exchange folders (Invalid argument)" in r.stderr
    assert files(proj / "site") == complete and leftovers(proj) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="renameat2 is Linux's")
def test_exchange_swaps_two_folders_through_the_wrapper_or_the_system_call(tmp_path: Path) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    calls = {"wrapper": sitedir.libc_renameat2(libc), "syscall": sitedir.syscall_renameat2(libc, platform.machine())}
    assert any(calls.values())
    a, b = tmp_path / "a", tmp_path / "b"
    for name, call in calls.items():
        if call is None:
            continue
        a.mkdir(), b.mkdir()
        (a / "a.txt").touch(), (b / "b.txt").touch()
        assert call(os.fsencode(a), os.fsencode(b)) == 0, (name, os.strerror(ctypes.get_errno()))
        assert [p.name for p in a.iterdir()] == ["b.txt"] and [p.name for p in b.iterdir()] == ["a.txt"]
        shutil.rmtree(a), shutil.rmtree(b)
    with pytest.raises(FileNotFoundError):
        sitedir.exchange(a, b)


# -- signals ----------------------------------------------------------------------------------

def test_sigterm_during_a_build_keeps_the_old_site_and_removes_the_temporary_one(tmp_path: Path) -> None:
    proj, complete = with_old_site(tmp_path)
    p = child(proj, "pause", "", "-q")
    wait_for(proj / "ready-*", p)
    assert any(n.startswith(".site.tmp-") for n in leftovers(proj))  # the new site, not swapped in yet
    p.send_signal(signal.SIGTERM)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 143, err
    assert "Traceback" not in err and len(err.splitlines()) <= 1
    assert (proj / "site" / "old.html").read_text(encoding="utf-8") == "old\n"
    assert complete <= files(proj / "site")
    assert leftovers(proj) == []


# -- the lock ---------------------------------------------------------------------------------

def test_two_builds_at_once_do_not_collide(tmp_path: Path) -> None:
    proj, complete = with_old_site(tmp_path)
    a, b = child(proj, "rival"), child(proj, "rival")
    ra, rb = a.communicate(timeout=120), b.communicate(timeout=120)
    assert (a.returncode, b.returncode) == (0, 0), (ra, rb)
    assert "Traceback" not in ra[1] + rb[1]
    waited = [err for _, err in (ra, rb) if "waiting for another tavla-docs build (pid " in err]
    assert len(waited) == 1, (ra, rb)
    assert files(proj / "site") == complete
    assert leftovers(proj) == []


def test_a_build_that_may_not_wait_says_another_is_running(cli, tmp_path: Path) -> None:
    proj, _ = with_old_site(tmp_path)
    p = child(proj, "pause", "", "-q")
    try:
        wait_for(proj / "ready-*", p)
        r = cli("build", "-q", "--no-check", "--wait", "0", "--config", str(proj / "mkdocs.yml"), cwd=proj)
        assert r.returncode == 1
        assert len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr
        assert f"another tavla-docs build (pid {p.pid}) is running" in r.stderr, r.stderr
        assert (proj / "site" / "old.html").is_file()
    finally:
        p.send_signal(signal.SIGTERM)
        p.communicate(timeout=60)
    assert leftovers(proj) == []


# -- the page cache ---------------------------------------------------------------------------

SCENARIO = """variant: tavla
position:
  white: {6: 1, 5: 1}
  black: {19: 15}
turn: white
roll: 6-5
show: 6/off 5/off
expect:
  legal: [6/off 5/off]
caption:
  tr: "KAPANIS diyagrami"
  en: "KAPANIS diagram"
"""
BAD = SCENARIO.replace("legal: [6/off 5/off]", "legal: [6/5 5/off]")  # not a legal play: the check fails
PAGE = '# Sayfa\n\n{{ diagram("close") }}\n'


def digest(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def records(cache: Path) -> list[tuple[Path, bytes, bytes]]:
    """The cache's entries, read as its format says (`site.cache`): (pack, header line, JSON)."""
    out = []
    for pack in sorted((cache / "site" / "packs").rglob("*.pack")):
        data, at = pack.read_bytes(), 0
        while at < len(data):
            end = data.index(b"\n", at)
            head = data[at:end]
            length = int(head.split(b" ")[3])
            out.append((pack, head, data[end + 1:end + 1 + length]))
            at = end + 1 + length
    return out


def rewrite(cache: Path, edit) -> None:
    """Every entry as `edit(header, JSON)` returns it, with its header's length made to match: a
    reader parses each one, so only its mac tells it from the one `put` wrote."""
    packs: dict[Path, bytes] = {}
    for pack, head, payload in records(cache):
        head, payload = edit(head, payload)
        parts = head.split(b" ")
        parts[3] = str(len(payload)).encode()
        packs[pack] = packs.get(pack, b"") + b" ".join(parts) + b"\n" + payload
    for pack, data in packs.items():
        pack.write_bytes(data)


def test_an_unwritable_cache_only_costs_time(cli, tmp_path: Path, tiny) -> None:
    proj = tiny(tmp_path, PAGE, PAGE.replace("Sayfa", "Page"), {"close": SCENARIO})
    (proj / ".tavla-cache").write_text("a file where the cache folder should be\n", encoding="utf-8")
    r = cli("build", "-q", "--config", str(proj / "mkdocs.yml"), cwd=proj)
    assert r.returncode == 0, r.stderr
    assert len(r.stderr.splitlines()) <= 1 and "Traceback" not in r.stderr  # one warning at most
    assert "KAPANIS diyagrami" in (proj / "site" / "index.html").read_text(encoding="utf-8")


def test_wrong_shaped_cache_entries_are_misses(cli, tmp_path: Path, tiny) -> None:
    proj = tiny(tmp_path, PAGE, PAGE.replace("Sayfa", "Page"), {"close": SCENARIO})
    assert cli("build", "-q", "--config", str(proj / "mkdocs.yml"), cwd=proj).returncode == 0
    before = digest(proj / "site")
    assert len(records(proj / ".tavla-cache")) >= 4  # the check record, figures, pages
    for shape in ("[]", '{"markdown": 1}', "null", '"x"', "{"):
        rewrite(proj / ".tavla-cache", lambda head, payload: (head, shape.encode()))  # noqa: B023 - used at once
        r = cli("build", "-q", "--config", str(proj / "mkdocs.yml"), cwd=proj)
        assert r.returncode == 0 and "Traceback" not in r.stderr, (shape, r.stderr)
        assert digest(proj / "site") == before


def test_an_edited_cache_entry_cannot_inject_html(cli, tmp_path: Path, tiny) -> None:
    proj = tiny(tmp_path, PAGE, PAGE.replace("Sayfa", "Page"), {"close": SCENARIO})
    assert cli("build", "-q", "--config", str(proj / "mkdocs.yml"), cwd=proj).returncode == 0
    before = digest(proj / "site")
    edited = sum(b"KAPANIS" in payload for _, _, payload in records(proj / ".tavla-cache"))
    assert edited >= 2  # the figure and the page, at least
    rewrite(proj / ".tavla-cache", lambda head, payload: (head, payload.replace(b"KAPANIS", b"<script>alert(1)</script>")))
    assert sum(b"<script>alert(1)" in payload for _, _, payload in records(proj / ".tavla-cache")) == edited
    assert cli("build", "-q", "--config", str(proj / "mkdocs.yml"), cwd=proj).returncode == 0
    assert "<script>alert(1)" not in (proj / "site" / "index.html").read_text(encoding="utf-8")
    assert digest(proj / "site") == before


def test_a_planted_check_record_does_not_pass_a_failing_scenario(tmp_path: Path) -> None:
    proj = tmp_path / "p"
    (proj / "scenarios").mkdir(parents=True)
    good, bad = proj / "scenarios" / "good.yaml", proj / "scenarios" / "bad.yaml"
    good.write_text(SCENARIO, encoding="utf-8")
    bad.write_text(BAD, encoding="utf-8")
    first = check_project(proj, proj / "scenarios", ".tavla-cache")
    assert first is not None and first.failed == {bad.resolve()}
    [(pack, head, payload)] = records(proj / ".tavla-cache")  # good.yaml's "passed" record
    key = CheckRecord(None, proj.resolve()).key(bad, bad.read_bytes())  # type: ignore[arg-type]
    parts = head.split(b" ")
    parts[2] = key.encode()
    pack.write_bytes(pack.read_bytes() + b" ".join(parts) + b"\n" + payload)  # the same "passed" entry, under bad.yaml's key
    assert [k.split(b" ")[2] for _, k, _ in records(proj / ".tavla-cache")][-1] == key.encode()
    again = check_project(proj, proj / "scenarios", ".tavla-cache")
    assert again is not None and again.failed == {bad.resolve()}
