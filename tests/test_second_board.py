"""A second board beside the one found (bot/vision/second.py): two games on one desktop."""

from __future__ import annotations

import numpy as np
import pytest

from onestroke.bot.vision import detect
from onestroke.bot.vision.second import board_painted_over, second_board
from onestroke.practice.render import render_screen
from onestroke.solver.board import Board

LEFT = Board.from_text(
    """
    S . . .
    . . # .
    . . . .
    . . . .
    """
)
RIGHT = Board.from_text(
    """
    . . . . .
    # . . . .
    . . S . .
    . . . . .
    . . . . #
    """
)
DESKTOP = (1080, 1920, 3)
DESK_COLOUR = (70, 52, 40)


def desktop(*games: tuple[Board, int]) -> np.ndarray:
    """A dark desktop with a 450x800 game screen of each board at x (y 100)."""
    screen = np.full(DESKTOP, DESK_COLOUR, dtype=np.uint8)
    for board, x in games:
        screen[100:900, x : x + 450] = render_screen(board, width=450, height=800).image
    return screen


def test_two_games_side_by_side_are_both_found() -> None:
    screen = desktop((LEFT, 100), (RIGHT, 1200))
    first = detect(screen)
    assert first.ok and first.geometry is not None, first.reason
    other = second_board(screen, first.geometry, detect)
    assert other is not None
    boards = {first.board, detect(board_painted_over(screen, first.geometry)).board}
    assert boards == {LEFT, RIGHT}
    # the other board is the other window's: its lattice lies in the other half of the screen
    assert (other.bounds().left < 960) != (first.geometry.bounds().left < 960)


@pytest.mark.parametrize("x", [100, 735, 1370])
def test_one_game_has_no_second_board(x: int) -> None:
    screen = desktop((RIGHT, x))
    first = detect(screen)
    assert first.ok and first.geometry is not None, first.reason
    assert second_board(screen, first.geometry, detect) is None


def test_a_board_that_fills_the_image_leaves_no_room() -> None:
    screen = render_screen(LEFT, width=450, height=800).image
    first = detect(screen)
    assert first.ok and first.geometry is not None, first.reason
    crop = screen[first.geometry.bounds().rounded().slices()]
    inside = detect(crop)
    if inside.geometry is not None:  # a crop of the board alone: nothing left to read
        assert board_painted_over(crop, inside.geometry) is None


def test_the_painted_part_takes_the_colour_around_the_board() -> None:
    screen = desktop((LEFT, 735))
    first = detect(screen)
    assert first.geometry is not None
    painted = board_painted_over(screen, first.geometry)
    assert painted is not None
    pitch = max(first.geometry.pitch)
    box = first.geometry.bounds().grown(pitch).rounded()
    row = round(box.top + box.height / 2)
    centre = painted[row, round(box.left + box.width / 2)]
    # the game's page colour around the board, not the desktop's, and not a tile's
    page = screen[row, box.left - 3]
    assert np.abs(page.astype(int) - np.array(DESK_COLOUR)).max() > 50
    assert np.abs(centre.astype(int) - page.astype(int)).max() <= 8
