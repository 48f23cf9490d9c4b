"""Figure descriptions (`<desc>`) word for word, in both languages (issue 25): a code edit that changes
a generated sentence shows in this file's diff. Each case was read by a native editor's standard:
Turkish as the user's pages write it (Sıra Beyaz'da, 6. hanede 2 pul, Siyah'ın … pulu), English with
the standard terms (home board, pinned)."""
from __future__ import annotations

import pytest

from tavla_docs.diagram.describe import describe
from tavla_docs.scenario import load_scenario
from tavla_docs.scenario.draw import diagram_from_scenario
from tests.fixture import PROJECT

SCENARIOS = PROJECT / "scenarios"

CASES = [
    ('bear-off/mid-move', 'tr',
     "Tavla. Sıra Beyaz'da, atış 6-3. Beyaz: 9. hanede 1 pul, 6. hanede 4 pul, 5. hanede 4 pul, 4. hanede "
     '3 pul, 3. hanede 2 pul, 2. hanede 1 pul, pip sayısı 73. Siyah: 6. hanede 5 pul, 5. hanede 5 pul, 4. '
     'hanede 5 pul, pip sayısı 75. Haneler her oyuncunun kendi evinden sayılır. Gösterilen hamle: 9/3 '
     '3/off.'),
    ('bear-off/mid-move', 'en',
     'Tavla. White to play, roll 6-3. White: 1 on the 9-point, 4 on the 6-point, 4 on the 5-point, 3 on '
     'the 4-point, 2 on the 3-point, 1 on the 2-point, pip count 73. Black: 5 on the 6-point, 5 on the '
     "5-point, 5 on the 4-point, pip count 75. Points are counted from each side's own home board. Play "
     'shown: 9/3 3/off.'),
    ('rules/cannot-enter', 'tr',
     "Tavla. Sıra Beyaz'da, atış 6-5. Beyaz giremez: 6-5 ile girebileceği iki hane de kapalı. Beyaz: 6. "
     'hanede 4 pul, 5. hanede 4 pul, 4. hanede 3 pul, 3. hanede 3 pul, barda 1 pul, pip sayısı 90. Siyah: '
     '13. hanede 2 pul, 12. hanede 5 pul, 6. hanede 3 pul, 5. hanede 3 pul, 4. hanede 2 pul, pip sayısı '
     '127. Haneler her oyuncunun kendi evinden sayılır.'),
    ('rules/cannot-enter', 'en',
     'Tavla. White to play, roll 6-5. White cannot enter: with 6-5 both entry points are closed. White: 4 '
     'on the 6-point, 4 on the 5-point, 3 on the 4-point, 3 on the 3-point, 1 on the bar, pip count 90. '
     'Black: 2 on the 13-point, 5 on the 12-point, 3 on the 6-point, 3 on the 5-point, 2 on the 4-point, '
     "pip count 127. Points are counted from each side's own home board."),
    ('tapa/pinned-point-closed', 'tr',
     "Tapa. Sıra Siyah'ta, atış 4-2. Beyaz: 24. hanede 12 pul, 13. hanede 1 pul, 5. hanede 2 pul, pip "
     'sayısı 311. Siyah: 24. hanede 13 pul, 20. hanede 1 pul, 13. hanede 1 pul, pip sayısı 345. Haneler '
     "her oyuncunun kendi evinden sayılır. Tapalı pul: Siyah'ın kendi 20. hanesindeki pulu (tahtadaki 5. "
     'hane), beyaz pulun altında. Gösterilen hamle: 24/22 13/9.'),
    ('tapa/pinned-point-closed', 'en',
     'Tapa. Black to play, roll 4-2. White: 12 on the 24-point, 1 on the 13-point, 2 on the 5-point, pip '
     'count 311. Black: 13 on the 24-point, 1 on the 20-point, 1 on the 13-point, pip count 345. Points '
     "are counted from each side's own home board. Pinned: Black's checker on its own 20-point (board "
     'point 5), with White on top. Play shown: 24/22 13/9.'),
    ('gulbara/stop', 'tr',
     "Gülbara. Sıra Beyaz'da, atış 5-5. Beyaz: 16. hanede 1 pul, 6. hanede 3 pul, 5. hanede 3 pul, 4. "
     'hanede 3 pul, 3. hanede 2 pul, 2. hanede 3 pul, pip sayısı 73. Siyah: 23. hanede 3 pul, 22. hanede '
     '3 pul, 3. hanede 3 pul, 2. hanede 3 pul, 1. hanede 3 pul, pip sayısı 153. Haneler her oyuncunun '
     "kendi evinden sayılır. Başlar (oyuncuların pullarının başladığı, kendi 24. haneleri): Beyaz'ınki "
     "tahtadaki 24., Siyah'ınki 12. hane. Gösterilen hamle: 6/1(3). Oyunun 33. sırası: 5-5 artan dizi "
     'olarak oynanır: 5 5 5 5 6 6 6 6. 8 hamleden 3 tanesi oynanır. 5 oynanamıyor: sıra burada biter, '
     'kalan sayılar (5 6 6 6 6) yanar.'),
    ('gulbara/stop', 'en',
     'Gülbara. White to play, roll 5-5. White: 1 on the 16-point, 3 on the 6-point, 3 on the 5-point, 3 '
     'on the 4-point, 2 on the 3-point, 3 on the 2-point, pip count 73. Black: 3 on the 23-point, 3 on the '
     '22-point, 3 on the 3-point, 3 on the 2-point, 3 on the 1-point, pip count 153. Points are counted '
     "from each side's own home board. Heads (where each side's checkers start, its own 24-point): "
     "White's is board point 24, Black's board point 12. Play shown: 6/1(3). Turn 33: 5-5 is played as the "
     'progression 5 5 5 5 6 6 6 6. 3 of the 8 moves are played. A 5 cannot be played: the turn stops, and '
     'the rest (5 6 6 6 6) is forfeited.'),
    ('gulbara/normal-double', 'tr',
     "Gülbara. Sıra Beyaz'da, atış 5-5. Beyaz: 24. hanede 14 pul, 13. hanede 1 pul, pip sayısı 349. Siyah:"
     ' 24. hanede 14 pul, 17. hanede 1 pul, pip sayısı 353. Haneler her oyuncunun kendi evinden sayılır. '
     "Başlar (oyuncuların pullarının başladığı, kendi 24. haneleri): Beyaz'ınki tahtadaki 24., Siyah'ınki "
     '12. hane. Gösterilen hamle: 24/14(2). Oyunun 3. sırası: ilk 3 sırada çift zar dört normal hamledir.'),
    ('gulbara/normal-double', 'en',
     'Gülbara. White to play, roll 5-5. White: 14 on the 24-point, 1 on the 13-point, pip count 349. '
     "Black: 14 on the 24-point, 1 on the 17-point, pip count 353. Points are counted from each side's own"
     " home board. Heads (where each side's checkers start, its own 24-point): White's is board point 24, "
     "Black's board point 12. Play shown: 24/14(2). Turn 3: in the first 3 turns, doubles are four "
     'ordinary moves.'),
    ('gulbara/game-ends', 'tr',
     "Gülbara. Sıra Beyaz'da, atış 3-3. Beyaz: 6. hanede 2 pul, 5. hanede 2 pul, 3. hanede 1 pul, 10 pul "
     'toplanmış, pip sayısı 25. Siyah: 3. hanede 5 pul, 2. hanede 5 pul, 1. hanede 5 pul, pip sayısı 30. '
     'Haneler her oyuncunun kendi evinden sayılır. Başlar (oyuncuların pullarının başladığı, kendi 24. '
     "haneleri): Beyaz'ınki tahtadaki 24., Siyah'ınki 12. hane. Gösterilen hamle: 6/off(2) 5/off(2) "
     '3/off. Oyunun 51. sırası: 3-3 artan dizi olarak oynanır: 3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6. 16 '
     'hamleden 9 tanesi oynanır. Son pul toplandı: oyun biter, dizinin kalanı geçersizdir.'),
    ('gulbara/game-ends', 'en',
     'Gülbara. White to play, roll 3-3. White: 2 on the 6-point, 2 on the 5-point, 1 on the 3-point, 10 '
     'borne off, pip count 25. Black: 5 on the 3-point, 5 on the 2-point, 5 on the 1-point, pip count 30. '
     "Points are counted from each side's own home board. Heads (where each side's checkers start, its "
     "own 24-point): White's is board point 24, Black's board point 12. Play shown: 6/off(2) 5/off(2) "
     '3/off. Turn 51: 3-3 is played as the progression 3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6. 9 of the 16 moves '
     'are played. The last checker is off: the game ends, and the rest of the progression is void.'),
    ('backgammon/cube', 'tr',
     "Backgammon. Sıra Beyaz'da. Beyaz: 13. hanede 4 pul, 8. hanede 3 pul, 6. hanede 5 pul, 5. hanede 2 "
     'pul, 3. hanede 1 pul, pip sayısı 119. Siyah: 24. hanede 2 pul, 13. hanede 4 pul, 8. hanede 3 pul, '
     '6. hanede 4 pul, 5. hanede 2 pul, pip sayısı 158. Haneler her oyuncunun kendi evinden sayılır. '
     'Katlama zarı: 2, sahibi Siyah.'),
    ('backgammon/cube', 'en',
     'Backgammon. White to play. White: 4 on the 13-point, 3 on the 8-point, 5 on the 6-point, 2 on the '
     '5-point, 1 on the 3-point, pip count 119. Black: 2 on the 24-point, 4 on the 13-point, 3 on the '
     "8-point, 4 on the 6-point, 2 on the 5-point, pip count 158. Points are counted from each side's own "
     'home board. Cube at 2, owned by Black.'),
    ('uzun/six-block', 'tr',
     "Uzun tavla. Sıra Beyaz'da, atış 6-4. Beyaz: 24. hanede 5 pul, 10. hanede 2 pul, 9. hanede 2 pul, 8. "
     'hanede 2 pul, 7. hanede 2 pul, 6. hanede 2 pul, pip sayısı 200. Siyah: 24. hanede 13 pul, 23. '
     'hanede 2 pul, pip sayısı 358. Haneler her oyuncunun kendi evinden sayılır. Başlar (oyuncuların '
     "pullarının başladığı, kendi 24. haneleri): Beyaz'ınki tahtadaki 24., Siyah'ınki 12. hane. "
     'Gösterilen hamle: 24/18 10/6. Çarpıyla işaretli hamle oynanamaz: 9/5.'),
    ('uzun/six-block', 'en',
     'Uzun tavla. White to play, roll 6-4. White: 5 on the 24-point, 2 on the 10-point, 2 on the 9-point, '
     '2 on the 8-point, 2 on the 7-point, 2 on the 6-point, pip count 200. Black: 13 on the 24-point, 2 '
     "on the 23-point, pip count 358. Points are counted from each side's own home board. Heads (where "
     "each side's checkers start, its own 24-point): White's is board point 24, Black's board point 12. "
     'Play shown: 24/18 10/6. Crossed out, not allowed: 9/5.'),
]


@pytest.mark.parametrize(("name", "lang", "desc"), CASES)
def test_the_desc_word_for_word(name: str, lang: str, desc: str) -> None:
    s = load_scenario(SCENARIOS / f"{name}.yaml", SCENARIOS)
    assert describe(diagram_from_scenario(s, lang), lang) == desc
