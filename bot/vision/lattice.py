"""Stage 2: the lattice. Blobs of one kind that sit a whole number of pitches apart.

Each blob is linked to its nearest similar blob to the right on the same row and below in the
same column (1 to 7 blob sides away: tiles with narrow gaps and dots far apart alike). Linked
blobs form groups; in each group the x pitch is measured from the row links and the y pitch
from the column links, separately (a stretched window's cells are up to 15 % wider than tall),
and a link that is not a whole number of pitches long is dropped. A least-squares fit of the
members' centres on their lattice indices gives origin and pitch.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from onestroke.bot.vision.blobs import EDGE_LOSS, Blobs

MAX_STEP = 7.0  # a neighbour at most this many blob sides away (tiles ~1.1, dots ~4)
ALIGN = 0.25  # on the same row: centres within this share of the blob's height
SIMILAR = 1.25  # blobs of one kind: widths and heights within this ratio
ON_LATTICE = 0.15  # a link is a whole number of pitches within this
MAX_LINK_STEPS = 4  # a link may cross at most three missing positions (holes)


@dataclass(frozen=True)
class Group:
    """Linked blobs (indices into the blobs) and the pitch measured along their links."""

    members: np.ndarray
    pitch: tuple[float, float]


@dataclass(frozen=True)
class Lattice:
    """A fitted lattice: centre of index (0, 0), pitch, and each member blob's index."""

    origin: tuple[float, float]  # centre of lattice index (0, 0)
    pitch: tuple[float, float]
    rows: np.ndarray  # lattice row of each member
    cols: np.ndarray
    worst: float  # largest distance of a member from its lattice point, in pitches
    widths: np.ndarray  # each member blob's width and height
    heights: np.ndarray

    @cached_property
    def fill(self) -> float:
        """Member blob side / pitch: ~0.9 for tiles, ~0.25 for the dots of a node-style board.

        Worked out once per lattice (two medians; a read asks it some ten times: the rims, the
        margins, the corner patches are placed by it). The members' sides are never changed in
        place: a lattice measured again is a new one."""
        return float(np.median(self.widths) / self.pitch[0] + np.median(self.heights) / self.pitch[1]) / 2

    @property
    def tile_side(self) -> float:
        """The member tiles' side / pitch: their blobs' (`fill`) with the rim the flat mask takes
        off each side of a flat region put back (`blobs.EDGE_LOSS`; a tenth of a 40 px tile)."""
        return self.fill + 2 * EDGE_LOSS / min(self.pitch)

    def members_box(self) -> tuple[int, int, int, int]:
        """The members' lattice indices as (r0, r1, c0, c1), half-open."""
        return (
            int(self.rows.min()),
            int(self.rows.max()) + 1,
            int(self.cols.min()),
            int(self.cols.max()) + 1,
        )


def lattice_groups(blobs: Blobs, max_step: float = MAX_STEP) -> list[Group]:
    """Blobs linked into lattices, largest group first (groups of 3 or more); a neighbour is at
    most `max_step` blob sides away."""
    n = len(blobs)
    if n < 3:
        return []
    x, y, w, h = blobs.x, blobs.y, blobs.w, blobs.h
    dx = x[None, :] - x[:, None]  # dx[i, j]: how far j lies right of i
    dy = y[None, :] - y[:, None]
    wr, hr = w[None, :] / w[:, None], h[None, :] / h[:, None]
    similar = (wr < SIMILAR) & (wr > 1 / SIMILAR) & (hr < SIMILAR) & (hr > 1 / SIMILAR)
    right = similar & (np.abs(dy) < ALIGN * h[:, None]) & (dx > w[:, None]) & (dx < max_step * w[:, None])
    below = similar & (np.abs(dx) < ALIGN * w[:, None]) & (dy > h[:, None]) & (dy < max_step * h[:, None])
    links = []  # (i, j, distance, axis)
    for mask, d, axis in ((right, dx, 0), (below, dy, 1)):
        distance = np.where(mask, d, np.inf)
        nearest = distance.argmin(axis=1)
        found = np.isfinite(distance[np.arange(n), nearest])
        links += [
            (int(i), int(nearest[i]), float(distance[i, nearest[i]]), axis) for i in np.flatnonzero(found)
        ]
    groups: list[Group] = []
    for members, own in _linked(n, links):
        pitch = _pitch(own)
        if pitch is None:
            continue
        # keep only the links that are a whole number of pitches long, and link again
        kept = [link for link in own if _steps(link[2], pitch[link[3]]) is not None]
        for sub, sub_links in _linked(n, kept, members):
            sub_pitch = _pitch(sub_links)
            if sub_pitch is not None and len(sub) >= 3:
                groups.append(Group(sub, sub_pitch))
    groups.sort(key=lambda g: -len(g.members))
    return groups


