"""Stage 2, second way: the lattice from the lines of a grid, where the cells merge into one blob.

Touching cells of one colour split only by faint lines (or by nothing but a slight shading at
their edges) are one flat region to `blobs.py`: no compact blobs, no lattice. Their grid is
still there, in their edges: along every row of the region the colour steps a little at the
same columns, one pitch apart, and down every column at the same rows.

A candidate region is a large flat area (`blobs.flat_mask`'s regions too big to be one cell).
Inside its box the colour steps (the largest change over the channels between neighbouring
pixels, capped so a letter or a disc weighs no more than a line) are summed down each column
and along each row: two profiles, whose periodic peaks are the grid lines. Each axis's period
is the autocorrelation's first strong peak, and it holds only where a line shows at nearly every
multiple of it, well above the profile between the lines (a texture, a gradient or a few
edges of other things repeat at no one period). The cells lie between consecutive lines; the
lattice's members are the positions of the region's own colour, so the grid is then grown,
read and checked as any lattice of blobs is: with the lines drawn in where they show
(`drawn_in`), since on a line a few levels off the cells the reading would take the cells' own
colour for the gaps'.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from onestroke.bot.vision.blobs import Regions, flat_mask, largest_channel, regions_of
from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.sampling import COLOUR_TOLERANCE, colour_distance

MIN_PITCH = 14  # px: a cell at least this big (as `blobs.MIN_BLOB` after halving)
MIN_LINES = 3  # lines along each axis at the least: two cells between them
STEP_CAP = 24  # a step counts at most this much: a letter's or a disc's edge weighs as a line's
LINE_SHARE = 0.8  # a line shows at this share of the period's multiples over the region, at the least
LINE_CONTRAST = 3.0  # a line's profile peak over the profile's median between lines, at the least
STRONG_PEAK = 0.6  # the first autocorrelation peak this share of the best one is the period
REGIONS_TRIED = 3  # the largest flat regions tried, largest first
MIN_REGION = 0.01  # a region covers this share of the image at the least
FLAT_EDGE = 2  # px: `flat_mask` marks this much of a flat region's edge as changing
WHOLE = 0.3  # the box holds a whole number of periods within this share of one (the lines say which)


@dataclass(frozen=True)
class AxisLines:
    """Lines along one axis: the first line's place, the period and how many lines."""

    first: float
    period: float
    count: int


