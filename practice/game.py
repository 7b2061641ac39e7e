"""The practice game: a real window that plays like the real one-stroke game and looks like it.

The rules live in `practice/rules.py` (headless): by default the strict rules of real clients
(the pointer looked at once per frame, `--fps`; a jump over a cell ends the attempt; stalls now
and then with `--stalls`; `--on-release keep|clear`), or the forgiving ones of before
(`--rules forgiving`). After the last cell the level-complete screen shows; only its round go-on
control goes on, to a short ranking screen and then the next level of the seeded sequence
(`practice/levels.py`). `PracticeWindow` is only the host: it feeds the pointer events Tk
delivers to a `PracticeGame`, runs its frames on a timer and shows `practice.view` images.

With a log file the game writes one JSON line per attempt it saw finish, from those pointer
events alone, and one per stray press (spec/formats.md, the game log):

    {"level": 3, "board": "S . .\\n...", "path": [[0,0],...], "cleared": true, "seconds": 1.4,
     "rules": "strict"}
    {"stray": "share", "screen": "complete", "level": 3, "x": 98, "y": 412}

Lines with `"cleared": false` (and a `"reason"`) record presses that did not clear the level:
a press beside the cat, an early release, an illegal move. The level stays the same after them.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import cv2

from onestroke.practice.looks import look_from_seed
from onestroke.practice.panels import Language
from onestroke.practice.render import THEMES
from onestroke.practice.rules import FrameClock, PracticeGame, Rules
from onestroke.practice.view import GameView
from onestroke.solver.errors import OnestrokeError

BASE_SIZE = (450, 800)  # window size at --scale 1: a phone screen's proportions, fits 1920x1080
FRAME_TIMES = "ONESTROKE_FRAME_TIMES"  # a file: each frame's start, and for a redraw when Tk drew it


class PracticeError(OnestrokeError):
    """The practice game cannot start: no display, no tkinter, bad option, unwritable log."""


class GameLog:
    """Appends one JSON object per record and flushes it at once (tests read it live).

    A write that fails (a full disk, /dev/full) is kept in `failure` instead of raised: it
    happens inside a Tk callback, where an exception is printed as a traceback and ignored. The
    window closes on it and `run` raises it, so the command says it in one line (exit 2).
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.failure: PracticeError | None = None
        self.game = os.getpid()  # in every record: games sharing one log tell their lines apart
        try:
            self._file: IO[str] | None = open(path, "a", encoding="utf-8") if path else None  # noqa: SIM115
        except OSError as error:
            raise PracticeError(f"cannot write the game log {path}: {error.strerror}") from None

    def write(self, record: dict[str, Any]) -> None:
        if self._file is None or self.failure is not None:
            return
        try:
            self._file.write(json.dumps({**record, "game": self.game}) + "\n")
            self._file.flush()
        except OSError as error:
            self.failure = PracticeError(f"cannot write the game log {self.path}: {error.strerror or error}")

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


@dataclass(frozen=True)
class GameOptions:
    """How a practice game is set up, whoever hosts it (`onestroke practice` and its `--web`):
    the level sequence (`seed`, `levels`), the log, the size (`scale` times `BASE_SIZE`), the
    look (`theme`, or `look`: a random look's seed, practice/looks.py), the rules, and other
    apps' complete screens (`panel`: their language, `banner`: the sliding strip); `start_screen`:
    a start-up screen with a start button before the first level; `solved_stays`: no complete
    screen, the solved board stays with the app's next button (in that language) under it."""

    seed: int = 1
    levels: int | None = None
    log: Path | None = None
    scale: float = 1.0
    theme: str = "classic"
    rules: Rules | None = None
    look: int | None = None
    panel: Language | None = None
    banner: bool = False
    start_screen: bool = False
    solved_stays: Language | None = None


DEFAULT_GAME = GameOptions()


