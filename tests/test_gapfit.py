"""The lattice fitted again to the boundaries between the cells of a grown grid
(bot/vision/gapfit.py), and the letters that a disc off a cell's middle must not pass for."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from onestroke.bot.vision.gapfit import fit_to_gaps
from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.letters import read_letter
from onestroke.bot.vision.reading import CELL, HOLE

ORIGIN = (81.4, 97.7)  # centre of cell (0, 0)
PITCH = 53.3
ROWS, COLS = 11, 6


def touching_grid(*, line: int = 1, gap: int = 0, numbers: bool = True) -> np.ndarray:
    """Touching cells split by `line` px dark lines (or tiles `gap` px apart on the background),
    with step numbers printed near the right side of every other cell, as apps print them."""
    height, width = int(ORIGIN[1] + PITCH * (ROWS + 1)), int(ORIGIN[0] + PITCH * (COLS + 1))
    image = np.full((height, width, 3), (70, 60, 50), np.uint8)
    for r in range(ROWS):
        for c in range(COLS):
            x, y = ORIGIN[0] + PITCH * c, ORIGIN[1] + PITCH * r
            half = (PITCH - max(line, gap)) / 2
            cv2.rectangle(
                image,
                (round(x - half), round(y - half)),
                (round(x + half) - 1, round(y + half) - 1),
                (150, 200, 230),
                -1,
            )
            if numbers and (r + c) % 2 == 0:
                cv2.putText(
                    image,
                    str(r * COLS + c),
                    (round(x + 0.05 * PITCH), round(y + 0.1 * PITCH)),
                    cv2.FONT_HERSHEY_SIMPLEX,
                    0.5,
                    (40, 40, 40),
                    2,
                )
    return image


def lattice(origin: tuple[float, float], pitch: tuple[float, float]) -> Lattice:
    """A lattice as the blob fit gives it from a few members in the top-left corner."""
    one = np.array([0, 0, 1])
    return Lattice(origin, pitch, one, np.array([0, 1, 0]), 0.0, np.full(3, PITCH), np.full(3, PITCH))


def far_error(fitted: Lattice) -> float:
    """Pixels between the fitted and the true centre of the grid's far corner cell."""
    (ox, oy), (px, py) = fitted.origin, fitted.pitch
    dx = ox + px * (COLS - 1) - (ORIGIN[0] + PITCH * (COLS - 1))
    dy = oy + py * (ROWS - 1) - (ORIGIN[1] + PITCH * (ROWS - 1))
    return float(np.hypot(dx, dy))


# a pitch 1.2 % long from a few links and the origin 1.5 px off: the far corner ~7 px off
GUESSED = lattice((ORIGIN[0] + 1.5, ORIGIN[1] - 1.0), (PITCH * 1.012, PITCH * 0.99))
ALL_CELLS = np.full((ROWS, COLS), CELL)


@pytest.mark.parametrize(("line", "gap"), [(1, 0), (3, 0), (0, 6)], ids=["1px-line", "3px-line", "gap"])
def test_the_boundaries_between_cells_put_the_far_cells_back_on_their_centres(line: int, gap: int) -> None:
    image = touching_grid(line=line, gap=gap)
    assert far_error(GUESSED) > 5.0  # the blobs' lattice misses a thin line at the far corner
    fitted = fit_to_gaps(image, GUESSED, (0, ROWS, 0, COLS), ALL_CELLS)
    assert fitted is not None
    assert far_error(fitted) < 1.0


def test_numbers_printed_beside_a_line_do_not_pull_it_aside() -> None:
    plain = fit_to_gaps(touching_grid(numbers=False), GUESSED, (0, ROWS, 0, COLS), ALL_CELLS)
    numbered = fit_to_gaps(touching_grid(numbers=True), GUESSED, (0, ROWS, 0, COLS), ALL_CELLS)
    assert plain is not None and numbered is not None
    assert abs(numbered.origin[0] - plain.origin[0]) < 0.5
    assert abs(numbered.pitch[0] - plain.pitch[0]) < 0.1


