"""Where the pointer goes: image pixels → pointer coordinates (offsets, Retina, HiDPI scale),
the work region around the board, the board's safe area, and the level-complete "Next" button.
"""

from __future__ import annotations

import numpy as np
import pytest

from onestroke.bot.capture import Region
from onestroke.bot.geometry import Geometry
from onestroke.calibration.locate import PointerMap, board_area, find_next_button, pointer_scale, work_region
from onestroke.practice.levels import make_level
from onestroke.practice.render import render_screen


@pytest.mark.parametrize(
    ("capture", "pointer", "scale"),
    [(1920, 1920, 1.0), (2880, 1440, 2.0), (3840, 2560, 1.5), (2560, 1707, 1.5)],
)
def test_pointer_scale_compares_capture_and_pointer_widths(capture: int, pointer: int, scale: float) -> None:
    assert pointer_scale(capture, pointer) == scale


def test_pointer_scale_refuses_empty_screens() -> None:
    with pytest.raises(ValueError, match="positive"):
        pointer_scale(0, 1920)


def test_plain_screen_maps_region_pixels_by_offset() -> None:
    image = np.zeros((100, 200, 3), np.uint8)
    mapping = PointerMap.for_image(Region(300, 50, 200, 100), image)
    assert mapping.point(10, 20) == (310, 70)
    assert mapping.to_capture(10, 20) == (310, 70)


def test_retina_region_images_are_twice_the_size_of_their_region() -> None:
    # mss on macOS: a region of 200x100 points comes back as 400x200 pixels; pointer uses points
    image = np.zeros((200, 400, 3), np.uint8)
    mapping = PointerMap.for_image(Region(300, 50, 200, 100), image, scale=2.0)
    assert mapping.density == 2.0
    assert mapping.point(20, 40) == (310, 70)
    assert mapping.to_capture(20, 40) == (310, 70)


def test_hidpi_scale_divides_capture_pixels_into_pointer_units() -> None:
    image = np.zeros((100, 200, 3), np.uint8)
    mapping = PointerMap.for_image(Region(300, 60, 200, 100), image, scale=1.5)
    assert mapping.point(0, 0) == pytest.approx((200, 40))


def test_geometry_maps_like_its_points() -> None:
    image = np.zeros((200, 400, 3), np.uint8)
    mapping = PointerMap.for_image(Region(30, 40, 200, 100), image, scale=2.0)
    geometry = Geometry((25.0, 35.0), (10.0, 12.0), 4, 5)
    moved = mapping.geometry(geometry)
    for cell in [(0, 0), (3, 4), (2, 1)]:
        assert moved.centre(cell) == pytest.approx(mapping.point(*geometry.centre(cell)))


def test_board_area_is_the_pitch_squares_grown_by_a_margin() -> None:
    geometry = Geometry((100.0, 200.0), (50.0, 50.0), 2, 3)
    area = board_area(geometry)
    assert (area.left, area.top, area.right, area.bottom) == (75, 175, 225, 275)
    grown = board_area(geometry, margin=0.5)
    assert (grown.left, grown.top, grown.right, grown.bottom) == (50, 150, 250, 300)


def test_work_region_keeps_room_around_the_board_within_the_screen() -> None:
    screen = Region(0, 0, 1920, 1080)
    assert work_region((800, 300, 1000, 500), screen) == Region(
        700, 200, 401, 501
    )  # half a board around, a whole one below
    clipped = work_region((10, 900, 210, 1050), screen)
    assert clipped.left == 0 and clipped.top + clipped.height == 1080


def test_region_intersection() -> None:
    a = Region(0, 0, 100, 100)
    assert a.intersection(Region(50, 60, 100, 100)) == Region(50, 60, 50, 40)
    assert a.intersection(Region(100, 0, 10, 10)) is None


@pytest.mark.parametrize("number", [1, 4, 7])
@pytest.mark.parametrize("size", [(450, 800), (1080, 1920)])
def test_next_button_is_found_on_the_level_complete_screen_only(number: int, size: tuple[int, int]) -> None:
    level = make_level(3, number)
    board = level.board
    done = render_screen(
        board, width=size[0], height=size[1], level=number, cat=level.cat, route=board.cells, complete=True
    )
    assert done.next_button is not None
    x0, y0, x1, y1 = done.next_button
    found = find_next_button(done.image)
    assert found is not None
    assert x0 <= found[0] <= x1 and y0 <= found[1] <= y1
    playing = render_screen(board, width=size[0], height=size[1], level=number, cat=level.cat)
    assert find_next_button(playing.image) is None


@pytest.mark.parametrize(("density", "scale"), [(1.0, 1.0), (2.0, 2.0), (1.0, 1.5)])
def test_capture_and_pointer_coordinates_convert_both_ways(density: float, scale: float) -> None:
    region = Region(100, 50, 400, 300)
    image = np.zeros((round(300 * density), round(400 * density), 3), np.uint8)
    mapping = PointerMap.for_image(region, image, scale)
    for x, y in [(0, 0), (37, 12), (399 * density, 299 * density)]:
        # an image pixel reaches the same pointer point directly and through capture units
        assert mapping.capture_to_pointer(*mapping.to_capture(x, y)) == pytest.approx(mapping.point(x, y))
        assert mapping.pointer_to_capture(*mapping.point(x, y)) == pytest.approx(mapping.to_capture(x, y))


def test_next_button_of_a_small_window_is_found_on_a_whole_desktop_screen() -> None:
    level = make_level(3, 2)
    done = render_screen(
        level.board, width=450, height=800, cat=level.cat, route=level.board.cells, complete=True
    )
    desktop = np.zeros((1080, 1920, 3), np.uint8)
    desktop[100:900, 1200:1650] = done.image
    found = find_next_button(desktop)
    assert done.next_button is not None and found is not None
    x0, y0, x1, y1 = done.next_button
    assert 1200 + x0 <= found[0] <= 1200 + x1 and 100 + y0 <= found[1] <= 100 + y1
