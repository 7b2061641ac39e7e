"""Screens that look like a one-stroke board but are not one: the detector's negatives.

Each function draws one kind of screen the issue names (a card-matching game, a sliding photo
puzzle, a solver app's numbered buttons, calendars, menus, ...) plus look-alikes of each board
style (a pattern lock and dotted paper for node boards, a colour palette and a file manager with
one icon selected for plain tiles with a coloured start, a dark calendar with a disc on today
for dark tiles with a disc start, a music player for the level-complete screen's round button).
All are deterministic (seeded) and drawn with the project's own primitives.

`lookalike(kind, seed)` draws the negatives of issue 18 in seed `seed`'s random look
(practice/looks.py): a keypad, a calendar, a tile-matching game, a sliding puzzle, a grid of app
icons, a crossword, a chess board (benchmarks/looks_bench.py and tests/test_random_looks.py).
"""

from __future__ import annotations

import random

import cv2
import numpy as np

from onestroke.practice.looks import (
    RandomLook,
    captured,
    draw_background,
    draw_shape,
    hsv_colour,
    look_from_seed,
)
from onestroke.practice.sprites import (
    BGR,
    WHITE,
    darker,
    fill_circle,
    fill_rounded_rect,
    lighter,
    rgb,
    text,
    thick_line,
)


def _page(width: int, height: int, colour: BGR) -> np.ndarray:
    page = np.empty((height, width, 3), np.uint8)
    page[:] = colour
    return page


def _header(page: np.ndarray, title: str, colour: BGR) -> None:
    width = page.shape[1]
    u = width / 1080
    fill_rounded_rect(page, -10, -10, width + 10, 150 * u, 0, colour)
    text(page, title, width / 2, 80 * u, 44 * u, WHITE, bold=True)


def card_game(width: int, height: int) -> np.ndarray:
    """A card-matching game: 4x4 portrait cards with a patterned back, two gaps, one face up."""
    u = width / 1080
    page = _page(width, height, rgb(36, 120, 72))
    _header(page, "Memory", rgb(20, 80, 50))
    card_w, card_h, gap = 200 * u, 290 * u, 36 * u
    x0 = (width - 4 * card_w - 3 * gap) / 2
    y0 = (height - 4 * card_h - 3 * gap) / 2
    for r in range(4):
        for c in range(4):
            if (r, c) in ((1, 2), (3, 0)):
                continue  # a matched pair, taken away
            x, y = x0 + c * (card_w + gap), y0 + r * (card_h + gap)
            if (r, c) == (2, 1):  # the one card face up
                fill_rounded_rect(page, x, y, x + card_w, y + card_h, 18 * u, WHITE)
                fill_circle(page, x + card_w / 2, y + card_h / 2, 60 * u, rgb(230, 60, 60))
                continue
            fill_rounded_rect(page, x, y, x + card_w, y + card_h, 18 * u, rgb(40, 70, 170))
            # the back's pattern: diagonal stripes inside a margin
            x1, y1, x2, y2 = (
                int(v) for v in (x + 16 * u, y + 16 * u, x + card_w - 16 * u, y + card_h - 16 * u)
            )
            back = page[y1:y2, x1:x2]
            for k in range(-(y2 - y1), x2 - x1, max(4, int(28 * u))):
                cv2.line(
                    back, (k, 0), (k + (y2 - y1), y2 - y1), rgb(80, 120, 220), max(1, int(8 * u)), cv2.LINE_AA
                )
    return page


def sliding_puzzle(width: int, height: int, seed: int = 4) -> np.ndarray:
    """A sliding photo puzzle: 4x4 tiles of a picture, one grey blank tile."""
    rng = np.random.default_rng(seed)
    u = width / 1080
    page = _page(width, height, rgb(245, 240, 230))
    _header(page, "Slide", rgb(120, 90, 60))
    side = 900 * u
    x0, y0 = (width - side) / 2, (height - side) / 2
    # the "photo": smooth colour fields with a few shapes, as a camera picture would have
    yy, xx = np.mgrid[0 : int(side), 0 : int(side)].astype(np.float32) / side
    photo = np.stack([120 + 100 * xx, 80 + 150 * yy * (1 - xx), 200 - 120 * yy], axis=2).astype(np.uint8)
    for _ in range(9):
        cx, cy, radius = rng.uniform(0, side, 2).astype(int).tolist() + [int(rng.uniform(30, 120) * u)]
        colour = tuple(int(v) for v in rng.integers(30, 230, 3))
        cv2.circle(photo, (int(cx), int(cy)), radius, colour, -1, cv2.LINE_AA)
    tile, gap = side / 4, 6 * u
    order = rng.permutation(16)
    for k in range(16):
        r, c = divmod(k, 4)
        x, y = int(x0 + c * tile + gap / 2), int(y0 + r * tile + gap / 2)
        size = int(tile - gap)
        if order[k] == 15:
            page[y : y + size, x : x + size] = rgb(150, 150, 150)  # the blank tile
            continue
        sr, sc = divmod(int(order[k]), 4)
        page[y : y + size, x : x + size] = photo[
            int(sr * tile) : int(sr * tile) + size, int(sc * tile) : int(sc * tile) + size
        ]
    return page


