"""The renderer draws cells, holes, the cat and the states where its geometry says, at any size."""

import numpy as np
import pytest

from onestroke.bot.coords import Geometry
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


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_cells_holes_and_cat_are_where_the_geometry_says(theme: str) -> None:
    board = Board.from_text(SEVEN)
    rendered = render_screen(board, width=720, height=1280, theme=theme, cat="pink")
    image, g = rendered.image, rendered.geometry
    t = THEMES[theme]
    for r in range(board.rows):
        for c in range(board.cols):
            got = colour_at(image, g.centre((r, c)))
            if (r, c) == board.start:
                continue
            expected = t.cell if (r, c) in board.open_cells else t.background
            assert got == expected, (r, c)
    # the cat covers its cell with more than one colour
    x, y = g.centre(board.start)
    half = int(g.pitch[0] * CELL_FRACTION * 0.4)
    patch = image[int(y) - half : int(y) + half, int(x) - half : int(x) + half].reshape(-1, 3)
    assert len(np.unique(patch, axis=0)) > 20


def test_tail_sticks_out_above_the_start_cell() -> None:
    board = Board.from_text("S . .\n. . .\n")
    rendered = render_screen(board, cat="red")
    g = rendered.geometry
    x, y = g.centre(board.start)
    top_of_cell = y - g.pitch[1] * CELL_FRACTION / 2
    column = rendered.image[int(top_of_cell - 0.3 * g.pitch[1]) : int(top_of_cell), int(x) - 8 : int(x) + 8]
    assert (column != THEMES["classic"].background).any(axis=2).sum() > 20


def test_visited_cells_take_another_colour() -> None:
    board = Board.from_text("S . .\n. . .\n")
    route = [(0, 0), (0, 1), (0, 2), (1, 2)]
    rendered = render_screen(board, route=route, cat="blue")
    image, g = rendered.image, rendered.geometry
    visited = {colour_at(image, g.centre(c)) for c in route[1:]}
    plain = {colour_at(image, g.centre(c)) for c in [(1, 0), (1, 1)]}
    assert len(visited) == 1 and len(plain) == 1 and visited != plain
    # a band in a deeper shade joins consecutive route cells across the gap, and only them
    (xa, ya), (xb, _) = g.centre((0, 1)), g.centre((0, 2))
    band = colour_at(image, ((xa + xb) / 2, ya))
    assert band not in visited | plain and band != THEMES["classic"].background
    assert sum(band) < sum(next(iter(visited)))
    (xc, yc), (xd, _) = g.centre((1, 0)), g.centre((1, 1))
    assert colour_at(image, ((xc + xd) / 2, yc)) == THEMES["classic"].background


def test_complete_state_hides_the_grid_and_returns_the_next_button() -> None:
    board = Board.from_text(SEVEN)
    rendered = render_screen(board, width=540, height=960, complete=True)
    assert rendered.next_button is not None
    x0, y0, x1, y1 = rendered.next_button.corners
    assert 0 <= x0 < x1 <= 540 and 0 <= y0 < y1 <= 960
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
