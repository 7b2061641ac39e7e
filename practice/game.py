"""The practice game: a real window that plays like the real one-stroke game and looks like it.

Rules (as in the real game): press on the cat, drag through neighbouring open cells to extend
the route; moving back onto the previous cell undoes one step; releasing early or an illegal
move (a jump to a cell that is not a free neighbour) ends the attempt and leaves the level
unsolved; covering every open cell clears the level, shows the level-complete screen, and its
"Next" button brings the next level of the seeded sequence (`practice/levels.py`).

The rules live in `Attempt` (pure, no window); `PracticeWindow` feeds it the pointer events Tk
delivers and shows `practice.render.render_screen` images. With a log file the game writes
one JSON line per attempt it saw finish, from those pointer events alone:

    {"level": 3, "board": "S . .\\n...", "path": [[0,0],...], "cleared": true, "seconds": 1.42}

Lines with `"cleared": false` (and a `"reason"`) record presses that did not clear the level:
a press beside the cat, an early release, an illegal move. The level stays the same after them.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from onestroke.bot.coords import Geometry
from onestroke.practice.levels import Level, make_level
from onestroke.solver.board import Board, Cell
from onestroke.solver.errors import OnestrokeError

BASE_SIZE = (450, 800)  # window size at --scale 1: a phone screen's proportions, fits 1920x1080


@dataclass
class Attempt:
    """One press-drag-release on a level: the route so far and how it ended."""

    board: Board
    route: list[Cell] = field(default_factory=list)
    active: bool = False
    cleared: bool = False
    reason: str | None = None

    def press(self, cell: Cell | None) -> None:
        """The button went down over `cell`: only a press on the cat starts a route."""
        if cell == self.board.start:
            self.route = [cell]
            self.active = True
        else:
            where = "outside the grid" if cell is None else f"on {list(cell)}"
            self.reason = f"press {where}, not on the cat {list(self.board.start)}"

    def move(self, cell: Cell | None) -> bool:
        """The pointer is over `cell` (None: outside the grid). Returns True when the route changed."""
        if not self.active or cell is None or cell == self.route[-1] or cell not in self.board.open_cells:
            return False
        if len(self.route) >= 2 and cell == self.route[-2]:
            self.route.pop()
            return True
        head = self.route[-1]
        if abs(cell[0] - head[0]) + abs(cell[1] - head[1]) != 1 or cell in self.route:
            self.active = False
            self.reason = f"illegal move from {list(head)} to {list(cell)}"
            return True
        self.route.append(cell)
        if len(self.route) == len(self.board):
            self.active = False
            self.cleared = True
        return True

    def release(self) -> None:
        """The button went up: an unfinished route leaves the level unsolved."""
        if self.active:
            self.active = False
            self.reason = f"released after {len(self.route)} of {len(self.board)} cells"


def cells_along(
    geometry: Geometry, start: tuple[float, float], end: tuple[float, float]
) -> list[Cell | None]:
    """The cells under a straight pointer movement, in order, sampled every quarter pitch.

    Tk merges motion events that queue up while a frame is drawn, as touch screens sample
    the finger; walking the segment between two samples restores the cells passed over.
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


class PracticeError(OnestrokeError):
    """The practice game cannot start: no display, no tkinter, bad option, unwritable log."""


class GameLog:
    """Appends one JSON object per finished attempt and flushes it at once (tests read it live)."""

    def __init__(self, path: Path | None) -> None:
        try:
            self._file: IO[str] | None = open(path, "a", encoding="utf-8") if path else None  # noqa: SIM115
        except OSError as error:
            raise PracticeError(f"cannot write the game log {path}: {error.strerror}") from None

    def write(self, level: Level, attempt: Attempt, seconds: float) -> None:
        if self._file is None:
            return
        record: dict[str, Any] = {
            "level": level.number,
            "board": level.board.to_text(),
            "path": [list(cell) for cell in attempt.route],
            "cleared": attempt.cleared,
            "seconds": round(seconds, 3),
        }
        if attempt.reason:
            record["reason"] = attempt.reason
        self._file.write(json.dumps(record) + "\n")
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


