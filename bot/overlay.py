"""Draw what the detector saw (and the route) on a copy of the screenshot, for people.

Lattice lines between the cells, a green frame on each open cell, a red cross on each hole,
an orange ring on the start (a square one on a required end), the path already drawn as a blue
line ending in a ring on the cat, and the route as a line through the cell centres. With a
path, every cell on it gets its step number, in the one numbering the terminal prints too
(decided in solver/finish.py; the legend's words are `NUMBERING` here): its step on the whole
path from the start, the start being 1, so walked cells keep their numbers and the route
continues them. A legend strip below the screenshot says so (the picture grows by the strip;
pixels above it are the screenshot's).
When the checks failed, the frames are red and the reason is written across the top, so a
refused board shows why it was refused. On the level-complete screen the go-on control gets a
ring and the banner says where it is.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from onestroke.bot.vision import Detection
from onestroke.coords import Geometry
from onestroke.solver.board import Board, Cell

LATTICE = (230, 200, 40)  # BGR: cyan-ish lines between cells
OPEN_FRAME = (60, 180, 60)
REFUSED = (40, 40, 220)
HOLE_CROSS = (50, 50, 210)
START_RING = (0, 150, 255)
ROUTE = (200, 40, 160)
WALKED = (200, 110, 20)
GO_ON = (40, 200, 40)
WHITE, BLACK = (255, 255, 255), (0, 0, 0)
LEGEND_TEXT = (230, 230, 230)
NUMBERING = (
    "numbers: each cell's step on the whole path from the start (the start is 1);"
    " drawn cells keep their numbers, the route continues them"
)


def draw_overlay(image: np.ndarray, detection: Detection, path: Sequence[Cell] = ()) -> np.ndarray:
    """A copy of `image` with the detection drawn on it, and `path` (the whole path from the
    start, e.g. `Finish.path`) numbered with a legend strip below, when one is given.

    The route line runs over the part of `path` past the walked cells it keeps.
    """
    out = image.copy()
    g = detection.geometry
    board = detection.board or detection.unchecked_board
    if g is not None:
        pitch = min(g.pitch)
        line = max(1, round(pitch / 40))
        x0, y0, x1, y1 = g.bounds().corners
        for c in range(g.cols + 1):
            x = round(x0 + g.pitch[0] * c)
            cv2.line(out, (x, round(y0)), (x, round(y1)), LATTICE, line, cv2.LINE_AA)
        for r in range(g.rows + 1):
            y = round(y0 + g.pitch[1] * r)
            cv2.line(out, (round(x0), y), (round(x1), y), LATTICE, line, cv2.LINE_AA)
        if board is not None:
            _draw_cells(out, detection, board, line)
            if detection.walked:
                _draw_walked(out, detection, line)
            if path:
                _draw_route(out, detection, path, line)
    if detection.next is not None:
        x, y = round(detection.next.x), round(detection.next.y)
        radius = max(8, min(out.shape[:2]) // 30)
        cv2.circle(out, (x, y), radius, GO_ON, max(2, radius // 5), cv2.LINE_AA)
        cv2.drawMarker(out, (x, y), GO_ON, cv2.MARKER_CROSS, radius, max(1, radius // 8), cv2.LINE_AA)
        _banner(out, f"the level-complete screen: go on at ({x}, {y})")
    elif not detection.ok:
        _banner(out, f"no board: {detection.reason}")
    if path and g is not None and board is not None:
        out = _with_legend(out, NUMBERING)
    return out


def _draw_walked(out: np.ndarray, detection: Detection, line: int) -> None:
    """The path already drawn: a line from the start to the cat, a ring where the cat is."""
    g = detection.geometry
    assert g is not None
    points = np.array([[round(v) for v in g.centre(cell)] for cell in detection.walked], np.int32)
    cv2.polylines(out, [points], False, WALKED, 4 * line, cv2.LINE_AA)
    hx, hy = points[-1]
    cv2.circle(out, (int(hx), int(hy)), round(0.3 * min(g.pitch)), WALKED, 2 * line, cv2.LINE_AA)


def _draw_cells(out: np.ndarray, detection: Detection, board: Board, line: int) -> None:
    g = detection.geometry
    assert g is not None
    half = 0.4 * min(g.pitch)
    frame = OPEN_FRAME if detection.ok else REFUSED
    for r in range(board.rows):
        for c in range(board.cols):
            x, y = g.centre((r, c))
            a, b = (round(x - half), round(y - half)), (round(x + half), round(y + half))
            if (r, c) in board.open_cells:
                cv2.rectangle(out, a, b, frame, line, cv2.LINE_AA)
            else:
                q = round(half * 0.6)
                cx, cy = round(x), round(y)
                cv2.line(out, (cx - q, cy - q), (cx + q, cy + q), HOLE_CROSS, 2 * line, cv2.LINE_AA)
                cv2.line(out, (cx - q, cy + q), (cx + q, cy - q), HOLE_CROSS, 2 * line, cv2.LINE_AA)
    sx, sy = g.centre(board.start)
    cv2.circle(out, (round(sx), round(sy)), round(half * 1.05), START_RING, 2 * line, cv2.LINE_AA)
    if board.end is not None:
        ex, ey = g.centre(board.end)
        a, b = (
            (round(ex - half * 0.9), round(ey - half * 0.9)),
            (round(ex + half * 0.9), round(ey + half * 0.9)),
        )
        cv2.rectangle(out, a, b, START_RING, 2 * line, cv2.LINE_AA)


def _draw_route(out: np.ndarray, detection: Detection, path: Sequence[Cell], line: int) -> None:
    """The route line from the last walked cell `path` keeps, and every cell's step number."""
    g = detection.geometry
    assert g is not None
    kept = _kept(path, detection.walked)
    points = np.array([[round(v) for v in g.centre(cell)] for cell in path[max(kept - 1, 0) :]], np.int32)
    cv2.polylines(out, [points], False, ROUTE, 3 * line, cv2.LINE_AA)
    for step, cell in enumerate(path, start=1):
        draw_step(out, g, cell, step)


