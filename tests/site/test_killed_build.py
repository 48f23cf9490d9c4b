"""A build killed with SIGKILL leaves nothing running, and the next build starts (docs/cli.md#build).

The out-of-memory killer, `timeout -s KILL` and a cancelled CI job all send SIGKILL, which no
handler sees. Before, the page workers of a killed cold build lived on, re-parented to init,
holding the build lock, and the next build waited forever. Each trial here starts a real build
of a 24-page project (cold: its scenarios checked and pages rendered in worker processes) in a
session of its own, kills it with SIGKILL while its workers run or at a random moment, then
reads the process table and runs the next build, which must finish with a complete site within 60 s.

The workers are the build's own, told apart from any other child (a `git` it runs, multiprocessing's
resource tracker): a child of the build that runs its command line (forked) or multiprocessing's
spawn entry point, each watched by pid and start time while the build runs. None of them may be
left, and nothing else of that session either (zombies being reaped aside); a stray build whose
worker outlives it (`STRAY`) shows the check names that worker.
"""
from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import threading
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


def _stat(pid: int) -> tuple[str, int, int, int] | None:
    """(state, parent, session, start time in clock ticks) of `pid`, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rpartition(b")")[2].split()
    except OSError:
        return None
    return fields[0].decode(), int(fields[1]), int(fields[3]), int(fields[19])


def _cmdline(pid: int) -> bytes | None:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except OSError:
        return None


def _pids() -> list[int]:
    return [int(n) for n in os.listdir("/proc") if n.isdigit()]


def session(sid: int) -> list[tuple[int, str]]:
    """(pid, state) of every process in session `sid` that is not a zombie."""
    return [(pid, st[0]) for pid in _pids() if (st := _stat(pid)) is not None and st[2] == sid and st[0] != "Z"]


def is_worker(pid: int, build_cmdline: bytes) -> bool:
    """Whether `pid` is one of a build's pool workers (site/build/parallel.py): a forked one runs the
    build's own command line, a spawned one multiprocessing's entry point (its resource tracker,
    a `git` or any other child is not a worker)."""
    cmd = _cmdline(pid)
    return cmd is not None and (cmd == build_cmdline or b"multiprocessing.spawn" in cmd)


class Workers:
    """The build's own workers, watched from outside while it runs: each (pid, start time) seen as
    a live child of the build that `is_worker`, so a pid reused after a worker's death is not it."""

    def __init__(self, build: int) -> None:
        self.build, self.seen = build, set[tuple[int, int]]()
        self.cmdline = b""  # read at the first look that finds it: just after its exec, it may read empty
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self) -> Workers:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def look(self) -> None:
        self.cmdline = self.cmdline or _cmdline(self.build) or b""
        if not self.cmdline:
            return
        for pid in _pids():
            st = _stat(pid)
            if st is not None and st[1] == self.build and st[0] != "Z" and is_worker(pid, self.cmdline):
                self.seen.add((pid, st[3]))

    def _watch(self) -> None:
        while not self._stop.is_set():
            self.look()
            self._stop.wait(0.01)

    def running(self) -> list[int]:
        """The workers seen that still run as workers: the same pid and start time, not a zombie, and
        still the build's program (a child between its fork and its exec of another program, such as
        `git`, looked like a worker for a moment; a worker never execs)."""
        return sorted(pid for pid, start in self.seen if (st := _stat(pid)) is not None and st[3] == start
                      and st[0] != "Z" and is_worker(pid, self.cmdline))

    def up(self, limit: float) -> bool:
        """Wait until a worker of the build runs, up to `limit` s."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            if self.running():
                return True
            time.sleep(0.01)
        return False

    def alive(self, sid: int) -> list[int]:
        """The workers still running: those seen, and any process of the build's session that
        `is_worker` (one started after the last look)."""
        later = {pid for pid, _ in session(sid) if pid != self.build and is_worker(pid, self.cmdline)}
        return sorted(set(self.running()) | later)


def survivors(sid: int, workers: Workers, grace: float = 2.0) -> tuple[list[int], list[tuple[int, str]]]:
    """(the build's workers, every other process of session `sid`) still running after `grace` s (the
    kernel delivers the death signal)."""
    end = time.monotonic() + grace
    while True:
        left, rest = workers.alive(sid), [(pid, st) for pid, st in session(sid)]
        rest = [(pid, st) for pid, st in rest if pid not in left]
        if (not left and not rest) or time.monotonic() >= end:
            return left, rest
        time.sleep(0.05)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_project(tmp_path_factory.mktemp("killed"))


def trial(project: Path, cold: bool, moment: str) -> None:
    if cold:
        shutil.rmtree(project / ".tavla-cache", ignore_errors=True)
    e = env(project.parent)
    p = subprocess.Popen(command(project), env=e, start_new_session=True, stderr=subprocess.DEVNULL)
    try:
        with Workers(p.pid) as workers:
            if moment == "workers":
                assert workers.up(15), "the build started no workers"
                time.sleep(random.uniform(0, 0.3))
            else:
                time.sleep(random.uniform(0.2, 2.0))
            os.kill(p.pid, signal.SIGKILL)
            p.wait()
    finally:
        if p.poll() is None:
            os.kill(p.pid, signal.SIGKILL)
            p.wait()
    left, rest = survivors(p.pid, workers)
    for pid in [*left, *(pid for pid, _ in rest)]:  # clean up before failing, so one failure does not hang the next test
        os.kill(pid, signal.SIGKILL)
    assert left == [], f"workers of the killed build still run: {left} (of {sorted(workers.seen)})"
    assert rest == [], f"other processes of the killed build still run: {rest}"
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


# A build whose pool workers outlive it: a ProcessPoolExecutor without `parallel.lifeline`, as the
# page workers were before. The check above must name its worker, and only it.
STRAY = """import os, sys, time, subprocess
from concurrent.futures import ProcessPoolExecutor
import multiprocessing
pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context(sys.argv[1]))
pool.submit(time.sleep, 60)
helper = subprocess.Popen(["sleep", "60"])  # a child that is not a worker
print("up", flush=True)
time.sleep(60)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_the_check_names_a_worker_left_by_a_killed_build(method: str) -> None:
    p = subprocess.Popen([sys.executable, "-c", STRAY, method], start_new_session=True, stdout=subprocess.PIPE,
                         text=True)
    left: list[int] = []
    rest: list[tuple[int, str]] = []
    try:
        with Workers(p.pid) as workers:
            assert p.stdout is not None and p.stdout.readline() == "up\n"
            assert workers.up(15), "the stray build's worker was not seen"
            os.kill(p.pid, signal.SIGKILL)
            p.wait()
        left, rest = survivors(p.pid, workers, grace=0.5)
        # Its one worker, seen while the build ran (with spawn, the child between fork and exec was seen too).
        assert len(left) == 1 and left[0] in {pid for pid, _ in workers.seen}
        others = [_cmdline(pid) or b"" for pid, _ in rest]  # the helper (and spawn's resource tracker): not workers
        assert b"sleep\x0060\x00" in others and not any(is_worker(pid, workers.cmdline) for pid, _ in rest)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        for pid in [*left, *(pid for pid, _ in session(p.pid))]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


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
