"""Levels drawn in random looks: a seed picks every freedom of how a one-stroke app may draw one.

The project's themes (practice/render.py) are looks someone chose and the detector was tuned on.
A `RandomLook` is one nobody chose: `look_from_seed(seed)` picks each freedom below, every one a named
field, from what other apps of the genre do (dots on a dark field with hatched holes, framed
grids of touching cells with dark holes, tiles on a gradient with a thin line through the walked
centres and a finger's dot, icons under the board, a hint line over it):

- `palette`: hues, light or dark (`Palette`);
- `background`: flat, gradient, dark (a deep field with a lighter panel behind the board), noise;
- `cell_style`: tiles with gaps, touching tiles split by lines, dots on a continuous field, a
  framed grid; `cell_shape`: square, rounded, circle (tiles and dots); `cell_fraction`: the
  tile's (or dot's) side over the pitch;
- `hole_style`: absent (the background shows), dark filled, hatched, an inner square;
- `start_marker`: a filled tile in another colour, a disc, a framed cell with a letter S, a
  brighter larger dot, an avatar-like blob (it moves to the path's head); `end_marker`: none, an
  E, a flag, a red tile (a look with an end marker draws every level with a required end);
- `path_style`: filled cells (joined across the gaps), a band, a thin line through the centres
  of filled cells, lit dots joined by a glowing line; `step_numbers`, `finger` (a translucent dot
  on the head);
- `extras`: a row of icons or of buttons near the board; `side_panel` (desktop: a panel of level
  buttons); `title`; `hint`: a thin light line over unwalked cells;
- `screen`: the screen size (phones portrait, desktop); `scale` and `jpeg`: what a capture does.

`render_look` draws a level, a half-drawn level or the level-complete screen (a veil, a panel
with a NEXT and a RETURN button, or a round go-on button) at any size; `sample(seed)` draws a
random level of a random kind in the seed's look and returns its ground truth (`Truth`: board,
walked cells in order, screen kind, origin/pitch, the go-on control), in the terms of the labels
`onestroke fixtures check` reads. Pure numpy/OpenCV, no window; the practice game draws with it
too (`practice --look SEED`).
"""

from __future__ import annotations

import colorsys
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

import cv2
import numpy as np

from onestroke.coords import Geometry, Rect
from onestroke.practice.render import clipped_rect
from onestroke.practice.sprites import (
    BGR,
    WHITE,
    darker,
    fill_circle,
    fill_rounded_rect,
    lighter,
    text,
    thick_line,
)
from onestroke.solver.board import Board, Cell
from onestroke.solver.generate import random_hamiltonian_level

Background = Literal["flat", "gradient", "dark", "noise"]
CellStyle = Literal["tiles", "touching", "dots", "framed"]
CellShape = Literal["square", "rounded", "circle"]
HoleStyle = Literal["absent", "dark", "hatched", "inner"]
StartMarker = Literal["tile", "disc", "letter", "dot", "blob"]
EndMarker = Literal["none", "letter", "flag", "red"]
PathStyle = Literal["filled", "band", "line", "dots"]
Extras = Literal["none", "icons", "buttons"]
GoOnControl = Literal[
    "button", "disc"
]  # a NEXT LEVEL button beside RETURN, or a round arrow button beside MENU
SampleKind = Literal["level", "half", "complete"]
"""What a sample shows: a level with nothing drawn, a half-drawn level, the level-complete screen."""

SCREENS: dict[str, tuple[int, int]] = {
    "phone 1080x1920": (1080, 1920),
    "phone 720x1280": (720, 1280),
    "phone 1080x2340": (1080, 2340),
    "phone 600x991": (600, 991),
    "desktop 1920x1080": (1920, 1080),
}
SCALES = (1.0, 1.0, 0.75, 0.5)  # a capture at full size, or scaled down (a recording, a HiDPI copy)
JPEGS: tuple[int | None, ...] = (None, None, 90, 75)  # lossless, or a JPEG of that quality


@dataclass(frozen=True)
class Palette:
    """The colours of one look (BGR)."""

    dark: bool  # a dark look: light marks on a dark field
    background: BGR
    background_far: BGR  # the gradient's other end; the dark background's board panel
    cell: BGR  # plain cells (tiles; the dots)
    field: BGR  # dots: the continuous field under them; framed/touching: what shows through absent holes
    line: BGR  # the lines between touching cells, the grid's frame
    hole: BGR  # dark filled holes, the hatching's strokes
    start: BGR  # the start's marker
    path: BGR  # walked cells, the band, the lit dots
    stroke: BGR  # the thin line through walked centres
    end: BGR  # the required end's marker
    ink: BGR  # text and icons


