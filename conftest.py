"""Suite-wide settings. Under CI (env CI set) hypothesis runs derandomized, so a red CI
is always reproducible; locally it explores new examples on every run."""
from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
