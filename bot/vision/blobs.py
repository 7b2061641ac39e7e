"""Stage 1: flat blobs, the pieces of any repeating structure. No colour and no size assumed.

A 3x3 morphological gradient (max over the colour channels) marks every pixel where the colour
changes; the connected regions of unchanging colour are labelled. A tile is a flat (rounded)
square of any colour, a node-style board's dot a flat disc, a touching tile's interior a flat
square inside its border lines: all are compact regions that fill most of their bounding box
(a rounded square ~95 %, a disc 79 %). Boxes may be up to 35 % wider than tall or the other way
round, so a stretched window's cells still count.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

FLAT_THRESHOLD = 14  # max-min over 3x3 (any channel) below this is "no edge"; JPEG noise stays < 8
# px a side a flat region loses next to its edge (on the searched copy): the 3x3 mean spreads the
# edge one pixel in, the 3x3 gradient marks one more, so a tile's blob is its tile less this rim
EDGE_LOSS = 2
MIN_FILL = 0.64  # a rounded square fills ~97 % of its box (JPEG-eroded >= 85 %); a small disc, eroded, ~68 %
MAX_ASPECT = 1.35  # a cell stretched by 15 % plus JPEG and rounding
MIN_BLOB = 8  # px on each side
LINE_THRESHOLD = 10  # a faint grid line: a change of 10 or more at every pixel of a long straight run
LINE_RUN = 15  # px: a run this long, straight along a row or a column, is a line (noise never is)
MAX_BLOBS = 600  # the lattice step compares every pair of blobs: this bounds its time and memory


@dataclass(frozen=True)
class Blobs:
    """Blob centres (flat regions: the middle of the bounding box; dots: the centroid) and
    bounding-box sides, in the pixels of the image they were found in."""

    x: np.ndarray
    y: np.ndarray
    w: np.ndarray
    h: np.ndarray

    def __len__(self) -> int:
        return len(self.x)

    @property
    def size(self) -> np.ndarray:
        return (self.w + self.h) / 2

    def scaled(self, factor: float) -> Blobs:
        """The same blobs in the image `1 / factor` times larger (pixel i covers i/f .. (i+1)/f)."""
        return Blobs(
            (self.x + 0.5) / factor - 0.5, (self.y + 0.5) / factor - 0.5, self.w / factor, self.h / factor
        )


def as_bgr(image: np.ndarray) -> np.ndarray:
    """The image as 3-channel BGR; grey and BGRA are converted, anything else is refused."""
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8:
        raise TypeError("detect() needs a uint8 numpy image")
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.ndim == 3 and image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    if image.ndim == 3 and image.shape[2] == 3:
        return image
    raise ValueError(f"detect() needs an HxW, HxWx3 or HxWx4 image, not shape {image.shape}")


def flat_mask(image: np.ndarray) -> np.ndarray:
    """255 where the colour does not change within a 3x3 neighbourhood, in any channel.

    The image is first averaged over 3x3: JPEG's specks inside a small dark dot would otherwise
    break its interior into pieces too small to count (a 3x3 mean keeps edges of 20 or more).
    """
    smooth = cv2.blur(image, (3, 3))
    gradient = cv2.morphologyEx(smooth, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    return cv2.compare(largest_channel(gradient), FLAT_THRESHOLD, cv2.CMP_LT)


def largest_channel(image: np.ndarray) -> np.ndarray:
    """The largest of the three channels at each pixel (uint8, H x W).

    Split into three planes first: `cv2.max` on the channels' views (every third byte) copies
    each view before comparing, 2.6-2.9x slower on a screen's steps (the same array)."""
    b, g, r = cv2.split(image)
    return cv2.max(cv2.max(b, g), r)


