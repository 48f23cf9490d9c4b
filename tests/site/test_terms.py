"""The terminology check (issue 11): worked examples per rule in both languages, the false
friends it must leave alone, what it must not read (Jinja, code), and the real pages."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs.errors import TavlaError
from tavla_docs.site.glossary import GlossaryError, glossary_sections, load_glossary
from tavla_docs.site.terms import TermWarning, catalog_warnings, compile_rules, prose, term_warnings
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((PROJECT / "content").glob("*/*.md"))
CATALOGS = sorted((ROOT / "tavla_docs" / "site" / "locales").glob("*/LC_MESSAGES/messages.po"))


def hits(text: str, lang: str = "tr") -> list[tuple[int, int, str, str, str]]:
    return [(w.line, w.col, w.found, w.preferred, w.rule) for w in term_warnings(text, lang)]


# --- term: discouraged synonyms, by stem --------------------------------------------------------

@pytest.mark.parametrize(("text", "found", "preferred"), [
    ("Her oyuncu bir taş oynar.", "taş", "pul"),
    ("Her oyuncu bir taşı oynar.", "taşı", "pul"),
    ("Her oyuncu taşlar oynar.", "taşlar", "pul"),
    ("Her oyuncu taşların birini oynar.", "taşların", "pul"),
    ("Her oyuncu TAŞLARI oynar.", "TAŞLARI", "pul"),
    ("Her oyuncu noktasından oynar.", "noktasından", "hane"),
    ("Her oyuncu boş bir alanda durur.", "alanda", "hane"),
    ("Her oyuncu iç tahtasına girer.", "iç tahtasına", "ev"),
    ("Her oyuncu kendi iç bölgene girer.", "iç bölgene", "ev"),
    ("Her oyuncu dört çeyreği görür.", "çeyreği", "kadran"),
    ("Her oyuncu kırıkta bekler.", "kırıkta", "bar"),
    ("Her oyuncu taş çıkarmaya başlar.", "taş çıkarmaya", "pul toplamak"),
    ("Her oyuncu katlama küpüne dokunur.", "katlama küpüne", "katlama zarı"),
    ("Her oyuncu aşağıdaki pozisyonda oynar.", "pozisyonda", "durum"),
])
def test_a_discouraged_term_is_flagged_with_the_sites_word_at_its_place(text: str, found: str, preferred: str) -> None:
    col = text.index(found) + 1
    assert hits(text) == [(1, col, found, preferred, "term")]


def test_the_message_names_the_word_found_and_the_word_to_write() -> None:
    (w,) = term_warnings("Bir taşlarını oyna.", "tr")
    assert w.message == "'taşlarını' is not the site's term; write 'pul'"


def test_sentence_initial_capitals_follow_turkish_casing() -> None:
    # İ lower-cases to i (not i + a combining dot), so the stem "iç bölge" still matches
    assert hits("İç bölge doludur. İÇ BÖLGE de.") == [(1, 1, "İç bölge", "ev", "term"), (1, 19, "İÇ BÖLGE", "ev", "term")]


@pytest.mark.parametrize("text", [
    "Pul, hane, ev, bar ve kırık pul; pul toplama.",       # the site's own words
    "Dört bir pulu 1. haneye taşır.",                        # taşımak "to carry"
    "Pul tahtanın son hanesinin ötesine taşınarak çıkar.",   # passive of taşımak
    "Pulu taşıyan oyuncu, taşımak için taşıma yapar.",
    "Bu noktalama işaretleri önemli değildir.",               # nokta's false friend
    "Noktalı virgülle ayrılan sözcükler.",                     # noktalı virgül "semicolon" (the glossary page)
    "Kapı alan oyuncu kazanır.",                               # alan "taking", not alan "area"
    "Vurgulanan satırlar farklardır.",                         # vurgu, not vurmak
    "Kalemle yazın.",                                          # kalem, not kale
    "Pul kırıldı, kırık pul bara gider.",                      # kırık pul is the site's term
])
def test_the_sites_words_and_the_listed_false_friends_are_not_flagged(text: str) -> None:
    assert [h for h in hits(text) if h[4] == "term"] == []


def test_the_longer_phrase_wins_over_the_word_inside_it() -> None:
    # one warning for "taş çıkarma" (bearing off), not also "taş" (checker)
    assert hits("Sonra taş çıkarma başlar.") == [(1, 7, "taş çıkarma", "pul toplamak", "term")]


def test_a_phrase_may_cross_a_line_break_but_not_a_jinja_tag() -> None:
    assert hits("Bu iç\nbölge.") == [(1, 4, "iç\nbölge", "ev", "term")]
    assert hits("Bu iç {{ x }} bölge.") == []


# --- calques ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "found", "preferred"), [
    ("dört hamle (her biri 3 alan) yapılır", "her biri 3 alan", "3 hane"),
    ("örneğin, 4 noktasındaki bir pul", "4 noktasındaki", "4. hanedeki"),
    ("ya da 12 noktasından bir pul", "12 noktasından", "12. haneden"),
    ("bir zarın tam miktarını oynamalıdır", "tam miktarını", "tam sayı"),
    ("Rakip, puanı kabul ederek devam eder.", "puanı kabul ederek", "katlamayı kabul etmek"),
    ("Oyun sırasında herhangi bir noktada katlanır.", "herhangi bir noktada", "herhangi bir anda"),
])
def test_a_calque_is_flagged_with_the_sites_wording(text: str, found: str, preferred: str) -> None:
    (w,) = term_warnings(text, "tr")
    assert (w.col, w.found, w.preferred, w.rule) == (text.index(found) + 1, found, preferred, "calque")
    assert w.message == f"'{found}' is a calque from the backgammon source; write '{preferred}'"


def test_a_number_inside_a_word_or_a_decimal_does_not_start_a_calque() -> None:
    assert hits("1,4 noktasındaki") == [(1, 5, "noktasındaki", "hane", "term")]


# --- apostrophe ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "found", "preferred"), [
    ("Beyazın evi 1–6.", "Beyazın", "Beyaz'ın"),
    ("Sonra Siyahın serbest kalan pulu", "Siyahın", "Siyah'ın"),
    ("Zar Siyaha geçer.", "Siyaha", "Siyah'a"),
    ("Pul Beyazdan alınır.", "Beyazdan", "Beyaz'dan"),
])
def test_a_sides_name_with_an_ending_needs_the_apostrophe(text: str, found: str, preferred: str) -> None:
    assert hits(text) == [(1, text.index(found) + 1, found, preferred, "apostrophe")]


@pytest.mark.parametrize("text", [
    "Beyaz'ın evi, Siyah'ın evi; Beyaz ve Siyah oynar.",
    "Beyaz’ın evi (typographic apostrophe).",
    "beyazın rengi, siyahın gölgesi",      # not the sides' names
    "Siyahi bir oyuncu",                   # the listed exception
])
def test_names_written_the_sites_way_and_other_words_are_not_flagged(text: str) -> None:
    assert [h for h in hits(text) if h[4] == "apostrophe"] == []


# --- comma before "ve" --------------------------------------------------------------------------

def test_a_comma_before_ve_is_flagged_at_the_comma() -> None:
    text = "kaç atışta toplanır, ve rakibimden önce"
    assert hits(text) == [(1, 20, ", ve", "ve", "comma-ve")]
    assert hits("toplanır,\nve sonra") == [(1, 9, ",\nve", "ve", "comma-ve")]


@pytest.mark.parametrize("text", ["bir, veya iki", "bir ve iki", "bir, verir", "bir, {{ 've' }}"])
def test_other_commas_are_not_flagged(text: str) -> None:
    assert hits(text) == []


def test_english_has_no_comma_rule() -> None:
    assert hits("White, and Black.", "en") == []


# --- form of address ----------------------------------------------------------------------------

MIXED = """- Oynayabildiğin kadar zarı oynamak zorundasın.
- Rakibin tek pulunun üstüne gelirsen onu kırarsın.
- Kapı yapın, özellikle kendi evinizde.
"""


def test_a_page_mixing_sen_and_siz_gets_its_sen_forms_flagged_with_the_siz_form() -> None:
    got = [(w.line, w.col, w.found, w.preferred) for w in term_warnings(MIXED, "tr") if w.rule == "address"]
    assert got == [(1, 37, "zorundasın", "zorundasınız"), (2, 30, "gelirsen", "gelirseniz"),
                   (2, 43, "kırarsın", "kırarsınız")]
    first = next(w for w in term_warnings(MIXED, "tr") if w.rule == "address")
    assert "'sen' (3) and as 'siz' (2)" in first.message


def test_the_pronoun_keeps_its_capital() -> None:
    got = [(w.found, w.preferred) for w in term_warnings("Sen oynarsın. Size kalır.", "tr") if w.rule == "address"]
    assert got == [("Sen", "Siz"), ("oynarsın", "oynarsınız")]


@pytest.mark.parametrize("text", [
    "Oynamak zorundasın. Gelirsen kırarsın.",                  # only sen: one form, nothing to flag
    "Pullarınızı toplarsınız. Kapı yapın.",                     # only siz
    "Pul dursun, oyuncu versin. Evinizde oynarsınız.",          # dursun, versin: "let it ...", not sen
    "Bu {{ 'oynarsın' }} örnek. Evinizde oynarsınız.",          # inside Jinja
])
def test_a_page_with_one_form_of_address_is_not_flagged(text: str) -> None:
    assert [h for h in hits(text) if h[4] == "address"] == []


# --- English ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "found", "preferred"), [
    ("Each player has 15 stones.", "stones", "checker"),
    ("Move a piece to the bar.", "piece", "checker"),
    ("Bring them into the inner board first.", "inner board", "home board"),
    ("You may bear out once all are home.", "bear out", "bear off"),
    ("Roll a doublet to move four times.", "doublet", "double"),
    ("Blot hitting is allowed.", "Blot hitting", "hitting a blot"),
])
def test_english_discouraged_terms(text: str, found: str, preferred: str) -> None:
    (w,) = term_warnings(text, "en")
    assert (w.line, w.col, w.found, w.preferred) == (1, text.index(found) + 1, found, preferred)


@pytest.mark.parametrize("text", [
    "Black moves counter-clockwise; the pip count is 167.",
    "The bear-off page: bear off from the home board; the bar.",
    "The odds are borne out by the table; a blot can be hit.",   # "borne out" is not listed: it means "confirmed"
    "Many women play it; mention the manual.",                   # "men", "man" only as whole words
])
def test_english_traps_are_not_flagged(text: str) -> None:
    assert hits(text, "en") == []


def test_a_language_without_rules_gets_no_warnings() -> None:
    assert term_warnings("Her oyuncu bir taş oynar.", "de") == []


# --- what is not prose --------------------------------------------------------------------------

def test_jinja_code_links_and_html_are_not_read_and_positions_stay_those_of_the_source() -> None:
    text = ("---\ntitle: Taş\n---\n"
            "{{ diagram('taş') }} {% if x == 'taş' %}{# taş #}taş{% endif %}\n"
            "`taş` ``a `taş` b`` [pul](taş.md) <span title='taş'>pul</span> { #taş }\n"
            "```\ntaş\n```\n"
            "{{ bearoff_table([\n  'taş',\n]) }} son taş\n")
    assert hits(text) == [(2, 8, "Taş", "pul", "term"),            # front matter is shown (title)
                          (4, 50, "taş", "pul", "term"),           # between two tags, prose
                          (11, 11, "taş", "pul", "term")]          # after a multi-line tag


def test_prose_keeps_length_and_line_breaks() -> None:
    text = "a {{ b\nc }} d `e` f"
    masked = prose(text)
    assert len(masked) == len(text) and masked.count("\n") == 1 and masked.startswith("a ") and masked.endswith(" f")


CHUNKS = st.sampled_from([
    "pul", "hane", "taş", "taşır", "Beyazın", "Beyaz'ın", ", ve", "iç bölge", "4 noktasındaki", "zorundasın",
    "evinizde", "{{ 'taş' }}", "{% if taş %}", "{# taş #}", "`taş`", "\n", " ", ".", "nokta",
])


@settings(max_examples=200, deadline=None)
@given(st.lists(CHUNKS, max_size=30))
def test_every_warning_quotes_the_source_at_its_position_and_none_is_inside_a_tag(chunks: list[str]) -> None:
    text = " ".join(chunks)
    lines = text.split("\n")
    offsets = [sum(len(line) + 1 for line in lines[:i]) for i in range(len(lines))]
    tags = [(i, i + len(c)) for i, c in _spans(text, chunks) if c.startswith(("{", "`"))]
    for w in term_warnings(text, "tr"):
        start = offsets[w.line - 1] + w.col - 1
        assert text[start:start + len(w.found)] == w.found
        assert not any(a <= start < b for a, b in tags)


def _spans(text: str, chunks: list[str]) -> list[tuple[int, str]]:
    out, at = [], 0
    for c in chunks:
        out.append((at, c))
        at += len(c) + 1
    return out


# --- message catalogs ---------------------------------------------------------------------------

def test_a_catalog_is_checked_in_its_translations_only(tmp_path: Path) -> None:
    po = tmp_path / "messages.po"
    po.write_text('# taş in a comment\n'
                  'msgid ""\nmsgstr ""\n"Project-Id-Version: taş\\n"\n\n'
                  'msgid "stone"\nmsgstr "%(n)s taş"\n\n'
                  'msgid "long"\nmsgstr ""\n"bir \\"nokta\\"\\n"\n"ve Beyazın"\n', encoding="utf-8")
    got = [(w.line, w.col, w.found, w.preferred, w.rule) for w in catalog_warnings(po, "tr")]
    assert got == [(7, 15, "taş", "pul", "term"), (11, 8, "nokta", "hane", "term"),
                   (12, 5, "Beyazın", "Beyaz'ın", "apostrophe")]


# --- the data -----------------------------------------------------------------------------------

def test_the_glossary_page_data_is_unchanged_by_the_usage_block() -> None:
    sections = glossary_sections()
    assert [s["id"] for s in sections] == ["board", "dice", "hitting", "results"]
    assert sections[0]["terms"][0]["tr"] == "pul; taş"
    from tavla_docs.languages import registry

    keys = {k for code in registry.codes() for k in (code, f"note_{code}")}  # tr, en, el and their notes
    assert all(set(t) <= keys and {"tr", "en"} <= set(t) for s in sections for t in s["terms"])


@pytest.mark.parametrize(("usage", "message"), [
    ("usage:\n  tr:\n    terms:\n      - {prefer: pul}\n", ":5:9: each of terms needs `prefer`"),
    ("usage:\n  tr:\n    terms:\n      - {prefer: pul, avoid: ['taş?']}\n", "is not a word, a stem (word*) or #"),
    ("usage:\n  tr:\n    address: {prefer: ikisi}\n", ":4:14: `address` needs `prefer: siz`"),
    ("usage:\n  tr:\n    terms: &a []\n", ":4:12: YAML anchors (&name) are not allowed"),
])
def test_a_malformed_usage_rule_is_an_error_at_its_place(tmp_path: Path, usage: str, message: str) -> None:
    path = tmp_path / "glossary.yaml"
    path.write_text("sections: []\n" + usage, encoding="utf-8")
    with pytest.raises(GlossaryError) as info:
        compile_rules(load_glossary(path), "tr")
    assert message in str(info.value) and str(info.value).startswith(str(path))
    assert isinstance(info.value, TavlaError)


def test_the_shipped_rules_compile_for_both_languages() -> None:
    data = load_glossary(ROOT / "tavla_docs" / "site" / "glossary.yaml")
    assert compile_rules(data, "tr") is not None and compile_rules(data, "en") is not None


# --- the real pages -----------------------------------------------------------------------------

@pytest.mark.parametrize("path", PAGES + CATALOGS, ids=lambda p: str(p.relative_to(ROOT)))
def test_on_the_real_pages_each_warning_quotes_the_source(path: Path) -> None:
    lang = path.parts[-3] if path.suffix == ".po" else path.parent.name
    text = path.read_text(encoding="utf-8")
    found = catalog_warnings(path, lang) if path.suffix == ".po" else term_warnings(text, lang)
    lines = text.splitlines()
    for w in found:
        assert isinstance(w, TermWarning) and "\n" not in w.message
        assert lines[w.line - 1][w.col - 1:].startswith(w.found.split("\n")[0])
        assert w.rule in {"term", "apostrophe", "comma-ve", "calque", "address"}


BACKGAMMON_TR = """Herhangi bir taşı tahtadan çıkarmadan önce, bir oyuncu tüm taşlarını kendi iç tahtasına
getirmelidir. Bundan sonra, bir zar atışı, tahtanın son noktasının ötesine taşınarak bir taşı tahtadan
çıkarmak için kullanılabilir."""


def test_a_paragraph_of_the_old_backgammon_page_gets_every_drift_the_editor_reported() -> None:
    # issue 11, copied from content/tr/backgammon.md before the rewrite (so the test outlives it)
    assert [(w.line, w.found, w.preferred) for w in term_warnings(BACKGAMMON_TR, "tr")] == [
        (1, "taşı", "pul"), (1, "tahtadan çıkarmadan", "pul toplamak"), (1, "taşlarını", "pul"),
        (1, "iç tahtasına", "ev"), (2, "noktasının", "hane"), (2, "taşı", "pul"),
        (2, "tahtadan\nçıkarmak", "pul toplamak")]  # taşınarak ("being carried") is not taş