@dataclass(frozen=True)
class RandomLook:
    """How one random app draws its levels: every freedom a field (see the module's docstring;
    bot/vision/taught.py's `TaughtLook` is one learned from labelled screens)."""

    seed: int
    palette: Palette
    background: Background
    cell_style: CellStyle
    cell_shape: CellShape
    cell_fraction: float
    hole_style: HoleStyle
    start_marker: StartMarker
    end_marker: EndMarker
    path_style: PathStyle
    path_width: float  # the band's (or the line's) width over the pitch
    step_numbers: bool
    finger: bool
    extras: Extras
    side_panel: bool
    title: bool
    hint: bool
    go_on: GoOnControl
    board_width: float  # share of a phone screen's width the board may take
    screen: str  # a name in SCREENS
    scale: float
    jpeg: int | None
    # drawn last in the seed's sequence, so adding them left every other choice as it was
    sparkles: bool = False  # small light stars where tile corners meet (a look's decoration)
    next_rings: bool = False  # rings around the cells the path may go to next (the head's neighbours)

    @property
    def size(self) -> tuple[int, int]:
        """The screen's (width, height) before the capture's scaling."""
        return SCREENS[self.screen]

    def freedoms(self) -> dict[str, str]:
        """Each freedom's name and this look's choice, as text (the sweep's tables group by these)."""
        return {
            "palette": "dark" if self.palette.dark else "light",
            "background": self.background,
            "cell_style": self.cell_style,
            "cell_shape": self.cell_shape,
            "hole_style": self.hole_style,
            "start_marker": self.start_marker,
            "end_marker": self.end_marker,
            "path_style": self.path_style,
            "step_numbers": str(self.step_numbers).lower(),
            "finger": str(self.finger).lower(),
            "extras": self.extras,
            "side_panel": str(self.side_panel).lower(),
            "hint": str(self.hint).lower(),
            "go_on": self.go_on,
            "screen": self.screen,
            "scale": f"{self.scale:g}",
            "jpeg": "none" if self.jpeg is None else f"q{self.jpeg}",
            "sparkles": str(self.sparkles).lower(),
            "next_rings": str(self.next_rings).lower(),
        }


def hsv_colour(h: float, s: float, v: float) -> BGR:
    """The colour of hue `h` (0-1, wrapping), saturation `s` and value `v` (clipped to 0-1)."""
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, min(1.0, max(0.0, s)), min(1.0, max(0.0, v)))
    return (round(b * 255), round(g * 255), round(r * 255))


def random_palette(rng: random.Random, dark: bool) -> Palette:
    """Random hues: quiet background and cells, saturated start and path of other hues."""
    base, accent = rng.random(), rng.random()
    if dark:
        background = hsv_colour(base, rng.uniform(0.2, 0.6), rng.uniform(0.08, 0.22))
        far = hsv_colour(base + rng.uniform(-0.08, 0.08), rng.uniform(0.2, 0.6), rng.uniform(0.2, 0.32))
        cell = hsv_colour(base + rng.uniform(-0.1, 0.1), rng.uniform(0.05, 0.3), rng.uniform(0.45, 0.7))
        field = lighter(background, rng.uniform(0.06, 0.15))
        line = lighter(background, rng.uniform(0.25, 0.4))
        hole = darker(background, 0.5)
        ink = hsv_colour(base, 0.05, 0.95)
    else:
        background = hsv_colour(base, rng.uniform(0.0, 0.15), rng.uniform(0.93, 1.0))
        far = hsv_colour(base + rng.uniform(0.1, 0.4), rng.uniform(0.2, 0.45), rng.uniform(0.75, 0.95))
        cell = hsv_colour(base + rng.uniform(-0.2, 0.2), rng.uniform(0.05, 0.35), rng.uniform(0.72, 0.9))
        field = darker(cell, rng.uniform(0.18, 0.3))  # holes that show it stand out from the cells
        line = darker(cell, rng.uniform(0.3, 0.55))
        hole = hsv_colour(base, rng.uniform(0.0, 0.3), rng.uniform(0.12, 0.3))
        ink = hsv_colour(base, 0.3, 0.25)
    start = hsv_colour(accent, rng.uniform(0.65, 0.95), rng.uniform(0.75, 0.95))
    same = rng.random() < 0.4  # the start's colour is the path's (the Android tiles game), or another
    path = start if same else hsv_colour(accent + rng.uniform(0.25, 0.75), rng.uniform(0.6, 0.9), 0.9)
    stroke = WHITE if rng.random() < 0.7 else darker(path, 0.6)
    end = hsv_colour(rng.uniform(-0.03, 0.03), rng.uniform(0.7, 0.9), rng.uniform(0.8, 0.95))
    return Palette(dark, background, far, cell, field, line, hole, start, path, stroke, end, ink)


def _pick(rng: random.Random, kind: object) -> Any:
    """One of the values of the Literal type `kind`, at random."""
    return rng.choice(get_args(kind))


