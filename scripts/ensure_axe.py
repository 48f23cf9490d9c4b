"""Make sure axe-core is there for the accessibility browser test (tests/site/test_axe_browser.py).

It comes from npm, pinned by tests/site/axe/package-lock.json (version and integrity hash), and is
installed with `npm ci` into tests/site/axe/node_modules (not committed). Without npm the test is
skipped locally and fails under CI, as without chromium.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "tests" / "site" / "axe"
AXE = HERE / "node_modules" / "axe-core" / "axe.min.js"


def main() -> int:
    if AXE.is_file():
        return 0
    npm = shutil.which("npm")
    if npm is None:
        print("note: npm is not installed; the axe-core browser test will be skipped "
              "(install Node.js and npm, then run: python scripts/ensure_axe.py)", file=sys.stderr)
        return 0
    print("installing axe-core for the accessibility browser test (npm ci)…", file=sys.stderr)
    subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix", str(HERE)], check=True,
                   stdout=subprocess.DEVNULL)
    return 0


if __name__ == "__main__":
    sys.exit(main())
