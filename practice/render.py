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

from onestroke.coords import Geometry, Rect
from onestroke.practice.sprites import (
    BGR,
    WHITE,
    cat_colour,
    darker,
    draw_cat,
    fill_circle,
    fill_ellipse,
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
    """How one app draws its board. The first six fields are the real game's; the rest say how
    other one-stroke apps differ (issue 10): tile shape, start and goal markers, the walked path,
    dots on a field instead of tiles, and a plain app bar instead of the game's chrome.
    """

    name: str
    background: BGR
    cell: BGR  # plain cells (tiles); the dots on a "nodes" board
    ink: BGR  # title and labels
    capsule: BGR  # the top-right button, nearly the cells' grey in the real game
    panel: BGR  # coin counter / avatar plates
    look: str = "tiles"  # "tiles": a square per cell; "nodes": a dot per cell on one continuous field
    cell_fraction: float = CELL_FRACTION  # tile side / pitch (1.0: tiles touch)
    corner_fraction: float = CORNER_FRACTION  # corner radius / tile side
    start: str = "cat"  # the start's marker: "cat" (an avatar), "colour" (a plain tile in `accent`),
    # "disc" (an `accent` tile with a darker disc), "frame" (a glowing `accent` frame on the tile),
    # "letter" (a frame labelled S, on nodes)
    accent: BGR = (0, 0, 0)  # the start's colour ("colour", "disc", "letter")
    path: BGR | None = None  # walked cells; None: a tint of the cat's fur
    band: str = "thin"  # "thin": a deeper shade, 0.3 pitch wide, in the gaps; "full": the walked
    # colour, as wide as a tile (the real game: walked cells merge into one shape)
    goal: BGR = rgb(
        250, 150, 40
    )  # how a required end is marked: a flag on tiles, a frame labelled E on nodes
    goal_mark: str = "flag"  # a required end on tiles: "flag", or "letter" (an E on the tile)
    chrome: str = "game"  # "game": the real game's bars; "app": a plain title bar and two buttons
    field: BGR = (0, 0, 0)  # "nodes": the continuous area of open cells
    lines: BGR | None = None  # tiles that touch: the border lines between them (and the holes' colour)

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
        band="full",
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
    # other apps of the genre (issue 10): sharp light tiles with a coloured plain start ...
    "paper": Theme(
        "paper",
        rgb(255, 255, 255),
        rgb(216, 219, 226),
        rgb(60, 60, 70),
        rgb(70, 130, 230),
        rgb(240, 242, 246),
        cell_fraction=0.9,
        corner_fraction=0.05,
        start="colour",
        accent=rgb(38, 160, 176),
        path=rgb(138, 212, 222),
        band="full",
        chrome="app",
    ),
    # ... dark tiles on navy with a disc start and a flag on the goal ...
    "navy": Theme(
        "navy",
        rgb(22, 30, 56),
        rgb(98, 106, 128),
        rgb(230, 230, 240),
        rgb(236, 88, 120),
        rgb(40, 50, 80),
        cell_fraction=0.84,
        corner_fraction=0.12,
        start="disc",
        accent=rgb(238, 92, 128),
        path=rgb(238, 92, 128),
        chrome="app",
        goal=rgb(250, 210, 60),
    ),
    # ... tiles that touch, with border lines between them, on a wooden board ...
    "board": Theme(
        "board",
        rgb(244, 236, 222),
        rgb(238, 222, 190),
        rgb(90, 64, 40),
        rgb(150, 110, 70),
        rgb(230, 214, 188),
        cell_fraction=0.93,
        corner_fraction=0.0,
        band="full",
        chrome="app",
        lines=rgb(124, 92, 62),
    ),
    # ... light tiles whose start glows (a halo and a gold frame), the goal an E on a tile ...
    "glow": Theme(
        "glow",
        rgb(244, 242, 250),
        rgb(204, 208, 230),
        rgb(70, 60, 110),
        rgb(120, 100, 200),
        rgb(232, 230, 244),
        cell_fraction=0.86,
        corner_fraction=0.2,
        start="frame",
        accent=rgb(255, 186, 30),
        path=rgb(150, 128, 232),
        goal=rgb(200, 50, 90),
        goal_mark="letter",
        chrome="app",
    ),
    # ... and dots on one continuous field, hatched holes, the start and goal framed and labelled
    "nodes": Theme(
        "nodes",
        rgb(250, 250, 250),
        rgb(96, 112, 150),
        rgb(50, 60, 80),
        rgb(70, 130, 220),
        rgb(235, 238, 244),
        look="nodes",
        start="letter",
        accent=rgb(30, 160, 80),
        path=rgb(250, 140, 40),
        goal=rgb(220, 60, 60),
        chrome="app",
        field=rgb(222, 232, 246),
    ),
}