def grid_lattices(
    image: np.ndarray,
    work: np.ndarray | None = None,
    flat: np.ndarray | None = None,
    regions: Regions | None = None,
) -> list[Lattice]:
    """Lattices of grid lines inside the large flat regions of `image`, largest region first.

    `work` is a smaller copy of `image` (`detect` searches large screens at half size) in which
    the regions are found; the lines are measured at full size, where a 1 px line still shows.
    `flat` is `flat_mask(work)` where the caller made it already; `regions` its regions where the
    blob search labelled them already (`blobs.FlatRegions.whole`: the same labels, and the same
    areas and boxes from their stats)."""
    work = image if work is None else work
    factor = work.shape[1] / image.shape[1]
    # each region's area and box from the labels' runs (`blobs.run_stats`), not by counting the
    # labels and comparing the image with each tried region's label (0.7-1 ms less on a phone
    # screen; the same whole numbers, on every fixture the same regions tried)
    regions = regions_of(flat_mask(work) if flat is None else flat) if regions is None else regions
    count, labels = regions.count, regions.labels
    if count < 2:
        return []
    h, w = work.shape[:2]
    area = regions.stats[1:, cv2.CC_STAT_AREA]
    found = []
    tried = 0
    for index in np.argsort(-area, kind="stable"):
        if area[index] < MIN_REGION * h * w or tried >= REGIONS_TRIED:
            break
        label = int(index) + 1
        x0, y0, bw, bh = (int(v) for v in regions.stats[label, :4])  # left, top, width, height
        if min(bw, bh) < 2 * MIN_PITCH * factor or (bw >= w - 2 and bh >= h - 2):
            continue  # too small for two cells, or the page around everything
        tried += 1
        region = (labels[y0 : y0 + bh, x0 : x0 + bw] == label).astype(np.uint8)
        # the box at full size (a work pixel i covers i / f .. (i + 1) / f), grown by what the
        # flat mask leaves off a region's edge (its 3x3 mean and 3x3 gradient: 2 px each side)
        fx0, fy0 = int(round(x0 / factor)), int(round(y0 / factor))
        # (clamped: on a side of odd length the half-size copy's last pixel covers less than 2)
        fx1 = min(int(round((x0 + bw) / factor)), image.shape[1])
        fy1 = min(int(round((y0 + bh) / factor)), image.shape[0])
        if factor != 1.0:
            region = cv2.resize(region, (fx1 - fx0, fy1 - fy0), interpolation=cv2.INTER_NEAREST)
        grow = int(round(FLAT_EDGE / factor))
        gx0, gy0 = max(0, fx0 - grow), max(0, fy0 - grow)
        gx1, gy1 = min(image.shape[1], fx1 + grow), min(image.shape[0], fy1 + grow)
        region = cv2.copyMakeBorder(
            region, fy0 - gy0, gy1 - fy1, fx0 - gx0, gx1 - fx1, cv2.BORDER_CONSTANT, value=0
        )
        fx0, fy0, fx1, fy1 = gx0, gy0, gx1, gy1
        lattice = _region_lattice(region, image[fy0:fy1, fx0:fx1])
        if lattice is not None:
            found.append(_shifted(lattice, fx0, fy0))
    return found


def _steps(image: np.ndarray, axis: int) -> np.ndarray:
    """The colour step from each pixel to the next one right (`axis` 1: h, w - 1) or down
    (`axis` 0: h - 1, w): the largest over the channels, capped, as uint8 (the profiles are
    their sums: whole numbers)."""
    if axis == 1:
        return cv2.min(largest_channel(cv2.absdiff(image[:, 1:], image[:, :-1])), STEP_CAP)
    return cv2.min(largest_channel(cv2.absdiff(image[1:], image[:-1])), STEP_CAP)


def _region_lattice(region: np.ndarray, box: np.ndarray) -> Lattice | None:
    """The lattice of the grid lines inside one region's box (`box`: the image there; `region`:
    1 on the region's pixels, 0 elsewhere, uint8 as OpenCV takes it; region coordinates), or None."""
    # the region's own pixels and the lines inside it: its border (where a hole or the page
    # begins) is a line too, so a step from the region to anything else counts where the region is
    reach = 2 * FLAT_EDGE + 1  # back over what `flat_mask` left off the region's edge
    grown = cv2.dilate(region, np.ones((reach, reach), np.uint8))
    # each profile: the steps summed over the grown region, per pixel of it (the last column's
    # and row's step is 0). Summed as integers: the same whole numbers a float sum gave, in a
    # third of the time (the float copies of the box's steps were most of the line search)
    # The rows' steps are taken only where the columns' lines hold: most regions (a page, a
    # panel) show no lines across, and the steps are most of the search's time
    h, w = grown.shape
    across, along = np.zeros(w), np.zeros(h)
    across[:-1] = _summed(_steps(box, 1), grown[:, :-1], 0)
    columns = _axis_lines(across / np.maximum(_summed(grown, grown, 0), 1))
    if columns is None:
        return None
    along[:-1] = _summed(_steps(box, 0), grown[:-1, :], 1)
    rows = _axis_lines(along / np.maximum(_summed(grown, grown, 1), 1))
    if rows is None:
        return None
    # an edge between pixels i and i + 1 lies at i + 0.5; a cell's centre half a period on
    px, py = columns.period, rows.period
    ox, oy = columns.first + px / 2, rows.first + py / 2
    cells_x, cells_y = columns.count - 1, rows.count - 1
    cx = np.round(ox + px * np.arange(cells_x)).astype(int)
    cy = np.round(oy + py * np.arange(cells_y)).astype(int)
    inside = region[
        np.clip(cy, 0, region.shape[0] - 1)[:, None], np.clip(cx, 0, region.shape[1] - 1)[None, :]
    ]
    member_rows, member_cols = np.nonzero(inside)
    if len(member_rows) < 3:
        return None
    # the cells' interiors between the lines: the pitch less the line
    n = len(member_rows)
    widths, heights = np.full(n, px - 2.0), np.full(n, py - 2.0)
    return Lattice((ox, oy), (px, py), member_rows, member_cols, 0.0, widths, heights)


