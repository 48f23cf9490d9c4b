"""`mkdocs serve` shows a failed build in the browser instead of hanging, and recovers.

A real server on a free port serves a copy of the project (its own cache folder); a broken
claim makes the next rebuild answer every page with the located diagnostics (escaped), and
fixing the file brings the site back. `mkdocs build` still fails on the same error.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

START = Path("scenarios/gulbara/start.yaml")
UZUN = Path("scenarios/uzun/start.yaml")
# Two problems on two pages: a wrong count (a claim), and a written play that is not notation
# (quoted back in the message, so the page must escape it).
BROKEN = {START: ("  plays: 3 ", "  plays: 4 "), UZUN: ("illegal: [24/18 24/19]", 'illegal: ["<b>24/18</b>"]')}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=20) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8")


def _until(url: str, wanted, deadline: float) -> tuple[int, str]:
    """Fetch `url` until `wanted(body)` holds (the server notices a save within a second or so)."""
    status, body = 0, ""
    while time.monotonic() < deadline:
        try:
            status, body = _get(url)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
            continue
        if wanted(body):
            return status, body
        time.sleep(0.3)
    raise AssertionError(f"{url} never showed what was wanted; last answer {status}:\n{body[:2000]}")


@pytest.fixture(params=[[], ["--dirty"]], ids=["full", "dirty"])  # dirty: `make serve` (site/build/incremental.py)
def served(project_copy, tmp_path, request):
    root = project_copy(tmp_path / "project")
    port = _free_port()
    env = {**os.environ, "TAVLA_DOCS_CACHE": str(tmp_path / "cache"), "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", *request.param, "-f", str(root / "mkdocs.yml"),
                             "-a", f"127.0.0.1:{port}"], cwd=root, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        yield root, f"http://127.0.0.1:{port}", proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_a_broken_claim_is_shown_by_the_preview_and_fixed_by_the_next_save(served):
    root, url, proc = served
    page = f"{url}/en/gulbara/"
    deadline = time.monotonic() + 60
    status, body = _until(page, lambda b: "Gülbara" in b, deadline)
    assert status == 200 and "The build failed" not in body

    good = {name: (root / name).read_text(encoding="utf-8") for name in BROKEN}
    for name, (old, new) in BROKEN.items():
        assert old in good[name]
        (root / name).write_text(good[name].replace(old, new), encoding="utf-8")
    status, body = _until(page, lambda b: "The build failed" in b and "uzun" in b, deadline)
    assert status in (200, 500)
    assert "scenarios/gulbara/start.yaml:11:10: error: plays: 4-4 has 3 distinct legal plays, not 4" in body
    assert "scenarios/uzun/start.yaml:11:14: error: illegal: cannot read " in body
    assert "&#x27;&lt;b&gt;24/18&lt;/b&gt;&#x27;" in body and "<b>24/18</b>" not in body  # quoted back, escaped
    assert "/livereload/" in body  # the server's reload script: the next good build replaces this page
    assert "The build failed" in _get(f"{url}/")[1]  # every page, not only the broken ones

    for name, text in good.items():
        (root / name).write_text(text, encoding="utf-8")
    status, body = _until(page, lambda b: "The build failed" not in b and "Gülbara" in b, deadline)
    assert status == 200 and "<svg" in body
    assert proc.poll() is None  # the server kept running throughout


def test_mkdocs_build_still_fails_on_the_same_error(project_copy, tmp_path):
    root = project_copy(tmp_path / "project")
    text = (root / START).read_text(encoding="utf-8")
    (root / START).write_text(text.replace(*BROKEN[START]), encoding="utf-8")
    env = {**os.environ, "TAVLA_DOCS_CACHE": str(tmp_path / "cache"), "NO_MKDOCS_2_WARNING": "1"}
    r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(root / "mkdocs.yml"),
                        "-d", str(tmp_path / "site")], cwd=root, env=env, capture_output=True, text=True, timeout=180)
    assert r.returncode == 1
    assert "scenarios/gulbara/start.yaml:11:10: error: plays: 4-4 has 3 distinct legal plays, not 4" in r.stderr
    assert "The build failed" not in r.stderr
