"""`play --record DIR`: screens of a run saved as fixture pairs, for `onestroke fixtures check`.

The loop hands over every level's first screen, every screen it was unsure about (no board it
could trust on the first look, a level that did not advance) and the screen it stopped on. Each
is saved as `<time>-level-<N>-<why>.png` beside a label `.txt` written from what the detector read
(bot/labels.py), for a person to review and keep. A screen that did not change since the last
one saved (`screen_changed`, bot/vision/change.py) is not saved again; a stop on it adds its
reason to that label as a comment instead.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import numpy as np

from onestroke.bot.imageio import write_image
from onestroke.bot.labels import detection_record, label_from_record, label_text
from onestroke.bot.play.sight import Sight
from onestroke.bot.vision.change import screen_changed

Why = Literal["first", "retry", "unsure", "stop"]
"""Why a screen is kept for the recorder: a level's first look, a look after an attempt that did
not advance, a look that found no board it could trust, the screen the loop stopped on."""


@dataclass
class Recorder:
    """Saves screens as fixture pairs in `folder` (which must exist and be writable)."""

    folder: Path
    saved: list[Path] = field(default_factory=list)  # the labels written, in order
    _last: np.ndarray | None = field(default=None, repr=False)

    def keep(self, sight: Sight, level: int, why: Why, reason: str | None = None) -> Path | None:
        """Save `sight` as a pair named for the time, `level` and `why` ("first", "unsure",
        "retry", "stop"); `reason` goes into the label as a comment. Returns the label's path,
        or None when the screen is the last one saved (the reason is added to that label)."""
        if not screen_changed(self._last, sight.image):
            if reason and self.saved:
                with self.saved[-1].open("a", encoding="utf-8") as label:
                    label.write(f"; then, on this screen, level {level} ({why}): {reason}\n")
            return None
        now = time.time()
        stem = (
            time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
            + f"-{int(now % 1 * 1000):03d}-level-{level}-{why}"
        )
        image_path = self._free(stem)
        write_image(image_path, sight.image)
        record = detection_record(image_path.name, sight.detection, sight.detect_ms / 1000)
        notes = [f"play --record: level {level}, {why}" + (f": {reason}" if reason else "")]
        if record.get("board") is None and record.get("reason"):
            notes.append(f"the detector said: {record['reason']}")
        label_path = image_path.with_suffix(".txt")
        label_path.write_text(label_text(label_from_record(record, notes)), encoding="utf-8")
        self._last = sight.image.copy()
        self.saved.append(label_path)
        return label_path

    def _free(self, stem: str) -> Path:
        """`folder/stem.png`, or `stem-2.png`, ... when a pair of that name is there already."""
        path, n = self.folder / f"{stem}.png", 1
        while path.exists() or path.with_suffix(".txt").exists():
            n += 1
            path = self.folder / f"{stem}-{n}.png"
        return path
