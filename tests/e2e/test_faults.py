"""What a desktop does to the game window while `onestroke play --levels 3` plays the strict practice game.

Each case injects one fault of issue 20's table (moved, covered, minimised, restarted at another
scale, killed) at a moment read from the press monitor (inside a drag) or the game's log (between
levels), and counts from the monitor and the game's log, never from the bot: strays (a press, or a
motion with the button held, on anything but the game's window), the button left down, levels
cleared, the stop line, tracebacks.

What must hold today and always is asserted in every case: no stray, no button left down, no
traceback; a killed game stops the bot clean with "the game window closed" and the button up
within 200 ms. What issue 20 adds (recover and clear every level; the stop line names the cause)
is asserted too, and the cases the bot fails today are marked xfail with what it does today, so
the suite runs green now and becomes the acceptance test when the loop learns recovery.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from faults import (
    CoverWindow,
    Played,
    Target,
    freeze,
    head_square,
    kill,
    move,
    remap,
    restart,
    start,
    thaw,
    unmap,
    wait_cleared,
)
from harness import ROOT, Windows, button_is_down
from monitor import Box, Event, PointerEvent, PressMonitor, button_left_down, strays

from onestroke.practice.web.server import BROWSERS

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

LEVELS = 3
IN_DRAG = 12  # held-button motions after the press before a mid-drag fault: a few cells into the stroke
COVERED_FOR = 1.5  # seconds a cover stays up (issue 20's table)
MINIMISED_FOR = 2.0
BOT_TIMEOUT = 150.0
KILL_RELEASE = 0.2  # seconds: the button is up this soon after the game is killed
FROZEN_SAID = 30.0  # seconds the bot may take to say a stopped game froze (its re-sends, then 1 s still)


@dataclass
class Run:
    """One bot run with one fault: the games it met, and what the fault recorded."""

    played: list[Played]
    killed_at: float | None = None
    notes: list[str] = field(default_factory=list)
    bot: subprocess.Popen[str] | None = None
    said: list[str] = field(default_factory=list)  # the bot's stdout lines a fault read while it ran
    stopped: list[int] = field(default_factory=list)  # frozen processes, thawed at the end

    def wait_said(self, words: str, timeout: float) -> bool:
        """Read the bot's stdout (its progress lines, kept in `said`) until it holds `words`; False
        at the timeout. Read raw from the pipe: nothing stays in a reader's buffer for `communicate`."""
        assert self.bot is not None and self.bot.stdout is not None
        pipe = self.bot.stdout.fileno()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([pipe], [], [], 0.1)
            if ready:
                chunk = os.read(pipe, 65536)
                if not chunk:
                    return False
                self.said.append(chunk.decode(errors="replace"))
                if words in "".join(self.said):
                    return True
        return False


Fault = Callable[[Windows, PressMonitor, Run], None]


def far_from(box: Box, width: int, height: int) -> tuple[int, int]:
    """A place for a `width` x `height` window on the 1920x1080 screen that does not overlap `box`."""
    x = 40 if box.x + box.width // 2 > 960 else 1920 - width - 40
    y = 40 if box.y + box.height // 2 > 540 else 1080 - height - 40
    return x, y


def in_drag(monitor: PressMonitor) -> PointerEvent:
    at = monitor.wait_in_drag(IN_DRAG, timeout=60)
    assert at is not None, "the bot never dragged"
    return at


def between_levels(monitor: PressMonitor, run: Run, after: int) -> None:
    """Once level `after` is cleared and the button let go (the game logs the clear when the last
    cell is taken, while the bot still holds the button there)."""
    assert wait_cleared(run.played[-1].game, after, timeout=90), f"level {after} was never cleared"
    deadline = time.monotonic() + 10
    while button_left_down(monitor.events()) and time.monotonic() < deadline:
        time.sleep(0.005)


def moved_between_levels(windows: Windows, monitor: PressMonitor, run: Run) -> None:
    played = run.played[-1]
    between_levels(monitor, run, 2)
    move(played, *far_from(played.box, played.game.width, played.game.height))


def moved_mid_drag(windows: Windows, monitor: PressMonitor, run: Run) -> None:
    played = run.played[-1]
    in_drag(monitor)
    move(played, *far_from(played.box, played.game.width, played.game.height))


