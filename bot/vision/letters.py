"""Reading the letter on a marked cell: S (the start) or E (the goal), by shape alone.

An S looks the same turned half a turn; an E looks the same flipped top to bottom and has a
full stem on its left. The ink (pixels far from the cell's own colour, largest piece) is scaled
to a small square and compared with both transforms of itself. No font, no colour, no template;
anything else reads as None.
"""

from __future__ import annotations

import cv2
import numpy as np

from onestroke.bot.vision.blobs import enclosed_holes
from onestroke.bot.vision.lattice import Lattice

INK = 60  # a pixel this far (max over channels) from the cell's colour is ink
HALF = 0.3  # the letter is looked for within this many pitches of the centre (a frame lies outside)
SIDE = 24  # the ink is compared at this size
# measured on bold sans letters 9-57 px tall, sharp and as JPEG at quality 60: an E has a full
# stem on its left (0.96-1.0 of its rows) and overlaps its flip by 0.08-0.45 more than its half
# turn; an S covers 0.5-0.88 of its rows there and overlaps its half turn by 0.03-0.16 more
# (an N or Z would pass for an S: only telling E from the rest matters, see roles.py)
E_STEM, E_MARGIN, E_FLIPPED = 0.93, 0.08, 0.75
S_STEM, S_MARGIN, S_TURNED = 0.9, 0.03, 0.7
# measured on the dots web game's 6 px S and E (../shared/real-screens/other-apps): overlaps of
# 0.69 (E flipped) and 0.69-0.8 (S turned) with margins of 0.31 and 0.11
TINY, TINY_SLACK = 9, 0.1


def read_letter(image: np.ndarray, lattice: Lattice, index: tuple[int, int]) -> str | None:
    """'S', 'E' or None for the lattice position `index` (row, col in lattice indices)."""
    return _letter_in(image, lattice, index, (-HALF, HALF), (-HALF, HALF), 0.3, 0)


CORNER = (0.12, 0.45)  # pitches from the centre, either axis: a corner of the cell, inside a frame
CORNER_TALL = 4  # px: the smallest letter read in a corner (a 6 px S on an 88 px cell)


def read_corner_letter(image: np.ndarray, lattice: Lattice, index: tuple[int, int]) -> str | None:
    """'S', 'E' or None for a letter in one of the two lower corners of the lattice position
    `index`, between its dot and a frame on its bounds (where dots apps print a small S or E
    beside the dot); two corners with different letters read as None.

    Only the lower corners: the upper ones hold the step numbers these apps print on walked
    cells, and a 5 is an S turned half a turn as much as an S is. The corner stays inside the
    cell's own shape: on tiles (cells as wide as most of the pitch) within 0.48 of the tile's side
    from its centre, so the gap around it (a frame drawn there, the page) is never taken for ink.
    Where that reads none, once more out to the tile's edge: the blobs the lattice was fitted to
    are their tiles less the flat mask's rim (`Lattice.tile_side`), a tenth of a small tile,
    and an S printed down to its tile's edge was cut there to a crop too small to read (seeds
    1508, 1856: a tile of 31-66 px at half scale)."""
    if lattice.fill <= 0.5:
        return _corner_letter(image, lattice, index, CORNER[1])
    far = min(CORNER[1], 0.48 * lattice.fill)
    edge = min(CORNER[1], 0.5 * lattice.tile_side)
    letter = _corner_letter(image, lattice, index, far)
    return letter if letter is not None or edge <= far else _corner_letter(image, lattice, index, edge)


def _corner_letter(image: np.ndarray, lattice: Lattice, index: tuple[int, int], far: float) -> str | None:
    """'S', 'E' or None for a letter in one of the two lower corners, up to `far` pitches out."""
    near = CORNER[0]
    found = set()
    for xs, inner_side in (((-far, -near), "right"), ((near, far), "left")):
        letter = _letter_in(image, lattice, index, xs, (near, far), 0.15, CORNER_TALL, ("top", inner_side))
        if letter:
            found.add(letter)
    return found.pop() if len(found) == 1 else None


