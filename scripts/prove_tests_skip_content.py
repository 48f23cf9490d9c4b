"""Prove that an author's good new page cannot break the tool's tests (CONTRIBUTING.md, "Tests never read content/").

    python scripts/prove_tests_skip_content.py [--build] TEST_FILE …

In a temporary copy of the last commit, it adds a page pair with `tavla-docs new page`, a scenario
with `tavla-docs new scenario`, a figure of it on both pages, refreshes the reader-text snapshot
with `tavla-docs review`, optionally builds the site strictly (`--build`), and runs pytest on the
given test files there. It exits with pytest's status. It uses the interpreter it runs under.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE, SCENARIO = "proof-page", "proof/opening-3-1"
FIGURE = '\n{{ diagram("' + SCENARIO + '") }}\n'


def run(args: list[str], cwd: Path, env: dict[str, str]) -> None:
    """Run one step; stop with its output when it fails, since the rest would prove nothing."""
    print("$", " ".join(args), flush=True)
    done = subprocess.run(args, cwd=cwd, env=env, text=True, capture_output=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} failed ({done.returncode}):\n{done.stdout}{done.stderr}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", action="store_true", help="also build the copy's site strictly")
    parser.add_argument("tests", nargs="+", help="test files, relative to the repository")
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tavla-proof-") as tmp:
        clone = Path(tmp) / "repo"
        clone.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "HEAD"], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(clone)], input=archive.stdout, check=True)
        env = {**os.environ, "PYTHONPATH": str(clone), "TAVLA_DOCS_CACHE": str(Path(tmp) / "cache")}
        tool = [sys.executable, "-m", "tavla_docs"]
        run([*tool, "new", "page", PAGE, "--title", "tr=Kanıt sayfası", "--title", "en=Proof page"], clone, env)
        run([*tool, "new", "scenario", SCENARIO, "3-1"], clone, env)
        for lang in ("tr", "en"):
            with (clone / "content" / lang / f"{PAGE}.md").open("a", encoding="utf-8") as page:
                page.write(FIGURE)
        run([*tool, "review"], clone, env)
        if opts.build:
            run([*tool, "build", "-q", "--site-dir", str(Path(tmp) / "site")], clone, env)
        print("$ pytest", " ".join(opts.tests), flush=True)
        pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *opts.tests]
        return subprocess.run(pytest, cwd=clone, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