def look_from_seed(seed: int) -> RandomLook:
    """The look of `seed`: every freedom picked at random (the same seed, the same look)."""
    rng = random.Random(f"onestroke-look:{seed}")
    background: Background = _pick(rng, Background)
    dark = background == "dark" or rng.random() < 0.3
    cell_style: CellStyle = _pick(rng, CellStyle)
    # touching cells and framed grids are squares; tiles and dots take any shape
    shape: CellShape = _pick(rng, CellShape) if cell_style in ("tiles", "dots") else "square"
    fraction = {
        "tiles": rng.uniform(0.78, 0.94),
        "touching": 1.0,
        "framed": 1.0,
        "dots": rng.uniform(0.12, 0.35),
    }[cell_style]
    path_style: PathStyle = _pick(rng, PathStyle)
    width = {
        "filled": 0.0,
        "band": rng.uniform(0.25, 0.55),
        "line": rng.uniform(0.03, 0.07),
        "dots": rng.uniform(0.06, 0.14),
    }[path_style]
    screen = rng.choice(sorted(SCREENS))
    return RandomLook(
        seed=seed,
        palette=random_palette(rng, dark),
        background=background,
        cell_style=cell_style,
        cell_shape=shape,
        cell_fraction=fraction,
        hole_style=_pick(rng, HoleStyle),
        start_marker=_pick(rng, StartMarker),
        end_marker=_pick(rng, EndMarker) if rng.random() < 0.5 else "none",
        path_style=path_style,
        path_width=width,
        step_numbers=rng.random() < 0.3,
        finger=rng.random() < 0.3,
        extras=_pick(rng, Extras),
        side_panel=screen.startswith("desktop") and rng.random() < 0.6,
        title=rng.random() < 0.7,
        hint=rng.random() < 0.2,
        go_on=_pick(rng, GoOnControl),
        board_width=rng.uniform(0.78, 0.96),
        screen=screen,
        scale=rng.choice(SCALES),
        jpeg=rng.choice(JPEGS),
        sparkles=cell_style in ("tiles", "touching") and rng.random() < 0.25,
        next_rings=rng.random() < 0.3,
    )


# -- drawing --------------------------------------------------------------------------------


@dataclass(frozen=True)
class LookScreen:
    """A screen drawn in a look: the BGR image, the grid, and every control's box by name
    (the level screen's icons or buttons; the complete screen's `go_on` and `return`)."""

    image: np.ndarray
    geometry: Geometry
    controls: dict[str, Rect]


def look_geometry(board: Board, look: RandomLook, width: int, height: int) -> Geometry:
    """Where the look puts the grid on a `width` x `height` screen (portrait: a phone's layout,
    centred; landscape: a web page's, right of a side panel)."""
    if width < height:
        pitch = min(width * look.board_width / board.cols, height * 0.55 / board.rows, 0.16 * width)
        cx, cy = width / 2, height * (0.47 + 0.06 * (look.seed % 3) / 2)
    else:
        pitch = min(width * 0.45 / board.cols, height * 0.7 / board.rows, 0.11 * height)
        cx, cy = width * (0.6 if look.side_panel else 0.5), height * 0.53
    origin = (cx - pitch * (board.cols - 1) / 2, cy - pitch * (board.rows - 1) / 2)
    return Geometry(origin, (pitch, pitch), board.rows, board.cols)


