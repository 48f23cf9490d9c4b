"""`tavla-docs render SCENARIO|POSITION`: one board diagram as SVG (or PNG).

    tavla-docs render scenarios/bear-off/order.yaml -o order.svg
    tavla-docs render 'XGID=---A-A-------------hg-----:0:0:1:42:0:0:0:0:10' --play 5/off --png -o a.png
    tavla-docs render scenarios/bear-off/hit-story.yaml --step 2 -o frame-2.svg   # a `then:` frame

An ID's match state is drawn too: the cube (in a game with one: `--variant backgammon`) and,
when a match length is set, the score beside the board ('3–1 / 7').
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

from ...diagram.describe import describe
from ...diagram.options import THEMES, DiagramOptions
from ...diagram.spec import Diagram, Score, diagram_id
from ...engine.board import Side
from ...engine.dice import Roll
from ...engine.rules import Ruleset
from ...errors import TavlaError
from ...formats.match import MatchState
from ...formats.positions import read_position
from ...render.svg import render_svg
from ...scenario import ScenarioError, load_scenario
from ...scenario.draw import StepError, diagram_from_position, diagram_from_scenario
from ...variants import ruleset


def add_parser(sub: Any) -> None:
    p = sub.add_parser("render", help="draw a scenario or a position as an SVG diagram",
                       description="Draw a board diagram. SCENARIO is a scenario .yaml file; POSITION is an "
                                   "XGID or a GNU Backgammon Position ID[:MatchID].")
    p.add_argument("source", metavar="SCENARIO|POSITION")
    p.add_argument("--roll", help="the dice to show, e.g. 4-2 (default: the scenario's or the ID's)")
    p.add_argument("--play", help="the play to draw as arrows, e.g. '5/off' (mover's numbering)")
    p.add_argument("-o", "--output", help="file to write (default: standard output)")
    p.add_argument("--png", action="store_true", help="write PNG instead of SVG (needs cairosvg)")
    p.add_argument("--theme", choices=THEMES, help="colour theme")
    p.add_argument("--flip", action="store_true", help="White's home bottom left")
    p.add_argument("--lang", default="en",
                   help="language of the caption and description: one in the languages registry (tr, en, and "
                        "a project's own languages/<code>.yaml in the working folder)")
    p.add_argument("--variant", default=None, help="rules for a POSITION (default tavla)")
    p.add_argument("--step", type=int, default=None, metavar="N",
                   help="frame of a scenario's `then:` story: 0 = the scenario itself (default), 1.. = its steps")
    p.set_defaults(run=run)


class RenderError(TavlaError):
    """Bad input for `render`: printed as one line by the CLI."""


def _scenario_root(path: Path) -> Path:
    for parent in path.resolve().parents:
        if parent.name == "scenarios":
            return parent
    return path.resolve().parent


def _from_scenario(path: Path, lang: str, step: int = 0) -> Diagram:
    # A ScenarioError carries compiler-style diagnostics (path:line:col: error: …); run() prints them as they are.
    import jinja2

    from ...scenario import Diagnostic
    from ...site.caption_check import HINT, caption_failure
    from ...site.captions import caption_text
    from ...site.figures import caption_mark

    scenario = load_scenario(path, _scenario_root(path))
    try:
        frames = len(scenario.frames)
        source = dict(scenario.frames[step].caption or {}).get(lang) if 0 <= step < frames else None
        why = caption_failure(scenario, step, lang, source) if source else None
        if why is not None:  # at the caption's line, as `check` reports it
            line, col = caption_mark(path, step, lang)
            raise ScenarioError([Diagnostic(str(path), line, col, f"caption {lang}: {why}", HINT)])
        title = caption_text(scenario, step, lang) if 0 <= step < frames else None
        return diagram_from_scenario(scenario, lang, step, title=title)
    except ScenarioError:
        raise
    except StepError as e:
        raise RenderError(f"{path}: {e}") from None
    except (jinja2.TemplateError, ValueError, TypeError, AttributeError) as e:  # a caption's template
        raise RenderError(f"{path}: caption: {type(e).__name__}: {str(e)[:200]}") from None


def match_view(match: MatchState | None, rules: Ruleset) -> tuple[DiagramOptions, Score | None, str | None]:
    """What an ID's match state adds to the picture: its cube (where the game has one), its score
    (when a match length is set), and a note when the game cannot show a turned or owned cube."""
    if match is None:
        return DiagramOptions(), None, None
    owner = "centre" if match.cube_owner is None else match.cube_owner.value
    score = Score(match.score_white, match.score_black, match.length) if match.length else None
    if rules.has_cube:
        return DiagramOptions(cube=(match.cube, owner)), score, None
    note = None
    if match.cube != 1 or match.cube_owner is not None:
        note = (f"{rules.display_name} has no doubling cube: the ID's cube ({match.cube}, "
                f"{'centred' if owner == 'centre' else 'owned by ' + owner}) is not drawn; "
                "--variant backgammon draws it")
    return DiagramOptions(), score, note


def build_diagram(args: argparse.Namespace) -> Diagram:
    from ...languages import registry

    registry.use_project(Path.cwd())  # a project's own languages, when run in its folder
    registry.get(args.lang)  # LanguageError (a TavlaError) naming the entry to write
    src = args.source
    path = Path(src)
    if src.endswith((".yaml", ".yml")):
        if not path.is_file():
            raise RenderError(f"{src}: no such scenario file")
        d = _from_scenario(path, args.lang, args.step or 0)
    elif args.step:
        raise RenderError(f"{src}: --step picks a frame of a scenario file's `then:` story; a position has one frame")
    else:
        rules = ruleset(args.variant or "tavla")
        pos, side, match = read_position(src, geometry=rules.geometry, checkers=rules.checkers)
        side = side or Side.WHITE
        roll = Roll(*match.dice) if match is not None and match.dice else None
        options, score, note = match_view(match, rules)
        if note:
            print(f"tavla-docs render: note: {note}", file=sys.stderr)
        d = diagram_from_position(pos, side, rules, roll, None, options, src, None, diagram_id(src), args.lang,
                                  score=score)
    opts = d.options
    if args.theme:
        opts = DiagramOptions(**{**opts.__dict__, "theme": args.theme})
    if args.flip:
        opts = DiagramOptions(**{**opts.__dict__, "flip": True})
    if args.roll or args.play is not None:
        # A new roll or play, resolved for this roll on the frame's turn (the scenario's own play
        # was for its own roll, so a new roll without --play shows none).
        roll = Roll.parse(args.roll) if args.roll else d.roll
        d = diagram_from_position(d.position, d.turn, d.rules, roll, args.play, opts, d.title, None, d.id, d.lang,
                                  d.turn_number, score=d.score)
    elif opts is not d.options:
        d = replace(d, options=opts)
        d = replace(d, desc=describe(d, d.lang))
    return d


def write_atomic(path: Path, data: bytes) -> None:
    """Write through a temporary file in the same directory, then rename over the target."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as e:
        raise RenderError(f"{path}: cannot write: {e.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; a rendered picture is an ordinary file
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def run(args: argparse.Namespace) -> int:
    try:
        d = build_diagram(args)
        svg = render_svg(d)
        if args.png:
            try:
                import cairosvg
            except ImportError:
                raise RenderError("--png needs cairosvg: pip install 'tavla-docs[png]'") from None
            data = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=960)
        else:
            data = (svg + "\n").encode("utf-8")
        if args.output:
            write_atomic(Path(args.output), data)
        elif args.png:
            raise RenderError("--png writes binary data: give a file with -o out.png")
        else:
            sys.stdout.write(data.decode("utf-8"))
    except (TavlaError, OSError) as e:  # anything else is a bug: main() reports it
        from ...languages import LanguageError

        if isinstance(e, ScenarioError | LanguageError):
            print(str(e), file=sys.stderr)  # already compiler-style: path:line:col: error: …
            return 1
        msg = str(e) if not isinstance(e, OSError) or not e.filename else f"{e.filename}: {e.strerror}"
        print(f"tavla-docs render: error: {msg}", file=sys.stderr)
        return 1
    return 0
