"""Catalogs are contributor data with limits (issue 26, item 4): a width bomb, a plural-count bomb,
a plural expression that is code or divides by zero, a placeholder no caller passes, each refused
at the catalog's own line with exit 1, in bounded time and memory, never blamed on a page."""
from __future__ import annotations

import gettext
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tavla_docs.site import i18n
from tavla_docs.site.plural import PluralFormsError, parse_plural_forms

from .conftest import tiny_project

ROOT = Path(__file__).resolve().parents[2]
PO = "tavla_docs/site/locales/en/LC_MESSAGES/messages.po"
HEADER = "nplurals=2; plural=(n != 1);"
SIDE = 'msgstr "%(side)s to play %(roll)s"'  # the figures' title: every build formats it
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


def _line_of(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (500 << 20, 500 << 20))


# (what the catalog says instead, the error's text after `messages.po:LINE:COL: error: `)
BOMBS = [
    (SIDE, SIDE.replace("%(side)s", "%(side)20000000s"),
     "the width 20000000 of %(side)20000000s is over 100"),
    (SIDE, SIDE.replace("%(side)s", "%(side)999999999s"),
     "the width 999999999 of %(side)999999999s is over 100"),
    (SIDE, SIDE.replace("%(side)s", "%(secret)s"),
     "%(secret)s: the msgid has no placeholder 'secret' (it has %(roll), %(side))"),
    (HEADER, "nplurals=300000000; plural=(n != 1);",
     "Plural-Forms: nplurals=300000000: a language has 1 to 6 plural forms"),
    (HEADER, "nplurals=2; plural=1/(n-n);",
     "Plural-Forms: '/' divides only by a positive number written as digits, not by an expression"),
]


@pytest.mark.parametrize("old, new, message", BOMBS, ids=["width", "width-huge", "secret", "nplurals", "div0"])
def test_a_catalog_bomb_fails_the_build_at_the_catalogs_line(tmp_path: Path, old: str, new: str,
                                                              message: str) -> None:
    """The real `tavla-docs build` of a small project, run with the package whose English catalog
    a pull request changed; 20 s and 500 MB at most (before: 52 s and 3.6 GB, or a page blamed)."""
    pkg = tmp_path / "pkg"
    shutil.copytree(ROOT / "tavla_docs", pkg / "tavla_docs", ignore=shutil.ignore_patterns("__pycache__"))
    po = pkg / PO
    text = po.read_text(encoding="utf-8")
    line = _line_of(text, old)
    po.write_text(text.replace(old, new, 1), encoding="utf-8")
    (tmp_path / "proj").mkdir()
    page = "{{ diagram('bear-off/a') }}\n"
    proj = tiny_project(tmp_path / "proj", "# Sayfa\n\n" + page, "# Page\n\n" + page, {"bear-off/a": SCENARIO})
    r = subprocess.run([sys.executable, "-m", "tavla_docs", "build"], cwd=proj, capture_output=True, text=True,
                       env={"PYTHONPATH": str(pkg), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                            "TAVLA_DOCS_AUDIT": "off"},
                       timeout=20, preexec_fn=_limits)
    assert r.returncode == 1, r.stderr[-2000:]
    assert f"{po}:{line}:" in r.stderr and f": error: {message}" in r.stderr, r.stderr[-2000:]
    assert "Traceback" not in r.stderr and "index.md" not in r.stderr
    assert not (proj / "site" / "index.html").exists()


def _catalog(tmp_path: Path, old: str, new: str) -> tuple[Path, int]:
    shutil.copytree(i18n.LOCALES_DIR, tmp_path / "locales")
    po = i18n.po_path("en", tmp_path / "locales")
    text = po.read_text(encoding="utf-8")
    assert old in text
    po.write_text(text.replace(old, new, 1), encoding="utf-8")
    return po, _line_of(text, old)


@pytest.mark.parametrize("old, new, col, message", [
    (HEADER, "nplurals=two; plural=(n != 1);", 25, "Plural-Forms: nplurals=two is not a whole number"),
    (HEADER, "nplurals=2; plural=n.__class__;", 36, "Plural-Forms: unexpected '.' in the plural expression"),
    (HEADER, "nplurals=2; plural=" + "(" * 13 + "n" + ")" * 13 + ";", 48,
     "Plural-Forms: the plural expression is nested more than 12 levels deep"),
    (HEADER, "nplurals=2; plural=" + "(" * 400 + "n" + ")" * 400 + ";", 16,
     "Plural-Forms: the value is 821 characters; the limit is 340"),
    (HEADER, "nplurals=2; plural=n%0;", 37,
     "Plural-Forms: '%' divides only by a positive number written as digits, not by zero"),
    (HEADER, "nplurals=2; plural=(n != 1) + 1;", 35,
     "Plural-Forms: plural=(n != 1) + 1 gives 2 for n = 0, but nplurals=2 allows 0 to 1"),
    (HEADER, "nplurals=2; plural=__import__('os');", 35,
     "Plural-Forms: unexpected '_' in the plural expression"),
    (HEADER, "nplurals=2;", 16, "Plural-Forms: no plural= in the value"),
    (SIDE, SIDE.replace("%(side)s", "%(side).999999999s"), 9,
     "the precision 999999999 of %(side).999999999s is over 100"),
    (SIDE, SIDE.replace("%(side)s", "%(side)*s"), 9, "%(side)*s: a width given by '*' is not allowed"),
    (SIDE, SIDE.replace("%(side)s", "50% %(side)s"), 11, "% %: write a percent sign as %%"),
    (SIDE, SIDE.replace("%(side)s", "%(side)d"), 9, "%(side)d: the msgid writes %(side) as %s; use that or %(side)s"),
    (SIDE, SIDE.replace("%(side)s", "%s"), 9, "%s: a placeholder without a name, and the msgid has none"),
    (SIDE, SIDE.replace("%(side)s", "%(side)s 5%"), 19,
     "'% ': a '%' that starts no placeholder (write %% for a percent sign)"),
])
def test_each_catalog_problem_is_one_located_line(tmp_path: Path, old: str, new: str, col: int,
                                                  message: str) -> None:
    po, line = _catalog(tmp_path, old, new)
    with pytest.raises(i18n.CatalogError) as e:
        i18n.read_catalog("en", tmp_path / "locales")
    first = str(e.value).splitlines()[0]
    assert first == f"{po}:{line}:{col}: error: {message}"