def _summed(values: np.ndarray, where: np.ndarray, axis: int) -> np.ndarray:
    """`values` (uint8) summed down each column (`axis` 0) or along each row (1) where `where`
    (0 or 1) is set: exact whole numbers (int32)."""
    kept = cv2.bitwise_and(values, values, mask=where) if values is not where else values
    return cv2.reduce(kept, axis, cv2.REDUCE_SUM, dtype=cv2.CV_32S).ravel()


def _axis_lines(profile: np.ndarray) -> AxisLines | None:
    """The grid lines in one axis's edge profile (the region's box from end to end): lines one
    period apart from one end of the box to the other, or None.

    The period is the autocorrelation's first strong peak; the box then holds a whole number of
    cells (its ends are the region's own edges, the board's border or a hole's), so the lines are
    its ends and the whole fractions between, each of which must show a line."""
    n = len(profile)
    if n < (MIN_LINES - 1) * MIN_PITCH:
        return None
    # JPEG and scaling spread a 1 px line over 3-5 px of small steps: gather them into one peak
    smooth = cv2.GaussianBlur(profile.astype(np.float64).reshape(1, -1), (0, 0), 1.2).ravel()
    signal = smooth - smooth.mean()
    energy = float(signal @ signal)
    if energy <= 0:
        return None
    full = np.correlate(signal, signal, "full")[n - 1 :] / energy  # full[lag]
    lags = np.arange(MIN_PITCH, n // 2 + 2)
    lags = lags[lags < n - 1]
    if len(lags) < 3:
        return None
    correlation = full[lags]
    peaks = [
        k
        for k in range(1, len(lags) - 1)
        if correlation[k] >= correlation[k - 1]
        and correlation[k] >= correlation[k + 1]
        and correlation[k] > 0
    ]
    if not peaks:
        return None
    best = max(correlation[k] for k in peaks)
    k = next(k for k in peaks if correlation[k] >= STRONG_PEAK * best)
    a, b, c = correlation[k - 1 : k + 2]
    bend = a - 2 * b + c
    period = float(lags[k]) + (0.5 * (a - c) / bend if bend < 0 else 0.0)
    cells = round(n / period)
    if cells < MIN_LINES - 1 or abs(n / period - cells) > WHOLE:
        return None
    if not _lines_hold(smooth, cells):
        return None
    # the autocorrelation's first strong peak may be a multiple of the period (every second or
    # third line stronger: the edges of a row of holes): the finer lattice when its lines show
    for finer in (2, 3):
        if n / (cells * finer) >= MIN_PITCH and _lines_hold(smooth, cells * finer):
            cells *= finer
            break
    return _fitted(smooth, cells)


def _places(n: int, cells: int) -> np.ndarray:
    """Where the box's `cells + 1` lines lie as profile indices, ends included: the box's pixels
    cover -0.5 .. n - 0.5, and a step at profile index i lies at i + 0.5."""
    return np.clip(n / cells * np.arange(cells + 1) - 1.0, 0, n - 1)


def _lines_hold(smooth: np.ndarray, cells: int) -> bool:
    """Whether the box of this profile is `cells` cells between lines that show."""
    places = _places(len(smooth), cells)
    return bool(_peaks(smooth, places, len(smooth) / cells)[1][1:-1].mean() >= LINE_SHARE)


def _fitted(smooth: np.ndarray, cells: int) -> AxisLines | None:
    """The lines' first place and period, fitted to the peaks that show (the box's ends are its
    region's edges, a pixel or two off the cells' own: the lines inside say where they are)."""
    n = len(smooth)
    at, shows = _peaks(smooth, _places(n, cells), n / cells)
    index = np.flatnonzero(shows)
    if len(index) < MIN_LINES:
        return None
    slope, intercept = np.polyfit(index.astype(np.float64), at[index], 1)
    if abs(slope * cells / n - 1) > WHOLE / cells:
        return None
    return AxisLines(float(intercept) + 0.5, float(slope), cells + 1)


def _peaks(smooth: np.ndarray, places: np.ndarray, period: float) -> tuple[np.ndarray, np.ndarray]:
    """Near each place, where the profile peaks (to a fraction of a pixel) and whether a line
    shows there: the peak stands LINE_CONTRAST times over the profile's level between the lines
    (its median away from every place)."""
    n = len(smooth)
    reach = max(2, int(round(0.08 * period)))
    at = np.arange(n)
    near = np.zeros(n, bool)
    for p in places:
        near |= np.abs(at - p) <= reach + 1
    between = float(np.median(smooth[~near])) if (~near).any() else 0.0
    floor = max(LINE_CONTRAST * between, between + 0.5)
    found = np.zeros(len(places))
    shows = np.zeros(len(places), bool)
    for i, p in enumerate(places):
        lo, hi = max(0, int(round(p)) - reach), min(n, int(round(p)) + reach + 1)
        k = lo + int(np.argmax(smooth[lo:hi]))
        shift = 0.0
        if 0 < k < n - 1:
            a, b, c = smooth[k - 1 : k + 2]
            bend = a - 2 * b + c
            shift = 0.5 * (a - c) / bend if bend < 0 else 0.0
        found[i], shows[i] = k + shift, smooth[k] >= floor
    return found, shows


def _shifted(lattice: Lattice, dx: float, dy: float) -> Lattice:
    (ox, oy) = lattice.origin
    return Lattice(
        (ox + dx, oy + dy),
        lattice.pitch,
        lattice.rows,
        lattice.cols,
        lattice.worst,
        lattice.widths,
        lattice.heights,
    )


# Drawing the found lines in, so that a board of faint lines reads as any board of touching tiles.
#
# The grid reading (`styles.read_grid`) takes the colour at the lattice corners for the gaps'. On
# a line a few levels off the cells (1 px, scaled down, JPEG'd) that is the cells' own colour:
# every plain cell reads as the gaps (a hole), and the board is refused or read wrong. So the
# lines the search found are drawn again, at a strength the reading sees, where they show: where
# the colour on the line stands off the colour either side the way the lines between the plain
# cells do (the faint line between two cells alike, plain or walked), or where the colours either
# side differ (a cell's edge: a plain cell beside a walked one or a hole, the board's own edge).
# Where one colour runs across the line
# unchanged, something is drawn over it (the path's band, the join between two walked cells
# painted over the line): it is left as it is, so the path reads joined there as on any board of
# touching tiles.
LINE_SIDE = 4  # px from the line to where the cells either side of it are sampled
LINE_CORE = 1  # px either side of the line's pixel that a blurred 1 px line spreads over
LINE_RUN = 7  # px along the line that a faint line's step is averaged over (JPEG noise)
FAINT_STEP = 2.0  # a faint line stands this far off the colour either side, its way (a flat cell: 0)
DRAWN_STEP = 80  # the drawn lines stand this far off the plain cells (well past 2 x the tolerance)
LINE_HOLDS = 0.5  # the board goes on into a ring of positions where this share of its line pieces shows
RING_SHARE = 0.3  # of the members' lines' step (median): a ring's line piece stands off at least this
DRAWN_WIDTH = 0.015  # of the pitch either side of the line (at least 1 px): where the reading samples


@dataclass(frozen=True)
class _Line:
    """One line of a lattice across the whole image: the pixel it lies on; along it, its colour
    less the colour either side (`step`, where it stands off most within LINE_CORE) and whether
    the two sides are alike (`alike`)."""

    pixel: int
    step: np.ndarray
    alike: np.ndarray


def drawn_in(image: np.ndarray, lattice: Lattice) -> np.ndarray | None:
    """`image` with the lines of `lattice` (a lattice from a grid's lines, `grid_lattices`) drawn
    in where they show, over the box of positions they bound: the members' box, grown ring by ring
    while the lines go on (walked cells and holes along the board's border are not the region's).
    None where the lines show no way to draw them (no step off the cells) or leave the image."""
    img = image.astype(np.int16)
    h, w = image.shape[:2]
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    ys = np.clip(np.round(oy + py * lattice.rows).astype(int), 0, h - 1)
    xs = np.clip(np.round(ox + px * lattice.cols).astype(int), 0, w - 1)
    plain = np.median(img[ys, xs], axis=0)  # the members are the region's colour: the plain cells
    r0, r1 = int(lattice.rows.min()), int(lattice.rows.max()) + 1
    c0, c1 = int(lattice.cols.min()), int(lattice.cols.max()) + 1

    def edge(k: int, vertical: bool) -> float:
        """Where the line before position k lies (a column's, x, when `vertical`; else y)."""
        return ox + px * (k - 0.5) if vertical else oy + py * (k - 0.5)

    found: dict[tuple[int, bool], _Line | None] = {}

    def line(k: int, vertical: bool) -> _Line | None:
        if (k, vertical) not in found:
            span = (edge(r0, False), edge(r1, False)) if vertical else (edge(c0, True), edge(c1, True))
            found[k, vertical] = _line(img, edge(k, vertical), vertical, span)
        return found[k, vertical]

    # the way the lines stand off the cells (lighter, darker, a hue): the faint steps between the
    # members, along the members' lines
    steps = []
    for vertical, ks, lo, hi in ((True, range(c0, c1 + 1), r0, r1), (False, range(r0, r1 + 1), c0, c1)):
        a, b = int(round(edge(lo, not vertical))), int(round(edge(hi, not vertical)))
        for k in ks:
            seen = line(k, vertical)
            if seen is None:
                return None  # the board reaches the image's edge: not all of it is seen
            steps.append(seen.step[max(0, a) : b][seen.alike[max(0, a) : b]])
    member_steps = np.concatenate(steps) if sum(len(s) for s in steps) else np.zeros((1, 3))
    way = np.median(member_steps, axis=0)
    if np.abs(way).max() < 1.0:
        return None  # no line stands off the cells: nothing says which way to draw them
    way = way / np.abs(way).max()
    # a ring's lines stand off as the members' do: a line fades no more from one cell to the next
    # than over the board, where the grain of a page beyond the grid's frame gives pieces that
    # average a few levels either way (seed 1962: two rows of a noisy dark page grown, and read
    # as dark holes)
    ring_step = max(FAINT_STEP, RING_SHARE * float(np.median(member_steps @ way)))

    def shows(seen: _Line) -> np.ndarray:
        """Along a line, where it shows: its step the lines' way, averaged along LINE_RUN, between
        alike sides; or unlike sides (a cell's edge: a plain cell beside a walked one or a hole,
        the board's own edge)."""
        along = cv2.blur((seen.step @ way).astype(np.float32).reshape(-1, 1), (1, LINE_RUN)).ravel()
        return (seen.alike & (along >= FAINT_STEP)) | ~seen.alike

    def holds(ks: range, vertical: bool, lo: float, hi: float) -> bool:
        """Whether LINE_HOLDS of the pieces lo..hi (px, inside the image) of lines `ks` show a
        line: each piece's mean step the lines' way (noise on a page averages out along it)."""
        limit = h if vertical else w
        if lo < 0 or hi > limit:
            return False
        a, b = int(round(lo)), int(round(hi))
        pieces = []
        for k in ks:
            seen = line(k, vertical)
            if seen is None:
                return False
            alike = seen.alike[a:b]
            faint = alike.mean() >= 0.5 and float((seen.step[a:b][alike] @ way).mean()) >= ring_step
            pieces.append(faint or (~alike).mean() >= 0.5)
        return bool(np.mean(pieces) >= LINE_HOLDS)

    grew = True
    while grew and max(r1 - r0, c1 - c0) < MAX_CELLS:
        grew = False
        # a ring beside the box is the board's where the lines bounding the box's rows (columns)
        # go on across it
        if holds(range(r0, r1 + 1), False, edge(c1, True), edge(c1 + 1, True)):
            c1, grew = c1 + 1, True
        if holds(range(r0, r1 + 1), False, edge(c0 - 1, True), edge(c0, True)):
            c0, grew = c0 - 1, True
        if holds(range(c0, c1 + 1), True, edge(r1, False), edge(r1 + 1, False)):
            r1, grew = r1 + 1, True
        if holds(range(c0, c1 + 1), True, edge(r0 - 1, False), edge(r0, False)):
            r0, grew = r0 - 1, True
    colour = np.clip(plain + way * DRAWN_STEP, 0, 255)  # further off the cells, the lines' way
    if colour_distance(colour, plain) <= 2 * COLOUR_TOLERANCE:
        return None  # lighter than white, darker than black: no colour tells them apart
    out = image.copy()
    half = max(1, int(round(DRAWN_WIDTH * min(px, py))))
    for vertical, ks, lo, hi in ((True, range(c0, c1 + 1), r0, r1), (False, range(r0, r1 + 1), c0, c1)):
        a, b = max(0, int(round(edge(lo, not vertical)))), int(round(edge(hi, not vertical)))
        for k in ks:
            seen = line(k, vertical)
            if seen is None:
                return None
            along = a + np.flatnonzero(shows(seen)[a:b])
            for across in range(seen.pixel - half, seen.pixel + half + 1):
                if vertical:
                    out[along, min(w - 1, max(0, across))] = colour
                else:
                    out[min(h - 1, max(0, across)), along] = colour
    return out


MAX_CELLS = 24  # rows or columns: no board is larger (`styles.MAX_GRID`)


def _line(img: np.ndarray, at: float, vertical: bool, span: tuple[float, float]) -> _Line | None:
    """The line at `at` px (a column's when `vertical`) across the whole image `img` (int16), on
    the pixel where it stands off most over `span` (px along it: the members'); None off the image."""
    limit = img.shape[1] if vertical else img.shape[0]
    base = int(np.floor(at))
    lo, hi = base - LINE_SIDE - 1, base + LINE_SIDE + 3
    if lo < 0 or hi > limit:
        return None
    strip = img[:, lo:hi] if vertical else img[lo:hi].transpose(1, 0, 2)  # (along, across, 3)
    inside = slice(max(0, int(span[0])), max(0, int(span[1])))
    best: tuple[float, int, np.ndarray] | None = None
    for shift in (-1, 0, 1, 2):  # which pixel the line is on: the fitted place lies between two
        k = LINE_SIDE + 1 + shift
        either = (strip[:, k - LINE_SIDE] + strip[:, k + LINE_SIDE]) / 2
        core = strip[:, k - LINE_CORE : k + LINE_CORE + 1] - either[:, None]  # (along, 3, 3)
        off = np.abs(core).max(axis=2)
        score = float(np.median(off.max(axis=1)[inside])) if off[inside].size else 0.0
        if best is None or score > best[0]:
            best = (score, k, core[np.arange(len(core)), off.argmax(axis=1)])
    assert best is not None
    _, k, step = best
    before, after = strip[:, k - LINE_SIDE], strip[:, k + LINE_SIDE]
    return _Line(lo + k, step, colour_distance(before, after) <= COLOUR_TOLERANCE)
