"""`tavla-docs new page NAME`, `new scenario TOPIC/NAME [POSITION] [ROLL]` and `new site DIR`
(`newsite`): an author's first draft.

`new page` writes the page in every language of the site (`content/<lang>/NAME.md`, front
matter included) and adds it to the plugin's `nav_order` in mkdocs.yml by editing that one
line (or block) of text, so the file keeps its comments and layout. `new scenario` writes
`scenarios/TOPIC/NAME.yaml` with the claims the engine computes for the position and roll
(the play count, the dice used, the pips; without a roll, the 36-roll odds; an XGID's or Match
ID's dice are the roll when ROLL is not given, as in `plays`), so the file passes
`tavla-docs check` as written and the author edits it from there. Neither overwrites, and
each writes its files together (`writes.write_together`): a write that fails changes no file.
"""
from __future__ import annotations

import argparse
import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...errors import TavlaError
from ...writes import write_together

NAME = re.compile(r"[a-z0-9](?:[a-z0-9-]*[a-z0-9])?")  # a file name: lower-case ASCII, digits, hyphens
NAV_ORDER = re.compile(r"^(?P<indent>[ \t]*)nav_order[ \t]*:[ \t]*(?P<rest>.*)$", re.MULTILINE)

# What a new page says until its author writes it, per language (other languages get the English).
DRAFT = {
    "tr": ("Bu sayfanın konusu, kısaca.", "Sayfanın metni buraya gelir."),
    "en": ("What this page is about, in a sentence.", "The page's text goes here."),
}
CAPTION = {"tr": "Şemanın açıklaması buraya gelir.", "en": "The figure's caption goes here."}
OUTCOMES = ("bears_off", "hits", "enters", "no_play")


