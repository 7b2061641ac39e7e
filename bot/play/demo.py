"""The demo: the practice game in its own process, cleared by the level loop through a real device.

`run_demo` places the game's window on the device's screen (at random, seeded, unless told
where), starts the game (practice/process.py), lets a `LevelLoop` clear the levels, stops the
game, and hands back the game's own log records of this run: the demo's verdict comes from what
the game recorded, never from what the bot believes.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from onestroke.bot.device import Device
from onestroke.bot.play.drag import DragReport
from onestroke.bot.play.loop import LevelLoop
from onestroke.bot.play.pace import drag_pace, stroke_pace
from onestroke.bot.play.session import NO_EXTRAS, Extras, RunSummary, session
from onestroke.coords import Rect
from onestroke.practice.game import BASE_SIZE
from onestroke.practice.process import log_size, read_log, start_game, stop_game
from onestroke.practice.rules import Rules
from onestroke.signals import signals_held
from onestroke.solver.errors import OnestrokeError

SETTLE = 0.2  # seconds: the game writes its line before it draws the complete screen; be generous


class DemoError(OnestrokeError):
    """The demo could not start or run its practice game."""


@dataclass(frozen=True)
class DemoRun:
    """What happened: the game's log records of this run, how long it took, why the bot stopped,
    and what each watched drag cost (bot/play/drag.py)."""

    records: list[dict[str, Any]]
    seconds: float
    stopped: str | None
    window: Rect
    drags: tuple[DragReport, ...] = ()
    summary: RunSummary | None = None  # the bot's own account (session.py): report, video, how it ended


def game_window(screen: Rect, scale: float, seed: int, position: tuple[int, int] | None) -> Rect:
    """Where the game's window goes: at `position`, or at a seeded random place; wholly on `screen`."""
    width, height = round(BASE_SIZE[0] * scale), round(BASE_SIZE[1] * scale)
    if width > screen.width or height > screen.height:
        raise DemoError(
            f"a {width}x{height} game window (--scale {scale:g}) does not fit on the"
            f" {screen.width:g}x{screen.height:g} screen"
        )
    if position is None:
        rng = random.Random(seed)
        x = rng.randint(int(screen.left), int(screen.right - width))
        y = rng.randint(int(screen.top), int(screen.bottom - height))
        return Rect(x, y, width, height)
    window = Rect(position[0], position[1], width, height)
    if not screen.covers(window):
        raise DemoError(
            f"a {width}x{height} game window at --position {position[0]},{position[1]} is not"
            f" wholly on the {screen.width:g}x{screen.height:g} screen"
        )
    return window


@contextmanager
def game_log(log: Path | None) -> Iterator[Path]:
    """`log`, or (None) a file in a temporary folder removed when the demo ends."""
    if log is not None:
        yield log
        return
    with tempfile.TemporaryDirectory(prefix="onestroke-demo-") as folder:
        yield Path(folder) / "game.jsonl"


def run_demo(
    device: Device,
    *,
    levels: int,
    log: Path | None,
    log_dir: Path,
    seed: int = 1,
    position: tuple[int, int] | None = None,
    scale: float = 1.0,
    speed: float | None = None,
    rules: Rules | None = None,
    say: Callable[[str], None] = print,
    extras: Extras = NO_EXTRAS,
) -> DemoRun:
    """Start the practice game on `device`'s screen and let the loop clear `levels` levels.

    The game runs in its own process with `rules` (default: strict, 30 fps) and writes `log`
    (None: a temporary file, removed when the demo ends, so its path is never said); `say` gets
    the demo's and the bot's lines. `speed` is the drag's, as `play`'s (bot/play/pace.py).
    """
    window = game_window(device.screen, scale, seed, position)
    named = f", log {log}" if log is not None else ""  # a temporary log is gone when the demo ends
    with game_log(log) as path:
        offset = log_size(path)  # count only what this run's game writes
        game = start_game(seed, path, (int(window.left), int(window.top)), scale, levels, rules=rules)
        try:
            say(f"demo: practice game (seed {seed}) at {window.left:g},{window.top:g}{named}")
            loop = LevelLoop(
                device,
                log_dir=log_dir,
                pace=stroke_pace(speed, device.capabilities.cell_dwell),
                drag_pace=drag_pace(speed),
                say=lambda line: say(f"bot: {line}"),
            )
            summary = session(loop, levels, "demo", extras, say=lambda line: say(f"bot: {line}"))
            stopped = summary.reason if summary.ended in ("stopped", "device") else None
            # the bot's run is over: a Ctrl-C from here on must not cut the demo's summary short
            with signals_held() as late:
                time.sleep(SETTLE)
                stop_game(game.process)
            if late and not summary.interrupted:
                summary = replace(summary, late_interrupt=True)
        finally:
            stop_game(game.process)  # (at once when it was stopped above)
        records = read_log(path, offset, game.process.pid)
        return DemoRun(records, summary.seconds, stopped, game.window, tuple(loop.drags), summary)
