"""Start-up: `tavla-docs --version` and `tavla-docs plays XGID 3-1` against bare `python -c pass`.

Each command runs as a fresh process, alternately with the baselines, N times; the
figure is the median wall time. Baselines in the same run: bare Python (the floor;
goal: within 80 ms of it) and the same `plays` call with every subcommand imported
first, as the CLI did before it imported only the command being run.

Commands run as an installed tool does: with bytecode caches (`PYTHONDONTWRITEBYTECODE`
is dropped from their environment, and one untimed round writes the caches first);
without them every start compiles the package's sources again.
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time

XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
ALL = ("import tavla_docs.cli.main as m, sys; m.build_parser(); "
       f"sys.exit(m.main(['plays', '{XGID}', '3-1']))")
RUNS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "tavla-docs --version": [sys.executable, "-m", "tavla_docs.cli.main", "--version"],
    "tavla-docs plays XGID 3-1": [sys.executable, "-m", "tavla_docs.cli.main", "plays", XGID, "3-1"],
    "plays, every command imported": [sys.executable, "-c", ALL],
}


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _once(cmd: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system) of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=ENV)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(quick: bool = False) -> None:
    n = 5 if quick else 15
    times: dict[str, list[tuple[float, float]]] = {k: [] for k in RUNS}
    for cmd in RUNS.values():  # untimed: writes the bytecode caches
        _once(cmd)
    for _ in range(n):  # alternate, so load changes hit every command alike
        for name, cmd in RUNS.items():
            times[name].append(_once(cmd))
    wall = {k: statistics.median(w for w, _ in v) for k, v in times.items()}
    cpu = {k: statistics.median(c for _, c in v) for k, v in times.items()}
    floor, cpu_floor = wall["python -c pass"], cpu["python -c pass"]
    print(f"median of {n}; load {os.getloadavg()[0]:.1f} (CPU time is steadier than wall time on a busy machine)")
    for name, t in wall.items():
        print(f"{name:32} {t * 1000:7.1f} ms   (+{(t - floor) * 1000:6.1f} ms over bare Python; "
              f"CPU +{(cpu[name] - cpu_floor) * 1000:6.1f} ms)")
    ratio = wall["plays, every command imported"] / wall["tavla-docs plays XGID 3-1"]
    over = wall["tavla-docs plays XGID 3-1"] - floor
    print(f"plays start-up vs importing every command: {ratio:.2f}x faster; "
          f"goal: within 80 ms of bare Python ({'met' if over <= 0.08 else 'not met'}: +{over * 1000:.0f} ms)")
