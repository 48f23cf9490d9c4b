"""Our scripts are slimmed in the built site (`site/jstrim.py`): the same code, fewer bytes."""
from __future__ import annotations

import gzip
import shutil
import subprocess
from pathlib import Path

import pytest

from tavla_docs.site.jstrim import slim

SCRIPTS = sorted((Path(__file__).resolve().parents[2] / "tavla_docs" / "site" / "theme" / "assets" / "javascripts")
                 .glob("tavla-*.js"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_each_script_slims_to_code_node_accepts(script: Path, tmp_path: Path) -> None:
    source = script.read_text(encoding="utf-8")
    slimmed = slim(source)
    assert slimmed is not None and len(gzip.compress(slimmed.encode())) < len(gzip.compress(source.encode()))
    assert slim(slimmed) == slimmed  # a rebuild over a slimmed copy changes nothing
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (CI installs it with the axe-core tests)")
    out = tmp_path / script.name
    out.write_text(slimmed, encoding="utf-8")
    check = subprocess.run([node, "--check", str(out)], capture_output=True, text=True, timeout=60, check=False)
    assert check.returncode == 0, check.stderr


def test_what_it_cannot_read_safely_it_leaves_alone() -> None:
    assert slim("var s = `a\n  b`;\n") is None  # a template literal: its indentation is text
    assert slim('var s = "a\\\n  b";\n') is None  # a string continued on the next line
    assert slim("f(); /* a\n  b */\n") is None  # a block comment opened after code
    assert slim("/* open\n") is None
    assert slim("  // only a comment\n  go();\n") == "go();\n"


def test_the_built_site_serves_the_slim_scripts(built_site: Path) -> None:
    for script in SCRIPTS:
        built = built_site / "assets" / "javascripts" / script.name
        assert built.read_text(encoding="utf-8") == slim(script.read_text(encoding="utf-8")), script.name
