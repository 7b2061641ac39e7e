"""Connected components with their stats (bot/vision/blobs.py `components`, `run_stats`): the same
numbers as OpenCV's own stats, gathered from the set pixels alone on a sparse mask, or from the
labels' runs along the rows."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from onestroke.bot.vision.blobs import (
    DotSearch,
    compact_regions,
    components,
    cut_apart_blobs,
    flat_regions,
    opened_stats,
    regions_of,
    run_stats,
    run_stats_and_centroids,
)

PIECES = """
..........
.##....#..
.##...###.
.......#..
..........
.#.#......
..#....##.
.#.#...#..
..........
"""


def mask_of(diagram: str) -> np.ndarray:
    return np.array(
        [[255 if c == "#" else 0 for c in line] for line in diagram.strip().splitlines()], np.uint8
    )


def opencv(mask: np.ndarray, connectivity: int, algorithm: int):
    return cv2.connectedComponentsWithStatsWithAlgorithm(mask, connectivity, cv2.CV_32S, algorithm)


@pytest.mark.parametrize("connectivity, algorithm", [(4, cv2.CCL_DEFAULT), (8, cv2.CCL_GRANA)])
@pytest.mark.parametrize("dense", [1.0, 0.0])  # the stats gathered from the set pixels, or OpenCV's
def test_the_same_components_as_opencv(connectivity: int, algorithm: int, dense: float) -> None:
    mask = mask_of(PIECES)
    count, labels, stats, centroids = components(mask, connectivity, algorithm, dense=dense)
    want = opencv(mask, connectivity, algorithm)
    assert count == want[0]
    assert np.array_equal(labels, want[1])
    assert np.array_equal(stats[1:], want[2][1:])  # (row 0, the background, is not read)
    assert np.array_equal(centroids[1:], want[3][1:])


def test_the_cross_is_five_pieces_apart_and_one_piece_joined() -> None:
    mask = mask_of(PIECES)
    # the square, the plus, the L, and the diagonal cross: 5 pieces 4-connected, 1 piece 8-connected
    assert components(mask, 4, dense=1.0)[0] - 1 == 3 + 5
    count, _, stats, centroids = components(mask, 8, cv2.CCL_GRANA, dense=1.0)
    assert count - 1 == 4
    cross = int(np.flatnonzero(stats[:, cv2.CC_STAT_TOP] == 5)[0])
    assert stats[cross].tolist()[:5] == [1, 5, 3, 3, 5]  # left, top, width, height, area
    assert centroids[cross].tolist() == [2.0, 6.0]


def test_an_empty_mask_has_only_the_background() -> None:
    count, labels, _, _ = components(np.zeros((6, 9), np.uint8), 8, cv2.CCL_GRANA, dense=1.0)
    assert count == 1 and not labels.any()


def test_random_masks_match_opencv() -> None:
    rng = np.random.default_rng(7)
    for _ in range(60):
        h, w = (int(v) for v in rng.integers(1, 80, 2))
        mask = ((rng.random((h, w)) < rng.random() * 0.5) * 255).astype(np.uint8)
        for connectivity, algorithm in ((4, cv2.CCL_DEFAULT), (8, cv2.CCL_GRANA)):
            count, labels, stats, centroids = components(mask, connectivity, algorithm, dense=1.0)
            want = opencv(mask, connectivity, algorithm)
            assert count == want[0] and np.array_equal(labels, want[1])
            assert np.array_equal(stats[1:], want[2][1:]) and np.array_equal(centroids[1:], want[3][1:])


def test_run_stats_are_opencvs_stats() -> None:
    mask = mask_of(PIECES)
    count, labels = cv2.connectedComponentsWithAlgorithm(mask, 4, cv2.CV_32S, cv2.CCL_DEFAULT)
    stats = run_stats(labels, count)
    assert np.array_equal(stats[1:], opencv(mask, 4, cv2.CCL_DEFAULT)[2][1:])
    plus = int(np.flatnonzero(stats[:, cv2.CC_STAT_TOP] == 1)[1])  # the square first, in raster order
    assert stats[plus].tolist() == [6, 1, 3, 3, 5]  # left, top, width, height, area


def test_run_stats_of_a_region_that_wraps_a_row_end() -> None:
    # a run ends at each row's last pixel even where the next row begins with the same label
    mask = mask_of("""
