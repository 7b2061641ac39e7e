"""The closed-loop drag: move on from a cell only once the screen shows the game took it.

Real clients look at the pointer once per frame and stall now and then; a drag that outruns
them skips cells, and a skipped cell is an illegal move that ends the attempt. So the bot
watches the board while it drags (fast region captures, a few ms each) and sends the finger
to the next cell only once the last one shows as taken. Its pace is therefore the game's own:
learned from how fast this game answers (`DragPace`, bot/play/pace.py), faster when it answers
fast, slower when it is busy, never a constant chosen for one game; and never faster than the
user's `--speed`, when one is given.

What it does when the screen does not show what it expects:
- the cell is not taken yet: wait (the expected answer time, learned); then re-send the move
  (a small jiggle inside the cell, so that the system sends a new event); after a few re-sends
  without an answer it gives up: "the game stopped following the drag at cell 17 of 43";
- the game dropped the path (it ended the attempt): release and stop, saying so;
- a cell off the route was taken (a sample between cells, a bump): drag back onto the cell
  before it, which undoes it in the game, and go on;
- the game's window stopped showing the board (closed, moved, resized, minimised, or another
  window came over the board: the X server says so the moment it happens, on a desktop with a
  window stack), or the board vanished from the pixels: release at once and stop, naming the
  cause from the window's state (bot/play/faults.py).

Which cells show as taken, and whether the board is still there, is vision's answer
(`BoardWatch`, bot/vision/watch.py); this module decides what to do about it. `follow_route`
needs that watch and a touch session (bot/device); it knows nothing about the backend behind
them.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Literal, Protocol, get_args

import numpy as np

from onestroke.bot.device.base import Device, NotOnWindow, WindowStack
from onestroke.bot.play.faults import Fault, fault_line, window_fault
from onestroke.bot.play.pace import DragPace
from onestroke.bot.vision.watch import BoardReading, BoardWatch, Box
from onestroke.coords import Geometry, Point, Rect
from onestroke.plural import counted
from onestroke.solver.board import Cell
from onestroke.solver.errors import OnestrokeError

RESENDS = 4  # re-sends of one move without an answer before giving up
UNDOS = 3  # wrong cells undone in one drag before giving up
FULL_EVERY = 8  # every this many steps one grab takes in the whole board, not only around the head


StopCause = Literal[Fault, "vanished", "dropped", "not-following", "changed", "undo", "off-window"]
"""Why a drag was given up: what happened to the game's window (`Fault`: closed, moved, covered,
minimised, resized); the board vanished from the pixels with no window to ask; the game dropped
the drawn path; it stopped following (no answer after the re-sends); cells off the route changed
at once; it kept taking cells off the route; the touch session refused a press or move because
the game's window was not the one on top at its point (`NotOnWindow`)."""


class DragStopped(OnestrokeError):
    """The drag was given up (the finger is already lifted); the message names the cause."""

    def __init__(self, message: str, *, cause: StopCause, taken: int) -> None:
        super().__init__(message)
        self.cause: StopCause = cause
        self.taken = taken  # route cells the game showed as taken when the finger was lifted
        self.seen: np.ndarray | None = None  # the board region at the drag's last whole-board grab, if any


class Touch(Protocol):
    """A touch session (bot/device): the finger down, moved, lifted."""

    def down(self, point: Point) -> None: ...

    def move(self, point: Point) -> None: ...

    def up(self) -> None: ...


@dataclass
class DragReport:
    """What one watched drag cost: cells drawn, the game's answer times, re-sends and undos, and
    where the time went (grabs of the board and reading them; sleeps between grabs; moves sent)."""

    cells: int = 0
    seconds: float = 0.0
    answers: list[float] = field(default_factory=list)
    resends: int = 0
    undos: int = 0
    grabs: int = 0
    full_grabs: int = 0  # grabs of the whole board (the others: around the head)
    grab_seconds: float = 0.0
    sleep_seconds: float = 0.0
    move_seconds: float = 0.0

    @property
    def median_answer(self) -> float:
        return statistics.median(self.answers) if self.answers else 0.0


