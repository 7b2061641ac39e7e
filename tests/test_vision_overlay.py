"""The overlay draws what was detected where it was detected, and says why a board was refused.

A path is numbered as the terminal numbers it: each cell by its step on the whole path from the
start (1), on the real half-drawn frame (../shared, skipped where absent) and rendered ones.
"""

from pathlib import Path

import cv2
import numpy as np
import pytest

from onestroke.bot.overlay import HOLE_CROSS, ROUTE, START_RING, WALKED, draw_overlay, draw_step
from onestroke.bot.vision import detect
from onestroke.coords import Geometry
from onestroke.practice.render import render_screen
from onestroke.solver.board import Board, Cell
from onestroke.solver.check import is_valid_path
from onestroke.solver.finish import finish
from onestroke.solver.search import solve

BOARD = Board.from_text("# . . .\n. . S .\n. . . .\n")
REAL_PARTIAL = (
    Path(__file__).resolve().parent.parent.parent / "shared" / "real-screens" / "level-641-video-partial.png"
)


def near(image: np.ndarray, xy: tuple[float, float], colour: tuple[int, int, int], radius: int) -> bool:
    x, y = (round(v) for v in xy)
    patch = image[y - radius : y + radius + 1, x - radius : x + radius + 1].astype(int)
    return bool((np.abs(patch - colour).max(axis=2) < 40).any())


def test_route_holes_and_start_are_drawn_on_their_cells():
    rendered = render_screen(BOARD, width=720, height=1280)
    found = detect(rendered.image)
    route = solve(found.board).path
    out = draw_overlay(rendered.image, found, route)
    g = found.geometry
    assert out.shape[1:] == rendered.image.shape[1:] and out.shape[0] > rendered.image.shape[0]
    out = out[: rendered.image.shape[0]]  # the legend strip is below the screenshot
    assert near(out, g.centre((0, 0)), HOLE_CROSS, 4)
    assert not near(out, g.centre((1, 0)), HOLE_CROSS, 4)
    x, y = g.centre(BOARD.start)
    assert near(out, (x, y - 0.42 * g.pitch[1]), START_RING, 6)
    (xa, ya), (xb, yb) = g.centre(route[0]), g.centre(route[1])
    assert near(out, ((xa + xb) / 2, (ya + yb) / 2), ROUTE, 3)
    # step numbers: the first cell's centre is covered by white "1" on black
    assert near(out, (x, y), (255, 255, 255), 8) and near(out, (x, y), (0, 0, 0), 8)


def test_a_refused_image_gets_the_reason_written_on_it():
    image = np.full((400, 600, 3), 249, np.uint8)
    found = detect(image)
    out = draw_overlay(image, found)
    assert (out[:20] < 200).any()  # darkened banner with text
    assert (out[200:] == image[200:]).all()


def test_the_input_image_is_left_alone():
    rendered = render_screen(BOARD, width=540, height=960)
    before = rendered.image.copy()
    draw_overlay(rendered.image, detect(rendered.image), ())
    assert (rendered.image == before).all()
    assert cv2.absdiff(before, rendered.image).max() == 0


def test_overlay_shows_the_walked_path_and_the_go_on_control():
    from pathlib import Path

    from onestroke.bot.overlay import GO_ON, WALKED

    fixtures = Path(__file__).resolve().parent.parent / "fixtures"
    partial = cv2.imread(str(fixtures / "path-classic-third.png"))
    found = detect(partial)
    out = draw_overlay(partial, found)
    x, y = (round(v) for v in found.geometry.centre(found.walked[1]))
    assert found.walked and tuple(out[y, x]) == WALKED
    done = cv2.imread(str(fixtures / "complete-1080x1920-check.png"))
    found = detect(done)
    out = draw_overlay(done, found)
    assert (out == GO_ON).all(axis=2).sum() > 50  # the ring and cross on the go-on control