def draw_background(look: RandomLook, width: int, height: int) -> np.ndarray:
    """The screen under everything: flat, a vertical gradient, dark, or a grainy texture."""
    p = look.palette
    image = np.empty((height, width, 3), np.uint8)
    image[:] = p.background
    if look.background == "gradient":
        t = np.linspace(0.0, 1.0, height, dtype=np.float32)[:, None, None]
        column = np.array(p.background, np.float32) * (1 - t) + np.array(p.background_far, np.float32) * t
        image[:] = np.round(column).astype(np.uint8)
    elif look.background == "noise":  # grain of 2 px, from a tile of 160x160 repeated
        tile = np.random.default_rng(look.seed).integers(0, 19, (80, 80, 1), dtype=np.uint8)
        tile = np.repeat(np.repeat(tile, 2, axis=0), 2, axis=1)
        grain = np.tile(tile, (height // 160 + 1, width // 160 + 1, 3))[:height, :width]
        image = cv2.subtract(cv2.add(image, grain), np.full_like(image, 9))  # saturating, in uint8
    return image


def draw_shape(image: np.ndarray, x: float, y: float, side: float, shape: CellShape, colour: BGR) -> None:
    """One cell's shape of `side` px centred on (x, y)."""
    if shape == "circle":
        fill_circle(image, x, y, side / 2, colour)
    else:
        radius = 0.22 * side if shape == "rounded" else 0.0
        fill_rounded_rect(image, x - side / 2, y - side / 2, x + side / 2, y + side / 2, radius, colour)


def _blend(image: np.ndarray, layer: np.ndarray, alpha: float) -> None:
    """`layer` (a copy of `image` drawn on) over `image` at `alpha`, in place; where nothing was
    drawn the two are equal and the mix keeps the pixel."""
    image[:] = cv2.addWeighted(layer, alpha, image, 1 - alpha, 0)


def render_look(
    board: Board,
    look: RandomLook,
    *,
    width: int | None = None,
    height: int | None = None,
    route: Sequence[Cell] = (),
    hint: Sequence[Cell] = (),
    complete: bool = False,
    level: int = 1,
) -> LookScreen:
    """The screen for `board` in `look` (at the look's screen size unless `width`/`height` say).

    `route` is the path drawn so far, from the start; `hint` cells (unwalked) get the look's hint
    line when it has one. `complete=True` draws the level-complete screen over the finished board.
    """
    width, height = width or look.size[0], height or look.size[1]
    image = draw_background(look, width, height)
    geometry = look_geometry(board, look, width, height)
    controls = _draw_chrome(image, look, geometry, level)
    _draw_board(image, board, geometry, look, route)
    if look.hint and len(hint) > 1:
        _draw_hint(image, geometry, look, hint)
    if complete:
        controls = _draw_complete(image, look)
    return LookScreen(image, geometry, controls)


def _draw_board(
    image: np.ndarray, board: Board, g: Geometry, look: RandomLook, route: Sequence[Cell]
) -> None:
    p, (pitch, _) = look.palette, g.pitch
    positions = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    holes = [cell for cell in positions if cell not in board.open_cells]
    walked = set(route)
    side = pitch * look.cell_fraction
    _draw_underlay(image, board, g, look, holes)
    for cell in holes:
        _draw_hole(image, g, look, cell)
    if look.path_style == "filled" and len(route) > 1 and look.cell_style in ("tiles", "dots"):
        # walked tiles (dots) joined across the gaps, under the cells: the join shows the order
        thick_line(image, [g.centre(c) for c in route], 0.5 * side, p.path, round_caps=False)
    for cell in board.cells:
        x, y = g.centre(cell)
        colour = p.cell
        if cell in walked and look.path_style in ("filled", "line"):
            colour = p.path
        if cell == board.start and look.start_marker == "tile":
            colour = p.start
        if cell == board.end and look.end_marker == "red":
            colour = p.end
        if look.cell_style == "dots":
            lit = cell in walked and look.path_style in ("dots", "filled", "line")
            draw_shape(image, x, y, side * (1.3 if lit else 1.0), look.cell_shape, p.path if lit else colour)
        elif look.cell_style == "tiles":
            draw_shape(image, x, y, side, look.cell_shape, colour)
        else:  # touching or framed: the pitch square less the line between cells
            draw_shape(image, x, y, pitch - max(1.0, 0.03 * pitch), "square", colour)
    if look.sparkles:
        _draw_sparkles(image, board, g, look)
    _draw_route(image, g, look, route)
    _draw_markers(image, board, g, look, route)


def _draw_underlay(image: np.ndarray, board: Board, g: Geometry, look: RandomLook, holes: list[Cell]) -> None:
    """What lies under the cells: the dark look's panel, the lines of touching cells, the frame
    of a framed grid, the field of dots."""
    p, (pitch, _) = look.palette, g.pitch
    box = g.bounds()
    x0, y0, x1, y1 = box.left, box.top, box.left + box.width, box.top + box.height
    if look.background == "dark":
        m = 0.6 * pitch
        fill_rounded_rect(image, x0 - m, y0 - m, x1 + m, y1 + m, 0.3 * pitch, p.background_far)
    if look.cell_style == "framed":
        f = max(2.0, 0.06 * pitch)
        fill_rounded_rect(image, x0 - f, y0 - f, x1 + f, y1 + f, 0, p.line)
        fill_rounded_rect(image, x0, y0, x1, y1, 0, lighter(p.line, 0.2) if p.dark else darker(p.line, 0.1))
        for cell in holes:  # an absent hole in a frame shows the page's field
            x, y = g.centre(cell)
            draw_shape(image, x, y, pitch - max(1.0, 0.03 * pitch), "square", p.field)
    elif look.cell_style == "touching":
        for cell in board.cells:
            x, y = g.centre(cell)
            draw_shape(image, x, y, pitch + 0.03 * pitch, "square", p.line)
    elif look.cell_style == "dots":
        if look.hole_style == "absent":
            for cell in board.cells:
                x, y = g.centre(cell)
                draw_shape(image, x, y, pitch + 1, "square", p.field)
        else:
            fill_rounded_rect(image, x0, y0, x1, y1, 0.1 * pitch, p.field)


def _draw_hole(image: np.ndarray, g: Geometry, look: RandomLook, cell: Cell) -> None:
    p, (pitch, _) = look.palette, g.pitch
    x, y = g.centre(cell)
    side = pitch * (look.cell_fraction if look.cell_style == "tiles" else 0.94)
    shape = look.cell_shape if look.cell_style == "tiles" else "square"
    if look.hole_style == "dark":
        draw_shape(image, x, y, side, shape, p.hole)
    elif look.hole_style == "hatched":
        _draw_hatch(image, x, y, side, p)
    elif look.hole_style == "inner":
        draw_shape(image, x, y, side, shape, darker(p.field, 0.15) if not p.dark else lighter(p.field, 0.1))
        draw_shape(image, x, y, 0.6 * side, "rounded", p.hole if p.dark else lighter(p.hole, 0.55))


def _draw_hatch(image: np.ndarray, x: float, y: float, side: float, p: Palette) -> None:
    """A square crossed by diagonal strokes."""
    x0, y0 = int(round(x - side / 2)), int(round(y - side / 2))
    n = max(2, int(round(side)))
    patch = np.empty((n, n, 3), np.uint8)
    patch[:] = p.field
    step, line = max(4, int(0.16 * n)), max(1, int(round(0.05 * n)))
    for k in range(-n, n, step):
        cv2.line(patch, (k, n), (k + n, 0), p.hole, line, cv2.LINE_AA)
    h, w = image.shape[:2]
    cx0, cy0, cx1, cy1 = max(0, x0), max(0, y0), min(w, x0 + n), min(h, y0 + n)
    if cx1 > cx0 and cy1 > cy0:
        image[cy0:cy1, cx0:cx1] = patch[cy0 - y0 : cy1 - y0, cx0 - x0 : cx1 - x0]


def _draw_route(image: np.ndarray, g: Geometry, look: RandomLook, route: Sequence[Cell]) -> None:
    """The drawn path over the cells: a band, a thin line, a glowing line through lit dots."""
    if len(route) < 2:
        return
    p, (pitch, _) = look.palette, g.pitch
    points = [(float(x), float(y)) for x, y in (g.centre(c) for c in route)]
    if look.path_style == "filled" and look.cell_style in ("touching", "framed"):
        # consecutive walked cells merge: the line between them is painted over (and only theirs,
        # so the order shows where walked cells touch out of order)
        for a, b in zip(points, points[1:], strict=False):
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            reach = ((b[0] - a[0]) * 0.2, (b[1] - a[1]) * 0.2)
            ends = [(mid[0] - reach[0], mid[1] - reach[1]), (mid[0] + reach[0], mid[1] + reach[1])]
            thick_line(image, ends, 0.6 * pitch, p.path, round_caps=False)
    elif look.path_style == "band":
        thick_line(image, points, look.path_width * pitch, p.path)
    elif look.path_style == "line":
        thick_line(image, points, max(1.5, look.path_width * pitch), p.stroke, round_caps=False)
    elif look.path_style == "dots":
        glow = image.copy()
        thick_line(glow, points, 3 * look.path_width * pitch, p.path)
        _blend(image, glow, 0.35)
        thick_line(image, points, look.path_width * pitch, lighter(p.path, 0.3))


def _draw_markers(
    image: np.ndarray, board: Board, g: Geometry, look: RandomLook, route: Sequence[Cell]
) -> None:
    """The start's and the end's markers, step numbers, the finger on the head."""
    p, (pitch, _) = look.palette, g.pitch
    side = pitch * (look.cell_fraction if look.cell_style == "tiles" else 0.94)
    sx, sy = g.centre(board.start)
    marker = look.start_marker
    if marker == "disc":
        fill_circle(image, sx, sy, 0.28 * side, p.start)
    elif marker == "letter":
        _draw_frame(image, sx, sy, 0.96 * pitch, p.start if p.dark else p.ink, max(1.5, 0.03 * pitch))
        text(image, "S", sx - 0.3 * pitch, sy + 0.28 * pitch, 0.2 * pitch, p.ink, bold=True)
    elif marker == "dot":
        fill_circle(
            image, sx, sy, 0.32 * side if look.cell_style != "dots" else 0.36 * pitch, lighter(p.start, 0.5)
        )
        fill_circle(image, sx, sy, 0.2 * side if look.cell_style != "dots" else 0.24 * pitch, p.start)
    if board.end is not None:
        ex, ey = g.centre(board.end)
        if look.end_marker == "letter":
            _draw_frame(image, ex, ey, 0.96 * pitch, p.end, max(1.5, 0.03 * pitch))
            text(image, "E", ex, ey, 0.4 * pitch, p.end, bold=True)
        elif look.end_marker == "flag":
            thick_line(
                image,
                [(ex - 0.15 * side, ey + 0.3 * side), (ex - 0.15 * side, ey - 0.3 * side)],
                0.06 * side,
                p.ink,
            )
            pennant = [
                (ex - 0.13 * side, ey - 0.3 * side),
                (ex + 0.28 * side, ey - 0.17 * side),
                (ex - 0.13 * side, ey - 0.04 * side),
            ]
            cv2.fillPoly(image, [np.round(np.array(pennant) * 16).astype(np.int32)], p.end, cv2.LINE_AA, 4)
    if look.step_numbers:
        for k, cell in enumerate(route, 1):
            x, y = g.centre(cell)
            text(
                image, str(k), x + 0.3 * pitch, y - 0.3 * pitch, 0.16 * pitch, p.ink if not p.dark else WHITE
            )
    head = route[-1] if route else board.start
    hx, hy = g.centre(head)
    if look.next_rings:
        for cell in board.neighbours(head):
            if cell not in route:
                x, y = g.centre(cell)
                ring = max(1, round(0.025 * pitch))
                radius = round(0.3 * side if look.cell_style != "dots" else 0.22 * pitch)
                cv2.circle(image, (round(x), round(y)), radius, lighter(p.path, 0.3), ring, cv2.LINE_AA)
    if marker == "blob":
        _draw_blob(image, hx, hy, 0.78 * side, p.start)
    if look.finger and route:
        finger = image.copy()
        fill_circle(finger, hx, hy, 0.3 * pitch, WHITE)
        _blend(image, finger, 0.45)


def _draw_sparkles(image: np.ndarray, board: Board, g: Geometry, look: RandomLook) -> None:
    """Small four-pointed light stars at some corners where open cells meet."""
    pitch = g.pitch[0]
    colour = lighter(look.palette.cell, 0.7)
    arm = 0.09 * pitch
    for r, c in sorted(board.open_cells):
        if (r * 7 + c * 3 + look.seed) % 4:
            continue  # about one corner in four
        x, y = g.centre((r, c))
        x, y = x + pitch / 2, y + pitch / 2
        for dx, dy in ((arm, 0), (0, arm)):
            thick_line(image, [(x - dx, y - dy), (x + dx, y + dy)], max(1.0, 0.02 * pitch), colour)


def _draw_frame(image: np.ndarray, x: float, y: float, side: float, colour: BGR, width: float) -> None:
    h = side / 2
    corners = [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h), (x - h, y - h)]
    thick_line(image, corners, width, colour, round_caps=False)


def _draw_blob(image: np.ndarray, x: float, y: float, size: float, colour: BGR) -> None:
    """An avatar: a round body with two ears and two eyes."""
    r = size / 2
    for dx in (-0.55, 0.55):
        fill_circle(image, x + dx * r, y - 0.75 * r, 0.3 * r, darker(colour, 0.15))
    fill_circle(image, x, y, r, colour)
    for dx in (-0.35, 0.35):
        fill_circle(image, x + dx * r, y - 0.1 * r, 0.22 * r, WHITE)
        fill_circle(image, x + dx * r, y - 0.05 * r, 0.11 * r, (30, 30, 30))


def _draw_hint(image: np.ndarray, g: Geometry, look: RandomLook, hint: Sequence[Cell]) -> None:
    """A thin light line over unwalked cells: the game's hint, not a drawn path."""
    layer = image.copy()
    thick_line(
        layer, [g.centre(c) for c in hint], max(1.5, 0.04 * g.pitch[0]), lighter(look.palette.cell, 0.8)
    )
    _blend(image, layer, 0.8)


# -- the chrome: title, icons, buttons, a side panel -------------------------------------------


def _draw_chrome(image: np.ndarray, look: RandomLook, g: Geometry, level: int) -> dict[str, Rect]:
    p, (pitch, _) = look.palette, g.pitch
    height, width = image.shape[:2]
    box = g.bounds()
    top, bottom = box.top, box.top + box.height
    controls: dict[str, Rect] = {}
    if look.title:
        text(
            image,
            f"Level {level}",
            box.left + box.width / 2,
            max(0.05 * height, top - 1.1 * pitch),
            0.03 * max(width, height) * 0.7,
            p.ink,
            bold=True,
        )
    mid = box.left + box.width / 2
    if look.extras == "icons":
        size, y = 0.6 * pitch, bottom + 0.9 * pitch
        for k, name in enumerate(("undo", "hint", "restart")):
            x = mid + (k - 1) * 2.0 * pitch
            _draw_icon(image, name, x, y, size, WHITE if p.dark or look.background == "gradient" else p.ink)
            controls[name] = clipped_rect(x - size / 2, y - size / 2, x + size / 2, y + size / 2, image)
    elif look.extras == "buttons":
        w, h, y = 1.6 * pitch, 0.7 * pitch, bottom + 0.8 * pitch
        for k, name in enumerate(("undo", "hint", "reset")):
            x = mid + (k - 1) * 2.0 * pitch
            fill_rounded_rect(image, x - w / 2, y - h / 2, x + w / 2, y + h / 2, 0.2 * h, p.cell)
            text(image, name.upper(), x, y, 0.3 * h, p.ink, bold=True)
            controls[name] = clipped_rect(x - w / 2, y - h / 2, x + w / 2, y + h / 2, image)
    if look.side_panel and width > height:
        _draw_side_panel(image, look, level)
    return controls


def _draw_icon(image: np.ndarray, name: str, x: float, y: float, size: float, colour: BGR) -> None:
    w = max(2.0, 0.09 * size)
    if name == "undo":
        thick_line(
            image,
            [
                (x + 0.4 * size, y + 0.35 * size),
                (x + 0.3 * size, y - 0.05 * size),
                (x - 0.3 * size, y - 0.1 * size),
            ],
            w,
            colour,
        )
        tri = [
            (x - 0.45 * size, y - 0.1 * size),
            (x - 0.15 * size, y - 0.35 * size),
            (x - 0.15 * size, y + 0.15 * size),
        ]
        cv2.fillPoly(image, [np.round(np.array(tri) * 16).astype(np.int32)], colour, cv2.LINE_AA, 4)
    elif name == "hint":
        cv2.circle(
            image,
            (round(x), round(y - 0.1 * size)),
            round(0.28 * size),
            colour,
            max(1, round(w)),
            cv2.LINE_AA,
        )
        fill_rounded_rect(
            image, x - 0.12 * size, y + 0.22 * size, x + 0.12 * size, y + 0.4 * size, 0.03 * size, colour
        )
    else:
        cv2.ellipse(
            image,
            (round(x), round(y)),
            (round(0.38 * size), round(0.38 * size)),
            0,
            -60,
            250,
            colour,
            max(1, round(w)),
            cv2.LINE_AA,
        )
        tri = [
            (x + 0.1 * size, y - 0.5 * size),
            (x + 0.4 * size, y - 0.38 * size),
            (x + 0.14 * size, y - 0.18 * size),
        ]
        cv2.fillPoly(image, [np.round(np.array(tri) * 16).astype(np.int32)], colour, cv2.LINE_AA, 4)


def _draw_side_panel(image: np.ndarray, look: RandomLook, level: int) -> None:
    """A web game's side panel: its name, a few wide buttons and a grid of numbered level buttons."""
    p = look.palette
    height, width = image.shape[:2]
    x0, x1, y0 = 0.08 * width, 0.3 * width, 0.05 * height
    panel = lighter(p.background, 0.08) if p.dark else darker(p.background, 0.04)
    fill_rounded_rect(image, x0, y0, x1, 0.97 * height, 0.01 * width, panel)
    text(image, "ONE STROKE", (x0 + x1) / 2, y0 + 0.06 * height, 0.04 * height, p.ink, bold=True)
    for k, label in enumerate(("UNDO", "RESTART", "HINT")):
        bx = x0 + 0.01 * width + k * 0.07 * width
        fill_rounded_rect(image, bx, 0.2 * height, bx + 0.062 * width, 0.25 * height, 0.005 * width, p.cell)
        text(image, label, bx + 0.031 * width, 0.225 * height, 0.015 * height, p.ink, bold=True)
    side, step = 0.045 * width, 0.052 * width
    for k in range(16):
        r, c = divmod(k, 4)
        bx, by = x0 + 0.012 * width + c * step, 0.4 * height + r * 0.07 * height
        colour = p.start if k + 1 == level % 16 else panel
        fill_rounded_rect(
            image,
            bx,
            by,
            bx + side,
            by + 0.055 * height,
            0.006 * width,
            lighter(colour, 0.1) if p.dark else darker(colour, 0.08),
        )
        text(image, str(k + 40), bx + side / 2, by + 0.0275 * height, 0.018 * height, p.ink, bold=True)


def _draw_complete(image: np.ndarray, look: RandomLook) -> dict[str, Rect]:
    """The level-complete screen: the finished board under a veil, a panel with the go-on control."""
    p = look.palette
    height, width = image.shape[:2]
    veil = np.zeros_like(image) if p.dark else np.full_like(image, 255)
    image[:] = cv2.addWeighted(image, 0.35, veil, 0.65, 0)
    u = min(width, height) / 1080
    cx, cy = width / 2, height / 2
    pw, ph = 820 * u, 620 * u
    panel = lighter(p.background, 0.12) if p.dark else WHITE
    fill_rounded_rect(image, cx - pw / 2, cy - ph / 2, cx + pw / 2, cy + ph / 2, 40 * u, panel)
    text(image, "Level Clear", cx, cy - 190 * u, 70 * u, p.ink, bold=True)
    controls: dict[str, Rect] = {}
    if look.go_on == "button":
        bw, bh, by = 330 * u, 120 * u, cy + 150 * u
        for name, bx, colour, label in (
            ("return", cx - 190 * u, p.cell, "RETURN"),
            ("go_on", cx + 190 * u, p.start, "NEXT LEVEL"),
        ):
            fill_rounded_rect(image, bx - bw / 2, by - bh / 2, bx + bw / 2, by + bh / 2, 0.5 * bh, colour)
            text(image, label, bx, by, 34 * u, WHITE if name == "go_on" else p.ink, bold=True)
            controls[name] = clipped_rect(bx - bw / 2, by - bh / 2, bx + bw / 2, by + bh / 2, image)
    else:
        radius, by = 110 * u, cy + 110 * u
        fill_circle(image, cx, by, radius, p.start)
        thick_line(image, [(cx - 50 * u, by), (cx + 40 * u, by)], 26 * u, WHITE)
        thick_line(
            image, [(cx + 5 * u, by - 40 * u), (cx + 45 * u, by), (cx + 5 * u, by + 40 * u)], 26 * u, WHITE
        )
        controls["go_on"] = clipped_rect(cx - radius, by - radius, cx + radius, by + radius, image)
        fill_rounded_rect(image, cx - 360 * u, by - 45 * u, cx - 160 * u, by + 45 * u, 45 * u, p.cell)
        text(image, "MENU", cx - 260 * u, by, 30 * u, p.ink, bold=True)
        controls["return"] = clipped_rect(cx - 360 * u, by - 45 * u, cx - 160 * u, by + 45 * u, image)
    return controls


# -- a capture of it -------------------------------------------------------------------------


def captured(image: np.ndarray, look: RandomLook) -> np.ndarray:
    """`image` as a capture in `look` would hand it over: scaled by `look.scale`, JPEG-compressed."""
    if look.scale != 1.0:
        h, w = image.shape[:2]
        size = (max(1, round(w * look.scale)), max(1, round(h * look.scale)))
        image = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    if look.jpeg is not None:
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, look.jpeg])
        if not ok:
            raise ValueError(f"cannot JPEG-encode a {image.shape[1]}x{image.shape[0]} image")
        image = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return image


