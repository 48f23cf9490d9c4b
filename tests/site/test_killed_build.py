"""A build killed with SIGKILL leaves nothing running, and the next build starts (docs/cli.md#build).

The out-of-memory killer, `timeout -s KILL` and a cancelled CI job all send SIGKILL, which no
handler sees. Before, the page workers of a killed cold build lived on, re-parented to init,
holding the build lock, and the next build waited forever. Each trial here starts a real build
of a 24-page project (cold: its scenarios checked and pages rendered in worker processes) in a
session of its own, kills it with SIGKILL while its workers run or at a random moment, then
reads the process table (nothing of that session may be left, bar zombies being reaped) and
runs the next build, which must finish with a complete site within 60 s.
"""
from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tavla_docs.cli import buildlock
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]
CONFIG = """site_name: killed
docs_dir: content
site_dir: site
strict: true
theme: {name: material, font: false, language: tr}
plugins:
  - tavla-docs: {}   # the audit is off in `env` (TAVLA_DOCS_AUDIT, the local switch)
"""
PAGES = 12  # per language: over parallel.MIN_PAGES, so a cold build starts page workers


def make_project(dest: Path) -> Path:
    """24 pages drawing the project's bear-off scenarios (34 files: over parallel.MIN_FILES)."""
    (dest / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    shutil.copytree(PROJECT / "scenarios" / "bear-off", dest / "scenarios" / "bear-off")
    shutil.copytree(PROJECT / "templates", dest / "templates")
    names = sorted(p.stem for p in (dest / "scenarios" / "bear-off").glob("*.yaml"))
    for lang in ("tr", "en"):
        (dest / "content" / lang).mkdir(parents=True)
        for i in range(PAGES):
            calls = "\n\n".join(f'{{{{ diagram("bear-off/{n}") }}}}' for n in names[(3 * i) % len(names):][:3])
            (dest / "content" / lang / ("index.md" if i == 0 else f"p{i}.md")).write_text(
                f"# P{i}\n\n{calls}\n", encoding="utf-8")
    return dest


def env(tmp: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "TAVLA_DOCS_CACHE": str(tmp / "user-cache"),
            "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": "0", "TAVLA_DOCS_AUDIT": "off"}


def command(project: Path) -> list[str]:
    return [sys.executable, "-m", "tavla_docs", "build", "-q", "--config", str(project / "mkdocs.yml")]


def session(sid: int) -> list[tuple[int, str]]:
    """(pid, state) of every process in session `sid` that is not a zombie."""
    out = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                fields = f.read().rpartition(b")")[2].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != b"Z":
            out.append((int(name), fields[0].decode()))
    return out


def survivors(sid: int, grace: float = 2.0) -> list[tuple[int, str]]:
    """What is still running of session `sid` after `grace` s (the kernel delivers the death signal)."""
    end = time.monotonic() + grace
    while (left := session(sid)) and time.monotonic() < end:
        time.sleep(0.05)
    return left


def workers_up(pid: int, limit: float) -> bool:
    """Wait until the build `pid` has child processes (its workers), up to `limit` s."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if any(p != pid for p, _ in session(pid)):
            return True
        time.sleep(0.01)
    return False


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_project(tmp_path_factory.mktemp("killed"))


def trial(project: Path, cold: bool, moment: str) -> None:
    if cold:
        shutil.rmtree(project / ".tavla-cache", ignore_errors=True)
    e = env(project.parent)
    p = subprocess.Popen(command(project), env=e, start_new_session=True, stderr=subprocess.DEVNULL)
    try:
        if moment == "workers":
            assert workers_up(p.pid, 15), "the build started no workers"
            time.sleep(random.uniform(0, 0.3))
        else:
            time.sleep(random.uniform(0.2, 2.0))
    finally:
        os.kill(p.pid, signal.SIGKILL)
        p.wait()
    left = survivors(p.pid)
    for pid, _ in left:  # clean up before failing, so one failure does not hang the next test
        os.kill(pid, signal.SIGKILL)
    assert left == [], f"processes of the killed build still run: {left}"
    started = time.monotonic()
    r = subprocess.run(["timeout", "-s", "KILL", "60", *command(project)], env=e, capture_output=True, text=True,
                       check=False)
    assert r.returncode == 0, r.stderr
    assert time.monotonic() - started < 60
    for lang in ("", "en/"):
        for i in range(PAGES):
            page = project / "site" / lang / ("index.html" if i == 0 else f"p{i}/index.html")
            assert page.is_file(), page


# "workers" kills the build while its page workers (site/build/parallel.py) run: a speed layer's
# case, which TAVLA_DOCS_PURE switches off (no worker starts); "random" kills either kind of build.
WHILE_WORKERS = pytest.param(True, "workers", marks=pytest.mark.speed_layer)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize(("cold", "moment"), [WHILE_WORKERS, WHILE_WORKERS, (True, "random"),
                                              (False, "random"), (False, "random")])
def test_a_killed_build_leaves_no_process_and_the_next_build_finishes(project: Path, cold: bool, moment: str):
    if not cold and not (project / "site").is_dir():
        subprocess.run(["timeout", "-s", "KILL", "60", *command(project)], env=env(project.parent), check=True,
                       capture_output=True)
    trial(project, cold, moment)


def hold(lock: Path, text: str) -> subprocess.Popen:
    """A process other than a build holding `lock` (as a stray worker did), the file saying `text`."""
    code = ("import fcntl, os, sys, time\n"
            "fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)\n"
            "fcntl.flock(fd, fcntl.LOCK_EX)\n"
            "os.write(fd, sys.argv[2].encode())\n"
            "print('held', flush=True)\n"
            "time.sleep(60)\n")
    p = subprocess.Popen([sys.executable, "-c", code, str(lock), text], stdout=subprocess.PIPE, text=True)
    assert p.stdout is not None and p.stdout.readline() == "held\n"
    return p


def dead_pid() -> int:
    p = subprocess.Popen(["true"])
    p.wait()
    return p.pid


@pytest.mark.parametrize("written", ["dead", "reused", "old"])
def test_a_lock_held_by_what_is_not_a_live_build_is_taken_over(tmp_path: Path, written: str):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Hello\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")
    me = buildlock.me()
    text = {"dead": buildlock.Holder(dead_pid(), me.start, time.time(), "tavla-docs build").encode().decode(),
            "reused": buildlock.Holder(os.getpid(), "1", time.time() - 9, "tavla-docs build").encode().decode(),
            "old": f"{dead_pid()}\n"}[written]
    holder = hold(tmp_path / ".site.lock", text)
    try:
        started = time.monotonic()
        r = subprocess.run(["timeout", "-s", "KILL", "20", sys.executable, "-m", "tavla_docs", "build", "--no-check",
                            "--config", str(tmp_path / "mkdocs.yml")], env=env(tmp_path), capture_output=True,
                           text=True, check=False)
        assert r.returncode == 0, r.stderr
        assert "took over the lock .site.lock" in r.stderr and "is not a live tavla-docs build" in r.stderr
        assert time.monotonic() - started < 15
    finally:
        holder.kill()
        holder.wait()


def test_a_live_holder_is_named_and_waited_for_with_a_bound(tmp_path: Path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Hello\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")
    holder = hold(tmp_path / ".site.lock", "")
    try:
        live = buildlock.Holder(holder.pid, buildlock._start_time(holder.pid), time.time(), "tavla-docs build -q")
        (tmp_path / ".site.lock").write_bytes(live.encode())
        r = subprocess.run(["timeout", "-s", "KILL", "20", sys.executable, "-m", "tavla_docs", "build", "--no-check",
                            "--config", str(tmp_path / "mkdocs.yml")], env={**env(tmp_path), "TAVLA_DOCS_LOCK_WAIT": "1"},
                           capture_output=True, text=True, check=False)
        assert r.returncode == 1
        assert f"another tavla-docs build (pid {holder.pid}) is running on" in r.stderr
        assert "`tavla-docs build -q`" in r.stderr and "gave up after 1 s" in r.stderr
    finally:
        holder.kill()
        holder.wait()
