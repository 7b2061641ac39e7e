"""The level loop: capture → detect (self-checks) → solve → guards → drag → next level.

Only the level state machine lives here. It talks to a `Device` (bot/device) and never to mss,
pyautogui or adb; the guards it consults before a drag are in bot/play/guards.py, the pictures
and stop records it leaves in bot/play/logbook.py, one look at the screen is bot/play/sight.py.

A level that shows part of a path drawn (an early release, a stall, a person who began it) is
finished from the cat, or from the latest drawn cell with a finish (solver/finish.py): a retry
is never the same blind drag again. The only press that is not the drag is go-on, and only on
a screen vision proved to be the level-complete one (or where the user said, `--next`): any
other screen is waited on (a transition), then the loop stops.

It stops cleanly — a one-line reason plus the screenshot and overlay saved in a log folder —
when detection fails twice, the board is unsolvable or the solver times out, the board is
covered by another window, the game's window closed mid-drag, no two looks in a row read alike
after a drag that stopped, the level did not advance after three attempts, or after a level the
screen is one it does not know.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from onestroke.bot.coords import Point, Rect
from onestroke.bot.device import Device, perform
from onestroke.bot.gesture import DEFAULT_STROKE_PACE, StrokePace, route_gesture, tap
from onestroke.bot.play import guards
from onestroke.bot.play.drag import DragReport, DragStopped, watched_drag
from onestroke.bot.play.known import KnownBoard
from onestroke.bot.play.logbook import Logbook, default_log_dir
from onestroke.bot.play.pace import DragPace, drag_pace, slower, stroke_pace
from onestroke.bot.play.recorder import Recorder
from onestroke.bot.play.sight import Sight, look
from onestroke.calibration.locate import work_region
from onestroke.solver.board import Board, Cell
from onestroke.solver.errors import OnestrokeError
from onestroke.solver.finish import WalkedError, finish

POLL = 0.02  # seconds between looks while waiting for the game (a look at unchanged pixels costs a grab)
STILL = 0.05  # seconds between two equal frames that show a new level has finished appearing
UNKNOWN_STEADY = 0.1  # seconds a screen vision does not know must stay before the user's --next goes on
ATTEMPTS = 3  # watched drags per level before the loop gives up on it
OPEN_LOOP_ATTEMPTS = 5  # open-loop drags: each at half the pace of the one before (16x slower last)
SETTLED = 1.0  # seconds a level must show the same drawn cells, after a drag, to count as not advancing
UNKNOWN_SCREEN = (
    "the screen shows neither a level nor a level-complete screen I know: not pressing anything"
    " (if it is the game's own complete screen, give its go-on control: --next X,Y)"
)


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


@dataclass
class LevelLoop:
    """Plays levels on `device` (see `run`).

    - `region`: where the game is (capture units; a profile's region), None: find it;
    - `next_button`: the go-on control as the user gave it (`--next`, capture units): pressed
      instead of the one vision finds on the level-complete screen, and also on a screen vision
      does not know, once the level's board has gone after a clear (never at start-up);
    - `dry_run`: everything but pressing; the overlay of each solved level goes to `log_dir`;
    - `log_dir`: where pictures go when the loop stops;
    - `pace`: how fast routes are stroked open loop (bot/play/pace.py);
    - `say`: where progress lines go;
    - `recorder`: saves first, unsure and stop screens as fixture pairs (`play --record`).
    """

    device: Device
    region: Rect | None = None
    next_button: Point | None = None
    dry_run: bool = False
    log_dir: Path = Path("onestroke-logs")
    pace: StrokePace = DEFAULT_STROKE_PACE
    solve_timeout: float = 5.0
    advance_timeout: float = 4.0
    say: Callable[[str], None] = print
    drag_pace: DragPace = field(default_factory=DragPace)  # how fast this game answers, learned
    window: Rect | None = field(default=None, init=False)  # the game window (capture units), when known
    seen: Sight | None = field(default=None, init=False)  # the latest look (kept while the pixels stay)
    drags: list[DragReport] = field(default_factory=list, init=False)  # what each watched drag cost
    recorder: Recorder | None = None
    level: int = field(default=0, init=False)  # the level being played, for the recorder

    @property
    def screen(self) -> Rect:
        """The whole monitor (or device screen) in capture coordinates."""
        return self.device.screen

    @property
    def logbook(self) -> Logbook:
        return Logbook(self.log_dir)

    # -- looking ---------------------------------------------------------------------------

    def look(self, region: Rect) -> Sight:
        self.seen = look(self.device, region, self.seen)
        return self.seen

    def find_board(self) -> Sight:
        """A detection that passed every self-check: in the game's region first, then the whole screen.

        When the board sits against the edge of the region (the window moved), the whole screen
        is searched again and the region follows the board.
        """
        sight = self.look(self.region or self.screen)
        if self.region is not None:
            if sight.board is not None and guards.well_inside(sight, self.screen, self.window):
                return sight  # the game is where it was: keep the region
            sight = self.look(self.screen)
        window = guards.game_window(self.device, sight)
        if sight.board is None and window is not None and window != sight.screen_map.region:
            # Lattice positions straddling the window's edge read as neither cell nor background;
            # inside the window's own rectangle they lie outside the image and read as holes.
            sight = self.look(window)
        if sight.board is not None:
            region = work_region(guards.board_in_capture(sight), self.screen)
            self.region = (window and region.intersection(window)) or region
            self.window = window
        return sight

    def stop(self, reason: str, sight: Sight | None, route: Sequence[Cell] = ()) -> LoopStopped:
        """Leave a stop record (pictures and reason), and build the error that ends the loop.

        No sight (the game's window went away mid-drag): there is no picture worth keeping.
        """
        if sight is None:
            return LoopStopped(reason)
        self.record(sight, "stop", reason)
        folder = self.logbook.stop(reason, sight, route)
        return LoopStopped(f"{reason} (screenshot and overlay in {folder})")

    def record(self, sight: Sight, why: str, reason: str | None = None) -> None:
        if self.recorder is not None:
            self.recorder.keep(sight, self.level, why, reason)

    # -- one level -------------------------------------------------------------------------

    def checked_sight(self, *, settle: bool = False, known: KnownBoard | None = None) -> Sight:
        """A board that passed the detector's self-checks, looking twice before giving up.

        `settle` (after a drag that stopped): the game may still be taking the drag's last moves
        (a late frame on a busy machine), so the board must read alike (board and walked cells)
        on two looks in a row, two of the game's answer times apart; a resume planned on the
        look before the late frame would press where the cat was, or be refused as a board that
        changed before the drag. `known` (the board the last drag was planned on) reads a look
        vision refuses when it still shows that board (bot/play/known.py).
        """
        sight = self.trusted_sight(known)
        deadline = time.monotonic() + self.advance_timeout
        while settle:
            time.sleep(max(POLL, 2 * self.drag_pace.expected))  # a frame that was due has come
            again = self.trusted_sight(known)
            if again.board == sight.board and again.detection.walked == sight.detection.walked:
                return again
            if time.monotonic() > deadline:
                raise self.stop("the board kept changing: no two looks in a row read alike", again)
            sight = again
        return sight

    def trusted_sight(self, known: KnownBoard | None = None) -> Sight:
        """One board that passed the detector's self-checks, looking twice before giving up
        (with `known`, the last look read with the board the drag was planned on)."""
        sight = self.find_board()
        if sight.board is None:
            self.record(sight, "unsure", sight.detection.reason)
            time.sleep(0.3)
            sight = self.find_board()
        if sight.board is None and known is not None and sight.detection.screen != "complete":
            sight = known.reread(sight) or sight
        if sight.board is None:
            raise self.stop(f"no board I can trust on screen: {sight.detection.reason}", sight)
        return sight

    def clear_level(self, number: int) -> LevelReport:
        """Detect, plan and drag one level; look again and go on from what shows when it did not advance.

        A drawn path on the board (detection's `walked`) is finished from the cat or from the
        latest drawn cell with a finish (`solver.finish`); the open-loop gesture of a device
        without fast capture goes slower on each retry.
        """
        self.level = number
        attempts = ATTEMPTS if self.device.capabilities.fast_capture else OPEN_LOOP_ATTEMPTS
        reread: Sight | None = None  # the last look after a drag, read with the known board
        drag_stopped = False  # the last watched drag stopped: the game may still take its last moves
        known: KnownBoard | None = None  # the board the last drag was planned on
        for attempt in range(1, attempts + 1):
            sight = reread or self.checked_sight(settle=drag_stopped, known=known)
            drag_stopped = False
            self.record(sight, "first" if attempt == 1 else "retry")
            board = sight.board
            assert board is not None and sight.detection.geometry is not None
            walked = sight.detection.walked
            if len(walked) == len(board):  # every cell drawn: the game is about to say so
                outcome, reread = self.wait_for_advance(board)
                if outcome == "advanced":
                    return _report(number, board, sight, 0.0, 0.0, attempt)
                continue
            began = time.perf_counter()
            try:
                plan = finish(board, walked, timeout=self.solve_timeout)
            except WalkedError as error:
                raise self.stop(f"level {number}: {error}", sight) from None
            solve_ms = (time.perf_counter() - began) * 1e3
            if not plan.solved:
                result = plan.result
                assert result is not None  # nothing solved only when every cell is walked (above)
                raise self.stop(f"level {number}: board is {result.status}: {result.reason}", sight)
            note = plan.describe()
            if note:
                self.say(f"level {number}: {note}")
            geometry = sight.screen_map.image_to_pointer(sight.detection.geometry)
            gesture = route_gesture(plan.stroke[plan.drag_start :], geometry, slower(self.pace, attempt))
            covered = guards.covered_reason(self.device, sight, geometry, gesture)
            if covered:
                raise self.stop(covered, sight)
            if self.dry_run:
                folder = self.logbook.save(sight, plan.path, tag="dry-run")
                self.say(f"dry run: level {number} solved in {solve_ms:.1f} ms, overlay in {folder}")
                return _report(number, board, sight, solve_ms, 0.0, attempt)
            began = time.perf_counter()
            known = KnownBoard(sight, plan.stroke)
            if self.device.capabilities.fast_capture:  # watch the game take every cell (bot/play/drag.py)
                try:
                    self.drags.append(
                        watched_drag(
                            self.device,
                            sight.screen_map.region,
                            sight.detection.geometry,
                            geometry,
                            plan.stroke,
                            pace=self.drag_pace,
                            start=plan.drag_start,
                        )  # fmt: skip
                    )
                except DragStopped as stopped:
                    if stopped.cause in ("window", "vanished"):
                        raise self.stop(f"level {number}: {stopped}", None) from None
                    self.say(f"level {number}: {stopped}; looking again")
                    drag_stopped = True
                    continue
            else:  # no fast capture (a phone): open loop, then the screenshot says what the game took
                perform(self.device, gesture, geometry.bounds())
            drag_s = time.perf_counter() - began
            outcome, reread = self.wait_for_advance(board, known)
            if outcome == "advanced":
                return _report(number, board, sight, solve_ms, drag_s, attempt)
            if outcome == "gone":
                raise self.stop(
                    f"after the drag on level {number} {UNKNOWN_SCREEN}",
                    self.look(self.region or self.screen),
                )
            self.say(f"level {number}: the game did not advance after the drag; looking again")
        raise self.stop(
            f"level {number} did not advance after {attempts} attempts", self.look(self.region or self.screen)
        )

    def wait_for_advance(self, board: Board, known: KnownBoard | None = None) -> tuple[str, Sight | None]:
        """What the game did after a drag on `board`, and the last look read with `known` (or None):

        - "advanced": the level-complete screen or a different board shows (with the user's
          `--next`, also a screen vision does not know, for `UNKNOWN_STEADY` seconds);
        - "stayed": the level still shows cells undrawn, the same ones for `SETTLED` seconds (the
          game has taken what it will), or at the timeout;
        - "gone": at the timeout the board has given way to a screen vision does not know.

        Screens vision does not know are waited on until the timeout (a transition). After an
        open-loop stroke, `known` (the board it was planned on, bot/play/known.py) reads a look
        that vision refuses, when it still shows that board: a path cut short near its end
        leaves too few plain cells for vision to find the lattice.
        """
        deadline = time.monotonic() + self.advance_timeout
        boardless: float | None = None  # since when the looks found no board
        settled: tuple[tuple[Cell, ...], float] | None = None
        while time.monotonic() < deadline:
            time.sleep(POLL)
            sight = self.look(self.region or self.screen)
            reread = None
            if sight.board is None and sight.detection.screen != "complete" and known is not None:
                reread = known.reread(sight)
                sight = reread or sight
            if sight.board is not None:
                boardless = None
                if sight.board != board:
                    return "advanced", None
                walked = sight.detection.walked
                if len(walked) == len(board):
                    settled = None  # the finished board shows a moment before the complete screen
                elif settled is None or settled[0] != walked:
                    settled = (walked, time.monotonic())
                elif time.monotonic() - settled[1] >= SETTLED:
                    return "stayed", reread
                continue
            settled = None
            if sight.detection.screen == "complete":
                return "advanced", None
            boardless = boardless or sight.grabbed_at
            if self.next_button is not None and sight.grabbed_at - boardless >= UNKNOWN_STEADY:
                return "advanced", None
        return ("gone" if boardless is not None else "stayed"), None

    def go_on(self, sight: Sight, *, cleared: bool) -> Point | None:
        """Where to press to go on, in pointer coordinates, or None: nothing here is proven to be go-on.

        On the level-complete screen (vision's `screen`): the user's `--next` point when given,
        else the control vision identified. On a screen vision does not know: the user's point,
        only right after a clear (`cleared`), never at start-up.
        """
        if sight.detection.screen == "complete":
            if self.next_button is not None:
                return sight.screen_map.capture_to_pointer(self.next_button)
            if sight.detection.next is not None:
                return sight.screen_map.image_to_pointer(sight.detection.next)
            return None
        if cleared and self.next_button is not None and sight.board is None:
            return sight.screen_map.capture_to_pointer(self.next_button)
        return None

    def press_next(self, number: int) -> None:
        """After level `number`: press go-on, then wait for the next level.

        Any screen that is not proven to be the level-complete one is waited on (a transition);
        when it stays, the loop stops with the screenshot saved rather than press anything.
        """
        deadline = time.monotonic() + self.advance_timeout
        while True:
            sight = self.look(self.region or self.screen)
            if sight.board is not None:
                return  # the game moved on by itself
            button = self.go_on(sight, cleared=True)
            if button is not None:
                self.tap(sight, button)
                self.wait_for_level(number)
                return
            if time.monotonic() > deadline:
                raise self.stop(f"after level {number} {UNKNOWN_SCREEN}", sight)
            time.sleep(POLL)

    def tap(self, sight: Sight, button: Point) -> None:
        perform(self.device, tap(button), sight.screen_map.capture_to_pointer(sight.screen_map.region))

    def wait_for_level(self, number: int | None) -> None:
        """After go-on was pressed: wait through the screens in between (a ranking screen) until a
        level shows and holds still. Still the complete screen after a while: press go-on once more."""
        deadline = time.monotonic() + 2 * self.advance_timeout
        pressed_again = False
        complete_since: float | None = None
        while time.monotonic() < deadline:
            time.sleep(POLL)
            sight = self.look(self.region or self.screen)
            if sight.board is not None:
                self.wait_until_still(sight)
                return
            if sight.detection.screen != "complete":
                complete_since = None
                continue
            complete_since = complete_since or time.monotonic()
            if not pressed_again and time.monotonic() - complete_since > 1.5:
                button = self.go_on(sight, cleared=True)
                if button is not None:  # the press did not take (a busy game): once more
                    self.tap(sight, button)
                    pressed_again = True
        sight = self.look(self.region or self.screen)
        if sight.detection.screen == "complete":
            raise self.stop(
                f"after level {number} go-on was pressed twice, and the complete screen stays", sight
            )
        # no level yet: clear_level looks again, and stops with the screenshot if there is none

    def leave_complete_screen(self) -> None:
        """Started on the level-complete screen (the last run stopped there): press go-on first.

        Only on a screen vision positively proves to be the level-complete one: at start-up
        nothing else is ever pressed.
        """
        sight = self.look(self.region or self.screen)
        if sight.detection.screen != "complete":
            return
        button = self.go_on(sight, cleared=False)
        if button is not None:
            self.say("the level-complete screen is showing: pressing go-on first")
            self.tap(sight, button)
            self.wait_for_level(None)

    def wait_until_still(self, sight: Sight) -> None:
        """Two equal frames `STILL` s apart, the first `sight`'s: the new level has finished appearing."""
        deadline = time.monotonic() + self.advance_timeout
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
            self.press_next(number)
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


def play(
    device: Device,
    levels: int | None = 1,
    *,
    region: Rect | None = None,
    next_button: Point | None = None,
    dry_run: bool = False,
    speed: float | None = None,
    log_dir: Path | None = None,
    say: Callable[[str], None] = print,
    record: Path | None = None,
) -> list[LevelReport]:
    """Clear `levels` levels (None: until stopped) of the game on `device`; one report per level.

    `region` (capture units) is where the game is, when known; it must lie on the screen.
    `speed` is the drag's speed in cells per second on every device (0 or None: a watched drag as
    fast as the game takes it; an open-loop stroke at 0 without pauses, at None the default).
    Raises `LoopStopped` with the reason (and where the pictures went) when the loop refuses to
    go on, `DeviceError` when the device fails. `record` is a folder where each level's first
    screen and every screen the loop stopped on or was unsure about are saved as fixture pairs
    (`onestroke fixtures check` reads them). Open the device first and close it after
    (`with onestroke.open_device("desktop") as device: onestroke.play(device)`).
    """
    if region is not None:
        guards.check_region_on_screen(region, device.screen, "region")
    loop = LevelLoop(
        device,
        region=region,
        next_button=next_button,
        dry_run=dry_run,
        log_dir=log_dir or default_log_dir(),
        pace=stroke_pace(speed, device.capabilities.cell_dwell),
        drag_pace=drag_pace(speed),
        say=say,
        recorder=Recorder(record) if record is not None else None,
    )
    return loop.run(levels)