class PracticeWindow:
    """The Tk window: shows rendered screens, turns pointer events into `Attempt` calls."""

    def __init__(
        self,
        *,
        seed: int = 1,
        levels: int | None = None,
        log: Path | None = None,
        position: tuple[int, int] | None = None,
        scale: float = 1.0,
        theme: str = "classic",
        on_ready: Callable[[PracticeWindow], None] | None = None,
    ) -> None:
        import tkinter

        self.seed, self.levels_wanted, self.theme = seed, levels, theme
        self.width, self.height = round(BASE_SIZE[0] * scale), round(BASE_SIZE[1] * scale)
        self.log = GameLog(log)
        self.cleared = 0
        self.root = tkinter.Tk(className="onestroke-practice")
        self.root.title("onestroke practice")
        self.root.resizable(False, False)
        x, y = position or (100, 100)
        self.root.geometry(f"{self.width}x{self.height}+{x}+{y}")
        self.canvas = tkinter.Canvas(
            self.root, width=self.width, height=self.height, highlightthickness=0, borderwidth=0
        )
        self.canvas.pack()
        self._photo: Any = None
        self._redraw_pending = False
        self._pressed_at = time.monotonic()
        self._last_point: tuple[float, float] = (0.0, 0.0)
        self._image_item = self.canvas.create_image(0, 0, anchor="nw")
        self.canvas.bind("<ButtonPress-1>", self._on_press)
        self.canvas.bind("<B1-Motion>", self._on_motion)
        self.canvas.bind("<ButtonRelease-1>", self._on_release)
        self.root.bind("<Escape>", lambda _event: self.close())
        self.root.protocol("WM_DELETE_WINDOW", self.close)
        self._on_ready = on_ready
        self.canvas.bind("<Map>", self._on_map)
        self._keep_signals_alive()
        self._start_level(1)

    # -- levels and drawing --------------------------------------------------------------

    def _start_level(self, number: int) -> None:
        self.level = make_level(self.seed, number)
        self.attempt = Attempt(self.level.board)
        self.complete = False
        self.next_button: tuple[int, int, int, int] | None = None
        self._draw()

    def _redraw_soon(self) -> None:
        """Draw once the pending pointer events are handled: drawing takes milliseconds, and
        pointer events that queue up behind it are merged by Tk (fewer samples of the drag).
        """
        if not self._redraw_pending:
            self._redraw_pending = True
            self.root.after_idle(self._draw)

    def _draw(self) -> None:
        self._redraw_pending = False
        from onestroke.practice.render import render_screen

        shown = render_screen(
            self.level.board,
            width=self.width,
            height=self.height,
            level=self.level.number,
            theme=self.theme,
            cat=self.level.cat,
            route=self.attempt.route if not self.complete else self.level.board.cells,
            complete=self.complete,
        )
        self.geometry = shown.geometry
        self.next_button = shown.next_button
        self._show(shown.image)

    def _show(self, image: Any) -> None:
        import tkinter

        import cv2

        # PPM: Tk reads it without decompressing; encoding is 0.5 ms against PNG's 7 ms at 450x800.
        ok, data = cv2.imencode(".ppm", image)
        if not ok:
            raise PracticeError(f"cannot encode the {image.shape[1]}x{image.shape[0]} game screen for Tk")
        photo = tkinter.PhotoImage(data=data.tobytes(), format="ppm")
        self.canvas.itemconfigure(self._image_item, image=photo)
        self._photo = photo  # Tk keeps no reference of its own

    # -- pointer events ------------------------------------------------------------------

    def _on_press(self, event: Any) -> None:
        if self.complete:
            x0, y0, x1, y1 = self.next_button or (0, 0, -1, -1)
            if x0 <= event.x <= x1 and y0 <= event.y <= y1:
                self._next_level()
            return
        self.attempt = Attempt(self.level.board)
        self._pressed_at = time.monotonic()
        self._last_point = (event.x, event.y)
        self.attempt.press(self.geometry.cell_at(event.x, event.y))
        if self.attempt.active:
            self._redraw_soon()

    def _on_motion(self, event: Any) -> None:
        if self.complete or not self.attempt.active:
            return
        changed = False
        for cell in cells_along(self.geometry, self._last_point, (event.x, event.y)):
            changed |= self.attempt.move(cell)
            if not self.attempt.active:
                break
        self._last_point = (event.x, event.y)
        if self.attempt.cleared:
            self._level_cleared()
        elif changed:
            self._redraw_soon()

    def _on_release(self, event: Any) -> None:
        if self.complete:
            return
        self._on_motion(event)  # where the button went up counts: the finger was there
        if self.complete:
            return
        self.attempt.release()
        if self.attempt.reason:
            self.log.write(self.level, self.attempt, time.monotonic() - self._pressed_at)
            self.attempt = Attempt(self.level.board)
            self._redraw_soon()

    def _level_cleared(self) -> None:
        self.log.write(self.level, self.attempt, time.monotonic() - self._pressed_at)
        self.cleared += 1
        self.complete = True
        self._draw()

    def _next_level(self) -> None:
        if self.levels_wanted is not None and self.cleared >= self.levels_wanted:
            self.close()
            return
        self._start_level(self.level.number + 1)

    # -- the window's life ---------------------------------------------------------------

    def _on_map(self, _event: Any) -> None:
        if self._on_ready is not None:
            self.root.update_idletasks()
            callback, self._on_ready = self._on_ready, None
            callback(self)

    def _keep_signals_alive(self) -> None:
        # Python runs signal handlers (Ctrl-C) only between its own bytecodes; wake up regularly.
        self.root.after(200, self._keep_signals_alive)

    def run(self) -> None:
        try:
            self.root.mainloop()
        finally:
            self.log.close()

    def close(self) -> None:
        self.root.destroy()


def announce_ready(window: PracticeWindow) -> None:
    """Tell a parent process (the demo, the tests) where the window is, on one stdout line."""
    root = window.root
    print(
        json.dumps(
            {
                "ready": True,
                "x": root.winfo_rootx(),
                "y": root.winfo_rooty(),
                "width": window.width,
                "height": window.height,
            }
        ),
        flush=True,
    )


def run_practice(
    *,
    seed: int = 1,
    levels: int | None = None,
    log: Path | None = None,
    position: tuple[int, int] | None = None,
    scale: float = 1.0,
    theme: str = "classic",
) -> int:
    """`onestroke practice`: open the window, play until it is closed or `levels` are cleared."""
    from onestroke.practice.render import THEMES

    if theme not in THEMES:
        raise PracticeError(f"unknown theme {theme!r}; known: {', '.join(THEMES)}")
    try:
        import tkinter
    except ImportError:
        raise PracticeError("tkinter is missing: install it (e.g. apt-get install python3-tk)") from None
    try:
        window = PracticeWindow(
            seed=seed,
            levels=levels,
            log=log,
            position=position,
            scale=scale,
            theme=theme,
            on_ready=announce_ready,
        )
    except tkinter.TclError as error:
        raise PracticeError(f"cannot open the game window: {error}") from None
    window.run()
    return 0


if __name__ == "__main__":
    sys.exit(run_practice())
