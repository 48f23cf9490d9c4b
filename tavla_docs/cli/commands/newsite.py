"""`tavla-docs new site DIR [--lang tr,en]`: a project that builds strictly as written.

It writes mkdocs.yml (the plugin, the languages), one page per language drawing one figure,
the scenario behind it with the claims the engine computes (`new.scenario_text`), a
.gitignore and a README with the two commands. The partials come from the package: the
project has no `templates/` until it overrides one. Nothing is overwritten.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ...errors import TavlaError

SCENARIO = "start/first-roll"
ROLL = "3-1"
CAPTIONS = {"tr": "Başlangıç dizilişi; sıra Beyaz'da.", "en": "The starting position, White to play."}
PAGES = {
    "tr": ("Tavla kuralları", "Kuralları denetlenmiş şemalarla anlatan bir site.",
           "Aşağıdaki şema `scenarios/{sid}.yaml` senaryosundan çizilir. Senaryonun iddialarını "
           "kural motoru her derlemede yeniden hesaplar; tutmayan bir iddia derlemeyi durdurur."),
    "en": ("Tavla rules", "A site that explains the rules with checked diagrams.",
           "The figure below is drawn from the scenario `scenarios/{sid}.yaml`. The rules engine "
           "computes its claims again at every build; a claim that does not hold stops the build."),
}
README = """# {name}

Rule pages made with tavla-docs: pages in `content/<lang>/`,
the scenarios they draw in `scenarios/`.

    tavla-docs build    # check the scenarios, audit the pages, build the site into site/
    mkdocs serve        # preview at http://127.0.0.1:8000, rebuilt on every save

Add a page with `tavla-docs new page NAME`, a scenario with `tavla-docs new scenario TOPIC/NAME`.
To change a partial (the figure, a table…), copy it from the package's `tavla_docs/site/partials/`
into `templates/` here and edit the copy: a file in `templates/` replaces the package's one.
"""
GITIGNORE = "site/\n.tavla-cache/\n"


class NewSiteError(TavlaError):
    """`new site` given languages it cannot write."""


def languages(text: str) -> list[str]:
    from ...site.languages import DEFAULT_LANGUAGES

    langs = [x.strip() for x in text.split(",") if x.strip()]
    bad = [x for x in langs if x not in PAGES or x not in DEFAULT_LANGUAGES]
    if not langs or bad or len(set(langs)) != len(langs):
        raise NewSiteError(f"--lang {text!r}: a comma-separated list of {', '.join(PAGES)}, each once\n"
                       "    hint: e.g. --lang tr,en (the first is the default language)")
    return langs


def config_text(name: str, langs: list[str]) -> str:
    from ...site.languages import DEFAULT_LANGUAGES

    lines = [f"site_name: {name}", "docs_dir: content", "site_dir: site",
             "strict: true   # a warning fails the build",
             f"theme: {{name: material, language: {langs[0]}}}"]
    if len(langs) > 1:  # Material's language switch
        lines += ["extra:", "  alternate:"]
        lines += [f"    - {{name: {DEFAULT_LANGUAGES[x]}, link: /{'' if i == 0 else x + '/'}, lang: {x}}}"
                  for i, x in enumerate(langs)]
    names = ", ".join(f"{x}: {DEFAULT_LANGUAGES[x]}" for x in langs)
    # The pages' renderer: the plugin's under MkDocs, by itself under Zensical (docs/authoring.md)
    lines += ["markdown_extensions:", "  - tavla-docs"]
    lines += ["plugins:", "  - search", "  - tavla-docs:", f"      languages: {{{names}}}",
              f"      default_language: {langs[0]}"]
    return "\n".join(lines) + "\n"


def page_text(lang: str) -> str:
    title, description, body = PAGES[lang]
    return (f"---\ntitle: {title}\ndescription: {description}\n---\n# {title}\n\n"
            f"{body.format(sid=SCENARIO)}\n\n{{{{ diagram(\"{SCENARIO}\") }}}}\n")


def first_scenario(langs: list[str], scenario_text: Any) -> str:
    """The project's one scenario: `scenario_text` is `new scenario`'s writer (`new.scenario_text`)."""
    from ...engine.board import Side
    from ...engine.dice import Roll
    from ...variants import ruleset

    rules = ruleset("tavla")
    text = scenario_text(SCENARIO, rules, rules.starting_position(), Side.WHITE, Roll.parse(ROLL), None)
    head, _, tail = text.partition("caption:\n")  # the draft's placeholder captions, replaced
    captions = "".join(f"  {x}: \"{CAPTIONS[x]}\"\n" for x in langs)
    return head + "caption:\n" + captions + tail[tail.index("diagram:"):]


def site_files(root: Path, lang: str, scenario_text: Any) -> dict[Path, str]:
    """Every file of a new project under `root`, by path (`new.run` writes them, refusing to overwrite)."""
    langs = languages(lang)
    name = PAGES[langs[0]][0]  # not the folder's name: a number in it would be a typed fact on every page
    files = {root / "mkdocs.yml": config_text(name, langs),
             root / "README.md": README.format(name=name),
             root / ".gitignore": GITIGNORE,
             root / "scenarios" / f"{SCENARIO}.yaml": first_scenario(langs, scenario_text)}
    for x in langs:
        files[root / "content" / x / "index.md"] = page_text(x)
    return files