def numbered_grid(width: int, height: int) -> np.ndarray:
    """A puzzle solver app's input: a 6x6 grid of equal round-cornered buttons numbered 1..36."""
    u = width / 1080
    page = _page(width, height, rgb(250, 250, 250))
    _header(page, "Solver", rgb(60, 120, 200))
    side, pitch = 130 * u, 150 * u
    x0, y0 = (width - 6 * pitch) / 2 + (pitch - side) / 2, 420 * u
    for k in range(36):
        r, c = divmod(k, 6)
        x, y = x0 + c * pitch, y0 + r * pitch
        fill_rounded_rect(page, x, y, x + side, y + side, 24 * u, rgb(210, 220, 235))
        text(page, str(k + 1), x + side / 2, y + side / 2, 40 * u, rgb(40, 60, 100), bold=True)
    fill_rounded_rect(
        page, 290 * u, y0 + 6 * pitch + 80 * u, 790 * u, y0 + 6 * pitch + 200 * u, 60 * u, rgb(60, 120, 200)
    )
    text(page, "Solve", 540 * u, y0 + 6 * pitch + 140 * u, 44 * u, WHITE, bold=True)
    return page


def calendar(width: int, height: int, *, dark: bool = False) -> np.ndarray:
    """A month view: a 7-column grid of day squares with their numbers; today marked by a disc."""
    u = width / 1080
    background, cell, ink = (
        (rgb(22, 30, 56), rgb(98, 106, 128), rgb(230, 230, 240))
        if dark
        else (rgb(255, 255, 255), rgb(236, 238, 242), rgb(50, 50, 60))
    )
    page = _page(width, height, background)
    _header(page, "March", rgb(236, 88, 120) if dark else rgb(70, 130, 230))
    side, pitch = 128 * u, 142 * u
    x0, y0 = (width - 7 * pitch) / 2 + (pitch - side) / 2, 500 * u
    for k, day in enumerate("MTWTFSS"):
        text(page, day, x0 + k * pitch + side / 2, y0 - 50 * u, 30 * u, ink, bold=True)
    for k in range(3, 3 + 31):
        r, c = divmod(k, 7)
        x, y = x0 + c * pitch, y0 + r * pitch
        day = k - 2
        if day == 17:  # today: a disc like a dark board's start
            fill_rounded_rect(page, x, y, x + side, y + side, 14 * u, rgb(238, 92, 128))
            fill_circle(page, x + side / 2, y + side / 2, 0.3 * side, darker(rgb(238, 92, 128), 0.45))
            continue
        fill_rounded_rect(page, x, y, x + side, y + side, 14 * u, cell)
        text(page, str(day), x + side / 2, y + side / 2, 34 * u, ink)
    return page


def menu(width: int, height: int) -> np.ndarray:
    """The game's start menu: a title, the cat, and a column of wide capsule buttons."""
    from onestroke.practice.sprites import draw_cat

    u = width / 1080
    page = _page(width, height, rgb(249, 249, 249))
    text(page, "One Stroke", width / 2, 320 * u, 90 * u, rgb(80, 80, 80), bold=True)
    draw_cat(page, width / 2, 640 * u, 260 * u, rgb(217, 173, 152), happy=True)
    for k, (label, colour) in enumerate(
        (("Play", rgb(255, 170, 0)), ("Levels", rgb(20, 160, 240)), ("Settings", rgb(150, 210, 0)))
    ):
        y = 1000 * u + k * 200 * u
        fill_rounded_rect(page, 240 * u, y, 840 * u, y + 140 * u, 70 * u, colour)
        text(page, label, width / 2, y + 70 * u, 48 * u, WHITE, bold=True)
    return page


