"""Watching a board while it is drawn on: which cells show as taken, and is the board still there.

The watched drag (bot/play/drag.py) asks this after every move; the known-board read after an
open-loop stroke (bot/vision/known.py) asks it of one screenshot. A cell counts as taken when
its centre no longer shows the plain cell colour (walked cells take the path's colour, the cat
sits on the head); the plain colour is learned from the cells not walked when the watch starts.
The background at the corners between cells shows whether the board is still there. What
counts as changed is bot/vision/change.py's.

Pure: grabs of the board region (numpy images, through the callables given) in, cells out.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from onestroke.bot.vision.change import off_colour_share, points_changed
from onestroke.coords import Geometry
from onestroke.solver.board import Cell

PATCH = 0.1  # half side of the patch read at a cell centre, in pitches
TAKEN = 0.5  # a cell whose centre patch is off the plain colour by more than this share is taken
GONE = 0.5  # the board is gone when more than this share of the background points changed


@dataclass(frozen=True)
class BoardReading:
    """What one grab of the board showed: the cells showing as taken, and whether the board is there."""

    taken: frozenset[Cell]
    board_gone: bool
    at: float  # when the grab was taken (the watch's clock)
    whole: bool = True  # the whole board was grabbed (else a box around a cell)


Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in the pixels of a grab of the board region


class BoardWatch:
    """Reads which cells show as taken on grabs of the board region.

    `geometry` is the lattice in the grabbed image's pixels; `walked` the cells already taken
    (the path so far, with the cat's cell) when the watch starts, so the plain cell colour is
    learned from the others. `grab_box`, when given, grabs only a box of the board region (in
    the same pixels): `reading(near=cell)` then reads only the cells around `cell`, the only
    ones a strict game can change in one step, at a tenth of the cost of the whole board.
    """

    def __init__(
        self,
        grab: Callable[[], np.ndarray],
        geometry: Geometry,
        cells: Sequence[Cell],
        walked: Sequence[Cell] = (),
        clock: Callable[[], float] = time.monotonic,
        grab_box: Callable[[Box], np.ndarray] | None = None,
    ) -> None:
        self.grab, self.geometry, self.cells, self.clock = grab, geometry, list(cells), clock
        self.grab_box = grab_box
        self.latest: frozenset[Cell] | None = None  # the cells taken at the latest reading, None before one
        self._near_cache: dict[Cell, tuple[Box, list[Cell], list[tuple[int, int]], np.ndarray]] = {}
        reference = grab()
        self.shape = reference.shape
        plain_cells = [cell for cell in self.cells if cell not in set(walked)]
        if not plain_cells:
            raise ValueError("every cell is already walked: nothing to watch")
        patches = self._patches(reference, plain_cells)
        self.plain = np.median(patches, axis=0).round().astype(np.int16)
        self._corners = self._corner_points(reference)
        self._background = self._sample(reference, self._corners)

    def _patch_box(self, cell: Cell, shape: tuple[int, ...]) -> Box:
        x, y = self.geometry.centre(cell)
        half = max(1, round(PATCH * min(self.geometry.pitch)))
        h, w = shape[:2]
        x0, y0 = max(0, round(x) - half), max(0, round(y) - half)
        return x0, y0, min(w, round(x) + half + 1), min(h, round(y) + half + 1)

    def _patches(self, image: np.ndarray, cells: Sequence[Cell]) -> np.ndarray:
        out = np.empty((len(cells), 3), np.float32)
        for i, cell in enumerate(cells):
            x0, y0, x1, y1 = self._patch_box(cell, image.shape)
            out[i] = image[y0:y1, x0:x1, :3].reshape(-1, 3).mean(axis=0) if x1 > x0 and y1 > y0 else 0
        return out

    def _corner_points(self, image: np.ndarray) -> list[tuple[int, int]]:
        """Points between four cell corners (always background while the board shows), inside the image."""
        h, w = image.shape[:2]
        points = []
        for r in range(-1, self.geometry.rows):
            for c in range(-1, self.geometry.cols):
                x, y = self.geometry.centre((r, c))
                x, y = round(x + self.geometry.pitch[0] / 2), round(y + self.geometry.pitch[1] / 2)
                if 1 <= x < w - 1 and 1 <= y < h - 1:
                    points.append((x, y))
        return points

    @staticmethod
    def _sample(image: np.ndarray, points: Sequence[tuple[int, int]]) -> np.ndarray:
        if not points:
            return np.zeros((0, 3), np.uint8)
        xs = np.array([p[0] for p in points])
        ys = np.array([p[1] for p in points])
        return image[ys, xs, :3]

    def _taken(self, image: np.ndarray, cell: Cell, origin: tuple[int, int] = (0, 0)) -> bool:
        """Whether the cell's centre patch is mostly off the plain cell colour. `origin` is where
        `image` begins in the board region's pixels (a box grab)."""
        x0, y0, x1, y1 = self._patch_box(cell, self.shape)
        if x1 <= x0 or y1 <= y0:
            return True  # outside the grab: not the plain cell
        ox, oy = origin
        return off_colour_share(image[y0 - oy : y1 - oy, x0 - ox : x1 - ox], self.plain) > TAKEN

    def _gone(self, image: np.ndarray, points: Sequence[tuple[int, int]], background: np.ndarray) -> bool:
        """Most of the background points between cells changed: the board is no longer there."""
        return points_changed(self._sample(image, points), background) > GONE

    def reading(self, near: Cell | None = None) -> BoardReading:
        """What the board shows now: all of it, or (`near`, with `grab_box`) the cells around `near`.

        A reading near a cell grabs only the cells around it (the head: a strict game takes only
        a neighbour of the head in one step, and a dropped path shows at the head too) and takes
        the other cells as the latest reading saw them; the caller reads the whole board now and
        then to check that.
        """
        if near is None or self.grab_box is None or self.latest is None:
            image = self.grab()
            reading = self.reading_of(image, self.clock())
            self.latest = reading.taken
            return reading
        box, cells, corners, background = self._near(near)
        image = self.grab_box(box)
        at = self.clock()
        origin = box[:2]
        local = frozenset(cell for cell in cells if self._taken(image, cell, origin))
        taken = (self.latest - set(cells)) | local
        shifted = [(x - origin[0], y - origin[1]) for x, y in corners]
        gone = self._gone(image, shifted, background)
        self.latest = taken
        return BoardReading(taken, gone, at, whole=False)

    def reading_of(self, image: np.ndarray, at: float) -> BoardReading:
        """What `image` (a grab of the whole board region) shows, grabbed `at`."""
        taken = frozenset(cell for cell in self.cells if self._taken(image, cell))
        return BoardReading(taken, self._gone(image, self._corners, self._background), at)

    def _near(self, cell: Cell) -> tuple[Box, list[Cell], list[tuple[int, int]], np.ndarray]:
        """The box of the 3x3 cells around `cell` (clipped to the region), the route cells whose
        patches lie in it, and the background points between cells inside it."""
        if cell not in self._near_cache:
            (px, py), (x, y) = self.geometry.pitch, self.geometry.centre(cell)
            h, w = self.shape[:2]
            box = (
                max(0, int(x - 1.5 * px)),
                max(0, int(y - 1.5 * py)),
                min(w, int(np.ceil(x + 1.5 * px)) + 1),
                min(h, int(np.ceil(y + 1.5 * py)) + 1),
            )
            x0, y0, x1, y1 = box
            cells = [
                other
                for other in self.cells
                if max(abs(other[0] - cell[0]), abs(other[1] - cell[1])) <= 1
                and _inside(self._patch_box(other, self.shape), box)
            ]
            corners = [(cx, cy) for cx, cy in self._corners if x0 <= cx < x1 and y0 <= cy < y1]
            background = self._background[[self._corners.index(point) for point in corners]]
            self._near_cache[cell] = (box, cells, corners, background)
        return self._near_cache[cell]


def _inside(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]
