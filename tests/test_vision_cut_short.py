"""A board read as a part of itself: the lattice's own shapes read as the gaps between them
(`tiles.members_in_gaps`, `checks.gaps_check`)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import cv2
import numpy as np

from onestroke.bot.vision.checks import gaps_check
from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.reading import Reading
from onestroke.bot.vision.styles.tiles import members_in_gaps

PITCH = 40
GREY, DARK = (150, 150, 150), (40, 40, 40)

# g: a grey tile, one of the lattice's shapes; #: the dark ground showing (a hole)
TILES = """\
g g g
g # g
"""


def tiles(diagram: str) -> tuple[np.ndarray, Lattice]:
    """The diagram's tiles on a dark ground (pitch 40, 34 px tiles) and the lattice of its g's."""
    grid = [line.split() for line in diagram.splitlines()]
    image = np.full((PITCH * (len(grid) + 2), PITCH * (len(grid[0]) + 2), 3), DARK, np.uint8)
    members = [(r, c) for r, row in enumerate(grid) for c, mark in enumerate(row) if mark == "g"]
    for r, c in members:  # centred on (1.5 + c, 1.5 + r) pitches
        x, y = PITCH * (c + 1) + PITCH // 2, PITCH * (r + 1) + PITCH // 2
        cv2.rectangle(image, (x - 17, y - 17), (x + 16, y + 16), GREY, -1)
    rows, cols = (np.array(v) for v in zip(*members, strict=True))
    n = len(members)
    origin = (1.5 * PITCH, 1.5 * PITCH)
    return image, Lattice(origin, (PITCH, PITCH), rows, cols, 0.0, np.full(n, 34.0), np.full(n, 34.0))


def test_the_lattices_shapes_in_the_gaps_colour_say_the_gaps_were_not_found() -> None:
    image, lattice = tiles(TILES)
    assert members_in_gaps(image, lattice, np.array(DARK, float), 28.0) == (0, 5)
    # the lattice corners read on the tiles themselves (lines too faint to show there)
    assert members_in_gaps(image, lattice, np.array(GREY, float), 28.0) == (5, 5)


def _reading(shown: int, flat: int) -> Reading:
    return cast(Reading, SimpleNamespace(members_in_gaps=(shown, flat)))


def test_the_gaps_check_refuses_a_lattice_whose_shapes_are_mostly_the_gaps() -> None:
    assert gaps_check(_reading(0, 5)).ok
    assert gaps_check(_reading(2, 4)).ok  # half: holes drawn as flat squares may be shapes too
    assert not gaps_check(_reading(3, 4)).ok
    assert not gaps_check(_reading(4, 4)).ok
    assert gaps_check(_reading(0, 0)).ok  # no flat shape: nothing to judge by