def pattern_lock(width: int, height: int) -> np.ndarray:
    """A phone's pattern lock: 3x3 dots on one dark field, a pattern drawn through five of them."""
    u = width / 1080
    page = _page(width, height, rgb(30, 40, 60))
    text(page, "Draw your unlock pattern", width / 2, 500 * u, 40 * u, rgb(220, 220, 230))
    pitch = 300 * u
    x0, y0 = width / 2 - pitch, 1100 * u
    centres = {(r, c): (x0 + c * pitch, y0 + r * pitch) for r in range(3) for c in range(3)}
    pattern = [(0, 0), (1, 0), (1, 1), (0, 2), (2, 2)]
    thick_line(page, [centres[p] for p in pattern], 14 * u, rgb(90, 200, 250))
    for cell, (x, y) in centres.items():
        if cell in pattern:
            fill_circle(page, x, y, 60 * u, lighter(rgb(90, 200, 250), 0.6))
            fill_circle(page, x, y, 30 * u, rgb(90, 200, 250))
        else:
            fill_circle(page, x, y, 26 * u, rgb(200, 205, 215))
    return page


def dotted_paper(width: int, height: int, seed: int = 2) -> np.ndarray:
    """A note-taking app on dotted paper: a lattice of small dots, some handwriting across it."""
    rng = random.Random(seed)
    u = width / 1080
    page = _page(width, height, rgb(252, 250, 244))
    pitch = 60 * u
    for y in np.arange(200 * u, height - 40 * u, pitch):
        for x in np.arange(40 * u, width - 20 * u, pitch):
            fill_circle(page, x, y, 5 * u, rgb(180, 180, 190))
    for line in range(4):  # a few words of "handwriting"
        points = [
            (120 * u + k * 40 * u, 420 * u + line * 240 * u + rng.uniform(-30, 30) * u) for k in range(18)
        ]
        thick_line(page, points, 6 * u, rgb(30, 60, 150))
    return page


def palette(width: int, height: int) -> np.ndarray:
    """A colour picker: an 8x6 grid of squares, every one a different colour."""
    u = width / 1080
    page = _page(width, height, rgb(255, 255, 255))
    _header(page, "Colours", rgb(90, 90, 90))
    side, pitch = 120 * u, 140 * u
    x0, y0 = (width - 6 * pitch) / 2 + (pitch - side) / 2, 420 * u
    for r in range(8):
        for c in range(6):
            hue = int(180 * c / 6)
            hsv = np.uint8([[[hue, 60 + 24 * r, 250 - 12 * r]]])
            colour = tuple(int(v) for v in cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0])
            x, y = x0 + c * pitch, y0 + r * pitch
            fill_rounded_rect(page, x, y, x + side, y + side, 6 * u, colour)  # type: ignore[arg-type]
    return page


def file_manager_selected(width: int, height: int) -> np.ndarray:
    """A file manager on a phone: square grey icons with names under them, one selected in blue."""
    u = width / 1080
    page = _page(width, height, rgb(255, 255, 255))
    _header(page, "Files", rgb(70, 130, 230))
    side, pitch_x, pitch_y = 170 * u, 240 * u, 300 * u
    x0, y0 = (width - 4 * pitch_x) / 2 + (pitch_x - side) / 2, 320 * u
    for r in range(5):
        for c in range(4):
            x, y = x0 + c * pitch_x, y0 + r * pitch_y
            colour = rgb(38, 160, 176) if (r, c) == (2, 1) else rgb(216, 219, 226)
            fill_rounded_rect(page, x, y, x + side, y + side, 8 * u, colour)
            text(page, f"IMG_{r}{c}.jpg", x + side / 2, y + side + 40 * u, 26 * u, rgb(60, 60, 70))
    return page