.###
####
#...
""")
    count, labels = cv2.connectedComponentsWithAlgorithm(mask, 4, cv2.CV_32S, cv2.CCL_DEFAULT)
    assert count == 2
    assert run_stats(labels, count)[1].tolist() == [0, 0, 4, 3, 8]


def test_run_stats_on_random_masks() -> None:
    rng = np.random.default_rng(11)
    for _ in range(60):
        h, w = (int(v) for v in rng.integers(1, 80, 2))
        mask = ((rng.random((h, w)) < rng.random()) * 255).astype(np.uint8)
        count, labels = cv2.connectedComponentsWithAlgorithm(mask, 4, cv2.CV_32S, cv2.CCL_DEFAULT)
        assert np.array_equal(run_stats(labels, count)[1:], opencv(mask, 4, cv2.CCL_DEFAULT)[2][1:])


@pytest.mark.parametrize("connectivity, algorithm", [(4, cv2.CCL_DEFAULT), (8, cv2.CCL_GRANA)])
def test_the_runs_stats_and_centroids_are_opencvs(connectivity: int, algorithm: int) -> None:
    # a dense mask (more than `dense` set) with `runs`: the stats and centroids from the runs
    mask = mask_of(PIECES)
    count, labels, stats, centroids = components(mask, connectivity, algorithm, dense=0.0, runs=True)
    want = opencv(mask, connectivity, algorithm)
    assert count == want[0] and np.array_equal(labels, want[1])
    assert np.array_equal(stats[1:], want[2][1:]) and np.array_equal(centroids[1:], want[3][1:])
    plus = int(np.flatnonzero(stats[:, cv2.CC_STAT_TOP] == 1)[1])  # the square first, in raster order
    assert centroids[plus].tolist() == [7.0, 2.0]


def test_the_runs_stats_and_centroids_on_random_masks() -> None:
    rng = np.random.default_rng(13)
    for _ in range(60):
        h, w = (int(v) for v in rng.integers(1, 80, 2))
        mask = ((rng.random((h, w)) < rng.random()) * 255).astype(np.uint8)
        for connectivity, algorithm in ((4, cv2.CCL_DEFAULT), (8, cv2.CCL_GRANA)):
            count, labels = cv2.connectedComponentsWithAlgorithm(mask, connectivity, cv2.CV_32S, algorithm)
            stats, centroids = run_stats_and_centroids(labels, count)
            want = opencv(mask, connectivity, algorithm)
            assert np.array_equal(stats[1:], want[2][1:]) and np.array_equal(centroids[1:], want[3][1:])


def test_the_dot_search_builds_each_reach_on_the_last() -> None:
    # a field with a 5 px bright dot and a 12 px dark one (too wide for the narrow reach)
    grey = np.full((40, 60), 120, np.uint8)
    grey[15:20, 40:45] = 220
    grey[20:32, 15:27] = 20
    image = cv2.merge([grey, grey, grey])
    search = DotSearch(image)
    narrow = search.blobs(11)
    assert (narrow.x.tolist(), narrow.y.tolist(), narrow.w.tolist()) == ([42.0], [17.0], [5.0])
    wide = search.blobs(15, 11)  # only what the narrow reach could not see
    assert (wide.x.tolist(), wide.y.tolist(), wide.w.tolist()) == ([20.5], [25.5], [12.0])
    for reach in (11, 15):  # the same field as the opening and closing taken from the grey
        kernel = np.ones((reach, reach), np.uint8)
        search = DotSearch(image)
        search.blobs(11)
        search.blobs(reach)
        opened, closed = cv2.dilate(search._eroded, kernel), cv2.erode(search._dilated, kernel)
        assert np.array_equal(opened, cv2.morphologyEx(grey, cv2.MORPH_OPEN, kernel))
        assert np.array_equal(closed, cv2.morphologyEx(grey, cv2.MORPH_CLOSE, kernel))


def test_the_flat_regions_are_labelled_once_where_no_line_cuts_them() -> None:
    # a flat page with a faint line down it (contrast 30: flat to the 3x3 mean, a line to
    # `line_mask`): the line cuts the flat region, so the line search labels the flat mask itself
    grey = np.full((40, 48), 120, np.uint8)
    grey[:, 20] = 150
    lined = flat_regions(cv2.merge([grey, grey, grey]))
    assert lined.whole is None
    assert lined.cut.count - 1 == 2  # the page either side of the line
    # the same page with no line: one region, the same labels for both searches
    grey[:, 20] = 120
    plain = flat_regions(cv2.merge([grey, grey, grey]))
    assert plain.whole is plain.cut and plain.cut.count - 1 == 1
    want = regions_of(
        mask_of("""
##..
##.#
""")
    )
    assert want.count - 1 == 2 and want.stats[2].tolist() == [3, 1, 1, 1, 1]


LIT_DOTS_ON_A_LINE = """
.........................
.###.......###.......###.
.#######################.
.###.......###.......###.
.........................
.............###.........
.............###.........
.............###.........
"""
"""Three lit dots joined by a line, and one plain dot (each character 4 px: the dots 12 px, the
line 4): one flat region no box fits, and the plain dot alone compact."""


def test_lit_dots_on_a_line_are_cut_apart_from_it() -> None:
    mask = np.kron(mask_of(LIT_DOTS_ON_A_LINE), np.ones((4, 4), np.uint8))
    assert len(compact_regions(regions_of(mask))) == 1  # the plain dot: the path is no compact shape
    cut = next(cut_apart_blobs(regions_of(mask)))  # opened with a 5 px square: the 4 px line is gone
    assert len(cut) == 4
    assert sorted(cut.x.tolist()) == [9.5, 49.5, 57.5, 89.5]
    assert cut.w.tolist() == [12.0] * 4 and cut.h.tolist() == [12.0] * 4


def test_the_openings_stats_are_the_4_connected_labellings() -> None:
    """`opened_stats` labels 8-connected where no pixels touch at a corner alone, renumbered to the
    4-connected labelling's order; where they do, 4-connected: the same stats either way."""
    rng = np.random.default_rng(7)
    apart = 0  # masks with regions and no pixels touching at a corner alone: the 8-connected way
    for k in range(400):
        h, w = (int(v) for v in rng.integers(2, 120, 2))
        mask = ((rng.random((h, w)) < rng.random()) * 255).astype(np.uint8)
        if k % 2:  # an opening: a union of squares, which seldom touch at a corner alone
            side = int(rng.integers(2, 6))
            mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((side, side), np.uint8))
        assert (opened_stats(mask) == regions_of(mask).stats).all()
        a, b, c, d = (mask[:-1, :-1] > 0), (mask[:-1, 1:] > 0), (mask[1:, :-1] > 0), (mask[1:, 1:] > 0)
        corners = (a & d & ~b & ~c) | (b & c & ~a & ~d)
        apart += bool(mask.any() and not corners.any())
    assert apart > 50
    pieces = mask_of(PIECES)  # its X touches at its corners
    assert (opened_stats(pieces) == regions_of(pieces).stats).all()
