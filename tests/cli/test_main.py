"""`tavla_docs.cli.main`: a user error is one line and exit 1; a bug says it is one, exit 3."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.cli import main as cli_main
from tavla_docs.cli.commands import odds, plays, render
from tavla_docs.cli.main import EXIT_BUG, main

XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
HOME = "XGID=---A-A-------------hg-----:0:0:1:42:0:0:0:0:10"


def broken(exc: BaseException):
    def raise_it(*args, **kwargs):
        raise exc
    return raise_it


# -- a bug is a bug --------------------------------------------------------------------------------

@pytest.mark.parametrize("exc, shown", [
    (RuntimeError("boom"), "RuntimeError: boom"),
    (KeyError("white"), "KeyError: 'white'"),
    (ValueError("not a user error"), "ValueError: not a user error"),  # the bug of the old `except ValueError`
    (TypeError("unsupported operand\ntype(s)"), "TypeError: unsupported operand type(s)"),
])
def test_a_programming_error_exits_3_with_one_line_saying_it_is_a_bug(monkeypatch, capsys, exc, shown) -> None:
    monkeypatch.setattr(plays, "result", broken(exc))
    assert main(["plays", XGID, "3-1"]) == EXIT_BUG == 3
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith(f"tavla-docs: internal error (a bug in tavla-docs): {shown} — please report it")
    assert "issue tracker" in err and "--debug" in err
    assert "Traceback" not in err and "tavla-docs: error:" not in err


@pytest.mark.parametrize("argv", [["--debug", "plays", XGID, "3-1"], ["plays", XGID, "3-1", "--debug"]])
def test_debug_prints_the_traceback_instead(monkeypatch, capsys, argv) -> None:
    monkeypatch.setattr(plays, "result", broken(RuntimeError("boom")))
    assert main(argv) == 3
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):")
    assert "in run" in err and err.rstrip().endswith("RuntimeError: boom")
    assert "internal error" not in err


def test_debug_does_not_change_a_user_error(capsys) -> None:
    assert main(["--debug", "plays", "XGID=zzz", "3-1"]) == 1
    assert capsys.readouterr().err == "tavla-docs: error: an XGID has 10 fields separated by ':', this has 1\n"


def test_commands_that_print_their_own_errors_pass_bugs_on(monkeypatch, capsys, tmp_path: Path) -> None:
    # odds and render print their user errors themselves; a plain ValueError from a bug is not one.
    monkeypatch.setattr(odds, "roll_odds", broken(ValueError("odds bug")))
    assert main(["odds", HOME]) == 3
    assert "internal error (a bug in tavla-docs): ValueError: odds bug" in capsys.readouterr().err
    monkeypatch.setattr(render, "render_svg", broken(ValueError("render bug")))
    assert main(["render", XGID, "-o", str(tmp_path / "x.svg")]) == 3
    assert "internal error (a bug in tavla-docs): ValueError: render bug" in capsys.readouterr().err
    assert not (tmp_path / "x.svg").exists()


def test_a_bug_in_a_jsonl_batch_is_not_reported_as_the_line_s_error(monkeypatch, capsys) -> None:
    monkeypatch.setattr(plays, "result", broken(KeyError("position")))  # not a missing field
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(f'{{"position": "{XGID}", "roll": "3-1"}}\n'))
    assert main(["plays", "--jsonl"]) == 3
    out, err = capsys.readouterr()
    assert out == "" and "internal error (a bug in tavla-docs): KeyError: 'position'" in err


def test_interrupt_exits_130(monkeypatch, capsys) -> None:
    monkeypatch.setattr(plays, "result", broken(KeyboardInterrupt()))
    assert main(["plays", XGID, "3-1"]) == 130
    assert capsys.readouterr().err == ""


def test_help_documents_the_exit_statuses(capsys) -> None:
    with pytest.raises(SystemExit) as e:
        main(["--help"])
    assert e.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "exit status: 0 success, 1 bad input or failed checks, 2 usage error, 3 internal error" in text
    assert "--debug" in text
    assert "Exit status" in cli_main.__doc__ and "3 an internal error" in " ".join(cli_main.__doc__.split())


def test_usage_errors_still_exit_2(capsys) -> None:
    with pytest.raises(SystemExit) as e:
        main(["plays", XGID, "3-1", "--turn-number", "x"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "invalid int value: 'x'" in err and "--debug" not in err  # the usage line reads as before


# -- a user error is still the user's ----------------------------------------------------------------

def user_error(capsys, argv: list[str], stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    rc = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in err + out
    return rc, out, err


@pytest.mark.parametrize("argv, line", [
    (["plays", "XGID=zzz", "3-1"], "tavla-docs: error: an XGID has 10 fields separated by ':', this has 1"),
    (["plays", XGID, "7-1"], "tavla-docs: error: not a roll: '7-1'; write two dice 1–6 like 6-3 or 5-5"),
    (["plays", XGID, "3-1", "--turn-number", "0"],
     "tavla-docs: error: --turn-number counts from 1 (the opening turn), not 0"),
    (["plays", XGID, "3-1", "--variant", "chess"],
     "tavla-docs: error: unknown variant 'chess'; known: tavla, backgammon, uzun, tapa, gulbara, hypergammon, nackgammon"),
    (["plays", "no-such-file.yaml", "3-1"],
     "tavla-docs: error: [Errno 2] No such file or directory: 'no-such-file.yaml'"),
])
def test_a_user_error_exits_1_with_its_one_line(capsys, argv, line) -> None:
    rc, out, err = user_error(capsys, argv)
    assert (rc, out, err) == (1, "", line + "\n")


@pytest.mark.parametrize("text, message", [
    ("position: {white: {6: 15}, black: {19: 15}}\nturn: red\n", "unknown side 'red': expected 'white' or 'black'"),
    ('white: {"\u00b2": 15}\nblack: {19: 15}\n', "invalid literal for int() with base 10: '\u00b2'"),
    ("[" * 3000 + "]" * 3000, "{path}: the position file is too deeply nested"),
    # position files are read like scenarios (formats.yamlmarks, libyaml's wording)
    ("white: [\n", "{path}:2:1: invalid YAML: did not find expected node content"),
])
def test_bad_position_files_are_user_errors(capsys, tmp_path: Path, text, message) -> None:
    f = tmp_path / "pos.yaml"
    f.write_text(text, encoding="utf-8")
    rc, out, err = user_error(capsys, ["plays", str(f), "3-1"])
    assert (rc, err) == (1, f"tavla-docs: error: {message.format(path=f)}\n")


def test_a_folder_is_not_a_position(capsys, tmp_path: Path) -> None:
    rc, _, err = user_error(capsys, ["plays", str(tmp_path), "3-1"])
    assert (rc, err) == (1, f"tavla-docs: error: {tmp_path}: is a folder; give a position file, an XGID or a GNU "
                            "Backgammon Position ID\n")
    rc, _, err = user_error(capsys, ["odds", str(tmp_path)])
    assert rc == 1 and err.startswith(f"tavla-docs odds: error: {tmp_path}: {tmp_path}: is a folder")


def test_jsonl_lines_with_mistakes_get_an_error_object_each(monkeypatch, capsys) -> None:
    lines = ["{", "[]", '{"roll": "3-1"}', f'{{"position": "{XGID}"}}', f'{{"position": "{XGID}", "roll": "3-1", '
             '"turn": "red"}', f'{{"position": "{XGID}", "roll": "3-1", "turn_number": "1"}}',
             f'{{"position": "{XGID}", "roll": "9-9"}}']
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("\n".join(lines) + "\n"))
    rc, out, _ = user_error(capsys, ["plays", "--jsonl"])
    assert rc == 0
    assert out.splitlines() == [
        '{"error": "Expecting property name enclosed in double quotes: line 2 column 1 (char 2)"}',
        '{"error": "each line is a JSON object with position and roll"}',
        '{"error": "missing field \'position\'"}',
        '{"error": "missing field \'roll\'"}',
        '{"error": "unknown side \'red\': expected \'white\' or \'black\'"}',
        '{"error": "field \'turn_number\' is a whole number (1 = the opening turn), not \'1\'"}',
        '{"error": "not a roll: \'9-9\'; write two dice 1–6 like 6-3 or 5-5"}',
    ]


def test_build_site_dir_that_is_a_file(capsys, tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# x\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    target = tmp_path / "afile"
    target.write_text("keep me\n", encoding="utf-8")
    rc, _, err = user_error(capsys, ["build", "--config", str(tmp_path / "mkdocs.yml"), "--site-dir", str(target),
                                     "--no-check", "-q"])
    assert rc == 1
    assert err.splitlines()[-1] == (f"tavla-docs: error: {target}: not a folder; give --site-dir a folder "
                                    "(or a new path) for the site")
    assert target.read_text(encoding="utf-8") == "keep me\n"