def music_player(width: int, height: int) -> np.ndarray:
    """A music player: a big round play button between two capsules, on a dark gradient (no veil)."""
    u = width / 1080
    t = np.linspace(0, 1, height)[:, None, None]
    page = (np.array(rgb(60, 30, 90), float) * (1 - t) + np.array(rgb(20, 20, 40), float) * t).astype(
        np.uint8
    )
    page = np.repeat(page, width, axis=1)
    fill_rounded_rect(page, 140 * u, 300 * u, 940 * u, 1100 * u, 30 * u, rgb(200, 120, 80))  # the album art
    text(page, "Track 07", width / 2, 1250 * u, 50 * u, WHITE, bold=True)
    cy = 1560 * u
    fill_circle(page, width / 2, cy, 150 * u, rgb(255, 200, 40))
    cv2.fillPoly(
        page,
        [
            np.int32(
                [
                    [width / 2 - 40 * u, cy - 70 * u],
                    [width / 2 - 40 * u, cy + 70 * u],
                    [width / 2 + 70 * u, cy],
                ]
            )
        ],
        WHITE,
    )
    fill_rounded_rect(page, 60 * u, cy - 55 * u, 300 * u, cy + 55 * u, 55 * u, rgb(236, 150, 246))
    fill_rounded_rect(page, 780 * u, cy - 55 * u, 1020 * u, cy + 55 * u, 55 * u, rgb(252, 196, 52))
    return page


def sudoku(width: int, height: int, seed: int = 5) -> np.ndarray:
    """A sudoku: 9x9 cells that touch, border lines between them, some digits, one cell selected."""
    rng = random.Random(seed)
    u = width / 1080
    page = _page(width, height, rgb(250, 248, 240))
    _header(page, "Sudoku", rgb(80, 110, 160))
    side = 960 * u
    x0, y0 = (width - side) / 2, 500 * u
    pitch = side / 9
    fill_rounded_rect(page, x0 - 6 * u, y0 - 6 * u, x0 + side + 6 * u, y0 + side + 6 * u, 0, rgb(60, 60, 70))
    for r in range(9):
        for c in range(9):
            x, y = x0 + c * pitch, y0 + r * pitch
            colour = rgb(180, 210, 250) if (r, c) == (4, 6) else rgb(255, 255, 255)
            inset = (3 if c % 3 == 0 else 1.5) * u, (3 if r % 3 == 0 else 1.5) * u
            fill_rounded_rect(
                page, x + inset[0], y + inset[1], x + pitch - 1.5 * u, y + pitch - 1.5 * u, 0, colour
            )
            if rng.random() < 0.35:
                text(
                    page,
                    str(rng.randint(1, 9)),
                    x + pitch / 2,
                    y + pitch / 2,
                    44 * u,
                    rgb(40, 40, 60),
                    bold=True,
                )
    return page


# -- look-alikes in random looks (issue 18) -----------------------------------------------------
# Every freedom of a random look (practice/looks.py) is a new way to see a board where there is
# none. These draw the grids of other apps in the same looks: the look's background, palette and
# cell shape, captured with its scaling and JPEG. `lookalike(kind, seed)` is seed `seed`'s look.

LOOKALIKE_KINDS = ("keypad", "calendar", "tile-matching", "sliding", "app-icons", "crossword", "chess")


def _grid(look: RandomLook, rows: int, cols: int, share: float = 0.8) -> tuple[float, float, float]:
    """Origin (x, y of cell [0, 0]'s centre) and pitch of a rows x cols grid centred on the screen."""
    width, height = look.size
    if width < height:
        pitch = min(width * share / cols, height * 0.55 / rows)
    else:
        pitch = min(width * 0.45 / cols, height * 0.7 / rows)
    return width / 2 - pitch * (cols - 1) / 2, height * 0.52 - pitch * (rows - 1) / 2, pitch


def _ink_on(colour: BGR) -> BGR:
    return (30, 30, 30) if sum(colour) > 3 * 140 else WHITE


def look_keypad(look: RandomLook, rng: random.Random) -> np.ndarray:
    """A phone's dial pad: 4x3 keys in the look's cells and shape, digits on them, a number above."""
    image = draw_background(look, *look.size)
    p = look.palette
    x0, y0, pitch = _grid(look, 4, 3, 0.7)
    shape = "circle" if rng.random() < 0.6 else look.cell_shape
    text(
        image,
        "".join(str(rng.randint(0, 9)) for _ in range(8)),
        x0 + pitch,
        y0 - 1.2 * pitch,
        0.35 * pitch,
        p.ink,
    )
    for k, key in enumerate("123456789*0#"):
        r, c = divmod(k, 3)
        x, y = x0 + c * pitch, y0 + r * pitch
        draw_shape(image, x, y, 0.85 * pitch, shape, p.cell)  # type: ignore[arg-type]
        text(image, key, x, y, 0.3 * pitch, _ink_on(p.cell), bold=True)
    fill_circle(image, x0 + pitch, y0 + 4.2 * pitch, 0.4 * pitch, p.start)  # the call button
    return captured(image, look)


