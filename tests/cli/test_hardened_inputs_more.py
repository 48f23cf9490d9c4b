"""Point 8 of issue 26: each of these gave exit 3 or an unlocated message; now one located line and
exit 1, or, for a closed standard output, a quiet exit like `check`'s."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from tests.site.conftest import tiny_project

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = """variant: tavla
position:
  white: {6: 1, 4: 1}
  black: {19: 5, 20: 5, 21: 5}
turn: white
roll: 6-4
show: 6/off 4/off
caption:
  en: "{{ s.roll }} bears off."
  tr: "{{ s.roll }} toplar."
"""
START = "4HPwATDgc/ABMA"


def _tool(*argv: str, cwd: Path, close_stdout: bool = False, stdin: str = "",
          audit: str | None = None) -> subprocess.CompletedProcess:
    """The installed command in a fresh process (fd 1 closed, as `… >&-` closes it, when asked;
    `audit`: the audit's local switch, TAVLA_DOCS_AUDIT)."""
    cmd = [sys.executable, "-c", "import sys; from tavla_docs.cli.main import main; sys.exit(main())", *argv]
    if close_stdout:
        cmd = ["sh", "-c", 'exec "$@" >&-', "sh", *cmd]
    return subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=not close_stdout, text=True, timeout=60,
                          stderr=subprocess.PIPE if close_stdout else None, env={"PYTHONPATH": str(ROOT),
                                                                                  "PATH": "/usr/bin:/bin",
                                                                                  **({"TAVLA_DOCS_AUDIT": audit}
                                                                                     if audit else {})})


def _scenario(tmp_path: Path, text: str, name: str = "t/a") -> Path:
    path = tmp_path / "scenarios" / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("argv, stdin", [
    (("plays", "--jsonl"), f'{{"position": "{START}", "roll": "6-5"}}\n'),
    (("render", "scenarios/t/a.yaml"), ""),
    (("plays", START, "6-5"), ""),
])
def test_a_closed_stdout_is_a_quiet_exit(tmp_path: Path, argv: tuple[str, ...], stdin: str) -> None:
    _scenario(tmp_path, SCENARIO)
    r = _tool(*argv, cwd=tmp_path, close_stdout=True, stdin=stdin)
    assert (r.returncode, r.stderr) == (0, "")


def test_a_nul_byte_in_a_caption_is_refused_at_its_column(tmp_path: Path, cli) -> None:
    path = _scenario(tmp_path, SCENARIO.replace("bears off.", "bears\\x00 off."))
    r = cli("check", "scenarios", cwd=tmp_path)
    assert r.returncode == 1
    assert r.stdout.splitlines()[0] == \
        "scenarios/t/a.yaml:9:26: error: caption en: the character U+0000 cannot appear in a page or a diagram"
    r = cli("render", str(path), "-o", str(tmp_path / "a.svg"), cwd=tmp_path)  # before: a broken SVG, exit 3 with --png
    assert r.returncode == 1 and f"{path}:9:26: error: caption en: the character U+0000" in r.stderr


@pytest.mark.parametrize("caption, message", [
    ("{{ s.nope }} bears off.", "caption en: 'tavla_docs.site.facts.frame.FrameFacts object' has no attribute 'nope'"),
    ("{{ s.roll x", "caption en: expected token 'end of print statement', got 'x'"),
    ("{% for %}", "caption en: Expected an expression, got 'end of statement block'"),
])
def test_a_caption_that_cannot_render_fails_check_at_its_line(tmp_path: Path, cli, caption: str,
                                                               message: str) -> None:
    path = _scenario(tmp_path, SCENARIO.replace("{{ s.roll }} bears off.", caption))
    r = cli("check", "scenarios", cwd=tmp_path)
    assert r.returncode == 1
    assert r.stdout.splitlines()[0] == f"scenarios/t/a.yaml:9:7: error: {message}"
    r = cli("render", str(path), cwd=tmp_path)
    assert r.returncode == 1 and r.stderr.splitlines()[0] == f"{path}:9:7: error: {message}"


def test_a_caption_in_a_later_frame_is_rendered_too(tmp_path: Path, cli) -> None:
    story = """variant: tavla
position: {white: {5: 1, 3: 1}, black: {19: 15}}
turn: white
roll: 4-2
show: 5/3 3/off
caption: {en: "{{ s.roll }}", tr: "{{ s.roll }}"}
then:
  - roll: 6-5
    show: 6/off 6/1
    caption:
      tr: "{{ s.nope }}"
"""
    _scenario(tmp_path, story)
    r = cli("check", "scenarios", cwd=tmp_path)
    assert r.returncode == 1, r.stdout
    assert r.stdout.splitlines()[0] == ("scenarios/t/a.yaml:11:11: error: caption tr: "
                                        "'tavla_docs.site.facts.frame.FrameFacts object' has no attribute 'nope'")


