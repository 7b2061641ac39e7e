"""A game's window on a flat desktop (bot/vision/framing.py): its words are read at the window's
own size, wherever the window stands.

Read whole, a 1920x1080 screen is halved for the text detector; the practice game's Japanese
start-up screen in a 450x800 window at (559, 172) then read "スター" for "スタート" and missed "シェア"
(a clean-clone CI run of the start-screen e2e test, where the window lands at random).
"""

from __future__ import annotations

import numpy as np
import pytest

from onestroke.bot.vision import detect
from onestroke.bot.vision.framing import drawn_area
from onestroke.bot.vision.screens import start_control
from onestroke.coords import Rect
from onestroke.practice import panels
from onestroke.practice.start_screen import START_WORDS, render_start_screen

DESKTOP = (1080, 1920)


def on_desktop(
    window: np.ndarray, left: int, top: int, colour: tuple[int, int, int] = (0, 0, 0)
) -> np.ndarray:
    screen = np.empty((*DESKTOP, 3), np.uint8)
    screen[:] = colour
    screen[top : top + window.shape[0], left : left + window.shape[1]] = window
    return screen


def test_the_drawn_area_is_the_window_with_a_margin_on_a_flat_desktop() -> None:
    window = np.full((300, 200, 3), (40, 200, 90), np.uint8)
    area = drawn_area(on_desktop(window, 700, 400, (30, 30, 30)))
    assert area is not None
    assert area.covers(Rect(700, 400, 200, 300))
    assert 700 - 60 <= area.left < 700 and 400 - 60 <= area.top < 400
    assert 900 < area.right <= 900 + 60 and 700 < area.bottom <= 700 + 60


def test_no_drawn_area_on_a_shaded_page_a_busy_wallpaper_or_a_screen_drawn_almost_to_its_edges() -> None:
    rng = np.random.default_rng(3)
    shaded = np.repeat(np.linspace(40, 220, DESKTOP[0]).astype(np.uint8)[:, None], DESKTOP[1], axis=1)
    page = np.dstack([shaded, shaded, np.full(DESKTOP, 90, np.uint8)])  # a page shaded top to bottom
    page[500:560, 10:1910] = 20
    assert drawn_area(page) is None
    flat = np.full((*DESKTOP, 3), (200, 180, 160), np.uint8)
    flat[20:1060, 30:1890] = 20  # drawn on nearly all of it: read whole, as before
    assert drawn_area(flat) is None
    wallpaper = rng.integers(0, 256, (*DESKTOP, 3), dtype=np.uint8)
    wallpaper[300:700, 800:1100] = 128
    assert drawn_area(wallpaper) is None
    assert drawn_area(np.zeros((*DESKTOP, 3), np.uint8)) is None  # nothing drawn at all


@pytest.mark.skipif(panels.missing_font_reason() is not None, reason=f"{panels.missing_font_reason()}")
@pytest.mark.parametrize("place", [(559, 172), (823, 261), (0, 0), (1470, 280)])
@pytest.mark.parametrize("language", list(START_WORDS))
def test_the_start_control_of_a_small_window_is_read_wherever_the_window_stands(
    language: panels.Language, place: tuple[int, int]
) -> None:
    screen = on_desktop(render_start_screen(450, 800, language).image, *place)
    seen = detect(screen)
    found = start_control(seen.words)
    assert found.go_on is not None, found.detail
    label = next(line for line in seen.words if line.text == START_WORDS[language].start)
    assert Rect(place[0], place[1], 450, 800).contains(label.box.centre)
    for decoy in START_WORDS[language].decoys.values():  # every control read, not only the start
        assert decoy in [line.text for line in seen.words], (decoy, seen.words)