def look_calendar(look: RandomLook, rng: random.Random) -> np.ndarray:
    """A month: day cells 7 wide in the look's style, weekday letters above, today in the start's colour."""
    image = draw_background(look, *look.size)
    p = look.palette
    first, days = rng.randint(0, 6), rng.randint(28, 31)
    rows = (first + days + 6) // 7
    x0, y0, pitch = _grid(look, rows, 7, 0.92)
    today = rng.randint(1, days)
    for c, day in enumerate("MTWTFSS"):
        text(image, day, x0 + c * pitch, y0 - 0.8 * pitch, 0.25 * pitch, p.ink, bold=True)
    for k in range(first, first + days):
        r, c = divmod(k, 7)
        x, y, day = x0 + c * pitch, y0 + r * pitch, k - first + 1
        colour = p.start if day == today else p.cell
        draw_shape(
            image,
            x,
            y,
            look.cell_fraction * pitch if look.cell_style == "tiles" else 0.9 * pitch,
            look.cell_shape,
            colour,
        )
        text(image, str(day), x, y, 0.28 * pitch, _ink_on(colour))
    return captured(image, look)


def look_tile_matching(look: RandomLook, rng: random.Random) -> np.ndarray:
    """A tile-matching game: a grid of tiles, each with one of a few coloured symbols, some cleared."""
    image = draw_background(look, *look.size)
    p = look.palette
    rows, cols = rng.randint(6, 9), rng.randint(5, 7)
    x0, y0, pitch = _grid(look, rows, cols)
    symbols = [(rng.random(), rng.choice(("disc", "square", "diamond"))) for _ in range(5)]
    for r in range(rows):
        for c in range(cols):
            if rng.random() < 0.15:
                continue  # a matched pair, cleared
            x, y = x0 + c * pitch, y0 + r * pitch
            draw_shape(image, x, y, 0.88 * pitch, "rounded", p.cell)
            hue, kind = rng.choice(symbols)
            colour = hsv_colour(hue, 0.8, 0.9)
            if kind == "disc":
                fill_circle(image, x, y, 0.25 * pitch, colour)
            elif kind == "square":
                draw_shape(image, x, y, 0.45 * pitch, "square", colour)
            else:
                diamond = np.array(
                    [
                        (x, y - 0.28 * pitch),
                        (x + 0.28 * pitch, y),
                        (x, y + 0.28 * pitch),
                        (x - 0.28 * pitch, y),
                    ]
                )
                cv2.fillPoly(image, [np.round(diamond * 16).astype(np.int32)], colour, cv2.LINE_AA, 4)
    return captured(image, look)


def look_sliding(look: RandomLook, rng: random.Random) -> np.ndarray:
    """A sliding puzzle: 15 numbered tiles in the look's cells, shuffled, one blank."""
    image = draw_background(look, *look.size)
    p = look.palette
    side = rng.choice((3, 4, 5))
    x0, y0, pitch = _grid(look, side, side, 0.85)
    order = list(range(1, side * side)) + [0]
    rng.shuffle(order)
    frame = p.line
    fill_rounded_rect(
        image,
        x0 - 0.6 * pitch,
        y0 - 0.6 * pitch,
        x0 + (side - 0.4) * pitch,
        y0 + (side - 0.4) * pitch,
        0.1 * pitch,
        frame,
    )
    for k, number in enumerate(order):
        if number == 0:
            continue
        r, c = divmod(k, side)
        x, y = x0 + c * pitch, y0 + r * pitch
        draw_shape(image, x, y, 0.94 * pitch, "rounded" if look.cell_shape != "square" else "square", p.cell)
        text(image, str(number), x, y, 0.4 * pitch, _ink_on(p.cell), bold=True)
    return captured(image, look)


