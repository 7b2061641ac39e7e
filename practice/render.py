"""Draws a level the way the real game looks, at any size: pure numpy/OpenCV, no window.

Proportions are measured on the real 1080x1920 screen (../shared/real-screens/level-643.png):
background RGB 249, cells RGB 209, cell side 0.886 of the pitch, corner radius 0.19 of the cell,
the grid centred on the screen, a title at the top, a grey capsule top right, a coin counter
and an avatar under it, and a row of round coloured buttons at the bottom. The cat is the
project's own drawing (practice/sprites.py). Everything scales with `width / 1080`.

`render_screen` serves the fixtures (tools/make_fixtures.py) and the practice game window.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from onestroke.bot.coords import Geometry, Rect
from onestroke.practice.sprites import (
    BGR,
    WHITE,
    cat_colour,
    darker,
    draw_cat,
    fill_circle,
    fill_rounded_rect,
    lighter,
    rgb,
    text,
    thick_line,
)
from onestroke.solver.board import Board, Cell

CELL_FRACTION = 115.0 / 129.8  # cell side / pitch on the real screen
CORNER_FRACTION = 22.0 / 115.0  # corner radius / cell side
REAL_PITCH = 129.8  # pitch of a 7-column board on a 1080 px wide screen
MAX_PITCH = 160.0  # small boards do not grow past this (in 1080-wide units)


@dataclass(frozen=True)
class Theme:
    name: str
    background: BGR
    cell: BGR
    ink: BGR  # title and labels
    capsule: BGR  # the top-right button, nearly the cells' grey in the real game
    panel: BGR  # coin counter / avatar plates

    @property
    def dark(self) -> bool:
        """A dark background: walked cells then take a darker tint, and button labels are white."""
        return sum(self.background) < 3 * 128


THEMES: dict[str, Theme] = {
    "classic": Theme(
        "classic",
        rgb(249, 249, 249),
        rgb(209, 209, 209),
        rgb(92, 92, 92),
        rgb(200, 200, 200),
        rgb(232, 232, 232),
    ),
    "mint": Theme(
        "mint",
        rgb(240, 250, 245),
        rgb(186, 214, 200),
        rgb(60, 96, 80),
        rgb(178, 206, 192),
        rgb(222, 240, 230),
    ),
    "sand": Theme(
        "sand",
        rgb(250, 243, 230),
        rgb(216, 196, 168),
        rgb(110, 84, 60),
        rgb(206, 188, 160),
        rgb(240, 228, 208),
    ),
    "night": Theme(
        "night", rgb(38, 42, 52), rgb(92, 100, 118), rgb(220, 220, 230), rgb(86, 92, 108), rgb(58, 64, 78)
    ),
}


@dataclass(frozen=True)
class Rendered:
    """A drawn screen: the BGR image, where the grid lies, and the "next" button when complete."""

    image: np.ndarray
    geometry: Geometry
    next_button: Rect | None


def theme_named(theme: str | Theme) -> Theme:
    if isinstance(theme, Theme):
        return theme
    try:
        return THEMES[theme]
    except KeyError:
        raise ValueError(f"unknown theme {theme!r}; known: {', '.join(THEMES)}") from None


def board_geometry(board: Board, width: int, height: int) -> Geometry:
    """Where the game puts the grid: centred, as large as fits between the top bar and the buttons."""
    u = width / 1080.0
    usable_w = 7 * REAL_PITCH * u  # the real 7-column board spans this width
    usable_h = height - 2 * 390 * u
    pitch = min(usable_w / board.cols, usable_h / board.rows, MAX_PITCH * u)
    cx, cy = width / 2.0, height / 2.0
    origin = (cx - pitch * (board.cols - 1) / 2, cy - pitch * (board.rows - 1) / 2)
    return Geometry(origin, (pitch, pitch), board.rows, board.cols)


def visited_colour(cat: BGR, theme: Theme) -> BGR:
    """Cells the cat has walked over take a tint of its fur (lighter; darker on a dark theme)."""
    return darker(cat, 0.1) if theme.dark else lighter(cat, 0.25)


def route_colour(cat: BGR, theme: Theme) -> BGR:
    """The band joining walked cells: a deeper shade of the walked cells' tint."""
    return darker(visited_colour(cat, theme), 0.22)


