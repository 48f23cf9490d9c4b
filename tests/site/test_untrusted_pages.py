"""A page is untrusted input (issue 12): its Jinja runs in a sandbox, with size and work limits,
and a translated string reaches the HTML as text. Every refusal is an error at the page line.
(`tests/scenario/test_confined_paths.py` keeps scenario names and `check` inside `scenarios/`.)"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tavla_docs.site.errors import PageError
from tavla_docs.site.i18n import po_path
from tavla_docs.site.renderer import SiteRenderer
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]
PAGE = "content/en/x.md"
SCENARIO = (PROJECT / "scenarios" / "bear-off" / "mid-move.yaml").read_text(encoding="utf-8")
SECRET = "TOPSECRET-d41d8cd9"


@pytest.fixture(scope="module")
def renderer() -> SiteRenderer:
    return SiteRenderer(PROJECT, cache_dir=None)


def refused(renderer: SiteRenderer, expr: str) -> str:
    """The error of a page whose line 3 is `expr`; it must name that line."""
    with pytest.raises(PageError) as e:
        renderer.render_page(f"# T\n\n{expr}\n", path=PAGE, lang="en")
    message = str(e.value)
    assert message.startswith(f"{PAGE}:3: error: "), message
    return message


# --- Python's internals are out of reach ------------------------------------------------------

def test_a_page_cannot_run_a_shell_command(renderer: SiteRenderer, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    for expr in (f"{{{{ cycler.__init__.__globals__.os.popen('touch {marker}').read() }}}}",
                 f"{{{{ joiner.__init__.__globals__['os'].system('touch {marker}') }}}}",
                 f"{{{{ namespace.__init__.__globals__.os.popen('touch {marker}').read() }}}}"):
        message = refused(renderer, expr)
        assert "unsafe" in message
    assert not marker.exists()


@pytest.mark.parametrize("expr", [
    "{{ ''.__class__.__mro__ }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ ().__class__.__base__.__subclasses__() }}",
    "{{ lipsum.__globals__.os.environ }}",
    "{{ cycler.__init__.__globals__.os.environ }}",
    "{{ cycler.__init__.__globals__.__builtins__.open('/etc/passwd').read() }}",
    "{{ diagram.__self__.site.root }}",
    "{{ diagram.__func__.__globals__ }}",
    "{{ ruleset('tavla').__class__.__init__.__globals__ }}",
    "{{ meta.update({'title': 'x'}) }}",
    "{{ self.__init__.__globals__ }}",
])
def test_internals_files_and_the_environment_are_refused(renderer: SiteRenderer, expr: str) -> None:
    message = refused(renderer, expr)
    assert "root:" not in message and "PATH" not in message and "/work" not in message


def test_a_refusal_in_a_real_build_names_the_line_and_builds_nothing(tmp_path: Path, tiny, monkeypatch, capsys) -> None:
    from tavla_docs.cli.main import main as cli_main

    marker = tmp_path / "pwned"
    attack = f"---\ntitle: x\n---\n# T\n\n{{{{ cycler.__init__.__globals__.os.popen('id; touch {marker}').read() }}}}\n"
    (tmp_path / "p").mkdir()
    proj = tiny(tmp_path / "p", attack, "# Page\n", {})
    monkeypatch.chdir(proj)
    assert cli_main(["build", "-q"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["content/tr/index.md:6: error: access to attribute '__init__' of 'type' object is unsafe."]
    assert not marker.exists()
    assert not (proj / "site").exists()


def test_build_reports_a_link_out_of_the_folder_at_the_file(tmp_path: Path, tiny, monkeypatch, capsys) -> None:
    from tavla_docs.cli.main import main as cli_main

    proj = tiny(tmp_path, "# T\n", "# T\n", {"good": SCENARIO})
    (tmp_path / "secret.txt").write_text(f"{SECRET}\n", encoding="utf-8")
    (proj / "scenarios" / "evil.yaml").symlink_to(tmp_path / "secret.txt")
    monkeypatch.chdir(proj)
    assert cli_main(["build", "-q"]) == 1
    err = capsys.readouterr().err
    assert SECRET not in err
    assert "scenarios/evil.yaml:1:1: error: this file is a symbolic link that leads outside scenarios/" in err


# --- one page cannot stall or exhaust the build ----------------------------------------------

STALLS = {
    "huge range": "{% for i in range(10**9) %}{% endfor %}",
    "nested loops": "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
    "string times": "{{ 'x' * 10**9 }}",
    "list times": "{{ [0] * 10**9 }}",
    "power": "{{ 10 ** (10 ** 10) }}",
    "squaring": "{% set ns = namespace(x=3) %}{% for i in range(64) %}{% set ns.x = ns.x * ns.x %}{% endfor %}",
    "doubling": "{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
    "aliases": "{% set a = [0] * 90000 %}{% set b = [a, a, a, a, a, a, a, a, a, a] %}{{ [b, b, b, b, b, b] }}",
    "center": "{{ 'x'|center(10**9) }}",
    "ljust": "{{ 'x'.ljust(10**9) }}",
    "format width": "{{ '{:>999999999}'.format(1) }}",
    "percent width": "{{ '%999999999d' % 1 }}",
    "exponential macro": "{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(64) }}",
    "big comparisons": "{% set big = range(90000)|list %}{% for i in range(90000) %}{% if -1 in big %}{% endif %}"
                       "{% endfor %}",
    "many figures": "{% for i in range(100000) %}{{ diagram('bear-off/mid-move') }}{% endfor %}",
}

REFUSALS = ("MAX_RANGE", "too much work", "characters or items", "bits; a page's numbers", "at most 100 figures")

_STALL = """
import sys, time
from pathlib import Path
from tavla_docs.site.errors import PageError
from tavla_docs.site.renderer import SiteRenderer
r = SiteRenderer(Path(sys.argv[1]), cache_dir=None)
start = time.perf_counter()
try:
    r.render_page("# T\\n\\n" + sys.argv[2] + "\\n", path="content/en/x.md", lang="en")
