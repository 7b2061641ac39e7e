"""The record of a run: progress lines, the level reports, pictures of a stop or a dry run, and
why the loop stopped (and, with `play --record`, the screens as labelled pairs: recorder.py).

Every picture folder is `LOG_DIR/<time>-<tag>/` with `screen.png` (what was captured),
`overlay.png` (what the detector saw, and the route if there was one) and, for a stop, `reason.txt`.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import cv2
from platformdirs import user_log_dir

from onestroke.bot.overlay import draw_overlay
from onestroke.bot.play.recorder import Recorder, Why
from onestroke.bot.play.report import LevelRow, RunReport, StopRow, pictures
from onestroke.bot.play.sight import Sight
from onestroke.solver.board import Board, Cell
from onestroke.solver.errors import OnestrokeError

PictureTag = Literal["level", "dry-run", "stop"]
"""What a saved picture folder shows: a level's screen, the route a dry run would draw, the stop."""


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

    @classmethod
    def of(
        cls, level: int, board: Board, sight: Sight, solve_ms: float, drag_s: float, attempts: int
    ) -> LevelReport:
        """The report of `level`, cleared on `board` as `sight` showed it (its capture and detect times)."""
        return cls(
            level,
            board.rows,
            board.cols,
            len(board.holes),
            sight.capture_ms,
            sight.detect_ms,
            solve_ms,
            drag_s,
            attempts,
        )

    def line(self) -> str:
        retry = f", {self.attempts} attempts" if self.attempts > 1 else ""
        holes = "1 hole" if self.holes == 1 else f"{self.holes} holes"
        return (
            f"level {self.level}: {self.rows}x{self.cols}, {holes},"
            f" capture {self.capture_ms:.0f} ms, detect {self.detect_ms:.0f} ms,"
            f" solve {self.solve_ms:.1f} ms, drag {self.drag_s:.2f} s{retry}"
        )


def default_log_dir() -> Path:
    """The platform's user log folder (e.g. ~/.local/state/onestroke/log on Linux)."""
    return Path(user_log_dir("onestroke", appauthor=False))


@dataclass
class Logbook:
    """The record of one run: lines go to `say`, pictures under `folder` (created when needed),
    screens to `recorder` (`play --record`) when there is one."""

    folder: Path
    say: Callable[[str], None] = print
    recorder: Recorder | None = None
    report: RunReport | None = None  # the run's HTML page (report.py), when one is written
    level: int = field(default=0, init=False)  # the level being played, for the recorder
    _shown: tuple[Sight, tuple[Cell, ...]] | None = field(default=None, init=False)  # the level's last plan
    _resumes: int = field(default=0, init=False)  # plans this level that went on from a drawn path

    def planned(self, sight: Sight, path: Sequence[Cell], resumed: bool) -> None:
        """The look a stroke of this level was planned on and its whole path (for the report's row);
        `resumed`: the plan goes on from a drawn path."""
        if self.report is not None:
            self._shown = (sight, tuple(path))
            self._resumes += resumed

    def cleared(self, report: LevelReport) -> None:
        """A level is cleared: its line, and its row in the run report (pictures of its last plan)."""
        self.say(report.line())
        if self.report is not None:
            screen = overlay = ""
            if self._shown is not None:
                sight, path = self._shown
                screen, overlay = pictures(sight.image, sight.detection, path)
            size = f"{report.rows}x{report.cols}, " + (
                "1 hole" if report.holes == 1 else f"{report.holes} holes"
            )
            self.report.add_level(
                LevelRow(
                    report.level,
                    size,
                    report.capture_ms,
                    report.detect_ms,
                    report.solve_ms,
                    report.drag_s,
                    report.attempts,
                    self._resumes,
                    "cleared",
                    screen,
                    overlay,
                )  # fmt: skip
            )
        self._shown, self._resumes = None, 0

    def save(self, sight: Sight, route: Sequence[Cell] = (), tag: PictureTag = "level") -> Path:
        """The screenshot and its overlay in a new `<time>-<tag>` folder; returns the folder."""
        # the process id keeps two bots (one per phone) stopping in the same second apart
        folder = self.folder / time.strftime(f"%Y%m%d-%H%M%S-{os.getpid()}-{tag}")
        folder.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(folder / "screen.png"), sight.image)
        cv2.imwrite(str(folder / "overlay.png"), draw_overlay(sight.image, sight.detection, route))
        return folder

    def stop(self, reason: str, sight: Sight | None, route: Sequence[Cell] = ()) -> LoopStopped:
        """Leave a stop record (the pictures plus `reason.txt`), and build the error that ends the loop.

        No sight (the game's window went away mid-drag): there is no picture worth keeping.
        """
        if sight is None:
            self._report_stop(reason, None, route, None)
            return LoopStopped(reason)
        self.keep(sight, "stop", reason)
        folder = self.save(sight, route, tag="stop")
        (folder / "reason.txt").write_text(reason + "\n", encoding="utf-8")
        self._report_stop(reason, sight, route, folder)
        return LoopStopped(f"{reason} (screenshot and overlay in {folder})")

    def _report_stop(
        self, reason: str, sight: Sight | None, route: Sequence[Cell], folder: Path | None
    ) -> None:
        if self.report is None:
            return
        screen, overlay = pictures(sight.image, sight.detection, route) if sight is not None else (None, None)
        self.report.add_stop(
            StopRow(reason, self.level or None, screen, overlay, str(folder) if folder else None)
        )

    def keep(self, sight: Sight, why: Why, reason: str | None = None) -> None:
        """Hand `sight` to the recorder (when recording), named for the level and `why`."""
        if self.recorder is not None:
            self.recorder.keep(sight, self.level, why, reason)
