"""`tavla-docs plays --jsonl` as a whole process against GNU Backgammon's generator driven from Python.

The corpus (benchmarks/corpus.py, seeded): random-game positions plus closed boards,
primes, bear-offs and races, each with its 21 rolls, one request line each (about 10,500;
`--quick`: 2,100). Both sides are whole processes reading the same request file and
writing their answers to a file:

- ours: `python -m tavla_docs.cli.main plays --jsonl` (start-up included);
- gnubg: `python -m benchmarks.bench_jsonl --gnubg-driver` below, a small driver around the
  `gnubg` wheel's `find_best_moves` (its C move generator, which also scores each play at
  0-ply) that writes comparable lines: the notation (gnubg's own `move_tuple_to_string`),
  the XGID of the position after the play and the board in the same JSON layout, computed
  in plain Python as a caller would. gnubg cuts a play's move tuple at the first checker
  borne off (see tests/engine/test_engine_gnubg.py), so after such a play its board is
  approximate; it costs the driver no more or less.

Each is also run asking for the notation only (`--fields notation`), the cheapest output,
and ours both ways: with the compiled accelerator (`formats/jsonl/_speedups.c`, when built) and on
the reference paths alone (`TAVLA_DOCS_PURE=1`: the engine's depth-first walk and one
`json.dumps` a play, `formats/playjson.py`; the same bytes). Figures are requests per second
of CPU time (user + system of the child, best of a few alternating runs: the machine is
shared, wall time is printed beside it) and the ratios.
The output share is measured in one fresh process per path (fresh memos) on the same corpus,
request by request as the batch runs: the CPU time to format the answers (`Listing.as_json`:
the notation, the XGIDs and boards from the plain walk's finals, in C or through memoised slot
groups, `formats/jsonl/finaltext.py`; the JSON text) against the time to compute them
(`plays.result`: reading the position, the engine) plus that.
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIELDS = ("notation", "xgid", "board")
REPEATS = 3  # best of, for the full corpus


# ---- the gnubg driver (run in its own process) ----------------------------------------------

def _read_xgid(text: str) -> tuple[tuple[list[int], list[int]], int, str]:
    """gnubg's board (player not on roll, player on roll; 25 slots each in the owner's own
    numbering, 24 = bar), the side on roll (1 White, -1 Black) and the fields after the turn."""
    fields = text[5:].split(":") if text.startswith("XGID=") else text.split(":")
    white, black = [0] * 25, [0] * 25  # own points 1..24 at index 0..23, bar at 24
    for i, ch in enumerate(fields[0]):
        if "A" <= ch <= "P":
            white[24 if i == 25 else i - 1] += ord(ch) - 64
        elif "a" <= ch <= "p":
            black[24 if i == 0 else 24 - i] += ord(ch) - 96
    turn = int(fields[3])
    return ((black, white) if turn == 1 else (white, black)), turn, ":".join(fields[4:])


def _after(board: tuple[list[int], list[int]], move: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The board after gnubg's move tuple (from, to, …; 1-based, 25 = bar, a lone last `from`
    is a checker borne off), with hits sent to the bar."""
    theirs, mine = list(board[0]), list(board[1])
    for i in range(0, len(move), 2):
        src = move[i]
        dst = move[i + 1] if i + 1 < len(move) else 0
        mine[src - 1] -= 1
        if dst:
            mine[dst - 1] += 1
            if theirs[24 - dst] == 1:
                theirs[24 - dst] = 0
                theirs[24] += 1
    return theirs, mine


def _xgid(white: list[int], black: list[int], turn: int, rest: str) -> str:
    chars = ["-"] * 26
    if black[24]:
        chars[0] = chr(96 + black[24])
    if white[24]:
        chars[25] = chr(64 + white[24])
    for i in range(1, 25):
        if white[i - 1]:
            chars[i] = chr(64 + white[i - 1])
        elif black[24 - i]:
            chars[i] = chr(96 + black[24 - i])
    return f"XGID={''.join(chars)}:0:0:{turn}:00:{rest.split(':', 1)[1]}"


