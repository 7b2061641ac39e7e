"""The loop's guards: is the region on the screen, is the board well inside what was captured,
where is the game's window, and is anything covering the board right before a drag.

Each guard answers from a `Sight` (bot/play/sight.py) and the device; none of them presses.
"""

from __future__ import annotations

from typing import Literal

from onestroke.bot.device import CaptureError, Device
from onestroke.bot.gesture import Gesture
from onestroke.bot.play.sight import Sight
from onestroke.bot.vision.change import board_changed
from onestroke.coords import Geometry, Point, Rect


def check_region_on_screen(region: Rect, screen: Rect, source: str, *, stale_hint: bool = False) -> None:
    """Refuse a capture region that does not lie wholly on the screen (`source` names where it came from)."""
    if not screen.covers(region):
        hint = "; calibrate again" if stale_hint else ""
        raise CaptureError(f"{source} {region} is not inside the screen {screen}{hint}")


def game_window(device: Device, sight: Sight) -> Rect | None:
    """The game window's rectangle in capture units (window stack only): the top window under
    the lattice's centre, clipped to the screen. None when the device cannot tell."""
    geometry = sight.detection.geometry
    if device.windows is None or geometry is None:
        return None
    box = device.windows.window_at(sight.screen_map.image_to_pointer(geometry.bounds().centre))
    if box is None:
        return None
    return sight.screen_map.pointer_to_capture(box).rounded().intersection(device.screen)


def game_window_id(device: Device, sight: Sight) -> int | None:
    """The id of the top window under the lattice's centre (window stack only), else None."""
    geometry = sight.detection.geometry
    if device.windows is None or geometry is None:
        return None
    return device.windows.window_id_at(sight.screen_map.image_to_pointer(geometry.bounds().centre))


def board_in_capture(sight: Sight) -> Rect:
    """The board's pitch squares in capture units."""
    assert sight.detection.geometry is not None
    return sight.screen_map.image_to_capture(sight.detection.geometry.bounds())


def well_inside(sight: Sight, screen: Rect, window: Rect | None) -> bool:
    """True when no row or column of the board can hide beyond the captured region.

    A row cut by the region's edge shows less than a cell and is not read, so the rest would
    pass as a whole (smaller) board. On every side the region must therefore leave a whole
    pitch of room beyond the board, or end where the screen or the game's window ends.
    """
    geometry = sight.detection.geometry
    assert geometry is not None
    region, density = sight.screen_map.region, sight.screen_map.density
    board = board_in_capture(sight)
    px, py = geometry.pitch[0] / density, geometry.pitch[1] / density
    ends = [box for box in (screen, window) if box is not None]
    return (
        (board.left - region.left >= px or any(region.left == box.left for box in ends))
        and (board.top - region.top >= py or any(region.top == box.top for box in ends))
        and (region.right - board.right >= px or any(region.right == box.right for box in ends))
        and (region.bottom - board.bottom >= py or any(region.bottom == box.bottom for box in ends))
    )


Blocked = Literal["changed", "covered"]
"""Why a drag must not start now: the board's pixels changed since the look it was planned on
(an animation, a window moving or drawing over it), or another window is on top of it."""

BLOCKED_LINES: dict[Blocked, str] = {
    "changed": "the board changed between looking and dragging (another window?)",
    "covered": "another window covers part of the board; not dragging",
}


def blocked_by(device: Device, sight: Sight, geometry: Geometry, gesture: Gesture) -> Blocked | None:
    """Why the drag must not happen now, or None: the screen changed under the board since we
    looked, or (window stack only) another window covers a point of the gesture or a board corner.

    `geometry` and `gesture` are in pointer units.
    """
    fresh = device.grab(sight.screen_map.region)
    geometry_seen = sight.detection.geometry
    if (
        fresh.shape != sight.image.shape
        or geometry_seen is None
        or board_changed(fresh, sight.image, geometry_seen.bounds().slices())
    ):
        return "changed"
    if device.windows is None:
        return None
    box = geometry.bounds().grown(-1)
    corners = [Point(x, y) for y in (box.top, box.bottom) for x in (box.left, box.right)]
    windows = device.windows.topmost([*gesture.points, *corners])
    if windows is None:
        return None  # the stack could not be asked: the detector's checks are all we have
    if len(set(windows)) != 1:
        return "covered"
    return None
