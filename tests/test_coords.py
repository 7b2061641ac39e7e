"""The coordinate vocabulary (onestroke.coords): rects, points, and image -> capture -> pointer
maps (offsets, Retina, HiDPI scale); the work region around the board; the "Next" button.
"""

from __future__ import annotations

import numpy as np
import pytest

from onestroke.coords import Geometry, Point, Rect, RectError, ScreenMap
from onestroke.locate import pointer_scale, work_region


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
    mapping = ScreenMap.for_image(Rect(300, 50, 200, 100), image)
    assert mapping.image_to_pointer(Point(10, 20)) == (310, 70)
    assert mapping.image_to_capture(Point(10, 20)) == (310, 70)


def test_retina_region_images_are_twice_the_size_of_their_region() -> None:
    # mss on macOS: a region of 200x100 points comes back as 400x200 pixels; pointer uses points
    image = np.zeros((200, 400, 3), np.uint8)
    mapping = ScreenMap.for_image(Rect(300, 50, 200, 100), image, scale=2.0)
    assert mapping.density == 2.0
    assert mapping.image_to_pointer(Point(20, 40)) == (310, 70)
    assert mapping.image_to_capture(Point(20, 40)) == (310, 70)


def test_hidpi_scale_divides_capture_pixels_into_pointer_units() -> None:
    image = np.zeros((100, 200, 3), np.uint8)
    mapping = ScreenMap.for_image(Rect(300, 60, 200, 100), image, scale=1.5)
    assert mapping.image_to_pointer(Point(0, 0)) == pytest.approx((200, 40))


@pytest.mark.parametrize("convert", ["image_to_pointer", "image_to_capture", "capture_to_pointer"])
def test_geometries_and_rects_map_like_their_points(convert: str) -> None:
    image = np.zeros((200, 400, 3), np.uint8)
    mapping = ScreenMap.for_image(Rect(30, 40, 200, 100), image, scale=1.5)
    to = getattr(mapping, convert)
    geometry = Geometry((25.0, 35.0), (10.0, 12.0), 4, 5)
    moved = to(geometry)
    for cell in [(0, 0), (3, 4), (2, 1)]:
        assert moved.centre(cell) == pytest.approx(to(geometry.centre(cell)))
    box = to(geometry.bounds())
    assert box == moved.bounds()
    assert box.corners[:2] == pytest.approx(to(Point(*geometry.bounds().corners[:2])))
    assert box.corners[2:] == pytest.approx(to(Point(*geometry.bounds().corners[2:])))


def test_board_bounds_are_the_pitch_squares_and_grow_by_a_margin() -> None:
    geometry = Geometry((100.0, 200.0), (50.0, 50.0), 2, 3)
    assert geometry.bounds().corners == (75, 175, 225, 275)
    assert geometry.bounds().grown(25).corners == (50, 150, 250, 300)
    assert geometry.bounds().grown(25, 0).corners == (50, 175, 250, 275)


def test_work_region_keeps_room_around_the_board_within_the_screen() -> None:
    screen = Rect(0, 0, 1920, 1080)
    assert work_region(Rect.from_corners(800, 300, 1000, 500), screen) == Rect(
        700, 200, 401, 501
    )  # half a board around, a whole one below
    clipped = work_region(Rect.from_corners(10, 900, 210, 1050), screen)
    assert clipped.left == 0 and clipped.bottom == 1080


def test_rect_intersection() -> None:
    a = Rect(0, 0, 100, 100)
    assert a.intersection(Rect(50, 60, 100, 100)) == Rect(50, 60, 50, 40)
    assert a.intersection(Rect(100, 0, 10, 10)) is None


def test_rect_parses_the_command_line_form_and_prints_it_back() -> None:
    rect = Rect.parse("-1920,0,1920,1080")
    assert rect == Rect(-1920, 0, 1920, 1080) and rect.right == 0 and rect.centre == (-960, 540)
    assert Rect.parse(str(rect)) == rect
    for bad, why in [("1,2,3", "four integers"), ("1,2,x,4", "four integers"), ("1,2,0,4", "no area")]:
        with pytest.raises(RectError, match=why):
            Rect.parse(bad)


def test_rect_is_not_unpacked_by_guesswork() -> None:
    with pytest.raises(TypeError):
        x0, y0, x1, y1 = Rect(0, 0, 10, 10)  # type: ignore[misc]


def test_rounded_rect_rounds_each_edge() -> None:
    assert Rect(0.4, 0.6, 10.2, 10.2).rounded() == Rect(0, 1, 11, 10)


@pytest.mark.parametrize(("density", "scale"), [(1.0, 1.0), (2.0, 2.0), (1.0, 1.5)])
def test_capture_and_pointer_coordinates_convert_both_ways(density: float, scale: float) -> None:
    region = Rect(100, 50, 400, 300)
    image = np.zeros((round(300 * density), round(400 * density), 3), np.uint8)
    mapping = ScreenMap.for_image(region, image, scale)
    for point in [Point(0, 0), Point(37, 12), Point(399 * density, 299 * density)]:
        # an image pixel reaches the same pointer point directly and through capture units
        pointer, capture = mapping.image_to_pointer(point), mapping.image_to_capture(point)
        assert mapping.capture_to_pointer(capture) == pytest.approx(pointer)
        assert mapping.pointer_to_capture(pointer) == pytest.approx(capture)
        assert mapping.capture_to_image(capture) == pytest.approx(point)
        assert mapping.pointer_to_image(pointer) == pytest.approx(point)


def test_rect_slices_cut_the_image_and_never_wrap_around() -> None:
    image = np.arange(100).reshape(10, 10)
    assert image[Rect(2, 3, 4, 2).slices()].tolist() == [[32, 33, 34, 35], [42, 43, 44, 45]]
    # a rectangle hanging over the top-left edge keeps what lies inside (a negative index would wrap)
    assert image[Rect(-3, -1, 5, 2).slices()].tolist() == [[0, 1]]
    assert image[Rect(20, 20, 5, 5).slices()].size == 0


def test_points_round_to_whole_pixels() -> None:
    assert Point(10.4, 20.6).rounded() == (10, 21)
