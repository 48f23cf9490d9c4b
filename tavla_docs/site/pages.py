"""Pages: authored Markdown with Jinja calls, rendered to Markdown plus HTML fragments.

A page calls helpers such as `{{ diagram("bear-off/mid-move") }}`. Block helpers
(diagrams, tables, the glossary) leave a placeholder comment in the Markdown and
keep their HTML aside; `fill()` puts the HTML back after Markdown has run, so
Python-Markdown never parses kilobytes of SVG (style.md: ~2.3× faster).

Partials in `templates/` are rendered with autoescape, so captions, labels and
page variables are always text; SVG from the renderer is trusted `Markup`.

Errors name the page line (`content/tr/x.md:12: error: …`) or, for a scenario's
claims, the scenario's own `path:line:col` diagnostics.

>>> r = SiteRenderer(Path(__file__).parents[2])
>>> page = r.render_page('Oyna {{ play("9/3 3/off") }}.', path="x.md", lang="tr")
>>> "tavla-play" in page.markdown and "9/3 3/off" in page.markdown
True
"""
from __future__ import annotations

import difflib
import gettext
import hashlib
import html
import json
import os
import re
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
import yaml
from markupsafe import Markup

from . import i18n

if TYPE_CHECKING:
    from ..notation import Segment
    from ..rules import Ruleset

# The engine (rules, notation, odds, scenarios, renderer) is imported where it is
# used: a warm build takes every page from the cache and never needs it.

PACKAGE_DIR = Path(__file__).resolve().parents[1]
GLOSSARY_FILE = Path(__file__).parent / "glossary.yaml"
PLACEHOLDER = re.compile(r"<!--tavla:(\d+)-->")


class PageError(Exception):
    """A page that cannot be built; the message is complete (`path:line: error: …`)."""


class HelperError(Exception):
    """Raised by a page helper; the page renderer adds the page location.

    `located` is set when the problem already has its own location (a scenario
    diagnostic), which is then reported as is.
    """

    def __init__(self, message: str, located: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.located = located


# --- content-hash cache ------------------------------------------------------

@lru_cache(maxsize=4)
def _fingerprint(paths: tuple[str, ...], stamp: tuple) -> str:
    h = hashlib.sha256()
    for p in paths:
        h.update(p.encode())
        h.update(Path(p).read_bytes())
    return h.hexdigest()


def code_fingerprint(extra_dirs: Iterable[Path] = ()) -> str:
    """A hash of the package's code, data and the project's partials: cached results depend on all of them."""
    files: list[Path] = []
    for d in (PACKAGE_DIR, *extra_dirs):
        if d.is_dir():
            files += [p for p in d.rglob("*") if p.is_file() and p.suffix in (".py", ".yaml", ".po", ".html", ".j2", ".css")
                      and "__pycache__" not in p.parts]
    files.sort()
    stamp = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)
    return _fingerprint(tuple(str(p) for p in files), stamp)


