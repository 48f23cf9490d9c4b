"""pytest plugin: scenario files become test items (Sybil's shape: document → example → item).

Active only in projects that set the ini option `tavla_scenarios` to a directory
(relative to the ini file). Every *.yaml / *.yml under it is a `ScenarioFile`,
loaded once at collection, whose items are

- `<file>::load`: the file loads and validates (a file that does not load gets
  only this item, failing with every load diagnostic once);
- one `ClaimItem` per claim, named after what it claims, so a wrong claim fails
  alone: `plays`, `legal[9/3 3/off]`, `in_order.illegal[6/off 9/6]`,
  `odds.bears_off`, `pips.white`, `show[9/3 3/off]`, and `then[N].…` for the
  N-th step of a `then:` story (1-based, like `render --step N`);
- one `CaptionItem` per frame's caption per language (`caption[en]`,
  `then[N].caption[tr]`): it renders, as the build renders it, or fails at its line.

Claims are checked by the same code as `tavla-docs check` (`check_claim`, with
the shared engine cache, so a file's items generate each roll's plays once) and a
failure prints exactly the lines `check` prints for that claim.

`check` counts the shown play as a claim but has nothing left to check (the loader
refuses a file whose `show:` is not a legal play), so a `show[…]` item checks it
again from scratch (`check_show`): it can fail when the loader or the engine cache
hands the diagram a play that is not the written one or not legal.

Every roll has the project's play budget, as `check` gives it: `max_plays` /
`max_seconds` in mkdocs.yml's tavla-docs plugin entry, else in pyproject.toml's
[tool.tavla-docs], else the default; a roll past it fails at its `roll:` line.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .engine.budget import PlayBudget, PlayBudgetExceeded, using
from .engine.written import resulting_position
from .scenario import Claim, Diagnostic, Scenario, Step, load_scenario
from .scenario.claims import (
    DEFAULT_ENGINE,
    Engine,
    InOrderClaim,
    OddsClaim,
    PipsClaim,
    PlayClaim,
    ShowClaim,
    plays_text,
)
from .scenario.fact_claims import CheckerClaim, ForbiddenClaim, PointClaim
from .scenario.project import budget_diagnostic, check_claim, failure_diagnostics, project_budget

INI = "tavla_scenarios"
_BUDGET = pytest.StashKey[PlayBudget]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(INI, "directory of tavla-docs scenario files to collect as tests (empty: off)", default="")


def _root(config: pytest.Config) -> Path | None:
    value = config.getini(INI)
    if not value:
        return None
    base = config.inipath.parent if config.inipath else config.rootpath
    return (base / str(value)).resolve()


def _budget(config: pytest.Config) -> PlayBudget:
    """The project's play budget (read once per run, from the ini file's folder)."""
    if _BUDGET not in config.stash:
        config.stash[_BUDGET] = project_budget(config.inipath.parent if config.inipath else config.rootpath)
    return config.stash[_BUDGET]


_SEEN = pytest.StashKey[set[Path]]()


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """A symlinked folder under the scenarios folder is not walked: its files are collected where
    they really are (inside the folder) or not at all (outside it), each once."""
    root = _root(config)
    if root is None or not collection_path.is_symlink() or not collection_path.is_dir():
        return None
    where = Path(os.path.realpath(collection_path.parent)) / collection_path.name  # the link itself, not its target
    return True if where.is_relative_to(root) else None


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    root = _root(parent.config)
    if root is None or file_path.suffix not in (".yaml", ".yml"):
        return None
    try:
        real = file_path.resolve()
        real.relative_to(root)
    except (ValueError, OSError, RuntimeError):  # outside the folder, or a link that loops
        return None
    seen = parent.config.stash.setdefault(_SEEN, set())
    if real in seen:
        return None
    seen.add(real)
    return ScenarioFile.from_parent(parent, path=file_path)


def claim_label(claim: Claim) -> str:
    """A claim's readable item name: its `expect:` key plus what it is about.

    >>> claim_label(PlayClaim("legal", 11, 10, text="9/3 3/off"))
    'legal[9/3 3/off]'
    >>> claim_label(InOrderClaim("in_order", 15, 14, text="6/off 9/6", legal=False))
    'in_order.illegal[6/off 9/6]'
    >>> from tavla_docs.engine.board import Side
    >>> claim_label(CheckerClaim("after.home", 9, 4, place="home", side=Side.BLACK, value=3, after=True))
    'after.home.black'
    >>> claim_label(PointClaim("point", 12, 4, point=5, white=2))
    'point[5]'
    """
    if isinstance(claim, (PlayClaim, ShowClaim)):
        return f"{claim.key}[{claim.text}]"
    if isinstance(claim, InOrderClaim):
        return f"in_order.{'legal' if claim.legal else 'illegal'}[{claim.text}]"
    if isinstance(claim, OddsClaim):
        return f"odds.{claim.outcome}"
    if isinstance(claim, PipsClaim):
        return f"pips.{claim.side.value}"
    if isinstance(claim, CheckerClaim):
        return f"{claim.key}.{claim.side.value}"
    if isinstance(claim, PointClaim):
        return f"{claim.key}[{claim.point}]"
    if isinstance(claim, ForbiddenClaim):
        return f"forbidden[{claim.text}]"
    return claim.key


def named_claims(scenario: Scenario) -> Iterator[tuple[str, Step, Claim]]:
    """Every claim of every frame with a name unique in the file (a repeated claim gets `#2`, `#3`…,
    numbered in file order, so names stay stable while the claims before it do not change)."""
    seen: dict[str, int] = {}
    for i, frame in enumerate(scenario.frames):
        prefix = f"then[{i}]." if i else ""
        for claim in frame.expect:
            name = prefix + claim_label(claim)
            seen[name] = seen.get(name, 0) + 1
            yield (name if seen[name] == 1 else f"{name}#{seen[name]}"), frame, claim


def check_show(scenario: Scenario, frame: Step, claim: ShowClaim) -> list[Diagnostic]:
    """The frame's shown play, checked afresh: the written text, played by arithmetic, reaches the
    drawn play's position, and that play is among legal plays generated again without any cache."""
    s = frame.subject(scenario.rules)

    def fail(message: str, hint: str | None = None) -> list[Diagnostic]:
        return [Diagnostic(scenario.source, claim.line, claim.col, message, hint)]

    if s.show is None or s.roll is None:
        return fail(f"show: {claim.text} is written, but the frame draws no play")
    target = resulting_position(s.position, s.turn, claim.text, s.rules).key()
    if s.show.side is not s.turn or s.show.position.key() != target:
        return fail(f"show: the drawn play {s.show} ({s.show.side.value}) is not the written {claim.text}")
    try:
        plays = Engine(enabled=False).plays(s.position, s.turn, s.roll, s.rules, s.ctx)
    except PlayBudgetExceeded as e:
        return [budget_diagnostic(scenario, frame, e)]
    if s.show not in plays:
        turn = f" on turn {s.ctx.game_turn}" if s.ctx is not None and s.ctx.game_turn is not None else ""
        return fail(f"show: {claim.text} is not a legal play with {s.roll}{turn}", plays_text(plays))
    return []


