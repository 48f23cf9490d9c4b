"""Make sure Pango is there for WeasyPrint (`tavla-docs print` and its tests); installs it as root."""
from __future__ import annotations

import ctypes.util
import os
import shutil
import subprocess
import sys

PACKAGES = ["libpango-1.0-0", "libpangoft2-1.0-0"]


def main() -> int:
    if ctypes.util.find_library("pango-1.0") and ctypes.util.find_library("pangoft2-1.0"):
        return 0
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        print("note: Pango is not installed; the print tests will be skipped "
              f"(install it with: sudo apt-get install {' '.join(PACKAGES)})", file=sys.stderr)
        return 0
    print("installing Pango for tavla-docs print (apt-get)…", file=sys.stderr)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", *PACKAGES], check=True, env=env, stdout=subprocess.DEVNULL)
    return 0


if __name__ == "__main__":
    sys.exit(main())
