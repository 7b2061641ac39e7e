"""The pitch of a linked group (bot/vision/lattice.py `_pitch`): numpy's percentile and median
worked out on the links' sorted lengths, the same floats numpy gives."""

from __future__ import annotations

import numpy as np

from onestroke.bot.vision.lattice import _median, _percentile, _pitch


def test_the_percentile_interpolates_as_numpy_does() -> None:
    # five links: the 20th percentile lies 0.8 of the way from the first to the second
    assert _percentile([100.0, 110.0, 120.0, 300.0, 310.0], 20) == np.percentile(
        [100, 110, 120, 300, 310], 20
    )
    assert _percentile([42.0], 20) == 42.0  # one link: itself
    assert _median([1.0, 2.0, 4.0]) == 2.0 and _median([1.0, 2.0, 4.0, 8.0]) == 3.0


def test_the_same_floats_as_numpy_on_random_lengths() -> None:
    rng = np.random.default_rng(5)
    for trial in range(3000):
        values = rng.random(int(rng.integers(1, 30))) * 300
        if trial % 2:
            values = np.round(values * 2) / 2  # whole and half pixels, with ties
        ordered = sorted(values.tolist())
        assert _percentile(ordered, 20) == np.percentile(values, 20)
        assert _median(ordered) == np.median(values)


def test_a_pitch_from_links_that_cross_a_hole() -> None:
    # (i, j, length, axis): three row links one pitch long and one two pitches long, and column
    # links all two pitches long (every column link crosses a hole): the y pitch is halved
    links = [(0, 1, 100.0, 0), (1, 2, 101.0, 0), (3, 4, 99.0, 0), (5, 6, 200.0, 0)]
    links += [(0, 3, 202.0, 1), (1, 4, 198.0, 1)]
    assert _pitch(links) == (100.0, 100.0)