class ScenarioFailure(Exception):
    """Raised by a scenario item; carries the diagnostics to print."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(len(diagnostics))
        self.diagnostics = diagnostics


class ScenarioFile(pytest.File):
    """One scenario file: loaded once here, shared by its load item and claim items."""

    def _source(self) -> str:
        """The path as `check` prints it when run from the rootdir."""
        try:
            return self.path.relative_to(self.config.rootpath).as_posix()
        except ValueError:
            return str(self.path)

    def collect(self) -> Iterator[pytest.Item]:
        source = self._source()
        try:
            with using(_budget(self.config)):
                scenario: Scenario | None = load_scenario(self.path, _root(self.config), engine=DEFAULT_ENGINE,
                                                          source=source)
            problems: list[Diagnostic] = []
        except Exception as e:  # noqa: BLE001 - reported by the load item, like `check` does
            scenario, problems = None, failure_diagnostics(source, e)
        yield LoadItem.from_parent(self, name="load", problems=problems)
        if scenario is None:
            return
        for name, frame, claim in named_claims(scenario):
            yield ClaimItem.from_parent(self, name=name, scenario=scenario, frame=frame, claim=claim)
        from .site.caption_check import caption_languages

        for index, frame in enumerate(scenario.frames):
            for lang in caption_languages(frame):
                name = f"caption[{lang}]" if index == 0 else f"then[{index}].caption[{lang}]"
                yield CaptionItem.from_parent(self, name=name, scenario=scenario, index=index, lang=lang)


class _ScenarioItem(pytest.Item):
    line = 1  # 1-based line the item is about

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, ScenarioFailure):
            return "\n".join(d.format() for d in excinfo.value.diagnostics)
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        # not `file::name`: pytest -v rewrites a domain that ends the node id ("." → "::")
        return self.path, self.line - 1, f"{self.name} ({self.path.name})"


class LoadItem(_ScenarioItem):
    """Passes when the file loads and validates; else fails with every load diagnostic."""

    def __init__(self, *, problems: list[Diagnostic], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.problems = problems
        self.line = problems[0].line if problems else 1

    def runtest(self) -> None:
        if self.problems:
            raise ScenarioFailure(self.problems)


class ClaimItem(_ScenarioItem):
    """One claim, checked by `check_claim` exactly as `tavla-docs check` checks it (a shown play
    also by `check_show`)."""

    def __init__(self, *, scenario: Scenario, frame: Step, claim: Claim, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario, self.frame, self.claim = scenario, frame, claim
        self.line = claim.line

    def runtest(self) -> None:
        try:
            with using(_budget(self.config)):
                problems = check_claim(self.scenario, self.frame, self.claim, DEFAULT_ENGINE)
                if isinstance(self.claim, ShowClaim):
                    problems += check_show(self.scenario, self.frame, self.claim)
        except Exception as e:  # noqa: BLE001 - same report as `check`
            problems = failure_diagnostics(self.scenario.source, e)
        if problems:
            raise ScenarioFailure(problems)


class CaptionItem(_ScenarioItem):
    """One frame's caption in one language: it renders over the frame's facts, as the build and
    `check` render it (`site.caption_check`), or fails at the caption's line."""

    def __init__(self, *, scenario: Scenario, index: int, lang: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario, self.index, self.lang = scenario, index, lang

    def runtest(self) -> None:
        from .site.caption_check import caption_diagnostic

        try:
            found = caption_diagnostic(self.scenario, self.index, self.lang, self.scenario.path,
                                       self.scenario.source)
        except Exception as e:  # noqa: BLE001 - a broken catalog: reported like `check` reports it
            raise ScenarioFailure(failure_diagnostics(self.scenario.source, e)) from None
        if found is not None:
            self.line = found.line
            raise ScenarioFailure([found])
