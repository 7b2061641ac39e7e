"""One sight of the screen (`sight_of`): grab a region, detect, and keep how the image maps back (`Sight`).

Detection costs 15-40 ms and the grab a few; the loop waits through screens that stand still
(the walked board before the complete screen, the ranking screen) by grabbing often, so a grab
whose pixels equal the previous sight's keeps that detection (the detector is deterministic: the
same pixels, the same answer) instead of running it again.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from onestroke.bot.device import Device
from onestroke.bot.vision import Detection, detect
from onestroke.bot.vision.change import identical
from onestroke.bot.vision.wordlists import WordLists
from onestroke.coords import Rect, ScreenMap
from onestroke.solver.board import Board

Reader = Callable[[np.ndarray], Detection]
"""What reads a grabbed image: the built-in `detect`, or a look (an app's appearance) taught by
`onestroke teach`."""


@dataclass(frozen=True)
class Sight:
    """One sight of the screen: the grabbed image, where it came from, what the detector saw, and timings."""

    image: np.ndarray
    screen_map: ScreenMap
    detection: Detection
    capture_ms: float
    detect_ms: float  # what detecting this image took (when it was detected, not reused)
    grabbed_at: float = 0.0  # time.monotonic() when the image was grabbed

    @property
    def board(self) -> Board | None:
        """The board when every self-check passed, else None (never drag on anything else)."""
        return self.detection.board if self.detection.ok else None


def sight_of(
    device: Device, region: Rect, previous: Sight | None = None, reader: Reader | None = None
) -> Sight:
    """Grab `region` (capture units) from `device` and detect the board in it, timing both
    (with `reader` when given: a taught look; else the built-in reading).

    When `previous` is a sight of the same region with the very same pixels, its detection is kept.
    """
    began = time.perf_counter()
    image = device.grab(region)
    grabbed = time.perf_counter()
    at = time.monotonic()
    capture_ms = (grabbed - began) * 1e3
    if previous is not None and same_pixels(previous, region, image):
        return replace(previous, capture_ms=capture_ms, grabbed_at=at)
    # no text read on a grab: a first read loads the OCR engine (1-4 s on a busy machine) and each
    # screen that is not a plain level costs 0.3-1 s; the loop reads the words in its own steps,
    # once what it judges has held still (`with_words`)
    detection = reader(image) if reader is not None else detect(image, read_text=False)
    done = time.perf_counter()
    screen_map = ScreenMap.for_image(region, image, device.scale)
    return Sight(image, screen_map, detection, capture_ms, (done - grabbed) * 1e3, at)


def with_words(sight: Sight, lists: WordLists) -> Sight:
    """`sight` with the words on its screen read and judged by `lists` (vision's `detect` with
    `read_text`): a screen that is not a plain level is then known by what it says (another app's
    complete panel, its go-on control; a solved board with a go-on control beside it). A plain
    level, the real game's complete screen (known by its layout) and a sight already read are
    returned as they are: no reading."""
    if not needs_words(sight):
        return sight
    began = time.perf_counter()
    # a board solved as read with the lattice of the sight before the drag (bot/play/known.py):
    # vision alone may refuse it (a band that merges every cell), its words are judged beside it
    geometry = sight.detection.geometry
    board = geometry.bounds() if solved(sight) and geometry is not None else None
    detection = detect(sight.image, read_text=True, lists=lists, solved_board=board)
    return replace(sight, detection=detection, detect_ms=(time.perf_counter() - began) * 1e3)


def needs_words(sight: Sight) -> bool:
    """Whether what `sight` shows is known only by its words: not a plain level (a board with
    cells still to walk), not the real game's complete screen (its layout), not read already."""
    seen = sight.detection
    return seen.words is None and seen.screen != "complete" and not (seen.ok and not solved(sight))


def solved(sight: Sight) -> bool:
    """A board read with every open cell walked: the level is done (its screen may say how to go on)."""
    board = sight.detection.board
    return board is not None and sight.detection.ok and len(sight.detection.walked) == len(board.open_cells)


def same_pixels(sight: Sight, region: Rect, image: np.ndarray) -> bool:
    """`image`, grabbed from `region`, is what `sight` saw."""
    return sight.screen_map.region == region and identical(sight.image, image)