def _board(white: list[int], black: list[int]) -> dict:
    return {"white": {str(b): white[b - 1] for b in range(1, 25) if white[b - 1]},
            "black": {str(b): black[24 - b] for b in range(1, 25) if black[24 - b]},
            "white_bar": white[24], "black_bar": black[24],
            "white_off": 15 - sum(white), "black_off": 15 - sum(black)}


def gnubg_driver(fields: tuple[str, ...]) -> None:
    import gnubg

    cube, ctx = gnubg.cube_info(), gnubg.eval_context()
    out = sys.stdout
    for line in sys.stdin:
        req = json.loads(line)
        board, turn, rest = _read_xgid(req["position"])
        high, low = sorted((int(req["roll"][0]), int(req["roll"][-1])), reverse=True)
        plays = []
        for entry in gnubg.find_best_moves(board, cube, ctx, (high, low)):
            move = entry["move"]
            play: dict = {}
            if "notation" in fields:
                play["notation"] = gnubg.move_tuple_to_string(move, board)
            if "xgid" in fields or "board" in fields:
                theirs, mine = _after(board, move)
                white, black = (mine, theirs) if turn == 1 else (theirs, mine)
                if "xgid" in fields:
                    play["xgid"] = _xgid(white, black, -turn, rest)
                if "board" in fields:
                    play["board"] = _board(white, black)
            plays.append(play)
        out.write(json.dumps({"turn": "white" if turn == 1 else "black", "roll": [high, low], "plays": plays}) + "\n")


# ---- the measurement --------------------------------------------------------------------------

def write_corpus(path: Path, quick: bool) -> int:
    from tavla_docs.engine.dice import ALL_ROLLS
    from tavla_docs.formats.xgid import format_xgid

    from .corpus import corpus

    positions = corpus(sample=100 if quick else 500, constructed=20 if quick else 100)
    with path.open("w", encoding="utf-8") as f:
        for pos, side in positions:
            xgid = format_xgid(pos, side)
            for roll in ALL_ROLLS:
                f.write(json.dumps({"position": xgid, "roll": f"{roll.high}-{roll.low}"}) + "\n")
    return len(positions) * len(ALL_ROLLS)


def _env(pure: bool) -> dict[str, str]:
    """The children's environment: this checkout first, and the pure-Python path or not."""
    env = {k: v for k, v in os.environ.items() if k != "TAVLA_DOCS_PURE"}
    return {**env, "PYTHONPATH": str(ROOT), **({"TAVLA_DOCS_PURE": "1"} if pure else {})}


def _run(argv: list[str], requests: Path, answers: Path, pure: bool = False) -> tuple[float, float]:
    """(CPU seconds of the child, wall seconds) of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    with requests.open("rb") as stdin, answers.open("wb") as stdout:
        subprocess.run(argv, stdin=stdin, stdout=stdout, check=True, cwd=ROOT, env=_env(pure))
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def output_share(requests: Path) -> tuple[float, float]:
    """(CPU seconds computing the answers, formatting them) in this process, default fields,
    one request after the other as the batch does (computing every answer first and
    formatting them after would keep them all alive: the garbage collector's passes over
    them were charged to the formatting). The formatting reads the plain walk's plays from
    their finals (formats/jsonl/plainfinals.py): their `Position`s are never made, so the engine's
    deferred work is no longer part of it; the notation is (`notation.spell_all`)."""
    from tavla_docs.cli.commands import plays

    lines = [json.loads(line) for line in requests.open(encoding="utf-8")]
    clock = time.process_time
    compute = fmt = 0.0
    for r in lines:
        t0 = clock()
        listing = plays.result(r["position"], r["roll"], None, None)
        t1 = clock()
        listing.as_json()
        t2 = clock()
        compute += t1 - t0
        fmt += t2 - t1
    return compute, fmt


def _share(requests: Path, pure: bool) -> tuple[float, float]:
    """`output_share` in a fresh process (fresh memos), on the accelerated or the pure path."""
    r = subprocess.run([sys.executable, "-m", "benchmarks.bench_jsonl", "--output-share", str(requests)],
                       capture_output=True, text=True, check=True, cwd=ROOT, env=_env(pure))
    compute, fmt = map(float, r.stdout.split())
    return compute, fmt


def _accelerator() -> str:
    """Which path `plays --jsonl` takes in the children (the accelerator's file, or why not)."""
    probe = "from tavla_docs.formats.jsonl import accel; print(getattr(accel.SPEEDUPS, '__file__', 'not built'))"
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT,
                       env=_env(False))
    return os.path.relpath(r.stdout.strip(), ROOT) if r.stdout.strip() != "not built" else \
        "not built (the accelerated rows are the pure-Python speed layers)"