def render_screen(
    board: Board,
    *,
    width: int = 1080,
    height: int = 1920,
    level: int = 1,
    theme: str | Theme = "classic",
    cat: str | BGR = "beige",
    visited: Sequence[Cell] = (),
    route: Sequence[Cell] = (),
    complete: bool = False,
) -> Rendered:
    """The game screen for `board`.

    `route` is the drag so far (cells in order, from the start); it and `visited` are drawn in
    the visited colour, with a band in a deeper shade joining consecutive route cells.
    `complete=True` draws the level-complete state: the board dimmed under a panel that covers
    it, with a "next" button whose rectangle is returned in `next_button`.
    """
    th = theme_named(theme)
    fur = cat_colour(cat)
    u = width / 1080.0
    image = np.empty((height, width, 3), np.uint8)
    image[:] = th.background
    geometry = board_geometry(board, width, height)
    draw_top_bar(image, u, level, th)
    draw_bottom_buttons(image, u, th)
    _draw_grid(image, board, geometry, th, fur, visited, route)
    next_button = _draw_complete(image, geometry, u, level, th, fur) if complete else None
    return Rendered(image, geometry, next_button)


def _draw_grid(
    image: np.ndarray,
    board: Board,
    geometry: Geometry,
    th: Theme,
    fur: BGR,
    visited: Sequence[Cell],
    route: Sequence[Cell],
) -> None:
    pitch = geometry.pitch[0]
    side = pitch * CELL_FRACTION
    radius = side * CORNER_FRACTION
    walked = set(visited) | set(route)
    tint = visited_colour(fur, th)
    # the route is a band in a deeper shade under the cells: it shows in the gaps between
    # consecutive cells, and each walked cell stays a rounded square of its own
    if len(route) > 1:
        thick_line(image, [geometry.centre(c) for c in route], 0.3 * pitch, route_colour(fur, th))
    for cell in board.cells:
        x, y = geometry.centre(cell)
        colour = tint if cell in walked else th.cell
        fill_rounded_rect(image, x - side / 2, y - side / 2, x + side / 2, y + side / 2, radius, colour)
    sx, sy = geometry.centre(board.start)
    draw_cat(image, sx, sy, side, fur)


def clipped_rect(x0: float, y0: float, x1: float, y1: float, image: np.ndarray) -> Rect:
    """The box x0..x1, y0..y1 in whole pixels, clipped to the image."""
    h, w = image.shape[:2]
    left, top = max(0, int(round(x0))), max(0, int(round(y0)))
    right, bottom = min(w, int(round(x1))), min(h, int(round(y1)))
    return Rect(left, top, max(0, right - left), max(0, bottom - top))


def draw_top_bar(image: np.ndarray, u: float, level: int, th: Theme, *, title: str | None = None) -> Rect:
    """The title bar and the plates under it, as on the real level screen; returns the back button."""
    # back button: a cyan tab on the left edge with a round head and a white arrow
    cyan = rgb(64, 206, 222)
    fill_rounded_rect(image, -60 * u, 26 * u, 150 * u, 170 * u, 0, lighter(cyan, 0.35))
    fill_circle(image, 130 * u, 98 * u, 72 * u, cyan)
    thick_line(image, [(95 * u, 98 * u), (170 * u, 98 * u)], 26 * u, WHITE)
    thick_line(image, [(125 * u, 68 * u), (95 * u, 98 * u), (125 * u, 128 * u)], 26 * u, WHITE)
    # title
    text(image, title or f"Level {level}", 520 * u, 98 * u, 44 * u, th.ink, bold=True)
    # capsule (menu / close) in nearly the cells' grey
    fill_rounded_rect(image, 738 * u, 48 * u, 1024 * u, 142 * u, 47 * u, th.capsule)
    for dx in (-28, 0, 28):
        fill_circle(image, (808 + dx) * u, 95 * u, (7 if dx else 9) * u, WHITE)
    cv2.line(
        image,
        (int(881 * u), int(70 * u)),
        (int(881 * u), int(120 * u)),
        lighter(th.capsule, 0.5),
        max(1, int(2 * u)),
    )
    cv2.circle(image, (int(955 * u), int(95 * u)), int(22 * u), WHITE, max(1, int(6 * u)), cv2.LINE_AA)
    fill_circle(image, 955 * u, 95 * u, 9 * u, WHITE)
    # avatar plate with "levels to beat" text and a round picture
    fill_rounded_rect(image, -60 * u, 215 * u, 265 * u, 352 * u, 68 * u, th.panel)
    text(image, "42 to go", 68 * u, 262 * u, 20 * u, rgb(60, 190, 60))
    text(image, "beat him!", 68 * u, 306 * u, 20 * u, rgb(60, 190, 60))
    fill_circle(image, 200 * u, 283 * u, 58 * u, rgb(120, 90, 70))
    fill_circle(image, 200 * u, 295 * u, 44 * u, rgb(238, 200, 170))
    fill_circle(image, 184 * u, 288 * u, 6 * u, rgb(40, 30, 30))
    fill_circle(image, 216 * u, 288 * u, 6 * u, rgb(40, 30, 30))
    # coin counter
    fill_rounded_rect(image, 415 * u, 225 * u, 663 * u, 293 * u, 34 * u, th.panel)
    fill_circle(image, 452 * u, 259 * u, 28 * u, rgb(250, 210, 40))
    fill_circle(image, 452 * u, 259 * u, 15 * u, rgb(255, 150, 40))
    text(image, "690", 572 * u, 259 * u, 32 * u, lighter(th.ink, 0.35))
    # wheel and chest icons top right
    fill_circle(image, 875 * u, 245 * u, 50 * u, rgb(240, 90, 90))
    fill_circle(image, 875 * u, 245 * u, 40 * u, rgb(255, 240, 210))
    fill_rounded_rect(image, 955 * u, 200 * u, 1045 * u, 290 * u, 18 * u, rgb(250, 170, 40))
    fill_rounded_rect(image, 970 * u, 230 * u, 1030 * u, 260 * u, 8 * u, rgb(220, 90, 40))
    text(image, "Lucky wheel (2/10)", 925 * u, 322 * u, 20 * u, lighter(th.ink, 0.3))
    return clipped_rect(0, 26 * u, 202 * u, 170 * u, image)