def _linked(n: int, links: list, among: np.ndarray | None = None) -> list[tuple[np.ndarray, list]]:
    """Connected groups (of 3 or more blobs) of the link graph, each with its own links."""
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j, _, _ in links:
        parent[root(i)] = root(j)
    nodes = range(n) if among is None else among.tolist()
    by_root: dict[int, list[int]] = {}
    for i in nodes:
        by_root.setdefault(root(i), []).append(i)
    links_of: dict[int, list] = {}
    for link in links:
        links_of.setdefault(root(link[0]), []).append(link)
    return [
        (np.array(sorted(members)), links_of.get(key, []))
        for key, members in by_root.items()
        if len(members) >= 3
    ]


def _pitch(links: list) -> tuple[float, float] | None:
    """(x, y) pitch of a group: the typical shortest link along each axis (one stands in for the other)."""
    found = []
    for axis in (0, 1):
        d = sorted(link[2] for link in links if link[3] == axis)
        if not d:
            found.append(None)
            continue
        shortest = _percentile(d, 20)
        found.append(_median([v for v in d if v < 1.5 * shortest]))
    px, py = found
    if px is None and py is None:
        return None
    if px is None or py is None:
        return (px or py, py or px)  # type: ignore[return-value]
    # where every column link crosses a hole (or every row link), one axis measures two to
    # MAX_LINK_STEPS pitches (few blobs: the walked tiles merged into one shape, three plain ones
    # left, two side by side and one four rows down): take the whole fraction that brings it near
    # the other (cells are near square: a stretched window's are at most 15 % wider than tall)
    for k in range(2, MAX_LINK_STEPS + 1):
        if abs(py / px - k) < 0.15 * k:
            py /= k
        elif abs(px / py - k) < 0.15 * k:
            px /= k
    return (px, py)


def _percentile(ordered: list[float], percent: int) -> float:
    """`np.percentile(ordered, percent)` of finite floats sorted ascending: its default ('linear')
    interpolation, by the same float operations (numpy's quantile machinery costs 50-100 times
    the work on a group's few links, and a screen's groups ask it hundreds of times)."""
    index = (len(ordered) - 1) * (percent / 100)
    if index >= len(ordered) - 1:
        return ordered[-1]
    below = math.floor(index)
    a, b = ordered[below], ordered[below + 1]
    fraction = index - below
    # (numpy interpolates from the nearer end: from above once past the middle)
    return b - (b - a) * (1 - fraction) if fraction >= 0.5 else a + (b - a) * fraction


def _median(ordered: list[float]) -> float:
    """`np.median(ordered)` of finite floats sorted ascending (not empty): the middle one, or the
    two middle ones' mean."""
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _steps(distance: float, pitch: float) -> int | None:
    k = round(distance / pitch)
    if 1 <= k <= MAX_LINK_STEPS and abs(distance / pitch - k) < ON_LATTICE:
        return k
    return None


def fit_lattice(blobs: Blobs, group: Group) -> Lattice:
    """Origin and pitch (x and y separately) of a linked group, by least squares."""
    members = group.members
    # blobs far from the group's typical size (a walked tile with a bit of band attached) are
    # linked but no clean cell: they take no part in the fit or the size check
    w, h = blobs.w[members], blobs.h[members]
    typical = (np.abs(w / np.median(w) - 1) < 0.1) & (np.abs(h / np.median(h) - 1) < 0.1)
    if typical.sum() >= 3:
        members = members[typical]
    x, y = blobs.x[members], blobs.y[members]
    px, py = group.pitch
    ref = int(np.argmin(x + y))
    ox, oy = float(x[ref]), float(y[ref])
    for _ in range(2):  # index from the link pitch, fit, index again from the fit
        cols = np.round((x - ox) / px).astype(int)
        rows = np.round((y - oy) / py).astype(int)
        px, ox = _line_fit(cols, x, px)
        py, oy = _line_fit(rows, y, py)
    c0, r0 = int(cols.min()), int(rows.min())
    cols, rows = cols - c0, rows - r0
    ox, oy = ox + px * c0, oy + py * r0
    off = np.hypot((x - (ox + px * cols)) / px, (y - (oy + py * rows)) / py)
    return Lattice((ox, oy), (px, py), rows, cols, float(off.max()), blobs.w[members], blobs.h[members])


