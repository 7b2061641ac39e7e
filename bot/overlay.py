"""Draw what the detector saw (and the route) on a copy of the screenshot, for people.

Lattice lines between the cells, a green frame on each open cell, a red cross on each hole,
an orange ring on the start (a square one on a required end), the path already drawn as a blue
line ending in a ring on the cat, and the route as a line through the cell centres with the
step number on every cell. When the checks failed, the frames are red and the reason is written
across the top, so a refused board shows why it was refused. On the level-complete screen the
go-on control gets a ring and the banner says where it is.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from onestroke.bot.vision import Detection
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


def draw_overlay(image: np.ndarray, detection: Detection, route: Sequence[Cell] = ()) -> np.ndarray:
    """A copy of `image` with the detection (and `route`, if any) drawn on it."""
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
            if route:
                _draw_route(out, detection, route, line)
    if detection.next is not None:
        x, y = round(detection.next.x), round(detection.next.y)
        radius = max(8, min(out.shape[:2]) // 30)
        cv2.circle(out, (x, y), radius, GO_ON, max(2, radius // 5), cv2.LINE_AA)
        cv2.drawMarker(out, (x, y), GO_ON, cv2.MARKER_CROSS, radius, max(1, radius // 8), cv2.LINE_AA)
        _banner(out, f"the level-complete screen: go on at ({x}, {y})")
    elif not detection.ok:
        _banner(out, f"no board: {detection.reason}")
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


def _draw_route(out: np.ndarray, detection: Detection, route: Sequence[Cell], line: int) -> None:
    g = detection.geometry
    assert g is not None
    points = np.array([[round(v) for v in g.centre(cell)] for cell in route], np.int32)
    cv2.polylines(out, [points], False, ROUTE, 3 * line, cv2.LINE_AA)
    size = min(g.pitch) / 140
    for step, (x, y) in enumerate(points, start=1):
        _label(out, str(step), int(x), int(y), size)


def _label(out: np.ndarray, label: str, x: int, y: int, scale: float) -> None:
    """White text on a dark disc, centred on (x, y): readable on any colour."""
    font = cv2.FONT_HERSHEY_SIMPLEX
    thickness = max(1, round(2 * scale))
    (w, h), _ = cv2.getTextSize(label, font, scale, thickness)
    cv2.circle(out, (x, y), round(max(w, h) * 0.5 + 5 * scale), BLACK, -1, cv2.LINE_AA)
    cv2.putText(out, label, (x - w // 2, y + h // 2), font, scale, WHITE, thickness, cv2.LINE_AA)


def _banner(out: np.ndarray, message: str) -> None:
    height, width = out.shape[:2]
    scale = max(0.4, width / 1600)
    thickness = max(1, round(scale * 1.5))
    (_, h), _ = cv2.getTextSize("Ag", cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
    # wrap the reason to the image width
    words, lines, current = message.split(), [], ""
    for word in words:
        trial = f"{current} {word}".strip()
        if cv2.getTextSize(trial, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)[0][0] > width - 20 and current:
            lines.append(current)
            current = word
        else:
            current = trial
    lines.append(current)
    band = (h + 12) * len(lines) + 12
    out[: min(band, height)] = (out[: min(band, height)] // 3).astype(out.dtype)
    for k, text in enumerate(lines):
        y = 12 + (h + 12) * k + h
        cv2.putText(
            out, text, (10, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (120, 120, 255), thickness, cv2.LINE_AA
        )