def _project(tmp_path: Path, page_tr: str) -> Path:
    proj = tmp_path / "p"
    proj.mkdir()
    tiny_project(proj, page_tr, "# Page\n\nText.\n", {})
    return proj


@pytest.mark.parametrize("audit", ["off", "strict"])
@pytest.mark.parametrize("jinja, col, what", [
    ("{{ " + "[" * 300 + "]" * 300 + " }}", 34, "brackets nested more than 30 deep"),
    ("{{ " + "not " * 300 + "1 }}", 44, "more than 10 prefix operators in a row"),
    ("{{ " + "+".join(["1"] * 300) + " }}", 205, "more than 100 operators, filters and dots in one tag"),
    ("{% for i in [1] %}" * 40 + "x" + "{% endfor %}" * 40, 274, "blocks (for, …) nested more than 15 deep"),
])
def test_jinja_nested_past_the_parsers_reach_is_a_located_error(tmp_path: Path, cli, audit: str, jinja: str,
                                                                 col: int, what: str, monkeypatch) -> None:
    monkeypatch.setenv("TAVLA_DOCS_AUDIT", audit)  # the audit's local switch
    proj = _project(tmp_path, "# Sayfa\n\nMetin.\n\n" + jinja + "\n")
    t = time.perf_counter()
    r = cli("build", cwd=proj)
    assert time.perf_counter() - t < 20
    assert r.returncode == 1, r.stderr[-500:]
    assert f"content/tr/index.md:5:{col}: error: {what}" in r.stderr or \
        f"content/tr/index.md:5: error: {what} (column {col})" in r.stderr, r.stderr[-500:]
    assert "RecursionError" not in r.stderr and "internal error" not in r.stderr


def test_a_page_file_name_that_is_not_utf8_is_named_and_refused(tmp_path: Path) -> None:
    proj = _project(tmp_path, "# Sayfa\n")
    for lang in ("tr", "en"):
        (proj / "content" / lang / "a\udcffb.md").write_text("# X\n", encoding="utf-8")
    for command in ("build", "audit"):
        r = _tool(command, cwd=proj, audit="off")
        assert r.returncode == 1, (command, r.stderr[-500:])
        said = r.stdout + r.stderr
        assert "content/en/a\\xffb.md" in said and "the file name is not UTF-8 text" in said, said[-500:]
        assert "internal error" not in r.stderr


def test_a_huge_argument_is_not_echoed_back(cli) -> None:
    for argv in (("plays", "x" * 120_000, "6-5"), ("odds", "x" * 120_000), ("check", "--variant", "x" * 120_000)):
        r = cli(*argv)
        assert r.returncode == 1
        assert len(r.stderr) < 200 and r.stderr.count("\n") == 1, r.stderr[:300]
        assert "is 120,000 characters; the limit is 4,096" in r.stderr


@pytest.mark.parametrize("fields, field", [
    ("0:0:1:52:0:0:0:１０:10", 9),
    ("0:0:1:52:0:0:0:0:１０", 10),
    ("１:0:1:52:0:0:0:0:10", 2),
    ("0:0:+1:52:0:0:0:0:10", 4),
    ("0:0:1:52:0:0:0: 5:10", 9),
])
def test_xgid_number_fields_take_ascii_digits_only(cli, fields: str, field: int) -> None:
    r = cli("plays", "XGID=-b----E-C---eE---c-e----B-:" + fields)
    assert r.returncode == 1
    assert f"XGID field {field} should be a number written with the digits 0–9" in r.stderr


def test_xgid_number_fields_still_read_plain_numbers(cli) -> None:
    r = cli("plays", "XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:0:0:0:0:10")
    assert r.returncode == 0 and "black to play 5-2" in r.stdout


@pytest.mark.parametrize("title", ["Open\nings", "Open\rings", "Open\x00ings", "Open\u2028ings", "Open\x85ings"])
def test_new_page_refuses_a_title_that_is_not_one_line(tmp_path: Path, cli, title: str) -> None:
    proj = _project(tmp_path, "# Sayfa\n")
    r = cli("new", "page", "abc", "--title", f"en={title}", cwd=proj)
    assert r.returncode == 1 and "the text holds the control character U+" in r.stderr
    assert not (proj / "content" / "en" / "abc.md").exists()


def test_new_page_titles_with_yaml_syntax_parse_back(tmp_path: Path, cli) -> None:
    proj = _project(tmp_path, "# Sayfa\n")
    title = 'Açılış: "x" #1 \\ [a] {b} - c'
    r = cli("new", "page", "abc", "--title", f"en={title}", cwd=proj)
    assert r.returncode == 0, r.stderr
    text = (proj / "content" / "en" / "abc.md").read_text(encoding="utf-8")
    front = text.split("---\n")[1]
    assert yaml.safe_load(front)["title"] == title
    assert text.split("---\n", 2)[2].splitlines()[0] == f"# {title}"
