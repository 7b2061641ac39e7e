"""A run as a user sees it: the level loop with what surrounds it — the run report (report.py),
the video (video.py), the pause and stop keys (bot/device/keys.py) — and one summary however the
run ends: all levels cleared, the bot stopped, Ctrl-C, the fail-safe corner or the stop key.

`session(loop, levels)` never lets a stop or an interrupt go by without a summary: it returns
a `RunSummary` whose `ended` says how the run ended, and the command prints its line before the
status (bot/commands/status.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Literal

from onestroke.bot.device import DeviceError
from onestroke.bot.device.keys import KeyControl
from onestroke.bot.play.logbook import LevelReport, LoopStopped
from onestroke.bot.play.loop import LevelLoop
from onestroke.bot.play.report import RunReport
from onestroke.bot.play.video import Grabber, VideoRecorder, VideoSummary
from onestroke.progressbar import status_line
from onestroke.signals import signals_held
from onestroke.solver.errors import UserStop

Ended = Literal["done", "stopped", "interrupted", "stop key", "device"]
"""How a run ended: every level asked for was cleared; the bot stopped (it refused, the game went
away); Ctrl-C or SIGTERM (or the fail-safe corner); the stop key after a stroke; the device failed."""


@dataclass(frozen=True)
class RunSummary:
    command: str
    reports: tuple[LevelReport, ...]
    seconds: float
    ended: Ended
    reason: str | None = None
    report: Path | None = None
    video: VideoSummary | None = None
    # Ctrl-C (or SIGTERM) came as the run wound down (the key listener, the game, the device
    # closing), after it had ended as `ended` says: the command still exits as interrupted
    late_interrupt: bool = False

    @property
    def interrupted(self) -> bool:
        """Whether the command ends as interrupted (exit status 130)."""
        return self.ended == "interrupted" or self.late_interrupt

    @property
    def failed_attempts(self) -> int:
        """Attempts that did not clear their level: the retries, and the attempt the run stopped in."""
        retries = sum(report.attempts - 1 for report in self.reports)
        return retries + (1 if self.ended in ("stopped", "device") else 0)

    def line(self) -> str:
        """The one summary line every end of a run prints."""
        cleared = len(self.reports)
        levels = "level" if cleared == 1 else "levels"
        failed = self.failed_attempts
        attempts = "attempt" if failed == 1 else "attempts"
        rate = (
            f", {cleared / (self.seconds / 60):.1f} levels per minute" if cleared and self.seconds > 0 else ""
        )
        how = {
            "done": "",
            "stopped": " (the bot stopped)",
            "interrupted": " (interrupted)",
            "stop key": " (stopped with the stop key)",
            "device": " (the device failed)",
        }[self.ended]
        return (
            f"{self.command}: {cleared} {levels} cleared, {failed} failed {attempts},"
            f" {self.seconds:.1f} s{rate}{how}"
        )


@dataclass(frozen=True)
class Extras:
    """What a run records and listens to besides playing: a report page, a video, the keys."""

    report: Path | None = None
    video: Path | None = None
    video_grabber: Callable[[], Grabber] | None = None  # a capture of its own for the video thread
    keys: bool = False
    settings: Mapping[str, object] | None = None


NO_EXTRAS = Extras()


def session(
    loop: LevelLoop,
    levels: int | None,
    command: str,
    extras: Extras = NO_EXTRAS,
    say: Callable[[str], None] = print,
) -> RunSummary:
    """Run `loop` for `levels` with `extras`; the summary of however it ended."""
    keys = KeyControl() if extras.keys else None
    recorder: VideoRecorder | None = None
    began = time.monotonic()
    ended: Ended = "done"
    reason: str | None = None
    try:  # the set-up too: a Ctrl-C once the keys' line is out still ends with the summary
        if keys is not None:
            off = keys.start()
            say(off or f"keys: {keys.hint()}")
            if off is None:
                loop.keys = keys
        if extras.report is not None:
            loop.log.report = RunReport(extras.report, command, dict(extras.settings or {}))
            loop.log.report.write()
        if extras.video is not None:
            recording = recorder = VideoRecorder(extras.video)
            if extras.video_grabber is not None:  # a capture thread of its own (the desktop)
                recording.follow(extras.video_grabber, lambda: loop.watch.region)
            else:  # slow captures (a phone): the frames the loop grabbed anyway
                loop.watch.on_sight = lambda sight: recording.add(sight.image)
        with keys_line(loop, loop.keys):
            loop.run(levels)
        if keys is not None and keys.stop_requested.is_set():
            ended = "stop key"
    except LoopStopped as error:
        ended, reason = "stopped", str(error)
    except KeyboardInterrupt:
        ended = "interrupted"
    except UserStop as error:  # the fail-safe corner: the user's Ctrl-C of the mouse
        ended, reason = "interrupted", str(error)
    except DeviceError as error:
        ended, reason = "device", str(error)
    finally:
        # the key listener takes up to a second to close: a Ctrl-C meanwhile is noted, not raised
        # (raised, it would end the command without the summary)
        with signals_held() as late:
            if keys is not None:
                keys.close()
            video = recorder.close() if recorder is not None else None
    summary = RunSummary(
        command,
        tuple(loop.cleared),
        time.monotonic() - began,
        ended,
        reason,
        extras.report,
        video,
        late_interrupt=bool(late) and ended != "interrupted",
    )
    if loop.log.report is not None:
        loop.log.report.finish(summary.line() + (f": {reason}" if reason else ""))
    return summary


@contextmanager
def keys_line(loop: LevelLoop, keys: KeyControl | None, stream: IO[str] | None = None) -> Iterator[None]:
    """While the block runs, with `keys` listened to and `stream` (stdout) a terminal: the keys'
    state on the last line (the progress line: which keys do what, then "paused" while paused),
    every line the loop says printed above it. Otherwise the loop's lines are as they were."""
    if keys is None:
        yield
        return
    said = loop.log.say
    with status_line(keys.status(), stream=stream) as line:
        if not line.shown:
            yield
            return

        def say_above(text: str) -> None:
            with line.above():
                said(text)

        loop.log.say = say_above
        keys.on_change = lambda: line.show(keys.status())
        try:
            yield
        finally:
            keys.on_change = None
            loop.log.say = said