def _line_fit(index: np.ndarray, value: np.ndarray, slope: float) -> tuple[float, float]:
    """Least-squares slope and intercept of value = intercept + slope * index (the slope kept
    when every member has the same index)."""
    if len(set(index.tolist())) < 2:
        return slope, float(np.mean(value - slope * index))
    fitted, intercept = np.polyfit(index.astype(np.float64), value, 1)
    return float(fitted), float(intercept)


ON_POINT = 0.15  # pitches: a blob this near a lattice point of the grown grid sits on it
REFIT_RESIDUAL = 0.05  # pitches: every blob of a refit this near its fitted point
REFIT_PITCH_CHANGE = 0.03  # a refit that changes the pitch by more is another lattice, not this one


def fitted_to_alike(
    blobs: Blobs, lattice: Lattice, box: tuple[int, int, int, int], cells: np.ndarray
) -> Lattice | None:
    """The lattice fitted again to every blob alike its members that sits on a cell of `box` (the
    grid as grown; `cells`, rows x columns of it, where a cell was read), or None where that adds
    no blob, or the fit leaves one of them off its point or moves the pitch further than a
    measuring error would.

    A lattice linked from a few blobs (dots on a large screen, searched at half size, whose rows
    are linked only where no dot is missing between them: six dots in two rows) takes its pitch
    from one or two steps, each measured to a pixel at half size: a pitch 1 % short puts the far
    rows' samples 6 px off their dots on a 1920 px screen (seed 1296: the frame around the start
    missed). Every dot of the grown grid is one more measurement of the same lattice, and they span
    the whole grid: fitted by least squares on their lattice indices, the far rows are placed as
    exactly as the near ones."""
    r0, r1, c0, c1 = box
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    w, h = np.median(lattice.widths), np.median(lattice.heights)
    alike = (
        (blobs.w < SIMILAR * w) & (blobs.w > w / SIMILAR) & (blobs.h < SIMILAR * h) & (blobs.h > h / SIMILAR)
    )
    cols = np.round((blobs.x - ox) / px).astype(int)
    rows = np.round((blobs.y - oy) / py).astype(int)
    inside = (rows >= r0) & (rows < r1) & (cols >= c0) & (cols < c1)
    on_cell = np.zeros(len(blobs), bool)
    on_cell[inside] = cells[rows[inside] - r0, cols[inside] - c0]
    near = np.hypot((blobs.x - ox - px * cols) / px, (blobs.y - oy - py * rows) / py) <= ON_POINT
    use = alike & on_cell & near
    if (
        int(use.sum()) <= len(lattice.rows)
        or len(set(rows[use].tolist())) < 2
        or len(set(cols[use].tolist())) < 2
    ):
        return None
    x, y, rows, cols = blobs.x[use], blobs.y[use], rows[use], cols[use]
    npx, nox = _line_fit(cols, x, px)
    npy, noy = _line_fit(rows, y, py)
    if max(abs(npx / px - 1), abs(npy / py - 1)) > REFIT_PITCH_CHANGE:
        return None
    off = np.hypot((x - (nox + npx * cols)) / npx, (y - (noy + npy * rows)) / npy)
    if off.max() > REFIT_RESIDUAL:
        return None
    # indexed from the lattice's own origin, so the grid's box keeps its indices; the sizes stay
    # the linked members' (what `checks.size_check` judges): the refit measures only where the
    # dots are, and a dot found by its contrast is measured a few pixels either way (seed 1614)
    return Lattice((nox, noy), (npx, npy), rows, cols, float(off.max()), lattice.widths, lattice.heights)