def follow_route(
    touch: Touch,
    watch: BoardWatch,
    path: Sequence[Cell],
    to_pointer: Callable[[Cell], Point],
    *,
    start: int = 0,
    pace: DragPace | None = None,
    jiggle: float = 0.0,
    window_fault: Callable[[], Fault | None] | None = None,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> DragReport:
    """Draw the walk `path` from `path[start]` (the cat's cell; `path[:start+1]` already drawn) to its end.

    Presses on `path[start]`, sends the finger one cell at a time and waits for each step to
    show; lifts the finger at the end. A step onto the cell before the head (the walk going back
    over the drawn path: `solver.finish.Finish.stroke`) undoes the head, as the game does; any
    other step takes a new cell. On a cause to stop, lifts the finger at once and raises
    `DragStopped`; `window_fault` says what happened to the game's window, if anything (asked
    before each move and whenever a grab does not show what it should). `jiggle` is the pointer
    distance of a re-sent move from the cell centre (default a tenth of the distance between two
    neighbouring cells).
    """
    pace = pace or DragPace()
    report = DragReport()
    if len(path) - start < 2:
        return report
    if not jiggle:
        (x0, y0), (x1, y1) = to_pointer(path[start]), to_pointer(path[start + 1])
        jiggle = 0.1 * max(abs(x1 - x0), abs(y1 - y0))
    began = clock()
    state = _Drag(touch, watch, len(set(path)), to_pointer, pace, report, jiggle, window_fault, clock, sleep)
    # the window watch may have seen a cover come (or the window go) since the caller last asked:
    # its release had nothing to lift then, so the press itself must not happen
    state._check_window(start + 1)
    # and a cover that comes even later is refused by the session itself (`NotOnWindow`)
    state._touch(touch.down, to_pointer(path[start]), start + 1)
    state.stepped = clock()
    try:
        state.run(path, start)
    except BaseException:
        touch.up()
        raise
    touch.up()
    report.seconds = clock() - began
    return report


@dataclass
class _Drag:
    touch: Touch
    watch: BoardWatch
    total: int  # cells on the route
    to_pointer: Callable[[Cell], Point]
    pace: DragPace
    report: DragReport
    jiggle: float
    window_fault: Callable[[], Fault | None] | None
    clock: Callable[[], float]
    sleep: Callable[[float], None]
    full: bool = True  # the next grab takes in the whole board
    stepped: float = 0.0  # when the latest step's move was sent (the press, before the first)

    def run(self, path: Sequence[Cell], start: int) -> None:
        drawn = list(path[: start + 1])  # the path as the game should show it, start to head
        for target in path[start + 1 :]:
            self.full = self.report.cells % FULL_EVERY == 0
            before = set(drawn)
            if len(drawn) >= 2 and target == drawn[-2]:  # back over the drawn path: undo the head
                self._step(target, drawn[-1], before, before - {drawn[-1]}, f"undoing cell {len(drawn)}")
                drawn.pop()
            else:
                where = f"at cell {len(drawn) + 1} of {self.total}"
                self._step(target, drawn[-1], before, before | {target}, where)
                drawn.append(target)
            self.report.cells += 1

    def _stop(self, message: str, cause: StopCause, taken: int) -> DragStopped:
        self.touch.up()  # first: the finger must not stay down while we explain
        return DragStopped(message, cause=cause, taken=taken)

    def _reading(self, head: Cell) -> BoardReading:
        """A reading of the cells around the head; of the whole board when one is due (`full`)."""
        began = self.clock()
        reading = self.watch.reading(None if self.full else head)
        self.report.grabs += 1
        self.report.full_grabs += reading.whole
        self.report.grab_seconds += self.clock() - began
        self.full = False
        return reading

    def _sleep(self, seconds: float) -> None:
        began = self.clock()
        self.sleep(seconds)
        self.report.sleep_seconds += self.clock() - began

    def _move(self, point: Point) -> float:
        """Send the finger to `point`; the time it was sent. Not once the game's window has gone."""
        taken = len(self.watch.latest or ())
        self._check_window(taken)
        began = self.clock()
        self._touch(self.touch.move, point, taken)
        self.report.move_seconds += self.clock() - began
        return began

    def _touch(self, send: Callable[[Point], None], point: Point, taken: int) -> None:
        """`send(point)` (the press or a move); a refusal of the touch session (the game's window
        is not on top at `point`) lifts the finger and stops the drag."""
        try:
            send(point)
        except NotOnWindow as refused:
            raise self._stop(str(refused), "off-window", taken) from None

    def _step(self, target: Cell, head: Cell, before: set[Cell], after: set[Cell], where: str) -> None:
        """Send the finger from `head` to `target`; return once the screen shows `after` taken.

        Looks around the head, every `FULL_EVERY` steps and before each re-send at the whole board."""
        kept = before & after  # cells that must stay taken all along
        early = self.stepped + self.pace.least_step - self.clock()
        if early > 0:  # the user's --speed: no faster than that, however fast the game answers
            self._sleep(early)
        sent = self.stepped = self._move(self.to_pointer(target))
        resends = 0
        undos = 0
        # a whole-board grab goes at once: the time until the game can answer is idle anyway
        wait = 0.0 if self.full else self.pace.first_grab
        while True:
            if wait:
                self._sleep(wait)
            seen = self._reading(head)
            if seen.taken == after:
                self._answered(seen.at - sent)
                return
            self._check_board(seen, where, len(kept))
            extra = seen.taken - after - before
            if extra:
                if len(extra) > 2:
                    raise self._stop(
                        f"the board changed under the drag: {len(extra)} cells off the route changed {where}",
                        "changed",
                        len(kept),
                    )
                undos += 1
                self.report.undos += 1
                if undos > UNDOS:
                    raise self._stop(f"the game kept taking cells off the route {where}", "undo", len(kept))
                # drag back onto the cell the game took before the wrong one: that undoes it
                back = target if target in seen.taken else head
                self._move(self.to_pointer(back))
                self._sleep(self.pace.expected)
                sent = self._move(self.to_pointer(target))
                self.full = True  # the next grab checks the whole board again
                wait = self.pace.first_grab
                continue
            missing = kept - seen.taken
            if missing:  # the game lost cells it had shown: it dropped or undid the path
                raise self._stop(
                    f"the game stopped following the drag {where}"
                    f" (it dropped {counted(len(missing), 'drawn cell')})",
                    "dropped",
                    len(seen.taken & kept),
                )
            waited = seen.at - sent
            if waited < self.pace.patience:
                wait = max(self.pace.poll, self.pace.first_grab - waited)
                # the grab before a re-send takes in the whole board
                self.full = waited + wait >= self.pace.patience
                continue
            resends += 1
            if resends > RESENDS:
                raise self._stop(f"the game stopped following the drag {where}", "not-following", len(kept))
            self.report.resends += 1
            x, y = self.to_pointer(target)
            offset = self.jiggle if resends % 2 else -self.jiggle
            sent = self._move(Point(x + offset, y + offset))  # a new position: the system sends a new event
            wait = self.pace.first_grab

    def _answered(self, seconds: float) -> None:
        self.pace.learn(seconds)
        self.report.answers.append(seconds)

    def _check_window(self, taken: int) -> None:
        fault = self.window_fault() if self.window_fault is not None else None
        if fault is not None:
            raise self._stop(fault_line(fault), fault, taken)

    def _check_board(self, seen: BoardReading, where: str, taken: int) -> None:
        self._check_window(taken)
        if seen.board_gone:
            raise self._stop(f"the board vanished from the screen {where}", "vanished", taken)


def watched_drag(
    device: Device,
    region: Rect,
    image_geometry: Geometry,
    pointer_geometry: Geometry,
    path: Sequence[Cell],
    *,
    pace: DragPace | None = None,
    start: int = 0,
    window: int | None = None,
) -> DragReport:
    """`follow_route` on a device (bot/device): grabs of `region`, a touch session inside the board.

    `image_geometry` is the lattice in the pixels of a grab of `region` (what the detector saw);
    `pointer_geometry` the same lattice in pointer units. On a desktop with a window stack the
    window under the board is watched (the button goes up the moment it closes, moves, is
    minimised or covered), is asked before the press (it must be the one window over the whole
    board), and names the cause when the drag stops. `window`: the id of the window the board
    was found in (default: the one at the board's centre now).
    """
    cells = list(dict.fromkeys(path))  # a walk that goes back passes some cells twice
    whole = region.rounded()  # what a grab of `region` covers: whole capture units

    last_grab: list[np.ndarray] = []  # the latest whole-board grab: what the screen showed before the release

    def grab_whole() -> np.ndarray:
        last_grab[:] = [device.grab(region)]
        return last_grab[0]

    def grab_box(box: Box) -> np.ndarray:
        x0, y0, x1, y1 = box
        return device.grab(Rect(whole.left + x0, whole.top + y0, x1 - x0, y1 - y0))

    walked = path[: start + 1]
    board = pointer_geometry.bounds()
    windows = device.windows
    game = GameWindow.under(windows, board, window) if windows is not None else None
    if game is not None:
        fault = game.fault()
        if fault is not None:  # never press on what is not the game
            raise DragStopped(fault_line(fault), cause=fault, taken=len(walked))
    watch = BoardWatch(grab_whole, image_geometry, cells, walked, grab_box=grab_box)
    if watch.shape[:2] != (whole.height, whole.width):  # image pixels are not capture units (HiDPI)
        watch.grab_box = None  # whole-board grabs only: a box would not line up pixel for pixel
    try:
        # the session presses and moves only where the game's window is on top (X11: `WindowGate`)
        session = device.touch(board) if game is None else device.touch(board, game.id)
        with session as touch, ExitStack() as stack:
            window_fault = None
            if game is not None:
                # the X server tells the moment the game's window goes, moves or is covered: the
                # button is released from the watching thread at once, without waiting for a grab
                gone = stack.enter_context(game.stack.watch(game.id, board, touch.release_now)).gone
                window_fault = lambda: game.fault() if gone.is_set() else None  # noqa: E731
            return follow_route(
                touch, watch, path, pointer_geometry.centre, start=start, pace=pace, window_fault=window_fault
            )
    except DragStopped as stopped:
        fault = game.fault() if game is not None and stopped.cause not in FAULTS else None
        if fault is not None:  # the pixels said it first; the window says why
            raise DragStopped(fault_line(fault), cause=fault, taken=stopped.taken) from None
        stopped.seen = last_grab[0] if last_grab else None  # frozen or refused? (bot/play/frozen.py)
        raise


FAULTS: frozenset[str] = frozenset(get_args(Fault))


@dataclass(frozen=True)
class GameWindow:
    """The top-level window that showed the board, as the window stack saw it (pointer units)."""

    stack: WindowStack
    id: int
    box: Rect  # where it was when the drag began
    board: Rect  # the board's lattice bounds

    @classmethod
    def under(cls, stack: WindowStack, board: Rect, window: int | None = None) -> GameWindow | None:
        """`window` (default: the one a person sees at the board's centre); None when the stack
        cannot tell."""
        wid = window if window is not None else stack.window_id_at(board.centre)
        state = stack.state(wid, board) if wid is not None else None
        if wid is None or state is None or state.box is None:
            return None
        return cls(stack, wid, state.box, board)

    def fault(self) -> Fault | None:
        """What happened to the window since the drag began (None: nothing, or cannot tell)."""
        state = self.stack.state(self.id, self.board)
        return None if state is None else window_fault(self.box, state)