class Cache:
    """JSON values under `.tavla-cache/site/`, keyed by a content hash; writes are atomic."""

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(*parts: str | bytes) -> str:
        h = hashlib.sha256()
        for p in parts:
            b = p if isinstance(p, bytes) else p.encode()
            h.update(len(b).to_bytes(8, "big"))
            h.update(b)
        return h.hexdigest()

    def get(self, key: str) -> Any | None:
        if self.directory is None:
            self.misses += 1
            return None
        try:
            value = json.loads((self.directory / key[:2] / f"{key}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.misses += 1
            return None
        self.hits += 1
        return value

    def put(self, key: str, value: Any) -> None:
        if self.directory is None:
            return
        d = self.directory / key[:2]
        d.mkdir(parents=True, exist_ok=True)
        tmp = d / f".{key}.{os.getpid()}.tmp"
        tmp.write_text(json.dumps(value, ensure_ascii=False, sort_keys=True), encoding="utf-8")
        os.replace(tmp, d / f"{key}.json")


# --- notation -----------------------------------------------------------------

def read_play(text: str, t: gettext.GNUTranslations) -> str:
    """A play read aloud in the page's language, e.g. for `9/3 3/off`.

    >>> read_play("9/3 3/off", i18n.catalog("en"))
    'from 9 to 3; bear off from 3'
    >>> read_play("bar/23 6/2(2)", i18n.catalog("tr"))
    'bardaki pul 23. haneye girer; 6. haneden 2. haneye (2 pul)'
    """
    from ..notation import parse_play

    parts = []
    for seg in parse_play(text):
        parts.append(_read_segment(seg, t))
    return "; ".join(parts) if parts else t.gettext("no move")


def _read_segment(seg: Segment, t: gettext.GNUTranslations) -> str:
    dst = seg.dst
    if seg.src == 25:
        s = t.gettext("enter on %(dst)s") % {"dst": dst} if dst else t.gettext("enter and bear off")
    elif dst == 0:
        s = t.gettext("bear off from %(src)s") % {"src": seg.src}
    else:
        s = t.gettext("from %(src)s to %(dst)s") % {"src": seg.src, "dst": dst}
    hits = [p for p, h in seg.stops if h]
    if hits:
        s += " " + t.ngettext("(hits on %(points)s)", "(hits on %(points)s)", len(hits)) % {
            "points": ", ".join(str(p) for p in hits)}
    if seg.count > 1:
        s += " " + t.ngettext("(%(num)d checker)", "(%(num)d checkers)", seg.count) % {"num": seg.count}
    return s


# --- odds tables ----------------------------------------------------------------

@dataclass(frozen=True)
class OddsRow:
    label: str
    count: int
    expected: dict[str, str] | None = None  # odds_pages.cell(): text, exact fraction, value
    within: dict[str, str] | None = None


def parse_odds_spec(spec: str) -> tuple[tuple[int, ...], ...]:
    """`"1|2|3"` → three one-checker positions; `"3+1"` → one two-checker position.

    >>> parse_odds_spec("1|2|3"), parse_odds_spec("2+2")
    (((1,), (2,), (3,)), ((2, 2),))
    """
    out = []
    for alt in str(spec).split("|"):
        try:
            pts = tuple(sorted((int(x) for x in alt.split("+")), reverse=True))
        except ValueError:
            raise HelperError(f"odds row {spec!r}: write points like '4', '3+1' or '1|2|3'") from None
        if not pts or any(not 1 <= p <= 6 for p in pts):
            raise HelperError(f"odds row {spec!r}: the last checkers stand on home points 1–6")
        out.append(pts)
    return tuple(out)


def bear_off_count(points: Sequence[int], rules: Ruleset) -> int:
    """How many of the 36 rolls bear off White's last checkers on `points` (36-roll enumeration).

    The position is `odds.last_checkers_table`'s (the opponent's 15 checkers out of
    the way on its own 6-point); only the count is needed here, not the expected rolls.

    >>> from tavla_docs.rules import TAVLA
    >>> bear_off_count((6, 6), TAVLA)
    4
    """
    from ..board import Position, Side
    from ..odds import roll_odds

    checkers: dict[int, int] = {}
    for p in points:
        checkers[p] = checkers.get(p, 0) + 1
    pos = Position.from_board(checkers, {19: 15}, geometry=rules.geometry)
    return roll_odds(pos, Side.WHITE, rules).count("bears_off")


def odds_label(pts_alts: tuple[tuple[int, ...], ...], t: gettext.GNUTranslations) -> str:
    """The row label: '4. hane' / '4-point', '3. ve 1. haneler', '2. hane (ikisi de)'."""
    first = pts_alts[0]
    if len(first) == 1:
        if len(pts_alts) == 1:
            return t.gettext("%(p)s-point") % {"p": first[0]}
        items = [t.gettext("%(p)s-") % {"p": a[0]} for a in pts_alts[:-1]]
        return t.gettext("%(points)s or %(last)s-point") % {"points": ", ".join(items), "last": pts_alts[-1][0]}
    labels = []
    for pts in pts_alts:
        if len(set(pts)) == 1:
            labels.append(t.ngettext("all %(num)d on the %(p)s-point", "all %(num)d on the %(p)s-point", len(pts))
                          % {"num": len(pts), "p": pts[0]} if len(pts) > 2 else
                          t.gettext("both on the %(p)s-point") % {"p": pts[0]})
        elif len(pts) == 2:
            labels.append(t.gettext("%(a)s- and %(b)s-points") % {"a": pts[0], "b": pts[1]})
        else:
            labels.append(t.gettext("points %(list)s") % {"list": ", ".join(map(str, pts))})
    return t.gettext(" or ").join(labels)


# --- the renderer -----------------------------------------------------------------

@dataclass
class RenderedPage:
    """A page after Jinja: Markdown with placeholders, and the HTML for each placeholder."""

    markdown: str
    fragments: dict[int, str] = field(default_factory=dict)
    figures: int = 0
    tables: int = 0
    deps: dict[str, str] = field(default_factory=dict)  # scenario files used: {project path: sha256}


class SiteRenderer:
    """The Jinja environments, catalogs, helpers and cache shared by every page of a build."""

    def __init__(self, root: Path, *, scenarios_dir: str | Path = "scenarios", templates_dir: str | Path = "templates",
                 cache_dir: str | Path | None = ".tavla-cache", locales_dir: Path = i18n.LOCALES_DIR,
                 languages: Sequence[str] = i18n.LANGUAGES) -> None:
        self.root = Path(root).resolve()
        self.scenarios_dir = self.root / scenarios_dir
        self.templates_dir = self.root / templates_dir
        self.locales_dir = Path(locales_dir)
        self.languages = tuple(languages)
        self.cache = Cache(self.root / cache_dir / "site" if cache_dir else None)
        self.code_fingerprint = code_fingerprint()  # the package alone: what a scenario check depends on
        self.fingerprint = code_fingerprint([self.templates_dir])
        self._partials: dict[str, jinja2.Environment] = {}
        self._page_envs: dict[str, jinja2.Environment] = {}

    # -- environments
    def translations(self, lang: str) -> gettext.GNUTranslations:
        if lang not in self.languages:
            raise HelperError(f"unknown language {lang!r}; the site has {', '.join(self.languages)}")
        return i18n.catalog(lang, self.locales_dir)

    def partials(self, lang: str) -> jinja2.Environment:
        """The autoescaping environment for `templates/` in `lang`."""
        env = self._partials.get(lang)
        if env is None:
            env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(self.templates_dir)), autoescape=True,
                                     undefined=jinja2.StrictUndefined, extensions=["jinja2.ext.i18n"],
                                     trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=False)
            env.install_gettext_translations(self.translations(lang), newstyle=True)  # type: ignore[attr-defined]
            self._partials[lang] = env
        return env

    def page_env(self, lang: str) -> jinja2.Environment:
        """Pages are Markdown, so no autoescape here; helpers return escaped HTML themselves."""
        env = self._page_envs.get(lang)
        if env is None:
            env = jinja2.Environment(autoescape=False, undefined=jinja2.StrictUndefined,
                                     extensions=["jinja2.ext.i18n"], keep_trailing_newline=True)
            env.install_gettext_translations(self.translations(lang), newstyle=True)  # type: ignore[attr-defined]
            self._page_envs[lang] = env
        return env

    def partial(self, name: str, lang: str, **context: Any) -> str:
        return self.partials(lang).get_template(name).render(lang=lang, **context).strip()

    # -- pages
    def render_page(self, source: str, *, path: str, lang: str, meta: Mapping[str, Any] | None = None,
                    first_line: int = 1) -> RenderedPage:
        """Run a page's Jinja; raise PageError with `path:line` on any failure.

        `first_line` is the file line where `source` starts (after front matter).
        """
        off = first_line - 1
        key = Cache.key(self.fingerprint, "page", lang, path, str(first_line), source,
                        json.dumps(dict(meta or {}), sort_keys=True, default=str))
        hit = self.cache.get(key)
        if hit is not None and self._deps_unchanged(hit["deps"]):
            return RenderedPage(hit["markdown"], {int(k): v for k, v in hit["fragments"].items()},
                                hit["figures"], hit["tables"])
        page = self._render(source, path=path, lang=lang, meta=meta, off=off)
        self.cache.put(key, {"markdown": page.markdown, "fragments": page.fragments, "figures": page.figures,
                             "tables": page.tables, "deps": page.deps})
        return page

    def _deps_unchanged(self, deps: Mapping[str, str]) -> bool:
        for rel, digest in deps.items():
            try:
                if hashlib.sha256((self.root / rel).read_bytes()).hexdigest() != digest:
                    return False
            except OSError:
                return False
        return True

    def _render(self, source: str, *, path: str, lang: str, meta: Mapping[str, Any] | None, off: int) -> RenderedPage:
        env = self.page_env(lang)
        try:
            code = env.compile(source, name=path, filename=path)
            template = env.template_class.from_code(env, code, env.make_globals(None), None)
        except jinja2.TemplateSyntaxError as e:
            raise PageError(f"{path}:{e.lineno + off}: error: {e.message}") from None
        page = _Page(self, path, lang)
        try:
            text = template.render(**page.context(meta or {}))
        except HelperError as e:
            line = _template_line(e, path) + off
            if e.located:
                raise PageError(f"{e.located}\n{path}:{line}: note: used here") from None
            raise PageError(f"{path}:{line}: error: {e.message}") from None
        except PageError:
            raise
        except Exception as e:  # a template error: undefined names, wrong arguments
            line = _template_line(e, path) + off
            msg = e.message if isinstance(e, jinja2.TemplateError) and e.message else f"{type(e).__name__}: {e}"
            raise PageError(f"{path}:{line}: error: {msg}") from None
        return RenderedPage(text, page.fragments, page.figures, page.tables, page.deps)

    @staticmethod
    def fill(html_text: str, fragments: Mapping[int, str]) -> str:
        """Put each fragment's HTML where its placeholder is (after Markdown)."""
        if not fragments:
            return html_text
        return PLACEHOLDER.sub(lambda m: fragments.get(int(m.group(1)), m.group(0)), html_text)

    # -- scenarios
    def scenario_path(self, name: str) -> Path:
        base = self.scenarios_dir / name
        for cand in (base, base.with_name(base.name + ".yaml"), base.with_name(base.name + ".yml")):
            if cand.is_file():
                return cand
        known = sorted(str(p.relative_to(self.scenarios_dir).with_suffix("")) for p in self.scenarios_dir.rglob("*.y*ml"))
        close = difflib.get_close_matches(name, known, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise HelperError(f"no scenario {name!r} ({self.rel(base)}.yaml does not exist){hint}")

    def display(self, p: Path) -> str:
        """A path as compilers print it: relative to the working directory when inside it."""
        try:
            return str(p.resolve().relative_to(Path.cwd().resolve()))
        except ValueError:
            return self.rel(p)

    def rel(self, p: Path) -> str:
        try:
            return str(p.resolve().relative_to(self.root))
        except ValueError:
            return str(p)

    def checked_key(self, path: Path, data: bytes) -> str:
        """The cache key saying "every claim of this exact file holds with this exact code"."""
        return Cache.key(self.code_fingerprint, "checked", self.rel(path), data)

    def figure_data(self, name: str, lang: str, deps: dict[str, str] | None = None) -> dict[str, Any]:
        """SVG, caption and facts of a scenario's diagram, from the cache when the file is unchanged."""
        path = self.scenario_path(name)
        data = path.read_bytes()
        if deps is not None:
            deps[self.rel(path)] = hashlib.sha256(data).hexdigest()
        key = Cache.key(self.fingerprint, "figure", lang, self.rel(path), data)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        value = self._render_figure(path, lang)
        self.cache.put(key, value)
        return value

    def _render_figure(self, path: Path, lang: str) -> dict[str, Any]:
        try:
            from ..scenario import ScenarioError, check_scenario, load_scenario
            from ..render.diagram import diagram_from_scenario
            from ..render.svg import render_svg
        except ImportError as e:  # the renderer is a separate package part
            raise HelperError(f"cannot draw diagrams: {e}") from None
        data = path.read_bytes()
        try:
            s = load_scenario(path, self.scenarios_dir, source=self.display(path), text=data.decode("utf-8"))
        except (ScenarioError, UnicodeDecodeError) as e:
            diags = getattr(e, "diagnostics", None)
            located = "\n".join(d.format() for d in diags) if diags else f"{self.display(path)}:1:1: error: {e}"
            raise HelperError("scenario error", located=located) from None
        ok_key = self.checked_key(path, data)
        if self.cache.get(ok_key) is None:  # `tavla-docs build` may have checked it already
            problems = check_scenario(s)
            if problems:
                raise HelperError("scenario claims failed", located="\n".join(d.format() for d in problems)) from None
            self.cache.put(ok_key, True)
        captions = dict(getattr(s, "caption", None) or {})
        caption = captions.get(lang)
        if caption is None and captions:
            raise HelperError(f"scenario {self.rel(path)} has no caption in {lang!r} (it has: {', '.join(sorted(captions))})")
        svg = render_svg(diagram_from_scenario(s, lang))
        t = self.translations(lang)
        return {"svg": svg, "caption": caption or "", "facts": _facts(s, t), "id": str(getattr(s, "id", path.stem))}

    def odds_counts(self, spec: str, rules: Ruleset) -> list[int]:
        key = Cache.key(self.fingerprint, "odds", rules.variant, repr(sorted(rules.options.items())), spec)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        counts = [bear_off_count(pts, rules) for pts in parse_odds_spec(spec)]
        self.cache.put(key, counts)
        return counts

    def glossary_data(self) -> list[dict[str, Any]]:
        return _load_glossary(str(GLOSSARY_FILE), GLOSSARY_FILE.stat().st_mtime_ns)


@lru_cache(maxsize=2)
def _load_glossary(path: str, stamp: int) -> list[dict[str, Any]]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with open(path, encoding="utf-8") as f:
        return yaml.load(f, Loader=loader)["sections"]


def _facts(s: Any, t: gettext.GNUTranslations) -> str:
    """'White to play 6-3 · shown: 9/3 3/off', from the scenario's turn, roll and play."""
    from ..board import Position, Side

    parts = []
    turn = getattr(s, "turn", None)
    roll = getattr(s, "roll", None)
    side = turn.value if isinstance(turn, Side) else (str(turn) if turn else None)
    side_name = {"white": t.gettext("White"), "black": t.gettext("Black")}.get(side or "", side)
    if side_name and roll is not None:
        parts.append(t.gettext("%(side)s to play %(roll)s") % {"side": side_name, "roll": roll})
    elif side_name:
        parts.append(t.gettext("%(side)s to play") % {"side": side_name})
    pos = getattr(s, "position", None)
    if isinstance(pos, Position) and isinstance(turn, Side) and pos.off(turn):
        left = 15 - pos.off(turn)
        parts.append(t.ngettext("%(num)d checker left", "%(num)d checkers left", left) % {"num": left})
    show = getattr(s, "show", None)
    if show is not None and getattr(show, "moves", True):
        written = getattr(s, "show_text", None) or str(show)  # the author's spelling, e.g. 9/3 3/off
        parts.append(t.gettext("shown: %(play)s") % {"play": written})
    return " · ".join(parts)


def _template_line(exc: BaseException, path: str) -> int:
    """The page line being rendered when `exc` was raised (Jinja maps template frames to lines)."""
    line = 0
    for fr in traceback.extract_tb(exc.__traceback__):
        if fr.filename == path and fr.lineno:
            line = fr.lineno
    return line or getattr(exc, "lineno", 0) or 1


class _Page:
    """Per-page helper state: figure numbers, fragments, and the helper functions pages call."""

    def __init__(self, renderer: SiteRenderer, path: str, lang: str) -> None:
        self.r = renderer
        self.path = path
        self.lang = lang
        self.t = renderer.translations(lang)
        self.fragments: dict[int, str] = {}
        self.deps: dict[str, str] = {}
        self.figures = 0
        self.tables = 0
        self._ids: set[str] = set()

    def context(self, meta: Mapping[str, Any]) -> dict[str, Any]:
        from .odds_pages import OddsHelpers
        return {
            "diagram": self.diagram, "odds_table": self.odds_table, "rules_summary": self.rules_summary,
            "play": self.play, "notation_legend": self.notation_legend, "glossary": self.glossary,
            "ruleset": self.ruleset, "lang": self.lang, "meta": dict(meta),
            **OddsHelpers(self).helpers(),  # bearoff_table, bearoff_chart, race_table (odds_pages.py)
        }

    def _block(self, html_text: str) -> str:
        n = len(self.fragments)
        self.fragments[n] = html_text
        return f"\n\n<!--tavla:{n}-->\n\n"

    def ruleset(self, name: str, **options: Any) -> Ruleset:
        from ..rules import RulesetError, ruleset
        try:
            return ruleset(name, **options)
        except RulesetError as e:
            raise HelperError(str(e)) from None

    def diagram(self, name: str, caption: str | None = None) -> str:
        """`{{ diagram("bear-off/mid-move") }}`: the scenario's board, caption and facts."""
        data = self.r.figure_data(name, self.lang, self.deps)
        self.figures += 1
        anchor = "fig-" + re.sub(r"[^a-z0-9-]+", "-", name.lower()).strip("-")
        if anchor in self._ids:
            anchor += f"-{self.figures}"
        self._ids.add(anchor)
        return self._block(self.r.partial(
            "figure.html", self.lang, svg=Markup(data["svg"]), number=self.figures, anchor=anchor,
            caption=caption if caption is not None else data["caption"], facts=data["facts"], scenario=name))

    def odds_table(self, rows: Sequence[str], variant: str | Ruleset = "tavla", caption: str | None = None,
                   expected: bool = False, within: int | None = None) -> str:
        """`{{ odds_table(["1|2|3", "4", "5", "6"]) }}`: rolls (of 36) that bear off the last checkers.

        `expected=True` adds the exact expected rolls to bear off, `within=2` P(off within
        2 rolls), both under best play (fewest expected rolls; `tavla_docs.bearoff`).
        """
        from ..rules import Ruleset
        from .odds_pages import OddsHelpers, cell, show_chance, show_rolls
        if isinstance(rows, str):
            raise HelperError("odds_table takes a list of rows, e.g. [\"1|2|3\", \"4\"]")
        rules = variant if isinstance(variant, Ruleset) else self.ruleset(variant)
        if within is not None and (not isinstance(within, int) or within < 1):
            raise HelperError(f"within={within!r}: a number of rolls, 1 or more")
        if (expected or within) and not rules.options.get("bear_off_overshoot", True):
            raise HelperError(f"expected rolls come from the bear-off database, which lets a larger die bear off "
                              f"the farthest checker; {rules.variant} does not")
        odds = OddsHelpers(self)
        out: list[OddsRow] = []
        n_checkers = None
        for spec in rows:
            alts = parse_odds_spec(spec)
            counts = self.r.odds_counts(str(spec), rules)
            if len(set(counts)) > 1:
                raise HelperError(f"odds row {spec!r} joins positions with different odds ({', '.join(map(str, counts))} of 36); "
                                  "give them separate rows")
            sizes = {len(a) for a in alts}
            if n_checkers is None:
                n_checkers = sizes.pop() if len(sizes) == 1 else 0
            elif sizes != {n_checkers}:
                raise HelperError(f"odds row {spec!r}: every row of a table has the same number of checkers")
            row = OddsRow(odds_label(alts, self.t), counts[0])
            if expected or within:
                from .odds_pages import parse_home
                nums = [odds.numbers(parse_home("+".join(map(str, a))), (within,) if within else ()) for a in alts]
                if len({(n.expected, tuple(n.within.values())) for n in nums}) > 1:
                    raise HelperError(f"odds row {spec!r} joins positions with different expected rolls; "
                                      "give them separate rows")
                n0 = nums[0]
                row = OddsRow(row.label, row.count, cell(show_rolls(n0.expected, self.lang), n0.expected.approx),
                              cell(show_chance(n0.within[within], self.lang, within), n0.within[within].approx)
                              if within else None)
            out.append(row)
        self.tables += 1
        return self._block(self.r.partial("odds_table.html", self.lang, rows=out, checkers=n_checkers or 0,
                                          caption=caption, expected=expected, within=within))

    def rules_summary(self, variants: Sequence[str | Ruleset], differences_only: bool = False,
                      caption: str | None = None) -> str:
        """`{{ rules_summary(["tavla", "backgammon"]) }}`: a table derived from the rulesets."""
        from ..rules import Ruleset
        from .summary import summary_rows, variant_name
        if isinstance(variants, str):
            variants = [variants]
        rulesets = [v if isinstance(v, Ruleset) else self.ruleset(v) for v in variants]
        rows = summary_rows(rulesets, self.t)
        if differences_only:
            rows = [r for r in rows if r.differs]
        self.tables += 1
        return self._block(self.r.partial("rules_summary.html", self.lang, rows=rows, caption=caption,
                                          names=[variant_name(rs, self.t) for rs in rulesets],
                                          compare=len(rulesets) == 2))

    def play(self, text: str) -> Markup:
        """`{{ play("9/3 3/off") }}`: the notation (bar/off kept), with a reading in the page's language."""
        from ..notation import NotationError, parse_play
        try:
            segs = parse_play(text)
        except NotationError as e:
            raise HelperError(f"play {text!r}: {e} (column {e.column + 1})") from None
        shown = " ".join(str(s) for s in segs) if segs else self.t.gettext("no move")
        return Markup('<code class="tavla-play" title="{}">{}</code>').format(
            read_play(text, self.t), Markup(html.escape(shown).replace("*", "&#42;")))

    def notation_legend(self, variant: str | None = None) -> str:
        """`{{ notation_legend() }}`; `notation_legend("tapa")` says that `*` marks a pin there."""
        rules = self.ruleset(variant) if variant is not None else None
        return self._block(self.r.partial("notation_legend.html", self.lang, rules=rules))

    def glossary(self, section: str | None = None) -> str:
        """`{{ glossary("board") }}`: one section's table (the page writes the heading); no argument: all."""
        sections = self.r.glossary_data()
        if section is not None:
            chosen = [s for s in sections if s["id"] == section]
            if not chosen:
                raise HelperError(f"no glossary section {section!r}; sections: {', '.join(s['id'] for s in sections)}")
            sections = chosen
        self.tables += 1
        return self._block(self.r.partial("glossary.html", self.lang, sections=sections, headings=section is None))