BOTTOM_BUTTONS = (  # name, x centre in 1080-wide units, colour, label (the real game: 重玩 求助 奖励 提示)
    ("replay", 220, rgb(20, 160, 240), "Replay"),
    ("sos", 435, rgb(150, 210, 0), "Help"),
    ("gift", 648, rgb(240, 120, 160), "Gift"),
    ("hint", 862, rgb(255, 170, 0), "Hint"),
)


def draw_bottom_buttons(image: np.ndarray, u: float, th: Theme) -> dict[str, Rect]:
    """The row of round buttons at the bottom; returns each one's box by name."""
    height = image.shape[0]
    cy = height - 145 * u
    boxes: dict[str, Rect] = {}
    for name, x, colour, label in BOTTOM_BUTTONS:
        fill_rounded_rect(image, (x - 70) * u, cy, (x + 70) * u, height + 40 * u, 0, lighter(colour, 0.4))
        fill_circle(image, x * u, cy, 70 * u, colour)
        fill_circle(image, x * u, cy, 34 * u, WHITE)
        fill_circle(image, x * u, cy, 20 * u, colour)
        text(image, label, x * u, cy + 105 * u, 28 * u, WHITE if th.dark else darker(th.ink, 0.1))
        boxes[name] = clipped_rect((x - 70) * u, cy - 70 * u, (x + 70) * u, height, image)
    return boxes


def _draw_complete(image: np.ndarray, geometry: Geometry, u: float, level: int, th: Theme, fur: BGR) -> Rect:
    """Dim the screen and cover the whole grid with a "level cleared" panel; returns the next button."""
    height, width = image.shape[:2]
    image[:] = (image.astype(np.uint16) * 115 // 255).astype(np.uint8)
    gx0, gy0, gx1, gy1 = geometry.bounds().corners
    margin = 40 * u
    px0, px1 = min(gx0 - margin, 90 * u), max(gx1 + margin, width - 90 * u)
    py0 = min(gy0 - margin, height / 2 - 420 * u)
    py1 = max(gy1 + margin, height / 2 + 420 * u)
    fill_rounded_rect(image, px0, py0, px1, py1, 48 * u, WHITE)
    text(image, f"Level {level} cleared!", width / 2, py0 + 110 * u, 46 * u, rgb(60, 60, 60), bold=True)
    for k, dx in enumerate((-150, 0, 150)):
        fill_circle(image, width / 2 + dx * u, py0 + (260 if k != 1 else 235) * u, 52 * u, rgb(255, 196, 0))
    draw_cat(image, width / 2, height / 2 + 40 * u, 220 * u, fur, happy=True)
    bx0, by0 = int(width / 2 - 210 * u), int(py1 - 230 * u)
    bx1, by1 = int(width / 2 + 210 * u), int(py1 - 90 * u)
    fill_rounded_rect(image, bx0, by0, bx1, by1, 70 * u, rgb(70, 200, 110))
    text(image, "Next", width / 2, (by0 + by1) / 2, 44 * u, WHITE, bold=True)
    return Rect.from_corners(bx0, by0, bx1, by1)
