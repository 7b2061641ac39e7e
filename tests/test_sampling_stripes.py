"""Diagonal stripes (`sampling.diagonal_stripes`): a hatched hole's texture, measured once
(`diagonal_changes`) where two steadiness limits are asked of it (`styles.nodes`)."""

from __future__ import annotations

import numpy as np

from onestroke.bot.vision.sampling import diagonal_changes, diagonal_stripes, striped


def _texture(diagram: str) -> np.ndarray:
    """(1, 1, side*side, 3) int16 samples from a square diagram: `#` dark grey, `.` light grey,
    `r` a red whose channels differ (the grey is their mean)."""
    paint = {"#": (40, 40, 40), ".": (200, 200, 200), "r": (30, 40, 220)}
    rows = diagram.split()
    return np.array([[paint[ch] for row in rows for ch in row]], np.int16).reshape(1, 1, -1, 3)


HATCHED = _texture(
    """
    #..#..#
    ..#..#.
    .#..#..
    #..#..#
    ..#..#.
    .#..#..
    #..#..#
    """
)
CHEQUERED = _texture(
    """
    #.#.#.#
    .#.#.#.
    #.#.#.#
    .#.#.#.
    #.#.#.#
    .#.#.#.
    #.#.#.#
    """
)
PLAIN = _texture(
    """
    .......
    .......
    ...r...
    ..rrr..
    ...r...
    .......
    .......
    """
)


def test_stripes_change_across_and_hold_along_one_diagonal() -> None:
    for texture, expected in ((HATCHED, True), (CHEQUERED, False), (PLAIN, False)):
        assert diagonal_stripes(texture, 0.5).tolist() == [[expected]]


def test_the_changes_measured_once_answer_as_the_stripes_asked_twice() -> None:
    """`striped(*diagonal_changes(t, inside), steady)` is `diagonal_stripes(t, steady, inside)`,
    and the changes are those of the samples' mean grey (`texture.mean(axis=3)`), the same floats."""
    rng = np.random.default_rng(7)
    noise = rng.integers(0, 256, (4, 5, 49, 3)).astype(np.int16)
    for texture in (HATCHED, CHEQUERED, PLAIN, noise):
        for inside in (0.0, 0.5):
            strong, weak = diagonal_changes(texture, inside)
            for steady in (0.3, 0.5, 0.8):
                assert np.array_equal(
                    striped(strong, weak, steady), diagonal_stripes(texture, steady, inside)
                )
            grey = texture.mean(axis=3).reshape(*texture.shape[:2], 7, 7)
            t = np.linspace(-1.0, 1.0, 7)[1:]
            margin = np.maximum(np.abs(t)[:, None], np.abs(t)[None, :]) > inside
            right = np.abs(grey[:, :, 1:, 1:] - grey[:, :, :-1, :-1])[:, :, margin].mean(axis=2)
            left = np.abs(grey[:, :, 1:, :-1] - grey[:, :, :-1, 1:])[:, :, margin].mean(axis=2)
            assert np.array_equal(strong, np.maximum(right, left))
            assert np.array_equal(weak, np.minimum(right, left))
