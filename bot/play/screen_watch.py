"""Watching the screen between drags: where the game is, the latest sight, finding the board, stillness.

`ScreenWatch` keeps the game's region (capture units: a profile's, or found around the board and
followed when the window moves), the game's window when the device can tell (X11), and the latest
sight, so that a look at unchanged pixels keeps its detection (bot/play/sight.py). It decides
nothing about the level; it only says what the screen shows. (During a drag the board's cells are
watched by vision's `BoardWatch`, bot/vision/watch.py.)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from onestroke.bot.device import Device, WindowState
from onestroke.bot.play import guards
from onestroke.bot.play.faults import Fault, window_fault
from onestroke.bot.play.sight import Reader, Sight, sight_of
from onestroke.coords import Rect
from onestroke.locate import work_region

POLL = 0.02  # seconds between looks while waiting for the game (a look at unchanged pixels costs a grab)
SEARCH_AFTER = 0.5  # seconds the region may show nothing known before the whole screen is searched
BACK_POLL = 0.1  # seconds between looks while a covered or minimised game is waited for
RESTART_WAIT = 10.0  # seconds a game whose window closed between levels is looked for (a restart)
STILL = 0.05  # seconds between two equal frames that show a new level has finished appearing


@dataclass
class ScreenWatch:
    """Looks at `device`'s screen: in `region` (capture units) once known, else the whole screen."""

    device: Device
    region: Rect | None = None  # where the game is (capture units), None: not found yet
    reader: Reader | None = None  # a taught look (`play --look`); None: the built-in reading
    window: Rect | None = field(default=None, init=False)  # the game window (capture units), when known
    window_id: int | None = field(default=None, init=False)  # its id in the window stack, when known
    board_box: Rect | None = field(default=None, init=False)  # the board's lattice bounds (pointer units)
    window_box: Rect | None = field(default=None, init=False)  # the window's rectangle (pointer units)
    seen: Sight | None = field(default=None, init=False)  # the latest sight (kept while the pixels stay)
    on_sight: Callable[[Sight], None] | None = field(default=None, init=False)  # e.g. the video's frames

    @property
    def screen(self) -> Rect:
        """The whole monitor (or device screen) in capture coordinates."""
        return self.device.screen

    def at(self, region: Rect) -> Sight:
        """A sight of `region` (capture units), reusing the latest one's detection when the pixels equal."""
        self.seen = sight_of(self.device, region, self.seen, self.reader)
        if self.on_sight is not None:
            self.on_sight(self.seen)
        return self.seen

    def now(self) -> Sight:
        """A sight of the game's region (the whole screen while it is not known)."""
        return self.at(self.region or self.screen)

    def find_board(self) -> Sight:
        """A detection that passed every self-check: in the game's region first, then the whole screen.

        When the board sits against the edge of the region (the window moved), the whole screen
        is searched again and the region follows the board.
        """
        sight = self.now()
        if self.region is not None:
            if sight.board is not None and guards.well_inside(sight, self.screen, self.window):
                return sight  # the game is where it was: keep the region
            sight = self.at(self.screen)
        window = guards.game_window(self.device, sight)
        if sight.board is None and window is not None and window != sight.screen_map.region:
            # Lattice positions straddling the window's edge read as neither cell nor background;
            # inside the window's own rectangle they lie outside the image and read as holes.
            sight = self.at(window)
        if sight.board is not None:
            region = work_region(guards.board_in_capture(sight), self.screen)
            self.region = (window and region.intersection(window)) or region
            self.window = window
            self.remember_window(sight)
        return sight

    def remember_window(self, sight: Sight) -> None:
        """Note the window (id, place) and the board `sight` shows, for `window_fault` to compare."""
        geometry = sight.detection.geometry
        assert geometry is not None
        self.window_id = guards.game_window_id(self.device, sight)
        self.board_box = sight.screen_map.image_to_pointer(geometry.bounds())
        state = self.window_state()
        self.window_box = state.box if state is not None else None

    def window_state(self) -> WindowState | None:
        """The game's window now, as the window stack shows it; None: no stack, or not known."""
        stack = self.device.windows
        if stack is None or self.window_id is None or self.board_box is None:
            return None
        return stack.state(self.window_id, self.board_box)

    def window_fault(self) -> Fault | None:
        """What happened to the window the board was last found in (None: nothing, or cannot tell)."""
        state = self.window_state()
        if state is None or self.window_box is None:
            return None
        return window_fault(self.window_box, state)

    def forget(self) -> None:
        """The board is not where it was (moved, resized, restarted): look at the whole screen next."""
        self.region = None
        self.window = None
        self.seen = None

    def elsewhere(self) -> Sight | None:
        """A look at the whole screen, when the game's region shows neither a board nor a complete
        screen: a sight there of a board (the region follows it) or of a complete screen (the
        region is forgotten: the next looks take in the whole screen); None: neither shows."""
        if self.region is None:
            return None
        sight = self.at(self.screen)
        if sight.board is not None:
            self.region = None
            return self.find_board()
        if sight.detection.screen == "complete":
            self.forget()
            return sight
        return None

    def search_for_board(self, timeout: float) -> Sight | None:
        """The game's window closed between levels (a restart?): look for a board on the whole
        screen until one passes every self-check; None after `timeout` s."""
        self.forget()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            sight = self.find_board()
            if sight.board is not None:
                return sight
            time.sleep(BACK_POLL)
        return None

    def wait_for_board(self, timeout: float) -> Sight | None:
        """After a cover or a minimise: wait until the game's window shows again, uncovered, and a
        board passes every self-check (found anywhere on the screen); None after `timeout` s."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            time.sleep(BACK_POLL)
            fault = self.window_fault()
            if fault in ("covered", "unmapped"):
                continue
            if fault == "closed":
                return None
            sight = self.find_board()
            if sight.board is not None and self.window_fault() is None:
                return sight
        return None

    def wait_until_still(self, sight: Sight, timeout: float) -> None:
        """Two equal frames `STILL` s apart, the first `sight`'s: the new level has finished appearing
        (or `timeout` seconds went by)."""
        deadline = time.monotonic() + timeout
        region = self.region or self.screen
        previous = sight.image if sight.screen_map.region == region else None
        grabbed_at = sight.grabbed_at
        while time.monotonic() < deadline:
            time.sleep(max(0.0, grabbed_at + STILL - time.monotonic()))
            grabbed_at = time.monotonic()
            frame = self.device.grab(region)
            if previous is not None and previous.shape == frame.shape and np.array_equal(previous, frame):
                return
            previous = frame
