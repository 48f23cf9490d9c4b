"""The diagram's words in each language: one table, shared by the `<desc>` text and the
labels drawn on the board (head tags, the progression strip, the info line, the no-play
notice), so a translation is made in one place. The notice's sentences are the site
catalogs' facts-line sentences word for word (tests/diagram/test_notice.py compares them).

>>> words("tr")["white"], words("de")["white"]  # an unknown language falls back to English
('Beyaz', 'White')
"""
from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "white": "White", "black": "Black", "pips": "pips", "to_play": "{side} to play", "roll": "roll {roll}",
        "points": "{n} on the {p}-point", "bar": "{n} on the bar", "off": "{n} borne off", "none": "no checkers on the board",
        "pipcount": "pip count {n}", "play": "Play shown: {play}", "no_play": "no move",
        "order": "The order of the dice matters: {steps}.", "step": "{i}. {move} with the {die}",
        "forbidden": "Crossed out, not allowed: {moves}.", "highlight": "Highlighted points: {points}.",
        "labels": "Labels: {labels}.", "cube": "Cube at {value}, {owner}.", "centred": "centred",
        "owned": "owned by {side}", "own_numbers": "Points are counted from each side's own home.",
        "hit": " (hits)",
        "head": "head", "heads": "Heads (each side's starting point, its own 24): White {w}, Black {b}.",
        "pinned": "Pinned: {items}.", "pinned_item": "{side}'s checker on its {p}-point (board point {b}) under {pinner}",
        "pin_tag": "pin",
        "prog_label": "Doubles:", "prog_desc": "Turn {turn}: {roll} is played as the progression {plan}.",
        "prog_played": "Played: {n} of {total} moves.", "prog_stop": "A {d} cannot be played: the turn stops and {rest} {verb}.",
        "forfeit": "is forfeited", "opponent": "goes to the opponent",
        "prog_end": "The last checker is off: the game ends and the rest is void.",
        "normal_double": "Turn {turn}: doubles are four ordinary moves in the first {n} turns.",
        "normal_label": "turn {turn}: four moves",
        "no_roll": "{side} does not roll", "no_roll_why": "all six entry points are closed",
        "cannot_enter": "{side} cannot enter", "entry_closed_one": "with {roll} the entry point is closed",
        "entry_closed_two": "with {roll} both entry points are closed", "cannot_play": "{side} cannot play {roll}",
        "score": "Match to {n}: White {w}, Black {b}.",
    },
    "tr": {
        "white": "Beyaz", "black": "Siyah", "pips": "pip", "to_play": "Sıra {side} oyuncusunda", "roll": "zar {roll}",
        "points": "{p} numaralı hanede {n}", "bar": "barda {n}", "off": "{n} pul toplanmış", "none": "tahtada pulu yok",
        "pipcount": "pip sayısı {n}", "play": "Gösterilen hamle: {play}", "no_play": "hamle yok",
        "order": "Zarların sırası önemli: {steps}.", "step": "{i}. {move}, {die} ile",
        "forbidden": "Çarpı ile gösterilen, oynanamaz: {moves}.", "highlight": "İşaretli haneler: {points}.",
        "labels": "Etiketler: {labels}.", "cube": "Küp {value}, {owner}.", "centred": "ortada",
        "owned": "{side} oyuncusunda", "own_numbers": "Haneler her oyuncunun kendi evinden sayılır.",
        "hit": " (kırar)",
        "head": "baş", "heads": "Başlar (her oyuncunun başladığı, kendi 24 numaralı hanesi): Beyaz {w}, Siyah {b}.",
        "pinned": "Tapalı pullar: {items}.",
        "pinned_item": "{side} oyuncusunun kendi {p} numaralı hanedeki pulu (tahtada {b}), {pinner} pulunun altında",
        "pin_tag": "tapa",
        "prog_label": "Çift:", "prog_desc": "{turn}. sıra: {roll} ilerleme olarak oynanır: {plan}.",
        "prog_played": "Oynanan: {total} hamlenin {n} tanesi.",
        "prog_stop": "{d} oynanamıyor: sıra burada biter ve kalan {rest} {verb}.",
        "forfeit": "yanar", "opponent": "rakibe geçer", "prog_end": "Son pul toplandı: oyun biter, kalan zarlar geçersizdir.",
        "normal_double": "{turn}. sıra: ilk {n} sırada çift zar dört normal hamle olarak oynanır.",
        "normal_label": "{turn}. sıra: dört hamle",
        "no_roll": "{side} zar atmaz", "no_roll_why": "altı kapı da kapalı",
        "cannot_enter": "{side} giremez", "entry_closed_one": "{roll} ile kapı kapalı",
        "entry_closed_two": "{roll} ile iki kapı da kapalı", "cannot_play": "{side} oynayamaz, atış {roll}",
        "score": "{n} puanlık maç: Beyaz {w}, Siyah {b}.",
    },
}


def words(lang: str) -> dict[str, str]:
    """The table for `lang`; English where the language has none, so a page never breaks."""
    return WORDS.get(lang, WORDS["en"])
