"""What a desktop does to a game window while the bot plays, done to the practice game on purpose.

Each fault is what a person or the desktop would do: xdotool moves, unmaps (minimises) and maps
the window as a window manager would; a cover is a window of the test's own on top
(`CoverWindow`, started hidden beforehand so it appears within milliseconds where the drag is
now, where `Windows.cover` starts a Tk program per cover, a second or more under load); a kill
ends the program that owns the window; a restart opens the practice game again at another scale
and place. The moments are read from the press monitor (inside a
drag: the button went down and N held-button motions followed) or from the game's log (between
levels: a cleared record appeared). Nothing here uses the bot's code.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from harness import Game, Windows
from monitor import Box, Event, PressMonitor, WindowEvent

from onestroke.practice.process import stop_game

Target = Literal["tk", "web"]
HEAD_SIZE = 150  # the side of the square cover over the drag's head, pixels (issue 20's table)


@dataclass
class Played:
    """A practice game under test and its top-level X window (the press monitor's id)."""

    game: Game
    window: int
    web: bool

    @property
    def box(self) -> Box:
        return Box(self.game.x, self.game.y, self.game.width, self.game.height)


def window_of(monitor: PressMonitor, game: Game, timeout: float = 10.0) -> int:
    """The top-level window the game shows in (the one under its centre), as the monitor sees it."""
    centre = game.x + game.width // 2, game.y + game.height // 2
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        window = monitor.window_at(*centre)
        if window is not None:
            return window
        time.sleep(0.05)
    raise AssertionError(f"no window under the game's centre {centre}")


def start(windows: Windows, monitor: PressMonitor, target: Target, **options: object) -> Played:
    game = windows.game(web=target == "web", **options)  # type: ignore[arg-type]
    return Played(game, window_of(monitor, game), target == "web")


def xdotool(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, capture_output=True, timeout=10)


def move(played: Played, x: int, y: int) -> None:
    """Move the game's window so its top-left corner is at (x, y) (a person dragging its title bar)."""
    xdotool("windowmove", str(played.window), str(x), str(y))
    played.game.x, played.game.y = x, y


def unmap(played: Played) -> None:
    """Minimise the game's window (no window manager here: unmapped, as a minimised window is)."""
    xdotool("windowunmap", str(played.window))


def remap(played: Played) -> None:
    xdotool("windowmap", str(played.window))


def window_pid(window: int) -> int:
    """The process that owns an X window (its _NET_WM_PID, which Tk and Chromium both set)."""
    found = subprocess.run(
        ["xdotool", "getwindowpid", str(window)], capture_output=True, text=True, check=True, timeout=10
    )
    return int(found.stdout)


def kill(played: Played) -> float:
    """Kill the program that shows the game (the Tk game; for the web game the browser, as when
    Chromium crashes); returns time.monotonic() of the kill."""
    pid = played.game.process.pid if not played.web else window_pid(played.window)
    os.kill(pid, signal.SIGKILL)
    return time.monotonic()


def game_processes(played: Played) -> list[int]:
    """The processes that run the game: the Tk game's; for the web game the browser's and every
    process under it (its renderer draws the page)."""
    top = played.game.process.pid if not played.web else window_pid(played.window)
    found = [top]
    for pid in found:  # breadth first: children are appended while we walk
        children = Path(f"/proc/{pid}/task/{pid}/children")
        if children.exists():
            found += [int(child) for child in children.read_text().split()]
    return found


def freeze(played: Played) -> list[int]:
    """Stop the game's processes (SIGSTOP: the game stays on the screen and answers nothing, as a
    paused or hung game); returns them, for `thaw`."""
    stopped = game_processes(played)
    for pid in stopped:
        os.kill(pid, signal.SIGSTOP)
    return stopped


def thaw(stopped: list[int]) -> None:
    for pid in stopped:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGCONT)


def restart(
    windows: Windows, monitor: PressMonitor, played: Played, scale: float, at: tuple[int, int]
) -> Played:
    """The game closed and opened again at `scale`, its window's top-left at `at` (a new log)."""
    stop_game(played.game.process)
    game = windows.game(seed=played.game.seed, position=at, scale=scale, web=played.web)
    return Played(game, window_of(monitor, game), played.web)


COVER = """
import queue, sys, threading, tkinter
root = tkinter.Tk()
root.withdraw()
root.configure(background="#3060a0")
log = open(sys.argv[1], "a")
root.bind("<ButtonPress>", lambda e: (log.write(f"press {e.x_root} {e.y_root}\\n"), log.flush()))
orders = queue.Queue()
threading.Thread(target=lambda: [orders.put(line.split()) for line in sys.stdin], daemon=True).start()
def obey():
    while not orders.empty():
        order = orders.get()
        if order[0] == "show":
            root.geometry("{}x{}+{}+{}".format(*order[3:5], *order[1:3]))
            root.deiconify()
            root.lift()
        else:
            root.withdraw()
    root.after(2, obey)
print("ready", flush=True)
obey()
root.mainloop()
"""


class CoverWindow:
    """A plain window of the test's own, started hidden so that showing it over a point takes
    milliseconds, not a Tk start-up: the cover lands where the drag's head is *now*. Each press
    it gets is logged in `presses` (none may come: a press on a cover is a stray)."""

    def __init__(self, windows: Windows) -> None:
        self.presses = windows.folder / f"cover-{len(windows.processes)}.log"
        self.presses.touch()
        self.process = subprocess.Popen(
            [sys.executable, "-c", COVER, str(self.presses)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        windows.processes.append(self.process)
        assert self.process.stdin is not None and self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], 30)
        assert ready and self.process.stdout.readline().strip() == "ready", (
            "the cover's program did not start"
        )
        self.window: int | None = None  # its top-level X window, known once it was first shown

    def show(self, box: Box) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"show {box.x} {box.y} {box.width} {box.height}\n")
        self.process.stdin.flush()

    def hide(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("hide\n")
        self.process.stdin.flush()

    def shown(self, monitor: PressMonitor, box: Box, after: int, timeout: float = 5.0) -> WindowEvent:
        """The monitor's record of this cover being mapped over `box` (after stream index `after`).

        Tk makes the window's outer frame only when it is first shown, so the window is known by
        where it is mapped: the one mapped at `box` (this one, the first time; then by its id)."""

        def is_this_cover(event: Event) -> bool:
            if not isinstance(event, WindowEvent) or event.kind != "map":
                return False
            return event.window == self.window if self.window else monitor.box_of(event.window) == box

        mapped = monitor.wait_for(is_this_cover, timeout, after)
        assert isinstance(mapped, WindowEvent), f"no cover window was mapped over {box} within {timeout:g} s"
        self.window = mapped.window
        return mapped

    def pressed(self) -> list[str]:
        return self.presses.read_text().splitlines()


def head_square(x: int, y: int, size: int = HEAD_SIZE) -> Box:
    """A `size` square centred on the drag's head (the pointer)."""
    return Box(x - size // 2, y - size // 2, size, size)


def cleared(game: Game) -> int:
    return sum(1 for record in game.records() if record.get("cleared"))


def wait_cleared(game: Game, count: int, timeout: float) -> bool:
    """True once the game's log holds `count` cleared records (between levels: the next is not drawn yet)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cleared(game) >= count:
            return True
        time.sleep(0.02)
    return False