def test_boundaries_next_to_holes_are_not_measured() -> None:
    # only between two cells: beside a hole a tile's single edge is no boundary's middle
    kinds = ALL_CELLS.copy()
    kinds[:, 1::2] = HOLE  # no two cells side by side in any row
    fitted = fit_to_gaps(touching_grid(), GUESSED, (0, ROWS, 0, COLS), kinds)
    assert fitted is not None
    assert fitted.origin[0] == GUESSED.origin[0] and fitted.pitch[0] == GUESSED.pitch[0]  # x as it was
    assert fitted.pitch[1] != GUESSED.pitch[1]  # y measured down the columns


def test_no_refit_where_the_lines_are_another_lattice_or_too_few() -> None:
    image = touching_grid()
    half = lattice(ORIGIN, (PITCH / 2, PITCH / 2))  # every other boundary is a cell's middle
    assert fit_to_gaps(image, half, (0, 2 * ROWS, 0, 2 * COLS), np.full((2 * ROWS, 2 * COLS), CELL)) is None
    blank = np.full_like(image, 128)
    assert fit_to_gaps(blank, GUESSED, (0, ROWS, 0, COLS), ALL_CELLS) is None
    assert fit_to_gaps(image, GUESSED, (0, 2, 0, 2), ALL_CELLS[:2, :2]) is None


def test_a_lattice_measured_again_has_the_fill_of_its_own_pitch() -> None:
    """`Lattice.fill` is worked out once per lattice; the lattice the gaps measure again is a new
    one (`dataclasses.replace`), whose fill follows its own pitch (members as wide as the pitch)."""
    guessed = lattice(GUESSED.origin, GUESSED.pitch)
    assert guessed.fill is guessed.fill  # (kept: the same float each time it is asked)
    fitted = fit_to_gaps(touching_grid(), guessed, (0, ROWS, 0, COLS), ALL_CELLS)
    assert fitted is not None and fitted.pitch != guessed.pitch
    for found in (guessed, fitted):
        assert found.fill == pytest.approx((PITCH / found.pitch[0] + PITCH / found.pitch[1]) / 2)


ONE_TILE = Lattice(
    (100.0, 100.0), (130.0, 130.0), np.array([0]), np.array([0]), 0.0, np.array([120.0]), np.array([120.0])
)


def letter_tile(bars: int) -> np.ndarray:
    """An orange tile with a bold white letter of a stem and `bars` bars: an E with three, a C-like
    bracket with two (what a light disc a little off the tile's middle leaves as ink)."""
    image = np.full((200, 200, 3), (72, 117, 226), np.uint8)
    x0, y0, x1, y1, thick = 78, 72, 122, 128, 9
    cv2.rectangle(image, (x0, y0), (x0 + thick, y1), (255, 255, 255), -1)
    cv2.rectangle(image, (x0, y0), (x1, y0 + thick), (255, 255, 255), -1)
    cv2.rectangle(image, (x0, y1 - thick), (x1, y1), (255, 255, 255), -1)
    if bars == 3:
        cv2.rectangle(image, (x0, 96), (x1 - 6, 96 + thick), (255, 255, 255), -1)
    return image


def test_an_e_needs_its_middle_bar() -> None:
    at = ONE_TILE
    assert read_letter(letter_tile(3), at, (0, 0)) == "E"
    assert read_letter(letter_tile(2), at, (0, 0)) is None


def test_a_light_disc_off_the_middle_of_a_walked_tile_is_no_letter() -> None:
    # the finger's translucent light, a few pixels right of the cell's middle (seed 933's head)
    image = np.full((200, 200, 3), (72, 117, 226), np.uint8)
    cv2.circle(image, (108, 100), 34, (154, 179, 239), -1, cv2.LINE_AA)
    at = ONE_TILE
    assert read_letter(image, at, (0, 0)) is None