FIRST_ENTRY = 'msgid "%(n)s on each of points %(p)s"'  # the English catalog's first entry after the header


@pytest.mark.parametrize("new, col, message, hint", [
    ("nplurals=2; plural=n.__class__;", 36, "Plural-Forms: unexpected '.' in the plural expression", True),
    ("nplurals=2; plural=(n != 1);\\n\"\n\"Plural-Forms: nplurals=2; plural=(n != 1);", 2,
     "the header has Plural-Forms twice", False),
])
def test_a_header_error_before_a_flagged_entry_is_located_once(tmp_path: Path, new: str, col: int, message: str,
                                                               hint: bool) -> None:
    """A flag comment (`#, python-format`) on the first entry: Babel adds the header while it reads
    that comment, and wrapped our located error in its own, so the location was printed twice."""
    po, line = _catalog(tmp_path, HEADER, new)
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace(FIRST_ENTRY, "#, python-format\n" + FIRST_ENTRY, 1), encoding="utf-8")
    with pytest.raises(i18n.CatalogError) as e:
        i18n.read_catalog("en", tmp_path / "locales")
    lines = str(e.value).splitlines()
    assert lines[0] == f"{po}:{line}:{col}: error: {message}"
    assert str(e.value).count(str(po)) == 1 and str(e.value).count("error:") == 1
    assert len(lines) == (2 if hint else 1) and (not hint or lines[1].startswith("    hint: "))


def test_a_catalog_that_is_not_utf8_or_too_large_or_a_fifo(tmp_path: Path) -> None:
    po, line = _catalog(tmp_path, SIDE, SIDE)
    data = po.read_bytes()
    at = data.index(SIDE.encode())
    po.write_bytes(data[:at] + SIDE.encode().replace(b"to play", b"to pl\xffay") + data[at + len(SIDE):])
    with pytest.raises(i18n.CatalogError, match=rf"messages\.po:{line}:23: error: the catalog is not UTF-8 text"):
        i18n.read_catalog("en", tmp_path / "locales")
    po.write_bytes(b"#" * (i18n.MAX_CATALOG_BYTES + 1))
    with pytest.raises(i18n.CatalogError, match=r"the catalog is 1,048,577 bytes; the limit is 1,048,576"):
        i18n.read_catalog("en", tmp_path / "locales")
    po.unlink()
    os.mkfifo(po)  # opened without blocking, then refused
    with pytest.raises(i18n.CatalogError, match=r"messages\.po: error: the catalog is not a regular file"):
        i18n.read_catalog("en", tmp_path / "locales")


def test_the_plural_rule_is_never_gettexts_eval(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loading the catalogs never hands the header to `gettext.c2py`, which turns it into Python."""
    def refuse(expr: str) -> None:
        raise AssertionError(f"c2py called on {expr!r}")

    monkeypatch.setattr(gettext, "c2py", refuse)
    for lang in i18n.LANGUAGES:
        t = i18n.translations(i18n.read_catalog(lang))
        assert t.ngettext("%(num)d checker left", "%(num)d checkers left", 3) % {"num": 3}


# gettext's own table of plural forms (the GNU gettext manual): our grammar gives the same index as
# gettext's reader of these trusted expressions, for every n up to 1000.
GETTEXT_TABLE = [
    "nplurals=1; plural=0;",
    "nplurals=2; plural=n != 1;",
    "nplurals=2; plural=n>1;",
    "nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2;",
    "nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;",
    "nplurals=3; plural=n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2;",
    "nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2;",
    "nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2;",
    "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    "nplurals=4; plural=n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3;",
    "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;",
    "nplurals=5; plural=n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 :(n>6 && n<11) ? 3 : 4;",
    "nplurals=2; plural=!(n/10 == 1);",
    "nplurals=3; plural=n + 3 > 100 ? 0 : n*2 - n/3 > 9 ? 1 : 2;",
]


@pytest.mark.parametrize("header", GETTEXT_TABLE)
def test_the_grammar_agrees_with_gettext_on_its_own_table(header: str) -> None:
    rule = parse_plural_forms(header)
    reference = gettext.c2py(header.split("plural=", 1)[1].rstrip(";"))  # trusted text, written here
    assert [rule(n) for n in range(1001)] == [reference(n) for n in range(1001)]


def test_plural_forms_limits_hold_for_nplurals_six_and_not_seven() -> None:
    assert parse_plural_forms("nplurals=6; plural=n > 5 ? 5 : n;").nplurals == 6
    with pytest.raises(PluralFormsError, match="a language has 1 to 6 plural forms"):
        parse_plural_forms("nplurals=7; plural=0;")
