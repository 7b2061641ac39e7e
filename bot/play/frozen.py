"""A frozen game told from one that refused the move, by whether anything on the screen changed.

When a watched drag gets no answer (the game did not take the next cell after every re-send,
bot/play/drag.py) the game either refused the move or stopped answering at all. A game that
refused it still answers: the release that ends the drag wipes the path, or the game shows
something else. A frozen game (paused, stopped, hung) shows the very same screen whatever the
bot does: the moves, the re-sends and the release change nothing. So the evidence is the game's
region from the drag's last grab, before the finger was lifted, against the grabs after it:
nothing new for `FROZEN_AFTER` seconds is frozen. Then the bot waits for the game to answer
again (anything new on the screen) before it looks at the board again.

Which pixels count as a change is vision's answer (`screen_changed`, bot/vision/change.py: a
blinking caret does not, one cell does).
"""

from __future__ import annotations

import time

import numpy as np

from onestroke.bot.device import Device
from onestroke.bot.vision.change import screen_changed
from onestroke.coords import Rect

FROZEN_AFTER = 1.0  # seconds the game's region must show nothing new, after the release, to be frozen
GRAB_EVERY = 0.1  # seconds between grabs meanwhile


def changed_within(device: Device, region: Rect, before: np.ndarray, seconds: float) -> bool:
    """True as soon as `region` (capture units) shows anything new against `before` (a grab of
    it); False when nothing changed for `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        if screen_changed(before, device.grab(region)):
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(GRAB_EVERY)
