"""The run report: one self-contained HTML page per `play` or `demo` run — the settings, a row per
level (the screen the bot saw, the overlay with its route, the board's size, the capture, detect,
solve and drag times, attempts, resumes, the outcome), every stop with its reason and picture, and
the summary. It is the file a user attaches to a bug report: pictures are inlined as JPEG data, so
the page is one file that any browser opens offline.

Pictures are shrunk and encoded when a level ends (a few ms, between levels, never inside a
drag); the page is written at every level's end and at the stop, so a run that is killed still
leaves the page of what it did.
"""

from __future__ import annotations

import base64
import html
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import cv2
import numpy as np

from onestroke.bot.overlay import draw_overlay
from onestroke.bot.vision import Detection
from onestroke.solver.board import Cell

THUMB_HEIGHT = 480  # px: big enough to read a board, small enough for a page of 50 levels
JPEG_QUALITY = 80

LevelOutcome = Literal["cleared", "not cleared"]


def jpeg_data(image: np.ndarray, height: int = THUMB_HEIGHT) -> str:
    """The image shrunk to `height` (never enlarged) as a `data:` URL."""
    scale = min(1.0, height / max(1, image.shape[0]))
    if scale < 1.0:
        size = (max(1, round(image.shape[1] * scale)), max(1, round(image.shape[0] * scale)))
        image = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    ok, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    if not ok:  # pragma: no cover - OpenCV encodes any 8-bit BGR image
        raise ValueError("the picture could not be encoded")
    return "data:image/jpeg;base64," + base64.b64encode(encoded.tobytes()).decode("ascii")


def pictures(image: np.ndarray, detection: Detection, route: Sequence[Cell] = ()) -> tuple[str, str]:
    """The screen as the bot saw it and its overlay (what vision read, and the route)."""
    return jpeg_data(image), jpeg_data(draw_overlay(image, detection, route))


@dataclass(frozen=True)
class LevelRow:
    number: int
    size: str  # "7x7, 3 holes"
    capture_ms: float
    detect_ms: float
    solve_ms: float
    drag_s: float
    attempts: int
    resumes: int
    outcome: LevelOutcome
    screen: str  # data URLs
    overlay: str


@dataclass(frozen=True)
class StopRow:
    reason: str
    level: int | None
    screen: str | None
    overlay: str | None
    folder: str | None


@dataclass
class RunReport:
    """What a run did, written to `path` as it goes."""

    path: Path
    command: str
    settings: Mapping[str, object] = field(default_factory=dict)
    began: float = field(default_factory=time.time)
    levels: list[LevelRow] = field(default_factory=list)
    stops: list[StopRow] = field(default_factory=list)
    summary: str | None = None

    def add_level(self, row: LevelRow) -> None:
        self.levels.append(row)
        self.write()

    def add_stop(self, row: StopRow) -> None:
        self.stops.append(row)
        self.write()

    def finish(self, summary: str) -> Path:
        self.summary = summary
        return self.write()

    def write(self) -> Path:
        """The page, replaced atomically (a reader never sees half a page)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_name(f".{self.path.name}.{os.getpid()}.part")
        partial.write_text(self.html(), encoding="utf-8")
        os.replace(partial, self.path)
        return self.path

    def html(self) -> str:
        began = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.began))
        settings = "".join(
            f"<tr><th>{_text(key)}</th><td>{_text(value)}</td></tr>" for key, value in self.settings.items()
        )
        levels = "".join(_level_html(row) for row in self.levels) or (
            '<tr><td colspan="9">no level was played</td></tr>'
        )
        stops = "".join(_stop_html(row) for row in self.stops) or "<p>The bot did not stop on its own.</p>"
        summary = _text(self.summary) if self.summary else "the run is still going (or was killed)"
        return PAGE.format(
            title=_text(f"onestroke {self.command}, {began}"),
            summary=summary,
            settings=settings,
            levels=levels,
            count=len(self.levels),
            stops=stops,
        )


def _text(value: object) -> str:
    return html.escape(str(value))


def _img(data: str | None, alt: str) -> str:
    return f'<img src="{data}" alt="{_text(alt)}">' if data else ""


def _level_html(row: LevelRow) -> str:
    return (
        f'<tr class="{row.outcome.replace(" ", "-")}"><td>{row.number}</td><td>{_text(row.size)}</td>'
        f"<td>{row.capture_ms:.0f} ms</td><td>{row.detect_ms:.0f} ms</td><td>{row.solve_ms:.1f} ms</td>"
        f"<td>{row.drag_s:.2f} s</td><td>{row.attempts}</td><td>{row.resumes}</td><td>{row.outcome}</td>"
        f"<td>{_img(row.screen, f'level {row.number}: the screen')}</td>"
        f"<td>{_img(row.overlay, f'level {row.number}: what the bot read, and its route')}</td></tr>"
    )


def _stop_html(row: StopRow) -> str:
    where = f"level {row.level}: " if row.level is not None else ""
    folder = f"<p>pictures: <code>{_text(row.folder)}</code></p>" if row.folder else ""
    return (
        f'<section class="stop"><h3>{where}{_text(row.reason)}</h3>{folder}'
        f"{_img(row.screen, 'the screen at the stop')}{_img(row.overlay, 'what the bot read there')}"
        "</section>"
    )


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }}
table {{ border-collapse: collapse; margin: 0.5em 0 1.5em; }}
th, td {{ border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: left; vertical-align: top; }}
img {{ max-height: 240px; display: block; }}
tr.not-cleared td {{ background: #fde8e8; }}
.stop {{ border-left: 4px solid #c33; padding-left: 0.8em; margin-bottom: 1em; }}
.stop img {{ display: inline-block; margin-right: 0.5em; }}
</style></head>
<body data-levels="{count}">
<h1>{title}</h1>
<p class="summary"><strong>{summary}</strong></p>
<h2>Settings</h2><table>{settings}</table>
<h2>Levels</h2>
<table><tr><th>level</th><th>board</th><th>capture</th><th>detect</th><th>solve</th><th>drag</th>
<th>attempts</th><th>resumes</th><th>outcome</th><th>the screen</th><th>what the bot read</th></tr>
{levels}</table>
<h2>Stops</h2>{stops}
<script>
// how many pictures the browser could show: a user sees a warning, a test reads the counts
addEventListener("load", () => {{
  const all = [...document.images], shown = all.filter(i => i.complete && i.naturalWidth > 0);
  document.body.dataset.images = all.length;
  document.body.dataset.imagesShown = shown.length;
  const missing = all.length - shown.length;
  if (missing > 0) document.body.insertAdjacentHTML("afterbegin",
    `<p style="color:#c33">${{missing}} ${{missing === 1 ? "picture" : "pictures"}} could not be shown</p>`);
}});
</script>
</body></html>
"""