def _kept(path: Sequence[Cell], walked: Sequence[Cell]) -> int:
    """How many walked cells `path` begins with."""
    kept = 0
    while kept < min(len(path), len(walked)) and path[kept] == walked[kept]:
        kept += 1
    return kept


def draw_step(out: np.ndarray, geometry: Geometry, cell: Cell, step: int) -> None:
    """`step` written on `cell` (white on a dark disc at its centre), as the overlay numbers a path."""
    x, y = geometry.centre(cell)
    _label(out, str(step), round(x), round(y), min(geometry.pitch) / 140)


def _label(out: np.ndarray, label: str, x: int, y: int, scale: float) -> None:
    """White text on a dark disc, centred on (x, y): readable on any colour."""
    font = cv2.FONT_HERSHEY_SIMPLEX
    thickness = max(1, round(2 * scale))
    (w, h), _ = cv2.getTextSize(label, font, scale, thickness)
    cv2.circle(out, (x, y), round(max(w, h) * 0.5 + 5 * scale), BLACK, -1, cv2.LINE_AA)
    cv2.putText(out, label, (x - w // 2, y + h // 2), font, scale, WHITE, thickness, cv2.LINE_AA)


def _with_legend(out: np.ndarray, legend: str) -> np.ndarray:
    """`out` with a dark strip below it holding `legend` (below, so it never covers the board)."""
    width = out.shape[1]
    scale, thickness = _text_size(width)
    (_, h), _ = cv2.getTextSize("Ag", cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
    lines = _wrapped(legend, width, scale, thickness)
    strip = np.full(((h + 12) * len(lines) + 12, width, *out.shape[2:]), 40, out.dtype)
    for k, text in enumerate(lines):
        y = 12 + (h + 12) * k + h
        cv2.putText(
            strip, text, (10, y), cv2.FONT_HERSHEY_SIMPLEX, scale, LEGEND_TEXT, thickness, cv2.LINE_AA
        )
    return np.concatenate([out, strip])


def _text_size(width: int) -> tuple[float, int]:
    """Font scale and stroke thickness for text across an image `width` pixels wide."""
    scale = max(0.4, width / 1600)
    return scale, max(1, round(scale * 1.5))


def _wrapped(message: str, width: int, scale: float, thickness: int) -> list[str]:
    """`message` in lines that fit `width` pixels (a word longer than that gets a line of its own)."""
    words, lines, current = message.split(), [], ""
    for word in words:
        trial = f"{current} {word}".strip()
        if cv2.getTextSize(trial, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)[0][0] > width - 20 and current:
            lines.append(current)
            current = word
        else:
            current = trial
    lines.append(current)
    return lines


def _banner(out: np.ndarray, message: str) -> None:
    height, width = out.shape[:2]
    scale, thickness = _text_size(width)
    (_, h), _ = cv2.getTextSize("Ag", cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
    lines = _wrapped(message, width, scale, thickness)
    band = (h + 12) * len(lines) + 12
    out[: min(band, height)] = (out[: min(band, height)] // 3).astype(out.dtype)
    for k, text in enumerate(lines):
        y = 12 + (h + 12) * k + h
        cv2.putText(
            out, text, (10, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (120, 120, 255), thickness, cv2.LINE_AA
        )