class GameHost:
    """What every host of the practice game keeps (the Tk window, the web page's server): the
    rules, the game, its screens drawn at the host's size (`BASE_SIZE` times `scale`), the log."""

    def __init__(self, options: GameOptions = DEFAULT_GAME) -> None:
        self.width, self.height = round(BASE_SIZE[0] * options.scale), round(BASE_SIZE[1] * options.scale)
        self.rules = options.rules or Rules()
        look = look_from_seed(options.look) if options.look is not None else None  # a random look
        # `--panel LANGUAGE`: other apps' complete screens (practice/panels.py); `--banner` the strip
        self.view = GameView(
            self.width,
            self.height,
            options.theme,
            real_screens=self.rules.strict,
            look=look,
            panel=options.panel,
            banner=options.banner,
            stay=options.solved_stays,
        )
        self.game = PracticeGame(
            self.view,
            seed=options.seed,
            rules=self.rules,
            levels=options.levels,
            decoys=self.view.decoys,
            start_screen=options.start_screen,
            ranking_seconds=0.0 if options.solved_stays else None,  # the next level at once
        )
        self.log = GameLog(options.log)

    def play_frame(self, now: float) -> bool:
        """The game's frame at `now`, what it ended written to the log; True when the screen changed."""
        changed = self.game.frame(now)
        changed = self.view.moving(self.game.time) or changed  # the banner moves on its own
        for record in self.game.take_records():
            self.log.write(record)
        return changed


class PracticeWindow(GameHost):
    """The Tk window: shows the game's screens, passes pointer events on, runs the frames."""

    def __init__(
        self,
        options: GameOptions = DEFAULT_GAME,
        *,
        position: tuple[int, int] | None = None,
        on_ready: Callable[[PracticeWindow], None] | None = None,
    ) -> None:
        import tkinter  # lazy: see run_practice

        super().__init__(options)
        self.clock = FrameClock(self.rules, options.seed)
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
        self._image_item = self.canvas.create_image(0, 0, anchor="nw")
        self.canvas.bind("<ButtonPress-1>", lambda e: self.game.press(time.monotonic(), e.x, e.y))
        self.canvas.bind("<B1-Motion>", lambda e: self.game.move(time.monotonic(), e.x, e.y))
        self.canvas.bind("<ButtonRelease-1>", lambda e: self.game.release(time.monotonic(), e.x, e.y))
        self.root.bind("<Escape>", lambda _event: self.close())
        self.root.protocol("WM_DELETE_WINDOW", self.close)
        # Tk prints an exception raised in a callback and goes on; a Ctrl-C that lands in a frame
        # would then leave a window that no longer plays (its next frame was never queued): a
        # window that looks like the game and never answers. It ends the game instead (`run`).
        self._callback_failure: BaseException | None = None
        self.root.report_callback_exception = self._callback_failed  # type: ignore[method-assign]
        self._on_ready = on_ready
        self.canvas.bind("<Map>", self._on_map)
        self._keep_signals_alive()
        self._due = time.monotonic()
        # benchmarks/closed_loop_bench.py: how long a redraw takes, from the frame's start until Tk
        # has sent the pixels (its canvas redraws in an idle handler queued before ours)
        times = os.environ.get(FRAME_TIMES)
        self._frame_times: IO[str] | None = open(times, "a", 1, "utf-8") if times else None  # noqa: SIM115
        self._frame()

    # -- frames ----------------------------------------------------------------------------

    def _frame(self) -> None:
        """One frame: the game looks at the pointer, the log gets what ended, the screen is redrawn."""
        began = time.monotonic()
        changed = self.play_frame(began)
        if self.game.done or self.log.failure is not None:
            self.close()
            return
        if changed:
            self._show(self.view.draw(self.game))
            if self._frame_times is not None:
                file = self._frame_times
                self.root.after_idle(lambda: file.write(f"{began:.6f} {time.monotonic():.6f}\n"))
        elif self._frame_times is not None:
            self._frame_times.write(f"{began:.6f}\n")
        now = time.monotonic()
        # the next frame on the clock's beat; after a slow frame (a busy machine) from now on
        self._due = max(self.clock.following(self._due), now)
        self.root.after(max(1, round((self._due - now) * 1000)), self._frame)

    def _show(self, image: Any) -> None:
        import tkinter  # lazy: see run_practice

        # PPM: Tk reads it without decompressing; encoding is 0.5 ms against PNG's 7 ms at 450x800.
        ok, data = cv2.imencode(".ppm", image)
        if not ok:
            raise PracticeError(f"cannot encode the {image.shape[1]}x{image.shape[0]} game screen for Tk")
        photo = tkinter.PhotoImage(data=data.tobytes(), format="ppm")
        self.canvas.itemconfigure(self._image_item, image=photo)
        self._photo = photo  # Tk keeps no reference of its own

    # -- the window's life ---------------------------------------------------------------

    def _on_map(self, _event: Any) -> None:
        if self._on_ready is not None:
            self.root.update_idletasks()
            callback, self._on_ready = self._on_ready, None
            callback(self)

    def _keep_signals_alive(self) -> None:
        # Python runs signal handlers (Ctrl-C) only between its own bytecodes; wake up regularly.
        self.root.after(200, self._keep_signals_alive)

    def _callback_failed(self, _kind: type[BaseException], error: BaseException, _trace: Any) -> None:
        if self._callback_failure is None:
            self._callback_failure = error
        self.root.quit()

    def run(self) -> None:
        try:
            self.root.mainloop()
            if self._callback_failure is not None:
                raise self._callback_failure
        finally:
            with contextlib.suppress(OSError):  # the rest of a log that cannot be written: said below
                self.log.close()
            if self._frame_times is not None:
                self._frame_times.close()
            with contextlib.suppress(Exception):  # already gone when closed by the player
                self.root.destroy()
        if self.log.failure is not None:
            raise self.log.failure

    def close(self) -> None:
        self.root.destroy()


