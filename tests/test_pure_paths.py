"""Under `TAVLA_DOCS_PURE=1` no function of a speed room runs, whichever way a command reaches it.

tests/engine/test_pure_switch.py and tests/formats/test_pure_switch.py hold each dispatch point
to the switch; this test follows whole commands instead, so a caller that reached a speed layer
around the switch (`movegen.fast_plays` is one that ignores it on purpose) is caught. A child
process checks the frozen project's scenarios, answers a `plays --jsonl` batch and builds a small
site with the audit on, while a profile hook records every function called in `engine/fast/`,
`formats/jsonl/` and `site/build/`, and the reference functions they stand in for. With the
switch none of the first may run and every reference must; without it, the same child sees each
room called (so the test can fail).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.fixture import PROJECT
from tests.site.conftest import tiny_project

ROOT = Path(__file__).resolve().parents[1]
ROOMS = ("engine/fast", "formats/jsonl", "site/build")
SCENARIO = """variant: {variant}
position:
  white: {{6: 1, 5: 1}}
  black: {{19: 15}}
turn: white
roll: 6-5
expect:
  legal: ["6/off 5/off"]
caption:
  tr: "Son iki pul"
  en: "The last two checkers"
"""
REQUESTS = "".join(json.dumps({"position": "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "roll": roll,
                               "variant": variant}) + "\n"
                   for variant, roll in (("tavla", "31"), ("backgammon", "66"), ("tapa", "42")))

CHILD = """
import io, json, os, sys
from pathlib import Path

root, project, site = (Path(a) for a in sys.argv[1:4])
sys.path.insert(0, str(root))
import tavla_docs.engine.movegen, tavla_docs.formats.plays, tavla_docs.site.buildspeed, tavla_docs.site.plugin
from tavla_docs.cli.main import main

package = str(root / "tavla_docs") + os.sep
rooms = tuple(package + room + os.sep for room in json.loads(sys.argv[4]))
references = {("engine/walk.py", "depth_first_plays"), ("formats/playjson.py", "reference_json"),
              ("site/audit/gate.py", "run_audit")}
speed, reference = set(), set()

def profile(frame, event, arg):
    if event != "call" or not frame.f_code.co_filename.startswith(package):
        return
    name = frame.f_code.co_filename[len(package):]
    if frame.f_code.co_filename.startswith(rooms):
        speed.add(name)
    elif (name, frame.f_code.co_name) in references:
        reference.add(name + ":" + frame.f_code.co_name)

sys.setprofile(profile)  # after the imports: a module's tables built at import are not a call
codes = [main(["check", "-q", sys.argv[5]])]
sys.stdin, sys.stdout, out = io.StringIO(sys.argv[6]), io.StringIO(), sys.stdout
codes.append(main(["plays", "--jsonl"]))
answers, sys.stdout, sys.stdin = sys.stdout.getvalue(), out, sys.__stdin__
codes.append(main(["build", "-q", "--config", str(project / "mkdocs.yml"), "--site-dir", str(site)]))
sys.setprofile(None)
print(json.dumps({"codes": codes, "answers": answers.count(chr(10)), "speed": sorted(speed),
                  "reference": sorted(reference)}))
"""


def _run(tmp: Path, pure: bool) -> dict:
    body = "{{ diagram('s0') }}\n\n{{ diagram('s1') }}\n"
    (tmp / "project").mkdir()
    project = tiny_project(tmp / "project", "# Ana\n\n" + body, "# Home\n\n" + body,
                           {f"s{i}": SCENARIO.format(variant=v) for i, v in enumerate(("tavla", "backgammon"))})
    config = project / "mkdocs.yml"  # the audit runs as a draft's: its findings on these bare pages are warnings
    config.write_text(config.read_text(encoding="utf-8").replace("strict: true", "strict: false"), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "TAVLA_DOCS_PURE"}
    env.update({"TAVLA_DOCS_AUDIT": "warn", "SOURCE_DATE_EPOCH": "0", "NO_MKDOCS_2_WARNING": "1"})
    if pure:
        env["TAVLA_DOCS_PURE"] = "1"
    r = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), str(project), str(tmp / "site"), json.dumps(ROOMS),
                        str(PROJECT / "scenarios"), REQUESTS], capture_output=True, text=True, env=env,
                       cwd=project, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    seen = json.loads(r.stdout.splitlines()[-1])
    assert seen["codes"] == [0, 0, 0] and seen["answers"] == 3, (seen, r.stderr[-3000:])
    return seen


def test_under_the_switch_no_speed_room_runs_and_every_reference_does(tmp_path: Path):
    seen = _run(tmp_path, pure=True)
    assert seen["speed"] == []
    assert seen["reference"] == ["engine/walk.py:depth_first_plays", "formats/playjson.py:reference_json",
                                 "site/audit/gate.py:run_audit"]


def test_without_the_switch_every_speed_room_runs(tmp_path: Path):
    seen = _run(tmp_path, pure=False)
    assert {room for room in ROOMS for name in seen["speed"] if name.startswith(room + "/")} == set(ROOMS), seen
