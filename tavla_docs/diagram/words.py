"""The diagram's words in each language: one table, shared by the `<desc>` text and the
labels drawn on the board (head tags, the progression strip, the info line, the no-play
notice), so a translation is made in one place. The notice's sentences are the site
catalogs' facts-line sentences word for word (tests/diagram/test_notice.py compares them).

Turkish follows the user's pages: a side's name is a proper name with its suffix after an
apostrophe (Beyaz'ın, Siyah'ta), a point is "6. hane", and a count is followed by its noun
("2 pul"). A key ending in `_one` is the singular form of the key without it (`plural`).

Turkish and English are tables here. Any other language's words come from its registry entry
(`words:` and `pinner:` in `languages/<code>.yaml`); a key the entry lacks is printed in English
and named by `missing_words`, which the build reports as a warning (a strict build fails on it),
so a gap is never silent.

>>> words("tr")["white"], words("de")["white"]  # a language without an entry: English, and all missing
('Beyaz', 'White')
>>> len(missing_words("de")) == len(WORDS["en"]) + 2, missing_words("tr")
(True, [])
>>> plural(words("en"), "highlight", 1), plural(words("en"), "highlight", 2)
('Highlighted point (board numbering): {points}.', 'Highlighted points (board numbering): {points}.')
"""
from __future__ import annotations

from ..languages import registry

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "white": "White", "black": "Black", "white_gen": "White's", "black_gen": "Black's",
        "pips": "pips", "pips_one": "pip",
        "to_play_white": "White to play", "to_play_black": "Black to play", "roll": "roll {roll}",
        "points": "{n} on the {p}-point", "bar": "{n} on the bar", "off": "{n} borne off", "off_one": "{n} borne off",
        "none": "no checkers on the board",
        "pipcount": "pip count {n}", "play": "Play shown: {play}", "no_play": "no move",
        "order": "The order of the dice matters: {steps}.", "step": "{i}. {move} with the {die}",
        "forbidden_one": "Crossed out, not allowed: {moves}.", "forbidden": "Crossed out, not allowed: {moves}.",
        "highlight_one": "Highlighted point (board numbering): {points}.",
        "highlight": "Highlighted points (board numbering): {points}.",
        "labels": "Labels: {labels}.", "cube": "Cube at {value}, {owner}.", "centred": "in the middle",
        "owned": "owned by {side}", "own_numbers": "Points are counted from each side's own home board.",
        "head": "head",
        "heads": "Heads (where each side's checkers start, its own 24-point): White's is board point {w}, "
                 "Black's board point {b}.",
        "pinned_one": "Pinned: {items}.", "pinned": "Pinned: {items}.",
        "pinned_item": "{side_gen} checker on its own {p}-point (board point {b}), with {pinner} on top",
        "pin_tag": "pin",
        "prog_label": "Doubles:",
        "turn_known": "Turn {turn}", "turn_later": "A later turn",
        "prog_desc": "{when}: {roll} is played as the progression {plan}.",
        "prog_played": "{n} of the {total} moves are played.", "prog_played_one": "1 of the {total} moves is played.",
        "prog_played_all": "All {total} moves are played.",
        "prog_stop": "A {d} cannot be played: the turn stops, and the rest ({rest}) {verb}.",
        "forfeit": "is forfeited", "opponent": "goes to the opponent",
        "prog_end": "The last checker is off: the game ends, and the rest of the progression is void.",
        "normal_double": "{when}: in the first {n} turns, doubles are four ordinary moves.",
        "normal_double_one": "{when}: on the first turn, doubles are four ordinary moves.",
        "normal_label": "turn {turn}: four moves",
        "no_roll": "{side} does not roll", "no_roll_why": "all six entry points are closed",
        "cannot_enter": "{side} cannot enter", "entry_closed_one": "with {roll} the entry point is closed",
        "entry_closed_two": "with {roll} both entry points are closed", "cannot_play": "{side} cannot play {roll}",
        "score": "Match to {n}: White {w}, Black {b}.",
        "alternatives": "{n} ways to play the roll, each drawn with its own mark: {plays}.",
        "alt_item": "{letter}: {play}",
        "partial": "Only the first part of the play is shown: {play}. The rest is not drawn; "
                   "{n} legal plays start this way.",
        "partial_one": "Only the first part of the play is shown: {play}. The rest is not drawn; "
                       "1 legal play starts this way.",
        "partial_tag": "part of the play",
        "omitted": "{side} is left out of this figure: its checkers are not drawn, and none is borne off.",
        "omitted_tag": "not shown",
        "source_figure": "Figure {label} in the source.",
    },
    "tr": {
        "white": "Beyaz", "black": "Siyah", "white_gen": "Beyaz'ın", "black_gen": "Siyah'ın",
        "pips": "pip", "to_play_white": "Sıra Beyaz'da", "to_play_black": "Sıra Siyah'ta", "roll": "atış {roll}",
        "points": "{p}. hanede {n} pul", "bar": "barda {n} pul", "off": "{n} pul toplanmış", "off_one": "{n} pul toplanmış",
        "none": "tahtada pulu yok",
        "pipcount": "pip sayısı {n}", "play": "Gösterilen hamle: {play}", "no_play": "hamle yok",
        "order": "Zarların sırası önemli: {steps}.", "step": "{i}. adım: {die} ile {move}",
        "forbidden_one": "Çarpıyla işaretli hamle oynanamaz: {moves}.",
        "forbidden": "Çarpıyla işaretli hamleler oynanamaz: {moves}.",
        "highlight_one": "İşaretli hane: tahtadaki {points}. hane.",
        "highlight": "İşaretli haneler (tahtadaki numaralarıyla): {points}.",
        "labels": "Etiketler: {labels}.", "cube": "Katlama zarı: {value}, {owner}.", "centred": "ortada",
        "owned": "sahibi {side}", "own_numbers": "Haneler her oyuncunun kendi evinden sayılır.",
        "head": "baş",
        "heads": "Başlar (oyuncuların pullarının başladığı, kendi 24. haneleri): Beyaz'ınki tahtadaki {w}., "
                 "Siyah'ınki {b}. hane.",
        "pinned_one": "Tapalı pul: {items}.", "pinned": "Tapalı pullar: {items}.",
        "pinned_item": "{side_gen} kendi {p}. hanesindeki pulu (tahtadaki {b}. hane), {pinner} pulun altında",
        "pin_tag": "tapa",
        "prog_label": "Çift zar:",
        "turn_known": "Oyunun {turn}. sırası", "turn_later": "Oyunun sonraki bir sırası",
        "prog_desc": "{when}: {roll} artan dizi olarak oynanır: {plan}.",
        "prog_played": "{total} hamleden {n} tanesi oynanır.", "prog_played_one": "{total} hamleden biri oynanır.",
        "prog_played_all": "{total} hamlenin hepsi oynanır.",
        "prog_stop": "{d} oynanamıyor: sıra burada biter, kalan sayılar ({rest}) {verb}.",
        "forfeit": "yanar", "opponent": "rakibe geçer",
        "prog_end": "Son pul toplandı: oyun biter, dizinin kalanı geçersizdir.",
        "normal_double": "{when}: ilk {n} sırada çift zar dört normal hamledir.",
        "normal_double_one": "{when}: ilk sırada çift zar dört normal hamledir.",
        "normal_label": "{turn}. sıra: dört hamle",
        "no_roll": "{side} zar atmaz", "no_roll_why": "girebileceği altı hanenin hepsi kapalı",
        "cannot_enter": "{side} giremez", "entry_closed_one": "{roll} ile girebileceği hane kapalı",
        "entry_closed_two": "{roll} ile girebileceği iki hane de kapalı", "cannot_play": "{side} {roll} ile oynayamaz",
        "score": "{n} puanlık maç: Beyaz {w}, Siyah {b}.",
        "alternatives": "Aynı zar {n} farklı biçimde oynanmış, her biri kendi işaretiyle: {plays}.",
        "alt_item": "{letter}: {play}",
        "partial": "Hamlenin yalnızca ilk kısmı gösteriliyor: {play}. Kalanı çizilmedi; "
                   "bu şekilde başlayan kurallara uygun {n} hamle var.",
        "partial_one": "Hamlenin yalnızca ilk kısmı gösteriliyor: {play}. Kalanı çizilmedi; "
                       "bu şekilde başlayan kurallara uygun tek bir hamle var.",
        "partial_tag": "hamlenin ilk kısmı",
        "omitted": "{side} bu şekilde gösterilmiyor: pulları çizilmedi, toplanmış da sayılmaz.",
        "omitted_tag": "gösterilmiyor",
        "source_figure": "Kaynakta Şekil {label}.",
    },
}
# A pinning side named as the colour of its checkers ("beyaz pulun altında"), not as a player.
PINNER = {"en": {"white": "White", "black": "Black"}, "tr": {"white": "beyaz", "black": "siyah"}}