@dataclass(frozen=True)
class Rendered:
    """A drawn screen: the BGR image, where the grid lies, and the go-on button when complete."""

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
    """Walked cells: the theme's path colour, or a tint of the cat's fur (lighter; darker on a dark theme)."""
    if theme.path is not None:
        return theme.path
    if theme.dark:
        tints = [darker(cat, 0.1), lighter(cat, 0.3), darker(cat, 0.35)]
    else:
        tints = [lighter(cat, 0.25), cat, darker(cat, 0.3)]

    def contrast(tint: BGR) -> int:
        return max(abs(a - b) for a, b in zip(tint, theme.cell, strict=True))

    # the first that stands out from the plain cells (a grey cat on grey cells would hide its path)
    return next((tint for tint in tints if contrast(tint) >= 48), max(tints, key=contrast))


def route_colour(cat: BGR, theme: Theme) -> BGR:
    """The band joining walked cells: the walked colour itself ("full"), or a deeper shade of it."""
    if theme.band == "full":
        return visited_colour(cat, theme)
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

    `route` is the drag so far (cells in order, from the start): its cells take the walked
    colour, a band joins consecutive ones, the start keeps a stub of the band, and the cat (or
    the style's head marker) sits on its last cell, as in the real game. `visited` cells take
    the walked colour too, without a band. A required end (`board.end`) carries the theme's
    goal marker. `complete=True` draws the level-complete screen as the real game does
    (practice/screens.py: the finished board faint under a veil, a round go-on button between
    ranking and share capsules); the go-on button's box is `next_button`.
    """
    th = theme_named(theme)
    fur = cat_colour(cat)
    u = width / 1080.0
    image = np.empty((height, width, 3), np.uint8)
    image[:] = th.background
    geometry = board_geometry(board, width, height)
    if th.chrome == "app":
        _draw_app_bars(image, u, level, th)
    else:
        draw_top_bar(image, u, level, th)
        draw_bottom_buttons(image, u, th)
    if th.look == "nodes":
        _draw_nodes(image, board, geometry, th, visited, route)
    else:
        _draw_tiles(image, board, geometry, th, fur, visited, route)
    next_button = None
    if complete:  # the real game's level-complete screen over this board (practice/screens.py)
        from onestroke.practice.screens import render_complete_screen  # it draws with this module

        drawn = render_complete_screen(
            width, height, level=level, theme=th, board=board, route=route, cat=cat
        )
        image, go = drawn.image, drawn.layout["go_on"]
        next_button = go
    return Rendered(image, geometry, next_button)


def _draw_tiles(
    image: np.ndarray,
    board: Board,
    geometry: Geometry,
    th: Theme,
    fur: BGR,
    visited: Sequence[Cell],
    route: Sequence[Cell],
) -> None:
    px, py = geometry.pitch
    sx, sy = px * th.cell_fraction, py * th.cell_fraction
    radius = min(sx, sy) * th.corner_fraction
    walked = set(visited) | set(route)
    tint = visited_colour(fur, th)
    if th.lines is not None:  # tiles that touch: one panel in the lines' colour under the grid
        x0, y0, x1, y1 = geometry.bounds().corners
        fill_rounded_rect(image, x0 - 0.03 * px, y0 - 0.03 * py, x1 + 0.03 * px, y1 + 0.03 * py, 0, th.lines)
    band = route_colour(fur, th)
    if len(route) > 1:
        # "thin": a band in a deeper shade under the cells, showing in the gaps between consecutive
        # cells; "full": the walked colour as wide as a tile, so the walked cells merge into one shape
        width = min(sx, sy) if th.band == "full" else 0.3 * min(px, py)
        thick_line(image, [geometry.centre(c) for c in route], width, band, round_caps=th.band != "full")
        _draw_stub(image, geometry, route, 0.14 * min(sx, sy), band)
    for cell in board.cells:
        x, y = geometry.centre(cell)
        colour = tint if cell in walked else th.cell
        if cell == board.start and th.start in ("colour", "disc"):
            colour = th.accent  # the start keeps its own colour, walked or not
        fill_rounded_rect(image, x - sx / 2, y - sy / 2, x + sx / 2, y + sy / 2, radius, colour)
    if th.start == "frame":  # a halo just into the gaps, and a frame on the tile's rim
        x, y = geometry.centre(board.start)
        halo = lighter(th.accent, 0.55)
        for grow, colour in ((0.03, halo), (0.0, th.accent)):
            fill_rounded_rect(
                image,
                x - sx / 2 - grow * px,
                y - sy / 2 - grow * py,
                x + sx / 2 + grow * px,
                y + sy / 2 + grow * py,
                radius,
                colour,
            )
        inner = tint if board.start in walked else th.cell
        fill_rounded_rect(
            image,
            x - sx / 2 + 0.1 * px,
            y - sy / 2 + 0.1 * py,
            x + sx / 2 - 0.1 * px,
            y + sy / 2 - 0.1 * py,
            radius * 0.6,
            inner,
        )
    if board.end is not None:
        if th.goal_mark == "letter":
            ex, ey = geometry.centre(board.end)
            text(image, "E", ex, ey, 0.42 * min(sx, sy), th.goal, bold=True)
        else:
            _draw_flag(image, geometry.centre(board.end), min(sx, sy), th.goal)
    hx, hy = geometry.centre(route[-1] if route else board.start)
    if th.start == "cat":
        draw_cat(image, hx, hy, min(sx, sy), fur)
    elif th.start == "disc":
        fill_ellipse(image, hx, hy, 0.3 * sx, 0.3 * sy, darker(th.accent, 0.45))


def _draw_stub(
    image: np.ndarray, geometry: Geometry, route: Sequence[Cell], width: float, colour: BGR
) -> None:
    """The start keeps a short stub of the band, on the side away from the path's first step,
    reaching halfway into the gap (as in the real game's recording)."""
    (r0, c0), (r1, c1) = route[0], route[1]
    x, y = geometry.centre(route[0])
    px, py = geometry.pitch
    dx, dy = (c0 - c1) * px, (r0 - r1) * py
    stub = [(x + 0.4 * dx, y + 0.4 * dy), (x + 0.49 * dx, y + 0.49 * dy)]
    thick_line(image, stub, width, colour, round_caps=False)


def _draw_flag(image: np.ndarray, centre: tuple[float, float], side: float, colour: BGR) -> None:
    """A goal flag on a tile: a white pole and a pennant in the goal colour."""
    x, y = centre
    thick_line(
        image, [(x - 0.18 * side, y + 0.3 * side), (x - 0.18 * side, y - 0.3 * side)], 0.06 * side, WHITE
    )
    pennant = [
        (x - 0.16 * side, y - 0.3 * side),
        (x + 0.26 * side, y - 0.16 * side),
        (x - 0.16 * side, y - 0.02 * side),
    ]
    cv2.fillPoly(image, [np.round(np.array(pennant) * 16).astype(np.int32)], colour, cv2.LINE_AA, 4)


def _draw_nodes(
    image: np.ndarray,
    board: Board,
    geometry: Geometry,
    th: Theme,
    visited: Sequence[Cell],
    route: Sequence[Cell],
) -> None:
    """Dots on one continuous field; holes hatched; the start and the goal framed and labelled."""
    px, py = geometry.pitch
    p = min(px, py)
    for cell in board.cells:  # the field: every open cell's pitch square, touching
        x, y = geometry.centre(cell)
        fill_rounded_rect(
            image, x - px / 2 - 0.5, y - py / 2 - 0.5, x + px / 2 + 0.5, y + py / 2 + 0.5, 0, th.field
        )
    for r in range(board.rows):
        for c in range(board.cols):
            if (r, c) not in board.open_cells:
                _draw_hatch(image, geometry.centre((r, c)), 0.92 * px, 0.92 * py, th)
    path = th.path or th.ink
    walked = set(visited) | set(route)
    if len(route) > 1:
        thick_line(image, [geometry.centre(c) for c in route], 0.2 * p, path)
    for cell in board.cells:
        if cell in (board.start, board.end):
            continue
        x, y = geometry.centre(cell)
        fill_ellipse(
            image,
            x,
            y,
            (0.17 if cell in walked else 0.15) * px,
            (0.17 if cell in walked else 0.15) * py,
            path if cell in walked else th.cell,
        )
    _draw_label(image, geometry, board.start, "S", th.accent, th)
    if board.end is not None:
        _draw_label(image, geometry, board.end, "E", th.goal, th)
    if route:
        hx, hy = geometry.centre(route[-1])
        fill_ellipse(image, hx, hy, 0.31 * px, 0.31 * py, path)
        fill_ellipse(image, hx, hy, 0.1 * px, 0.1 * py, WHITE)


def _draw_hatch(image: np.ndarray, centre: tuple[float, float], w: float, h: float, th: Theme) -> None:
    """A hole: a light square crossed by diagonal lines."""
    x, y = centre
    x0, y0, x1, y1 = (int(round(v)) for v in (x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    patch = np.empty((max(1, y1 - y0), max(1, x1 - x0), 3), np.uint8)
    patch[:] = lighter(th.ink, 0.88)
    step = max(4.0, 0.17 * min(w, h))
    line = max(1, int(round(0.045 * min(w, h))))
    k = -patch.shape[0]
    while k < patch.shape[1]:
        cv2.line(
            patch,
            (int(k), patch.shape[0]),
            (int(k + patch.shape[0]), 0),
            lighter(th.ink, 0.5),
            line,
            cv2.LINE_AA,
        )
        k += step
    ih, iw = image.shape[:2]
    cx0, cy0, cx1, cy1 = max(0, x0), max(0, y0), min(iw, x1), min(ih, y1)
    if cx1 > cx0 and cy1 > cy0:
        image[cy0:cy1, cx0:cx1] = patch[cy0 - y0 : cy1 - y0, cx0 - x0 : cx1 - x0]


def _draw_label(
    image: np.ndarray, geometry: Geometry, cell: Cell, label: str, colour: BGR, th: Theme
) -> None:
    """A framed cell with a letter: the field inside the frame, so a band under it stays out of the way."""
    x, y = geometry.centre(cell)
    px, py = geometry.pitch
    fill_rounded_rect(image, x - 0.42 * px, y - 0.42 * py, x + 0.42 * px, y + 0.42 * py, 0.06 * px, colour)
    fill_rounded_rect(image, x - 0.36 * px, y - 0.36 * py, x + 0.36 * px, y + 0.36 * py, 0.03 * px, th.field)
    text(image, label, x, y, 0.42 * py, colour, bold=True)


def _draw_app_bars(image: np.ndarray, u: float, level: int, th: Theme) -> None:
    """Another app's chrome: a title bar in its own colour, a level line, two buttons at the bottom."""
    height, width = image.shape[:2]
    fill_rounded_rect(image, -10, -10, width + 10, 130 * u, 0, th.capsule)
    text(image, "One Line", width / 2, 70 * u, 44 * u, WHITE, bold=True)
    text(image, f"Level {level}", width / 2, 200 * u, 40 * u, th.ink, bold=True)
    for x, label in ((300, "Undo"), (780, "Hint")):
        fill_rounded_rect(
            image, (x - 150) * u, height - 210 * u, (x + 150) * u, height - 100 * u, 55 * u, th.panel
        )
        text(image, label, x * u, height - 155 * u, 34 * u, th.ink, bold=True)


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