def _letter_in(
    image: np.ndarray,
    lattice: Lattice,
    index: tuple[int, int],
    xs: tuple[float, float],
    ys: tuple[float, float],
    tall: float,
    smallest: int,
    whole_from: tuple[str, ...] = (),
) -> str | None:
    """The letter in the box `xs` x `ys` (pitches from the centre of `index`): its largest piece
    of ink, at least `tall` of the box's height and `smallest` px tall (the box at least 10 px),
    and clear of the box's sides named in `whole_from` (the sides toward the cell's middle: ink
    that runs on past them is part of something drawn around the middle, a ring's arc)."""
    r, c = index
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    cx, cy = ox + px * c, oy + py * r
    h, w = image.shape[:2]
    x0, x1 = max(0, int(round(cx + xs[0] * px))), min(w, int(round(cx + xs[1] * px)) + 1)
    y0, y1 = max(0, int(round(cy + ys[0] * py))), min(h, int(round(cy + ys[1] * py)) + 1)
    crop = image[y0:y1, x0:x1].astype(np.int16)
    if min(crop.shape[:2]) < 10:
        return None
    base = np.median(crop.reshape(-1, 3), axis=0)
    ink = (np.abs(crop - base).max(axis=2) > INK).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    if count < 2:
        return None
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, bw, bh = (int(v) for v in stats[biggest, :4])
    if bh < max(tall * crop.shape[0], smallest) or bw < 0.15 * crop.shape[1]:
        return None
    touches = {
        "left": x == 0,
        "top": y == 0,
        "right": x + bw == crop.shape[1],
        "bottom": y + bh == crop.shape[0],
    }
    if any(touches[side] for side in whole_from):
        return None  # cut by the box on its way to the middle (seed 628: a ring's arcs read as S)
    letter = (labels[y : y + bh, x : x + bw] == biggest).astype(np.float32)
    if _enclosed_share(letter) >= RING_HOLE:
        return None  # a ring or a frame (a next step's ring, an O): an S or an E encloses nothing
    shape = cv2.resize(letter, (SIDE, SIDE), interpolation=cv2.INTER_AREA) > 0.5
    turned = _overlap(shape, shape[::-1, ::-1])
    flipped = _overlap(shape, shape[::-1, :])
    stem = float(shape[:, : max(1, SIDE // 6)].any(axis=1).mean())  # rows with ink at the far left
    # a letter a few pixels tall loses a row or column of its symmetry to anti-aliasing (one
    # pixel of a 6 px E is a sixth of it): its overlaps are lower, its margins as clear
    slack = TINY_SLACK if bh < TINY else 0.0
    # (three bars, as an S's: the edge of a disc a little off the cell's middle leaves a C of the
    # tile's colour around it, as stemmed and as alike flipped as an E, with no middle bar)
    e_like = stem >= E_STEM and flipped >= E_FLIPPED - slack and flipped - turned >= E_MARGIN
    if e_like and _three_bars(shape):
        return "E"
    if stem < S_STEM and turned >= S_TURNED - slack and turned - flipped >= S_MARGIN and _three_bars(shape):
        return "S"
    return None


RING_HOLE = 0.1  # of the ink's box: enclosed background that large is no S or E (a ring's is a third)


def _enclosed_share(ink: np.ndarray) -> float:
    """The largest piece of background the ink encloses, as a share of its box: a ring's middle,
    where a small bold S blurred shut keeps a pixel or two."""
    return max((area for area, _ in enclosed_holes(ink)), default=0) / float(ink.size)


def _three_bars(shape: np.ndarray) -> bool:
    """Whether the ink crosses the middle of its width in its top and bottom sixths and halfway
    down, as an S's or an E's three bars do; a diagonal stroke (an arc of a ring seen in a cell's corner) is
    as alike turned half a turn, but it crosses the middle only halfway down."""
    side = shape.shape[0]
    crossing = shape[:, side // 2 - 2 : side // 2 + 2].any(axis=1)
    sixth = side // 6
    middle = crossing[side // 3 : side - side // 3]
    return bool(crossing[:sixth].any() and middle.any() and crossing[-sixth:].any())


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    union = (a | b).sum()
    return float((a & b).sum() / union) if union else 0.0


MOST_MARKED = 6  # a start, a goal and four rings on the next steps


def read_letters(
    image: np.ndarray,
    lattice: Lattice,
    box: tuple[int, int, int, int],
    kinds: np.ndarray,
    *,
    corners: bool = False,
) -> dict:
    """The letters on the marked positions of a grid (box coordinates -> 'S' or 'E'); with
    `corners`, a letter in a corner of the cell too where none is on its middle.

    Only a start and a goal carry letters: with more than `MOST_MARKED` marked cells (a keypad,
    a calendar) the board is refused anyway, and reading them all would only cost time. Up to
    that many, a start and a goal beside the four rings an app draws around the next steps.
    """
    from onestroke.bot.vision.reading import MARK

    marked = list(zip(*np.nonzero(kinds == MARK), strict=True))
    if len(marked) > MOST_MARKED:
        return {}
    r0, _, c0, _ = box
    letters = {}
    for r, c in marked:
        index = (r0 + int(r), c0 + int(c))
        letter = read_letter(image, lattice, index)
        if letter is None and corners:
            letter = read_corner_letter(image, lattice, index)
        if letter:
            letters[(int(r), int(c))] = letter
    return letters