def look_app_icons(look: RandomLook, rng: random.Random) -> np.ndarray:
    """A phone's home screen in the look's background: rounded icons of many colours, names under them."""
    image = draw_background(look, *look.size)
    p = look.palette
    rows, cols = rng.randint(4, 6), 4
    x0, y0, pitch = _grid(look, rows, cols, 0.85)
    for r in range(rows):
        for c in range(cols):
            x, y = x0 + c * pitch, y0 + r * pitch
            colour = hsv_colour(rng.random(), rng.uniform(0.4, 0.9), rng.uniform(0.6, 0.95))
            draw_shape(
                image, x, y - 0.1 * pitch, 0.6 * pitch, "rounded" if rng.random() < 0.8 else "circle", colour
            )
            fill_circle(image, x, y - 0.1 * pitch, 0.12 * pitch, WHITE)
            text(
                image,
                rng.choice(("Mail", "Maps", "Photos", "Clock", "Notes", "Music")),
                x,
                y + 0.32 * pitch,
                0.12 * pitch,
                p.ink,
            )
    for c in range(cols):  # the dock
        colour = hsv_colour(rng.random(), 0.7, 0.85)
        draw_shape(image, x0 + c * pitch, y0 + (rows + 0.6) * pitch, 0.6 * pitch, "rounded", colour)
    return captured(image, look)


def look_crossword(look: RandomLook, rng: random.Random) -> np.ndarray:
    """A crossword: a framed grid of touching squares split by lines, black squares, numbers, letters."""
    image = draw_background(look, *look.size)
    p = look.palette
    side = rng.randint(7, 13)
    x0, y0, pitch = _grid(look, side, side, 0.92)
    left, top = x0 - pitch / 2, y0 - pitch / 2
    fill_rounded_rect(image, left - 3, top - 3, left + side * pitch + 3, top + side * pitch + 3, 0, p.line)
    number = 1
    for r in range(side):
        for c in range(side):
            x, y = x0 + c * pitch, y0 + r * pitch
            black = rng.random() < 0.18
            draw_shape(
                image, x, y, pitch - max(1.0, 0.04 * pitch), "square", (20, 20, 20) if black else WHITE
            )
            if not black and rng.random() < 0.25:
                text(image, str(number), x - 0.3 * pitch, y - 0.3 * pitch, 0.16 * pitch, (40, 40, 40))
                number += 1
            elif not black and rng.random() < 0.3:
                text(
                    image,
                    chr(rng.randint(65, 90)),
                    x,
                    y + 0.05 * pitch,
                    0.45 * pitch,
                    (30, 30, 30),
                    bold=True,
                )
    text(
        image,
        "1 Across: one stroke (4)",
        look.size[0] / 2,
        top + side * pitch + 0.8 * pitch,
        0.3 * pitch,
        p.ink,
    )
    return captured(image, look)


def look_chess(look: RandomLook, rng: random.Random) -> np.ndarray:
    """A chess board: 8x8 squares in two of the look's colours, a frame, pieces on some squares."""
    image = draw_background(look, *look.size)
    p = look.palette
    x0, y0, pitch = _grid(look, 8, 8, 0.92)
    left, top = x0 - pitch / 2, y0 - pitch / 2
    fill_rounded_rect(
        image, left - 0.2 * pitch, top - 0.2 * pitch, left + 8.2 * pitch, top + 8.2 * pitch, 0, p.line
    )
    light, dark = lighter(p.cell, 0.3), darker(p.cell, 0.35)
    for r in range(8):
        for c in range(8):
            x, y = x0 + c * pitch, y0 + r * pitch
            draw_shape(image, x, y, pitch + 0.5, "square", light if (r + c) % 2 == 0 else dark)
            if (r < 2 or r > 5) and rng.random() < 0.85:
                colour = (245, 245, 245) if r > 5 else (25, 25, 25)
                fill_circle(image, x, y + 0.1 * pitch, 0.3 * pitch, colour)
                fill_circle(image, x, y - 0.22 * pitch, 0.14 * pitch, colour)
    if rng.random() < 0.5:  # the square of the last move, highlighted
        x, y = x0 + rng.randint(0, 7) * pitch, y0 + rng.randint(2, 5) * pitch
        draw_shape(image, x, y, pitch, "square", p.start)
    return captured(image, look)


LOOKALIKES = {
    "keypad": look_keypad,
    "calendar": look_calendar,
    "tile-matching": look_tile_matching,
    "sliding": look_sliding,
    "app-icons": look_app_icons,
    "crossword": look_crossword,
    "chess": look_chess,
}


def lookalike(kind: str, seed: int) -> np.ndarray:
    """A `kind` look-alike (one of LOOKALIKE_KINDS) in seed `seed`'s random look."""
    try:
        draw = LOOKALIKES[kind]
    except KeyError:
        raise ValueError(f"unknown look-alike {kind!r}; known: {', '.join(LOOKALIKE_KINDS)}") from None
    return draw(look_from_seed(seed), random.Random(f"onestroke-lookalike:{kind}:{seed}"))
