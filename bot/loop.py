"""The level loop: capture → detect (self-checks) → solve → safety checks → drag → next level.

One loop for every backend: it talks to a `Device` (bot/device: `grab(region)`, touch sessions
that play gestures, the window stack where there is one) and never to mss, pyautogui or adb.

It stops cleanly — a one-line reason plus the screenshot and overlay saved in a log folder —
when detection fails twice, the board is unsolvable or the solver times out, the board is
covered by another window, or the level did not advance after a retry.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from onestroke.bot.coords import Geometry, Point, Rect, ScreenMap
from onestroke.bot.device import Device, perform
from onestroke.bot.drag import DragStopped, watched_drag
from onestroke.bot.drag import Pace as DragPace
from onestroke.bot.gesture import Gesture, Pace, route_gesture, tap
from onestroke.bot.overlay import draw_overlay
from onestroke.bot.vision import Detection, detect
from onestroke.calibration.locate import find_next_button, work_region
from onestroke.solver.board import Board
from onestroke.solver.errors import OnestrokeError
from onestroke.solver.search import solve

POLL = 0.05  # seconds between frames while waiting for the game


class LoopStopped(OnestrokeError):
    """The loop stopped on purpose (refused to go on); the message says why and where the pictures are."""


@dataclass(frozen=True)
class LevelReport:
    """What one cleared level cost."""

    level: int
    rows: int
    cols: int
    holes: int
    capture_ms: float
    detect_ms: float
    solve_ms: float
    drag_s: float
    attempts: int

    def line(self) -> str:
        retry = f", {self.attempts} attempts" if self.attempts > 1 else ""
        return (
            f"level {self.level}: {self.rows}x{self.cols}, {self.holes} holes,"
            f" capture {self.capture_ms:.0f} ms, detect {self.detect_ms:.0f} ms,"
            f" solve {self.solve_ms:.1f} ms, drag {self.drag_s:.2f} s{retry}"
        )


@dataclass(frozen=True)
class Sight:
    """One look at the screen: the image, where it came from, what the detector saw, and timings."""

    image: np.ndarray
    screen_map: ScreenMap
    detection: Detection
    capture_ms: float
    detect_ms: float

    @property
    def board(self) -> Board | None:
        return self.detection.board if self.detection.ok else None


@dataclass
class LevelLoop:
    """Plays levels on `device` (see `run`)."""

    device: Device
    region: Rect | None = None  # where the game is (a profile's region), None: find it
    next_button: Point | None = None  # absolute capture coordinates, None: find it
    window: Rect | None = None  # the game window's rectangle when X11 told us (capture coordinates)
    dry_run: bool = False
    log_dir: Path = Path("onestroke-logs")
    pace: Pace = Pace()
    solve_timeout: float = 5.0
    advance_timeout: float = 4.0
    say: Callable[[str], None] = print
    drag_pace: DragPace = field(default_factory=DragPace)  # how fast this game answers, learned

    @property
    def screen(self) -> Rect:
        """The whole monitor (or device screen) in capture coordinates."""
        return self.device.screen

    # -- looking ---------------------------------------------------------------------------

    def look(self, region: Rect) -> Sight:
        began = time.perf_counter()
        image = self.device.grab(region)
        grabbed = time.perf_counter()
        detection = detect(image)
        done = time.perf_counter()
        screen_map = ScreenMap.for_image(region, image, self.device.scale)
        return Sight(image, screen_map, detection, (grabbed - began) * 1e3, (done - grabbed) * 1e3)

    def find_board(self) -> Sight:
        """A detection that passed every self-check: in the game's region first, then the whole screen.

        When the board sits against the edge of the region (the window moved), the whole screen
        is searched again and the region follows the board.
        """
        sight = self.look(self.region or self.screen)
        if self.region is not None:
            if sight.board is not None and self._well_inside(sight):
                return sight  # the game is where it was: keep the region
            sight = self.look(self.screen)
        window = self._window_of(sight)
        if sight.board is None and window is not None and window != sight.screen_map.region:
            # Lattice positions straddling the window's edge read as neither cell nor background;
            # inside the window's own rectangle they lie outside the image and read as holes.
            sight = self.look(window)
        if sight.board is not None:
            region = work_region(self._capture_bounds(sight), self.screen)
            self.region = (window and region.intersection(window)) or region
            self.window = window
        return sight

    def _window_of(self, sight: Sight) -> Rect | None:
        """The game window's rectangle (X11 only): the top window under the lattice's centre."""
        geometry = sight.detection.geometry
        if self.device.windows is None or geometry is None:
            return None
        box = self.device.windows.window_at(sight.screen_map.image_to_pointer(geometry.bounds().centre))
        if box is None:
            return None
        return sight.screen_map.pointer_to_capture(box).rounded().intersection(self.screen)

    def _capture_bounds(self, sight: Sight) -> Rect:
        assert sight.detection.geometry is not None
        return sight.screen_map.image_to_capture(sight.detection.geometry.bounds())

    def _well_inside(self, sight: Sight) -> bool:
        """True when no row or column of the board can hide beyond the captured region.

        A row cut by the region's edge shows less than a cell and is not read, so the rest would
        pass as a whole (smaller) board. On every side the region must therefore leave a whole
        pitch of room beyond the board, or end where the screen or the game's window ends.
        """
        geometry = sight.detection.geometry
        assert geometry is not None
        region, density = sight.screen_map.region, sight.screen_map.density
        board = self._capture_bounds(sight)
        px, py = geometry.pitch[0] / density, geometry.pitch[1] / density
        ends = [box for box in (self.screen, self.window) if box is not None]
        return (
            (board.left - region.left >= px or any(region.left == box.left for box in ends))
            and (board.top - region.top >= py or any(region.top == box.top for box in ends))
            and (region.right - board.right >= px or any(region.right == box.right for box in ends))
            and (region.bottom - board.bottom >= py or any(region.bottom == box.bottom for box in ends))
        )

    # -- stopping --------------------------------------------------------------------------

    def stop(self, reason: str, sight: Sight | None, route: Any = ()) -> LoopStopped:
        """Save the screenshot and overlay, and build the error that ends the loop."""
        if sight is None:
            return LoopStopped(reason)
        folder = self.save_pictures(sight, route, tag="stop")
        return LoopStopped(f"{reason} (screenshot and overlay in {folder})")

    def save_pictures(self, sight: Sight, route: Any = (), tag: str = "level") -> Path:
        folder = self.log_dir / time.strftime(f"%Y%m%d-%H%M%S-{tag}")
        folder.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(folder / "screen.png"), sight.image)
        cv2.imwrite(str(folder / "overlay.png"), draw_overlay(sight.image, sight.detection, route))
        return folder

    # -- one level -------------------------------------------------------------------------

    def checked_sight(self) -> Sight:
        """A board that passed the detector's self-checks, looking twice before giving up."""
        sight = self.find_board()
        if sight.board is None:
            time.sleep(0.3)
            sight = self.find_board()
        if sight.board is None:
            raise self.stop(f"no board I can trust on screen: {sight.detection.reason}", sight)
        return sight

    def clear_level(self, number: int) -> LevelReport:
        """Detect, solve and drag one level; retry once when the level did not advance."""
        for attempt in (1, 2):
            sight = self.checked_sight()
            board = sight.board
            assert board is not None and sight.detection.geometry is not None
            began = time.perf_counter()
            result = solve(board, timeout=self.solve_timeout)
            solve_ms = (time.perf_counter() - began) * 1e3
            if result.status != "solved":
                raise self.stop(f"level {number}: board is {result.status}: {result.reason}", sight)
            geometry = sight.screen_map.image_to_pointer(sight.detection.geometry)
            gesture = route_gesture(result.path, geometry, self.pace)
            self.refuse_if_covered(sight, geometry, gesture)
            if self.dry_run:
                folder = self.save_pictures(sight, result.path, tag="dry-run")
                self.say(f"dry run: level {number} solved in {solve_ms:.1f} ms, overlay in {folder}")
                return _report(number, board, sight, solve_ms, 0.0, attempt)
            began = time.perf_counter()
            if self.device.capabilities.fast_capture:  # watch the game take every cell (bot/drag.py)
                try:
                    watched_drag(self.device, sight.screen_map.region, sight.detection.geometry, geometry,
                                 result.path, pace=self.drag_pace)  # fmt: skip
                except DragStopped as stopped:
                    raise self.stop(f"level {number}: {stopped}", None) from None
            else:
                perform(self.device, gesture, geometry.bounds())
            drag_s = time.perf_counter() - began
            if self.wait_for_advance(board):
                return _report(number, board, sight, solve_ms, drag_s, attempt)
            self.say(f"level {number}: the game did not advance after the drag; trying once more")
        raise self.stop(
            f"level {number} did not advance after a retry", self.look(self.region or self.screen)
        )

    def refuse_if_covered(self, sight: Sight, geometry: Geometry, gesture: Gesture) -> None:
        """Refuse when the screen changed under the board since we looked, or another window covers it."""
        fresh = self.device.grab(sight.screen_map.region)
        if fresh.shape != sight.image.shape or _changed(fresh, sight.image, sight.detection.geometry):
            raise self.stop("the board changed between looking and dragging (another window?)", sight)
        if self.device.windows is None:
            return
        box = geometry.bounds().grown(-1)
        corners = [Point(x, y) for y in (box.top, box.bottom) for x in (box.left, box.right)]
        windows = self.device.windows.topmost([*gesture.points, *corners])
        if windows is None:
            return  # not X11: the detector's checks are all we have
        if len(set(windows)) != 1:
            raise self.stop("another window covers part of the board; not dragging", sight)

    def wait_for_advance(self, board: Board) -> bool:
        """True once the level-complete screen or a different board shows; False after the timeout."""
        deadline = time.monotonic() + self.advance_timeout
        boardless = 0
        while time.monotonic() < deadline:
            time.sleep(POLL)
            sight = self.look(self.region or self.screen)
            if sight.board is not None:
                if sight.board != board:
                    return True
                boardless = 0
                continue
            boardless += 1
            if find_next_button(sight.image) is not None:
                return True
            if self.next_button is not None and boardless >= 2:  # a game whose button we cannot see
                return True
        return False

    def find_next(self, sight: Sight) -> Point | None:
        """The "next" button in pointer coordinates: found on the screen, else the profile's.

        What is on screen wins: a profile's point goes stale when the window moves.
        """
        found = find_next_button(sight.image)
        if found is not None:
            return sight.screen_map.image_to_pointer(found)
        if self.next_button is not None:
            return sight.screen_map.capture_to_pointer(self.next_button)
        return None

    def press_next(self) -> None:
        """Press "next" on the level-complete screen, then wait until a new board holds still."""
        sight = self.look(self.region or self.screen)
        if sight.board is not None:
            return  # the game moved on by itself
        button = self.find_next(sight)
        if button is None:
            raise self.stop("level cleared but no 'next' button found (give it: calibrate --next X,Y)", sight)
        perform(self.device, tap(button), sight.screen_map.capture_to_pointer(sight.screen_map.region))
        self.wait_until_still()

    def leave_complete_screen(self) -> None:
        """Started on a level-complete screen (the last run stopped there): press "next" first."""
        sight = self.look(self.region or self.screen)
        if sight.board is None and find_next_button(sight.image) is not None:
            self.say("the level-complete screen is showing: pressing 'next' first")
            self.press_next()

    def wait_until_still(self) -> None:
        """Two equal frames in a row: the new level has finished appearing."""
        deadline = time.monotonic() + self.advance_timeout
        previous = None
        while time.monotonic() < deadline:
            frame = self.device.grab(self.region or self.screen)
            if previous is not None and previous.shape == frame.shape and np.array_equal(previous, frame):
                return
            previous = frame
            time.sleep(POLL)

    # -- the loop ---------------------------------------------------------------------------

    def run(self, levels: int | None) -> list[LevelReport]:
        """Clear `levels` levels (None: until stopped); one progress line per level."""
        reports: list[LevelReport] = []
        number = 1
        if not self.dry_run:
            self.leave_complete_screen()
        while levels is None or number <= levels:
            report = self.clear_level(number)
            reports.append(report)
            self.say(report.line())
            if self.dry_run or (levels is not None and number == levels):
                break
            self.press_next()
            number += 1
        return reports


def _report(
    number: int, board: Board, sight: Sight, solve_ms: float, drag_s: float, attempt: int
) -> LevelReport:
    return LevelReport(
        number,
        board.rows,
        board.cols,
        len(board.holes),
        sight.capture_ms,
        sight.detect_ms,
        solve_ms,
        drag_s,
        attempt,
    )


def _changed(a: np.ndarray, b: np.ndarray, geometry: Geometry | None) -> bool:
    """True when the board's part of two frames differs by more than capture noise."""
    if geometry is None:
        return True
    box = geometry.bounds().rounded()
    x0, y0, x1, y1 = max(int(box.left), 0), max(int(box.top), 0), int(box.right), int(box.bottom)
    crop_a, crop_b = a[y0:y1, x0:x1], b[y0:y1, x0:x1]
    return float(np.mean(np.abs(crop_a.astype(np.int16) - crop_b.astype(np.int16)))) > 2.0
