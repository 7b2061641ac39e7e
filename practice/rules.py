"""The practice game's rules, headless: levels played from timed pointer samples.

A host (the Tk window, the web page's server, a fake phone, a test) feeds the pointer as it
happens — `press`, `move`, `release`, each with a timestamp and a point in screen pixels — and
calls `frame(t)` whenever the game draws a frame. Nothing here opens a window or reads a clock:
the same rules run in real time under Tk and in simulated time in the tests.

The strict rules (the default) behave the way real clients do:

- the game looks at the pointer once per frame: all moves since the last frame merge into the
  latest one (a browser coalesces pointer events per frame; a touch screen samples the finger);
  a press or a release first flushes the move pending before it, as browsers do;
- a frame can come late (`FrameClock` with stalls): the pointer is simply not looked at meanwhile;
- the sampled cell must be the head's neighbour: a jump over one or more cells, or a step onto a
  walked cell other than the previous one, is an illegal move that ends the attempt (no filling in);
- stepping back onto the previous cell undoes one step;
- `on_release="clear"`: a release or an illegal move wipes the drawn path (the cat goes back to
  the start); `"keep"`: the path stays on the board, and pressing on the cat (the path's head)
  again goes on from there;
- the level is cleared when every open cell is walked (ending on the goal when the board has one).

The forgiving rules (`Rules(strict=False)`, the practice game of before) look at every move event
as it comes and walk the straight segment between two samples, so skipped cells are filled in.

Around the levels, `PracticeGame` runs the screens as the real game does: the level, then (a
moment after the last cell) the level-complete screen, where only the go-on control goes on;
then a short ranking screen; then the next level. Every press on anything but the go-on control
of the complete screen or the ranking screen is a stray press. A game may give some of the
complete screen's other controls an effect (`decoys`, the panel screens of other apps,
practice/panels.py): "replay" starts the level again, "dialog" opens a sheet over the board
(the `dialog` screen) that only its "close" control closes; the press is logged as stray all the
same. What happened is kept as log records (spec/formats.md, the game log), one JSON-ready dict each:

    {"level": 3, "board": "S . .\\n...", "path": [[0,0],...], "cleared": false, "seconds": 0.8,
     "reason": "illegal move: jumped from [0, 1] to [0, 3]", "rules": "strict", "kept": 0}
    {"stray": "share", "screen": "complete", "level": 3, "x": 98, "y": 412}
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from onestroke.coords import Geometry
from onestroke.practice.levels import Level, make_level
from onestroke.solver.board import Board, Cell, steps_for

Point = tuple[float, float]
ReleaseMode = Literal["keep", "clear"]
RELEASE_MODES: tuple[ReleaseMode, ...] = ("keep", "clear")
SCREENS = ("start", "level", "complete", "ranking", "done", "dialog")
FPS_RANGE = (1.0, 240.0)
STALL_SECONDS = (0.0, 0.4)  # how late a stalled frame comes
STALL_EVERY = 1.5  # seconds between stalls, on average
COMPLETE_AFTER = 0.3  # seconds the fully walked board stays before the complete screen
RANKING_SECONDS = 0.8  # how long the ranking screen shows before the next level
GO_ON = "go_on"
CLOSE = "close"  # the dialog's own way out
START = "start"  # the start-up screen's start button (practice/start_screen.py)
DecoyEffect = Literal["replay", "dialog"]


@dataclass(frozen=True)
class Rules:
    """How the game reads the pointer: strict (per frame, no filling in) or forgiving."""

    strict: bool = True
    on_release: ReleaseMode = "clear"
    fps: float = 30.0
    stalls: bool = False

    def __post_init__(self) -> None:
        if self.on_release not in RELEASE_MODES:
            raise ValueError(f"on_release must be keep or clear, not {self.on_release!r}")
        low, high = FPS_RANGE
        if not low <= self.fps <= high:  # also refuses NaN
            raise ValueError(f"fps must be {low:g} to {high:g}, not {self.fps!r}")

    @property
    def name(self) -> str:
        return "strict" if self.strict else "forgiving"


@dataclass(frozen=True)
class Attempt:
    """One press on a level and how it ended (a line of the game log)."""

    level: int
    board: Board
    path: tuple[Cell, ...]
    cleared: bool
    seconds: float
    reason: str | None
    rules: str
    kept: int = 0  # cells already drawn when the press began (keep mode)

    def record(self) -> dict[str, Any]:
        line: dict[str, Any] = {
            "level": self.level,
            "board": self.board.to_text(),
            "path": [list(cell) for cell in self.path],
            "cleared": self.cleared,
            "seconds": round(self.seconds, 3),
        }
        if self.reason:
            line["reason"] = self.reason
        line["rules"] = self.rules
        if self.kept:
            line["kept"] = self.kept
        return line


@dataclass(frozen=True)
class Stray:
    """A press on something other than the go-on control (a share, ranking, hint... button)."""

    control: str
    screen: str
    level: int
    point: Point

    def record(self) -> dict[str, Any]:
        x, y = self.point
        return {
            "stray": self.control,
            "screen": self.screen,
            "level": self.level,
            "x": round(x),
            "y": round(y),
        }


def cells_along(geometry: Geometry, start: Point, end: Point) -> list[Cell | None]:
    """The cells under a straight pointer movement, in order, sampled every quarter pitch.

    Only the forgiving rules use this: they fill in the cells between two samples.
    """
    (x0, y0), (x1, y1) = start, end
    step = min(geometry.pitch) / 4
    count = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
    cells: list[Cell | None] = []
    for k in range(1, count + 1):
        t = k / count
        cell = geometry.cell_at(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
        if not cells or cells[-1] != cell:
            cells.append(cell)
    return cells


class LevelPlay:
    """The rules of one level: a press, pointer samples, a release. No screens, no frames.

    `route` is the drawn path from the start ([] when nothing is drawn); it survives a release
    in keep mode. Each method returns the `Attempt` that ended with it, else None.
    """

    def __init__(self, level: Level, geometry: Geometry, rules: Rules) -> None:
        self.level, self.board, self.geometry, self.rules = level, level.board, geometry, rules
        self.route: list[Cell] = []
        self.dragging = False
        self.cleared = False
        self._pressed_at = 0.0
        self._kept = 0
        self._last_point: Point = (0.0, 0.0)
        self._steps = steps_for(self.board.moves)

    @property
    def head(self) -> Cell:
        """Where the cat sits: the path's last cell, or the start."""
        return self.route[-1] if self.route else self.board.start

    def press(self, t: float, point: Point) -> Attempt | None:
        if self.cleared:
            return None
        cell = self.geometry.cell_at(*point)
        if cell != self.head:
            where = "outside the grid" if cell is None else f"on {list(cell)}"
            return self._attempt(t, f"press {where}, not on the cat {list(self.head)}", pressed_at=t)
        self._pressed_at, self._kept = t, max(0, len(self.route) - 1)
        self.route = self.route or [cell]
        self.dragging = True
        self._last_point = point
        return None

    def sample(self, t: float, point: Point) -> Attempt | None:
        """The game looks at the pointer (button down). Strict: one cell; forgiving: the segment."""
        if not self.dragging:
            return None
        cells = [self.geometry.cell_at(*point)]
        if not self.rules.strict:
            cells = cells_along(self.geometry, self._last_point, point)
        self._last_point = point
        for cell in cells:
            ended = self._step(t, cell)
            if ended is not None or not self.dragging:
                return ended
        return None

    def release(self, t: float) -> Attempt | None:
        if not self.dragging:
            return None
        return self._end(t, f"released after {len(self.route)} of {len(self.board)} cells")

    def _step(self, t: float, cell: Cell | None) -> Attempt | None:
        if cell is None or cell not in self.board.open_cells or cell == self.head:
            return None  # over a hole, a gap or outside the grid: the game ignores it
        if len(self.route) >= 2 and cell == self.route[-2]:
            self.route.pop()
            return None
        head = self.head
        if (cell[0] - head[0], cell[1] - head[1]) not in self._steps:
            return self._end(t, f"illegal move: jumped from {list(head)} to {list(cell)}")
        if cell in self.route:
            return self._end(t, f"illegal move: from {list(head)} onto the walked cell {list(cell)}")
        self.route.append(cell)
        if len(self.route) < len(self.board):
            return None
        if self.board.end is not None and cell != self.board.end:
            return self._end(t, f"every cell walked, but the path ends at {list(cell)}, not at the goal")
        self.dragging, self.cleared = False, True
        return self._attempt(t, None)

    def _end(self, t: float, reason: str) -> Attempt:
        self.dragging = False
        attempt = self._attempt(t, reason)
        if self.rules.on_release == "clear":
            self.route = []
        return attempt

    def _attempt(self, t: float, reason: str | None, pressed_at: float | None = None) -> Attempt:
        began = self._pressed_at if pressed_at is None else pressed_at
        kept = self._kept if pressed_at is None else 0
        return Attempt(
            self.level.number,
            self.board,
            tuple(self.route),
            reason is None,
            max(0.0, t - began),
            reason,
            self.rules.name,
            kept,
        )


