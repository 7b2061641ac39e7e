"""A start-up screen: what many one-stroke apps show before the first level.

The game's title, one big start button (开始游戏, Start Game, スタート) and, as prominent, buttons
that do not start anything (排行榜, 分享给好友, Ranking, Share, ランキング, シェア). A bot may press
the start button only when the user allowed it (`play --start`) and only once its label proves
it; any other press is a stray press. `practice --start-screen` (with `--panel LANGUAGE` for the
language, Chinese by default) opens the game on this screen; the first level follows the start
button.

`render_start_screen` returns the image and every control's box by name ("start" and the
decoys by their kind), the ground truth the tests need.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from onestroke.coords import Rect
from onestroke.practice.panels import (
    BUTTON_COLOURS,
    INK,
    PLAIN_BUTTON,
    Decoy,
    Language,
    PanelDrawn,
    draw_words,
)
from onestroke.practice.rules import START
from onestroke.practice.sprites import BGR, WHITE, darker, fill_rounded_rect, rgb

BACKGROUND: BGR = rgb(250, 244, 230)


@dataclass(frozen=True)
class StartWords:
    """One language's start-up screen: the title, the start label, each decoy's label."""

    title: str
    start: str
    decoys: dict[Decoy, str]


START_WORDS: dict[Language, StartWords] = {
    "zh": StartWords("一笔画完", "开始游戏", {"ranking": "排行榜", "share": "分享给好友"}),
    "en": StartWords("One Stroke", "Start Game", {"ranking": "Ranking", "share": "Share"}),
    "ja": StartWords("ひとふで書き", "スタート", {"ranking": "ランキング", "share": "シェア"}),
}


def render_start_screen(width: int, height: int, language: Language = "zh") -> PanelDrawn:
    """The start-up screen at `width` x `height`: title, the start button, two decoys below it
    in the start button's colour (as prominent: only the words tell them apart)."""
    words = START_WORDS[language]
    u = width / 1080.0
    image = np.empty((height, width, 3), np.uint8)
    image[:] = BACKGROUND
    draw_words(image, words.title, width / 2, height * 0.25, 110 * u, INK)
    colour = BUTTON_COLOURS[0]
    mid = height * 0.55
    boxes = {START: (240 * u, mid - 80 * u, 840 * u, mid + 80 * u)}
    top, bottom = mid + 170 * u, mid + 300 * u
    columns = ((160 * u, 520 * u), (560 * u, 920 * u))
    for decoy, (x0, x1) in zip(words.decoys, columns, strict=True):
        boxes[decoy] = (x0, top, x1, bottom)
    layout: dict[str, Rect] = {}
    labels: dict[str, str] = {}
    for name, (x0, y0, x1, y1) in boxes.items():
        label = words.start if name == START else words.decoys[name]  # type: ignore[index]
        fill = colour if name in (START, "share") else PLAIN_BUTTON
        fill_rounded_rect(image, x0, y0 + 5 * u, x1, y1 + 5 * u, 12 * u, darker(fill, 0.25))  # shadow
        fill_rounded_rect(image, x0, y0, x1, y1, 12 * u, fill)
        size = 0.4 * (y1 - y0) if name == START else 0.36 * (y1 - y0)
        draw_words(image, label, (x0 + x1) / 2, (y0 + y1) / 2, size, INK if fill == PLAIN_BUTTON else WHITE)
        layout[name] = Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
        labels[name] = label
    whole = Rect(0, 0, width, height)
    return PanelDrawn(image, layout, labels, whole, words.title)
