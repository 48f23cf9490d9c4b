"""`plays --jsonl` streams: an answer is flushed once the input that has arrived is answered,
so a caller that sends one request and waits gets it; request lines as they arrive in bytes."""
from __future__ import annotations

import io
import json
import os
import select
import subprocess
import sys

from tavla_docs.cli.commands import plays

START = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


class _Answers:
    """The answer lines of a process, read straight from its pipe: a line that arrived with an
    earlier one is already here, so waiting (select) is only for a line not yet sent."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self.fd, self.buf = proc.stdout.fileno(), b""

    def next(self, seconds: float = 60) -> str:
        while b"\n" not in self.buf:
            ready, _, _ = select.select([self.fd], [], [], seconds)
            assert ready, "no answer while the caller waits: the answer was not flushed"
            chunk = os.read(self.fd, 65536)
            assert chunk, "the process ended without answering"
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("utf-8")

    def rest(self) -> bytes:
        out = self.buf
        while chunk := os.read(self.fd, 65536):
            out += chunk
        return out


def test_a_caller_gets_each_answer_before_sending_the_next():
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # the command's own flushing is tested
    proc = subprocess.Popen([sys.executable, "-m", "tavla_docs.cli.main", "plays", "--jsonl"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    answers = _Answers(proc)

    def send(text: str) -> None:
        proc.stdin.write(text.encode("utf-8"))
        proc.stdin.flush()

    try:
        for roll, n in (("3-1", 16), ("6-5", 7)):
            send(json.dumps({"position": START, "roll": roll}) + "\n")
            assert len(json.loads(answers.next())["plays"]) == n
        send(json.dumps({"position": START, "roll": "2-1"}) + "\n" + "{\n")  # two at once
        assert json.loads(answers.next())["roll"] == [2, 1]
        assert "error" in json.loads(answers.next())
        proc.stdin.close()
        assert proc.wait(60) == 0 and answers.rest() == b""
    finally:
        proc.kill()
        proc.wait()


def _groups(data: bytes, size: int, monkeypatch) -> list[list]:
    monkeypatch.setattr(plays, "READ_SIZE", size)
    return list(plays.arrivals(io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")))


def test_lines_split_across_reads_are_joined(monkeypatch):
    data = b'{"a": 1}\n{"b": 2}\r\n{"c": 3}\r{"d": 4}'
    for size in (1, 3, 7, 64):
        lines = [line for group in _groups(data, size, monkeypatch) for line in group]
        assert [json.loads(line) for line in lines if line.strip()] == [{"a": 1}, {"b": 2}, {"c": 3}, {"d": 4}]
    assert _groups(data, 64, monkeypatch) == [[b'{"a": 1}\n', b'{"b": 2}\r\n', b'{"c": 3}\r'], [b'{"d": 4}']]


def test_an_overlong_line_is_counted_not_kept(monkeypatch):
    long = ("é" * (4 * plays.MAX_REQUEST_BYTES + 10)).encode()
    groups = _groups(long + b"\n" + b'{"x": 1}\n', 1000, monkeypatch)
    lines = [line for group in groups for line in group]
    assert lines[0] == plays.Overlong(4 * plays.MAX_REQUEST_BYTES + 11)  # its characters, with the newline
    assert lines[1:] == [b'{"x": 1}\n']
    assert all(len(line) < 2000 for line in lines[1:] if isinstance(line, bytes))


def test_bad_bytes_and_long_lines_are_line_errors_and_the_batch_goes_on(monkeypatch, capsys):
    data = (b"\xff\xfe{}\n" + b" " * (plays.MAX_REQUEST_BYTES + 1) + b"{}\n"
            + ("x" * (5 * plays.MAX_REQUEST_BYTES)).encode() + b"\n"
            + json.dumps({"position": START, "roll": "3-1"}).encode() + b"\n")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    assert plays.run_batch() == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out[0] == {"error": "the request is not UTF-8 text (invalid start byte at byte 0)"}
    assert out[1] == {"error": f"the request is {plays.MAX_REQUEST_BYTES + 4:,} characters; "
                               f"the limit is {plays.MAX_REQUEST_BYTES:,}"}
    assert out[2] == {"error": f"the request is {5 * plays.MAX_REQUEST_BYTES + 1:,} characters; "
                               f"the limit is {plays.MAX_REQUEST_BYTES:,}"}
    assert len(out[3]["plays"]) == 16 and len(out) == 4
