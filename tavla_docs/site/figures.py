"""Scenario figures: find a page's scenario, check its claims, draw it, and cache the result.

A figure's cache key is the scenario file's bytes, and a separate "checked" record
(`checks.CheckRecord`) says that its claims hold, which `tavla-docs build` may
already have written. Claims that fail keep the scenario's own `path:line:col`
diagnostics. The build is reached through the `FigureSite` protocol, which the
renderer implements, so this module does not depend on the renderer.

A page names its scenario, and the name stays inside the scenarios folder
(`scenario.paths`): an absolute name, `..` or a link out of the folder is an
error that names the page line and never shows the outside file. A file over
the loader's size cap is refused before it is read, as `check` refuses it.
"""
from __future__ import annotations

import difflib
import gettext
import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from . import provenance
from .audit.printed import printed_text_problems
from .cache import Cache
from .captions import plain, render_caption
from .errors import HelperError
from .quoting import clip, quote

if TYPE_CHECKING:
    from .checks import CheckRecord


class FigureSite(Protocol):
    """What drawing a figure uses of the build (`renderer.SiteRenderer` implements it)."""

    scenarios_dir: Path
    cache: Cache
    checks: CheckRecord
    fingerprint: str
    loaded: dict[tuple[str, str, str, bytes], Any]  # (path, folder, path as shown, bytes) -> its checked scenario


    def scenario_path(self, name: str) -> Path: ...

    def rel(self, p: Path) -> str: ...

    def display(self, p: Path) -> str: ...

    def translations(self, lang: str) -> gettext.GNUTranslations: ...

    def caption_env(self, lang: str) -> Any: ...