def covered_whole_board(windows: Windows, monitor: PressMonitor, run: Run) -> None:
    cover = CoverWindow(windows)
    box = run.played[-1].box
    in_drag(monitor)
    start_at = len(monitor.events())
    cover.show(box)
    cover.shown(monitor, box, start_at)
    time.sleep(COVERED_FOR)
    cover.hide()
    run.notes += cover.pressed()


def covered_head(windows: Windows, monitor: PressMonitor, run: Run) -> None:
    cover = CoverWindow(windows)
    head = in_drag(monitor)
    latest = [e for e in monitor.events() if isinstance(e, PointerEvent)][-1]
    box = head_square(latest.x if latest.held else head.x, latest.y if latest.held else head.y)
    start_at = len(monitor.events())
    cover.show(box)
    cover.shown(monitor, box, start_at)
    time.sleep(COVERED_FOR)
    cover.hide()
    run.notes += cover.pressed()


def minimised_mid_drag(windows: Windows, monitor: PressMonitor, run: Run) -> None:
    in_drag(monitor)
    unmap(run.played[-1])
    time.sleep(MINIMISED_FOR)
    remap(run.played[-1])


def minimised_between_levels(windows: Windows, monitor: PressMonitor, run: Run) -> None:
    between_levels(monitor, run, 2)
    unmap(run.played[-1])
    time.sleep(MINIMISED_FOR)
    remap(run.played[-1])


def restarted_at(scale: float) -> Fault:
    def restarted(windows: Windows, monitor: PressMonitor, run: Run) -> None:
        played = run.played[-1]
        between_levels(monitor, run, 1)
        size = round(played.game.width * scale), round(played.game.height * scale)
        run.played.append(restart(windows, monitor, played, scale, far_from(played.box, *size)))

    return restarted


def frozen_mid_drag(windows: Windows, monitor: PressMonitor, run: Run) -> None:
    """The game stops answering mid-drag (SIGSTOP) and goes on (SIGCONT) once the bot said it froze."""
    in_drag(monitor)
    run.stopped = freeze(run.played[-1])
    try:
        assert run.wait_said("the game froze", FROZEN_SAID), f"the bot never said the game froze: {run.said}"
    finally:
        thaw(run.stopped)


def frozen_for_good(windows: Windows, monitor: PressMonitor, run: Run) -> None:
    """The game stops answering mid-drag and stays so (thawed only after the bot stopped)."""
    in_drag(monitor)
    run.stopped = freeze(run.played[-1])


def killed_mid_drag(windows: Windows, monitor: PressMonitor, run: Run) -> None:
    in_drag(monitor)
    run.killed_at = kill(run.played[-1])


@dataclass(frozen=True)
class Counted:
    """What one run did, counted from the monitor and the games' logs."""

    returncode: int
    out: str
    err: str
    strays: list[PointerEvent]
    left_down: bool
    cleared: int
    events: list[Event]

    @property
    def stop_line(self) -> str:
        lines = [line for line in self.err.splitlines() if line.startswith("onestroke:")]
        return lines[-1] if lines else ""

    def context(self, run: Run) -> str:
        strays = [(e.kind, e.x, e.y, e.window) for e in self.strays[:5]]
        return (
            f"exit {self.returncode}, cleared {self.cleared}, strays {len(self.strays)} {strays},"
            f" left down {self.left_down}, notes {run.notes}\nstdout:\n{self.out}\nstderr:\n{self.err}"
        )


