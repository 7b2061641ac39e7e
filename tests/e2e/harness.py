"""Helpers of the end-to-end tests: start practice games and cover windows, run the bot, ask X.

Imported by conftest.py (fixtures) and by the tests (types and helpers).
"""

from __future__ import annotations

import json
import os
import random
import select
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from onestroke.practice.game import BASE_SIZE
from onestroke.practice.process import start_game, stop_game
from onestroke.practice.rules import Rules

ROOT = Path(__file__).resolve().parents[2]
GAME_SIZE = BASE_SIZE  # the practice window at --scale 1


@dataclass
class Game:
    """A running practice game: its process, window rectangle and the log it writes."""

    process: subprocess.Popen[str]
    log: Path
    x: int
    y: int
    width: int
    height: int
    seed: int

    def records(self) -> list[dict[str, Any]]:
        if not self.log.exists():
            return []
        return [json.loads(line) for line in self.log.read_text().splitlines() if line.strip()]

    def wait_for_records(self, count: int, timeout: float = 10.0) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.records()
            if len(found) >= count:
                return found
            time.sleep(0.05)
        return self.records()


@dataclass
class Windows:
    """Starts practice games and cover windows; stops them all at the end of the test."""

    folder: Path
    processes: list[subprocess.Popen[Any]] = field(default_factory=list)

    def game(
        self,
        *,
        seed: int = 1,
        position: tuple[int, int] | None = None,
        levels: int | None = None,
        rules: Rules | None = None,
        web: bool = False,
        panel: str | None = None,
        banner: bool = False,
        scale: float = 1.0,
        start_screen: bool = False,
        solved_stays: str | None = None,
        look: int | None = None,
    ) -> Game:
        rng = random.Random()
        if position is None:  # anywhere the whole window fits on the 1920x1080 screen
            width, height = (round(side * scale) for side in GAME_SIZE)
            position = (rng.randint(0, 1920 - width), rng.randint(0, 1080 - height))
        log = self.folder / f"game-{len(self.processes)}.jsonl"
        started = start_game(
            seed,
            log,
            position,
            scale=scale,
            levels=levels,
            rules=rules,
            web=web,
            panel=panel,
            banner=banner,
            start_screen=start_screen,
            solved_stays=solved_stays,
            look=look,
        )
        self.processes.append(started.process)
        time.sleep(0.2)  # the first frame is drawn right after the window is mapped
        box = started.window
        return Game(started.process, log, int(box.left), int(box.top), int(box.width), int(box.height), seed)

    def cover(self, x: int, y: int, width: int, height: int, colour: str = "#3060a0") -> Path:
        """A plain window on top at (x, y); returns the file where it logs every press it gets."""
        presses = self.folder / f"cover-{len(self.processes)}.log"
        script = textwrap.dedent(
            f"""
            import tkinter
            root = tkinter.Tk()
            root.geometry("{width}x{height}+{x}+{y}")
            root.configure(background="{colour}")
            log = open({str(presses)!r}, "a")
            def pressed(event):
                log.write(f"press {{event.x_root}} {{event.y_root}}\\n"); log.flush()
            root.bind("<ButtonPress>", pressed)
            def ready(_event):
                root.unbind("<Map>"); root.lift(); print("ready", flush=True)
            root.bind("<Map>", ready)
            root.mainloop()
            """
        )
        process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
        self.processes.append(process)
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], 30)
        assert ready and process.stdout.readline().strip() == "ready", "cover window did not come up"
        time.sleep(0.3)
        presses.touch()
        return presses

    def close(self) -> None:
        for process in reversed(self.processes):
            stop_game(process)


class StandIns:
    """Stand-in phones (`python -m onestroke.practice.phone ARGS`) in a process of their own, with
    the game log at `log`; the `stand_ins` fixture stops them at the end of the test."""

    def __init__(self, log: Path, *args: str) -> None:
        command = [sys.executable, "-m", "onestroke.practice.phone", "--log", str(log), *args]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
        assert self.process.stdout is not None
        ready = json.loads(self.process.stdout.readline())
        self.port = ready["port"]

    def env(self, tmp_path: Path) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}  # a phone needs no display
        return env | {
            "ANDROID_ADB_SERVER_PORT": str(self.port),
            "ONESTROKE_CONFIG_DIR": str(tmp_path / "config"),
        }

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def run_bot(
    *args: str, timeout: float = 120, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`onestroke ARGS` in its own process, as a user would run it."""
    return subprocess.run(
        [sys.executable, "-m", "onestroke", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        env=env,
        check=False,
    )


def start_bot(*args: str) -> subprocess.Popen[str]:
    """`onestroke ARGS` in the background, its output kept for `communicate`."""
    return subprocess.Popen(
        [sys.executable, "-m", "onestroke", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@contextmanager
def running(bot: subprocess.Popen[str]) -> Iterator[subprocess.Popen[str]]:
    """`bot`, a background run, killed on the way out if it still runs (a failed assertion or a
    timeout must not leave it pressing on the next test's game)."""
    try:
        yield bot
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.communicate()


@contextmanager
def bot_pressing(*args: str, timeout: float = 30) -> Iterator[subprocess.Popen[str]]:
    """`onestroke ARGS` started in the background, handed over once it holds the mouse button
    down (mid-drag, for a test to interrupt); killed on the way out if it still runs."""
    with running(start_bot(*args)) as bot:
        deadline = time.monotonic() + timeout
        while not button_is_down():
            assert bot.poll() is None and time.monotonic() < deadline, "the bot never pressed"
            time.sleep(0.01)
        yield bot


@dataclass(frozen=True)
class Process:
    """One process as /proc shows it."""

    pid: int
    name: str  # the command name (stat's second field)
    state: str  # "R", "S", ... "Z" for a zombie
    parent: int
    session: int
    command: list[bytes]  # its argv


def processes() -> list[Process]:
    """Every process on the machine now (one that ends while we look is left out)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        # the name may hold spaces and parentheses: it ends at the last ")"
        name, fields = stat[stat.index("(") + 1 : stat.rindex(")")], stat[stat.rindex(")") + 2 :].split()
        found.append(Process(int(entry.name), name, fields[0], int(fields[1]), int(fields[3]), command))
    return found


def button_is_down() -> bool:
    """Ask the X server whether the left mouse button is held down right now."""
    from Xlib import X, display

    d = display.Display()
    try:
        return bool(d.screen().root.query_pointer().mask & X.Button1Mask)
    finally:
        d.close()


def left_behind(keep: set[int]) -> list[Process]:
    """This process's descendants still running (zombies and the pids in `keep` aside)."""
    found = processes()
    children: dict[int, list[Process]] = {}
    for process in found:
        children.setdefault(process.parent, []).append(process)
    left: list[Process] = []
    stack = list(children.get(os.getpid(), []))
    while stack:
        process = stack.pop()
        stack.extend(children.get(process.pid, []))
        if process.state != "Z" and process.pid not in keep:
            left.append(process)
    return left
