"""Apps with no level-complete screen: the solved board stays, with the app's own next button.

Some one-stroke apps (web games above all) never show a complete screen: a "next puzzle" button
(下一题, Next Puzzle, 次のパズルへ) sits under the board all the time, and once every cell is
walked the solved board simply stays until it is pressed. A press on it before the board is
solved skips the level in such apps: here it is a stray press on the level screen (`next`).
`practice --solved-stays LANGUAGE` plays so; what proves the complete screen is then the solved
board with a go-on label beside it (bot/vision/screens.py, `complete_by_words`).

`next_button` draws the button under the board and returns its box.
"""

from __future__ import annotations

import numpy as np

from onestroke.coords import Geometry, Rect
from onestroke.practice.panels import BUTTON_COLOURS, Language, draw_words
from onestroke.practice.sprites import WHITE, darker, fill_rounded_rect

NEXT_WORDS: dict[Language, str] = {"zh": "下一题", "en": "Next Puzzle", "ja": "次のパズルへ"}
NEXT = "next"  # the button's control name on a level in play (a press there skips the level)


def next_button(image: np.ndarray, geometry: Geometry, language: Language) -> Rect:
    """Draw the next button centred under the board of `geometry`, a pitch and a bit below its
    last row (the row beyond the grid stays background, as in such apps); its box (image pixels)."""
    width = image.shape[1]
    u = width / 1080.0
    bounds = geometry.bounds()
    x0, x1 = width / 2 - 250 * u, width / 2 + 250 * u
    y0 = bounds.bottom + 1.1 * geometry.pitch[1]
    y1 = y0 + 140 * u
    colour = BUTTON_COLOURS[1]
    fill_rounded_rect(image, x0, y0 + 5 * u, x1, y1 + 5 * u, 14 * u, darker(colour, 0.25))  # shadow
    fill_rounded_rect(image, x0, y0, x1, y1, 14 * u, colour)
    draw_words(image, NEXT_WORDS[language], width / 2, (y0 + y1) / 2, 0.5 * (y1 - y0), WHITE)
    return Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
