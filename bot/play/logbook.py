"""The loop's evidence: the screenshot and the overlay of a stop or a dry run, and why it stopped.

Every folder is `LOG_DIR/<time>-<tag>/` with `screen.png` (what was captured), `overlay.png`
(what the detector saw, and the route if there was one) and, for a stop, `reason.txt`.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
from platformdirs import user_log_dir

from onestroke.bot.overlay import draw_overlay
from onestroke.bot.play.sight import Sight
from onestroke.solver.board import Cell


def default_log_dir() -> Path:
    """The platform's user log folder (e.g. ~/.local/state/onestroke/log on Linux)."""
    return Path(user_log_dir("onestroke", appauthor=False))


@dataclass(frozen=True)
class Logbook:
    """Writes pictures under `folder` (created when needed)."""

    folder: Path

    def save(self, sight: Sight, route: Sequence[Cell] = (), tag: str = "level") -> Path:
        """The screenshot and its overlay in a new `<time>-<tag>` folder; returns the folder."""
        # the process id keeps two bots (one per phone) stopping in the same second apart
        folder = self.folder / time.strftime(f"%Y%m%d-%H%M%S-{os.getpid()}-{tag}")
        folder.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(folder / "screen.png"), sight.image)
        cv2.imwrite(str(folder / "overlay.png"), draw_overlay(sight.image, sight.detection, route))
        return folder

    def stop(self, reason: str, sight: Sight, route: Sequence[Cell] = ()) -> Path:
        """A stop record: the pictures plus `reason.txt`; returns the folder."""
        folder = self.save(sight, route, tag="stop")
        (folder / "reason.txt").write_text(reason + "\n", encoding="utf-8")
        return folder
