"""The built wheel alone makes a working tool (issue 31): installed into a fresh virtual
environment (not editable, dependencies from the index), `tavla-docs new site` makes a project
and `tavla-docs build` builds it strictly, with the partials from the installed package."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def index_reachable() -> bool:
    """Whether pip can reach its configured package index (asked of pip itself)."""
    try:
        r = subprocess.run([sys.executable, "-m", "pip", "index", "versions", "setuptools",
                            "--disable-pip-version-check"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return r.returncode == 0


def run(argv: list[str], cwd: Path, timeout: float) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TAVLA_DOCS_CACHE")}
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


@pytest.mark.skipif(os.environ.get("CI") != "true" and not index_reachable(),
                    reason="pip cannot reach the package index (never skipped under CI=true)")
def test_the_wheel_in_a_fresh_venv_builds_a_new_site(tmp_path: Path) -> None:
    r = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
             "-w", str(tmp_path / "dist"), str(ROOT)], tmp_path, 120)
    assert r.returncode == 0, r.stderr
    [wheel] = (tmp_path / "dist").glob("tavla_docs-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    # the speed rooms ship, and the optional accelerator is built into its room where a compiler is found
    assert {"tavla_docs/engine/fast/plainwalk.py", "tavla_docs/formats/jsonl/playtext.py"} <= set(names)
    if shutil.which("gcc"):
        assert any(n.startswith("tavla_docs/formats/jsonl/_speedups") and n.endswith(".so") for n in names), names
    venv.create(tmp_path / "venv", with_pip=True)
    bin_dir = tmp_path / "venv" / "bin"
    r = run([str(bin_dir / "pip"), "install", "-q", "--disable-pip-version-check", str(wheel)], tmp_path, 150)
    assert r.returncode == 0, r.stderr
    r = run([str(bin_dir / "tavla-docs"), "new", "site", "rules"], tmp_path, 60)
    assert r.returncode == 0, r.stderr
    r = run([str(bin_dir / "tavla-docs"), "build", "-q"], tmp_path / "rules", 120)
    assert r.returncode == 0, r.stderr
    html = (tmp_path / "rules" / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert "<svg" in html and "<figure" in html
    # the partials came from the installed package, not from this checkout
    r = run([str(bin_dir / "python"), "-c", "import tavla_docs.site.env as e; print(e.PARTIALS_DIR)"], tmp_path, 30)
    assert r.stdout.strip().startswith(str(tmp_path / "venv")) and "figure.html" in os.listdir(r.stdout.strip())