def main(quick: bool = False) -> None:
    repeats = 1 if quick else REPEATS
    with tempfile.TemporaryDirectory() as tmp:
        requests, answers = Path(tmp) / "requests.jsonl", Path(tmp) / "answers.jsonl"
        n = write_corpus(requests, quick)
        ours = [sys.executable, "-m", "tavla_docs.cli.main", "plays", "--jsonl"]
        driver = [sys.executable, "-m", "benchmarks.bench_jsonl", "--gnubg-driver"]
        runs: dict[str, tuple[list[str], bool]] = {  # argv, pure path
            "ours, default fields": (ours, False),
            "ours pure, default fields": (ours, True),
            "gnubg driver, same fields": (driver, False),
            "ours, --fields notation": ([*ours, "--fields", "notation"], False),
            "ours pure, --fields notation": ([*ours, "--fields", "notation"], True),
            "gnubg driver, notation only": ([*driver, "notation"], False),
        }
        best: dict[str, tuple[float, float]] = {}
        shares: dict[bool, tuple[float, float]] = {}
        for i in range(repeats):  # alternating, so a busy neighbour slows both alike (both orders)
            for name, (argv, pure) in (runs.items() if i % 2 == 0 else reversed(runs.items())):
                cpu, wall = _run(argv, requests, answers, pure)
                lines = sum(1 for _ in answers.open("rb"))
                if lines != n:
                    raise SystemExit(f"{name}: {lines} answers to {n} requests")
                if name not in best or cpu < best[name][0]:
                    best[name] = (cpu, wall)
            for pure in ((False, True) if i % 2 == 0 else (True, False)):
                found = _share(requests, pure)
                if pure not in shares or sum(found) < sum(shares[pure]):
                    shares[pure] = found
    print(f"corpus: {n} requests (21 rolls a position); best of {repeats}; load {os.getloadavg()[0]:.1f}")
    print(f"accelerator: {_accelerator()}")
    for name, (cpu, wall) in best.items():
        print(f"{name:29} {n / cpu:8,.0f} requests/s CPU ({cpu:.2f} s; wall {wall:.2f} s)")
    for a, b in (("default fields", "gnubg driver, same fields"), ("--fields notation", "gnubg driver, notation only")):
        print(f"ratio ours, {a} / {b}: {best[b][0] / best['ours, ' + a][0]:.2f}x "
              f"(pure path {best[b][0] / best['ours pure, ' + a][0]:.2f}x)")
    for pure, label, whole in ((False, "accelerated", "ours, default fields"), (True, "pure", "ours pure, default fields")):
        compute, fmt = shares[pure]
        total = compute + fmt
        print(f"output share (in process, default fields, {label:11}): formatting {fmt:.2f} s of {total:.2f} s = "
              f"{fmt / total:.0%} (computing {compute:.2f} s); of the whole process {fmt / best[whole][0]:.0%}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--gnubg-driver":
        gnubg_driver(tuple(sys.argv[2].split(",")) if len(sys.argv) > 2 else FIELDS)
    elif len(sys.argv) > 2 and sys.argv[1] == "--output-share":
        print(*output_share(Path(sys.argv[2])))
    else:
        main(quick="--quick" in sys.argv)
