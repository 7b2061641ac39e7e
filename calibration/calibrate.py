"""Calibration from one whole-screen image: find the board, the work region and the go-on control.

`calibrate(image, screen=..., profile=...)` is pure (no device, no file): the caller grabs the
screen with a device, and saves the profile and the overlay picture it gets back. The profile
passed in names the device (backend, methods, serial, monitor) and carries the measured
capture-to-pointer `scale`; calibration fills in where the game is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timezone

import numpy as np

from onestroke.bot.overlay import draw_overlay
from onestroke.bot.vision import Detection, detect
from onestroke.calibration.profile import Profile
from onestroke.coords import Point, Rect, ScreenMap
from onestroke.locate import work_region


@dataclass(frozen=True)
class Calibration:
    """What calibration found: the profile to save (None when there is no board), why not, the overlay."""

    profile: Profile | None
    detection: Detection
    overlay: np.ndarray
    reason: str | None = None

    def lines(self) -> list[str]:
        """What was found, for people (one line each)."""
        profile, board = self.profile, self.detection.board
        if profile is None or board is None or profile.board is None:
            return [f"no board found ({self.reason})"]
        box, button = profile.board, profile.next_button
        where = f"({button[0]:.0f}, {button[1]:.0f})" if button else "found after each clear"
        corners = f"({box.left:.0f}, {box.top:.0f})-({box.right:.0f}, {box.bottom:.0f})"
        return [
            f"{board.rows}x{board.cols} board at {corners}",
            f"scale {profile.scale:g} capture pixels per pointer unit",
            f"next button {where}",
            *(
                [f"boards read with the look {profile.look!r} (play --profile {profile.name} uses it too)"]
                if profile.look
                else []
            ),
        ]


def calibrate(
    image: np.ndarray,
    *,
    screen: Rect,
    profile: Profile,
    next_button: Point | None = None,
    now: datetime | None = None,
    reader: Callable[[np.ndarray], Detection] = detect,
) -> Calibration:
    """Calibrate on `image`, a grab of the whole `screen` (capture units) of the device `profile` names.

    `next_button` (capture units) wins over the one found on screen. Calibrate on a level: on
    the level-complete screen the panel covers the board, and the reason says so.
    """
    detection = reader(image)
    overlay = draw_overlay(image, detection)
    mapping = ScreenMap.for_image(screen, image, profile.scale)
    found = detection.next  # the go-on control, when this is the level-complete screen
    if not detection.ok or detection.geometry is None:
        reason = detection.reason
        if found is not None:
            x, y = mapping.image_to_capture(found)
            reason = (
                f"the level-complete screen is showing, 'next' at ({x:.0f}, {y:.0f}):"
                " press it and calibrate on a level"
            )
        return Calibration(None, detection, overlay, reason)
    board = mapping.image_to_capture(detection.geometry.bounds())
    made = replace(
        profile,
        region=work_region(board, screen),
        board=board,
        next_button=next_button or (mapping.image_to_capture(found) if found else None),
        created=(now or datetime.now(timezone.utc)).isoformat(timespec="seconds"),
    )
    return Calibration(made, detection, overlay)