def shows_step(out: np.ndarray, geometry: Geometry, cell: Cell, step: int) -> bool:
    """`step` is the number written on `cell`: writing it again changes no pixel in the middle of its disc."""
    again = out.copy()
    draw_step(again, geometry, cell, step)
    x, y = (round(v) for v in geometry.centre(cell))
    return bool((again[y - 2 : y + 3, x - 2 : x + 3] == out[y - 2 : y + 3, x - 2 : x + 3]).all())


def assert_numbered_from_the_start(out: np.ndarray, geometry: Geometry, path: tuple[Cell, ...]) -> None:
    """Every cell of `path` shows its step on it (start = 1), and not the step after."""
    for step, cell in enumerate(path, start=1):
        assert shows_step(out, geometry, cell, step), (cell, step)
        assert not shows_step(out, geometry, cell, step + 1), (cell, step)


def test_a_half_drawn_path_is_numbered_from_the_start_and_the_legend_says_so() -> None:
    board = Board.from_text("S . . .\n. . . .\n. . . .\n")
    walked = ((0, 0), (0, 1), (0, 2), (1, 2))
    rendered = render_screen(board, width=720, height=1280, route=walked)
    found = detect(rendered.image)
    assert found.ok and found.walked == walked
    plan = finish(found.board, found.walked)
    assert plan.begins == "head" and is_valid_path(board, plan.path)
    out = draw_overlay(rendered.image, found, plan.path)
    height = rendered.image.shape[0]
    assert_numbered_from_the_start(out[:height], found.geometry, plan.path)
    for step, cell in enumerate(walked, start=1):  # the drawn cells keep the numbers they were drawn with
        assert shows_step(out[:height], found.geometry, cell, step)
    legend = out[height:]
    assert (
        legend.shape[0] > 20 and (legend == 40).mean() > 0.8 and (legend > 200).any()
    )  # text on a dark strip
    plain = draw_overlay(rendered.image, found)
    assert plain.shape == rendered.image.shape  # no path, no numbers, no legend


def test_an_undone_path_keeps_the_numbers_of_the_cells_kept() -> None:
    board = Board.from_text("S . .\n. . .\n. . .\n")
    walked = ((0, 0), (0, 1), (1, 1), (2, 1), (2, 2))  # no finish from [2, 2] nor [2, 1]: back to [1, 1]
    rendered = render_screen(board, width=720, height=1280, route=walked)
    found = detect(rendered.image)
    assert found.ok and found.walked == walked
    plan = finish(found.board, found.walked)
    assert plan.kept == 3 and is_valid_path(board, plan.path)
    out = draw_overlay(rendered.image, found, plan.path)[: rendered.image.shape[0]]
    assert_numbered_from_the_start(out, found.geometry, plan.path)

    # the route line leaves from the last cell kept ([1, 1] to [1, 0]), not from the start; the
    # drawn line stays blue, also where it is undone ([1, 1] to [2, 1])
    def between(a: Cell, b: Cell) -> tuple[float, float]:
        (xa, ya), (xb, yb) = found.geometry.centre(a), found.geometry.centre(b)
        return (xa + xb) / 2, (ya + yb) / 2

    assert near(out, between((1, 1), (1, 0)), ROUTE, 3)
    assert not near(out, between((0, 0), (0, 1)), ROUTE, 3) and near(out, between((0, 0), (0, 1)), WALKED, 3)
    assert near(out, between((1, 1), (2, 1)), WALKED, 3) and not near(out, between((1, 1), (2, 1)), ROUTE, 3)


@pytest.mark.skipif(not REAL_PARTIAL.is_file(), reason=f"{REAL_PARTIAL} is outside the project and optional")
def test_the_real_half_drawn_frame_is_numbered_from_the_start() -> None:
    image = cv2.imread(str(REAL_PARTIAL))
    found = detect(image)
    assert found.ok and len(found.walked) == 16
    plan = finish(found.board, found.walked)
    assert plan.begins == "head" and is_valid_path(found.board, plan.path)
    out = draw_overlay(image, found, plan.path)
    assert out.shape[0] > image.shape[0]
    assert_numbered_from_the_start(out[: image.shape[0]], found.geometry, plan.path)
    assert shows_step(out, found.geometry, found.walked[-1], 16)  # the cat's cell, not 1