def play_with(
    fault: Fault, target: Target, windows: Windows, tmp_path: Path, seed: int = 7, *options: str
) -> tuple[Run, Counted]:
    with PressMonitor() as monitor:
        run = Run([start(windows, monitor, target, seed=seed)])
        bot = subprocess.Popen(
            [
                *(sys.executable, "-m", "onestroke", "play", "--levels", str(LEVELS)),
                *("--log-dir", str(tmp_path), *options),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        run.bot = bot
        try:
            fault(windows, monitor, run)
            out, err = bot.communicate(timeout=BOT_TIMEOUT)
            out = "".join(run.said) + out
        finally:
            if bot.poll() is None:
                bot.kill()
                bot.communicate()
            thaw(run.stopped)
        time.sleep(0.1)  # the last events through the stream
        events = monitor.events()
    allowed = {played.window for played in run.played}
    cleared = sum(1 for played in run.played for r in played.game.records() if r.get("cleared"))
    return run, Counted(
        bot.returncode, out, err, strays(events, allowed), button_left_down(events), cleared, events
    )


def assert_safe(counted: Counted, run: Run) -> None:
    """What holds today and always: nothing pressed off the game, the button up, no traceback."""
    context = counted.context(run)
    assert counted.strays == [], context
    assert not counted.left_down and not button_is_down(), context
    assert "Traceback" not in counted.out + counted.err, context
    assert run.notes == [], f"the cover window was pressed: {context}"


def assert_recovered(counted: Counted, run: Run) -> None:
    """Issue 20's target: the bot finds the board again and clears all its levels."""
    if counted.returncode != 0 or counted.cleared < LEVELS:
        raise NotRecovered(counted.context(run))


class NotRecovered(AssertionError):
    """The bot stayed safe but did not carry on after the fault (what issue 20 adds)."""


def today(what_it_does: str) -> pytest.MarkDecorator:
    """xfail for a case the bot does not recover from yet: only `NotRecovered` counts as the
    expected failure, so a stray, a button left down or a traceback still fails the case."""
    return pytest.mark.xfail(strict=False, raises=NotRecovered, reason=f"issue 20: {what_it_does}")


RECOVERING = [
    pytest.param(
        moved_between_levels,
        id="moved-between-levels",
    ),
    pytest.param(
        moved_mid_drag,
        id="moved-mid-drag",
    ),
    pytest.param(
        covered_whole_board,
        id="covered-whole-board",
    ),
    pytest.param(
        covered_head,
        id="covered-head",
    ),
    pytest.param(
        minimised_mid_drag,
        id="minimised-mid-drag",
    ),
    pytest.param(minimised_between_levels, id="minimised-between-levels"),
    pytest.param(
        restarted_at(0.8),
        id="restarted-0.8",
    ),
    pytest.param(
        restarted_at(1.25),
        id="restarted-1.25",
    ),
    pytest.param(frozen_mid_drag, id="frozen-mid-drag"),
]

HAS_BROWSER = any(shutil.which(name) for name in BROWSERS)
TARGETS = [
    pytest.param("tk", id="tk"),
    pytest.param(
        "web", id="web", marks=pytest.mark.skipif(not HAS_BROWSER, reason="Chromium is not installed")
    ),
]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("fault", RECOVERING)
def test_the_bot_survives_the_fault(fault: Fault, target: Target, windows: Windows, tmp_path: Path) -> None:
    run, counted = play_with(fault, target, windows, tmp_path)
    assert_safe(counted, run)
    assert_recovered(counted, run)


@pytest.mark.parametrize("target", TARGETS)
def test_a_game_killed_mid_drag_stops_the_bot_clean(target: Target, windows: Windows, tmp_path: Path) -> None:
    run, counted = play_with(killed_mid_drag, target, windows, tmp_path)
    assert_safe(counted, run)
    context = counted.context(run)
    assert run.killed_at is not None
    released = next((e for e in counted.events if isinstance(e, PointerEvent) and e.kind == "release"), None)
    released = next(
        (
            e
            for e in counted.events
            if isinstance(e, PointerEvent) and e.kind == "release" and e.time >= run.killed_at
        ),
        released,
    )
    assert released is not None and released.time - run.killed_at < KILL_RELEASE, context
    assert counted.returncode == 1, context
    assert counted.stop_line.startswith("onestroke: level 1: the game window closed"), context


@pytest.mark.parametrize("target", TARGETS)
def test_a_game_frozen_for_good_stops_the_bot_with_its_own_line(
    target: Target, windows: Windows, tmp_path: Path
) -> None:
    run, counted = play_with(frozen_for_good, target, windows, tmp_path, 7, "--wait-covered", "3")
    assert_safe(counted, run)
    context = counted.context(run)
    assert counted.returncode == 1, context
    assert "the game froze (nothing on the screen changed after the drag stopped)" in counted.out, context
    assert "the game stayed frozen for 3 s (nothing on the screen changed)" in counted.stop_line, context
