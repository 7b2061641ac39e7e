"""Reading a screenshot with the lattice of an earlier look, where vision alone cannot.

After an open-loop stroke (a phone: no fast capture to watch it) the bot checks the result on a
screenshot. Vision finds the lattice from plain cells, so a board with nearly every cell walked
(the real game's band merges walked cells into one shape) is refused, not misread
(docs/vision.md, limits) — exactly what a stroke cut short near its end leaves. The look the
stroke was planned on had its board read, with its lattice; `KnownLattice` reads a later
screenshot of the same region with it:

- `taken`: every cell still in the plain cell colour is not taken, every other cell is (the
  path's band, the cat on the head), as the watched drag reads cells (`BoardWatch`,
  bot/vision/watch.py); None when the screen is not that level any more: around the board (the
  background, the bars, the buttons) it is not as it was;
- `head`: which taken cell shows the figure (the cat, a head marker) as the earlier look showed
  it on its head; None when no cell clearly does (a look that marks no head);
- `detection`: the earlier look's detection with the lattice cut to the new region, the walked
  cells given, and a check saying how they were read.

Which taken cells make a path the stroke could have drawn is the caller's judgement (it knows the
walk it sent: bot/play/known.py). Pure: images in, cells and a `Detection` out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from onestroke.bot.vision.change import changed_share, difference
from onestroke.bot.vision.checks import Check
from onestroke.bot.vision.detect import Detection
from onestroke.bot.vision.watch import BoardWatch
from onestroke.coords import Geometry, Rect, ScreenMap
from onestroke.solver.board import Board, Cell

CHROME_STEP = 8  # every k-th pixel outside the board is compared with the earlier look
CHROME_CHANGED = 0.05  # more than this share of them changed: another screen, not this level
CHROME_MIN = 200  # fewer samples than this around the board (a region cut tight): no proof, no read
FIGURE_HALF = 0.4  # half side of the box compared for the figure on the head, in pitches
FIGURE_CLEAR = 3.0  # the head's box must be this many times closer to the figure than any other cell's


@dataclass(frozen=True)
class _View:
    """The earlier look as seen in a grab of one region: image, lattice, watch, what lies around."""

    reference: np.ndarray
    geometry: Geometry
    watch: BoardWatch
    outside: np.ndarray
    figure: np.ndarray  # the box around the earlier look's head: the figure as it is drawn


@dataclass
class KnownLattice:
    """An earlier look whose board vision read: its `image`, where it came from, its `detection`."""

    image: np.ndarray
    screen_map: ScreenMap
    detection: Detection
    _views: dict[Rect, _View | None] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.detection.board is None or not self.detection.ok or self.detection.geometry is None:
            raise ValueError("a known lattice needs a look whose board passed every check")

    @property
    def board(self) -> Board:
        assert self.detection.board is not None
        return self.detection.board

    def taken(self, image: np.ndarray, screen_map: ScreenMap) -> frozenset[Cell] | None:
        """The cells `image` (a grab of `screen_map`'s region) shows as taken, read with the known
        lattice; None when it cannot be that level's screen (another region scale, a region the
        earlier look does not cover or cut too tight to tell, the screen around the board changed)."""
        view = self._view(screen_map)
        if view is None or image.shape != view.reference.shape or view.outside.sum() < CHROME_MIN:
            return None
        step = (slice(None, None, CHROME_STEP), slice(None, None, CHROME_STEP))
        if changed_share(image[step], view.reference[step], view.outside) > CHROME_CHANGED:
            return None
        # (not the watch's own test of the gaps between cells: a band as wide as a cell covers them)
        return view.watch.reading_of(image, at=0.0).taken

    def head(self, image: np.ndarray, screen_map: ScreenMap, taken: frozenset[Cell]) -> Cell | None:
        """The taken cell the figure sits on in `image` (after a `taken` that read it): the one
        whose box is clearly the closest to the figure's box in the earlier look; None when no
        cell is (nothing on the head but the path's colour, or two alike)."""
        view = self._view(screen_map)
        if view is None or not taken:
            return None
        distances = sorted(
            (float(difference(_box(image, view.geometry, cell), view.figure).mean()), cell) for cell in taken
        )
        if len(distances) == 1:
            return distances[0][1]
        (best, cell), (second, _) = distances[:2]
        return cell if best * FIGURE_CLEAR < second else None

    def detection_with(self, screen_map: ScreenMap, walked: Sequence[Cell]) -> Detection:
        """The earlier detection in `screen_map`'s region (one `taken` answered for) with `walked`
        (start to head) drawn."""
        view = self._view(screen_map)
        assert view is not None, "detection_with follows a `taken` that read the region"
        taken = f"{len(walked)} of {len(self.board)} cells taken"
        check = Check("known board", True, f"read with the lattice of the look before the drag: {taken}")
        return replace(
            self.detection,
            geometry=view.geometry,
            walked=tuple(walked) if len(walked) > 1 else (),
            checks=(*self.detection.checks, check),
        )

    def _view(self, screen_map: ScreenMap) -> _View | None:
        """The earlier look cut to `screen_map`'s region (the loop looks at the game's region once
        it knows it; the drag may have been planned on the whole screen)."""
        region = screen_map.region
        if region not in self._views:
            self._views[region] = self._cut(screen_map)
        return self._views[region]

    def _cut(self, screen_map: ScreenMap) -> _View | None:
        before = self.screen_map
        geometry = self.detection.geometry
        assert geometry is not None
        if screen_map.density != before.density or not before.region.covers(screen_map.region):
            return None
        dx = (screen_map.region.left - before.region.left) * before.density
        dy = (screen_map.region.top - before.region.top) * before.density
        box = Rect(
            dx, dy, screen_map.region.width * before.density, screen_map.region.height * before.density
        )
        reference = self.image[box.slices()]
        geometry = geometry.translated(-dx, -dy)
        walked = self.detection.walked or (self.board.start,)  # the cat sits on the start
        watch = BoardWatch(lambda: reference, geometry, sorted(self.board.cells), walked)
        outside = _outside_mask(reference.shape, geometry.bounds())
        return _View(reference, geometry, watch, outside, _box(reference, geometry, walked[-1]))


def _box(image: np.ndarray, geometry: Geometry, cell: Cell) -> np.ndarray:
    """The box of `FIGURE_HALF` pitches around `cell`'s centre (int16: for differences), cut to the image."""
    x, y = geometry.centre(cell)
    half = max(1, round(FIGURE_HALF * min(geometry.pitch)))
    h, w = image.shape[:2]
    x0, y0 = min(max(0, round(x) - half), w - 1), min(max(0, round(y) - half), h - 1)
    x1, y1 = max(x0 + 1, min(w, round(x) + half + 1)), max(y0 + 1, min(h, round(y) + half + 1))
    box = np.zeros((2 * half + 1, 2 * half + 1, 3), np.int16)
    box[: y1 - y0, : x1 - x0] = image[y0:y1, x0:x1, :3]
    return box


def _outside_mask(shape: tuple[int, ...], bounds: Rect) -> np.ndarray:
    """Every `CHROME_STEP`-th pixel that lies outside the board's bounds (True)."""
    h, w = shape[:2]
    ys, xs = np.mgrid[0:h:CHROME_STEP, 0:w:CHROME_STEP]
    inside = (xs >= bounds.left) & (xs < bounds.right) & (ys >= bounds.top) & (ys < bounds.bottom)
    return ~inside
