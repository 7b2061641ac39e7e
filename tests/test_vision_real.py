"""The real game's screen (../shared/real-screens/level-643.png): exact board, geometry within 0.1 pitch."""

import re
from pathlib import Path

import cv2
import numpy as np
import pytest

from onestroke.bot.vision import detect
from onestroke.solver.board import Board

REAL = Path(__file__).resolve().parent.parent.parent / "shared" / "real-screens"
SCREEN, EXPECTED = REAL / "level-643.png", REAL / "level-643.txt"

pytestmark = pytest.mark.skipif(
    not (SCREEN.is_file() and EXPECTED.is_file()),
    reason=f"the real screenshot is not here ({SCREEN} is outside the project and optional)",
)


def expected_geometry() -> tuple[float, float, float]:
    text = EXPECTED.read_text()
    x, y = re.search(r"x=(\d+(?:\.\d+)?) y=(\d+(?:\.\d+)?)", text).groups()
    pitch = re.search(r"pitch (\d+(?:\.\d+)?)", text).group(1)
    return float(x), float(y), float(pitch)


def test_real_level_643_is_read_exactly():
    board = Board.from_text(EXPECTED.read_text(), source=str(EXPECTED))
    found = detect(cv2.imread(str(SCREEN), cv2.IMREAD_COLOR))
    assert found.ok, found.reason
    assert found.board == board, f"read\n{found.board}expected\n{board}"
    assert found.screen == "level" and found.next is None and found.walked == ()
    x, y, pitch = expected_geometry()
    g = found.geometry
    assert abs(g.origin[0] - x) < 0.1 * pitch and abs(g.origin[1] - y) < 0.1 * pitch
    assert abs(g.pitch[0] - pitch) < 0.01 * pitch and abs(g.pitch[1] - pitch) < 0.01 * pitch


@pytest.mark.parametrize(("scale", "quality"), [(0.5, 80), (0.37, 70)])
def test_real_screen_shrunk_and_jpeg_compressed(scale, quality):
    board = Board.from_text(EXPECTED.read_text())
    small = cv2.resize(cv2.imread(str(SCREEN)), None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, quality])
    found = detect(cv2.imdecode(data, cv2.IMREAD_COLOR))
    assert found.ok, found.reason
    assert found.board == board
    x, y, pitch = expected_geometry()
    assert abs(found.geometry.origin[0] - x * scale) < 0.1 * pitch * scale
    assert abs(found.geometry.origin[1] - y * scale) < 0.1 * pitch * scale


def test_real_screen_as_a_window_on_a_desktop_and_as_a_crop():
    board = Board.from_text(EXPECTED.read_text())
    x, y, pitch = expected_geometry()
    screen = cv2.imread(str(SCREEN))
    # the phone screen at 45 % in a 1920x1080 desktop with a grey window beside it
    small = cv2.resize(screen, None, fx=0.45, fy=0.45, interpolation=cv2.INTER_AREA)
    desktop = np.full((1080, 1920, 3), (90, 60, 40), np.uint8)
    desktop[100:700, 200:1000] = 205
    left, top = 1300, 80
    desktop[top : top + small.shape[0], left : left + small.shape[1]] = small
    found = detect(desktop)
    assert found.ok, found.reason
    assert found.board == board
    assert abs(found.geometry.origin[0] - (left + x * 0.45)) < 0.1 * pitch * 0.45
    assert abs(found.geometry.origin[1] - (top + y * 0.45)) < 0.1 * pitch * 0.45
    # the grid alone, cut 0.4 pitch outside the outer cells (ring positions fall off the image)
    x0, y0 = round(x - 0.85 * pitch), round(y - 0.85 * pitch)
    x1, y1 = round(x + 6.85 * pitch), round(y + 6.85 * pitch)
    found = detect(screen[y0:y1, x0:x1])
    assert found.ok, found.reason
    assert found.board == board
    assert abs(found.geometry.origin[0] - (x - x0)) < 0.1 * pitch