def _scaled_point(x: float, y: float, image: np.ndarray, size: tuple[int, int]) -> tuple[float, float]:
    """A pixel centre of a `size` image where it lands after resizing to `image`'s size."""
    fx, fy = image.shape[1] / size[0], image.shape[0] / size[1]
    return ((x + 0.5) * fx - 0.5, (y + 0.5) * fy - 0.5)


# -- a random sample with its truth ----------------------------------------------------------


@dataclass(frozen=True)
class Truth:
    """What a sample shows, in the label terms of `onestroke fixtures check` (bot/labels.py):
    the board as it began (None on a level-complete screen), the walked cells in order, the
    screen kind, the grid's origin and pitch, the go-on control's centre."""

    board: Board | None
    screen: Literal["level", "complete"]
    walked: tuple[Cell, ...] = ()
    origin: tuple[float, float] | None = None
    pitch: tuple[float, float] | None = None
    next: tuple[float, float] | None = None


@dataclass(frozen=True)
class Sample:
    """One random screen: the seed, its look, what kind of screen, the captured image and its truth."""

    seed: int
    look: RandomLook
    kind: SampleKind
    image: np.ndarray
    truth: Truth


def sample_level(seed: int, look: RandomLook) -> tuple[Board, tuple[Cell, ...]]:
    """A solvable board (3x3 to 10x9) for `look`, with a solution from its start."""
    rng = random.Random(f"onestroke-look-level:{seed}")
    rows, cols = rng.randint(3, 10), rng.randint(3, 9)
    with_end = look.end_marker != "none"
    while True:
        holes = rng.randint(0, rows * cols // 5)
        board, path = random_hamiltonian_level(rng, rows, cols, holes=holes, with_end=with_end)
        seen_rows = {r for r, _ in board.open_cells}
        seen_cols = {c for _, c in board.open_cells}
        # with holes drawn, a whole row of them still belongs to the board; absent ones do not show
        drawn = look.hole_style != "absent" and look.cell_style != "tiles"
        if drawn or (len(seen_rows) == rows and len(seen_cols) == cols):
            return board, path


def _moments(seed: int) -> random.Random:
    return random.Random(f"onestroke-look-moment:{seed}")


def moment(seed: int) -> SampleKind:
    """What seed `seed`'s sample shows: a level with nothing drawn, half drawn, or complete."""
    kinds: tuple[SampleKind, ...] = ("level", "half", "complete")
    return _moments(seed).choices(kinds, (0.45, 0.4, 0.15))[0]


def sample(seed: int, look: RandomLook | None = None, kind: SampleKind | None = None) -> Sample:
    """Seed `seed`'s screen: its look, a random level of it, a random moment (nothing drawn, half
    drawn, complete), captured as the look says, and the truth of what it shows. With `look`, the
    level and the moment are seed `seed`'s but drawn in `look` (other levels of one app's look);
    with `kind`, that moment is shown instead of the seed's own (every half-drawn screen of a look)."""
    look = look if look is not None else look_from_seed(seed)
    board, path = sample_level(seed, look)
    rng = _moments(seed)
    kind = kind if kind is not None else moment(seed)
    rng.random()  # the draw `moment` made
    walked: tuple[Cell, ...] = ()
    if kind == "half":
        walked = path[: rng.randint(2, max(2, len(path) - 1))]
    elif kind == "complete":
        walked = path
    # a hint: the next few moves, from the cell after the head (a line from the head itself would be
    # a drawn path in all but colour)
    ahead = len(walked) + 1
    hint = path[ahead : ahead + rng.randint(3, 8)]
    shown = render_look(board, look, route=walked, hint=hint, complete=kind == "complete")
    image = captured(shown.image, look)
    if kind == "complete":
        go = shown.controls["go_on"]
        truth = Truth(
            None,
            "complete",
            next=_scaled_point(go.left + go.width / 2, go.top + go.height / 2, image, look.size),
        )
    else:
        g = shown.geometry
        fx = image.shape[1] / look.size[0]
        truth = Truth(
            board,
            "level",
            walked,
            _scaled_point(*g.origin, image, look.size),
            (g.pitch[0] * fx, g.pitch[1] * fx),
        )
    return Sample(seed, look, kind, image, truth)