def find_scenario(scenarios_dir: Path, name: str, rel: Callable[[Path], str]) -> Path:
    """`bear-off/mid-move` → its `.yaml` (or `.yml`) file inside `scenarios_dir`; a typo gets the
    closest name as a hint. Names that would leave the folder are refused (`scenario.paths`)."""
    from ..scenario.paths import NameRefused, resolve_name

    try:
        found = resolve_name(scenarios_dir, name)
    except NameRefused as e:
        raise HelperError(f"scenario name {quote(name)} {e}") from None
    if found is not None:
        return found
    known = sorted(str(p.relative_to(scenarios_dir).with_suffix("")) for p in scenarios_dir.rglob("*.y*ml"))
    close = difflib.get_close_matches(name[:200], known, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise HelperError(f"no scenario {quote(name)} ({clip(rel(scenarios_dir / name))}.yaml does not exist){hint}")


def described_by(svg: str, caption_id: str) -> str:
    """The SVG with `aria-describedby` on its root, so the figure's caption describes the image.

    The renderer's SVG is labelled by its own <title>/<desc>; the <figcaption> beside it
    (the scenario's caption, the facts) is tied to it here, where the caption's id is known.

    >>> described_by('<svg role="img" viewBox="0 0 1 1"><title>t</title></svg>', "fig-a-caption")
    '<svg aria-describedby="fig-a-caption" role="img" viewBox="0 0 1 1"><title>t</title></svg>'
    """
    head, sep, rest = svg.partition("<svg")
    if not sep or "aria-describedby=" in rest.split(">", 1)[0]:
        return svg
    return f'{head}<svg aria-describedby="{caption_id}"{rest}'


def figure_data(r: FigureSite, name: str, lang: str, deps: dict[str, str] | None = None,
                step: int | None = None, repeat: int = 0) -> dict[str, Any]:
    """SVG, caption and facts of a scenario's diagram, from the cache when the file is unchanged.

    `deps` collects the file's hash so a cached page notices when the scenario changes.
    `step` picks a frame of a `then:` story (None: the scenario's own frame, drawn as
    before); `repeat` > 0 gives the SVG ids a suffix when the page already shows this frame.
    """
    path = r.scenario_path(name)
    data = _read(r, path)
    if deps is not None:
        deps[r.rel(path)] = hashlib.sha256(data).hexdigest()
    parts = () if step is None and not repeat else (f"step={step}", f"repeat={repeat}")
    key = Cache.key(r.fingerprint, "figure", lang, r.rel(path), data, *parts)
    hit = r.cache.get(key)
    if hit is not None:
        return hit
    value = render_figure(r, path, lang, step, repeat, data)
    r.cache.put(key, value)
    return value


def _read(r: FigureSite, path: Path) -> bytes:
    """The scenario's bytes, or its size error located in the file (the loader's cap, applied first)."""
    from ..scenario import ScenarioError
    from ..scenario.paths import read_scenario_bytes

    try:
        return read_scenario_bytes(path, r.display(path))
    except ScenarioError as e:
        raise HelperError("scenario error", located="\n".join(d.format() for d in e.diagnostics)) from None


def checked_scenario(r: FigureSite, name: str, deps: dict[str, str] | None = None) -> Any:
    """The scenario `name`, loaded and with its claims checked (a page states facts only of a
    scenario whose claims hold). `deps` collects the file's hash, as for a figure."""
    path = r.scenario_path(name)
    data = _read(r, path)
    if deps is not None:
        deps[r.rel(path)] = hashlib.sha256(data).hexdigest()
    return _load_checked(r, path, data)


def _load_checked(r: FigureSite, path: Path, data: bytes) -> Any:
    """Load a scenario from its bytes `data` (read once, by the caller) and check its claims
    (unless already checked with this code). A page's figures and facts, and its other
    language's, use the same scenarios, and a serve rebuild the last build's: each file is loaded
    once per process and content (`r.loaded`, by what loading reads; the scenario is frozen)."""
    memo = (str(path), str(r.scenarios_dir), r.display(path), data)
    s = r.loaded.get(memo)
    if s is None:
        s = r.loaded[memo] = _load_and_check(r, path, data)
    return s


def _load_and_check(r: FigureSite, path: Path, data: bytes) -> Any:
    from ..scenario import ScenarioError, check_scenario, load_scenario

    try:
        s = load_scenario(path, r.scenarios_dir, source=r.display(path), text=data.decode("utf-8"))
    except (ScenarioError, UnicodeDecodeError) as e:
        diags = getattr(e, "diagnostics", None)
        located = "\n".join(d.format() for d in diags) if diags else f"{r.display(path)}:1:1: error: {e}"
        raise HelperError("scenario error", located=located) from None
    rel = r.rel(path)  # the project path the check's key holds (kept by the renderer: resolving walks each part)
    if not r.checks.passed(path, data, rel):  # `tavla-docs build` may have checked it already
        problems = check_scenario(s)
        if problems:
            raise HelperError("scenario claims failed", located="\n".join(d.format() for d in problems)) from None
        r.checks.record(path, data, rel)
    return s


def render_figure(r: FigureSite, path: Path, lang: str, step: int | None = None, repeat: int = 0,
                  data: bytes | None = None) -> dict[str, Any]:
    """Load, check (unless already checked with this code) and draw one frame of a scenario;
    `data`: the file's bytes when the caller has read them (the cache key did)."""
    try:
        from ..diagram.spec import Diagram
        from ..render.svg import render_svg
        from ..scenario.draw import StepError, check_step, diagram_from_scenario, scenario_frames
    except ImportError as e:  # the renderer is a separate package part
        raise HelperError(f"cannot draw diagrams: {e}") from None
    s = _load_checked(r, path, _read(r, path) if data is None else data)
    frames = scenario_frames(s)
    try:
        index = check_step(s, 0 if step is None else step)
    except StepError as e:
        raise HelperError(f"scenario {r.rel(path)}: {e}") from None
    frame = frames[index]
    captions = dict(getattr(frame, "caption", None) or {})
    source = captions.get(lang)
    if source is None and captions:
        where = f"step {index} of scenario {r.rel(path)}" if index else f"scenario {r.rel(path)}"
        raise HelperError(f"{where} has no caption in {lang!r} (it has: {', '.join(sorted(captions))})")
    t = r.translations(lang)
    caption = caption_html(r, s, index, lang, source or "", path) if source else ""
    d = diagram_from_scenario(s, lang, index, title=plain(caption) if caption else None)
    if repeat:
        d = Diagram(**{**d.__dict__, "id": f"{d.id}-r{repeat}"})
    svg = render_svg(d, style=False)  # the page gives its diagrams one stylesheet (`figure_css`)
    return {"svg": svg, "caption": caption, "facts": facts(frame, t, lang), "id": str(getattr(s, "id", path.stem)),
            "frames": len(frames)}


def caption_html(r: FigureSite, s: Any, index: int, lang: str, source: str, path: Path) -> str:
    """A frame's caption rendered over its computed facts (`captions`); errors at the caption's line."""
    import jinja2

    from .facts.frame import FrameFacts

    t = r.translations(lang)
    try:
        with provenance.recording():  # a value the caption prints but no helper computed is typed
            marked = str(render_caption(r.caption_env(lang), source, {"s": FrameFacts(s, index, lang, t)},
                                        r.rel(path)))
    except (jinja2.TemplateError, ValueError, TypeError, AttributeError) as e:
        line, col = caption_mark(path, index, lang)
        msg = clip(f"{type(e).__name__}: {e}" if not isinstance(e, jinja2.TemplateError) else str(e), 300)
        raise HelperError("caption error", located=f"{r.display(path)}:{line}:{col}: error: caption: {msg}\n"
                          "    a caption prints facts of its frame as {{ s.… }}; see docs/authoring.md") from None
    sides = {"white": t.gettext("White"), "black": t.gettext("Black")}
    problems = printed_text_problems(marked, lang, "", source, 1, sides, getattr(s, "rules", None))
    if problems:
        line, col = caption_mark(path, index, lang)
        raise HelperError("caption error", located=f"{r.display(path)}:{line}:{col}: error: caption: "
                          f"{problems[0].message}\n    hint: {problems[0].hint}")
    from .audit.figurewords import figure_word_errors  # the caption and labels against the play and options
    located = figure_word_errors(marked, lang, s, index, sides, path, r.display(path),
                                 lambda: caption_mark(path, index, lang))
    if located:
        raise HelperError("caption error", located=located)
    return provenance.strip(marked)


def caption_mark(path: Path, index: int, lang: str) -> tuple[int, int]:
    """Where a frame's caption in `lang` is written in the scenario file."""
    from ..formats.yamlmarks import load_yaml, read_capped

    try:
        doc = load_yaml(read_capped(path, "scenario"), "scenarios")
    except Exception:  # noqa: BLE001 - only a location is at stake; the file loaded before
        return 1, 1
    key: tuple[Any, ...] = ("caption", lang) if index == 0 else ("then", index - 1, "caption", lang)
    return doc.mark(key)


def facts(s: Any, t: gettext.GNUTranslations, lang: str | None = None) -> str:
    """'White to play 6-3 · shown: 9/3 3/off', from the frame's turn, roll and play; in a
    right-to-left `lang` each play is an isolated left-to-right run (`Language.isolate`).

    A frame without a roll (an odds figure: all 36 rolls) reads 'White to roll'. When the engine
    finds nothing to play, the line says so and why: the side on the bar cannot enter ('Beyaz
    giremez: 6-5 ile girebileceği iki hane de kapalı', each die's entry point counted closed), does not roll at
    all (Tavla's closed board), or cannot play the roll.
    """
    from ..diagram.facts import shown_notation
    from ..diagram.spec import CANNOT_ENTER, NO_ROLL
    from ..engine.board import Position, Side
    from ..engine.play import TurnContext
    from ..engine.rules import Ruleset
    from ..scenario.draw import no_play_notice

    parts = []
    turn = getattr(s, "turn", None)
    roll = getattr(s, "roll", None)
    side = turn.value if isinstance(turn, Side) else (str(turn) if turn else None)
    side_name = {"white": t.gettext("White"), "black": t.gettext("Black")}.get(side or "", side)
    pos = getattr(s, "position", None)
    rules = getattr(s, "rules", None)

    def stuck(pos: Position, turn: Side, rules: Ruleset) -> str | None:
        """Why nothing can be played: the figure's own notice (`scenario.draw.no_play_notice`), in words."""
        notice = no_play_notice(pos, turn, rules, roll, getattr(s, "ctx", None) or TurnContext())
        if notice is None:
            return None
        if notice.kind == NO_ROLL:
            return t.gettext("%(side)s does not roll: all six entry points are closed") % {"side": side_name}
        if notice.kind == CANNOT_ENTER:
            msg = (t.gettext("%(side)s cannot enter: with %(roll)s the entry point is closed") if len(notice.entry) == 1
                   else t.gettext("%(side)s cannot enter: with %(roll)s both entry points are closed"))
            return msg % {"side": side_name, "roll": roll}
        return t.gettext("%(side)s cannot play %(roll)s") % {"side": side_name, "roll": roll}

    reason = None
    if isinstance(pos, Position) and isinstance(turn, Side) and isinstance(rules, Ruleset):
        reason = stuck(pos, turn, rules)
    if reason:
        parts.append(reason)
    elif side_name and roll is not None:
        parts.append(t.gettext("%(side)s to play %(roll)s") % {"side": side_name, "roll": roll})
    elif side_name:
        parts.append(t.gettext("%(side)s to roll") % {"side": side_name})
    if isinstance(pos, Position) and isinstance(turn, Side) and pos.off(turn):
        left = pos.checkers - pos.off(turn)
        parts.append(t.ngettext("%(num)d checker left", "%(num)d checkers left", left) % {"num": left})
    written = shown_notation(getattr(s, "show", None), getattr(s, "show_text", None))  # as the <desc> names it
    parts.extend(figure_facts(s, t, written, lang))
    return " · ".join(parts)


def separator(t: gettext.GNUTranslations) -> str:
    """The list separator of the catalog's language ("; ", Greek "· ")."""
    from ..languages import registry

    return registry.separator(str(t.info().get("language", "")))


def figure_facts(s: Any, t: gettext.GNUTranslations, written: str, lang: str | None = None) -> list[str]:
    """The facts-line parts of the play a figure draws and of the figure keys (`scenario.figure_fields`),
    as its `<desc>` says them: the plays of an alternatives figure with their letters, a partial
    play, a side left out, the figure's label in the source."""
    from ..diagram.facts import shown_notation
    from ..languages import registry

    entry = registry.lookup(lang) if lang is not None else None
    ltr: Callable[[str], str] = entry.isolate if entry is not None else str
    parts = []
    alternatives = tuple(zip(getattr(s, "alternatives", ()) or (), getattr(s, "alternatives_text", ()) or (),
                             strict=True))
    if written and alternatives:
        plays = [f"A: {ltr(written)}"] + [f"{chr(ord('B') + i)}: {ltr(shown_notation(p, text))}"
                                     for i, (p, text) in enumerate(alternatives)]
        parts.append(t.gettext("shown, each with its mark: %(plays)s") % {"plays": separator(t).join(plays)})
    elif written:
        parts.append(t.gettext("shown: %(play)s") % {"play": ltr(written)})
    elif getattr(s, "partial_text", None):
        parts.append(t.gettext("first part shown: %(play)s") % {"play": ltr(s.partial_text.strip())})
    omit = getattr(s, "omit", None)
    if omit is not None:
        other = {"white": t.gettext("White"), "black": t.gettext("Black")}[omit.value]
        parts.append(t.gettext("%(side)s not shown") % {"side": other})
    if getattr(s, "source_figure", None):
        parts.append(t.gettext("Figure %(label)s in the source") % {"label": s.source_figure})
    return parts