def announce_ready(window: PracticeWindow) -> None:
    """Say where the window is: a sentence to a person on a terminal; to a parent process (the
    demo, the tests: stdout is a pipe) one JSON line."""
    root = window.root
    ready = {"ready": True, "x": root.winfo_rootx(), "y": root.winfo_rooty()}
    say_ready(ready | {"width": window.width, "height": window.height})


def say_ready(ready: dict[str, object]) -> None:
    """The practice game's ready line (the Tk window's and the web page's alike)."""
    if sys.stdout.isatty():
        where = f" at {ready['url']}" if "url" in ready else ""
        print(
            f"practice: the game is open{where}, its window at {ready['x']},{ready['y']}"
            f" ({ready['width']}x{ready['height']}); clear the levels yourself, or let `onestroke play`"
            " clear them; close the window to stop",
            flush=True,
        )
    else:
        print(json.dumps(ready), flush=True)


def run_practice(options: GameOptions = DEFAULT_GAME, position: tuple[int, int] | None = None) -> int:
    """`onestroke practice`: open the window, play until it is closed or `levels` are cleared;
    `look` draws it in that seed's random look (practice/looks.py) instead of `theme`; `panel`
    ends each level with another app's panel in that language, `banner` adds the sliding strip."""
    if options.theme not in THEMES:
        raise PracticeError(f"unknown theme {options.theme!r}; known: {', '.join(THEMES)}")
    try:
        import tkinter  # lazy: python3-tk is a system package that may be missing (one-line error below)
    except ImportError:
        raise PracticeError("tkinter is missing: install it (e.g. apt-get install python3-tk)") from None
    try:
        window = PracticeWindow(options, position=position, on_ready=announce_ready)
    except tkinter.TclError as error:
        raise PracticeError(f"cannot open the game window: {error}") from None
    window.run()
    return 0


if __name__ == "__main__":
    sys.exit(run_practice())