class Layout(Protocol):
    """Where things are drawn: the grid of a board, and the controls of each screen.

    Controls are name -> rectangle with `left`, `top`, `width`, `height` (window pixels); the
    complete screen's go-on control is named `go_on`.
    """

    def geometry(self, board: Board) -> Geometry: ...

    def controls(self, screen: str) -> Mapping[str, Any]: ...


def control_at(controls: Mapping[str, Any], point: Point) -> str | None:
    """The name of the control under `point`, None when there is none.

    A box is a rectangle with `left`, `top`, `width`, `height` or such a tuple.
    """
    x, y = point
    for name, box in controls.items():
        left, top, width, height = (
            box if isinstance(box, tuple) else (box.left, box.top, box.width, box.height)
        )
        if left <= x < left + width and top <= y < top + height:
            return name
    return None


@dataclass
class FrameClock:
    """When the game draws its frames: every 1/fps seconds, and with stalls now and then late.

    `following(t)` is the time of the frame after one drawn at `t`. Seeded, so a simulated
    run repeats exactly.
    """

    rules: Rules
    seed: int = 0
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"onestroke-frames:{self.seed}")

    def following(self, t: float) -> float:
        period = 1.0 / self.rules.fps
        if self.rules.stalls and self.rng.random() < period / STALL_EVERY:
            return t + period + self.rng.uniform(*STALL_SECONDS)
        return t + period


