"""The renderer draws cells, holes, the cat and the states where its geometry says, at any size."""

import numpy as np
import pytest

from onestroke.coords import Geometry
from onestroke.practice.render import CELL_FRACTION, THEMES, render_screen
from onestroke.practice.sprites import CAT_COLOURS
from onestroke.solver.board import Board

SEVEN = """\
. . # . . S #
. . . . . . .
. # . . . # .
. . . . . . .
# . . . . . .
. . . . # . .
. . . . . . #
"""


def colour_at(image: np.ndarray, xy: tuple[float, float]) -> tuple[int, ...]:
    x, y = xy
    return tuple(int(v) for v in image[int(round(y)), int(round(x))])


def test_real_proportions_at_1080x1920() -> None:
    rendered = render_screen(Board.from_text(SEVEN), level=7)
    g = rendered.geometry
    # a 7x7 board as on the real screen (README of ../shared/real-screens): [0,0] at x=150 y=570, pitch 129.8
    assert g.pitch == pytest.approx((129.8, 129.8), abs=0.5)
    assert g.origin == pytest.approx((150, 570), abs=2)
    assert rendered.image.shape == (1920, 1080, 3)
    assert rendered.next_button is None


TILE_THEMES = sorted(name for name, t in THEMES.items() if t.look == "tiles")


@pytest.mark.parametrize("theme", TILE_THEMES)
def test_cells_holes_and_start_are_where_the_geometry_says(theme: str) -> None:
    board = Board.from_text(SEVEN)
    rendered = render_screen(board, width=720, height=1280, theme=theme, cat="pink")
    image, g = rendered.image, rendered.geometry
    t = THEMES[theme]
    for r in range(board.rows):
        for c in range(board.cols):
            got = colour_at(image, g.centre((r, c)))
            if (r, c) == board.start:
                if t.start == "colour":  # a plain tile of the start's own colour
                    assert got == t.accent
                continue
            hole = t.lines if t.lines is not None else t.background  # touching tiles: the panel
            expected = t.cell if (r, c) in board.open_cells else hole
            assert got == expected, (r, c)
    if t.start == "colour":
        return
    # the cat (or the disc) covers its cell with more than one colour
    x, y = g.centre(board.start)
    half = int(g.pitch[0] * CELL_FRACTION * 0.4)
    patch = image[int(y) - half : int(y) + half, int(x) - half : int(x) + half].reshape(-1, 3)
    assert len(np.unique(patch, axis=0)) > (20 if t.start == "cat" else 1)


def test_nodes_draw_a_dot_per_cell_on_one_field_with_hatched_holes_and_framed_s_and_e() -> None:
    board = Board.from_text(". . .\n# S .\n. . E\n")
    rendered = render_screen(board, width=720, height=1280, theme="nodes")
    image, g = rendered.image, rendered.geometry
    t = THEMES["nodes"]
    for cell in set(board.cells) - {board.start, board.end}:
        assert colour_at(image, g.centre(cell)) == t.cell  # the dot
        x, y = g.centre(cell)
        assert colour_at(image, (x + 0.3 * g.pitch[0], y)) == t.field  # the field around it
    x, y = g.centre((1, 0))
    hole = image[int(y - 0.3 * g.pitch[1]) : int(y + 0.3 * g.pitch[1]), int(x - 0.3 * g.pitch[0]) : int(x)]
    assert len(np.unique(hole.reshape(-1, 3), axis=0)) > 2 and not (hole == t.field).all(axis=2).any()
    for cell, colour in ((board.start, t.accent), (board.end, t.goal)):  # framed in their colours
        x, y = g.centre(cell)
        assert colour_at(image, (x, y - 0.39 * g.pitch[1])) == colour


def test_tail_sticks_out_above_the_start_cell() -> None:
    board = Board.from_text("S . .\n. . .\n")
    rendered = render_screen(board, cat="red")
    g = rendered.geometry
    x, y = g.centre(board.start)
    top_of_cell = y - g.pitch[1] * CELL_FRACTION / 2
    column = rendered.image[int(top_of_cell - 0.3 * g.pitch[1]) : int(top_of_cell), int(x) - 8 : int(x) + 8]
    assert (column != THEMES["classic"].background).any(axis=2).sum() > 20