def line_mask(image: np.ndarray) -> np.ndarray:
    """255 on straight horizontal and vertical lines too faint for `flat_mask` to see.

    A grid drawn with thin, low-contrast lines (a framed grid, touching cells split by 1 px
    lines) is one flat region to `flat_mask`: the 3x3 mean spreads a 1 px line of contrast 30 to
    a change of 10. Unsmoothed, such a line changes by its whole contrast at every pixel of a
    long straight run; grain and JPEG noise change as much here and there, never along
    `LINE_RUN` pixels in a row. The lines are the structure: cut at them, the cells between are
    compact regions like any tile.
    """
    gradient = cv2.morphologyEx(image, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    changed = cv2.compare(largest_channel(gradient), LINE_THRESHOLD, cv2.CMP_GE)
    across = cv2.morphologyEx(changed, cv2.MORPH_OPEN, np.ones((1, LINE_RUN), np.uint8))
    down = cv2.morphologyEx(changed, cv2.MORPH_OPEN, np.ones((LINE_RUN, 1), np.uint8))
    return cv2.max(across, down)


def components(
    mask: np.ndarray,
    connectivity: int,
    algorithm: int = cv2.CCL_DEFAULT,
    dense: float = 1 / 32,
    *,
    runs: bool = False,
) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """`cv2.connectedComponentsWithStatsWithAlgorithm(mask, connectivity, cv2.CV_32S, algorithm)`:
    the count, labels, stats and centroids, the same numbers for every component (rows 1 on;
    row 0, the background, is left zero: no caller reads it).

    OpenCV's stats visit every pixel, the background's too: on a sparse mask (the dot search's,
    the complete screen's colours) they cost twice the labelling. Where at most `dense` of the
    pixels are set, the stats are gathered from the set pixels alone: exact whole numbers, the
    centroids the same integer sums over the same areas. Where more are set, OpenCV's stats, or
    with `runs` the stats and centroids of the labels' runs along the rows
    (`run_stats_and_centroids`: a mask of a few large shapes, as the complete screen's colours
    are, is a few long runs; 0.3-0.7 ms against OpenCV's 0.8-1.4 on those masks of the fixtures,
    where the dot search's speckled masks gain nothing)."""
    if cv2.countNonZero(mask) > dense * mask.size:
        if not runs:
            return cv2.connectedComponentsWithStatsWithAlgorithm(mask, connectivity, cv2.CV_32S, algorithm)
        count, labels = cv2.connectedComponentsWithAlgorithm(mask, connectivity, cv2.CV_32S, algorithm)
        return count, labels, *run_stats_and_centroids(labels, count)
    count, labels = cv2.connectedComponentsWithAlgorithm(mask, connectivity, cv2.CV_32S, algorithm)
    stats = np.zeros((count, 5), np.int32)
    centroids = np.zeros((count, 2))
    points = cv2.findNonZero(mask)
    if points is None:
        return count, labels, stats, centroids
    points = points.reshape(-1, 2)  # (x, y) in raster order
    xs, ys = points[:, 0], points[:, 1]
    label = labels[ys, xs]
    ends = []
    for place, least in ((xs, True), (xs, False), (ys, True), (ys, False)):
        end = np.full(count, place.max() if least else 0, np.int32)
        (np.minimum if least else np.maximum).at(end, label, place)
        ends.append(end[1:])
    left, right, top, bottom = ends
    area = np.bincount(label, minlength=count)[1:]
    stats[1:, cv2.CC_STAT_LEFT] = left
    stats[1:, cv2.CC_STAT_TOP] = top
    stats[1:, cv2.CC_STAT_WIDTH] = right - left + 1
    stats[1:, cv2.CC_STAT_HEIGHT] = bottom - top + 1
    stats[1:, cv2.CC_STAT_AREA] = area
    centroids[1:, 0] = np.bincount(label, weights=xs, minlength=count)[1:] / area
    centroids[1:, 1] = np.bincount(label, weights=ys, minlength=count)[1:] / area
    return count, labels, stats, centroids


def run_stats(labels: np.ndarray, count: int) -> np.ndarray:
    """OpenCV's stats (left, top, width, height, area; int32, row 0 left zero) of the `count`
    labelled regions of `labels`, gathered from their runs along the rows.

    OpenCV's stats visit every pixel (3.4 of 5.0 ms on a phone screen's flat mask, where the
    labels take 1.5); a flat mask's regions are long runs of one label, a few thousand on a
    screen, so the same whole numbers come from each run's ends: its row, first and last column."""
    return _stats_of_runs(_runs(labels), labels.shape, count)


def run_stats_and_centroids(labels: np.ndarray, count: int) -> tuple[np.ndarray, np.ndarray]:
    """`run_stats` and OpenCV's centroids (row 0 left zero): each region's pixels' columns and
    rows summed run by run (a run's columns first..last sum to (first + last) * length / 2), the
    same whole numbers OpenCV sums pixel by pixel, over the same area."""
    runs = _runs(labels)
    stats = _stats_of_runs(runs, labels.shape, count)
    label, row, first, last = runs
    length = last - first + 1
    area = stats[1:, cv2.CC_STAT_AREA]
    centroids = np.zeros((count, 2))
    centroids[1:, 0] = np.bincount(label, weights=(first + last) * length // 2, minlength=count)[1:] / area
    centroids[1:, 1] = np.bincount(label, weights=row * length, minlength=count)[1:] / area
    return stats, centroids


def _runs(labels: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The runs of one label along the rows of `labels`, the background's left out: each run's
    label, row, first and last column."""
    h, w = labels.shape
    flat = labels.ravel()
    change = flat[1:] != flat[:-1]
    change[w - 1 :: w] = True  # a row's last pixel ends its run
    ends = np.append(np.flatnonzero(change), flat.size - 1)
    starts = np.concatenate(([0], ends[:-1] + 1))
    label = flat[starts]
    kept = label > 0
    starts, ends, label = starts[kept], ends[kept], label[kept]
    row = starts // w
    return label, row, starts - row * w, ends - row * w


def _stats_of_runs(
    runs: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray], shape: tuple[int, int], count: int
) -> np.ndarray:
    """OpenCV's stats of the `count` regions whose runs are `runs` (`_runs`) in an image of `shape`."""
    h, w = shape
    label, row, first, last = runs
    left, top = np.full(count, w, np.int64), np.full(count, h, np.int64)
    right, bottom = np.zeros(count, np.int64), np.zeros(count, np.int64)
    np.minimum.at(left, label, first)
    np.maximum.at(right, label, last)
    np.minimum.at(top, label, row)
    np.maximum.at(bottom, label, row)
    stats = np.zeros((count, 5), np.int32)
    stats[1:, cv2.CC_STAT_LEFT] = left[1:]
    stats[1:, cv2.CC_STAT_TOP] = top[1:]
    stats[1:, cv2.CC_STAT_WIDTH] = right[1:] - left[1:] + 1
    stats[1:, cv2.CC_STAT_HEIGHT] = bottom[1:] - top[1:] + 1
    stats[1:, cv2.CC_STAT_AREA] = np.bincount(label, weights=last - first + 1, minlength=count)[1:]
    return stats


def box_middles(stats: np.ndarray) -> np.ndarray:
    """The middle of each region's bounding box (x, y), pixel centres at whole numbers.

    A tile's centre is the middle of its box, not the centroid of its flat region: what is drawn
    inside a tile (a thin line through the centres of walked tiles turning a corner, a finger's
    dot, a flag) cuts a piece out of the flat region on one side and moves its centroid off the
    tile's centre by up to a tenth of a pitch, where the box stays the tile's own while the
    region still reaches all four sides (what is cut off is the region's own inner part).
    """
    left = stats[:, cv2.CC_STAT_LEFT].astype(np.float64)
    top = stats[:, cv2.CC_STAT_TOP].astype(np.float64)
    w, h = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    return np.stack([left + (w - 1) / 2, top + (h - 1) / 2], axis=1)


@dataclass(frozen=True)
class Regions:
    """The 4-connected regions of a mask: their count (the background's label 0 included), labels
    and stats (`run_stats`: row 0 left zero)."""

    count: int
    labels: np.ndarray
    stats: np.ndarray


def regions_of(mask: np.ndarray) -> Regions:
    """The 4-connected regions of `mask` (OpenCV's default labelling, the stats from the runs)."""
    count, labels = cv2.connectedComponentsWithAlgorithm(mask, 4, cv2.CV_32S, cv2.CCL_DEFAULT)
    return Regions(count, labels, run_stats(labels, count))


@dataclass(frozen=True)
class FlatRegions:
    """The regions of a searched copy's flat mask less its faint lines (`cut`: what
    `compact_blobs` looks at), and of the flat mask itself where no line cuts it (`whole`: then
    the same mask, so the same labels; else None, and the line search labels the flat mask
    itself). Most screens that are no board (a music player, a card game, a file picker) show no
    faint line inside a flat region, and the line search runs on such screens: labelled once, not
    twice (1.2-1.5 ms a labelling on a phone screen's half-size copy)."""

    cut: Regions
    whole: Regions | None


def flat_regions(image: np.ndarray, flat: np.ndarray | None = None) -> FlatRegions:
    """`FlatRegions` of `image` (`flat`: `flat_mask(image)` where the caller made it already)."""
    flat = flat_mask(image) if flat is None else flat
    mask = cv2.bitwise_and(flat, cv2.bitwise_not(line_mask(image)))
    cut = regions_of(mask)
    # (the mask less the lines is a part of the flat mask: as many set pixels, the same mask)
    return FlatRegions(cut, cut if cv2.countNonZero(mask) == cv2.countNonZero(flat) else None)


def compact_blobs(image: np.ndarray, flat: np.ndarray | None = None, regions: Regions | None = None) -> Blobs:
    """Flat regions shaped like a cell or a dot, between faint lines too: nearly as wide as tall,
    filling their box (`flat`: `flat_mask(image)` where the caller made it already; `regions`:
    `flat_regions(image, flat).cut` where the caller made them)."""
    return compact_regions(flat_regions(image, flat).cut if regions is None else regions)


# squares (px on the searched copy) the flat regions are opened with, narrowest first, where no
# lattice was found at all: from a line of a few px to a band of about 20 px between the cells
JOIN_CUTS = (5, 9, 15, 25)


def cut_apart_blobs(regions: Regions) -> Iterator[Blobs]:
    """The compact blobs left when the flat regions (`FlatRegions.cut`) are opened with a square
    of each side in `JOIN_CUTS` in turn, narrowest first.

    A drawn path's cells joined by something narrower than they are (lit dots on a line, filled
    tiles joined by a band narrower than a tile) are one flat region, no compact blob, and where
    nearly every cell is walked the plain cells left are too few for a lattice. An opening with a
    square wider than the joins and narrower than the cells takes the joins away and leaves each
    cell a compact region of its own, on the board's lattice like any plain cell (which stays, if
    it is wider than the square). The joins' width is not known, so the squares grow in steps.

    Each square's erosion is built on the last one's (a square of side a after one of side b is
    one of a + b - 1, the outside counting as nothing, as in `DotSearch`): the same openings as
    `cv2.morphologyEx`'s, the erosions' squares summing to 25 px instead of 54."""
    mask = cv2.compare(regions.labels, 0, cv2.CMP_GT)  # every set pixel has a label (255 there, else 0)
    eroded, reach = mask, 1  # `mask` eroded by a square of side `reach`
    for side in JOIN_CUTS:
        eroded, reach = cv2.erode(eroded, np.ones((side - reach + 1,) * 2, np.uint8)), side
        opened = cv2.dilate(eroded, np.ones((side, side), np.uint8))
        yield _compact(opened_stats(opened), opened.shape[:2])


def opened_stats(mask: np.ndarray) -> np.ndarray:
    """`regions_of(mask).stats` (the same numbers in the same order) of an opening's mask.

    Where no two set pixels touch at a corner alone, the 4-connected regions are the 8-connected
    ones, and Grana's 8-connected labelling takes a third of the time of the 4-connected one
    (0.4 against 1.3 ms on a phone screen's half-size copy, nearly every pixel set; OpenCV has no
    faster 4-connected one). An opening is a union of squares, which touch at a corner alone
    seldom (none on 48-69 of the 75 fixtures' openings, depending on the square): elsewhere the
    4-connected labelling as before. Grana numbers the regions by their first 2x2 block, OpenCV's
    default 4-connected labelling by their first pixel in raster order: the stats are gathered
    under that order."""
    if _touch_at_corners(mask):
        return regions_of(mask).stats
    count, labels = cv2.connectedComponentsWithAlgorithm(mask, 8, cv2.CV_32S, cv2.CCL_GRANA)
    label, row, first, last = _runs(labels)
    # each region's first run in raster order (every label has one): its number by that order
    _, first_run = np.unique(label, return_index=True)
    renumbered = np.zeros(count, np.int32)
    renumbered[np.argsort(first_run, kind="stable") + 1] = np.arange(1, count, dtype=np.int32)
    return _stats_of_runs((renumbered[label], row, first, last), labels.shape, count)


def _touch_at_corners(mask: np.ndarray) -> bool:
    """Two set pixels of `mask` (0 or 255) diagonal neighbours with both pixels beside them unset."""
    a, b, c, d = mask[:-1, :-1], mask[:-1, 1:], mask[1:, :-1], mask[1:, 1:]  # each 2x2's four corners
    # (saturating: 255 - 0 where one diagonal is set and the other empty, else 0)
    return bool(
        cv2.countNonZero(cv2.subtract(cv2.bitwise_and(a, d), cv2.bitwise_or(b, c)))
        or cv2.countNonZero(cv2.subtract(cv2.bitwise_and(b, c), cv2.bitwise_or(a, d)))
    )


def compact_regions(regions: Regions) -> Blobs:
    """The regions shaped like a cell or a dot: nearly as wide as tall, filling their box."""
    return _compact(regions.stats, regions.labels.shape[:2])


def _compact(stats: np.ndarray, shape: tuple[int, ...]) -> Blobs:
    """`compact_regions` of the regions with these `stats` (row 0 the background's) in a mask of `shape`."""
    w = stats[1:, cv2.CC_STAT_WIDTH].astype(np.float64)
    h = stats[1:, cv2.CC_STAT_HEIGHT].astype(np.float64)
    area = stats[1:, cv2.CC_STAT_AREA].astype(np.float64)
    centroids = np.vstack([[0.0, 0.0], box_middles(stats[1:])])  # row 0 stands for the label 0
    limit = min(shape) / 2
    keep = (w >= MIN_BLOB) & (h >= MIN_BLOB) & (w <= limit) & (h <= limit)
    keep &= (w <= MAX_ASPECT * h) & (h <= MAX_ASPECT * w) & (area >= MIN_FILL * w * h)
    centres, w, h = centroids[1:][keep], w[keep], h[keep]
    if len(w) > MAX_BLOBS:  # a checkerboard or a pixel-art screen: keep the largest
        largest = np.argsort(-(w + h), kind="stable")[:MAX_BLOBS]
        centres, w, h = centres[largest], w[largest], h[largest]
    return Blobs(centres[:, 0], centres[:, 1], w, h)


DOT_CONTRAST = 40  # a dot stands this far above (or below) the field around it, in its brightest channel
DOT_REACH = 11  # px on the searched copy: a dot narrower than this is found whatever its shading
# a second, wider reach, tried only when the first read no board: dots of 12-14 px on the searched
# copy are too wide for DOT_REACH yet leave `compact_blobs` no flat interior of MIN_BLOB (the 3x3
# mean and gradient take 2 px off each side, JPEG and shading more); a wider reach alone would
# change what the narrow one reads today (more letters and icon corners stand out of the field)
WIDE_DOT_REACH = 15
MIN_DOT = 4  # px on each side: a 12 px dot on a halved 1920x1080 screen is 6


def dot_blobs(image: np.ndarray, reach: int = DOT_REACH, least: int = MIN_DOT) -> Blobs:
    """Small compact things that stand out from the field around them: dots on a plain field,
    whatever their shading.

    A shaded dot (a sphere's glow, a soft shadow) changes colour at every pixel, so `flat_mask`
    gives it no region; but a dot is smaller than the field it lies on. An opening with a
    `reach` square (DOT_REACH unless told) removes everything narrower than that, leaving the
    field; what stood out of it by DOT_CONTRAST or more, brighter or darker, is a dot (or a
    letter, or the corner of an icon: the lattice step keeps only what repeats on a grid).
    A dot is kept when it is at least `least` px wide or tall (each side at least MIN_DOT): the
    wider reach's search keeps only what the narrower one could not see.
    """
    return DotSearch(image).blobs(reach, least)


class DotSearch:
    """The dot search (`dot_blobs`) of one image at one reach after another, the narrow first.

    The grey is made once, and each reach's erosion and dilation are built on the last one's: a
    square of side a, then one of side b, erode (or dilate) as one of side a + b - 1 (outside the
    image counts as nothing, so near its edges too), and the wider reach's 15 px square is then a
    5 px one over the narrow reach's 11 (`cv2.morphologyEx`'s top and black hat are the same
    erosions and dilations, taken from the grey each time: about 1 ms more on a phone screen)."""

    def __init__(self, image: np.ndarray) -> None:
        self.grey = largest_channel(image)
        self._reach = 1  # the side of the square the grey is eroded and dilated by so far
        self._eroded = self._dilated = self.grey

    def blobs(self, reach: int = DOT_REACH, least: int = MIN_DOT) -> Blobs:
        """`dot_blobs(image, reach, least)`."""
        if reach < self._reach:  # (a narrower reach after a wider one: from the grey again)
            self._reach, self._eroded, self._dilated = 1, self.grey, self.grey
        if reach > self._reach:
            more = np.ones((reach - self._reach + 1,) * 2, np.uint8)
            self._eroded, self._dilated = cv2.erode(self._eroded, more), cv2.dilate(self._dilated, more)
            self._reach = reach
        kernel = np.ones((reach, reach), np.uint8)
        opened = cv2.dilate(self._eroded, kernel)  # the field, with what is narrower than the reach gone
        closed = cv2.erode(self._dilated, kernel)
        found = []
        for stood_out in (cv2.subtract(self.grey, opened), cv2.subtract(closed, self.grey)):
            mask = cv2.compare(stood_out, DOT_CONTRAST, cv2.CMP_GE)
            # Grana's block-based labelling gives the same labels and stats as the default here, at
            # less than half its time on these sparse masks (docs/vision.md, "Time")
            count, _, stats, centroids = components(mask, 8, cv2.CCL_GRANA)
            w = stats[1:, cv2.CC_STAT_WIDTH].astype(np.float64)
            h = stats[1:, cv2.CC_STAT_HEIGHT].astype(np.float64)
            area = stats[1:, cv2.CC_STAT_AREA].astype(np.float64)
            keep = (w >= MIN_DOT) & (h >= MIN_DOT) & (w < reach) & (h < reach) & ((w >= least) | (h >= least))
            keep &= (w <= MAX_ASPECT * h) & (h <= MAX_ASPECT * w) & (area >= MIN_FILL * w * h)
            found.append((centroids[1:][keep], w[keep], h[keep]))
        centres = np.concatenate([c for c, _, _ in found]).reshape(-1, 2)
        w = np.concatenate([w for _, w, _ in found])
        h = np.concatenate([h for _, _, h in found])
        if len(w) > MAX_BLOBS:
            largest = np.argsort(-(w + h), kind="stable")[:MAX_BLOBS]
            centres, w, h = centres[largest], w[largest], h[largest]
        return Blobs(centres[:, 0], centres[:, 1], w, h)


def enclosed_holes(ink: np.ndarray) -> list[tuple[int, tuple[float, float]]]:
    """The pieces of background that `ink` (a 0/1 mask) encloses, as (area, (x, y) centre): the
    4-connected pieces of its complement that reach no edge of the mask (a ring's middle, a face's
    eyes)."""
    count, _, stats, centres = cv2.connectedComponentsWithStats((ink == 0).astype(np.uint8), connectivity=4)
    h, w = ink.shape
    return [
        (int(stats[k, cv2.CC_STAT_AREA]), (float(centres[k][0]), float(centres[k][1])))
        for k in range(1, count)
        if stats[k, cv2.CC_STAT_LEFT] > 0
        and stats[k, cv2.CC_STAT_TOP] > 0
        and stats[k, cv2.CC_STAT_LEFT] + stats[k, cv2.CC_STAT_WIDTH] < w
        and stats[k, cv2.CC_STAT_TOP] + stats[k, cv2.CC_STAT_HEIGHT] < h
    ]
