"""The overlay draws what was detected where it was detected, and says why a board was refused."""

import cv2
import numpy as np

from onestroke.bot.overlay import HOLE_CROSS, ROUTE, START_RING, draw_overlay
from onestroke.bot.vision import detect
from onestroke.practice.render import render_screen
from onestroke.solver.board import Board
from onestroke.solver.search import solve

BOARD = Board.from_text("# . . .\n. . S .\n. . . .\n")


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
    assert out.shape == rendered.image.shape and out is not rendered.image
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