def test_visited_cells_take_another_colour_and_the_cat_sits_on_the_head() -> None:
    board = Board.from_text("S . .\n. . .\n")
    route = [(0, 0), (0, 1), (0, 2), (1, 2)]
    for theme, band_is_walked in (("classic", True), ("mint", False)):
        rendered = render_screen(board, route=route, cat="blue", theme=theme)
        image, g = rendered.image, rendered.geometry
        visited = {colour_at(image, g.centre(c)) for c in route[:-1]}
        plain = {colour_at(image, g.centre(c)) for c in [(1, 0), (1, 1)]}
        assert len(visited) == 1 and len(plain) == 1 and visited != plain
        # a band joins consecutive route cells across the gap, and only them: in the walked colour
        # itself (the real game) or in a deeper shade (the thin look)
        (xa, ya), (xb, _) = g.centre((0, 1)), g.centre((0, 2))
        band = colour_at(image, ((xa + xb) / 2, ya))
        assert (band in visited) == band_is_walked and band not in plain
        assert band != THEMES[theme].background
        (xc, yc), (xd, _) = g.centre((1, 0)), g.centre((1, 1))
        assert colour_at(image, ((xc + xd) / 2, yc)) == THEMES[theme].background
        # the cat moved to the head: many colours there, the start is a walked cell
        x, y = g.centre(route[-1])
        half = int(g.pitch[0] * CELL_FRACTION * 0.4)
        patch = image[int(y) - half : int(y) + half, int(x) - half : int(x) + half].reshape(-1, 3)
        assert len(np.unique(patch, axis=0)) > 20
        assert colour_at(image, g.centre(board.start)) in visited


def test_complete_state_is_the_real_complete_screen_and_returns_the_go_on_button() -> None:
    board = Board.from_text(SEVEN)
    rendered = render_screen(board, width=540, height=960, complete=True)
    assert rendered.next_button is not None
    x0, y0, x1, y1 = rendered.next_button.corners
    assert 0 <= x0 < x1 <= 540 and 0 <= y0 < y1 <= 960
    assert abs((x0 + x1) / 2 - 270) < 3 and abs((x1 - x0) - (y1 - y0)) < 3  # round, in the middle
    cell = THEMES["classic"].cell
    g = rendered.geometry
    assert all(colour_at(rendered.image, g.centre(c)) != cell for c in board.cells)


@pytest.mark.parametrize(("width", "height"), [(720, 1280), (1080, 2340), (1440, 2560), (360, 640)])
def test_layout_scales_with_the_screen(width: int, height: int) -> None:
    board = Board.from_text(SEVEN)
    g = render_screen(board, width=width, height=height, cat=sorted(CAT_COLOURS)[0]).geometry
    assert g.pitch[0] == pytest.approx(129.8 * width / 1080, rel=0.01)
    x0, y0, x1, y1 = g.bounds().corners
    assert (x0 + x1) / 2 == pytest.approx(width / 2) and (y0 + y1) / 2 == pytest.approx(height / 2)


def test_geometry_maps_centres_back_to_their_cells() -> None:
    g = Geometry((150.0, 570.0), (129.8, 129.8), 7, 7)
    for r in range(7):
        for c in range(7):
            x, y = g.centre((r, c))
            assert g.cell_at(x, y) == (r, c)
            assert g.cell_at(x + 0.49 * 129.8, y - 0.49 * 129.8) == (r, c)
    assert g.cell_at(150 - 0.51 * 129.8, 570) is None
    assert g.bounds().corners == pytest.approx((85.1, 505.1, 85.1 + 7 * 129.8, 505.1 + 7 * 129.8))
    moved = g.scaled(0.5).translated(10, 20)
    assert moved.centre((2, 3)) == pytest.approx(
        (g.centre((2, 3))[0] * 0.5 + 10, g.centre((2, 3))[1] * 0.5 + 20)
    )
    with pytest.raises(ValueError):
        Geometry((0.0, 0.0), (0.0, 1.0), 1, 1)
