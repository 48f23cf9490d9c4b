"""Every repository path the guides cite exists (README.md, CONTRIBUTING.md, docs/*.md).

A guide that names a file that was renamed or never written sends a newcomer looking for it
(issue 29 found two in CONTRIBUTING). The rule for what counts as a cited path:

* **Where:** the text of inline code spans (`` `like/this.py` ``) and the targets of Markdown
  links (`[text](target)`), outside fenced code blocks. Fenced blocks hold commands and
  examples, often of files the reader is about to create, so they are not read.
* **Which tokens:** a span is split on whitespace (so a command in backticks contributes its
  paths); quotes and trailing punctuation are cut off, and so is a pytest node's `::test_name`.
  A token that ends in `:` or carries a line (`a.yaml:9:7`) is a quoted diagnostic about some
  file of an example, not a citation, and is skipped.
  A token is a repository path when its first component is one of `ROOTS` (the repository's
  own top-level folders and files), or one of the package's subpackages (`PACKAGE_DIRS`, for
  the guides' short form `engine/fast/plainwalk.py`, read under `tavla_docs/`). Anything else is
  not a repository path and is never flagged: URLs, `.venv/…`, a project in an example
  (`my-site/…`).
* **`site/` is two things:** the package `tavla_docs/site/` and the build output. A `site/…`
  token is the package's when it ends in a source suffix (`SOURCE_SUFFIXES`) or its next
  component is an entry of `tavla_docs/site/` (`site/audit/`, `site/figures`); otherwise
  (bare `site/`, `site/en/…`, `site/bear-off/index.html`) it is the build output and skipped.
* **Link targets** are resolved relative to the guide that holds them, after dropping the
  `#anchor`; `http(s):`, `mailto:` and anchor-only targets are skipped, and so is link syntax
  quoted inside a code span (an example of a page's Markdown). Separately, a link's anchor into
  a Markdown file must be one of that file's headings, slugged as GitHub and MkDocs' `toc` do
  (lower case, punctuation dropped, spaces to hyphens, `-1` on a repeat).
* **Forms:** `{a,b}` is expanded into both paths; a module may be cited without `.py`
  (`scenario/draw`); a glob (`tests/variants/bad/*`) must match at least one file; a path with
  a placeholder (`<topic>`, `…`) is checked up to the component before the placeholder.
* **Records:** `RECORDS` are dated records (the benchmarks' lab notebook): they cite paths as
  they were on the day, so they are not checked; each must say so in its opening paragraph.
* **Exceptions:** `EXAMPLES` lists the few paths a guide tells the reader to create, each with
  where and why; the test also fails when one of them starts to exist or is no longer cited,
  so the list cannot hide a real path.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

ROOTS = frozenset({
    "tavla_docs", "tests", "docs", "benchmarks", "scenarios", "content", "templates",
    "scripts", "reader-text", ".ci", "README.md", "CONTRIBUTING.md", "Makefile", "mkdocs.yml",
    "pyproject.toml", "setup.py", "conftest.py",
})
PACKAGE_DIRS = frozenset({
    "engine", "variants", "formats", "analysis", "diagram", "scenario", "render", "site", "cli",
})
# Paths a guide asks the reader to create: path → where it is cited, and why it is absent.
EXAMPLES = {
    "scenarios/bear-off/tour.yaml": "README.md's tour: the reader saves this scenario",
    "scenarios/start/first-roll.yaml": "docs/cli.md's `new site`: a file of the new project",
}
# Dated records, whose paths are as they were on the day (see the module's docstring).
RECORDS = frozenset({"docs/benchmarks-history.md"})
PLACEHOLDER = re.compile(r"[<>…]|\.\.\.")
FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)
LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
NODE = re.compile(r"::.*$")
LINE = re.compile(r"(:\d+)+:?$")
SOURCE_SUFFIXES = (".py", ".pyi", ".c", ".po", ".yaml")
BRACES = re.compile(r"\{([^{}]*,[^{}]*)\}")


def guides(repo: Path = REPO) -> list[Path]:
    """The guides whose cited paths must exist: README, CONTRIBUTING and docs/*.md but the records."""
    docs = sorted(p for p in (repo / "docs").glob("*.md") if f"docs/{p.name}" not in RECORDS)
    return [repo / "README.md", repo / "CONTRIBUTING.md", *docs]


def _without_fences(text: str) -> str:
    """The text with every fenced code block blanked, offsets kept (for line numbers)."""
    out: list[str] = []
    fence = ""
    for line in text.splitlines(keepends=True):
        match = FENCE.match(line)
        if fence:
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                fence = ""
            out.append(re.sub(r"[^\n]", " ", line))
        elif match:
            fence = match.group(1)
            out.append(re.sub(r"[^\n]", " ", line))
        else:
            out.append(line)
    return "".join(out)


def _expand(token: str) -> list[str]:
    match = BRACES.search(token)
    if not match:
        return [token]
    head, tail = token[:match.start()], token[match.end():]
    return [p for part in match.group(1).split(",") for p in _expand(head + part + tail)]


def _repo_path(token: str, repo: Path = REPO) -> str | None:
    """The token as a path from the repository's root, or None if it is not one of ours."""
    token = NODE.sub("", token.strip("\"'.,;()[]"))
    if token.endswith(":") or LINE.search(token):
        return None
    token = token.removeprefix("./")
    if "/" not in token and token not in ROOTS:
        return None
    first, _, rest = token.partition("/")
    if first in ROOTS:
        return token
    if first not in PACKAGE_DIRS or not rest.strip("/"):
        return None
    if first == "site":
        entry = rest.split("/", 1)[0]
        package = repo / "tavla_docs" / "site"
        if not (token.endswith(SOURCE_SUFFIXES) or (package / entry).exists()
                or (package / f"{entry}.py").exists()):
            return None
    return f"tavla_docs/{token}"


def cited(doc: Path, repo: Path = REPO) -> Iterator[tuple[int, str, str]]:
    """(line, path as written, path from the repository's root) for each cited repo path."""
    text = _without_fences(doc.read_text(encoding="utf-8"))
    found: list[tuple[int, str, str]] = []
    for span in CODE_SPAN.finditer(text):
        for token in re.finditer(r"\S+", span.group(2)):
            for path in _expand(token.group()):
                resolved = _repo_path(path, repo)
                if resolved is not None:
                    line = text.count("\n", 0, span.start(2) + token.start()) + 1
                    found.append((line, token.group(), resolved))
    prose = CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    for link in LINK.finditer(prose):
        target = link.group(1).split("#", 1)[0]
        if not target or re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue
        resolved = (doc.parent / target).resolve()
        try:
            rel = resolved.relative_to(repo.resolve()).as_posix()
        except ValueError:
            rel = "../" + target  # outside the repository: reported as missing
        found.append((text.count("\n", 0, link.start(1)) + 1, link.group(1), rel or "."))
    yield from sorted(found)


def slugs(doc: Path) -> set[str]:
    """The anchors of a Markdown file's headings: lower case, punctuation dropped, `-1` on repeats."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    for match in re.finditer(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", _without_fences(doc.read_text(encoding="utf-8")),
                             re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", match.group(1).strip().lower()).replace(" ", "-")
        repeat = seen.get(slug, 0)
        seen[slug] = repeat + 1
        found.add(slug if repeat == 0 else f"{slug}-{repeat}")
    return found


def broken_anchors(docs: list[Path]) -> list[str]:
    """`doc:line: target` for every link whose `#anchor` names no heading of its Markdown target."""
    out = []
    for doc in docs:
        text = _without_fences(doc.read_text(encoding="utf-8"))
        prose = CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
        for link in LINK.finditer(prose):
            target = link.group(1)
            if "#" not in target or re.match(r"[a-z][a-z0-9+.-]*:", target):
                continue
            path, anchor = target.split("#", 1)
            file = (doc.parent / path) if path else doc
            if file.suffix == ".md" and file.exists() and anchor not in slugs(file):
                out.append(f"{doc.name}:{prose.count(chr(10), 0, link.start()) + 1}: {target}")
    return out


def exists(path: str, repo: Path = REPO) -> bool:
    """Does the cited path name something in the repository (see the module's rules)?"""
    parts = path.rstrip("/").split("/")
    for i, part in enumerate(parts):
        if PLACEHOLDER.search(part):
            parts = parts[:i]
            break
    stem = "/".join(parts)
    if any(c in stem for c in "*?["):
        return any(repo.glob(stem))
    target = repo / stem
    return target.exists() or (target.suffix == "" and target.with_suffix(".py").exists())


def missing(docs: list[Path], repo: Path = REPO) -> list[str]:
    """`doc:line: path` for every cited path that does not exist and is not an example."""
    out = []
    for doc in docs:
        for line, written, path in cited(doc, repo):
            if path not in EXAMPLES and not exists(path, repo):
                out.append(f"{doc.relative_to(repo).as_posix()}:{line}: {written}")
    return out


def test_every_cited_path_exists() -> None:
    problems = missing(guides())
    assert not problems, "paths the guides cite that do not exist:\n" + "\n".join(problems)


def test_every_linked_anchor_exists() -> None:
    problems = broken_anchors(guides())
    assert not problems, "links to headings that do not exist:\n" + "\n".join(problems)


def test_a_planted_broken_anchor_is_found(tmp_path: Path) -> None:
    doc = _project(tmp_path, "# Top\n\n## The `diagram:` options\n\n## Top\n\n"
                             "[a](#the-diagram-options) [b](#top-1) [c](cli.md) [d](#gone) [e](https://x.org/#y)\n")
    assert broken_anchors([doc]) == ["guide.md:7: #gone"]


def test_examples_are_cited_and_absent() -> None:
    all_cited = {path for doc in guides() for _, _, path in cited(doc)}
    for path, why in EXAMPLES.items():
        assert path in all_cited, f"{path} ({why}) is no longer cited: drop it from EXAMPLES"
        assert not (REPO / path).exists(), f"{path} exists now: drop it from EXAMPLES"


def test_records_say_they_are_records() -> None:
    for name in RECORDS:
        opening = (REPO / name).read_text(encoding="utf-8").split("\n\n", 3)[:3]
        assert any("record" in part and "test_docs_paths.py" in part for part in opening), name


def test_the_guides_cite_many_paths() -> None:
    """The extractor reads the real guides: a broken pattern that finds nothing would pass."""
    assert sum(1 for doc in guides() for _ in cited(doc)) > 100


# The extractor on a planted guide: it must catch a missing path and leave non-paths alone.

def _project(tmp_path: Path, body: str) -> Path:
    for name in ("tavla_docs/engine/movegen.py", "tavla_docs/site/locales/tr/x.po",
                 "tavla_docs/site/locales/en/x.po", "tests/variants/bad/one.yaml", "docs/cli.md"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    doc = tmp_path / "docs" / "guide.md"
    doc.write_text(body, encoding="utf-8")
    return doc


@pytest.mark.parametrize("body", [
    "See `tavla_docs/engine/plainwalk.py` for the walk.\n",
    "The short form `engine/plainwalk.py` too.\n",
    "A module without its suffix: `engine/plainwalk`.\n",
    "Linked: [the CLI](cli2.md#new).\n",
    "In a command: `pytest -q tests/engine/test_gone.py::test_x`.\n",
    "Braces: `tavla_docs/site/locales/{tr,en,de}/x.po`.\n",
    "A glob that matches nothing: `tests/scenario/bad/*.yaml`.\n",
    "A placeholder under a missing folder: `examples/<name>.yaml` in `scripts/<name>.py`.\n",
    "A file of the build output's name in the package: `site/figures2.py`.\n",
])
def test_a_planted_missing_path_is_found(tmp_path: Path, body: str) -> None:
    doc = _project(tmp_path, body)
    assert missing([doc], tmp_path) == [f"docs/guide.md:1: {m}" for m in _written(body)]


def _written(body: str) -> list[str]:
    """The one token in `body` the planted case expects to be reported."""
    for token in ("tavla_docs/engine/plainwalk.py", "engine/plainwalk.py", "engine/plainwalk",
                  "cli2.md#new", "tests/engine/test_gone.py::test_x",
                  "tavla_docs/site/locales/{tr,en,de}/x.po", "tests/scenario/bad/*.yaml",
                  "scripts/<name>.py", "site/figures2.py"):
        if f"`{token}`" in body or f"({token})" in body or f" {token}`" in body:
            return [token]
    raise AssertionError(body)


@pytest.mark.parametrize("body", [
    "Existing: `tavla_docs/engine/movegen.py`, `engine/movegen`, [cli](cli.md#x), [up](../docs/cli.md).\n",
    "Braces: `tavla_docs/site/locales/{tr,en}/x.po`; a glob: `tests/variants/bad/*`.\n",
    "Placeholders: `tests/variants/bad/<name>.yaml`, `engine/…`.\n",
    "Located: `tavla_docs/engine/movegen.py:12:5` and `tests/variants/bad/one.yaml::x`.\n",
    "URLs: [MkDocs](https://www.mkdocs.org/user-guide/), <https://example.org/a/b>, [top](#top).\n",
    "The build output: `site/`, `site/en/`? No: `site/` alone, and `.venv/bin/tavla-docs`.\n",
    "Another project: `my-site/scenarios/x.yaml`, `cd my-rules`, `content/tr/` is ours.\n",
    "```sh\ncat tavla_docs/engine/gone.py tests/none.py\n```\n",
    "Not paths: `TAVLA_DOCS_PURE=1`, `6/off 4/off`, `24/18`, `bar/22*`, `a/b`.\n",
    "Diagnostics: `scenarios/t/a.yaml:9:7: error: x`, `content/en/evil.md: error: y`.\n",
    "A page's link quoted: `[pul toplama](bear-off.md)`.\n",
])
def test_what_is_not_a_missing_repo_path(tmp_path: Path, body: str) -> None:
    doc = _project(tmp_path, body)
    (tmp_path / "content" / "tr").mkdir(parents=True)
    assert missing([doc], tmp_path) == []


def test_site_output_paths_are_not_read_as_the_package() -> None:
    assert _repo_path("site/") is None
    assert _repo_path("site") is None
    assert _repo_path("site/bear-off/index.html") is None
    assert _repo_path("site/figures.py") == "tavla_docs/site/figures.py"
    assert _repo_path("site/figures") == "tavla_docs/site/figures"
    assert _repo_path("site/audit/") == "tavla_docs/site/audit/"
    assert _repo_path("site/gone.py") == "tavla_docs/site/gone.py"
