"""Make sure Debian's chromium is there for the browser tests (installs it as root)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys


def main() -> int:
    if shutil.which("chromium"):
        return 0
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        print("note: chromium is not installed; the browser tests will be skipped "
              "(install it with: sudo apt-get install chromium)", file=sys.stderr)
        return 0
    print("installing chromium for the browser tests (apt-get, about a minute)…", file=sys.stderr)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True, env=env, stdout=subprocess.DEVNULL)
    return 0


if __name__ == "__main__":
    sys.exit(main())