class NewError(TavlaError):
    """A file `new` will not write (it exists, or its name cannot be a file's); the message has a hint."""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("new", help="start a page (every language, in the navigation) or a scenario with its claims",
                       description="Write the first draft of a page or a scenario; never overwrites a file.")
    kinds = p.add_subparsers(dest="kind", metavar="KIND")
    kinds.required = True
    page = kinds.add_parser("page", help="write content/<lang>/NAME.md for every language and add NAME.md to "
                                         "the navigation (nav_order in mkdocs.yml)")
    page.add_argument("name", metavar="NAME", help="the file name, e.g. opening-moves (lower case, digits, hyphens)")
    page.add_argument("--title", action="append", default=[], metavar="LANG=TITLE",
                      help="the page's title in one language (repeat for each); default: from NAME")
    page.add_argument("--slug", action="append", default=[], metavar="LANG=SLUG",
                      help="the page's URL in one language, e.g. tr=acilis-hamleleri (default: NAME)")
    page.add_argument("--config", default="mkdocs.yml", help="the MkDocs configuration (default: mkdocs.yml)")
    scen = kinds.add_parser("scenario", help="write scenarios/TOPIC/NAME.yaml with the computed claims filled in")
    scen.add_argument("name", metavar="TOPIC/NAME", help="the scenario's id, e.g. bear-off/my-example")
    scen.add_argument("position", nargs="?", metavar="POSITION",
                      help="XGID, GNU Backgammon Position ID[:Match ID] (or both labelled lines); "
                           "default: the variant's starting position")
    scen.add_argument("roll", nargs="?", metavar="ROLL",
                      help="the dice, e.g. 6-3; without it, an odds scenario (what each of the 36 rolls does)")
    scen.add_argument("--variant", default="tavla", help="the game (default: tavla)")
    scen.add_argument("--turn", choices=["white", "black"], help="side to play (default: from the ID, else white)")
    scen.add_argument("--config", default="mkdocs.yml",
                      help="the MkDocs configuration whose scenarios_dir is used (default: mkdocs.yml; "
                           "without one: ./scenarios)")
    site = kinds.add_parser("site", help="start a project in DIR: mkdocs.yml, one page per language with a "
                                         "figure, its scenario, .gitignore and README; builds as written")
    site.add_argument("dir", metavar="DIR", help="the project's folder (made if missing; no file in it is overwritten)")
    site.add_argument("--lang", default="tr,en", metavar="LANGS",
                      help="the site's languages, comma-separated, the default first (default: tr,en)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.kind == "site":
        written = new_site(args)
    else:
        written = new_page(args) if args.kind == "page" else new_scenario(args)
    for line in written:
        print(line)
    return 0


def new_site(args: argparse.Namespace) -> list[str]:
    """`new site DIR`: the project `newsite` makes, written without overwriting anything."""
    from .newsite import site_files
    root = Path(args.dir)
    files = site_files(root, args.lang, scenario_text)
    refuse_existing(list(files), "DIR")
    write_together(files)
    return [f"wrote {shown(p)}" for p in files] + [
        f"    next: cd {shown(root)} && tavla-docs build   (then `mkdocs serve` to preview)"]


def shown(p: Path) -> str:
    """A path as the author types it: relative to the working directory when inside it."""
    try:
        return p.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(p)


def refuse_existing(paths: Sequence[Path], what: str) -> None:
    for p in paths:
        if p.exists():
            raise NewError(f"{shown(p)}: already exists; `new` never overwrites a file\n"
                           f"    hint: choose another {what}, or edit the file")


def clip(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def per_language(values: Sequence[str], languages: Sequence[str], option: str) -> dict[str, str]:
    """`--title tr=Açılış --title en=Openings` -> {"tr": "Açılış", "en": "Openings"}."""
    out: dict[str, str] = {}
    for v in values:
        lang, sep, text = v.partition("=")
        if not sep or lang not in languages or not text.strip():
            raise NewError(f"{option} {clip(v)!r}: write LANG=TEXT with LANG one of {', '.join(languages)}")
        bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Zl", "Zp")), None)
        if bad is not None:  # a line break would end the front matter's line and the heading
            raise NewError(f"{option} {clip(v)!r}: the text holds the control character U+{ord(bad):04X}\n"
                           "    hint: a title or a slug is one line of plain text")
        out[lang] = text.strip()
    return out


# -- pages
def new_page(args: argparse.Namespace) -> list[str]:
    from ...site.languages import SlugError, front_matter_slug
    from ..siteconfig import read_site_config
    from .build import _plugin_option_raw, _raw_config_of

    _raw_config_of.cache_clear()  # the file as it is now: `new page` edits it, and a long process may call it again
    name = args.name.removesuffix(".md")
    if not NAME.fullmatch(name):
        raise NewError(f"page name {args.name!r}: a file name of lower-case letters, digits and hyphens\n"
                       "    hint: e.g. `tavla-docs new page opening-moves`; a language's own URL is --slug LANG=SLUG")
    config = Path(args.config)
    if not config.is_file():
        raise NewError(f"{args.config}: no such file\n    hint: run in the project's folder, or give --config")
    site = read_site_config(config.resolve())  # resolved: the config reader caches by path
    langs = site.languages
    titles = per_language(args.title, langs, "--title")
    slugs = per_language(args.slug, langs, "--slug")
    files = {lang: site.docs_dir / lang / f"{name}.md" for lang in langs}
    refuse_existing(list(files.values()), "NAME")
    texts = {}
    for lang in langs:
        title = titles.get(lang) or name.replace("-", " ").capitalize()
        about, body = DRAFT.get(lang, DRAFT["en"])
        slug = f"slug: {slugs[lang]}\n" if lang in slugs else ""
        texts[lang] = f"---\ntitle: {yaml_text(title)}\ndescription: {yaml_text(about)}\n{slug}---\n# {title}\n\n{body}\n"
        try:
            front_matter_slug(texts[lang], shown(files[lang]))
        except SlugError as e:
            raise NewError("--slug: " + str(e).split(": error: ", 1)[-1]) from None
    last = _plugin_option_raw(config.resolve(), "nav_last")
    last = last if isinstance(last, str) and last != f"{name}.md" else None
    nav = add_to_nav(config.read_text(encoding="utf-8"), f"{name}.md", before=last)
    out = [f"wrote {shown(files[lang])}" for lang in langs]
    writes: dict[Path, str] = {files[lang]: texts[lang] for lang in langs}
    text = config.read_text(encoding="utf-8")
    if nav is None:
        out.append(f"{shown(config)} has no nav_order: the page is listed in alphabetical order")
    elif nav != text:
        if last is not None and nav != add_to_nav(text, f"{name}.md"):
            out.append(f"added {name}.md to nav_order in {shown(config)} just before {last}, the site's nav_last "
                       "(move it where it belongs)")
        else:
            out.append(f"added {name}.md to the end of nav_order in {shown(config)} (move it where it belongs)")
        writes[config.resolve()] = nav  # through a link, as before
    write_together(writes)  # every language's page and mkdocs.yml, or none of them
    return out


def yaml_text(text: str) -> str:
    """`text` as a YAML scalar on one line: plain when YAML reads it back as that string, else quoted."""
    plain = re.fullmatch(r"[^\s\-?:,\[\]{}#&*!|>'\"%@`][^:#]*", text) and not re.search(r"\s$", text)
    return text if plain else '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def add_to_nav(config_text: str, entry: str, before: str | None = None) -> str | None:
    """mkdocs.yml's text with `entry` last in the plugin's `nav_order` (or just before `before`, the
    site's `nav_last` page, when the list has it), the rest of the text untouched; None without a
    `nav_order`. The flow form (`nav_order: [a.md, b.md]`) and the block form (`nav_order:` then
    `- a.md` lines) are both kept as they are.

    >>> add_to_nav("plugins:\\n  - tavla-docs:\\n      nav_order: [index.md, a.md]  # order\\n", "b.md")
    'plugins:\\n  - tavla-docs:\\n      nav_order: [index.md, a.md, b.md]  # order\\n'
    >>> add_to_nav("      nav_order:\\n        - index.md\\n        - a.md\\nx: 1\\n", "b.md")
    '      nav_order:\\n        - index.md\\n        - a.md\\n        - b.md\\nx: 1\\n'
    >>> add_to_nav("nav_order: [a.md, b.md]\\n", "a.md") == "nav_order: [a.md, b.md]\\n"
    True
    >>> add_to_nav("nav_order: [a.md, glossary.md]\\n", "b.md", before="glossary.md")
    'nav_order: [a.md, b.md, glossary.md]\\n'
    >>> add_to_nav("nav_order:\\n  - a.md\\n  - glossary.md\\n", "b.md", before="glossary.md")
    'nav_order:\\n  - a.md\\n  - b.md\\n  - glossary.md\\n'
    """
    m = NAV_ORDER.search(config_text)
    if m is None:
        return None
    rest = m.group("rest")
    if rest.startswith("["):
        close = rest.find("]")
        if close < 0:
            raise NewError("mkdocs.yml: nav_order's list does not close on its line\n"
                           "    hint: write it on one line, [a.md, b.md], or one `- a.md` per line")
        items = [x.strip() for x in rest[1:close].split(",") if x.strip()]
        if entry in [x.strip("'\"") for x in items]:
            return config_text
        names = [x.strip("'\"") for x in items]
        at = names.index(before) if before in names else len(items)
        new = "[" + ", ".join([*items[:at], entry, *items[at:]]) + rest[close:]
        return config_text[:m.start("rest")] + new + config_text[m.end("rest"):]
    if rest.strip() and not rest.lstrip().startswith("#"):
        raise NewError(f"mkdocs.yml: nav_order is neither a [list] nor `- item` lines: {rest.strip()!r}")
    lines = config_text[m.end():].split("\n")[1:]
    pos = m.end() + 1
    last_end, prefix = m.end(), None
    for line in lines:
        item = re.match(r"^([ \t]*-[ \t]*)(.*?)[ \t]*(#.*)?$", line)
        if item is None or len(item.group(1)) - len(item.group(1).lstrip()) <= len(m.group("indent")) - 1:
            if line.strip() and not line.lstrip().startswith("#"):
                break
        else:
            if item.group(2).strip("'\"") == entry:
                return config_text
            if before is not None and item.group(2).strip("'\"") == before:
                return config_text[:pos] + item.group(1) + entry + "\n" + config_text[pos:]
            prefix, last_end = item.group(1), pos + len(line)
        pos += len(line) + 1
    prefix = prefix if prefix is not None else m.group("indent") + "  - "
    return config_text[:last_end] + "\n" + prefix + entry + config_text[last_end:]


# -- scenarios
def new_scenario(args: argparse.Namespace) -> list[str]:
    from ...engine.board import Side
    from ...engine.dice import Roll, RollError
    from ...formats.positions import read_position
    from ...variants import ruleset

    sid = args.name.removesuffix(".yaml")
    parts = sid.split("/")
    if len(parts) < 2 or not all(NAME.fullmatch(x) for x in parts):
        raise NewError(f"scenario id {args.name!r}: TOPIC/NAME, each lower-case letters, digits and hyphens\n"
                       "    hint: e.g. `tavla-docs new scenario bear-off/my-example`")
    root = scenarios_root(Path(args.config))
    path = root / f"{sid}.yaml"
    refuse_existing([path, path.with_suffix(".yml")], "TOPIC/NAME")
    try:
        rules = ruleset(args.variant)
    except TavlaError as e:
        raise NewError(f"--variant {args.variant!r}: {e}") from None
    position_text, roll_text = args.position, args.roll
    if roll_text is None and position_text is not None:  # `new scenario a/b 6-3`: the start, with that roll
        try:
            Roll.parse(position_text)
            position_text, roll_text = None, position_text
        except RollError:
            pass
    turn = Side.parse(args.turn) if args.turn else None
    match = None
    if position_text is None:
        pos, side = rules.starting_position(), turn
    else:
        try:
            pos, side, match = read_position(position_text, turn=turn, geometry=rules.geometry, checkers=rules.checkers)
        except TavlaError as e:
            raise NewError(f"POSITION {position_text!r}: {e}\n    hint: an XGID, a GNU Backgammon Position ID "
                           "[:Match ID], or nothing for the starting position") from None
    side = side or Side.WHITE
    if roll_text is None and position_text is not None and match is not None and match.dice is not None:
        roll_text = "-".join(map(str, match.dice))  # the ID's dice, as `plays` and `render` use them
    try:
        roll = Roll.parse(roll_text) if roll_text is not None else None
    except RollError as e:
        raise NewError(f"ROLL: {e}") from None
    write_together({path: scenario_text(sid, rules, pos, side, roll, position_text)})
    return [f"wrote {shown(path)}",
            f"    edit its comment, caption and claims; draw it on a page with {{{{ diagram(\"{sid}\") }}}}, "
            "or say why not with `test_only:` (the strict site audit fails on an unused scenario)"]


def scenarios_root(config: Path) -> Path:
    if not config.is_file():
        return Path("scenarios")
    from ..siteconfig import read_site_config
    site = read_site_config(config.resolve())
    return site.root / site.scenarios_dir


def scenario_text(sid: str, rules: Any, pos: Any, side: Any, roll: Any, source: str | None) -> str:
    """The scenario file: the position as a mapping (board numbering), the claims as the engine has them."""
    from ...analysis.odds import roll_odds
    from ...engine.board import Side
    from ...engine.movegen import max_dice
    from ...scenario.claims import DEFAULT_ENGINE, count_plays

    lines = [f"# {sid}: what this example shows (edit this comment, the caption and the claims).",
             "# The claims below are what the engine computes; keep those the page relies on, and `pips:`."]
    if source is not None:
        lines.append(f"# From {' '.join(source.split())}")
    lines += [f"variant: {rules.variant}", "position:"]
    board = pos.to_json()
    for s in (Side.WHITE, Side.BLACK):
        counts = {int(k): v for k, v in board[s.value].items()}
        entries = [f"{b}: {n}" for b, n in sorted(counts.items(), reverse=True)]
        if board[f"{s.value}_bar"]:
            entries.append(f"bar: {board[f'{s.value}_bar']}")
        lines.append(f"  {s.value}: {{{', '.join(entries)}}}")
    if pos.pinned:
        lines.append("  pinned: {" + ", ".join(f"{k}: {v}" for k, v in board["pinned"].items() if v) + "}")
    lines.append(f"turn: {side.value}")
    # Both sides' pips: a checker drawn one point off changes them, so they pin every checker the
    # figure shows (`tavla-docs pins`, the build's `min_pin_score`).
    pips = (f"  pips: {{white: {pos.pips(Side.WHITE)}, black: {pos.pips(Side.BLACK)}}}"
            "   # pins every checker drawn (tavla-docs pins)")
    if roll is not None:
        plays = DEFAULT_ENGINE.plays(pos, side, roll, rules)
        moving = [p for p in plays if p.moves]
        lines.append(f"roll: {roll}")
        if moving:
            some = ", ".join(str(p) for p in moving[:3]) + (", …" if len(moving) > 3 else "")
            lines.append(f"# show: {moving[0]}     # the play to draw, one of the {len(moving)} legal plays: {some}")
        lines.append("expect:")
        if moving:
            lines += [f"  plays: {count_plays(plays)}", f"  dice_used: {max_dice(plays)}"]
        else:
            lines.append("  no_play: true")
        lines.append(pips)
    else:
        odds = roll_odds(pos, side, rules)
        lines += ["expect:", pips,
                  "  odds: {" + ", ".join(f"{k}: {odds.count(k)}/36" for k in OUTCOMES) + "}"]
    lines.append("caption:")
    lines += [f"  {lang}: \"{text}\"" for lang, text in CAPTION.items()]
    lines.append("diagram: {}")
    return "\n".join(lines) + "\n"
