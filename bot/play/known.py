"""Reading the board the loop just dragged on, where vision alone cannot: the cells the game took.

After an open-loop stroke (a phone: no fast capture to watch it) the loop checks the result on
a screenshot. Vision finds the lattice from plain cells, so a board with nearly every cell
walked (the real game's band merges walked cells into one shape) is refused, not misread
(docs/vision.md, limits) — exactly what a stroke cut short near its end leaves. The loop still
knows the board: vision read it on the look the stroke was planned on, with its lattice, and
it knows the walk it sent. `KnownBoard.reread` reads a later screenshot with that lattice:

- every cell still in the plain cell colour is not taken, every other cell is (the path's band,
  the cat on the head), as the watched drag reads cells (bot/play/drag.py, `BoardWatch`);
- the taken cells are put in the order the walk sent them (a game only takes cells in the order
  the finger reaches them, some skipped when frames come late); they must make a path from the
  start on the board, and no cell off the walk may have changed;
- the screen must still be that level: around the board (the background, the bars, the
  buttons) it is as it was.

Anything else gives None: the screenshot is then what vision says it is. Pure: images in, a
`Sight` with the walked cells out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from onestroke.bot.coords import Geometry, Rect, ScreenMap
from onestroke.bot.play.drag import PIXEL_CHANGED, BoardWatch
from onestroke.bot.play.sight import Sight
from onestroke.bot.vision.checks import Check
from onestroke.solver.board import Board, Cell
from onestroke.solver.finish import drawn_problem

CHROME_STEP = 8  # every k-th pixel outside the board is compared with the look before the drag
CHROME_CHANGED = 0.05  # more than this share of them changed: another screen, not this level
CHROME_MIN = 200  # fewer samples than this around the board (a region cut tight): no proof, no read


@dataclass(frozen=True)
class _View:
    """The look before the drag as seen in a grab of one region: image, lattice, watch, what lies around."""

    reference: np.ndarray
    geometry: Geometry
    watch: BoardWatch
    outside: np.ndarray


@dataclass
class KnownBoard:
    """The look a drag was planned on (`before`: vision read its board) and the walk sent (from the start)."""

    before: Sight
    walk: Sequence[Cell]
    _views: dict[Rect, _View | None] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.before.board is None or self.before.detection.geometry is None:
            raise ValueError("a known board needs a look whose board passed every check")

    @property
    def board(self) -> Board:
        assert self.before.board is not None
        return self.before.board

    def _view(self, screen_map: ScreenMap) -> _View | None:
        """The look before the drag cut to `screen_map`'s region (the loop looks at the game's
        region once it knows it; the drag may have been planned on the whole screen)."""
        region = screen_map.region
        if region not in self._views:
            self._views[region] = self._cut(screen_map)
        return self._views[region]

    def _cut(self, screen_map: ScreenMap) -> _View | None:
        before = self.before.screen_map
        geometry = self.before.detection.geometry
        assert geometry is not None
        if screen_map.density != before.density or not before.region.covers(screen_map.region):
            return None
        dx = (screen_map.region.left - before.region.left) * before.density
        dy = (screen_map.region.top - before.region.top) * before.density
        box = Rect(
            dx, dy, screen_map.region.width * before.density, screen_map.region.height * before.density
        )
        reference = self.before.image[box.slices()]
        geometry = geometry.translated(-dx, -dy)
        walked = self.before.detection.walked or (self.board.start,)  # the cat sits on the start
        watch = BoardWatch(lambda: reference, geometry, sorted(self.board.cells), walked)
        return _View(reference, geometry, watch, _outside_mask(reference.shape, geometry.bounds()))

    def reread(self, sight: Sight) -> Sight | None:
        """`sight` with the known board and the walked cells it shows, or None when it is not that level."""
        view = self._view(sight.screen_map)
        if view is None or sight.image.shape != view.reference.shape or view.outside.sum() < CHROME_MIN:
            return None
        if _changed(sight.image, view.reference, view.outside) > CHROME_CHANGED:
            return None
        # (not the watch's own test of the gaps between cells: a band as wide as a cell covers them)
        look = view.watch.read(sight.image, at=0.0)
        order = [cell for cell in dict.fromkeys(self.walk) if cell in look.taken]
        if len(order) != len(look.taken) or drawn_problem(self.board, order):
            return None  # a cell off the walk changed, or the taken cells make no path from the start
        taken = f"{len(order)} of {len(self.board)} cells taken"
        check = Check("known board", True, f"read with the lattice of the look before the drag: {taken}")
        before = self.before.detection
        detection = replace(
            before,
            geometry=view.geometry,
            walked=tuple(order) if len(order) > 1 else (),
            checks=(*before.checks, check),
        )
        return replace(sight, detection=detection)


def _outside_mask(shape: tuple[int, ...], bounds: Rect) -> np.ndarray:
    """Every `CHROME_STEP`-th pixel that lies outside the board's bounds (True)."""
    h, w = shape[:2]
    ys, xs = np.mgrid[0:h:CHROME_STEP, 0:w:CHROME_STEP]
    inside = (xs >= bounds.left) & (xs < bounds.right) & (ys >= bounds.top) & (ys < bounds.bottom)
    return ~inside


def _changed(image: np.ndarray, reference: np.ndarray, outside: np.ndarray) -> float:
    """The share of the sampled pixels outside the board that changed since the look before the drag."""
    a = image[::CHROME_STEP, ::CHROME_STEP, :3].astype(np.int16)
    b = reference[::CHROME_STEP, ::CHROME_STEP, :3].astype(np.int16)
    changed = np.abs(a - b).max(axis=2) > PIXEL_CHANGED
    return float(np.mean(changed[outside])) if outside.any() else 0.0