@dataclass(frozen=True)
class _Input:
    kind: Literal["press", "move", "release"]
    t: float
    point: Point


class PracticeGame:
    """The practice game without a window: levels, screens, the pointer as the game sees it.

    Hosts call `press`/`move`/`release` as the pointer does things and `frame(t)` on each frame
    (strict rules look at the pointer only then; forgiving ones at once). `screen` says what is
    shown, `play.route` what is drawn; `take_records()` hands over the new log records.
    """

    def __init__(
        self,
        layout: Layout,
        *,
        seed: int = 1,
        rules: Rules | None = None,
        levels: int | None = None,
        first_level: int = 1,
        complete_after: float | None = None,
        ranking_seconds: float | None = None,
        level_for: Callable[[int], Level] | None = None,
        decoys: Mapping[str, DecoyEffect] | None = None,
        start_screen: bool = False,
    ) -> None:
        self.layout, self.seed, self.rules = layout, seed, rules or Rules()
        self._level_for = level_for or (lambda number: make_level(seed, number))
        self.levels_wanted = levels
        # the forgiving game is the game of before: no pause before the complete screen, no ranking
        strict = self.rules.strict
        self.complete_after = (
            (COMPLETE_AFTER if strict else 0.0) if complete_after is None else complete_after
        )
        self.ranking_seconds = (
            (RANKING_SECONDS if strict else 0.0) if ranking_seconds is None else ranking_seconds
        )
        self.cleared = 0
        self.records: list[dict[str, Any]] = []
        self._queue: list[_Input] = []
        self._button_down = False
        self.decoys = dict(decoys or {})
        self.dialog: str | None = None  # the decoy whose dialog is open
        self.time = 0.0  # the latest frame's time: what moves on its own (a banner) is drawn for it
        self._pressed: str | None = None  # the control pressed on a screen between levels
        self._screen_until = 0.0
        self.changed = True
        self._start_level(first_level)
        if start_screen:  # a start-up screen first: its start button shows the first level
            self.screen = "start"

    # -- what is shown -------------------------------------------------------------------

    def _start_level(self, number: int) -> None:
        self.level = self._level_for(number)
        self.geometry = self.layout.geometry(self.level.board)
        self.play = LevelPlay(self.level, self.geometry, self.rules)
        self.screen = "level"
        self.changed = True

    def take_records(self) -> list[dict[str, Any]]:
        records, self.records = self.records, []
        return records

    @property
    def done(self) -> bool:
        """The wanted number of levels was cleared and the last one's go-on pressed."""
        return self.screen == "done"

    # -- input ---------------------------------------------------------------------------

    def press(self, t: float, x: float, y: float) -> None:
        self._input(_Input("press", t, (x, y)))

    def move(self, t: float, x: float, y: float) -> None:
        self._input(_Input("move", t, (x, y)))

    def release(self, t: float, x: float, y: float) -> None:
        self._input(_Input("release", t, (x, y)))

    def _input(self, event: _Input) -> None:
        if self.rules.strict:
            self._queue.append(event)
        else:
            self._handle(event)

    def frame(self, t: float) -> bool:
        """One frame at time `t`: look at the pointer input that came by then, move the screens on.

        Returns True when what is shown changed (the host redraws).
        """
        count = next((i for i, event in enumerate(self._queue) if event.t > t), len(self._queue))
        due, self._queue = self._queue[:count], self._queue[count:]
        self.time = t
        for i, event in enumerate(due):
            # moves merge into the latest one before the next press, release or the frame itself
            if event.kind == "move" and i + 1 < len(due) and due[i + 1].kind == "move":
                continue
            self._handle(event)
        self._advance(t)
        changed, self.changed = self.changed, False
        return changed

    def _handle(self, event: _Input) -> None:
        if event.kind == "press":
            self._button_down = True
            self._on_press(event.t, event.point)
        elif event.kind == "move":
            if self._button_down and self.screen == "level":
                self._note(self.play.sample(event.t, event.point), event.t)
        else:
            self._button_down = False
            self._on_release(event.t, event.point)

    def _on_press(self, t: float, point: Point) -> None:
        if self.screen == "level":
            name = control_at(self.layout.controls("level"), point)
            if name is not None and self.geometry.cell_at(*point) is None:
                self.records.append(Stray(name, "level", self.level.number, point).record())
                return
            self._note(self.play.press(t, point), t)
            return
        name = control_at(self.layout.controls(self.screen), point)
        self._pressed = name
        going_on = self.screen == "complete" and name == GO_ON
        closing = self.screen == "dialog" and name == CLOSE
        starting = self.screen == "start" and name == START
        if not (going_on or closing or starting):
            self.records.append(Stray(name or "background", self.screen, self.level.number, point).record())

    def _on_release(self, t: float, point: Point) -> None:
        if self.screen == "level":
            self._note(self.play.release(t), t)
            return
        # a button goes on when it is let go over it, as real buttons do
        over = control_at(self.layout.controls(self.screen), point)
        pressed, self._pressed = self._pressed, None
        if over is None or over != pressed:
            return
        if self.screen == "complete" and over == GO_ON:
            self._leave_complete(t)
        elif self.screen == "complete" and over in self.decoys:
            self._decoy(over)
        elif self.screen == "dialog" and over == CLOSE:
            self.screen, self.dialog, self.changed = "complete", None, True
        elif self.screen == "start" and over == START:
            self.screen, self.changed = "level", True

    def _decoy(self, name: str) -> None:
        """What the app does on a press of its decoy `name` (already logged as a stray press)."""
        if self.decoys[name] == "replay":
            self.cleared -= 1  # the level is played again: it counts once
            self._start_level(self.level.number)
        else:
            self.screen, self.dialog, self.changed = "dialog", name, True

    def _note(self, attempt: Attempt | None, t: float) -> None:
        self.changed = True
        if attempt is None:
            return
        self.records.append(attempt.record())
        if attempt.cleared:
            self.cleared += 1
            self._screen_until = t + self.complete_after

    # -- screens over time -----------------------------------------------------------------

    def _advance(self, t: float) -> None:
        if self.screen == "level" and self.play.cleared and t >= self._screen_until:
            self.screen, self.changed = "complete", True
        elif self.screen == "ranking" and t >= self._screen_until:
            self._start_level(self.level.number + 1)

    def _leave_complete(self, t: float) -> None:
        self.changed = True
        if self.levels_wanted is not None and self.cleared >= self.levels_wanted:
            self.screen = "done"
            return
        self.screen = "ranking"
        self._screen_until = t + self.ranking_seconds