except PageError as e:
    print(f"{time.perf_counter() - start:.2f}")
    print(e)
else:
    print("rendered")
"""


def _limit_memory() -> None:  # the page runs in a child process: today's code would take the machine's memory
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))


@pytest.mark.parametrize("name", list(STALLS))
def test_a_page_cannot_stall_the_build(name: str) -> None:
    """Each page fails within seconds with an error at its line (run apart, with a memory cap and
    a timeout, so a page that does stall fails this test instead of the machine)."""
    try:
        r = subprocess.run([sys.executable, "-c", _STALL, str(ROOT), STALLS[name]], capture_output=True, text=True,
                           timeout=60, preexec_fn=_limit_memory if os.name == "posix" else None, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{name}: still running after 60 s")
    lines = r.stdout.splitlines()
    assert r.returncode == 0 and len(lines) >= 2, r.stdout + r.stderr[-2000:]
    assert float(lines[0]) < 10, lines
    assert lines[1].startswith(f"{PAGE}:3: error: "), lines[1]
    assert any(why in lines[1] for why in REFUSALS), lines[1]  # refused, not a MemoryError


def test_limits_leave_ordinary_jinja_alone(renderer: SiteRenderer) -> None:
    src = ("{% set ns = namespace(total=0) %}{% for i in range(1000) %}{% set ns.total = ns.total + i %}{% endfor %}"
           "{{ ns.total }} {{ 2 ** 64 }} {{ 'ab' * 3 }} {{ [1, 2] + [3] }} {{ '%05.1f' % 2.25 }} "
           "{{ '{:>6}'.format('x') }} {{ 'a b c'|replace(' ', '-')|upper }} {{ range(5)|join(',') }} "
           "{% for a, b in [(1, 2)] %}{{ a + b }}{% endfor %} {{ 3 in [1, 2, 3] }} {{ 'x' ~ 1 ~ 'y' }}")
    out = renderer.render_page(src, path=PAGE, lang="en").markdown
    assert out == "499500 18446744073709551616 ababab [1, 2, 3] 002.2      x A-B-C 0,1,2,3,4 3 True x1y"


def test_a_front_matter_bomb_is_refused_at_line_one(renderer: SiteRenderer) -> None:
    a = list(range(1000))
    bomb = {"a": [a] * 1000}  # what YAML aliases in the front matter produce: one list, a thousand times
    start = time.perf_counter()
    with pytest.raises(PageError, match=rf"^{PAGE}:1: error: the front matter holds more than"):
        renderer.render_page("# T\n", path=PAGE, lang="en", meta=bomb)
    assert time.perf_counter() - start < 2


def test_diagnostics_quote_at_most_80_characters_of_an_argument(renderer: SiteRenderer) -> None:
    for expr in ("{{ play('" + "9/3 " * 500 + "9/33') }}", "{{ glossary('" + "x" * 5000 + "') }}",
                 "{{ odds_table(['" + "7" * 5000 + "']) }}", "{{ bearoff_table(['" + "6x" * 3000 + "']) }}"):
        message = refused(renderer, expr)
        assert len(message) < 600, message
        assert "…" in message


# --- translated strings are text ---------------------------------------------------------------

SCRIPT = "<script>alert(1)</script>"


@pytest.fixture(scope="module")
def hostile_catalog(tmp_path_factory: pytest.TempPathFactory) -> SiteRenderer:
    """The real catalogs, with English strings a partial, a page and Python code use turned into script."""
    locales = tmp_path_factory.mktemp("locales")
    shutil.copytree(ROOT / "tavla_docs" / "site" / "locales", locales, dirs_exist_ok=True)
    po = po_path("en", locales)
    text = po.read_text(encoding="utf-8")
    for msgid in ("Figure %(num)d", "Notation:", "White", "Rule"):
        old = f'msgid "{msgid}"\nmsgstr "{msgid}"'
        assert old in text, msgid
        text = text.replace(old, f'msgid "{msgid}"\nmsgstr "{SCRIPT} {msgid}"')
    po.write_text(text, encoding="utf-8")
    return SiteRenderer(PROJECT, cache_dir=None, locales_dir=locales)


def test_a_catalog_string_is_escaped_in_partials(hostile_catalog: SiteRenderer) -> None:
    page = hostile_catalog.render_page('{{ diagram("bear-off/mid-move") }}\n{{ notation_legend() }}\n'
                                       '{{ rules_summary(["tavla", "backgammon"]) }}\n', path=PAGE, lang="en")
    html = "".join(page.fragments.values())
    assert "<script>" not in html
    # `_()` in figure.html, with its number (no-break spaces)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;\u00a0Figure\u00a01" in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; Notation:" in html  # notation_legend.html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; White to play" in html  # Python's gettext: the facts line
    assert "&lt;script&gt;alert(1)&lt;/script&gt; Rule" in html  # rules_summary.html


def test_a_catalog_string_is_escaped_in_a_page(hostile_catalog: SiteRenderer) -> None:
    out = hostile_catalog.render_page('{{ _("Figure %(num)d", num=2) }} / {{ gettext("Notation:") }} / '
                                      '{% trans %}Rule{% endtrans %}', path=PAGE, lang="en").markdown
    assert "<script>" not in out
    assert out == ("&lt;script&gt;alert(1)&lt;/script&gt; Figure 2 / &lt;script&gt;alert(1)&lt;/script&gt; "
                   "Notation: / &lt;script&gt;alert(1)&lt;/script&gt; Rule")


def test_partials_quote_attributes_with_double_quotes() -> None:
    """Catalog text keeps its apostrophes (`player's`), which is safe only inside double quotes."""
    for partial in (ROOT / "tavla_docs" / "site" / "partials").glob("*.html"):
        text = textwrap.dedent(partial.read_text(encoding="utf-8"))
        assert "='" not in text, partial.name