def words(lang: str) -> dict[str, str]:
    """The table for `lang`: Turkish and English here, any other language its registry entry's
    `words:` over the English table (`missing_words` names what is English)."""
    if lang in WORDS:
        return WORDS[lang]
    entry = registry.lookup(lang)
    own = dict(entry.words) if entry is not None else {}
    return {k: own.get(k, v) for k, v in WORDS["en"].items()}


def missing_words(lang: str) -> list[str]:
    """The figure words `lang` has no text for (printed in English), as `words.KEY` / `pinner.SIDE`."""
    if lang in WORDS:
        return []
    entry = registry.lookup(lang)
    own, pin = (entry.words, entry.pinner) if entry is not None else ({}, {})
    return [f"words.{k}" for k in WORDS["en"] if k not in own] + [f"pinner.{k}" for k in PINNER["en"] if k not in pin]


def plural(w: dict[str, str], key: str, n: int) -> str:
    """The sentence `key` for a count of `n`: its `_one` form when `n` is 1 and the table has one."""
    return w.get(f"{key}_one", w[key]) if n == 1 else w[key]


def pinner(lang: str, side: str) -> str:
    """How the side whose checkers pin is named after a pinned checker ("pinned by White", "beyaz pulun altında")."""
    if lang in PINNER:
        return PINNER[lang][side]
    entry = registry.lookup(lang)
    return entry.pinner.get(side, PINNER["en"][side]) if entry is not None else PINNER["en"][side]
